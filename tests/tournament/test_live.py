"""Live events (issue 16): a 60-player, 7-table event run by reported busts, the floor's
instructions checked rule by rule (P1, P5, P6, P7, P9, P10)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from pokerroom.errors import ConfigError, IllegalActionError
from pokerroom.tournament import AddOn, Break, Rebuy, Structure
from pokerroom.tournament.live import LiveEvent
from pokerroom.tournament.payouts import split_evenly
from tests.tournament.conftest import levels


def live_structure(**changes: object) -> Structure:
    values: dict[str, object] = {
        "name": "live-test",
        "starting_stack": 10_000,
        "schedule": (*levels((25, 50), (50, 100), (75, 150), (100, 200)),
                     Break(600, color_up=(25,)),
                     *levels((200, 400), (300, 600), (400, 800), (500, 1000), (1000, 2000))),
        "chips": (25, 100, 500, 1000),
        "buy_in": 100,
    }
    values.update(changes)
    return Structure(**values)  # type: ignore[arg-type]


def event(players: int = 60, *, seed: int = 3, **changes: object) -> LiveEvent:
    ev = LiveEvent(live_structure(**changes), rng=random.Random(seed))
    for i in range(players):
        ev.register(f"p{i + 1:02d}")
    return ev


def seating(ev: LiveEvent) -> dict[tuple[int, int], str]:
    return {(n, s): p.name for n, t in ev.t.floor.tables.items() for s, p in t.seated().items()}


def snapshot(ev: LiveEvent) -> object:
    t = ev.t
    return (seating(ev), t.players_left, len(t.log), t.eliminations.count, dict(ev.buttons),
            t.clock.elapsed, t.h4h.active, sorted(t.h4h.done))


def sizes(ev: LiveEvent) -> list[int]:
    return sorted(len(t.seated()) for t in ev.t.floor.tables.values())


def test_P1_live_seat_draw_sixty_players_seven_tables() -> None:
    """P1: a random draw seats 60 players at 7 tables of 8 or 9, a button at each."""
    ev = event()
    report = ev.start()
    seats = seating(ev)
    assert len(ev.t.floor.tables) == 7
    assert sorted(seats.values()) == [f"p{i:02d}" for i in range(1, 61)]
    assert sizes(ev) == [8, 8, 8, 9, 9, 9, 9]
    assert [i.kind for i in report.instructions].count("seat") == 60
    assert set(ev.buttons) == set(ev.t.floor.tables)
    for n, b in ev.buttons.items():
        assert ev.table(n).players[b] is not None
    other = event(seed=4)
    other.start()
    assert seating(other) != seats  # the draw is random


def test_P7_live_bust_moves_the_player_due_the_big_blind_to_the_worst_position() -> None:
    """P7: two busts at one table leave it two short; the player due the big blind at the
    largest table moves into the short table's worst position."""
    ev = event(63)  # 7 tables of 9
    ev.start()
    ev.set_button(1, 0)
    out = [s for s in sorted(ev.table(1).seated())][3:5]
    ev.bust(1, out[0])
    assert not [i for i in ev.last.instructions if i.kind == "move"]  # one short: fine
    big = max(ev.t.floor.tables)  # ties: the highest number moves (the next to break)
    ev.set_button(big, 2)
    due = ev.due_big_blind(big)
    worst = ev.worst_position(1)
    who = ev.table(big).players[due]
    assert who is not None
    ev.bust(1, out[1])
    moves = [i for i in ev.last.instructions if i.kind == "move"]
    assert len(moves) == 1
    m = moves[0]
    assert (m.from_table, m.from_seat, m.to_table, m.to_seat) == (big, due, 1, worst)
    assert ev.seat_of(who.name) == (1, worst)
    assert "due the big blind" in m.text and f"seat {worst + 1}" in m.text
    # the worst position is the first empty seat after the last big blind (seat 3 here)
    positions = ev.table(1).positions
    assert positions is not None
    assert worst == next(s for s in range(positions.big_blind + 1, 9)
                         if ev.table(1).players[s] is None or s == worst)


def test_P7_live_table_breaks_by_seat_card_draw_when_everyone_fits() -> None:
    """P7: at 54 players seven tables of nine become six: the highest table breaks and its
    players draw for the empty seats, shortest tables first."""
    ev = event(60, seed=5)
    ev.start()
    rng = random.Random(1)
    broke = None
    while broke is None:
        n = rng.choice(sorted(ev.t.floor.tables))
        ev.bust(n, rng.choice(sorted(ev.table(n).seated())))
        broke = next((i for i in ev.last.instructions if i.kind == "break_table"), None)
    assert ev.t.players_left == 54 and broke.to_table == 7
    assert len(ev.t.floor.tables) == 6 and sizes(ev) == [9] * 6
    moves = [i for i in ev.last.instructions if i.kind == "move" and i.from_table == 7]
    assert moves and all("seat-card draw" in m.text for m in moves)
    assert all(ev.seat_of(m.entry or 0) == (m.to_table, m.to_seat) for m in moves)


def test_live_bad_reports_are_refused_and_change_nothing() -> None:
    """A bust from an empty seat, a second bust of the same player, a move the rules do
    not allow: each a clear error, nothing changed."""
    ev = event(61)
    ev.start()
    short = min(ev.t.floor.tables, key=lambda n: len(ev.table(n).seated()))
    empty = ev.table(short).empty_seats()[0]
    before = snapshot(ev)
    with pytest.raises(IllegalActionError, match=f"table {short} seat {empty + 1} is empty"):
        ev.bust(short, empty)
    table = ev.table(1)
    assert snapshot(ev) == before
    seat = min(table.seated())
    name = table.players[seat].name  # type: ignore[union-attr]
    ev.bust(1, seat)
    before = snapshot(ev)
    with pytest.raises(IllegalActionError, match=f"{name} busted from it already"):
        ev.bust(1, seat)
    assert snapshot(ev) == before
    with pytest.raises(IllegalActionError, match="names a seat twice"):
        ev.busts([(2, 0), (2, 0)])
    other = min(ev.table(2).seated())
    with pytest.raises(IllegalActionError, match="empty"):  # one bad seat: none taken
        ev.busts([(2, other), (1, seat)])
    with pytest.raises(IllegalActionError, match="no table 9"):
        ev.bust(9, 0)
    with pytest.raises(ConfigError, match="seats 1-9, not 12"):
        ev.bust(2, 11)
    assert snapshot(ev) == before
    # sizes are 8 and 9 now: a move from a table of 8 to another with an empty seat
    # would leave them 7 and 9 (P7 keeps them within one)
    short = min(ev.t.floor.tables, key=lambda n: len(ev.table(n).seated()))
    big = max(n for n in ev.t.floor.tables if n != short and ev.table(n).empty_seats())
    mover = ev.table(short).players[min(ev.table(short).seated())]
    assert mover is not None
    with pytest.raises(IllegalActionError, match="2 players apart \\(P7 allows 1\\)"):
        ev.move(mover.name, big, ev.table(big).empty_seats()[0])
    taken = min(ev.table(big).seated())
    with pytest.raises(IllegalActionError, match="is taken"):
        ev.move(mover.name, big, taken)
    assert snapshot(ev) == before


def test_P6_live_busts_on_one_hand_more_chips_finish_higher() -> None:
    """P6: two players out on one hand: more chips at the start finishes higher; equal
    stacks share the places."""
    ev = event(20)
    ev.start()
    (a, b, c, d) = [(n, s) for n in (1, 2) for s in sorted(ev.table(n).seated())[:2]]
    names = seating(ev)
    ev.busts([a, b], chips_at_start={a: 3000, b: 5000})
    places = {i.entry or 0: i.text for i in ev.last.instructions if i.kind == "eliminated"}
    assert len(places) == 2
    assert any("20th" in t for t in places.values()) and any("19th" in t for t in places.values())
    twentieth = next(e for e in places if "20th" in places[e])
    assert ev.t.entries[twentieth].label == names[a]  # fewer chips at the start
    ev.busts([c, d])
    texts = [i.text for i in ev.last.instructions if i.kind == "eliminated"]
    assert all("17th-18th (shared)" in t for t in texts) and len(texts) == 2


def run_to_the_end(ev: LiveEvent, rng: random.Random) -> list[object]:
    """Report random busts (hand-for-hand: every table reports its hand) to a winner,
    checking the floor after every report."""
    seen: list[object] = []
    tolerance = ev.structure.floor.balance_tolerance
    while not ev.t.finished:
        t = ev.t
        if t.h4h.active:
            waiting = sorted(t.h4h.tables - t.h4h.done)
            n = waiting[0]
            seated = sorted(ev.table(n).seated())
            if rng.random() < 0.4:
                ev.bust(n, rng.choice(seated))
            else:
                ev.hand_done(n)
        else:
            n = rng.choice(sorted(t.floor.tables))
            seen.extend(ev.bust(n, rng.choice(sorted(ev.table(n).seated()))).instructions)
            ev.advance(rng.choice((0, 30, 90)))
        seen.extend(ev.last.instructions)
        s = sizes(ev)
        assert s[-1] - s[0] <= tolerance or len(s) == 1, s
        assert len(set(seating(ev).values())) == t.players_left
    return seen


def test_P5_P7_P10_live_sixty_players_from_the_draw_to_a_winner() -> None:
    """The whole event by reported busts: tables balanced and broken (P7), hand-for-hand
    from two off the money to the money (P5: each hand two minutes off the clock, the
    clock still in real time), the final table re-drawn, every place paid (P10)."""
    ev = event(60, seed=11)
    ev.start()
    rng = random.Random(2)
    paid = ev.t.places_paid
    assert paid == 10  # the standard table's last tier pays ten
    seen: list[object] = []
    # play down to the bubble, then check hand-for-hand closely
    while not ev.t.h4h.active:
        n = rng.choice(sorted(ev.t.floor.tables))
        ev.bust(n, rng.choice(sorted(ev.table(n).seated())))
        seen.extend(ev.last.instructions)
    assert ev.t.players_left == paid + 2
    assert any(getattr(i, "kind", "") == "hand_for_hand_start" for i in seen)
    elapsed = ev.clock.elapsed
    ev.advance(300)
    assert ev.clock.elapsed == elapsed  # P5: real time does not run the clock
    tables = sorted(ev.t.h4h.tables)
    for n in tables:
        ev.hand_done(n)
    assert ev.clock.elapsed == elapsed + 120  # one hand: two minutes
    ev.hand_done(tables[0])
    with pytest.raises(IllegalActionError, match="waits for the other tables"):
        ev.hand_done(tables[0])
    seen.extend(run_to_the_end(ev, rng))
    kinds = Counter(getattr(i, "kind", "") for i in seen)
    assert kinds["hand_for_hand_stop"] == 1
    assert kinds["final_table"] == 1 and kinds["finished"] == 1
    assert kinds["break_table"] == 5  # seven tables down to the final one
    results = ev.t.results()
    assert len(results) == 60 and results[0].place == 1
    prizes = ev.t.prizes()
    assert sum(f.prize for f in results) == ev.t.prize_pool() == 6000 == sum(prizes)
    winners = [f for f in results if f.prize]
    assert [f.place for f in winners][:1] == [1] and len(winners) >= paid


def test_P5_live_bubble_busts_in_one_round_share_the_places_paid() -> None:
    """P5/P6: two players bust in the same hand-for-hand hand at different tables with
    one to go to the money: they share the last paid place and the one below it."""
    ev = event(60, seed=11)
    ev.start()
    rng = random.Random(2)
    while not ev.t.h4h.active:
        n = rng.choice(sorted(ev.t.floor.tables))
        ev.bust(n, rng.choice(sorted(ev.table(n).seated())))
    # 12 left, 10 paid: one bust, then a round with two busts at two tables
    n = sorted(ev.t.h4h.tables)[0]
    ev.bust(n, min(ev.table(n).seated()))
    for m in sorted(ev.t.h4h.tables - ev.t.h4h.done):
        ev.hand_done(m)
    assert ev.t.players_left == 11
    a, b = sorted(ev.t.h4h.tables)[:2]
    ev.bust(a, min(ev.table(a).seated()))
    assert not [i for i in ev.last.instructions if i.kind == "eliminated"]  # round open
    ev.bust(b, min(ev.table(b).seated()))
    for m in sorted(ev.t.h4h.tables - ev.t.h4h.done):
        ev.hand_done(m)
    out = [i.text for i in ev.last.instructions if i.kind == "eliminated"]
    share = split_evenly(ev.t.prizes()[9], 2)[0]
    assert len(out) == 2 and all("10th-11th (shared)" in t and f"{share:,}" in t for t in out)
    assert [i.kind for i in ev.last.instructions].count("hand_for_hand_stop") == 1


def test_P9_live_colour_up_at_the_break_and_the_chip_race() -> None:
    """P9: the break removes the 25 chips; the console says so; the race from the odd
    chips entered gives one new 100 chip per whole 100 (half rounds up), one each."""
    ev = event(18)
    ev.start()
    ev.advance(4 * 600 + 1)
    colour = [i for i in ev.last.instructions if i.kind == "color_up"]
    assert colour and "25 chips" in colour[0].text and "smallest chip now 100" in colour[0].text
    seats = sorted(ev.table(1).seated())
    race, report = ev.race(1, {seats[0]: 75, seats[1]: 50, seats[2]: 25, seats[3]: 0})
    assert race.new_chips == 2  # 150 of odd chips -> 1.5 -> 2
    assert len(set(race.winners)) == 2
    assert "2 chip(s) of 100" in report.instructions[0].text
    before = snapshot(ev)
    with pytest.raises(ConfigError, match="in steps of 25"):
        ev.race(1, {seats[0]: 30})
    with pytest.raises(ConfigError, match="0 to 75"):
        ev.race(1, {seats[0]: 100})
    assert snapshot(ev) == before


def test_live_rebuys_add_ons_and_late_registration() -> None:
    """A bust in the rebuy period waits for the player's answer; a rebuy puts them back;
    late registration seats at the shortest table."""
    ev = event(18, rebuy=Rebuy(10_000, 100, last_level=2), add_on=AddOn(10_000, 100, 2),
               late_registration_levels=2)
    ev.start()
    seat = min(ev.table(1).seated())
    name = ev.table(1).players[seat].name  # type: ignore[union-attr]
    ev.bust(1, seat)
    assert ev.rebuy_decisions() == [ev.t.entry(name).number]
    with pytest.raises(IllegalActionError, match="deciding on a rebuy"):
        ev.bust(1, seat)
    ev.rebuy(name)
    assert ev.t.players_left == 18 and ev.t.prize_pool() == 1900
    ev.bust(1, seat)
    ev.decline_rebuy(name)
    assert ev.t.players_left == 17
    with pytest.raises(IllegalActionError, match="busted from it already"):
        ev.bust(1, seat)
    report = ev.register("late")
    seated = [i for i in report.instructions if i.kind == "seat"]
    assert seated and "late registration" in seated[0].text
    ev.advance(600)
    ev.add_on("late")
    assert ev.t.prize_pool() == 2100


def test_live_deal_by_icm_or_chip_chop_from_entered_counts() -> None:
    """A deal at the final table from the chip counts the director enters."""
    ev = event(12)
    ev.start()
    rng = random.Random(5)
    while ev.t.players_left > 3:
        n = rng.choice(sorted(ev.t.floor.tables))
        if ev.t.h4h.active:
            for m in sorted(ev.t.h4h.tables - ev.t.h4h.done):
                ev.hand_done(m)
            continue
        ev.bust(n, rng.choice(sorted(ev.table(n).seated())))
    alive = [e.number for e in ev.t.alive()]
    with pytest.raises(ConfigError, match="every player still in"):
        ev.deal_suggestion({alive[0]: 100})
    total = ev.t.chips_expected
    counts = dict(zip(alive, (total // 2, total // 3, total - total // 2 - total // 3),
                      strict=True))
    for off, says in ((-7, "7 missing"), (1_000, "1,000 too many")):
        wrong = {**counts, alive[0]: counts[alive[0]] + off}
        with pytest.raises(ConfigError, match=f"are in play \\({says}\\)"):
            ev.deal_suggestion(wrong)
        with pytest.raises(ConfigError, match=says):
            ev.deal_question(wrong)
    deal = ev.deal_suggestion(counts)
    prizes = ev.t.prizes()
    assert sum(deal.icm) == sum(deal.chip_chop) == sum(prizes[:3])
    assert deal.icm[0] > deal.icm[1] > deal.icm[2]
    ev.make_deal(dict(zip(alive, deal.icm, strict=True)))
    assert ev.t.finished
    assert [i.kind for i in ev.last.instructions] == ["deal", "finished"]
    top = {f.entry: f.prize for f in ev.t.results() if f.entry in alive}
    assert top == dict(zip(alive, deal.icm, strict=True))


def test_P3_live_clock_pause_add_time_and_edit_level() -> None:
    """P3: levels by the clock, which the director pauses, adds and removes time to, and
    whose levels not yet over the director edits."""
    ev = event(10)
    ev.start()
    ev.advance(100)
    ev.add_time(60)
    assert ev.clock.time_left == 560
    with pytest.raises(ConfigError, match="only 40 seconds"):
        ev.add_time(41)
    ev.add_time(-600)
    assert ev.clock.level_number == 2
    ev.pause()
    ev.advance(50)
    assert ev.clock.level_number == 2 and ev.clock.time_left == 560
    with pytest.raises(IllegalActionError, match="paused"):
        ev.pause()
    ev.resume()
    ev.edit_level(3, big_blind=175, small_blind=100)
    assert (ev.t.stakes(3).small_blind, ev.t.stakes(3).big_blind) == (100, 175)
    before = snapshot(ev)
    with pytest.raises(ConfigError, match="not a multiple of the smallest chip"):
        ev.edit_level(4, big_blind=210)
    assert snapshot(ev) == before and ev.t.stakes(4).big_blind == 200
    with pytest.raises(IllegalActionError, match="level 1 is over"):
        ev.edit_level(1, seconds=900)
    with pytest.raises(ConfigError, match="at least 60 seconds"):
        ev.edit_level(2, seconds=30)


def test_P1_P7_live_final_table_redraw_and_its_button() -> None:
    """RP-9/P1: when everyone left fits at one table, they all draw for a seat at the
    final table and the button is drawn again there."""
    ev = event(30, seed=8)
    ev.start()
    rng = random.Random(4)
    final = None
    while final is None:
        t = ev.t
        if t.h4h.active:
            report = ev.hand_done(sorted(t.h4h.tables - t.h4h.done)[0])
        else:
            n = rng.choice(sorted(t.floor.tables))
            report = ev.bust(n, rng.choice(sorted(ev.table(n).seated())))
        final = next((i for i in report.instructions if i.kind == "final_table"), None)
    assert len(ev.t.floor.tables) == 1 and ev.t.players_left == 9
    drawn = [i for i in ev.last.instructions if "final table draw" in i.text]
    assert sorted(i.entry or 0 for i in drawn) == sorted(e.number for e in ev.t.alive())
    table = ev.table(final.to_table or 0)
    assert ev.buttons[table.number] == table.first_button
    assert table.players[ev.due_big_blind(table.number)] is not None


def test_P2_live_dead_button_the_big_blind_moves_on_when_the_button_busts() -> None:
    """P2: the button's player busts; the next hand's big blind is still the player after
    the last big blind (the button does not skip ahead), so that player is the one
    due to move (P7)."""
    ev = event(18)  # two tables of nine
    ev.start()
    ev.set_button(1, 0)
    positions = ev.table(1).positions
    assert positions is not None and positions.big_blind == 2
    due = ev.due_big_blind(1)
    assert due == 3
    ev.bust(1, 0)  # the button's player
    assert ev.due_big_blind(1) == 3
    ev.bust(1, 2)  # and the last big blind
    assert ev.due_big_blind(1) == 3
    ev.bust(2, min(ev.table(2).seated()))
    ev.bust(2, min(ev.table(2).seated()))
    ev.bust(1, 5)  # 6 left at table 1, 7 at table 2
    ev.set_button(2, max(ev.table(2).seated()))
    due2 = ev.due_big_blind(2)
    who = ev.table(2).players[due2]
    assert who is not None
    ev.bust(1, 6)  # 5 and 7: the player due the big blind at table 2 moves
    moved = [i for i in ev.last.instructions if i.kind == "move"]
    assert [(m.entry, m.from_table, m.from_seat) for m in moved] == [
        (ev.t.entry(who.name).number, 2, due2)]


def test_P5_live_hand_for_hand_announcement_says_the_run_off_of_the_structure() -> None:
    """P5: the announcement names the structure's run-off a hand (90 s here) and the
    face-down rule; each round takes exactly that off the clock."""
    from dataclasses import replace

    base = live_structure()
    ev = event(20, floor=replace(base.floor, hand_for_hand_seconds=90))
    ev.start()
    ev.advance(100)
    report = ev.start_hand_for_hand()
    text = report.instructions[0].text
    assert "90 seconds off the clock" in text and "face down" in text
    for n in sorted(ev.t.h4h.tables):
        ev.hand_done(n)
    assert ev.clock.elapsed == 190
    stopped = ev.stop_hand_for_hand()
    assert [i.kind for i in stopped.instructions] == ["hand_for_hand_stop"]
    with pytest.raises(IllegalActionError, match="hand-for-hand is not on"):
        ev.hand_done(1)


def test_P10_live_prizes_said_in_the_room_currency() -> None:
    """P10: the instructions say prizes in whole units, or in the room's cents."""
    ev = event(5)  # a pool of 500: 65% and 35%
    ev.currency = "$"
    ev.start()
    texts = []
    while not ev.t.finished:
        table = ev.table(1)
        texts += [i.text for i in ev.bust(1, min(table.seated())).instructions]
    assert any(t.endswith("is out in 2nd place, wins $1.75") for t in texts), texts
    assert ev.money(123456) == "$1,234.56" and ev.money(5000) == "$50"
    ev.currency = None
    assert ev.money(5000) == "5,000"


def play_to_the_final_table(ev: LiveEvent, rng: random.Random) -> None:
    """Report random busts (in hand-for-hand, every table's hand) until the final table
    is drawn."""
    while len(ev.t.floor.tables) > 1:
        t = ev.t
        if t.h4h.active:
            n = sorted(t.h4h.tables - t.h4h.done)[0]
            if rng.random() < 0.4:
                ev.bust(n, rng.choice(sorted(ev.table(n).seated())))
            else:
                ev.hand_done(n)
        else:
            n = rng.choice(sorted(t.floor.tables))
            ev.bust(n, rng.choice(sorted(ev.table(n).seated())))


BBA_SCHEDULE = (*levels((25, 50), (50, 100), (75, 150), (100, 200), ante=True),
                Break(600, color_up=(25,)), *levels((200, 400), (300, 600), ante=True))


def test_P4_live_big_blind_ante_said_at_each_level_and_not_reduced_at_the_final_table() -> None:
    """P4: with a big-blind ante the clock shows it as the big blind's, each level's
    instruction says the big blind posts the whole table's ante (ante first), and at the
    final table, however short, the ante is the level's own (never reduced)."""
    from pokerroom.tournament.display import clock_view

    ev = event(60, seed=11, schedule=BBA_SCHEDULE)
    report = ev.start()
    first = [i.text for i in report.instructions if i.kind == "level"]
    assert first == ["Level 1: 25/50, ante 50 (big blind). The big blind posts the whole "
                     "table's ante of 50 (ante first when short: P4)"]
    ev.advance(2 * 600)  # level 3: 75/150, ante 150
    assert clock_view(ev.t).stakes == "75/150, ante 150 (big blind)"
    before = ev.t.stakes()
    play_to_the_final_table(ev, random.Random(2))
    final = [i.text for i in ev.last.instructions if i.kind == "final_table"]
    assert len(final) == 1 and ev.t.players_left <= 9
    assert final[0].endswith("the ante stays 150, posted by the big blind (not reduced at "
                             "the final table: P4)")
    at_final = ev.t.stakes()
    assert (at_final.ante, at_final.big_blind_ante) == (before.ante, True) == (150, True)
    assert clock_view(ev.t).stakes == "75/150, ante 150 (big blind)"
    (n,) = ev.t.floor.tables
    while ev.t.players_left > 3:  # short-handed: still the whole ante
        ev.bust(n, min(ev.table(n).seated()))
    ev.advance(600)
    level = [i.text for i in ev.last.instructions if i.kind == "level"]
    assert level == ["Level 4: 100/200, ante 200 (big blind). The big blind posts the "
                     "whole table's ante of 200 (ante first when short: P4)"]
    assert ev.t.stakes().ante == ev.structure.level(4).ante == 200
    blind_first = event(10, schedule=BBA_SCHEDULE, floor=dataclasses.replace(
        live_structure().floor, bba_order="blind_first"))
    texts = [i.text for i in blind_first.start().instructions if i.kind == "level"]
    assert texts[0].endswith("(big blind first when short: P4)")


def test_P8_live_absent_players_are_seated_counted_and_blinded_out() -> None:
    """P8: registered players not yet arrived are seated by the draw like everyone,
    counted in the players left and the average stack, and the director busts one who
    is blinded off like anyone; the floor is told to deal them in (hand killed)."""
    from pokerroom.tournament.display import clock_view

    ev = event(60)
    for name in ("p05", "p17", "p42"):
        marked = ev.set_absent(name)
        assert [i.kind for i in marked.instructions] == ["absent"]
    report = ev.start()
    drawn = {i.entry for i in report.instructions if i.kind == "seat"}
    absent = [ev.t.entry(name) for name in ("p05", "p17", "p42")]
    assert {e.number for e in absent} <= drawn and len(drawn) == 60
    view = clock_view(ev.t)
    assert view.players_left == 60 and view.average_stack == 10_000
    assert all(e.absent for e in absent)
    table, seat = ev.seat_of("p17")
    text = ev.set_absent("p17", False).instructions[0].text
    assert text == f"p17 (table {table} seat {seat + 1}) is here: deal to them as usual"
    ev.set_absent("p17")
    assert "is absent: deal them in; they post blinds and antes and their hand is killed " \
        "after the deal (P8)" in ev.last.instructions[0].text
    # blinded off: the director reports the bust from their seat
    table, seat = ev.seat_of("p05")
    ev.bust(table, seat)
    out = [i for i in ev.last.instructions if i.kind == "eliminated"]
    assert [i.entry for i in out] == [absent[0].number] and "60th" in out[0].text
    assert ev.t.players_left == 59 and clock_view(ev.t).average_stack == 600_000 // 59
    before = (snapshot(ev), [e.absent for e in ev.t.entries.values()])
    with pytest.raises(IllegalActionError, match="p05 is out of the event"):
        ev.set_absent("p05", False)
    with pytest.raises(ConfigError, match="p42 is marked absent already"):
        ev.set_absent("p42")
    assert (snapshot(ev), [e.absent for e in ev.t.entries.values()]) == before


def test_P3_live_structure_gains_and_loses_levels_and_breaks_ahead_only() -> None:
    """P3: the director inserts and removes levels and breaks after the level in play;
    level numbers after them move, with the level that ends late registration; the level
    in progress and the past are refused with nothing changed."""
    from pokerroom.tournament.structure import Level

    ev = event(20, late_registration_levels=2)
    ev.start()
    ev.advance(100)
    ev.insert_period(1, Level(900, 50, 75))  # a new level 2
    assert ev.clock.level_number == 1 and ev.clock.time_left == 500
    assert [ev.t.stakes(n).big_blind for n in (1, 2, 3)] == [50, 75, 100]
    assert ev.structure.late_registration_levels == 3  # still the old level 2
    assert ev.clock.level_start(3) == 1500
    ev.insert_period(2, Break(300))
    assert isinstance(ev.clock.schedule[2], Break) and ev.clock.level_start(3) == 1800
    ev.remove_period(3)  # the old level 2 (50/100)
    assert [ev.t.stakes(n).big_blind for n in (2, 3)] == [75, 150]
    assert ev.structure.late_registration_levels == 2
    before = (snapshot(ev), ev.structure)
    with pytest.raises(IllegalActionError, match="cannot remove level 1, which is in "
                                                 "progress"):
        ev.remove_period(0)
    with pytest.raises(IllegalActionError, match="cannot insert before level 1, which is "
                                                 "in progress"):
        ev.insert_period(0, Level(600, 25, 50))
    with pytest.raises(ConfigError, match="a level lasts at least 60 seconds"):
        ev.insert_period(1, Level(30, 25, 50))
    with pytest.raises(ConfigError, match="not a multiple of the smallest chip"):
        ev.insert_period(1, Level(600, 30, 60))
    with pytest.raises(ConfigError, match="no position 99 in the structure"):
        ev.remove_period(99)
    assert (snapshot(ev), ev.structure) == before
    ev.advance(500 + 900 + 100)  # in the break after level 2
    with pytest.raises(IllegalActionError, match="cannot remove a period that is over"):
        ev.remove_period(1)
    with pytest.raises(IllegalActionError, match="the break after level 2, which is in "
                                                 "progress"):
        ev.remove_period(2)
    assert ev.clock.on_break
    ev.remove_period(3)  # level 3 after the break: level 4 moves up
    assert ev.t.stakes(3).big_blind == 200
    last = event(4, schedule=levels((25, 50), (50, 100)))
    last.start()
    last.advance(2 * 600 + 30)  # the last level goes on past its end
    with pytest.raises(ConfigError, match="level 2 has run past its end"):
        last.insert_period(2, Level(600, 100, 200))
    last.edit_level(2, seconds=900)
    last.insert_period(2, Level(600, 100, 200))
    assert last.clock.level_number == 2 and last.clock.time_left == 270


def test_P5_hand_for_hand_starts_when_late_registration_closes_on_the_bubble() -> None:
    """P5 (issue 25): late registration closes by the clock with the field already
    within the margin of the money: hand-for-hand starts at once, not at the next
    report (a live event has no hands of its own to end before the bubble bursts)."""
    ev = event(60, seed=11, late_registration_levels=4)
    ev.start()
    rng = random.Random(2)
    while ev.t.players_left > ev.t.places_paid + 1:
        n = rng.choice(sorted(ev.t.floor.tables))
        ev.bust(n, rng.choice(sorted(ev.table(n).seated())))
    assert ev.t.registration_open and not ev.t.h4h.active  # late players may still come
    assert len(ev.t.floor.tables) > 1
    report = ev.advance(ev.t.clock.starts[5] - ev.t.clock.elapsed + 1)  # level 5 begins
    assert not ev.t.registration_open
    assert ev.t.h4h.active, "hand-for-hand waited for a report"
    kinds = [i.kind for i in report.instructions]
    assert kinds.index("registration_closed") < kinds.index("hand_for_hand_start"), kinds


def test_P3_a_one_minute_break_is_said_in_the_singular() -> None:
    """Issue 25: "Break: 1 minutes" on the TV; lengths are said as the floor says them."""
    ev = event(20, schedule=(*levels((25, 50)), Break(60), *levels((50, 100))))
    ev.start()
    report = ev.advance(ev.t.clock.starts[1] - ev.t.clock.elapsed + 1)
    assert "Break: 1 minute" in [i.text for i in report.instructions]
