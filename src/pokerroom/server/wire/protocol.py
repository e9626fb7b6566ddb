"""Messages between browsers and the server, validated on the way in.

Client -> server (JSON over the table's WebSocket)::

    {"type": "act", "action": "fold" | "check_call" | "bet_raise" | "bring_in"
                    | "discard" | "show" | "muck", "to": 120, "cards": "7c2h"}
    {"type": "sit_out"} {"type": "sit_in", "post": false} {"type": "post"}
    {"type": "top_up", "amount": 100} {"type": "leave"} {"type": "straddle"}
    {"type": "muck_losing", "on": true} {"type": "ping"}
    {"type": "preaction", "kind": "check_fold" | "call_any" | "call" | "fold_to_bet"
                          | null, "amount": 4}     (ahead of the turn; null clears)
    {"type": "chat", "text": "nice hand"}          (players; spectators if allowed)

Any of them may carry the client's own ``"id"`` (:data:`MessageId`); its answer names
it (:mod:`pokerroom.server.wire.answers`).

Server -> client (typed in :mod:`pokerroom.server.wire.messages`)::

    {"type": "state", "version": 17, "state": {...}}   (see views.py)
    {"type": "ack", "id": 7}                            (the message ``id`` 7 was taken)
    {"type": "error", "reason": "raise_out_of_range", "message": "...", "id": 7}
    {"type": "pong"}
    {"type": "chat", "lines": [{"name": "Alice", "text": "...", "seat": 0, "at": t}]}
    {"type": "error", "reason": "preaction_cancelled", "message": "..."}

Every state message carries the table's version; a browser that reconnects
gets the latest state at once, so it resumes exactly.  A message that is not
JSON or not one of those listed is answered with a ``bad_message`` error that
says what was wrong and which types the socket takes (:class:`ClientMessages`).

Bounds (issue #10, "Bounds everywhere").  Every amount, count and length the API
and the sockets take has one; a request past it is answered 422 (a socket message:
a ``bad_message`` error) naming the field and the bound:

- chips (blinds, antes, bets, buy-ins, top-ups, ``to``, rake cap, kill pot size):
  at most :data:`MAX_CHIPS` (10^12); a tournament's starting stack at most
  :data:`MAX_TOURNAMENT_STACK` (10^9), its money (buy-in, fee, in cents) at most
  :data:`MAX_CENTS` (10^9);
- names: a person's 1 to 30 characters, a table's or tournament's 1 to 60, after
  trimming; no control or invisible characters; a person's may not pose as a bot
  (:mod:`pokerroom.server.wire.names`);
- keys and tokens: at most :data:`MAX_KEY_LENGTH` (100) characters; ``cards`` at
  most 40; ``game`` at most 40;
- counts: seats 2 to 10 (a seat number 0 to 9), a raise cap 1 to 100, bots added at
  once 1 to 500, sit-out hands 1 to 100, penalty rounds 1 to 10, a tournament
  table number 1 to 100,000, levels 0 to 100;
- times: an action clock up to 3,600 seconds, a level up to 7,200;
- a socket message: a text frame of at most :data:`MAX_FRAME_BYTES` (16 KiB) of
  UTF-8, JSON nested at most :data:`MAX_DEPTH` (8) deep; a binary frame is refused.
  (How much a connection may leave unread: :mod:`pokerroom.server.wire.sockets`.)
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Annotated, Any, Generic, Literal, TypeVar, cast, get_args

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictInt,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

from pokerroom.errors import IllegalActionError, PokerError, Reason
from pokerroom.server.wire.names import PersonName, SeatedName, TitleName
from pokerroom.server.wire.reasons import WireReason
from pokerroom.table.options import MAX_STRADDLE_MULTIPLE

M = TypeVar("M")

MAX_CHIPS = 10**12
"""The most chips any amount may be: a blind, a bet's total, a buy-in, a top-up.  Ten
seats of it stay far inside the store's 64-bit integers (2^63 - 1 is about 9.2 * 10^18)."""
MAX_TOURNAMENT_STACK = 10**9
"""The most chips of a tournament's starting stack (and so of a rebuy or an add-on):
a field of a thousand entries stays within :data:`MAX_CHIPS`."""
MAX_CENTS = 10**9
"""The most money (in cents) of a tournament's buy-in, fee or bounty: ten million."""
MAX_KEY_LENGTH = 100
"""The most characters of a token or a director's or host's key."""
MAX_FRAME_BYTES = 16 * 1024
"""The most bytes (UTF-8) of one message a socket takes."""
MAX_DEPTH = 8
"""The deepest JSON nesting of one socket message (the messages are flat objects)."""
MAX_ID = 2**53 - 1
"""The largest integer ``id`` of a client message (the largest a browser holds exactly)."""
MAX_ID_CHARS = 32
"""The most characters of a string ``id`` of a client message."""

MessageId = Annotated[
    Annotated[StrictInt, Field(ge=0, le=MAX_ID)]
    | Annotated[str, StringConstraints(min_length=1, max_length=MAX_ID_CHARS,
                                       pattern=r"^[A-Za-z0-9_.:-]+$")],
    Field(union_mode="left_to_right"),
]
"""A client message's own ``id``: an integer 0 to :data:`MAX_ID`, or 1 to
:data:`MAX_ID_CHARS` letters, digits and ``_ . : -``.  The answer to the message names
it: ``{"type": "ack", "id": ...}`` when it was carried out, the error with ``"id"``
when it was refused (:mod:`pokerroom.server.wire.answers`)."""
_ID: TypeAdapter[int | str] = TypeAdapter(cast(Any, MessageId))



def _whole(value: Any) -> Any:
    """A whole number written as a float (``1e13``) as the int it is, so that one past
    a bound is refused naming the bound (pydantic answers "exceeded maximum size" for
    a float too large to be a 64-bit int)."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


Integer = Annotated[int, BeforeValidator(_whole)]
"""An int field of a request: each names its bounds with ``Field(ge=..., le=...)``."""

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


class BadMessage(ValueError):
    """A received text that is not one of the socket's messages; says why.  ``id``: the
    message's own id when it had a valid one (its error names it)."""

    def __init__(self, message: str, id: int | str | None = None) -> None:
        super().__init__(message)
        self.id = id


def valid_id(data: Any) -> int | str | None:
    """The valid ``id`` of a decoded message ``data``, if it has one."""
    if not isinstance(data, dict) or "id" not in data:
        return None
    try:
        return _ID.validate_python(data["id"])
    except ValidationError:
        return None


class ClientMessages(Generic[M]):
    """What one kind of socket accepts: a discriminated union of message models.

    :meth:`parse` turns a received text into one of them, or raises
    :class:`BadMessage` naming what was wrong and the ``type`` values allowed."""

    def __init__(self, union: Any) -> None:
        self._adapter: TypeAdapter[M] = TypeAdapter(union)
        members = get_args(get_args(union)[0])  # Annotated[A | B | ..., Field] -> A, B, ...
        self.types: tuple[str, ...] = tuple(
            get_args(m.model_fields["type"].annotation)[0] for m in members)
        self.allowed = f'a JSON object whose "type" is one of: {", ".join(self.types)}'

    def parse(self, raw: str | bytes) -> M:
        """The message ``raw`` (a received frame) is, or :class:`BadMessage`: a binary
        frame, more than :data:`MAX_FRAME_BYTES`, JSON deeper than :data:`MAX_DEPTH`,
        not JSON, or not one of the messages."""
        allowed = self.allowed
        if isinstance(raw, bytes):
            raise BadMessage(f"malformed message: a binary frame ({len(raw)} bytes); send a "
                             f"text frame holding {allowed}")
        if len(raw) > MAX_FRAME_BYTES or len(raw.encode("utf-8", "replace")) > MAX_FRAME_BYTES:
            raise BadMessage(f"malformed message: longer than {MAX_FRAME_BYTES} bytes, the most "
                             f"a message may be; send {allowed}")
        if too_deep(raw):
            raise BadMessage(f"malformed message: nested more than {MAX_DEPTH} deep; "
                             f"send {allowed}")
        with contextlib.suppress(ValidationError):  # a good message: parsed in one step
            return self._adapter.validate_json(raw)
        # A bad one: read again in two steps, to say whether it is JSON at all and to
        # answer with its id when it has one.
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise BadMessage(f"malformed message: not JSON ({exc}); send {allowed}") from None
        try:
            return self._adapter.validate_python(data)
        except ValidationError as exc:
            problems = "; ".join(_problem(dict(e)) for e in exc.errors())
            raise BadMessage(f"malformed message: {problems[:300]}; send {allowed}",
                             valid_id(data)) from None


def too_deep(text: str) -> bool:
    """Whether the arrays and objects of the JSON ``text`` nest deeper than
    :data:`MAX_DEPTH` (brackets outside strings, counted without parsing).

    >>> too_deep('{"type": "act", "cards": "[[[[[[[[[["}'), too_deep("[" * 9)
    (False, True)
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:  # every message of ours
        return False
    depth = 0
    for bracket in _BRACKETS.finditer(_STRINGS.sub('""', text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            return True
    return False


def _problem(error: dict[str, Any]) -> str:
    """One validation error in words; its ``loc`` is the type (the union's tag), then
    the field."""
    kind, loc = error["type"], error["loc"]
    if kind == "model_attributes_type":
        return "not a JSON object"
    if kind == "union_tag_not_found":
        return 'no "type"'
    if kind == "union_tag_invalid":
        return f"unknown type {error['ctx']['tag']!r}"
    field = ".".join(str(part) for part in loc[1:])
    return f"{loc[0]} {field!r}: {error['msg']}" if field else str(error["msg"])


def error_reason(exc: PokerError) -> Reason | WireReason:
    """The ``reason`` of an error answer: the rule's code (or the error's own, like
    ``table_moving``), else the error's kind (``ConfigError``: one of
    :class:`~pokerroom.server.wire.reasons.WireReason` too)."""
    if isinstance(exc, IllegalActionError):
        return exc.reason
    reason = getattr(exc, "reason", None)
    if isinstance(reason, Reason | WireReason):
        return reason
    for kind in type(exc).__mro__:  # a subclass answers as its nearest kind of ours
        if kind.__name__ in WireReason._value2member_map_:
            return WireReason(kind.__name__)
    return WireReason.POKER_ERROR  # not reached: every PokerError is one


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _SocketMessage(_Message):
    """A message a client sends on a socket: any may carry its own ``id``."""

    id: MessageId | None = None


class Act(_SocketMessage):
    """An action at the table: ``to`` a bet's or raise's total, 0 to :data:`MAX_CHIPS`;
    ``cards`` (a draw's discards, a show) at most 40 characters."""

    type: Literal["act"]
    action: Literal["fold", "check_call", "bet_raise", "bring_in", "discard", "show", "muck"]
    to: Integer | None = Field(default=None, ge=0, le=MAX_CHIPS)
    cards: str | None = Field(default=None, max_length=40)  # 20 cards

    def engine_action(self) -> dict[str, Any]:
        """The action as a table takes it (a bet or raise must say ``to``, its total)."""
        if self.action == "bet_raise" and self.to is None:
            raise IllegalActionError(Reason.MISSING_AMOUNT, "bet_raise needs 'to', the total")
        data: dict[str, Any] = {"type": self.action}
        if self.to is not None:
            data["to"] = self.to
        if self.cards is not None:
            data["cards"] = self.cards
        return data


class SitOut(_SocketMessage):
    type: Literal["sit_out"]


class SitIn(_SocketMessage):
    type: Literal["sit_in"]
    post: bool = False


class Post(_SocketMessage):
    type: Literal["post"]


class TopUp(_SocketMessage):
    """Add ``amount`` chips (1 to :data:`MAX_CHIPS`) to the stack when the hand ends."""

    type: Literal["top_up"]
    amount: Integer = Field(gt=0, le=MAX_CHIPS)


class Leave(_SocketMessage):
    type: Literal["leave"]


class Straddle(_SocketMessage):
    type: Literal["straddle"]


class MuckLosing(_SocketMessage):
    """The player's setting: at a showdown where mucking is allowed (S4), muck a hand
    that cannot win (on, the default) or always show it (off)."""

    type: Literal["muck_losing"]
    on: bool


class ShowCards(_SocketMessage):
    """Show some of one's own face-down cards to everyone (a social choice, never part
    of the play): only after folding, or once the hand is over after winning it with
    everyone else folded, until the next deal.  ``cards``: indexes (0 first) into the
    face-down cards the player's ``you.show.cards`` offers, 1 to 7 distinct
    (server/tables/show_cards.py)."""

    type: Literal["show_cards"]
    cards: list[Annotated[StrictInt, Field(ge=0, le=6)]] = Field(min_length=1, max_length=7)


class Ping(_SocketMessage):
    type: Literal["ping"]


class PreActionChoice(_SocketMessage):
    """A choice ahead of the turn (:mod:`pokerroom.server.actors.preactions`), or None to
    clear it; ``amount`` (``call``): the chips the call adds, 1 to :data:`MAX_CHIPS`."""

    type: Literal["preaction"]
    kind: Literal["check_fold", "call_any", "call", "fold_to_bet"] | None
    amount: Integer | None = Field(default=None, ge=1, le=MAX_CHIPS)


class ChatMessage(_SocketMessage):
    """A chat line: 1 to 200 characters (:data:`~pokerroom.server.tables.chat.MAX_CHAT_CHARS`;
    longer is refused, whitespace runs count as one space)."""

    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=400)


ClientMessage = Annotated[
    Act | SitOut | SitIn | Post | TopUp | Leave | Straddle | MuckLosing | Ping
    | PreActionChoice | ChatMessage | ShowCards,
    Field(discriminator="type"),
]
# A discriminated union is a typing form, not a class: cast for mypy.
CLIENT_MESSAGES: ClientMessages[ClientMessage] = ClientMessages(cast(Any, ClientMessage))


# CreateTable's house options that are TableOptions fields of the same name and meaning.
TABLE_HOUSE_OPTIONS = (
    "new_game_round", "rebuy_as_new_player", "multiple_straddles", "kill", "kill_factor",
    "kill_pot_size", "rake_percent", "rake_cap", "no_flop_no_drop", "run_it_twice",
    "button_draw", "bba_order", "auto_showdown", "straddle_multiple", "make_up", "seat_change",
)


class CreateTable(_Message):
    """POST /api/tables.

    House options, each with the rulebook's default (``docs/rules.md``):

    - ``raise_cap`` (B5): limit games, bets and raises allowed a round; null: no cap.
    - ``open_pair_double`` (B15): fixed-limit seven-card stud only; an open pair on
      fourth street lets a player bet the big bet.
    - ``new_game_round`` (T11): false makes the game established at the first deal.
    - ``rebuy_as_new_player`` (T10): a busted player who rebuys owes no missed blinds.
    - ``straddle``, ``multiple_straddles`` (F11); ``kill`` ``"two_pots"`` (two pots
      in a row) or ``"pot_size"`` (a pot of at least ``kill_pot_size``), with
      ``kill_factor`` 2 (full kill) or 1.5 (half kill) (F12, blind games only).
    - ``rake_percent`` (a fraction: 0.05 is 5%), ``rake_cap`` (0: no cap),
      ``no_flop_no_drop`` (S11).
    - ``run_it_twice``: all-in with betting over, the rest of the board is dealt twice
      (flop games only).
    - ``button_draw`` (D5: ``"high_card"``, ``"first_jack"`` or ``"by_seat"``, LVH B4's
      first button on the highest seat without a draw) and ``bba_order`` (F7, with
      ``big_blind_ante``); ``button_ante`` (F1, ENC: the button antes ``ante`` for
      everyone dealt in; not with ``big_blind_ante``).
    - ``straddle_multiple`` (F11, LVH B8b): the straddle in big blinds, 2 to 10 (other
      than 2 in no limit and pot limit only).
    - ``make_up`` (T8): ``"by_structure"`` (LVH B15-B16) or ``"sum"`` (RR 9: every game
      posts the missed blinds' sum, never between the blinds) or ``"one_per_hand"``
      (ENC: one blind a hand, the largest first, all live).
    - ``seat_change`` (T12): ``"relative_position"`` (RR 13), ``"past_three"`` (LVH
      B20-B22, $5-$10 and up) or ``"free"`` (LVH, lower limits).
    - ``limit_short_raise`` (B9, TDA 47-B; fixed limit): ``"full_bet_over"`` or
      ``"complete"``; ``full_bring_in`` (F10; fixed-limit stud whose bring-in is the
      small bet): ``"live"`` or ``"raise"``.
    - ``button_blind`` (F3, ENC): three blinds, the first posted by the button, at most
      the small blind (0: two blinds).
    - ``rotation`` (mixed games): ``"horse"``, ``"hose"``, ``"eight_game"``,
      ``"nine_game"`` or a list of 2 to 20 game keys (``lhe``, ``o8``, ``razz``, ...:
      ``pokerroom.tournament.games.GAMES``), changing every orbit (``rotate_every``
      ``"orbit"``) or every ``rotate_hands`` hands (1 to 100); the button stays put
      across stud.
    - ``auto_showdown`` (S4): true turns every hand up at the showdown; false (the
      default) lets a player not all-in muck a losing hand (each player's "muck
      losing hands" setting decides, on unless they turn it off); all-in hands are
      always turned up (S3).

    Bounds: ``name`` 1 to 60 characters (:data:`~pokerroom.server.wire.names.TitleName`);
    every chip amount (blinds, ante, bring-in, bets, buy-ins, ``kill_pot_size``,
    ``rake_cap``) 0 to :data:`MAX_CHIPS`; ``seats`` 2 to 10; ``action_seconds`` up to
    3,600; ``sit_out_after`` and ``raise_cap`` up to 100; ``game`` at most 40 characters;
    the time bank (``time_bank`` seconds, refilled by ``time_bank_refill`` every
    ``time_bank_every`` hands; :mod:`pokerroom.server.tables.player_aids`) 0 to 600 seconds,
    every 1 to 1,000 hands.

    Values a field cannot take are answered 422 naming what it allows; choices the
    table cannot play (a kill in stud, say) 400 with the rule's reason.
    """

    name: TitleName
    game: str = Field(default="holdem", min_length=1, max_length=40)
    structure: Literal["no_limit", "pot_limit", "fixed_limit", "spread_limit"] = "no_limit"
    small_blind: Integer = Field(default=1, ge=0, le=MAX_CHIPS)
    big_blind: Integer = Field(default=2, ge=1, le=MAX_CHIPS)
    ante: Integer = Field(default=0, ge=0, le=MAX_CHIPS)
    big_blind_ante: bool = False
    button_ante: bool = False
    bring_in: Integer = Field(default=0, ge=0, le=MAX_CHIPS)
    small_bet: Integer = Field(default=0, ge=0, le=MAX_CHIPS)
    big_bet: Integer = Field(default=0, ge=0, le=MAX_CHIPS)
    seats: Integer = Field(default=6, ge=2, le=10)
    min_buy_in: Integer = Field(default=0, ge=0, le=MAX_CHIPS)
    max_buy_in: Integer = Field(default=0, ge=0, le=MAX_CHIPS)
    button_method: Literal["no_missed_blinds", "no_dead_button", "simplified",
                           "skipped_blinds_paid"] | None = None
    new_player_must_post: bool = True
    straddle: bool | None = None
    action_seconds: float = Field(default=30.0, gt=0, le=3600)
    sit_out_after: Integer = Field(default=2, ge=1, le=100)
    time_bank: float = Field(default=30.0, ge=0, le=600, allow_inf_nan=False)
    time_bank_refill: float = Field(default=5.0, ge=0, le=600, allow_inf_nan=False)
    time_bank_every: Integer = Field(default=10, ge=1, le=1000)
    raise_cap: Integer | None = Field(default=4, ge=1, le=100)
    open_pair_double: bool = False
    new_game_round: bool = True
    rebuy_as_new_player: bool = False
    multiple_straddles: bool = False
    kill: Literal["none", "two_pots", "pot_size"] = "none"
    kill_factor: float = Field(default=2.0, allow_inf_nan=False)  # TableOptions: 2 or 1.5
    kill_pot_size: Integer = Field(default=0, ge=0, le=MAX_CHIPS)
    rake_percent: float = Field(default=0.0, ge=0, lt=1, allow_inf_nan=False)
    rake_cap: Integer = Field(default=0, ge=0, le=MAX_CHIPS)
    no_flop_no_drop: bool = True
    run_it_twice: bool = False
    button_draw: Literal["high_card", "first_jack", "by_seat"] = "high_card"
    bba_order: Literal["ante_first", "blind_first"] = "ante_first"
    auto_showdown: bool = False
    straddle_multiple: Integer = Field(default=2, ge=2, le=MAX_STRADDLE_MULTIPLE)
    make_up: Literal["by_structure", "sum", "one_per_hand"] = "by_structure"
    seat_change: Literal["relative_position", "past_three", "free"] = "relative_position"
    limit_short_raise: Literal["full_bet_over", "complete"] = "full_bet_over"
    full_bring_in: Literal["live", "raise"] = "live"
    button_blind: Integer = Field(default=0, ge=0, le=MAX_CHIPS)
    # Mixed games (server/tables/rotation.py): a named rotation ("horse", "hose",
    # "eight_game", "nine_game") or 2 to 20 game keys; ``game`` and ``structure`` are
    # then the rotation's.  The game changes every orbit or every ``rotate_hands`` hands.
    rotation: Annotated[str, Field(min_length=1, max_length=20)] | list[
        Annotated[str, Field(min_length=1, max_length=20)]] | None = None
    rotate_every: Literal["orbit", "hands"] = "orbit"
    rotate_hands: Integer = Field(default=6, ge=1, le=100)
    # After a hand ends before the river, show the board that would have come (never
    # played; server/tables/show_cards.py).  The host may turn it on or off later.
    rabbit_hunt: bool = False

    def house_options(self) -> dict[str, Any]:
        """The house options that go to the table's TableOptions as they are."""
        return {name: getattr(self, name) for name in TABLE_HOUSE_OPTIONS}


class JoinTable(_Message):
    """POST /api/tables/{id}/join: take a seat (0 to 9) with a buy-in (1 to
    :data:`MAX_CHIPS`); ``name`` is a person's (:data:`~pokerroom.server.wire.names.PersonName`:
    1 to 30 characters, never posing as a bot)."""

    name: PersonName
    seat: Integer = Field(ge=0, le=9)
    buy_in: Integer = Field(gt=0, le=MAX_CHIPS)


class HostRequest(_Message):
    """POST /api/tables/{id}/pause, /resume and /close: the host key from creating
    the table (``"host"`` in the answer to POST /api/tables)."""

    host: str = Field(min_length=1, max_length=MAX_KEY_LENGTH)


class Kick(HostRequest):
    """POST /api/tables/{id}/kick: the player in ``seat`` leaves when the hand ends."""

    seat: Integer = Field(ge=0, le=9)


class ChatSettings(HostRequest):
    """POST /api/tables/{id}/chat: the chat on or off, and whether spectators chat."""

    on: bool = True
    spectators: bool = True


class LockTable(HostRequest):
    """POST /api/tables/{id}/lock: ``locked`` true, no new player may sit down (the
    players seated stay); false, anyone may again."""

    locked: bool


class RabbitHunt(HostRequest):
    """POST /api/tables/{id}/rabbit: ``on`` true, after a flop-game hand that ended
    before the river everyone sees the board cards that would have come (marked not
    played); false, no more."""

    on: bool


class RemoveBot(HostRequest):
    """POST /api/tables/{id}/bots/remove: the bot in ``seat`` leaves (when its hand ends)."""

    seat: Integer = Field(ge=0, le=9)


class AddBot(HostRequest):
    """POST /api/tables/{id}/bots (the host's)."""

    policy: Literal["solid", "rock", "loose", "tag", "random", "station"] = "solid"
    seat: Integer | None = Field(default=None, ge=0, le=9)
    buy_in: Integer | None = Field(default=None, gt=0, le=MAX_CHIPS)


# ------------------------------------------------------------------ tournaments
#
# Client -> server over /ws/tournaments/{id}?token=... (the token from registering;
# without one the connection watches):
#
#     {"type": "act", ...}                 as at a cash table, at the player's table
#     {"type": "watch", "table": 2}        show this table (players see their own)
#     {"type": "rebuy"} {"type": "decline_rebuy"} {"type": "add_on"}
#     {"type": "sit_out"} {"type": "sit_in"} {"type": "ping"}
#
# Server -> client: {"type": "state", "version": n, "state": {"tournament": ...,
# "you": ..., "table": ...}} (see tournament_views.py), errors and pongs as above.


class Watch(_SocketMessage):
    type: Literal["watch"]
    table: Integer = Field(ge=1, le=100_000)


class Rebuy(_SocketMessage):
    type: Literal["rebuy"]


class DeclineRebuy(_SocketMessage):
    type: Literal["decline_rebuy"]


class AddOn(_SocketMessage):
    type: Literal["add_on"]


TournamentClientMessage = Annotated[
    Act | Watch | Rebuy | DeclineRebuy | AddOn | SitOut | SitIn | Ping,
    Field(discriminator="type"),
]
TOURNAMENT_CLIENT_MESSAGES: ClientMessages[TournamentClientMessage] = ClientMessages(
    cast(Any, TournamentClientMessage))

TOURNAMENT_STRUCTURES = Literal["turbo", "standard", "deepstack", "sit_and_go", "horse",
                                "eight_game", "nine_game"]
BOT_POLICIES = Literal["steady", "solid", "rock", "loose", "tag", "random", "station"]


class CreateTournament(_Message):
    """POST /api/tournaments: a built-in structure, optionally changed.

    Money (``buy_in``, ``fee``, ``bounty``) is in cents, at most :data:`MAX_CENTS`; the starting
    stack at most :data:`MAX_TOURNAMENT_STACK`; ``name`` 1 to 60 characters.
    ``level_seconds`` sets every level
    (breaks keep their share of a level); ``rebuys`` allows rebuys of a starting
    stack through ``rebuy_levels`` levels, ``add_on`` one add-on after them.  The
    house's choices (:class:`~pokerroom.tournament.house_rules.HouseRules`, each left
    to the structure when not given): ``raise_cap`` (B5, fixed limit; 0 no cap),
    ``limit_short_raise`` (B9), ``full_bring_in`` (F10, stud) and
    ``irregularity_procedures`` (I3-I5, I9: ``"seed"`` or ``"tda2024"``)."""

    name: TitleName
    structure: TOURNAMENT_STRUCTURES = "turbo"
    level_seconds: Integer | None = Field(default=None, ge=1, le=7200)
    seats: Integer | None = Field(default=None, ge=2, le=10)
    starting_stack: Integer | None = Field(default=None, gt=0, le=MAX_TOURNAMENT_STACK)
    late_registration_levels: Integer | None = Field(default=None, ge=0, le=100)
    buy_in: Integer | None = Field(default=None, ge=0, le=MAX_CENTS)
    fee: Integer | None = Field(default=None, ge=0, le=MAX_CENTS)
    bounty: Integer | None = Field(default=None, ge=0, le=MAX_CENTS)  # knockout, per entry
    rebuys: bool = False
    rebuy_levels: Integer = Field(default=3, ge=1, le=100)
    add_on: bool = False
    action_seconds: float = Field(default=30.0, ge=2, le=3600)
    raise_cap: Integer | None = Field(default=None, ge=0, le=20)
    limit_short_raise: Literal["full_bet_over", "complete"] | None = None
    full_bring_in: Literal["live", "raise"] | None = None
    irregularity_procedures: Literal["seed", "tda2024"] | None = None
    # Money (issue 24): the payout table (``custom``: ``payout_percentages`` of 1st,
    # 2nd, ... adding up to 100), prizes in multiples of ``payout_unit`` cents,
    # re-entries per player, rebuys per entry.
    payouts: Literal["standard", "top_three", "winner_takes_all", "custom"] | None = None
    payout_percentages: list[Annotated[float, Field(gt=0, le=100)]] | None = Field(
        default=None, min_length=1, max_length=100)
    payout_unit: Integer | None = Field(default=None, ge=1, le=MAX_CENTS)
    reentries: Integer | None = Field(default=None, ge=0, le=20)
    rebuy_limit: Integer | None = Field(default=None, ge=1, le=100)
    # When the event starts by itself (Unix seconds; the director may start it
    # sooner): in the future, at most MAX_START_DAYS ahead.
    starts_at: float | None = Field(default=None, ge=0, allow_inf_nan=False)


class RegisterTournament(_Message):
    """POST /api/tournaments/{id}/register (``token``: a busted player re-entering);
    ``name`` is a person's (:data:`~pokerroom.server.wire.names.PersonName`)."""

    name: PersonName
    token: str | None = Field(default=None, max_length=MAX_KEY_LENGTH)


class AddTournamentBots(_Message):
    """POST /api/tournaments/{id}/bots (the director's key from creating it)."""

    director: str = Field(min_length=1, max_length=MAX_KEY_LENGTH)
    count: Integer = Field(default=1, ge=1, le=500)
    policy: BOT_POLICIES = "steady"


class DirectorRequest(_Message):
    """POST /api/tournaments/{id}/start, /pause, /resume."""

    director: str = Field(min_length=1, max_length=MAX_KEY_LENGTH)


class TokenRequest(_Message):
    """POST /api/tournaments/{id}/unregister."""

    token: str = Field(min_length=1, max_length=MAX_KEY_LENGTH)


class RemoveEntry(_Message):
    """POST /api/tournaments/{id}/remove: the director withdraws ``player``'s
    registration before the start."""

    director: str = Field(min_length=1, max_length=MAX_KEY_LENGTH)
    player: SeatedName  # the name registered, a bot's too


class FloorRequest(_Message):
    """POST /api/tournaments/{id}/penalize and /disqualify (the director's key; P8)."""

    director: str = Field(min_length=1, max_length=MAX_KEY_LENGTH)
    player: SeatedName  # the name at the table, a bot's too
    rounds: Integer = Field(default=1, ge=1, le=10)


class ClockChange(_Message):
    """POST /api/tournaments/{id}/clock (the director's key): ``add_seconds`` to the
    level or break in play (negative: taken off), or ``next_level``: end it now."""

    director: str = Field(min_length=1, max_length=MAX_KEY_LENGTH)
    add_seconds: Integer | None = Field(default=None, ge=-7200, le=7200)
    next_level: bool = False


class AgreeDeal(_Message):
    """POST /api/tournaments/{id}/deal (the director's key): the players still in split
    the prizes left, ``amounts`` in cents by player name; the event ends."""

    director: str = Field(min_length=1, max_length=MAX_KEY_LENGTH)
    amounts: dict[SeatedName, Annotated[Integer, Field(ge=0, le=MAX_CENTS * 10_000)]] = Field(
        min_length=2, max_length=10_000)


class MovePlayer(_Message):
    """POST /api/tournaments/{id}/move (the director's key; P7): ``player`` to the
    empty ``seat`` (from 1) of ``table``, at the end of the hand in play at theirs."""

    director: str = Field(min_length=1, max_length=MAX_KEY_LENGTH)
    player: SeatedName
    table: Integer = Field(ge=1, le=10_000)
    seat: Integer = Field(ge=1, le=10)
