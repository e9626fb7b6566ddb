"""Properties of the hand engine over thousands of random hands.

Every variant in VARIANTS with every betting structure (no limit, pot limit,
fixed limit, spread limit), 2-9 players (stud up to 8, draw and short deck up
to 6), antes, big-blind antes, blinds, straddles and live posts, stacks short
enough to be all-in on the forced bets, house options (raise caps, BBA order,
limit short raises, rake, chip unit, open-pair doubling, showdown mode), a
seeded deck and a random player choosing among ``legal_actions()``.
The runs are derandomized: CI sees the same hands every time.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from pokerroom.rules import Action, Hand
from pokerroom.rules import events as ev

from .checks import AudienceChecker, AwardChecker, CardTracker, ChipLedger, check_betting_bounds
from .hands import Setup, examples, play, setups

HANDS = 1200

many_hands = settings(
    max_examples=examples(HANDS),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@many_hands
@given(setups())
def test_S1_S11_B11_B12_chips_conserved(setup: Setup) -> None:
    """S1, S11, B11, B12: chips are conserved at every step.

    While the hand is on, the stacks plus the chips put in equal the starting
    total (and each position's stack plus what it put in equals its starting
    stack); at the end the stacks plus the rake equal it.  The stacks rebuilt
    from the events (posts, calls, bets, returned bets, awards) equal the
    hand's stacks after every action.
    """
    ledger: ChipLedger | None = None

    def after(hand: Hand, action: Action | None, events: list[ev.Event]) -> None:
        nonlocal ledger
        if ledger is None:
            ledger = ChipLedger(hand)
        ledger.step(hand, events)

    hand = play(setup, after)
    assert hand.is_over


@many_hands
@given(setups())
def test_D1_D3_no_card_dealt_twice(setup: Setup) -> None:
    """D1, D3: no card is dealt twice, and no burned card is dealt -- but by the
    short-stub rules.

    Every card dealt (each position's own ``HoleCardsDealt`` copy, ``BoardDealt``)
    is in the variant's deck; a card is at most once among the cards held and
    the board; outside draw games no card is dealt twice in the hand; in draw
    games a discard comes back only once the stub has run out -- an earlier
    draw's first, then this draw's, never to the position that threw it away.  A
    burned card is dealt only on stud's seventh street with a short stub (I9
    cases A and C: the earlier burns mixed with the stub).  What the events deal
    matches ``hand.hole`` and ``hand.board`` at every step.
    """
    deck = setup.deck()
    tracker: CardTracker | None = None

    def after(hand: Hand, action: Action | None, events: list[ev.Event]) -> None:
        nonlocal tracker
        if tracker is None:
            tracker = CardTracker(hand, deck)
        tracker.step(hand, events)

    play(setup, after, deck=deck)


@many_hands
@given(setups())
def test_D4_S3_S4_events_never_leak_hidden_cards(setup: Setup) -> None:
    """D4, S3, S4: an event for everyone (audience None) never names a face-down
    card of a position before that position's hand is shown, nor any discard; a position's
    own copy of an event (its hole cards, its discards) goes to that position
    only; a shown hand is the hand held."""
    checker: AudienceChecker | None = None

    def after(hand: Hand, action: Action | None, events: list[ev.Event]) -> None:
        nonlocal checker
        if checker is None:
            checker = AudienceChecker(hand)
        checker.step(hand, events)

    play(setup, after)


@many_hands
@given(setups())
def test_D1_configuration_deck_and_log_reproduce_the_hand(setup: Setup) -> None:
    """D1 (reproducible deals): the configuration, the deck order and
    ``hand.log`` reproduce the hand exactly -- the same events, one by one, and
    the same stacks -- in every variant, draw games' reshuffled stubs included."""
    hand = play(setup)
    again = setup.hand()
    for position, action in hand.log:
        again.act(action, position=position)
    assert again.events == hand.events
    assert again.stacks == hand.stacks and again.is_over


@many_hands
@given(setups())
def test_B2_B4_B5_B8_S2_S10_betting_bounds_and_awards(setup: Setup) -> None:
    """B2, B5-B8: at every step the call is what is owed (all-in for less when
    short), a raise goes above the current bet and no further than the chips
    (no limit: exactly all-in; fixed limit: one bet at most; pot limit: at
    least the minimum bet).  B4, S2, S10: a folded or mucked hand wins nothing,
    side pots are awarded before the main pot, split pots are split evenly to
    the chip unit, and a hand everyone else folded to is never shown and takes
    the whole pot."""
    awards: AwardChecker | None = None

    def after(hand: Hand, action: Action | None, events: list[ev.Event]) -> None:
        nonlocal awards
        if awards is None:
            awards = AwardChecker(hand)
        awards.step(hand, events)
        check_betting_bounds(hand)

    play(setup, after)
