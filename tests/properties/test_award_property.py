"""The dealer's award (issue 26) against the engine's own over random hands: a flop
game played to the showdown from a deck, then the same hand with every hole card
unknown (a live table: the board entered, the hole cards never), its pots awarded by
naming the winners the engine found.  Every stack must come out the same: side pots
(S1, S2), split pots and their odd chips (S10), the high and low halves (S8) and the
rake (S11), whatever the stakes, forced bets, chip unit and stacks."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, event, given, settings

from pokerroom.rules import VARIANTS, Award, DealBoard, DealHole, Hand, Muck, Phase, Show
from pokerroom.rules import events as ev
from pokerroom.rules.view import hand_pots

from .hands import GAMES, Setup, examples, play, setups

FLOP_GAMES = tuple((key, s) for key, s in GAMES  # community-card games: no draw, no up card
                   if not any(street.draw or street.up for street in VARIANTS[key].streets))

many_hands = settings(max_examples=examples(300), deadline=None, derandomize=True,
                      database=None,
                      suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _physical_replay(original: Hand) -> Hand:
    """``original`` played again with its hole cards unknown and its board entered,
    up to its showdown (mucks kept; shows are the dealer's to read)."""
    hand = Hand(original.config)
    board = list(original.board)
    actions = [a for _, a in original.log]
    while True:
        while hand.phase is Phase.DEALING:
            legal = hand.legal_actions()
            if legal.deal_board:
                cards, board = board[:legal.deal_board], board[legal.deal_board:]
                hand.act(DealBoard(tuple(cards)))
            else:
                assert legal.deal_position is not None
                hand.act(DealHole(legal.deal_position, (None,) * legal.deal_count))
        if hand.phase is not Phase.BETTING:
            break
        hand.act(actions.pop(0))
    assert hand.phase is Phase.SHOWDOWN, hand.phase
    for position, action in original.log:
        if isinstance(action, Muck):
            hand.act(Muck(), position=position if position is not None else hand.actor)
    return hand


@many_hands
@given(setups(FLOP_GAMES))
def test_S1_S2_S8_S10_S11_the_dealer_naming_the_winners_pays_as_the_engine(
        setup: Setup) -> None:
    original = play(setup)
    awards = [e for e in original.events if isinstance(e, ev.PotAwarded)]
    showdown = any(isinstance(a, Show | Muck) for _, a in original.log) or any(
        isinstance(e, ev.HandShown) for e in original.events)
    assume(showdown and awards and all(e.description for e in awards))
    hand = _physical_replay(original)
    # A pot the rake took whole (it comes off the main pot first, S11) was not awarded:
    # the dealer names anyone in it, and it pays nothing.
    pots = hand_pots(hand)
    winners = [p.eligible[:1] for p in pots]
    low: list[tuple[int, ...]] = [()] * len(pots)
    for e in awards:
        named = tuple(position for position, _ in e.amounts)
        if e.half == "low":
            low[e.pot] = named
        else:
            winners[e.pot] = named
    # (What the examples reach: --hypothesis-show-statistics.)
    event(f"{len(pots)} pot{'s' * (len(pots) > 1)}")
    if any(low):
        event("a low half")
    if any(len(w) > 1 for w in winners):
        event("a split pot")
    hand.act(Award(tuple(winners), tuple(low) if any(low) else ()))
    assert hand.is_over
    assert hand.stacks == original.stacks, (hand.stacks, original.stacks)
    assert hand.rake == original.rake
    judged = [(e.pot, e.half, e.amounts) for e in hand.events if isinstance(e, ev.PotAwarded)]
    assert judged == [(e.pot, e.half, e.amounts) for e in awards]
