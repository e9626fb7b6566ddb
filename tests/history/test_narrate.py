"""The hand log's lines: blinds by name, bets told from raises, "You" agreeing with
its verb (issue 14)."""

from __future__ import annotations

from pokerroom.cards import Deck
from pokerroom.history.narrate import narrate, narrate_all
from pokerroom.rules import VARIANTS, Hand, HandConfig, Structure, button_blinds
from pokerroom.rules.actions import BetRaise, CheckCall, Fold

NAMES = ["Ann", "Bob", "Cy", "Di"]


def _holdem(players: int, *blinds: int, **extra: object) -> Hand:
    config = HandConfig(variant=VARIANTS["holdem"], structure=Structure.NO_LIMIT,
                        stacks=(100,) * players, blinds=button_blinds(players, *blinds),
                        min_bet=2, **extra)  # type: ignore[arg-type]
    return Hand(config, Deck(5))


def _act(hand: Hand, action: object) -> None:
    legal = hand.legal_actions()
    assert legal is not None
    hand.act(action, position=legal.position)  # type: ignore[arg-type]


def _lines(hand: Hand, **kw: object) -> list[str]:
    return narrate_all(hand.events, NAMES.__getitem__, hand=hand, **kw)  # type: ignore[arg-type]


def test_F2_F4_blinds_and_straddle_are_named() -> None:
    hand = _holdem(4, 1, 2, 4)
    assert _lines(hand)[:3] == ["Ann posts small blind 1", "Bob posts big blind 2",
                                "Cy posts straddle 4"]


def test_F2_heads_up_the_button_posts_the_small_blind() -> None:
    hand = _holdem(2, 1, 2)
    assert sorted(_lines(hand)[:2]) == ["Ann posts big blind 2", "Bob posts small blind 1"]


def test_T2_a_lone_blind_is_the_big_blind_and_dead_money_says_so() -> None:
    config = HandConfig(variant=VARIANTS["holdem"], structure=Structure.NO_LIMIT,
                        stacks=(100,) * 4, blinds=(0, 2, 0, 0), posts=(0, 0, 0, 2),
                        dead=(0, 0, 0, 1), min_bet=2)
    lines = _lines(Hand(config, Deck(5)))
    assert "Bob posts big blind 2" in lines
    assert "Di posts dead 1" in lines
    assert "Di posts 2" in lines


def test_B8_an_opening_raise_preflop_is_a_raise_and_a_first_bet_on_a_street_a_bet() -> None:
    hand = _holdem(3, 1, 2)
    _act(hand, BetRaise(6))   # Cy, first to act, over the big blind
    _act(hand, CheckCall())   # Ann
    _act(hand, BetRaise(18))  # Bob re-raises
    _act(hand, CheckCall())
    _act(hand, CheckCall())
    _act(hand, BetRaise(10))  # Ann bets the flop
    _act(hand, BetRaise(30))  # Bob raises it
    lines = _lines(hand)
    assert "Cy raises to 6" in lines
    assert "Bob raises to 18" in lines
    after_flop = lines[lines.index("-- flop --"):]
    assert "Ann bets 10" in after_flop and "Bob raises to 30" in after_flop
    assert not any("bets/raises" in line for line in lines)


def test_B5_stud_completes_the_bring_in() -> None:
    config = HandConfig(variant=VARIANTS["stud"], structure=Structure.FIXED_LIMIT,
                        stacks=(100,) * 3, antes=(1,) * 3, bring_in=2, small_bet=4, big_bet=8)
    hand = Hand(config, Deck(3))
    from pokerroom.rules.actions import BringIn
    _act(hand, BringIn())
    _act(hand, BetRaise(4))
    _act(hand, BetRaise(8))
    lines = _lines(hand)
    assert any(line.endswith("brings it in for 2") for line in lines)
    assert any(line.endswith("completes to 4") for line in lines)
    assert any(line.endswith("raises to 8") for line in lines)


def test_you_agree_with_your_verbs() -> None:
    hand = _holdem(3, 1, 2)
    _act(hand, CheckCall())  # Cy calls 2
    _act(hand, Fold())       # Ann
    lines = _lines(hand, you=2)
    assert "You call 2" in lines and "You calls 2" not in " ".join(lines)
    assert "Ann folds" in lines
    assert lines[0] == "Ann posts small blind 1"


def test_without_the_hand_the_lines_stay_neutral() -> None:
    hand = _holdem(3, 1, 2)
    _act(hand, BetRaise(6))
    blind, raised = hand.events[0], hand.events[-1]
    assert narrate(blind, NAMES.__getitem__) == "Ann posts 1"
    assert narrate(raised, NAMES.__getitem__) == "Cy bets/raises to 6"
