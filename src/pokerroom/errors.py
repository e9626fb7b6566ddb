"""The error hierarchy: one root, three kinds a caller can act on.

- :class:`NotationError`: text that cannot be parsed (a card, an action, a history);
- :class:`ConfigError`: an impossible set-up (stakes, seats, stacks, forced bets, a
  structure file), wrong whatever happens at the table;
- :class:`IllegalActionError`: a well-formed request the rules refuse *now*, with a
  :class:`Reason` a program can act on.

>>> from pokerroom import Deck
>>> from pokerroom.rules import Hand, HandConfig, Structure, button_blinds, variant
>>> config = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
...                     stacks=(100, 100), blinds=button_blinds(2, 1, 2), min_bet=2)
>>> try:  # no deck: the dealer deals first
...     Hand(config).bet_raise(4)
... except IllegalActionError as refused:
...     print(refused.reason, "-", refused)
dealer_to_act - bet/raise to 4 is not allowed: the dealer deals 2 card(s) to position 0
>>> hand = Hand(config, Deck(seed=1))
>>> try:
...     hand.bet_raise(500)
... except IllegalActionError as refused:
...     print(refused.reason is Reason.RAISE_OUT_OF_RANGE, refused.reason == "raise_out_of_range")
True True
"""

from __future__ import annotations

from enum import StrEnum


class PokerError(Exception):
    """Root of every error pokerroom raises on purpose."""


class NotationError(PokerError, ValueError):
    """Text that cannot be parsed (a card, an action, a hand history)."""


class ConfigError(PokerError, ValueError):
    """An impossible game setup (stakes, seats, stacks, forced bets): wrong whenever
    it is asked.  A request refused because of the game's state is an
    :class:`IllegalActionError` instead."""


class Reason(StrEnum):
    """Why an :class:`IllegalActionError` refused a request: one member per "not now".

    A ``StrEnum``: each member *is* its code (``Reason.NOT_YOUR_TURN ==
    "not_your_turn"``), which is what the room's JSON carries and the web client
    reads.  The error's message says what is allowed instead.
    """

    # -- the hand engine: betting, drawing, showing (B2, B3, B13, S4)
    NOT_YOUR_TURN = "not_your_turn"
    """Someone other than the player to act tried to act (B13)."""
    HAND_OVER = "hand_over"
    """The hand is complete and takes no more actions."""
    DEALER_TO_ACT = "dealer_to_act"
    """The dealer must deal before anyone acts."""
    FLOOR_ONLY = "floor_only"
    """Only the floor may do this (killing a hand: I7, T9, P8)."""
    NOT_IN_HAND = "not_in_hand"
    """The seat or position is not dealt in, or its hand is folded or dead."""
    NOT_A_BETTING_ACTION = "not_a_betting_action"
    """A betting round is open: fold, check/call or bet/raise (B2)."""
    BRING_IN_DUE = "bring_in_due"
    """Stud: the bring-in (or a completion) is due first (F10)."""
    RAISE_NOT_ALLOWED = "raise_not_allowed"
    """No bet or raise is open to this player (capped, or not re-opened: B5, B9)."""
    RAISE_OUT_OF_RANGE = "raise_out_of_range"
    """A bet or raise-to outside the legal minimum to maximum (B5-B10)."""
    RAISE_UNCALLABLE = "raise_uncallable"
    """A bet or raise nobody else in the hand could call (B3)."""
    DRAW_DUE = "draw_due"
    """A draw is due: discard (zero or more cards)."""
    NOT_YOUR_CARD = "not_your_card"
    """A discard or show names a card the player does not hold."""
    WRONG_CARDS = "wrong_cards"
    """The cards shown are not the player's hand (count or cards)."""
    SHOWDOWN = "showdown"
    """At the showdown only show and muck are allowed (S4)."""
    MUST_SHOW = "must_show"
    """This hand must be tabled, not mucked (S3, S4)."""
    WRONG_AWARD = "wrong_award"
    """The dealer's award of the pots does not fit them: a pot named with no winner or
    with a player not in it, or not as many pots as there are (S1, S2, S8)."""
    NOTHING_TO_SHOW = "nothing_to_show"
    """Showing one's cards by choice: only after folding, or after winning with
    everyone else folded once the hand is over, and only until the next deal."""

    # -- the hand engine: the dealer's actions (manual dealing, replays)
    NO_DEAL_DUE = "no_deal_due"
    """No cards are due to be dealt now."""
    NO_BOARD_DUE = "no_board_due"
    """No board cards are due now."""
    NO_CARDS_DUE = "no_cards_due"
    """No hole cards are due to that position now."""
    WRONG_CARD_COUNT = "wrong_card_count"
    """A deal of more or fewer cards than are due."""
    BAD_CARD = "bad_card"
    """A card that is not in this game's deck (short deck: no deuce to five)."""
    CARD_DEALT_TWICE = "card_dealt_twice"
    """A card already dealt (or named twice) is dealt again."""
    UNKNOWN_BOARD_CARD = "unknown_board_card"
    """A board card must be named, never unknown."""

    # -- the table between hands (T, F11, B11, T14)
    HAND_IN_PROGRESS = "hand_in_progress"
    """Only between hands (B11, T14): seat changes, rebuys, game changes, ..."""
    HAND_NOT_OVER = "hand_not_over"
    """The hand is not over yet, so it cannot be finished."""
    NO_HAND = "no_hand"
    """There is no hand in progress."""
    NO_SUCH_SEAT = "no_such_seat"
    """A seat number outside the table's (or hand's) seats."""
    SEAT_TAKEN = "seat_taken"
    """The seat is not empty."""
    SEAT_EMPTY = "seat_empty"
    """Nobody sits in that seat."""
    NAME_TAKEN = "name_taken"
    """That name, or one that looks like it, is already seated or registered."""
    NOT_A_PLAYER_ACTION = "not_a_player_action"
    """A dealer's or floor's action given to a seat."""
    NO_STRADDLE = "no_straddle"
    """The game or house allows no straddle (F11)."""
    SECOND_STRADDLE = "second_straddle"
    """A straddle already posted, or no more straddles allowed this deal (F11)."""
    WRONG_STRADDLE_SEAT = "wrong_straddle_seat"
    """Only the seat left of the big blind (or last straddle) may straddle (F11)."""
    BUTTON_ALREADY_PLACED = "button_already_placed"
    """The button is drawn for the first deal only (D5)."""
    BUTTON_NOT_DRAWN = "button_not_drawn"
    """The first deal needs the button drawn for (D5)."""
    NO_BUTTON = "no_button"
    """Stud has no button to move or correct."""
    TOO_FEW_PLAYERS = "too_few_players"
    """A deal needs two players or more ready to play."""
    TOO_MANY_PLAYERS = "too_many_players"
    """More players ready than the game can deal: stud deals at most eight (I9)."""
    NO_CHIPS = "no_chips"
    """The player has no chips: rebuy first (T10)."""
    HAS_CHIPS = "has_chips"
    """A rebuy is for a player with no chips: top up instead (T14)."""
    NOT_SITTING_IN = "not_sitting_in"
    """The player is sitting out or away: sit in first (T13)."""
    BUY_IN_OUT_OF_RANGE = "buy_in_out_of_range"
    """A buy-in or top-up outside the table's minimum and maximum (T14)."""
    SEAT_IN_USE = "seat_in_use"
    """The seat's player is playing: one may play over only while they are away or
    sitting out (T7, RR 6)."""
    NOT_PLAYING_OVER = "not_playing_over"
    """Nobody plays over in that seat (T7, RR 6)."""
    NOT_DEALING_OFF = "not_dealing_off"
    """Only a player who dealt off (played the button, then changed seats) may let
    the blinds pass the new seat (T12, RR 14)."""

    # -- the live-table assistant: out of turn, chips, rulings (B13, B14)
    IN_TURN = "in_turn"
    """The seat is in turn: act normally instead of out of turn."""
    CANNOT_ACT = "cannot_act"
    """The seat has no action to take (folded or all-in)."""
    ALREADY_RECORDED = "already_recorded"
    """The seat has already acted out of turn; that action stands (B13)."""
    NOTHING_TO_ACT_ON = "nothing_to_act_on"
    """The seat has acted and faces no new bet this round."""
    NOT_BETTING = "not_betting"
    """No betting round is open."""
    RESTRICTED_BY_FLOOR = "restricted_by_floor"
    """The floor limited the player to check, call or fold (TDA 53-B)."""
    FLOOR_DECISION = "floor_decision"
    """The floor must first rule on a pending question."""
    NO_FLOOR_DECISION = "no_floor_decision"
    """No floor decision is due."""
    NO_SUCH_OPTION = "no_such_option"
    """A floor decision's option that does not exist."""
    STALE_RULING = "stale_ruling"
    """The ruling was made for a situation the hand has moved past (B14)."""
    FORFEIT_OUT_OF_RANGE = "forfeit_out_of_range"
    """A fold's forfeit must be chips short of the call, no more than the stack (B14)."""
    NOT_ENOUGH_CHIPS = "not_enough_chips"
    """The chips pushed out are more than the player has (B14)."""

    # -- the live-table assistant: the dealer's irregularities (I1-I9)
    DEALER_ACTION = "dealer_action"
    """The live deal deals the cards itself: no dealing actions."""
    DEALER_TO_DEAL = "dealer_to_deal"
    """The dealer deals first."""
    NOTHING_TO_DEAL = "nothing_to_deal"
    """No cards are due."""
    NO_HOLE_CARD_DUE = "no_hole_card_due"
    """No hole card is due now."""
    STUB_EMPTY = "stub_empty"
    """The stub holds too few cards (I9)."""
    NO_MISDEAL = "no_misdeal"
    """No misdeal can be called now (I1)."""
    NO_EXPOSED_CARD = "no_exposed_card"
    """No exposed hole card can be reported now (I1, I2)."""
    NO_BOXED_CARD = "no_boxed_card"
    """No boxed card can be reported now."""
    NO_EXTRA_CARD = "no_extra_card"
    """No extra card to the first player can be reported now (I6)."""
    NO_FLOP_DUE = "no_flop_due"
    """No flop irregularity can be reported now (I3)."""
    FLOP_BURN_NOT_MISSED = "flop_burn_not_missed"
    """The flop was dealt with its burn (I3)."""
    NO_PREMATURE_FLOP = "no_premature_flop"
    """No premature flop can be reported now (I3)."""
    NO_PREMATURE_TURN = "no_premature_turn"
    """No premature turn can be reported now (I4)."""
    NO_PREMATURE_RIVER = "no_premature_river"
    """No premature river can be reported now (I5)."""
    NO_PREMATURE_CARD = "no_premature_card"
    """No premature stud card can be reported now (I9)."""
    NO_STUCK_CARD = "no_stuck_card"
    """No card stuck to the flop can be reported now."""
    NO_WRONG_COUNT = "no_wrong_count"
    """No wrong number of hole cards can be reported now (I7)."""
    NO_UNPOSTED_BLIND = "no_unposted_blind"
    """No unposted blind can be reported now (T9)."""

    # -- tournaments (P)
    FINISHED = "finished"
    """The tournament is over."""
    REGISTRATION_CLOSED = "registration_closed"
    """Registration is closed."""
    ALREADY_REGISTERED = "already_registered"
    """The player is still in the event."""
    NO_REENTRY = "no_reentry"
    """The player may not enter again."""
    STARTED = "started"
    """Only before the tournament starts."""
    NOT_RUNNING = "not_running"
    """The tournament is not in play."""
    ON_BREAK = "on_break"
    """The tournament is on a break (P3)."""
    TABLE_BROKEN = "table_broken"
    """The table has been broken."""
    TABLE_BREAKING = "table_breaking"
    """The table waits to be broken or for the final table."""
    HAND_FOR_HAND = "hand_for_hand"
    """Hand-for-hand: the table waits for the other tables to finish the hand."""
    TABLE_HALTED = "table_halted"
    """The table is short of players and waits for some (TDA 11)."""
    SHORT_TABLE = "short_table"
    """The table has too few players to deal."""
    NO_TABLE = "no_table"
    """No such table in play."""
    ELIMINATED = "eliminated"
    """The player is out of the event."""
    NOT_SEATED = "not_seated"
    """The player has no seat in play (or is on the way to a table)."""
    NO_REBUYS = "no_rebuys"
    """The event has no rebuys."""
    REBUYS_OVER = "rebuys_over"
    """The rebuy period is over."""
    REBUY_LIMIT = "rebuy_limit"
    """The player has used all their rebuys."""
    STACK_TOO_BIG = "stack_too_big"
    """The player's stack is above the rebuy threshold."""
    NOT_DECIDING = "not_deciding"
    """The player has no rebuy to decide."""
    NO_ADD_ON = "no_add_on"
    """The event has no add-on."""
    ADD_ON_CLOSED = "add_on_closed"
    """The add-on is not available now."""
    ADD_ON_TAKEN = "add_on_taken"
    """The player has taken the add-on already."""
    NO_DEAL = "no_deal"
    """A deal (chop) needs two players or more."""
    DEAL_MADE = "deal_made"
    """A deal has been made already."""
    BAD_DEAL = "bad_deal"
    """A deal's amounts leave out a player still in, name one who is not, or do not
    add up to the prizes left."""

    # -- live events (reports from real tables)
    EMPTY_SEAT = "empty_seat"
    """Nobody sits in the seat reported (a bust from an empty seat)."""
    ALREADY_BUSTED = "already_busted"
    """The player has busted already (reported twice, or deciding on a rebuy)."""
    MOVE_NOT_ALLOWED = "move_not_allowed"
    """The move breaks the balancing rules or goes to a taken seat (P7)."""
    CLOCK_RUNNING = "clock_running"
    """The clock is running already."""
    CLOCK_PAUSED = "clock_paused"
    """The clock is paused."""
    LEVEL_OVER = "level_over"
    """The level has been played: only later levels can change."""
    NOT_HAND_FOR_HAND = "not_hand_for_hand"
    """Hand-for-hand play is not on."""
    NO_COLOR_UP = "no_color_up"
    """No chips have been coloured up yet (P9)."""
    NOTHING_TO_UNDO = "nothing_to_undo"
    """No report of the director's is left to undo (or it is too old to be undone)."""
    NOTHING_TO_REDO = "nothing_to_redo"
    """No undone report to redo: none was undone, or a report came after the undo."""
    STALE_TAP = "stale_tap"
    """A dealer's tap made on a version of the game that has moved on since (another
    tap came first): nothing was done; the tablet shows the game as it is now."""

    # -- the room
    SPECTATOR = "spectator"
    """A spectator cannot act: join (or register) to play."""
    NOT_HOST = "not_host"
    """Only the table's host (with the host key) may do that."""
    NOT_DIRECTOR = "not_director"
    """Only the tournament's director may do that."""
    BAD_PAYOUTS = "bad_payouts"
    """A tournament's payout table or payout unit cannot be used (issue 24)."""
    BAD_TOKEN = "bad_token"
    """An unknown player token."""
    MISSING_AMOUNT = "missing_amount"
    """A bet or raise needs its total (``to``)."""
    TABLE_CLOSED = "table_closed"
    """The table is closed: nothing more may be changed at it (its last hand is played out)."""
    TABLE_PAUSED = "table_paused"
    """The host paused the table: what only the next hand would use (a straddle) waits
    until play resumes."""
    TABLE_LOCKED = "table_locked"
    """The table's host locked it: no new player may sit down."""
    LEAVING = "leaving"
    """The player is leaving the table."""
    NO_FREE_SEAT = "no_free_seat"
    """No seat is free (for a bot)."""
    NO_BOT = "no_bot"
    """There is no bot in that seat."""
    CHAT_OFF = "chat_off"
    """The table's host turned the chat off (or off for spectators)."""
    CHAT_TOO_LONG = "chat_too_long"
    """A chat message empty or longer than the room allows."""
    CHAT_TOO_FAST = "chat_too_fast"
    """More chat messages than the room allows in a few seconds."""
    CHAT_BAD_TEXT = "chat_bad_text"
    """A chat message with a control, format or invisible character."""
    NO_BOMB_POT = "no_bomb_pot"
    """A bomb pot is a cash table's flop-game option: not at this game."""
    NO_SEAT_REQUEST = "no_seat_request"
    """No such seat request waits for the host (accepted or refused already)."""
    TOO_MANY_REQUESTS = "too_many_requests"
    """The table holds as many waiting seat requests or names on its waitlist as it
    may: the host answers some first."""
    NOT_ON_WAITLIST = "not_on_waitlist"
    """The token is no name's on the table's waitlist, or no seat is offered to it yet."""
    SEAT_FREE = "seat_free"
    """A seat is free: sit down instead of joining the waitlist."""
    WAITLIST_FIRST = "waitlist_first"
    """People are on the waitlist: a free seat is offered to them first."""
    SEAT_CHANGE_PENDING = "seat_change_pending"
    """A seat change already waits for the hand's end from (or to) that seat."""
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    """A request body not sent as JSON (``Content-Type: application/json``)."""


class IllegalActionError(PokerError):
    """A well-formed action that the rules forbid right now.

    ``reason`` is a :class:`Reason` (a ``str``, so ``reason == "not_your_turn"``
    holds too); the message says what was wrong and what is allowed instead.
    Nothing changes when an action is refused.
    """

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason: Reason = reason

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[Reason, str]]:
        return (type(self), (self.reason, str(self)))


class UnknownCardsError(ConfigError):
    """A result depends on cards nobody has named (a history that hides them)."""
