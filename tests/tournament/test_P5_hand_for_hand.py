"""P5, TDA RP-8: hand-for-hand play.  Every table plays one hand and waits; each hand
takes two minutes off the clock; players who bust on the same hand share the places paid
on the bubble (RP-8-A); all-in hands stay face down until every table is done (RP-8-F)."""

from __future__ import annotations

from collections.abc import Collection

import pytest

from pokerroom.errors import IllegalActionError
from pokerroom.rules.engine import Hand
from pokerroom.rules.events import HandShown
from pokerroom.tournament import Tournament
from pokerroom.tournament.events import (
    HandForHandEnded,
    HandForHandRoundEnded,
    HandForHandStarted,
    LevelStarted,
    PlayerEliminated,
)
from tests.tournament.conftest import (
    fifty_paid,
    floor,
    labels_in_order,
    play,
    rigged_deck,
    tournament,
)


def deal_bust(t: Tournament, number: int, victims: int = 1) -> tuple[Hand, list[str]]:
    """Deal (but do not play) a hand in which the first ``victims`` players go all in with
    junk against aces."""
    order = labels_in_order(t, number)
    winner, losers = order[-1], order[:victims]
    return t.start_hand(number, deck=rigged_deck(order, {winner: "AsAh"})), [winner, *losers]


def finish(t: Tournament, number: int, hand: Hand, who: Collection[str], shove: int = 1
           ) -> list[object]:
    _winner, *losers = who
    play(hand, shove=losers[:shove], call=who)
    return list(t.finish_hand(number).events)


def fifty_two(**options: object) -> Tournament:
    t = tournament(52, payout=fifty_paid(), floor=floor(hand_for_hand=False, **options))
    t.start()
    assert t.places_paid == 50 and t.prize_pool() == 5200
    return t


def eliminated(events: list[object]) -> list[PlayerEliminated]:
    return [e for e in events if isinstance(e, PlayerEliminated)]


def test_P5_P6_TDA_RP8_A_three_bust_on_the_announced_hand_share_50th() -> None:
    """RP-8-A: 52 left, 50 paid.  The floor announces hand-for-hand during a hand; three
    players bust on that hand, at three tables: they share the 50th-place prize."""
    t = fifty_two()
    hands = {n: deal_bust(t, n) for n in (1, 2, 3)}
    assert t.start_hand_for_hand() == [HandForHandStarted(52, 50)]
    with pytest.raises(IllegalActionError) as e:
        t.start_hand(4)  # an idle table waits for the hand in progress everywhere
    assert e.value.reason == "hand_for_hand"
    events: list[object] = []
    for n, (hand, who) in hands.items():
        events += finish(t, n, hand, who)
        if n < 3:
            assert eliminated(events) == []  # nothing is decided until every table is done
    out = eliminated(events)
    assert len(out) == 3
    assert {(e.place, e.place_to) for e in out} == {(50, 52)}
    assert sorted(e.prize for e in out) == [34, 35, 35]  # 104 shared, chip-exact
    assert t.players_left == 49
    assert any(isinstance(e, HandForHandEnded) for e in events)


def test_P5_P6_TDA_RP8_A_companion_two_bust_get_nothing() -> None:
    """DERIVED: if only two bust on that hand, 50 remain; 51st and 52nd win nothing
    (they started the hand with equal stacks, so they tie for 51st-52nd, P6)."""
    t = fifty_two()
    hands = {n: deal_bust(t, n) for n in (1, 2)}
    t.start_hand_for_hand()
    events: list[object] = []
    for n, (hand, who) in hands.items():
        events += finish(t, n, hand, who)
    out = eliminated(events)
    assert sorted((e.place, e.place_to, e.prize) for e in out) == [(51, 52, 0), (51, 52, 0)]
    assert t.players_left == 50
    assert t.h4h.active is False  # in the money: hand-for-hand is over


def test_P5_P6_four_bust_across_the_bubble_share_the_places_paid() -> None:
    """Open question in RP-8-A (section 14, P6): four bust with 52 left; places 49-52,
    of which 49 and 50 are paid: all four share those two prizes."""
    t = fifty_two()
    hands = {n: deal_bust(t, n) for n in (1, 2, 3, 4)}
    t.start_hand_for_hand()
    events: list[object] = []
    for n, (hand, who) in hands.items():
        events += finish(t, n, hand, who)
    out = eliminated(events)
    assert {(e.place, e.place_to) for e in out} == {(49, 52)}
    assert [e.prize for e in out] == [52, 52, 52, 52]


def test_P5_tables_wait_for_each_other_and_each_hand_runs_two_minutes_off() -> None:
    """Hand-for-hand starts by itself two players from the money (RP-8-A's 52 of 50);
    each round of hands takes 120 seconds off the clock, real time does not count, and
    the blinds go up when the run-off reaches the next level."""
    t = tournament(52, payout=fifty_paid())
    events = t.start()
    assert HandForHandStarted(52, 50) in events
    start = t.clock.elapsed
    tables = sorted(t.floor.tables)
    for round_ in range(1, 6):
        for n in tables:
            hand = t.start_hand(n)
            play(hand, call=())  # everyone folds to the big blind
            result = t.finish_hand(n)
            if n != tables[-1]:
                with pytest.raises(IllegalActionError):
                    t.start_hand(n)  # done for this round: waits
                assert t.advance(60) == []  # real time does not move the clock
        assert t.clock.elapsed == start + 120 * round_
        ended = [e for e in result.events if isinstance(e, HandForHandRoundEnded)]
        assert ended and ended[0].round == round_
    assert LevelStarted(2) in result.events  # 5 x 2 minutes: the 10-minute level is over
    assert t.level == 2


def test_P5_TDA_RP8_F_all_in_hands_stay_face_down_until_every_table_is_done() -> None:
    """An all-in and call at table 1: its cards and the rest of its board are held back
    and shown only when the last table finishes the hand."""
    t = fifty_two()
    t.start_hand_for_hand()
    hand, who = deal_bust(t, 1)
    play(hand, shove=who[1:], call=who)
    result = t.finish_hand(1)
    assert result.held and isinstance(result.held[0], HandShown)
    assert not any(isinstance(e, HandShown) for e in hand.events[: hand.events.index(
        result.held[0])])
    released: list[object] = []
    for n in sorted(t.floor.tables)[1:]:
        h = t.start_hand(n)
        play(h, call=())
        released += [e for e in t.finish_hand(n).events if isinstance(e, HandForHandRoundEnded)]
    assert len(released) == 1
    round_end = released[0]
    assert isinstance(round_end, HandForHandRoundEnded)
    assert [e for table, e in round_end.released if table == 1] == list(result.held)


def test_P5_no_hold_without_an_all_in() -> None:
    t = fifty_two()
    t.start_hand_for_hand()
    hand = t.start_hand(1)
    play(hand)  # everyone checks and calls to a showdown, nobody all in
    assert t.finish_hand(1).held == ()


def test_P5_director_stops_hand_for_hand() -> None:
    t = fifty_two()
    t.start_hand_for_hand()
    assert t.clock.hand_for_hand
    assert t.stop_hand_for_hand() == [HandForHandEnded(52)]
    assert not t.h4h.active and not t.clock.hand_for_hand
    t.advance(60)
    assert t.clock.elapsed == 60  # real time runs the clock again


def test_P5_P7_a_table_that_cannot_deal_sits_the_round_out() -> None:
    """P5, P7: the floor balances and breaks tables between hand-for-hand rounds only.
    Table 1 has played the round's hand when a player of table 2 (two players, its
    hand still to play) leaves between hands -- disqualified here; a declined rebuy
    or a table marked to break do the same.  Table 2 cannot deal until it is
    balanced, and balancing waits for the round to end: it sits the round out
    instead of holding every table up for good (CI: the tournament WebSocket test's
    "no winner in 40 s")."""
    t = tournament(5, seats=3, floor=floor(hand_for_hand_margin=3))
    assert HandForHandStarted(5, 2) in t.start()
    assert t.floor.sizes() == {1: 3, 2: 2}
    play(t.start_hand(1), call=())
    t.finish_hand(1)
    with pytest.raises(IllegalActionError) as e:
        t.start_hand(1)
    assert e.value.reason == "hand_for_hand"
    events = t.disqualify(labels_in_order(t, 2)[0])
    assert [x.round for x in events if isinstance(x, HandForHandRoundEnded)] == [1]
    assert t.h4h.active and t.floor.sizes() == {1: 2, 2: 2}  # balanced between rounds
    for n in (1, 2):  # the next round, at both tables
        play(t.start_hand(n), call=())
        t.finish_hand(n)
    assert t.h4h.round == 3
