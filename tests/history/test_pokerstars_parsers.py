"""PokerStars text read by parsers nobody here wrote (issue 28), field by field.

Hands of the flop games PokerStars deals (hold'em no limit, pot limit and limit,
Omaha and Omaha hi/lo), cash and tournament, some with antes, with stacks short
enough for all-ins for less (a big blind among them), are played at random on
the engine while the driver keeps the engine's own record of every action: the
street, the chips it put in, the bet it faced (the engine's ``legal_actions``),
whether it left the player all-in.  Each is written with :func:`to_pokerstars`
and read back by three parsers from PyPI:

- pokerdf (1.8): every per-player field it reads, actions per street included,
  and for tournament hands the hand's header fields;
- ``poker`` (0.30, hold'em only: its hero line and shows take two cards);
- PokerKit's own ``PokerStarsParser`` (0.7, no-limit hold'em only, and it has no
  pattern for antes): the hand it rebuilds is replayed by PokerKit to the
  engine's final stacks.

Each parser's result is compared with the engine's record, never with our text.
Where a parser reads something its own way (pokerdf's ``Seat \\d:``, ``poker``'s
names with the summary's ``(button)``), the test says so where it adapts.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any, NamedTuple

import pytest
from pokerdf.regex import regex_execution as pokerdf_regex
from pokerkit.notation import PokerStarsParser

from pokerroom.cards import Deck, format_cards
from pokerroom.history.pokerstars import blind_roles, ps_description, to_pokerstars
from pokerroom.rules import events as ev
from pokerroom.rules.actions import BetRaise, CheckCall, Fold, Muck, Show
from pokerroom.rules.config import HandConfig, Structure, button_blinds
from pokerroom.rules.engine import Hand
from pokerroom.rules.variants import variant

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # poker 0.30 imports the deprecated pkg_resources
    from poker.card import Card
    from poker.room.pokerstars import PokerStarsHandHistory

WHEN = datetime(2026, 11, 25, 20, 40, tzinfo=UTC)
STREETS = ("PreflopAction", "FlopAction", "TurnAction", "RiverAction")
ALL_INS = ("PreflopAllIn", "FlopAllIn", "TurnAllIn", "RiverAllIn")
GAMES = (
    ("holdem", Structure.NO_LIMIT),
    ("holdem", Structure.NO_LIMIT),
    ("holdem", Structure.POT_LIMIT),
    ("holdem", Structure.FIXED_LIMIT),
    ("omaha", Structure.POT_LIMIT),
    ("omaha_hilo", Structure.POT_LIMIT),
)


class Acted(NamedTuple):
    """One action in the engine's record."""

    seat: int
    street: int
    verb: str  # folds, checks, calls, bets, raises
    amount: int | None  # as PokerStars counts it: a call's chips, a raise's increment
    to: int | None  # a bet's or raise's street total
    all_in: bool  # the player had no chips left after it


VERBS = {"folds": "FOLD", "checks": "CHECK", "calls": "CALL", "bets": "BET", "raises": "RAISE"}


@dataclass
class Played:
    """A hand played at random, how it is written, and the engine's record of it."""

    hand: Hand
    kw: dict[str, Any]
    actions: list[Acted] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return list(self.kw["names"])

    @property
    def text(self) -> str:
        return to_pokerstars(self.hand, **self.kw)

    def collected(self) -> dict[int, int]:
        won: dict[int, int] = {}
        for e in self.hand.events:
            if isinstance(e, ev.PotAwarded):
                for seat, chips in e.amounts:
                    won[seat] = won.get(seat, 0) + chips
        return won

    def shown(self) -> dict[int, tuple[int, ...]]:
        hand = self.hand
        return {e.position: tuple(c for c in e.cards if c is not None) for e in hand.events
                if isinstance(e, ev.HandShown) and not hand.mucked[e.position]}

    def posted(self, kind: type[ev.AntePosted] | type[ev.BlindPosted]) -> dict[int, int]:
        return {e.position: e.amount for e in self.hand.events if isinstance(e, kind)}

    def returned(self) -> dict[int, int]:
        return {e.position: e.amount for e in self.hand.events if isinstance(e, ev.BetReturned)}


def play(rng: random.Random, number: int) -> Played:
    """One hand of a flop game, played at random, with the engine's record."""
    key, structure = rng.choice(GAMES)
    n = rng.randint(2, 6)
    stacks = tuple(rng.choice((1, 3, 15, 40, 100, 400)) for _ in range(n))
    antes = rng.random() < 0.3
    kw: dict[str, Any] = {"blinds": button_blinds(n, 1, 2)}
    if structure is Structure.FIXED_LIMIT:
        kw.update(small_bet=2, big_bet=4)
    else:
        kw["min_bet"] = 2
    if antes:
        kw["antes"] = (1,) * n
    cfg = HandConfig(variant(key), structure, stacks, **kw)
    hand = Hand(cfg, Deck(seed=rng.randrange(10**9)))
    seats = sorted(rng.sample(range(1, 10), n))
    # button_blinds: the small blind is engine seat 0, the button the last seat.
    tournament = rng.random() < 0.4
    written: dict[str, Any] = {
        "hand_number": 260000000 + number, "table_name": f"{7000 + number} 1" if tournament
        else "Elm", "names": [f"Player{k}" for k in range(n)], "seat_numbers": seats,
        "button_seat": seats[-1], "max_seats": 9,
        "when": WHEN + timedelta(minutes=number), "visible": {rng.randrange(n)},
    }
    if tournament:
        written.update(tournament_id=7000 + number, buy_in="$10+$1 USD", level=rng.randint(1, 30))
    played = Played(hand, written)
    while not hand.is_over:
        legal = hand.legal_actions()
        seat = legal.position
        assert seat is not None
        if legal.show or legal.muck:
            hand.act(Muck() if legal.muck and rng.random() < 0.3 else Show())
            continue
        level = hand.bets[seat] + (legal.call or 0)
        choices: list[Any] = [CheckCall(), CheckCall()]
        if legal.fold:
            choices.append(Fold())
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            choices.append(BetRaise(rng.choice((legal.min_raise_to, legal.max_raise_to))))
        street, stack = hand.street, hand.stacks[seat]
        for e in hand.act(rng.choice(choices)):
            if getattr(e, "position", None) != seat:
                continue
            entry: tuple[str, int | None, int | None] | None = None
            if isinstance(e, ev.Folded):
                entry = ("folds", None, None)
            elif isinstance(e, ev.Checked):
                entry = ("checks", None, None)
            elif isinstance(e, ev.Called):
                entry = ("calls", e.amount, None)
            elif isinstance(e, ev.BetOrRaised):
                entry = ("bets", e.to, e.to) if level == 0 else ("raises", e.to - level, e.to)
            if entry is not None:
                chips = getattr(e, "amount", 0)
                played.actions.append(Acted(seat, street, *entry, chips == stack > 0))
    return played


def hands(seed: int, count: int) -> Iterator[Played]:
    rng = random.Random(seed)
    for number in range(count):
        yield play(rng, seed * 1000 + number)


SEEDS = range(4)
PER_SEED = 60


# ------------------------------------------------------------------ pokerdf


def pokerdf_read(text: str) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """pokerdf's reading: the hand's fields and each player's."""
    parts = text.split("PokerStars ", 1)[1].split("\n*** ")
    general: dict[str, Any] = {}
    if "Tournament #" in parts[0]:  # pokerdf reads the header of tournament hands only
        # Its owner's hand takes two cards: an Omaha hero's reads as nothing.
        general = {str(k.value): v[0] if v else None for k, v in
                   pokerdf_regex.capture_general_data_of_the_hand(parts).items()}
        general.update({str(k.value): v[0] if v else None for k, v in
                        pokerdf_regex.capture_common_data(parts).items()})
    players = {}
    for name in pokerdf_regex.r.get_players(parts):
        data = pokerdf_regex.capture_specific_data_of_the_player(parts, name)
        players[name] = {str(k.value): v[0] for k, v in data.items()}
    return general, players


def pokerdf_expected(played: Played, k: int) -> dict[str, Any]:
    """What pokerdf should read for engine seat ``k``, from the engine's record."""
    hand = played.hand
    kw = played.kw
    roles = blind_roles(hand, kw["seat_numbers"], kw["button_seat"])
    antes = played.posted(ev.AntePosted)
    blinds = played.posted(ev.BlindPosted)
    won = played.collected().get(k, 0)
    shown = played.shown()
    position = next((word for seat, word in ((roles.button, "button"),
                                            (roles.small_blind, "small blind"),
                                            (roles.big_blind, "big blind")) if seat == k), None)
    expected: dict[str, Any] = {
        "Seat": kw["seat_numbers"][k],
        "Stack": float(hand.config.stacks[k]),
        "PostedAnte": float(antes[k]) if k in antes else None,
        "PostedBlind": float(blinds[k]) if k in blinds else None,
        "Position": position,
        "Balance": float(won) if won else None,
        "UncalledReturned": float(played.returned()[k]) if k in played.returned() else None,
    }
    forced_all_in = hand.config.stacks[k] == antes.get(k, 0) + blinds.get(k, 0)
    expected["AnteAllIn"] = bool(antes) and forced_all_in
    for street, (column, all_in) in enumerate(zip(STREETS, ALL_INS, strict=True)):
        mine = [a for a in played.actions if a.seat == k and a.street == street]
        expected[column] = [(a.verb, "" if a.amount is None else str(a.amount))
                            for a in mine] or [("", "")]
        expected[all_in] = any(a.all_in for a in mine)
    if hand.folded[k]:
        result = "folded"
    elif k in shown:
        result = "won at showdown" if won else "lost at showdown"
    elif hand.mucked[k]:
        result = "mucked"
    else:
        result = "won without showdown"
    expected["Result"] = result
    if k in shown and len(hand.hole[k]) == 2:  # pokerdf's pattern takes two cards
        expected["RevealedCards"] = tuple(format_cards([c]) for c in shown[k])
        expected["CardCombination"] = ps_description(hand, k, hand.board) or None
    return expected


@pytest.mark.parametrize("seed", SEEDS)
def test_pokerdf_reads_every_field_as_the_engine_recorded_it(seed: int) -> None:
    checked = 0
    for played in hands(seed, PER_SEED):
        hand, kw, text = played.hand, played.kw, played.text
        general, players = pokerdf_read(text)
        assert list(players) == [played.names[k] for k in sorted(
            range(hand.n), key=lambda k: kw["seat_numbers"][k])], text
        for k, name in enumerate(played.names):
            got = players[name]
            for column, value in pokerdf_expected(played, k).items():
                read = got[column]
                if column == "Result":
                    read = str(read.value)
                assert read == value, f"{name} {column}: read {read!r}, engine {value!r}\n{text}"
                checked += 1
        if "tournament_id" not in kw:
            continue
        assert general["HandID"] == str(kw["hand_number"])
        assert general["TableSize"] == kw["max_seats"]
        assert general["Playing"] == hand.n
        assert general["TotalPotLog"] == float(sum(played.collected().values()) + hand.rake)
        assert general["Rake"] == float(hand.rake)
        hero = next(iter(kw["visible"]))
        assert general["Owner"] == played.names[hero]
        if len(hand.hole[hero]) == 2:
            assert general["OwnersHand"] == tuple(format_cards([c]) for c in hand.hole[hero])
        board = tuple(format_cards([c]) for c in hand.board)
        if len(board) == 5:
            assert general["BoardRiver"] == board
        assert general["TournID"] == str(kw["tournament_id"])
        assert general["BuyIn"] == "$10+$1"
        # The header's stakes, which pokerdf calls the blinds: limit games name the bets.
        limit = hand.config.structure is Structure.FIXED_LIMIT
        assert general["Blinds"] == ([2.0, 4.0] if limit else [1.0, 2.0])
        assert general["Ante"] == (1.0 if hand.config.antes else None)
        assert general["TableID"] == "1"
        assert general["HandStartTimeLocal"].to_pydatetime() == kw["when"].replace(tzinfo=None)
    assert checked > 20 * PER_SEED


# ------------------------------------------------------------------ poker 0.30


def poker_read(text: str) -> Any:
    """The ``poker`` package's reading of one hand."""
    history = PokerStarsHandHistory(text)
    history.parse()
    return history


def test_the_poker_package_reads_every_holdem_field_as_the_engine_recorded_it() -> None:
    read = 0
    for seed in SEEDS:
        for played in hands(seed, PER_SEED):
            if played.hand.variant.key != "holdem":
                continue  # it reads hold'em only
            hand, kw, text = played.hand, played.kw, played.text
            got = poker_read(text)
            read += 1
            assert got.ident == str(kw["hand_number"])
            assert str(got.game) == "Hold'em"
            assert got.limit.name == {Structure.NO_LIMIT: "NL", Structure.POT_LIMIT: "PL",
                                      Structure.FIXED_LIMIT: "FL"}[hand.config.structure]
            assert (got.sb, got.bb) == (
                (Decimal(1), Decimal(2)) if hand.config.structure is not Structure.FIXED_LIMIT
                else (Decimal(2), Decimal(4)))
            assert got.date == kw["when"]
            assert got.table_name == kw["table_name"]
            assert got.max_players == kw["max_seats"]
            if "tournament_id" in kw:
                assert got.tournament_ident == str(kw["tournament_id"])
                assert (got.buyin, got.rake) == (Decimal(10), Decimal(1))
            else:
                assert got.tournament_ident is None
            seated = {p.name: (p.seat, p.stack) for p in got.players if p.stack}
            assert seated == {played.names[k]: (kw["seat_numbers"][k], hand.config.stacks[k])
                              for k in range(hand.n)}
            assert got.button.seat == kw["button_seat"]
            hero = next(iter(kw["visible"]))
            assert got.hero.name == played.names[hero]
            assert {got.hero.combo.first, got.hero.combo.second} == {
                Card(format_cards([c])) for c in hand.hole[hero]}
            assert got.total_pot == sum(played.collected().values()) + hand.rake
            board = [Card(format_cards([c])) for c in hand.board]
            if len(board) >= 3:
                assert list(got.flop.cards) == board[:3]
                flop_actions = [(a.name, a.action.name, a.amount) for a in got.flop.actions or ()
                                if a.action.name in ("BET", "RAISE", "CALL", "CHECK", "FOLD")]
                assert flop_actions == [
                    (played.names[a.seat], VERBS[a.verb],
                     None if a.amount is None else Decimal(a.amount))
                    for a in played.actions if a.street == 1], text
            assert list(got.board or ()) == board
            assert got.turn == (board[3] if len(board) > 3 else None)
            assert got.river == (board[4] if len(board) > 4 else None)
            preflop = [line.strip() for line in got.preflop_actions
                       if line.partition(": ")[2].split(" ")[0] in
                       ("folds", "checks", "calls", "bets", "raises")]
            assert preflop == [poker_line(played, a) for a in played.actions if a.street == 0], text
            shown = played.shown()
            assert got.show_down == bool(shown or any(hand.mucked))
            won = played.collected()
            # Its showdown winners are the summary's names, "(button)" and all.
            winners = {w.split(" (")[0] for w in got.winners}
            expected = ({played.names[k] for k in won if k in shown} if got.show_down
                        else {played.names[k] for k in won})
            if not board:
                # It reads the summary's seats from the fourth line after "SUMMARY",
                # where a Board line is when there is a board: the first seat is skipped.
                first = min(range(hand.n), key=lambda k: kw["seat_numbers"][k])
                expected.discard(played.names[first])
            assert winners == expected, text
    assert read > 80


def poker_line(played: Played, action: Acted) -> str:
    """The action line a reader of PokerStars text expects, from the engine's record."""
    name = played.names[action.seat]
    tail = " and is all-in" if action.all_in else ""
    if action.verb in ("folds", "checks"):
        return f"{name}: {action.verb}"
    if action.verb == "raises":
        return f"{name}: raises {action.amount} to {action.to}{tail}"
    return f"{name}: {action.verb} {action.amount}{tail}"


# ------------------------------------------------------------------ PokerKit


def test_pokerkits_parser_reads_no_limit_holdem_and_replays_it_to_the_engines_stacks() -> None:
    """PokerKit's PokerStarsParser reads no-limit hold'em only and has no pattern for
    antes; it takes the blinds from the posted amounts, so a blind all-in for less
    is a different game to it (the big blind it deals is the short one): those
    hands are left out, and every other one is compared whole."""
    read = 0
    for seed in SEEDS:
        for played in hands(seed, PER_SEED):
            hand, kw = played.hand, played.kw
            cfg = hand.config
            if (hand.variant.key, cfg.structure) != ("holdem", Structure.NO_LIMIT) or cfg.antes:
                continue
            if any(cfg.stacks[k] <= blind for k, blind in enumerate(cfg.blinds) if blind):
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                [got] = list(PokerStarsParser()(played.text))
            read += 1
            # Its players in its own order (heads-up: the big blind first): by name.
            names = played.names
            assert sorted(got.players) == sorted(names)
            index = {name: i for i, name in enumerate(got.players)}
            assert {n: (got.starting_stacks[i], got.seats[i]) for n, i in index.items()} == {
                names[k]: (cfg.stacks[k], kw["seat_numbers"][k]) for k in range(hand.n)}
            blinds = {n: got.blinds_or_straddles[i] for n, i in index.items()}
            if hand.n == 2:  # PokerKit reverses heads-up blinds by its own convention
                blinds = dict(zip(blinds, reversed(blinds.values()), strict=True))
            assert blinds == {names[k]: cfg.blinds[k] for k in range(hand.n)}
            assert (got.hand, got.table, got.seat_count) == (
                kw["hand_number"], kw["table_name"], kw["max_seats"])
            when = kw["when"]
            assert (got.year, got.month, got.day, got.time) == (
                when.year, when.month, when.day, when.time())
            player = {name: f"p{i + 1}" for name, i in index.items()}
            hero = next(iter(kw["visible"]))
            by_index = sorted(range(hand.n), key=lambda k: index[names[k]])
            expected = [f"d dh {player[names[k]]} "
                        + (format_cards(hand.hole[k]) if k == hero else "????") for k in by_index]
            board = format_cards(hand.board)
            deals = [board[:6], board[6:8], board[8:10]]
            street = 0
            for a in played.actions:
                while a.street > street:
                    street += 1
                    expected.append(f"d db {deals[street - 1]}")
                code = {"folds": "f", "checks": "cc", "calls": "cc"}.get(a.verb)
                expected.append(f"{player[played.names[a.seat]]} "
                                + (code if code else f"cbr {a.to}"))
            while street < len(hand.board) and street < 3 and deals[street]:
                street += 1
                expected.append(f"d db {deals[street - 1]}")
            for e in hand.events:
                if isinstance(e, ev.HandShown) and not hand.mucked[e.position]:
                    expected.append(f"{player[names[e.position]]} sm {format_cards(e.cards)}")
            assert [x for x in got.actions if x.startswith("d ")] == [
                x for x in expected if x.startswith("d ")], played.text
            # Its repair adds a check where its own state wants one more action (a
            # player left alone against all-ins): every other action is the record's.
            acts = [x for x in got.actions if not x.startswith("d ") and " sm " not in x]
            wanted = [x for x in expected if not x.startswith("d ") and " sm " not in x]
            assert with_checks_added(acts, wanted), (acts, wanted, played.text)
            # Its showdown adds "sm ????" for the hands it does not know: the known ones
            # are those the text shows.
            assert {x for x in got.actions if " sm " in x and "?" not in x} == {
                x for x in expected if " sm " in x}
            states = list(got)
            assert {n: states[-1].stacks[i] for n, i in index.items()} == {
                names[k]: hand.stacks[k] for k in range(hand.n)}, played.text
    assert read > 30


def with_checks_added(got: list[str], wanted: list[str]) -> bool:
    """Whether ``got`` is ``wanted`` with nothing but checks ("p3 cc") added."""
    i = 0
    for x in got:
        if i < len(wanted) and x == wanted[i]:
            i += 1
        elif not x.endswith(" cc"):
            return False
    return i == len(wanted)
