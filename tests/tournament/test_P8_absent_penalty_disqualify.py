"""P8 (TDA 30, 71): absent players are dealt in, post blinds and antes, and their hands
are killed (a stud bring-in is posted); they can be blinded out.  A penalty is missed
hands (players at the table x rounds) starting at the end of the hand; a disqualified
player's chips are removed from play."""

from __future__ import annotations

from pokerroom.cards import FULL_DECK, Deck, parse_cards
from pokerroom.rules.actions import BetRaise, BringIn, CheckCall, Fold
from pokerroom.rules.engine import Hand
from pokerroom.rules.events import BlindPosted, BringInPosted, Folded
from pokerroom.tournament import Level, Tournament
from pokerroom.tournament.events import (
    PenaltyGiven,
    PlayerDisqualified,
    PlayerEliminated,
)
from tests.tournament.conftest import floor, labels_in_order, play, tournament


def run(t: Tournament, number: int, *, others: str = "fold") -> Hand:
    """Play a hand: killed hands as the tournament says, everyone else folds (or calls)."""
    hand = t.start_hand(number)
    while not hand.is_over:
        action = t.killed_action(number)
        if action is None:
            legal = hand.legal_actions()
            if others == "call" or legal.check or legal.fold is False:
                action = CheckCall()
            else:
                action = Fold()
        hand.act(action)
    t.finish_hand(number)
    return hand


def test_P8_absent_player_is_dealt_in_posts_and_is_folded() -> None:
    t = tournament(6)
    t.start()
    order = labels_in_order(t, 1)
    absent = order[1]  # the big blind
    t.set_absent(absent)
    hand = t.start_hand(1)
    position = hand.config.names.index(absent)
    assert any(isinstance(e, BlindPosted) and e.position == position and e.amount == 10
               for e in hand.events)
    assert t.killed_action(1) is None  # not the absent player's turn yet
    hand.act(BetRaise(30))  # UTG raises
    while hand.legal_actions().position != position:
        hand.act(Fold())
    assert t.killed_action(1) == Fold()
    hand.act(Fold())
    assert Folded(None, position) in hand.events
    t.finish_hand(1)


def test_P8_absent_player_is_blinded_out() -> None:
    schedule = (Level(600, 50, 100, ante=100, big_blind_ante=True),)
    t = tournament(3, schedule=schedule, starting_stack=500, chips=(50,))
    t.start()
    t.set_absent("p01")
    for _ in range(40):
        if t.finished or not t.entry("p01").alive:
            break
        run(t, 1, others="call")
    assert not t.entry("p01").alive


def test_P8_absent_stud_player_posts_the_bring_in() -> None:
    stud = (Level(600, small_bet=20, big_bet=40, stud_ante=5, bring_in=5),)
    t = tournament(4, schedule=stud, game="stud", seats=6, chips=(5,),
                   floor=floor(final_table_seats=6))
    t.start()
    table = t.table(1)
    order = [table.players[s].name for s in table.plan().seats]  # type: ignore[union-attr]
    absent = order[2]
    t.set_absent(absent)
    ups = {absent: "2c"}
    up_cards = [parse_cards(ups.get(name, ["Ks", "Qh", "Jd", "Th"][i]))[0]
                for i, name in enumerate(order)]
    rest = [c for c in FULL_DECK if c not in up_cards]
    n = len(order)
    deck = Deck.from_order([*rest[: 2 * n], *up_cards, *rest[2 * n:]])
    hand = t.start_hand(1, deck=deck)
    assert t.killed_action(1) == BringIn()
    hand.act(BringIn())
    position = hand.config.names.index(absent)
    assert any(isinstance(e, BringInPosted) and e.position == position for e in hand.events)
    while not hand.is_over:  # the others call; when it comes back the hand is folded
        killed = t.killed_action(1)
        if hand.legal_actions().position == position:
            assert killed == Fold()
        hand.act(killed or CheckCall())
    assert Folded(None, position) in hand.events


def test_P8_TDA_71_penalty_is_one_hand_per_player_times_rounds() -> None:
    t = tournament(6)
    t.start()
    hand = t.start_hand(1)
    assert t.penalize("p03", rounds=2) == [PenaltyGiven(3, 12)]
    e = t.entry("p03")
    assert e.penalty_next == 12 and not e.killed  # starts at the end of this hand
    play(hand, call=())
    t.finish_hand(1)
    assert e.penalty_hands == 12 and e.killed
    for left in range(11, -1, -1):
        run(t, 1)
        assert e.penalty_hands == left
    assert not e.killed


def test_P8_disqualified_players_chips_leave_play() -> None:
    t = tournament(6)
    t.start()
    before = t.chips_expected
    events = t.disqualify("p04")
    assert events[0] == PlayerDisqualified(4, 1000)
    out = [x for x in events if isinstance(x, PlayerEliminated)]
    assert out and out[0].disqualified and out[0].place == 6
    assert t.chips_expected == before - 1000 == t.chips_at_tables()


def test_P8_disqualified_during_a_hand_is_killed_then_removed() -> None:
    t = tournament(6)
    t.start()
    hand = t.start_hand(1)
    victim = hand.config.names[0]
    assert t.disqualify(victim) == []
    assert t.entry(victim).killed
    while not hand.is_over:
        hand.act(t.killed_action(1) or CheckCall())
    result = t.finish_hand(1)
    assert any(isinstance(e, PlayerDisqualified) for e in result.events)
    assert not t.entry(victim).alive and t.entry(victim).disqualified
    assert t.chips_at_tables() == t.chips_expected
