"""Draw games: discarding, drawing and standing pat; the new stub from the
discards when the stub runs out (a house rule); deuce-to-seven triple draw (fixed
limit) and single draw (no limit), ace-to-five triple draw and badugi, with their
rankings at the showdown (S9)."""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.cards import Deck
from pokerroom.rules import (
    CheckCall,
    DealHole,
    Discard,
    Hand,
    HandConfig,
    Phase,
    Structure,
    button_blinds,
    variant,
)
from pokerroom.rules import events as ev

from .conftest import (
    assert_refused,
    cards,
    check_down,
    dealt,
    events_of,
    fork,
    payouts,
    play,
    street_of,
)

DEEP = 10_000


def draw_game(players: int | tuple[int, ...], game: str = "deuce_seven_triple",
              **kw: Any) -> HandConfig:
    """Blinds 5-10; fixed limit 10/20 unless ``structure`` says otherwise."""
    stacks = (DEEP,) * players if isinstance(players, int) else players
    structure = kw.pop("structure", Structure.FIXED_LIMIT)
    if structure is Structure.FIXED_LIMIT:
        kw.setdefault("small_bet", 10)
        kw.setdefault("big_bet", 20)
    else:
        kw.setdefault("min_bet", 10)
    return HandConfig(variant=variant(game), structure=structure, stacks=stacks,
                      blinds=button_blinds(len(stacks), 5, 10), **kw)


def discard(text: str = "") -> Discard:
    return Discard(cards(text))


def to_draw(hand: Hand, dealer: Any = None) -> None:
    """Everyone checks or calls to the next draw."""
    while hand.phase is not Phase.DRAWING:
        if hand.phase is Phase.DEALING:
            dealer.deal()
        else:
            hand.act(CheckCall())


# ----------------------------------------------------- discard, draw, pat


def test_draw_discard_and_draw_or_stand_pat() -> None:
    """Draw games: after the betting each player still in, from the left of the
    button, discards any number of cards or stands pat; then the replacements are
    dealt, face down, and the betting starts again left of the button.  The player
    alone sees which cards went and came; the table sees how many."""
    hand, dealer = dealt(draw_game(3), [
        "7c5d4h3s2c 8d9d", "7d6c5h4s2d", "KcKdQhJsTc"])
    play(hand, (2, "c"), (0, "c"), (1, "x"), dealer=dealer)
    assert hand.phase is Phase.DRAWING and street_of(hand) == "first_draw"
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.max_discard == 5 and legal.describe().endswith("0-5 cards")
    events = play(hand, (0, discard("7c5d")), dealer=dealer)
    assert events == [ev.Discarded(0, 0, 2, cards("7c5d")), ev.Discarded(None, 0, 2, ())]
    play(hand, (1, discard()), dealer=dealer)  # stands pat
    assert_refused(hand, discard("2c"), "not_your_card")  # position 2 does not hold it
    play(hand, (2, discard("KcKd")))
    dealer.holes[2] += cards("8s8h")
    dealer.deal()
    assert hand.phase is Phase.BETTING and hand.actor == 0
    assert sorted(hand.hole[0]) == sorted(cards("4h3s2c8d9d"))
    assert sorted(hand.hole[1]) == sorted(cards("7d6c5h4s2d"))
    assert sorted(hand.hole[2]) == sorted(cards("QhJsTc8s8h"))
    dealt_now = [e for e in hand.events if isinstance(e, ev.HoleCardsDealt)][-4:]
    assert [(e.audience, e.position, e.count, e.cards) for e in dealt_now] == [
        (0, 0, 2, cards("8d9d")), (None, 0, 2, ()), (2, 2, 2, cards("8s8h")), (None, 2, 2, ()),
    ]


def test_draw_everyone_still_in_draws_even_all_in() -> None:
    """Draw games: an all-in player still draws (the hand goes on to the showdown)."""
    hand, dealer = dealt(draw_game((DEEP, 30, DEEP)), [
        "7c5d4h3s2c", "7d6c5h4s2d 9c", "KcKdQhJsTc"])
    play(hand, (2, 20), (0, "f"), (1, 30), (2, "c"), dealer=dealer)
    assert hand.stacks[1] == 0 and hand.phase is Phase.DRAWING
    assert hand.actor == 1
    play(hand, (1, discard("7d")), dealer=dealer)
    assert hand.actor == 2


@pytest.mark.parametrize(
    ("bad", "reason"),
    [("9s", "not_your_card"), ("7c7c", "not_your_card"), ("7c5d4h3s2c9s", "not_your_card")],
)
def test_draw_bad_discards_are_refused(bad: str, reason: str) -> None:
    hand, dealer = dealt(draw_game(2), ["7c5d4h3s2c", "7d6c5h4s2d"])
    to_draw(hand, dealer)
    assert_refused(hand, discard(bad), reason)
    assert_refused(hand, "c", "draw_due")


# ------------------------------------------------------------- structures


def test_draw_deuce_seven_triple_draw_fixed_limit_sizes() -> None:
    """2-7 triple draw, fixed limit 10/20: the small bet before the first draw and
    after it, the big bet after the second and the third; four betting rounds."""
    hand = Hand(draw_game(3), Deck(4))
    sizes: dict[str, int] = {}
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.phase is Phase.DRAWING:
            hand.act(Discard())
            continue
        if legal.phase is Phase.SHOWDOWN:
            break
        if legal.max_raise_to is not None:  # the first decision of each round: a bet
            sizes.setdefault(street_of(hand), legal.max_raise_to - hand.current_bet)
        hand.act(CheckCall())
    assert sizes == {"predraw": 10, "first_draw": 10, "second_draw": 20, "third_draw": 20}
    assert sum(1 for e in hand.events if isinstance(e, ev.StreetStarted)) == 4


def test_draw_deuce_seven_single_draw_no_limit() -> None:
    """2-7 single draw, no limit: one draw; bets from the big blind to all-in."""
    config = draw_game(3, "deuce_seven_single", structure=Structure.NO_LIMIT)
    hand, dealer = dealt(config, ["7c5d4h3s2c", "8d6c5h4s2d", "KcKdQhJsTc 9d8c7d6h3c"])
    legal = hand.legal_actions()
    assert hand.actor == 2 and (legal.min_raise_to, legal.max_raise_to) == (20, DEEP)
    play(hand, (2, 30), (0, "c"), (1, "c"), dealer=dealer)
    play(hand, (0, discard()), (1, discard()), (2, discard("KcKdQhJsTc")), dealer=dealer)
    assert hand.phase is Phase.BETTING and street_of(hand) == "first_draw"
    assert hand.legal_actions().max_raise_to == DEEP - 30
    check_down(hand, dealer)
    # 7-5-4-3-2 (the nuts) beats 8-6-5-4-2 and 9-8-7-6-3.
    assert hand.is_over and payouts(hand) == {0: 90}


# ---------------------------------------------------------- S9 rankings


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [
        ("7c5d4h3s2c", "8c6d4d3h2d", 0),  # 7-low is the best
        ("8c6d4h3s2c", "8d6c5h3h2d", 0),  # 8-6-4 beats 8-6-5
        ("As2d3h4s5c", "KcQdJh9s8c", 1),  # the ace is high: A-5-4-3-2 is ace-high
        ("6c5d4h3s2c", "9c8d7h6s4c", 1),  # 6-5-4-3-2 is a straight: a bad hand
        ("9c7c5c4c2c", "KdQhJs9s8h", 1),  # a flush counts against you
        ("2c2d3h4s5c", "AcKdQhJs9c", 1),  # a pair loses to any high-card hand
    ],
)
def test_S9_deuce_to_seven_low_at_the_showdown(a: str, b: str, winner: int) -> None:
    """S9: deuce-to-seven: the ace is high, straights and flushes count, so the best
    hand is 7-5-4-3-2 in two or more suits."""
    hand, dealer = dealt(draw_game(2, "deuce_seven_single", structure=Structure.NO_LIMIT),
                         [a, b])
    play(hand, "c", "x", discard(), discard(), dealer=dealer)
    check_down(hand, dealer)
    assert hand.is_over and set(payouts(hand)) == {winner}


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [
        ("Ac2d3h4s5c", "Ad2c3d4h6s", 0),  # the wheel is the best
        ("6c5c4c3c2c", "7d4h3d2h As", 0),  # straights and flushes do not count
        ("AcAd2h3s4c", "KcQdJh9s8c", 1),  # a pair is worse than king-high
    ],
)
def test_S9_ace_to_five_triple_draw_at_the_showdown(a: str, b: str, winner: int) -> None:
    """S9: ace-to-five: the ace is low, straights and flushes do not count."""
    hand, dealer = dealt(draw_game(2, "ace_five_triple"), [a, b])
    play(hand, "c", "x", dealer=dealer)
    for _ in range(3):
        play(hand, discard(), discard(), dealer=dealer)
        if hand.phase is Phase.BETTING:
            play(hand, "x", "x", dealer=dealer)
    assert hand.is_over and set(payouts(hand)) == {winner}


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [
        ("Ac2d3h4s", "Ad2c3d5h", 0),  # two badugis: 4-3-2-A beats 5-3-2-A
        ("Kc2d3h4s", "Ac2c3d4h", 0),  # any badugi beats any three-card hand
        ("Ac2c3d4h", "Ad2d3h3s", 0),  # a three-card hand beats a two-card hand
    ],
)
def test_badugi_four_cards_three_draws(a: str, b: str, winner: int) -> None:
    """Badugi: four cards, three draws; the best hand has four cards of different
    ranks and suits; fewer usable cards lose to more."""
    hand, dealer = dealt(draw_game(2, "badugi"), [a, b])
    assert len(hand.hole[0]) == 4
    play(hand, "c", "x", dealer=dealer)
    assert hand.legal_actions().max_discard == 4
    for _ in range(3):
        play(hand, discard(), discard(), dealer=dealer)
        if hand.phase is Phase.BETTING:
            play(hand, "x", "x", dealer=dealer)
    assert hand.is_over and set(payouts(hand)) == {winner}


# ------------------------------------------- the new stub (house rule)


def _discard_everything(hand: Hand) -> None:
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.phase is Phase.DRAWING:
            assert legal.position is not None
            hand.act(Discard(tuple(c for c in hand.hole[legal.position] if c is not None)))
        elif legal.phase is Phase.SHOWDOWN:
            break
        else:
            hand.act(CheckCall())


def _draws(hand: Hand) -> list[tuple[dict[int, list[int]], dict[int, list[int]]]]:
    """Per draw: what each position threw away and what it got."""
    out: list[tuple[dict[int, list[int]], dict[int, list[int]]]] = []
    for e in hand.events:
        if isinstance(e, ev.StreetStarted) and e.name.endswith("_draw"):
            out.append(({}, {}))
        elif out and isinstance(e, ev.Discarded) and e.audience is not None:
            out[-1][0][e.position] = list(e.cards)
        elif out and isinstance(e, ev.HoleCardsDealt) and e.audience is not None:
            out[-1][1][e.position] = [c for c in e.cards if c is not None]
    return out


@pytest.mark.parametrize("seed", range(6))
def test_draw_first_draw_of_a_full_table_redeals_this_draws_discards(seed: int) -> None:
    """House rule (draw games): six players all draw five on the first draw: 30
    dealt, a burn, 21 left for 30 replacements.  With no earlier discards, this
    draw's discards become the new stub -- and nobody gets back a card they threw
    away in this draw."""
    hand = Hand(draw_game(6), Deck(seed))
    _discard_everything(hand)
    first = _draws(hand)[0]
    order = [int(c) for c in Deck(seed).order]
    from_stub = set(order[31:])
    for position, got in first[1].items():
        assert len(got) == 5
        assert not set(got) & set(first[0][position]), (
            f"position {position} got its own discards back")
    came_back = [c for got in first[1].values() for c in got if c not in from_stub]
    assert len(came_back) == 9
    held = [c for h in hand.hole for c in h]
    assert len(held) == len(set(held))
    again = fork(hand)
    assert again.events == hand.events


def test_draw_new_stub_takes_earlier_discards_first() -> None:
    """House rule: when the stub runs out on a later draw, the discards of the earlier
    draws make the new stub, not this draw's."""
    hand = Hand(draw_game(5), Deck(2))
    _discard_everything(hand)
    draws = _draws(hand)
    first_discards = {c for cards_ in draws[0][0].values() for c in cards_}
    order = [int(c) for c in Deck(2).order]
    for got in draws[1][1].values():
        for c in got:
            assert c in first_discards or c in order[25:], c
    assert any(c in first_discards for got in draws[1][1].values() for c in got)


def test_draw_manual_dealing_may_reuse_discards_but_not_the_players_own() -> None:
    """House rule, manual dealing: once the stub runs out the dealer may deal a card
    another player discarded, never one the receiving player threw away in this
    draw nor one somebody holds."""
    hand, dealer = dealt(draw_game(2), ["7c5d4h3s2c", "8d6c5h4s2d"])
    to_draw(hand, dealer)
    play(hand, (0, discard("7c")), (1, discard("8d")))
    assert hand.phase is Phase.DEALING
    assert_refused(hand, DealHole(0, cards("7c")), "card_dealt_twice")
    assert_refused(hand, DealHole(0, cards("4s")), "card_dealt_twice")
    play(hand, DealHole(0, cards("8d")), DealHole(1, cards("7c")))
    assert hand.phase is Phase.BETTING
    assert cards("8d")[0] in hand.hole[0] and cards("7c")[0] in hand.hole[1]
    held = [c for h in hand.hole for c in h]
    assert len(held) == len(set(held))
    assert events_of(hand, ev.HoleCardsDealt)[-1].position == 1


def test_D3_a_recorded_new_stub_may_hold_any_card_out_of_play() -> None:
    """D3 (the draw games' new stub, a house rule; cf. I9's new stub in stud): a hand
    that follows a record (:meth:`Hand.follow_any_new_stub`, as replay does) takes
    the new stub another house made -- a folded player's card, or the receiver's own
    discard of this draw, as PokerKit deals -- but never a card a live player holds."""
    config = draw_game(3)
    hand, dealer = dealt(config, ["7c5d4h3s2c", "8d6c5h4s2d", "KsKdKhQcQd"])
    hand.follow_any_new_stub()
    play(hand, "f", "c", "x", dealer=dealer)  # the first to act folds, the blinds draw
    folded = hand.folded.index(True)
    live = [s for s in range(3) if not hand.folded[s]]
    while hand.phase is not Phase.DRAWING:
        play(hand, "x", dealer=dealer)
    first, second = hand.actor, next(s for s in live if s != hand.actor)
    assert first is not None
    first_held = [c for c in hand.hole[first] if c is not None]
    second_held = [c for c in hand.hole[second] if c is not None]
    out_of_play = [c for c in hand.hole[folded] if c is not None]
    play(hand, (first, Discard((first_held[0],))), (second, Discard((second_held[0],))))
    assert hand.phase is Phase.DEALING
    # A card the other live player holds is refused, even recorded.
    assert_refused(hand, DealHole(first, (second_held[1],)), "card_dealt_twice")
    # His own discard of this draw, and a folded player's card: a house could.
    play(hand, DealHole(first, (first_held[0],)), DealHole(second, (out_of_play[0],)))
    assert hand.phase is Phase.BETTING
    assert first_held[0] in hand.hole[first] and out_of_play[0] in hand.hole[second]


def test_D3_the_live_engine_keeps_its_own_new_stub() -> None:
    """D3: without :meth:`Hand.follow_any_new_stub` (a live table dealing by hand),
    a folded player's card is not dealt again: only other players' discards are."""
    hand, dealer = dealt(draw_game(3), ["7c5d4h3s2c", "8d6c5h4s2d", "KsKdKhQcQd"])
    play(hand, "f", "c", "x", dealer=dealer)
    folded = hand.folded.index(True)
    while hand.phase is not Phase.DRAWING:
        play(hand, "x", dealer=dealer)
    first = hand.actor
    assert first is not None
    second = next(s for s in range(3) if s not in (first, folded))
    thrown = hand.hole[first][0]
    assert thrown is not None
    play(hand, (first, Discard((thrown,))), (second, Discard(())))
    out_of_play = hand.hole[folded][0]
    assert out_of_play is not None
    assert_refused(hand, DealHole(first, (out_of_play,)), "card_dealt_twice")


def test_S3_draw_game_all_in_hands_stay_down_until_the_showdown() -> None:
    """S3 (TDA 16) tables hands when no decision is left; in a draw game the players
    still draw after an all-in, so the hands stay face down until the showdown."""
    from pokerroom.cards import Deck
    from pokerroom.rules import Discard, Hand, HandConfig, Structure, button_blinds, variant
    from pokerroom.rules import events as ev

    config = HandConfig(variant=variant("deuce_seven_single"), structure=Structure.NO_LIMIT,
                        stacks=(100, 100), blinds=button_blinds(2, 5, 10), min_bet=10)
    hand = Hand(config, Deck(3))
    hand.bet_raise(100)
    hand.check_call()
    assert not hand.is_over
    assert not any(isinstance(e, ev.HandShown) for e in hand.events)
    while not hand.is_over:
        hand.act(Discard(()))
    shown = {e.position for e in hand.events if isinstance(e, ev.HandShown)}
    assert shown == {0, 1}
    assert sum(hand.stacks) == 200
