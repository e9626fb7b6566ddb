"""Knockout bounties (issue 24 item 8): the bounty on a busted player's head goes to
the winners of the pots that player was eligible for (S1), in proportion to what each
won of them, the odd cent by S10 (the first player left of the button: the lowest
position); paid when the player is out for good; every bounty paid in is paid out."""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.rules.events import PotAwarded
from pokerroom.server.tournaments.views import money_view
from pokerroom.tournament import AddOn, Rebuy
from pokerroom.tournament.bounties import bounty_shares
from pokerroom.tournament.events import BountyWon, PlayerEliminated
from pokerroom.tournament.results_sheet import paid_in
from pokerroom.tournament.simulate import simulate
from tests.tournament.conftest import bust, labels_in_order, small_structure, tournament


def award(pot: int, *amounts: tuple[int, int], half: str = "whole") -> PotAwarded:
    return PotAwarded(None, pot, half, tuple(amounts), "")


# ------------------------------------------------------------------ the split


def test_S1_one_winner_of_the_only_pot_takes_the_whole_bounty() -> None:
    assert bounty_shares(1_000, 0, [(600, (0, 1))], [award(0, (1, 600))]) == [(1, 1_000)]


def test_S1_side_pot_the_busted_player_was_not_in_earns_no_share() -> None:
    """S1: position 0 was all in for the main pot only: the side pot's winner (1)
    won none of its chips and none of its bounty."""
    pots = [(900, (0, 1, 2)), (400, (1, 2))]
    awards = [award(1, (1, 400)), award(0, (2, 900))]
    assert bounty_shares(1_000, 0, pots, awards) == [(2, 1_000)]


def test_S10_tied_winners_split_the_bounty_odd_cent_to_the_first_left_of_the_button() -> None:
    """S10: two winners of equal shares; the odd cent goes to the lower position."""
    pots = [(900, (0, 1, 2))]
    awards = [award(0, (2, 450), (1, 450))]
    assert bounty_shares(1_001, 0, pots, awards) == [(1, 501), (2, 500)]


def test_S8_S10_high_low_winners_share_in_proportion_to_what_they_won() -> None:
    """S8: 1 scoops the high half and shares the low with 2: 900 to 300 of the pot,
    so 3/4 and 1/4 of the bounty; the cent the proportion leaves to the lower position
    (S10)."""
    pots = [(1_200, (0, 1, 2))]
    awards = [award(0, (1, 600), half="high"), award(0, (1, 300), (2, 300), half="low")]
    assert bounty_shares(1_000, 0, pots, awards) == [(1, 750), (2, 250)]
    assert bounty_shares(1_001, 0, pots, awards) == [(1, 751), (2, 250)]
    assert sum(s for _, s in bounty_shares(997, 0, pots, awards)) == 997


def test_no_pot_won_by_anyone_else_no_hunter() -> None:
    assert bounty_shares(1_000, 0, [(600, (1, 2))], [award(0, (1, 600))]) == []


# ------------------------------------------------------------------ in an event


def test_bust_pays_the_winner_the_bounty_with_the_place() -> None:
    t = tournament(6, bounty=500)
    t.start()
    order = labels_in_order(t, 1)
    victim, winner = order[0], order[-1]
    bust(t, 1, [victim], winner=winner)
    events = list(t.finish_hand(1).events)
    out = next(i for i, e in enumerate(events) if isinstance(e, PlayerEliminated))
    v, w = t.entry(victim).number, t.entry(winner).number
    assert events[out + 1] == BountyWon(w, v, 500)
    assert t.bounties.won == {w: 500}
    again = pickle.loads(pickle.dumps(t))  # the room stores the event pickled
    assert again.bounties.won == {w: 500} and again.structure.bounty == 500


def test_a_rebuy_keeps_the_bounty_on_the_players_head() -> None:
    """A busted player who rebuys is not out: nobody wins the bounty yet."""
    t = tournament(6, bounty=500, rebuy=Rebuy(chips=1000, price=100, last_level=2))
    t.start()
    victim = labels_in_order(t, 1)[0]
    bust(t, 1, [victim])
    result = t.finish_hand(1)
    assert t.entry(victim).deciding_rebuy
    t.rebuy(victim)
    assert not any(isinstance(e, BountyWon) for e in result.events)
    assert t.bounties.won == {}


def test_disqualified_players_bounty_goes_to_the_winner() -> None:
    """P8: nobody busts a disqualified player at the table: the event's winner takes
    that bounty with their own."""
    t = tournament(3, bounty=500)
    t.start()
    dq = labels_in_order(t, 1)[0]
    t.disqualify(dq)
    while not t.finished:
        order = labels_in_order(t, 1)
        bust(t, 1, [order[0]], winner=order[-1])
        t.finish_hand(1)
    assert sum(t.bounties.won.values()) == 3 * 500
    winner = t.results()[0].entry
    assert t.bounties.won[winner] >= 2 * 500  # its own and the disqualified player's


@settings(max_examples=12, deadline=None, derandomize=True)
@given(players=st.integers(2, 14), bounty=st.integers(0, 5_000), seed=st.integers(0, 10**6),
       fee=st.integers(0, 3_000), rebuys=st.booleans())
def test_money_view_adds_up_to_what_players_paid(players: int, bounty: int, seed: int,
                                                 fee: int, rebuys: bool) -> None:
    """The pool, the bounties and the fees add up to what the players paid, and once
    the event is over every bounty paid in has been won."""
    changes: dict[str, object] = {"bounty": bounty, "fee": fee}
    if rebuys:
        changes.update(rebuy=Rebuy(1000, 100, last_level=3),
                       add_on=AddOn(1500, 100, after_level=3))
    s = small_structure(**changes)
    t, _ = simulate(s, players, rng=random.Random(seed), rebuy_rate=0.5)
    m = money_view(s, t)
    paid = sum(paid_in(s, e) for e in t.entries.values())
    pool = m["buy_ins"] + m["rebuy_money"] + m["add_on_money"]
    assert pool == m["prize_pool"]  # no guarantee here
    assert pool + m["bounties"] + m["fees"] == paid
    assert m["bounties"] == len(t.entries) * bounty == m["bounties_paid"]
    assert sum(f.prize for f in t.results()) == m["prize_pool"]


def test_an_event_pickled_before_bounties_comes_back_with_none() -> None:
    """The room keeps events pickled: one stored before bounties has none after a
    restart (no bounty, nothing won), and plays on."""
    t = tournament(3)
    t.start()
    del t.bounties
    back = pickle.loads(pickle.dumps(t))
    assert back.bounties.amount == 0 and back.bounties.won == {}
    order = labels_in_order(back, 1)
    bust(back, 1, [order[0]], winner=order[-1])
    back.finish_hand(1)
    assert back.bounties.won == {}
