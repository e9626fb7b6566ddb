"""Registration, late registration and re-entry; rebuys and add-ons; the prize pool."""

from __future__ import annotations

import pytest

from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.tournament import AddOn, Rebuy, Tournament
from pokerroom.tournament.events import (
    ChipsBought,
    PlayerEliminated,
    PlayerRegistered,
    RegistrationClosed,
    TableOpened,
)
from tests.tournament.conftest import bust, labels_in_order, play, tournament


def test_register_and_withdraw_before_the_start() -> None:
    t = tournament(3)
    with pytest.raises(IllegalActionError):
        t.register("p01")
    t.unregister("p02")
    assert [(e.number, e.name) for e in t.entries.values()] == [(1, "p01"), (2, "p03")]
    with pytest.raises(ConfigError):
        t.register("  ")


def test_late_registration_seats_at_the_shortest_table_then_closes() -> None:
    t = tournament(17, late_registration_levels=1)
    t.start()
    assert t.floor.sizes() == {1: 9, 2: 8}
    events = t.register("late")
    reg = events[0]
    assert isinstance(reg, PlayerRegistered) and reg.table == 2
    assert t.floor.sizes() == {1: 9, 2: 9}
    assert t.chips_expected == 18_000 == t.chips_at_tables()
    events = t.register("later")  # every seat taken: a new table, then balancing
    assert any(isinstance(e, TableOpened) for e in events)
    sizes = sorted(t.floor.sizes().values())
    assert sizes[-1] - sizes[0] <= 1 and sum(sizes) == 19
    assert RegistrationClosed(19) in t.advance(600)
    with pytest.raises(IllegalActionError) as e:
        t.register("too late")
    assert e.value.reason == "registration_closed"


def test_reentry_during_late_registration() -> None:
    t = tournament(9, late_registration_levels=2, reentries=1)
    t.start()
    victim = labels_in_order(t, 1)[3]
    bust(t, 1, [victim])
    t.finish_hand(1)
    assert not t.entry(victim).alive
    t.register(victim)
    assert t.entry(victim).label == f"{victim} (2)" and t.entry(victim).alive
    assert len(t.entries) == 10 and t.prize_pool() == 1000
    again = f"{victim} (2)"
    while again not in labels_in_order(t, 1):  # seated between the blinds: waits a hand
        play(t.start_hand(1), call=())
        t.finish_hand(1)
    bust(t, 1, [again])
    t.finish_hand(1)
    with pytest.raises(IllegalActionError) as e:
        t.register(victim)
    assert e.value.reason == "no_reentry"


def rebuy_event() -> Tournament:
    return tournament(6, rebuy=Rebuy(chips=1000, price=100, last_level=2, max_per_entry=1),
                      add_on=AddOn(chips=2000, price=100, after_level=2))


def test_busted_player_may_rebuy_in_the_rebuy_period() -> None:
    t = rebuy_event()
    t.start()
    victim = labels_in_order(t, 1)[2]
    bust(t, 1, [victim])
    result = t.finish_hand(1)
    entry = t.entry(victim)
    assert result.busted == (entry.number,) and entry.deciding_rebuy
    assert not any(isinstance(e, PlayerEliminated) for e in result.events)
    assert t.rebuy(victim) == [ChipsBought(entry.number, "rebuy", 1000, 100)]
    assert entry.alive and t.prize_pool() == 700
    assert t.chips_at_tables() == t.chips_expected == 7000
    bust(t, 1, [victim])  # the one rebuy allowed is used: out at once
    events = t.finish_hand(1).events
    assert [x.place for x in events if isinstance(x, PlayerEliminated)] == [6]
    with pytest.raises(IllegalActionError) as e:
        t.rebuy(victim)
    assert e.value.reason == "eliminated"


def test_a_player_busted_in_the_rebuy_period_may_rebuy_after_it_ends() -> None:
    """The table waits for a busted player's answer; the period ending meanwhile does
    not take the rebuy away (it was refused, and the table went on waiting for the
    answer until its deadline -- under hand-for-hand, every table with it).  Others
    may not rebuy once the period is over."""
    t = rebuy_event()
    t.start()
    victim = labels_in_order(t, 1)[2]
    bust(t, 1, [victim])
    t.finish_hand(1)
    t.advance(1200)
    assert t.level == 3  # the rebuys ended with level 2
    entry = t.entry(victim)
    assert entry.deciding_rebuy
    assert t.rebuy(victim) == [ChipsBought(entry.number, "rebuy", 1000, 100)]
    assert entry.alive and not entry.deciding_rebuy
    assert t.chips_at_tables() == t.chips_expected == 7000
    with pytest.raises(IllegalActionError) as e:
        t.rebuy(victim)
    assert e.value.reason == "rebuys_over"


def test_declined_rebuy_is_an_elimination() -> None:
    t = rebuy_event()
    t.start()
    victim = labels_in_order(t, 1)[2]
    bust(t, 1, [victim])
    t.finish_hand(1)
    events = t.decline_rebuy(victim)
    assert [x.place for x in events if isinstance(x, PlayerEliminated)] == [6]


def test_undecided_rebuy_is_declined_when_the_table_deals_again() -> None:
    t = rebuy_event()
    t.start()
    victim = labels_in_order(t, 1)[2]
    bust(t, 1, [victim])
    t.finish_hand(1)
    t.start_hand(1)
    assert not t.entry(victim).alive
    assert any(isinstance(e, PlayerEliminated) and e.place == 6 for e in t.log)


def test_add_on_once_in_its_level() -> None:
    t = rebuy_event()
    t.start()
    with pytest.raises(IllegalActionError) as e:
        t.add_on("p01")
    assert e.value.reason == "add_on_closed"
    t.advance(600)
    t.add_on("p01")
    with pytest.raises(IllegalActionError):
        t.add_on("p01")
    assert t.prize_pool() == 700 and t.chips_expected == 8000
    t.advance(600)
    with pytest.raises(IllegalActionError):
        t.rebuy("p02")
