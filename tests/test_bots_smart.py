"""The hold'em bots worth playing (issue 14, item 4): they consider their cards, the
price and the stack sizes, and ICM near the money."""

from __future__ import annotations

import random

import pytest

from pokerroom.bots import BOTS, DEFAULT_BOT, STYLES, EquityBot, TournamentSituation, odds, preflop
from pokerroom.cards import FULL_DECK, Deck, parse_cards
from pokerroom.equity import equity
from pokerroom.rules import (
    BetRaise,
    CheckCall,
    Fold,
    Hand,
    HandConfig,
    Structure,
    button_blinds,
    variant,
)


def _hand(stacks: list[int], holes: list[str], rest: str = "") -> Hand:
    """No-limit hold'em, blinds 1/2; ``holes`` by position (0 left of the button;
    heads-up 0 is the big blind), then the burns and the board in ``rest``."""
    cards = [parse_cards(h) for h in holes]
    order = [h[0] for h in cards] + [h[1] for h in cards] + parse_cards(rest)
    order += [c for c in FULL_DECK if c not in set(order)]
    config = HandConfig(variant=variant("holdem"), structure=Structure.NO_LIMIT,
                        stacks=tuple(stacks), blinds=button_blinds(len(stacks), 1, 2), min_bet=2)
    return Hand(config, Deck.from_order(order))


def _bot(style: str, seed: int = 1) -> EquityBot:
    bot = BOTS[style](random.Random(seed))
    assert isinstance(bot, EquityBot)
    return bot


@pytest.mark.parametrize("style", sorted(STYLES))
def test_folds_72o_to_a_big_raise(style: str) -> None:
    hand = _hand([200, 200, 200], ["7c2d", "QhQd", "AhKh"])
    hand.act(BetRaise(20))  # the button raises to 10 big blinds
    assert hand.actor == 0
    assert _bot(style).decide(hand.view(0)) == Fold()


@pytest.mark.parametrize("style", sorted(STYLES))
def test_opens_aces_and_folds_72o_first_in(style: str) -> None:
    aces = _hand([200, 200, 200], ["QhQd", "AhKh", "AsAc"])
    assert isinstance(_bot(style).decide(aces.view(2)), BetRaise)
    trash = _hand([200, 200, 200], ["QhQd", "AhKh", "7c2d"])
    assert _bot(style).decide(trash.view(2)) == Fold()


@pytest.mark.parametrize("style", sorted(STYLES))
def test_calls_an_all_in_with_the_nuts_and_bets_them(style: str) -> None:
    """A royal flush on the river: bet when checked to, call a shove."""
    rest = "2c AsKsQs 3c 2d 4c 3h"
    hand = _hand([200, 200], ["JsTs", "9h9d"], rest)
    hand.act(CheckCall())  # the button completes
    hand.act(CheckCall())  # the big blind checks
    for _ in range(2):  # flop and turn checked through
        hand.act(CheckCall())
        hand.act(CheckCall())
    assert len(hand.view(0).board) == 5 and hand.actor == 0
    assert isinstance(_bot(style).decide(hand.view(0)), BetRaise)
    hand.act(CheckCall())
    hand.act(BetRaise(hand.legal_actions().max_raise_to or 0))
    assert _bot(style).decide(hand.view(0)) == CheckCall()


@pytest.mark.parametrize("style", sorted(STYLES))
def test_gives_up_air_to_a_pot_sized_river_bet(style: str) -> None:
    """Seven high on a paired, flushed board: a pot-sized bet asks for a third of the
    pot, and the hand wins almost never."""
    rest = "2c AsKsQs 3c Kd 4c Ah"
    hand = _hand([200, 200], ["7h2d", "9h9d"], rest)
    hand.act(BetRaise(6))
    hand.act(CheckCall())
    for _ in range(2):
        hand.act(CheckCall())
        hand.act(CheckCall())
    hand.act(CheckCall())
    hand.act(BetRaise(12))
    assert _bot(style).decide(hand.view(0)) == Fold()


def test_the_short_stack_shoves_near_the_bubble() -> None:
    """Four left, three paid: the 5-big-blind stack under the gun pushes A9o (it would
    be blinded away), and so it does away from the money."""
    hand = _hand([300, 300, 10, 300], ["AhAs", "KhKc", "Ad9c", "QcQs"])
    bot = _bot("solid")
    assert bot.decide(hand.view(2)) == BetRaise(10)
    bot.tournament = TournamentSituation(prizes=(50, 30, 20))
    assert bot.decide(hand.view(2)) == BetRaise(10)


def test_ICM_folds_a_call_that_chips_would_make_near_the_bubble() -> None:
    """The big blind (60 bb) facing a 25 bb shove with AQs: a call in chips (the price
    is under its equity against a shoving range), a fold with four left and three
    paid, where busting costs more than doubling up gains."""
    hand = _hand([300, 120, 50, 300], ["AhAs", "AdQd", "KhKc", "QcQs"])
    hand.act(BetRaise(50))
    hand.act(Fold())
    hand.act(Fold())
    view = hand.view(1)
    assert _bot("solid").decide(view) == CheckCall()
    bot = _bot("solid")
    bot.tournament = TournamentSituation(prizes=(50, 30, 20))
    need = bot._need(view, 2)
    assert need is not None and need[0] > need[1] + 0.01  # ICM asks more than chips
    assert bot.decide(view) == Fold()
    assert bot.decide(hand.view(1)) == Fold()


def test_the_price_counts_only_chips_the_caller_can_match() -> None:
    hand = _hand([300, 60, 400, 300], ["AhAs", "AdQd", "KhKc", "QcQs"])
    hand.act(BetRaise(400))
    hand.act(Fold())
    hand.act(Fold())
    view = hand.view(1)
    # 58 to call: the pot after calling is the dead small blind, our 60 and 60 of the
    # 400 shove (the other 340 go back), not 1 + 60 + 400
    assert EquityBot.price(view, 58) == pytest.approx(58 / (1 + 60 + 60))


def test_the_default_is_a_style() -> None:
    assert DEFAULT_BOT in STYLES and DEFAULT_BOT in BOTS


@pytest.mark.parametrize("name", ["AA", "AKs", "T9s", "72o"])
def test_the_preflop_table_is_what_the_equity_code_measures(name: str) -> None:
    for opponents in (1, 3):
        measured = preflop.measure(name, opponents, samples=20_000, seed=3)
        assert measured == pytest.approx(preflop.equity_against(name, opponents), abs=0.015)


def test_preflop_ranks_and_ranges() -> None:
    assert preflop.hand_class((parse_cards("As")[0], parse_cards("Ks")[0])) == "AKs"
    assert preflop.hand_class((parse_cards("7c")[0], parse_cards("2d")[0])) == "72o"
    assert preflop.top("AA") < preflop.top("AKs") < preflop.top("T9s") < preflop.top("72o")
    assert preflop.range_text(0.0) == "AA"
    half = preflop.range_text(0.5).split(", ")
    assert "72o" not in half and "AKo" in half and "AKo" in preflop.range_text(0.08).split(", ")
    assert "AKo" not in preflop.range_text(0.03).split(", ")


def test_sampled_postflop_equity_agrees_with_the_equity_code() -> None:
    hole, board = parse_cards("AsKs"), parse_cards("Qs7s2d")
    sampled = [odds.sampled_equity(hole, board, 1, 1.0, seed=s, deals=2000) for s in range(5)]
    exact = equity(["AsKs", "random"], board="Qs7s2d", method="monte_carlo", samples=100_000,
                   seed=1).equity[0]
    assert sum(sampled) / 5 == pytest.approx(exact, abs=0.02)
    ranged = odds.sampled_equity(hole, board, 1, 0.1, seed=1, deals=3000)
    reference = equity(["AsKs", odds.opponent_range(0.1)], board="Qs7s2d",
                       method="monte_carlo", samples=100_000, seed=1).equity[0]
    assert ranged == pytest.approx(reference, abs=0.04)


def test_a_bot_calls_a_known_maniac_wider() -> None:
    """Reads: after watching an opponent shove before it acted hand after hand, the bot
    puts them on any two cards and calls with a hand it folds to a stranger's shove."""
    def facing_shove() -> Hand:
        hand = _hand([300, 300], ["QdTd", "7s6s"])
        hand.act(BetRaise(300))  # the button shoves 150 big blinds into the big blind
        return hand

    bot = _bot("solid")
    assert bot.decide(facing_shove().view(0)) == Fold()
    names = facing_shove().view(0).names
    assert names == ()  # these hands have no names: the bot reads positions
    for _ in range(30):  # thirty hands in which the button shoved first
        bot.decide(facing_shove().view(0))
        bot._hand = None  # a new hand each time (the same cards, as it happens)
    reads = bot.reads["position 1"]
    assert reads.acted >= 30 and reads.share(shove=True) > 0.9
    assert bot.decide(facing_shove().view(0)) == CheckCall()


def test_without_numpy_postflop_equity_comes_from_the_equity_codes_python_path(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A lean install (no NumPy): the same question goes to equity() with fewer deals."""
    monkeypatch.setattr(odds, "_fast", lambda: False)
    hole, board = parse_cards("AsKs"), parse_cards("Qs7s2d")
    pure = [odds.postflop_equity(hole, board, 1, 1.0, seed=s) for s in range(8)]
    exact = equity(["AsKs", "random"], board="Qs7s2d", method="monte_carlo", samples=100_000,
                   seed=1).equity[0]
    assert sum(pure) / 8 == pytest.approx(exact, abs=0.04)


def test_tournament_bots_are_told_the_prizes_and_the_other_stacks_near_the_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The tournament simulation briefs its bots: from 18 players left, the prizes of
    the places still to finish and the stacks of the players at the other tables."""
    import pokerroom.tournament.simulate as tsim
    from pokerroom.bots.smart import brief
    from pokerroom.tournament import Tournament, structure

    seen: list[tuple[int, int, int]] = []  # players left, prizes, players elsewhere

    def briefing(bot: object, t: Tournament, number: int) -> None:
        brief(bot, t, number)
        assert isinstance(bot, EquityBot)
        if bot.tournament is not None:
            here = sum(1 for p in t.table(number).players if p is not None and p.stack)
            seen.append((t.players_left, len(bot.tournament.prizes),
                         here + len(bot.tournament.others)))
        else:
            assert t.players_left > 18

    monkeypatch.setattr(tsim, "brief", briefing)
    t, _ = tsim.simulate(structure("turbo"), 24, rng=random.Random(5), bots=("solid",))
    assert t.finished and seen
    assert all(prizes == min(left, len(t.prizes())) for left, prizes, _ in seen)
    assert all(left <= 18 for left, _, _ in seen)
    assert sum(players == left for left, _, players in seen) > len(seen) // 2
