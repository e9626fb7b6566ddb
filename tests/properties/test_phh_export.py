"""``history.export``: hands played in the engine written as PHH (examples).

The property tests in ``test_phh_round_trip.py`` cover random hands; these
pin down the configuration fields, the placement of dealer entries and shows,
the errors, and the PHH data set (tests/data) replayed, written and replayed again.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerroom.cards import Deck, parse_cards
from pokerroom.errors import ConfigError, PokerError
from pokerroom.history import (
    HandHistory,
    PhhAction,
    dumps,
    format_action,
    load,
    loads,
    phh_variant,
    to_phh,
    to_phh_text,
)
from pokerroom.history.replay import check, replay_hand
from pokerroom.rules import (
    BetRaise,
    BringIn,
    CheckCall,
    DealHole,
    Fold,
    Hand,
    HandConfig,
    Muck,
    Show,
    Structure,
    button_blinds,
    variant,
)
from tests.data import phh_data


def nl(stacks: tuple[int, ...], *, game: str = "holdem", **kw: object) -> HandConfig:
    kw.setdefault("blinds", button_blinds(len(stacks), 5, 10))
    return HandConfig(
        variant=variant(game), structure=Structure.NO_LIMIT, stacks=stacks, min_bet=10,
        **kw,  # type: ignore[arg-type]
    )


def codes(history: HandHistory) -> list[str]:
    return [format_action(a) for a in history.actions]


def test_F4_heads_up_blinds_and_antes_are_written_in_reverse() -> None:
    """F4, PHH: heads-up p1 is the big blind; PHH lists [small, big]."""
    config = nl((1000, 500), antes=(3, 1))  # position 0 big blind (ante 3), position 1 button
    hand = Hand(config, Deck(7))
    hand.act(Fold())  # the button folds
    history = to_phh(hand)
    assert history.variant == "NT"
    assert history.blinds_or_straddles == (5, 10)
    assert history.antes == (1, 3)
    assert history.min_bet == 10
    assert history.starting_stacks == (1000, 500)
    assert history.finishing_stacks == (1006, 494)
    replayed, _ = replay_hand(history)
    assert replayed.stacks == hand.stacks


def test_F11_F13_straddles_and_posts() -> None:
    """F11, F13: a straddle is a blind; a live post is a negative entry."""
    config = nl((500,) * 6, blinds=(5, 10, 20, 0, 0, 0), posts=(0, 0, 0, 0, 10, 0))
    hand = Hand(config, Deck(3))
    history = to_phh(hand)
    assert history.blinds_or_straddles == (5, 10, 20, 0, -10, 0)
    assert history.finishing_stacks is None  # the hand is not over
    while not hand.is_over:
        hand.act(CheckCall())
    replayed, _ = replay_hand(loads(to_phh_text(hand))[0])
    assert replayed.stacks == hand.stacks


def test_F10_B15_stud_fields_and_dealing() -> None:
    """F10, B15: stud writes bring_in and the bet sizes, no blinds; each street's
    cards are one ``d dh`` per player (down cards, then the up card)."""
    config = HandConfig(
        variant=variant("stud"), structure=Structure.FIXED_LIMIT, stacks=(100, 100, 100),
        antes=(1, 1, 1), bring_in=2, small_bet=10, big_bet=20,
    )
    hand = Hand(config, Deck(11))
    hand.act(BringIn())
    history = to_phh(hand)
    assert (history.variant, history.bring_in, history.small_bet, history.big_bet) == (
        "F7S", 2, 10, 20
    )
    assert history.blinds_or_straddles == () and history.min_bet is None
    assert [a.code for a in history.actions] == ["dh", "dh", "dh", "pb"]
    assert all(a.cards is not None and len(a.cards) == 3 for a in history.actions[:3])
    assert "blinds_or_straddles" not in dumps(history)


def test_S3_all_in_hands_are_shown_before_the_runout() -> None:
    """S3, S4: hands tabled all-in are ``sm`` entries before the rest of the
    board, as PHH records them, and are not shown again at the showdown."""
    hand = Hand(nl((100, 100)), Deck(5))
    hand.act(BetRaise(100))
    hand.act(CheckCall())
    assert hand.is_over
    entries = codes(to_phh(hand))
    first_board = next(i for i, e in enumerate(entries) if e.startswith("d db"))
    shows = [i for i, e in enumerate(entries) if " sm " in e]
    assert len(shows) == 2 and max(shows) < first_board
    assert sum(" sm" in e for e in entries) == 2


def test_S4_showdown_shows_and_mucks() -> None:
    """S4: without cards speak, shows and mucks are written in showing order."""
    hand = Hand(nl((200, 200, 200), auto_showdown=False), Deck(2))
    while hand.phase.value != "showdown":
        hand.act(CheckCall())
    hand.act(Show())
    if hand.legal_actions().muck:
        hand.act(Muck())
    while not hand.is_over:
        hand.act(Show())
    history = to_phh(hand)
    tail = [a for a in history.actions if a.code == "sm"]
    assert [a.actor for a in tail] == [s for s, _ in hand.log[-len(tail):]]
    assert tail[0].cards == tuple(hand.hole[tail[0].actor or 0])
    replayed, _ = replay_hand(history)
    assert replayed.stacks == hand.stacks


def test_manual_dealing_keeps_the_dealer_entries_and_unknown_cards() -> None:
    """PHH: a hand dealt by hand (no deck) keeps its dealer entries in order,
    unknown cards as ``??``."""
    hand = Hand(nl((100, 100)))
    hand.act(DealHole(0, (None, None)))
    hand.act(DealHole(1, tuple(parse_cards("AsKs"))))
    hand.act(Fold())
    history = to_phh(hand)
    assert codes(history) == ["d dh p1 ????", "d dh p2 AsKs", "p2 f"]
    unfinished = Hand(nl((100, 100)))
    unfinished.act(DealHole(0, tuple(parse_cards("2c2d"))))
    assert codes(to_phh(unfinished)) == ["d dh p1 2c2d"]


def test_names_and_extra_fields() -> None:
    """PHH: ``config.names`` become ``players``; ``extra`` adds metadata and may
    not overwrite what the hand itself says."""
    hand = Hand(nl((100, 100), names=("Ann", "Bob")), Deck(1))
    history = to_phh(hand, extra={"event": "home game", "hand": 7})
    assert dict(history.extra) == {"players": ("Ann", "Bob"), "event": "home game", "hand": 7}
    assert to_phh(hand, extra={"players": ["A", "B"]}).extra["players"] == ("A", "B")
    with pytest.raises(ConfigError, match="'antes' is a PHH field"):
        to_phh(hand, extra={"antes": [1, 1]})
    assert to_phh(hand, finishing=False).finishing_stacks is None


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ({"posts": (5, 0, 0)}, "both a blind and a live post"),
        ({"chip_unit": 5}, "smallest chip"),
        ({"bba_order": "blind_first", "antes": (0, 30, 0), "stacks": (100, 35, 100)},
         "blind_first"),
    ],
)
def test_T8_S10_F7_what_PHH_cannot_express_is_refused(
    change: dict[str, object], what: str
) -> None:
    """T8, S10, F7: a position with a blind and a post, a chip unit, BBA blind-first for
    a short big blind: ConfigError."""
    kw: dict[str, object] = {"stacks": (100, 100, 100)} | change
    stacks = kw.pop("stacks")
    hand = Hand(nl(stacks, **kw), Deck(1))  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match=what):
        to_phh(hand)


def test_B5_B15_limit_house_options_PHH_cannot_express() -> None:
    """B5, B15: the 'complete' short-raise rule and open-pair doubling are
    refused; a raise cap is fine (a capped hand replays the same uncapped)."""
    limit = HandConfig(
        variant=variant("holdem"), structure=Structure.FIXED_LIMIT, stacks=(100, 100),
        blinds=button_blinds(2, 5, 10), small_bet=10, big_bet=20, raise_cap=2,
    )
    assert phh_variant(limit) == "FT"
    to_phh(Hand(limit, Deck(1)))
    with pytest.raises(ConfigError, match="limit_short_raise"):
        to_phh(Hand(HandConfig(**{**_fields(limit), "limit_short_raise": "complete"}), Deck(1)))
    stud = HandConfig(
        variant=variant("razz"), structure=Structure.FIXED_LIMIT, stacks=(100, 100),
        bring_in=2, small_bet=10, big_bet=20, open_pair_double=True,
    )
    with pytest.raises(ConfigError, match="open_pair_double"):
        to_phh(Hand(stud, Deck(1)))


def _fields(config: HandConfig) -> dict[str, object]:
    return {name: getattr(config, name) for name in HandConfig.__dataclass_fields__}


def test_variants_without_a_PHH_code() -> None:
    """PHH: spread limit and games PHH has no code for are refused by name."""
    spread = HandConfig(
        variant=variant("holdem"), structure=Structure.SPREAD_LIMIT, stacks=(100, 100),
        blinds=button_blinds(2, 5, 10), min_bet=10, max_bet=50,
    )
    with pytest.raises(ConfigError, match="spread limit"):
        phh_variant(spread)
    with pytest.raises(ConfigError, match="five-card Omaha"):
        phh_variant(nl((100, 100), game="omaha5"))
    assert phh_variant(nl((100, 100), game="short_deck")) == "NS"


def _data_files() -> list[Path]:
    data = phh_data()
    return sorted(p for p in data.glob("*.phh")) + sorted(data.glob("wsop/**/*.phh")) + sorted(
        data.glob("handhq/**/*.phhs")
    )


def test_PHH_data_replayed_written_and_replayed_again() -> None:
    """PHH golden data: every hand of the data set (tests/data; but the 10,000 Pluribus
    ones) that replays is written back and replays to the same stacks,
    hidden cards (``????``) and all; the dealer entries are those of the file."""
    count = 0
    for path in _data_files():
        for history in load(path):
            if not check(history).ok:
                continue
            hand, _ = replay_hand(history)
            again = to_phh(hand)
            replayed, notes = replay_hand(loads(dumps(again))[0])
            assert replayed.stacks == hand.stacks, (path, history.index)
            assert not notes
            dealt = [a for a in history.actions if a.code in ("dh", "db")]
            assert [a for a in again.actions if a.code in ("dh", "db")] == [
                PhhAction(None, a.code, cards=a.cards, dealt_to=a.dealt_to) for a in dealt
            ], path
            count += 1
    assert count >= 90


def test_F1_F7_ante_trimming_follows_the_engine() -> None:
    """F1, F7, S1: equal antes are written trimmed (a short ante contests only
    what it matched, as the engine plays it); a big-blind ante is not (it is
    dead money in the main pot); no antes: false."""
    equal = Hand(nl((100, 3, 100), antes=(4, 4, 4)), Deck(1))
    assert to_phh(equal).ante_trimming_status is True
    bba = Hand(nl((100, 100, 100), antes=(0, 12, 0)), Deck(1))
    assert to_phh(bba).ante_trimming_status is False
    assert to_phh(Hand(nl((100, 100)), Deck(1))).ante_trimming_status is False


def test_S11_a_raked_hand_carries_its_rake_and_replays_to_the_same_stacks() -> None:
    """S11: PHH has no rake field; the hand carries ``_rake_percent``, ``_rake_cap`` and
    ``_no_flop_no_drop``, and ``winnings`` after the rake; the replay reads the fields and
    rakes the same.  Bad values in those fields are refused with what is allowed."""
    hand = Hand(nl((500, 500, 500), rake_percent=0.05, rake_cap=3), Deck(11))
    hand.check_call()
    hand.check_call()
    hand.check_call()  # the big blind checks: a flop is seen (no flop, no drop)
    while not hand.is_over:
        if hand.legal_actions().show:
            hand.act(Show())
        else:
            hand.check_call()
    assert hand.rake == 1  # 5% of 30 is 1.5: the house takes whole chips
    text = to_phh_text(hand)
    assert "_rake_percent = 0.05" in text and "_rake_cap = 3" in text
    [history] = loads(text)
    assert history.winnings is not None and sum(history.winnings) == 30 - 1
    replayed, _ = replay_hand(history)
    assert replayed.stacks == hand.stacks and replayed.rake == 1
    assert check(history).ok
    for field, bad in (("_rake_percent", "1.5"), ("_rake_cap", "-1"),
                       ("_no_flop_no_drop", '"yes"')):
        wrong = "\n".join(f"{field} = {bad}" if line.startswith(field) else line
                          for line in text.splitlines())
        with pytest.raises(PokerError, match=field):
            replay_hand(loads(wrong)[0])


@pytest.mark.parametrize("dead", [(0, 0, 5), (5, 0)], ids=["three", "heads-up"])
def test_T8_dead_blinds_are_carried_and_replayed(dead: tuple[int, ...]) -> None:
    """T8: the dead part of a made-up blind goes straight into the pot; PHH has no field
    for it, so the hand carries ``_dead_blinds`` (PHH's order: heads-up reversed, as the
    blinds) and the replay puts the same dead money in."""
    hand = Hand(nl((300,) * len(dead), dead=dead), Deck(5))
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Show() if legal.show else CheckCall())
    text = to_phh_text(hand)
    assert "_dead_blinds" in text
    [history] = loads(text)
    replayed, _ = replay_hand(history)
    assert replayed.stacks == hand.stacks and sum(replayed.stacks) == sum(hand.stacks)
    assert check(history).ok
    wrong = text.replace("_dead_blinds = [", "_dead_blinds = [-1, ")
    with pytest.raises(PokerError, match="_dead_blinds"):
        replay_hand(loads(wrong)[0])
