"""Balancing a live event by the real button (issue 25, P7): the director reports the
hands each table plays, the button follows, and where the rules leave a choice the
player moved is one not moved before."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.tournament import LiveEvent, structure
from pokerroom.tournament.events import FinalTableFormed, PlayerMoved, TableBroken


def _event(players: int, seed: int) -> LiveEvent:
    event = LiveEvent(structure("turbo"), rng=random.Random(seed))
    for i in range(players):
        event.register(f"Player {i + 1}")
    event.start()
    return event


def _due_after_bust(event: LiveEvent, table: int, seat: int) -> tuple[list[int], dict[int, str]]:
    """The longest tables once the player at (``table``, ``seat``) has left, and the
    player due the big blind at each: the choice balancing has after that bust."""
    copy = pickle.loads(pickle.dumps(event))
    floor = copy.t.floor
    floor.tables[table].leave(seat)
    sizes = floor.sizes()
    top = max(sizes.values())
    longest = [n for n, size in sizes.items() if size == top]
    due = {}
    for n in longest:
        t = floor.tables[n]
        player = t.players[t.due_big_blind()]
        assert player is not None
        due[n] = player.name
    return longest, due


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_P7_sixty_players_to_the_winner_nobody_moved_twice_while_another_could_go(
        seed: int) -> None:
    """60 players on 7 tables, busts at random and a few hands at every table between
    them, to the winner: each balancing move takes the player due the big blind at one
    of the longest tables, the one moved least often so far; moves per player are
    counted over the whole event (breaking tables moves everyone at that table)."""
    rng = random.Random(seed)
    event = _event(60, seed)
    moved: Counter[str] = Counter()
    checked = 0
    while not event.t.finished:
        t = event.t
        for n, table in list(t.floor.tables.items()):
            if len(table.seated()) >= 2 and not t.h4h.active:
                event.hands_played(n, rng.randint(1, 3))
        if t.h4h.active:  # P5: a bust at one table, the others' hands done
            first, *rest = sorted(t.h4h.tables - t.h4h.done)
            seat = rng.choice(sorted(t.floor.tables[first].seated()))
            report = event.busts([(first, seat)])
            for n in rest:
                if n in event.t.floor.tables and event.t.h4h.active:
                    event.hand_done(n)
            continue
        n = rng.choice(sorted(t.floor.tables))
        seat = rng.choice(sorted(t.floor.tables[n].seated()))
        longest, due = _due_after_bust(event, n, seat)
        report = event.busts([(n, seat)])
        balance = [e for e in report.events if isinstance(e, PlayerMoved)
                   and e.reason == "balance"]
        simple = not any(isinstance(e, TableBroken | FinalTableFormed) for e in report.events)
        if simple and len(balance) == 1:
            move = balance[0]
            name = event.t.entries[move.entry].label
            assert move.from_table in longest, (move, longest)
            assert name == due[move.from_table]
            assert moved[name] == min(moved[due[k]] for k in longest), (
                name, {due[k]: moved[due[k]] for k in longest})
            checked += 1
        for e in report.events:
            if isinstance(e, PlayerMoved):
                moved[event.t.entries[e.entry].label] += 1
    assert checked >= 5, checked  # the rule was put to the test, not skipped
    assert event.t.players_left == 1


def test_P7_hands_played_move_the_button_and_the_player_due_the_big_blind() -> None:
    event = _event(9, 5)
    (number, table), = event.t.floor.tables.items()
    button = event.buttons[number]
    due = event.due_big_blind(number)
    event.hands_played(number)
    seats = sorted(table.seated())
    after = seats[(seats.index(button) + 1) % len(seats)]
    assert event.buttons[number] == after
    assert event.due_big_blind(number) == seats[(seats.index(due) + 1) % len(seats)]
    event.hands_played(number, 9)  # a whole orbit: back where it was
    assert event.buttons[number] == after


def test_hands_played_refuses_what_cannot_be_and_changes_nothing() -> None:
    event = _event(9, 5)
    number = next(iter(event.t.floor.tables))
    before = dict(event.buttons)
    for hands in (0, -1, 101):
        with pytest.raises(ConfigError, match="hands played are 1-100"):
            event.hands_played(number, hands)
    with pytest.raises(IllegalActionError):
        event.hands_played(99)
    assert event.buttons == before


def test_a_floor_pickled_before_moves_were_counted_comes_back_with_none() -> None:
    event = _event(20, 3)
    state = event.t.floor.__getstate__()
    del state[1]["moved"]
    floor = type(event.t.floor).__new__(type(event.t.floor))
    floor.__setstate__(state)
    assert floor.moved == {} and floor.seats == event.t.floor.seats


def _knockout(players: int) -> LiveEvent:
    from dataclasses import replace

    event = LiveEvent(replace(structure("turbo"), bounty=1_000), rng=random.Random(4))
    for i in range(players):
        event.register(f"Player {i + 1}")
    event.start()
    return event


def test_a_live_knockout_pays_each_bounty_to_who_won_the_chips() -> None:
    """A bust reported with the seat that won its chips: that player wins the bounty
    (said on the floor's list); one reported without: its bounty goes to the winner at
    the end; every bounty paid in is paid out."""
    event = _knockout(4)
    (number, table), = event.t.floor.tables.items()
    seats = sorted(table.seated())
    names = {s: p.name for s, p in table.seated().items()}
    report = event.busts([(number, seats[0])], knocked_out_by={(number, seats[0]): seats[1]})
    texts = [i.text for i in report.instructions]
    assert f"{names[seats[1]]} wins {names[seats[0]]}'s bounty 1,000" in texts, texts
    event.busts([(number, seats[2])])  # nobody named
    event.busts([(number, seats[3])], knocked_out_by={(number, seats[3]): seats[1]})
    assert event.t.finished
    won = {event.t.entries[e].label: amount for e, amount in event.t.bounties.won.items()}
    # two knockouts, its own, and the one nobody was named for
    assert won == {names[seats[1]]: 4_000}
    assert event.t.bounties.paid == 4 * 1_000


def test_a_knockout_by_an_empty_seat_or_a_player_busting_too_is_refused() -> None:
    event = _knockout(6)
    (number, table), = event.t.floor.tables.items()
    seats = sorted(table.seated())
    empty = next(s for s in range(table.seat_count) if table.players[s] is None)
    for by, where in ((empty, [(number, seats[0])]),
                      (seats[1], [(number, seats[0]), (number, seats[1])])):
        with pytest.raises(ConfigError, match="no player still in"):
            event.busts(where, knocked_out_by={(number, seats[0]): by})
        assert event.t.players_left == 6  # nothing changed
    with pytest.raises(ConfigError, match="names a bust of this report"):
        event.busts([(number, seats[0])], knocked_out_by={(number, seats[2]): seats[1]})
    assert event.t.players_left == 6
