"""The PokerStars writer: one pass over a hand's events, then the summary from what
the pass saw.  :func:`~pokerroom.history.pokerstars.to_pokerstars` is its entry
point; the words (game names, dates, hand descriptions) come from
:mod:`~pokerroom.history.pokerstars_words`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

from pokerroom.history.pokerstars_words import (
    GAME_NAMES,
    LIMITS,
    Money,
    big_blind_amount,
    blind_roles,
    date_text,
    ps_cards,
    ps_description,
    roman,
)
from pokerroom.rules import events as ev
from pokerroom.rules.config import Structure
from pokerroom.rules.engine import Hand

_FLOP_STREETS = {3: "FLOP", 4: "TURN", 5: "RIVER"}
_STUD_STREETS = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
_STUD_FOLDS = ("3rd Street", "4th Street", "5th Street", "6th Street", "River")
_DRAWS = ("FIRST", "SECOND", "THIRD")
_ORDINALS = ("1st", "2nd", "3rd")


class Writer:
    """One pass over the hand's events; the summary from what the pass saw."""

    def __init__(self, hand: Hand, names: Sequence[str], seat_numbers: Sequence[int],
                 button_seat: int | None, visible: Collection[int] | None, *,
                 money: Money | None = None) -> None:
        self.hand = hand
        self.m = (money or Money()).text  # an amount as written: "150", "$1.50"
        self.cfg = hand.config
        self.v = hand.variant
        self.names = list(names)
        self.seat_numbers = list(seat_numbers)
        self.button_seat = button_seat
        self.roles = blind_roles(hand, seat_numbers, button_seat)
        self.visible = visible
        self.out: list[str] = []
        self.stacks = list(self.cfg.stacks)
        self.street = 0
        self.bets = [0] * hand.n
        self.current = 0
        self.voluntary = [False] * hand.n  # put chips in beyond the ante (PokerStars' "didn't bet")
        self.fold_street: dict[int, int] = {}
        self.shown: dict[int, tuple[int | None, ...]] = {}
        self.to_show: list[int] = []  # hands turned up before the last card: shown at showdown
        self.mucked: set[int] = set()
        self.silent: set[int] = set()  # winners who did not show ("doesn't show hand")
        self.known: list[list[int | None]] = [[] for _ in range(hand.n)]  # cards dealt so far
        self.collected: dict[int, int] = {}
        self.run_collected: list[dict[int, int]] = [{}, {}]
        self.pot_totals: dict[int, int] = {}
        self.board: list[int] = []
        self.runs: list[list[int]] = [[], []]
        self.showdown_header = False
        self.run = 0  # run of the board being awarded (run it twice), 1 or 2
        self.last_award: ev.PotAwarded | None = None

    def sees(self, seat: int) -> bool:
        """Whether ``seat``'s face-down cards may be written."""
        return self.visible is None or seat in self.visible

    # -------------------------------------------------------------- header

    def lines(self, *, hand_number: int, table_name: str, max_seats: int, when: datetime,
              stakes: str, tournament_id: int | str | None, buy_in: str,
              level: int | str | None, money_suffix: str = "") -> list[str]:
        """The whole history: header, seats, forced bets, the streets, the summary
        (``money_suffix``: " USD" after a cash table's stakes in money)."""
        cfg = self.cfg
        game = f"{GAME_NAMES.get(self.v.key, self.v.name)} {LIMITS[cfg.structure]}"
        if not stakes:
            if cfg.structure is Structure.FIXED_LIMIT:
                stakes = f"{self.m(cfg.small_bet)}/{self.m(cfg.big_bet)}"
            else:
                blinds = sorted({b for b in cfg.blinds if b}) or [cfg.min_bet]
                stakes = "/".join(self.m(b) for b in blinds[:2])
            if tournament_id is None:
                stakes += money_suffix
        if tournament_id is None:
            first = f"PokerStars Hand #{hand_number}: {game} ({stakes}) - {date_text(when)}"
        else:
            lvl = roman(level) if isinstance(level, int) else (level or "I")
            first = (f"PokerStars Hand #{hand_number}: Tournament #{tournament_id}, "
                     f"{buy_in or 'Freeroll'} {game} - Level {lvl} ({stakes}) - "
                     f"{date_text(when)}")
        table = f"Table '{table_name}' {max_seats}-max"
        if self.roles.button is not None:
            table += f" Seat #{self.button_seat} is the button"
        self.out = [first, table]
        for k in self.seat_order():
            self.out.append(f"Seat {self.seat_numbers[k]}: {self.names[k]} "
                            f"({self.m(cfg.stacks[k])} in chips)")
        self.forced_bets()
        self.body()
        self.summary()
        return self.out

    def seat_order(self) -> list[int]:
        """Engine seats in the order of the table's seats."""
        return sorted(range(self.hand.n), key=lambda k: self.seat_numbers[k])

    def all_in(self, seat: int) -> str:
        """The tail " and is all-in" when ``seat`` has no chips left."""
        return " and is all-in" if self.stacks[seat] == 0 else ""

    def forced_bets(self) -> None:
        """Antes first, then the small blind, the big blind and the other posts."""
        antes: dict[int, int] = {}
        live: dict[int, int] = {}
        dead: dict[int, int] = {}
        for e in self.hand.events:
            if isinstance(e, ev.StreetStarted):
                break
            if isinstance(e, ev.AntePosted):
                antes[e.position] = antes.get(e.position, 0) + e.amount
                self.stacks[e.position] -= e.amount
            elif isinstance(e, ev.BlindPosted):
                (dead if e.dead else live)[e.position] = e.amount
                self.stacks[e.position] -= e.amount
        for k in self.seat_order():
            if k in antes:
                tail = self.all_in(k) if k not in live and k not in dead else ""
                self.out.append(f"{self.names[k]}: posts the ante {self.m(antes[k])}{tail}")
        roles = self.roles
        first = [s for s in (roles.small_blind, roles.big_blind) if s is not None]
        order = first + [k for k in range(self.hand.n) if k not in first]
        blinds = self.cfg.blinds or (0,) * self.hand.n
        posts = self.cfg.posts or (0,) * self.hand.n
        bb = big_blind_amount(self.cfg)
        for k in order:
            if k not in live and k not in dead:
                continue
            paid, owed = live.get(k, 0), dead.get(k, 0)
            self.bets[k] = paid
            # A blind all-in for less still sets the bet the others face (the whole
            # blind): a raise is counted from it, as the callers' chips are.
            self.current = max(self.current, paid, blinds[k] + posts[k] if paid else 0)
            self.voluntary[k] = True
            if k == roles.small_blind and not owed:
                text = f"posts small blind {self.m(paid)}"
            elif owed and paid:
                text = f"posts small & big blinds {self.m(paid + owed)}"
            elif owed:
                text = f"posts small blind {self.m(owed)}"
            elif blinds[k] > bb:
                text = f"posts straddle {self.m(paid)}"
            else:
                text = f"posts big blind {self.m(paid)}"
            self.out.append(f"{self.names[k]}: {text}{self.all_in(k)}")

    # ---------------------------------------------------------------- body

    def body(self) -> None:
        """The streets: every event from the first deal to the last pot."""
        events = self.hand.events
        start = next(i for i, e in enumerate(events) if isinstance(e, ev.StreetStarted))
        # Index of the last event that deals a card: a hand tabled before it is an
        # all-in's hand turned up with cards still to come.
        last_deal = max((i for i, e in enumerate(events) if isinstance(
            e, ev.BoardDealt | ev.BoardRun | ev.HoleCardsDealt)), default=-1)
        for i in range(start, len(events)):
            e = events[i]
            position = getattr(e, "position", None)
            name = self.names[position] if isinstance(position, int) else ""
            if isinstance(e, ev.StreetStarted):
                self.new_street(e.street)
            elif isinstance(e, ev.HoleCardsDealt):
                if e.audience == e.position:
                    self.dealt(e)
            elif isinstance(e, ev.BoardDealt):
                self.board_line(e.cards)
            elif isinstance(e, ev.BoardRun):
                self.run_line(e.run, e.cards)
            elif isinstance(e, ev.BringInPosted):
                self.stacks[e.position] -= e.amount
                self.bets[e.position] += e.amount
                self.current = max(self.current, self.bets[e.position])
                self.voluntary[e.position] = True
                self.out.append(f"{name}: brings in for {self.m(e.amount)}"
                                f"{self.all_in(e.position)}")
            elif isinstance(e, ev.Folded):
                self.fold_street[e.position] = self.street
                # PokerStars ends fold and check lines with a space; trackers
                # match the whole line, space included.
                self.out.append(f"{name}: folds ")
            elif isinstance(e, ev.Checked):
                self.out.append(f"{name}: checks ")
            elif isinstance(e, ev.Called):
                self.stacks[e.position] -= e.amount
                self.bets[e.position] += e.amount
                self.current = max(self.current, self.bets[e.position])
                self.voluntary[e.position] = True
                self.out.append(f"{name}: calls {self.m(e.amount)}{self.all_in(e.position)}")
            elif isinstance(e, ev.BetOrRaised):
                self.bet(e, name)
            elif isinstance(e, ev.Discarded):
                self.discard(e, name)
            elif isinstance(e, ev.BetReturned):
                self.stacks[e.position] += e.amount
                self.out.append(f"Uncalled bet ({self.m(e.amount)}) returned to {name}")
            elif isinstance(e, ev.HandShown):
                self.show(e, name, early=i < last_deal)
            elif isinstance(e, ev.HandMucked):
                self.to_showdown()
                self.mucked.add(e.position)
                self.out.append(f"{name}: mucks hand")
            elif isinstance(e, ev.PotAwarded):
                self.award(e)

    def new_street(self, street: int) -> None:
        """A street's header line ("*** FLOP ***" is written with its cards)."""
        self.street = street
        if street:
            self.bets = [0] * self.hand.n
            self.current = 0
        if self.v.is_stud:
            self.out.append(f"*** {_STUD_STREETS[min(street, 4)]} ***")
        elif self.v.is_draw:
            draws = len(self.v.streets) - 1
            if street == 0:
                self.out.append("*** DEALING HANDS ***")
            else:
                which = "" if draws == 1 else f"{_DRAWS[street - 1]} "
                self.out.append(f"*** {which}DRAW ***")
        elif street == 0:
            self.out.append("*** HOLE CARDS ***")

    def dealt(self, e: ev.HoleCardsDealt) -> None:
        """The hero's cards ("Dealt to Ann [As Kd]"; later deals "[before] [new]");
        in stud everyone's up cards, and a tabled hand's every card."""
        k = e.position
        before = list(self.known[k])
        self.known[k].extend(e.cards)
        if self.sees(k) or k in self.shown:
            new: Sequence[int | None] = e.cards
        elif self.v.is_stud:
            ups = self.hand.up[k]
            before = [c for j, c in enumerate(before) if ups[j]]
            new = e.up
            if not new:
                return
        else:
            return
        if before:
            self.out.append(f"Dealt to {self.names[k]} [{ps_cards(before)}] [{ps_cards(new)}]")
        else:
            self.out.append(f"Dealt to {self.names[k]} [{ps_cards(new)}]")

    def board_line(self, cards: Sequence[int]) -> None:
        """Board cards dealt: "*** TURN *** [before] [new]"."""
        before = list(self.board)
        self.board.extend(cards)
        label = _FLOP_STREETS.get(len(self.board), "BOARD")
        if before and label != "FLOP":
            self.out.append(f"*** {label} *** [{ps_cards(before)}] [{ps_cards(cards)}]")
        else:
            self.out.append(f"*** {label} *** [{ps_cards(self.board)}]")

    def run_line(self, run: int, cards: Sequence[int]) -> None:
        """A board run twice: "*** FIRST FLOP ***" and the rest."""
        board = self.runs[run - 1]
        if not board:
            board.extend(self.board)
        before = list(board)
        board.extend(cards)
        which = "FIRST" if run == 1 else "SECOND"
        label = _FLOP_STREETS.get(len(board), "BOARD")
        if before and label != "FLOP":
            self.out.append(f"*** {which} {label} *** [{ps_cards(before)}] [{ps_cards(cards)}]")
        else:
            self.out.append(f"*** {which} {label} *** [{ps_cards(board)}]")

    def bet(self, e: ev.BetOrRaised, name: str) -> None:
        """A bet or raise: "bets", "raises X to Y", or stud's "completes it to"."""
        self.stacks[e.position] -= e.amount
        self.voluntary[e.position] = True
        tail = self.all_in(e.position)
        if self.v.is_stud and self.street == 0 and self.current <= self.cfg.bring_in:
            self.out.append(f"{name}: completes it to {self.m(e.to)}{tail}")
        elif self.current == 0:
            self.out.append(f"{name}: bets {self.m(e.to)}{tail}")
        else:
            self.out.append(f"{name}: raises {self.m(e.to - self.current)} to {self.m(e.to)}"
                            f"{tail}")
        self.bets[e.position] = e.to
        self.current = max(self.current, e.to)

    def discard(self, e: ev.Discarded, name: str) -> None:
        """A draw: "discards 2 cards" (with the cards for the hero), or "stands pat"."""
        k = e.position
        mine = e.audience == k
        if mine != self.sees(k):
            return  # the other copy of the same draw is written
        if not e.count:
            self.out.append(f"{name}: stands pat")
            return
        cards = f" [{ps_cards(e.cards)}]" if mine and e.cards else ""
        self.out.append(f"{name}: discards {e.count} card{'s' * (e.count != 1)}{cards}")
        if mine:
            kept = list(self.known[k])
            for c in e.cards:
                if c in kept:
                    kept.remove(c)
            self.known[k] = kept

    def to_showdown(self) -> None:
        """The showdown's header, "*** SHOW DOWN ***", once, and the hands turned up
        before the last card."""
        if not self.showdown_header:
            self.showdown_header = True
            self.out.append("*** SHOW DOWN ***")
            self.show_waiting(self.hand.board)

    def show_waiting(self, board: Sequence[int]) -> None:
        """The hands turned up before the last card, described on ``board``."""
        for k in self.to_show:
            self.show_line(k, board)

    def show_line(self, k: int, board: Sequence[int]) -> None:
        """ "Ann: shows [As Ad] (a pair of Aces)", the hand described on ``board``."""
        desc = ps_description(self.hand, k, board)
        self.out.append(f"{self.names[k]}: shows [{ps_cards(self.shown[k])}]"
                        + (f" ({desc})" if desc else ""))

    def show(self, e: ev.HandShown, name: str, *, early: bool) -> None:
        """A hand turned up, written at the showdown with its description (PokerStars
        writes an all-in's hand there too, not when it is turned up); never twice."""
        k = e.position
        if k in self.shown:
            self.shown[k] = e.cards
            return
        self.shown[k] = e.cards
        if early:
            self.to_show.append(k)
            return
        self.to_showdown()
        self.show_line(k, self.hand.board)

    def award(self, e: ev.PotAwarded) -> None:
        """A pot (main, side, or a run's) collected."""
        if self.hand.runs:
            last = self.last_award
            new_run = last is None or e.pot > last.pot or (
                e.pot == last.pot and not (last.half == "high" and e.half == "low"))
            if new_run and self.run < 2:
                self.run += 1
                self.out.append(f"*** {'FIRST' if self.run == 1 else 'SECOND'} SHOW DOWN ***")
                self.show_waiting(self.hand.runs[self.run - 1])
            self.last_award = e
        elif self.shown or self.mucked:
            self.to_showdown()
        pots = self.pot_count()
        if pots == 1:
            pot = "pot"
        elif e.pot == 0:
            pot = "main pot"
        else:
            pot = "side pot" if pots == 2 else f"side pot-{e.pot}"
        for seat, chips in e.amounts:
            self.collected[seat] = self.collected.get(seat, 0) + chips
            if self.run:
                runs = self.run_collected[self.run - 1]
                runs[seat] = runs.get(seat, 0) + chips
            self.pot_totals[e.pot] = self.pot_totals.get(e.pot, 0) + chips
            self.out.append(f"{self.names[seat]} collected {self.m(chips)} from {pot}")
            if seat not in self.shown and seat not in self.silent and not self.hand.runs:
                self.silent.add(seat)
                self.out.append(f"{self.names[seat]}: doesn't show hand")

    def pot_count(self) -> int:
        """How many pots the hand awards."""
        return 1 + max((e.pot for e in self.hand.events if isinstance(e, ev.PotAwarded)),
                       default=0)

    # ------------------------------------------------------------- summary

    def summary(self) -> None:
        """The summary: the pots, the rake, the board and each seat's result."""
        hand = self.hand
        total = sum(self.collected.values()) + hand.rake
        pots = ""
        if len(self.pot_totals) > 1:
            sides = sorted(k for k in self.pot_totals if k)
            pots = f" Main pot {self.m(self.pot_totals.get(0, 0) + hand.rake)}."
            for k in sides:
                label = "Side pot" if len(sides) == 1 else f"Side pot-{k}"
                pots += f" {label} {self.m(self.pot_totals[k])}."
        self.out.append("*** SUMMARY ***")
        self.out.append(f"Total pot {self.m(total)}{pots} | Rake {self.m(hand.rake)}")
        if hand.runs:
            self.out.append("Hand was run twice")
            for which, board in zip(("FIRST", "SECOND"), hand.runs, strict=False):
                self.out.append(f"{which} Board [{ps_cards(board)}]")
        elif self.board:
            self.out.append(f"Board [{ps_cards(self.board)}]")
        for k in self.seat_order():
            self.out.append(self.seat_summary(k))

    def seat_summary(self, k: int) -> str:
        """One seat's summary line."""
        roles = self.roles
        text = f"Seat {self.seat_numbers[k]}: {self.names[k]}"
        if k == roles.button:
            text += " (button)"
        if k == roles.small_blind:
            text += " (small blind)"
        elif k == roles.big_blind:
            text += " (big blind)"
        won = self.collected.get(k, 0)
        if k in self.shown and k not in self.mucked:
            cards = f" showed [{ps_cards(self.shown[k])}] and "
            if self.hand.runs:
                parts = []
                for run, board in enumerate(self.hand.runs):
                    desc = ps_description(self.hand, k, board)
                    chips = self.run_collected[run].get(k, 0)
                    result = f"won ({self.m(chips)})" if chips else "lost"
                    parts.append(result + (f" with {desc}" if desc else ""))
                return text + cards + ", and ".join(parts)
            desc = ps_description(self.hand, k, self.hand.board)
            result = f"won ({self.m(won)})" if won else "lost"
            return text + cards + result + (f" with {desc}" if desc else "")
        if k in self.mucked:
            hole = self.hand.hole[k]
            if self.sees(k) and None not in hole:
                return text + f" mucked [{ps_cards(hole)}]"
            return text + " mucked"
        if won:
            return text + f" collected ({self.m(won)})"
        if k in self.fold_street:
            street = self.fold_street[k]
            tail = "" if street or self.voluntary[k] else " (didn't bet)"
            return text + f" folded {self.fold_words(street)}{tail}"
        return text + " lost"

    def fold_words(self, street: int) -> str:
        """When a fold came, in PokerStars' words ("before Flop", "on the 4th Street")."""
        if self.v.is_stud:
            return f"on the {_STUD_FOLDS[min(street, 4)]}"
        if self.v.is_draw:
            if len(self.v.streets) == 2:
                return "before the Draw" if street == 0 else "after the Draw"
            return "before the Draw" if street == 0 else f"after the {_ORDINALS[street - 1]} Draw"
        return ("before Flop", "on the Flop", "on the Turn", "on the River")[min(street, 3)]
