"""Acting ahead and seeing the action (issue 14, item 2): pre-actions checked
against the hand when the turn comes, the seats' action labels, and the time bank
(used past the action clock, refilled, kept across a restart)."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pokerroom.rules.actions import BetRaise, CheckCall, Fold
from pokerroom.rules.engine import Phase
from pokerroom.rules.legal import LegalActions
from pokerroom.server.actors.preactions import Cancelled, PreAction, label, resolve
from pokerroom.server.app import create_app
from pokerroom.server.tables.actor import TableActor
from tests.server.conftest import (
    HOST_KEYS,
    actor_of,
    add_bot,
    join,
    new_table,
    paused,
    receive_until,
    seat_socket,
    wait_until,
)


def _send(ws: Any, message: dict[str, Any]) -> None:
    ws.send_text(json.dumps(message))


@contextmanager
def _three_people(client: TestClient, **fields: Any) -> Iterator[
        tuple[str, TableActor, dict[int, Any]]]:
    """Alice, Bob and Carol at seats 0-2 of a table with a long clock, each with a
    socket (by seat), the first hand dealt to all three."""
    table = new_table(client, action_seconds=600, **fields)
    with paused(client, table):
        tokens = [join(client, table, name, seat)
                  for seat, name in enumerate(("Alice", "Bob", "Carol"))]
    actor = actor_of(client, table)
    with ExitStack() as stack:
        sockets = {seat: stack.enter_context(seat_socket(client, f"/ws/tables/{table}", t))
                   for seat, t in enumerate(tokens)}
        wait_until(lambda: actor.table.hand is not None and actor._actor_seat() is not None)
        yield table, actor, sockets


def _positions(actor: TableActor) -> tuple[int, int, int]:
    """Preflop, three-handed: the button acts first, then the small and big blinds."""
    first = actor._actor_seat()
    assert first is not None
    order = [first, (first + 1) % 3, (first + 2) % 3]
    return order[0], order[1], order[2]


def _acts(ws: Any, action: str, to: int | None = None) -> None:
    _send(ws, {"type": "act", "action": action, **({"to": to} if to is not None else {})})


def test_a_changed_bet_cancels_call_n_and_the_player_acts(client: TestClient) -> None:
    """'Call 1' chosen by the small blind; the button raises to 6: on the small
    blind's turn the pre-action is cancelled (the socket is told why, with the new
    call), nothing is played for them, and the choice is gone from their state."""
    with _three_people(client) as (_table, actor, ws):
        button, small, _big = _positions(actor)
        _send(ws[small], {"type": "preaction", "kind": "call", "amount": 1})
        wait_until(lambda: actor.seats[small].preaction == PreAction("call", 1))
        _acts(ws[button], "bet_raise", 6)
        told = receive_until(ws[small], lambda m: m["type"] == "error")
        assert told["reason"] == "preaction_cancelled", told
        assert "call 1" in told["message"] and "now 5" in told["message"]
        assert actor._actor_seat() == small and actor.seats[small].preaction is None
        hand = actor.table.hand
        assert hand is not None and not hand.folded[actor._engine_seat(small)]
        state = receive_until(ws[small], lambda m: m["type"] == "state"
                       and m["state"]["you"]["legal"] is not None)["state"]
        assert state["you"]["preaction"] is None and state["you"]["legal"]["call"] == 5


def test_call_n_unchanged_call_any_and_check_fold_play_on_their_turn(
        client: TestClient) -> None:
    """The button calls 2: the small blind's 'call 1' completes at once, the big
    blind's 'check/fold' checks (no bet), and the flop comes with no one asked.
    On the flop the big blind's 'fold to any bet' and the button's 'check/fold'
    both fold to the small blind's bet; the labels read 'Call', 'Check', then each
    street starts without any."""
    with _three_people(client) as (_table, actor, ws):
        button, small, big = _positions(actor)
        _send(ws[small], {"type": "preaction", "kind": "call", "amount": 1})
        _send(ws[big], {"type": "preaction", "kind": "check_fold"})
        wait_until(lambda: actor.seats[big].preaction is not None
                   and actor.seats[small].preaction is not None)
        hand = actor.table.hand
        assert hand is not None
        _acts(ws[button], "check_call")
        wait_until(lambda: hand.street == 1)  # both pre-actions played: the flop
        assert actor._actor_seat() == small
        assert actor.labels == {}  # a new street: no labels yet
        names = {seat: actor.seats[seat].name for seat in (button, small, big)}
        log = "\n".join(actor.log)
        assert (f"{names[button]} calls 2\n{names[small]} calls 1\n{names[big]} checks\n"
                "-- flop --") in log, log
        _send(ws[big], {"type": "preaction", "kind": "fold_to_bet"})
        _send(ws[button], {"type": "preaction", "kind": "check_fold"})
        wait_until(lambda: actor.seats[big].preaction is not None
                   and actor.seats[button].preaction is not None)
        _acts(ws[small], "bet_raise", 4)
        wait_until(lambda: hand.is_over or actor.table.hand is not hand)
        name = {seat: actor.seats[seat].name for seat in (button, small, big)}
        log = "\n".join(actor.log)
        flop = log[log.index("-- flop --"):]
        assert (f"{name[small]} bets 4\n{name[big]} folds\n{name[button]} folds\n"
                in flop), log


def test_fold_to_any_bet_never_checks_and_a_new_street_clears_it(client: TestClient) -> None:
    """The big blind's 'fold to any bet' with nothing to call waits: it is their turn,
    with the choice still shown; they check themselves and on the flop it is gone."""
    with _three_people(client) as (_table, actor, ws):
        button, small, big = _positions(actor)
        _send(ws[big], {"type": "preaction", "kind": "fold_to_bet"})
        wait_until(lambda: actor.seats[big].preaction is not None)
        _acts(ws[button], "check_call")
        wait_until(lambda: actor._actor_seat() == small)
        assert actor.labels.get(button) == "Call"
        _acts(ws[small], "check_call")
        wait_until(lambda: actor._actor_seat() == big)
        state = receive_until(ws[big], lambda m: m["type"] == "state"
                       and m["state"]["you"]["legal"] is not None)["state"]
        assert state["you"]["preaction"] == {"kind": "fold_to_bet", "amount": None}
        assert state["you"]["legal"]["check"] is True
        assert state["seats"][button]["label"] == "Call"
        _acts(ws[big], "check_call")
        hand = actor.table.hand
        assert hand is not None
        wait_until(lambda: hand.street == 1)
        assert actor.seats[big].preaction is None and not hand.folded[actor._engine_seat(big)]


def test_a_pre_action_is_refused_clearly_where_it_cannot_apply(client: TestClient) -> None:
    """On your own turn (act instead), 'call' without the amount, a kind the room
    does not know, and a spectator's: each refused saying why, nothing kept."""
    with _three_people(client) as (table, actor, ws):
        button, small, _big = _positions(actor)
        _send(ws[button], {"type": "preaction", "kind": "call_any"})
        assert receive_until(ws[button], lambda m: m["type"] == "error")["reason"] == "in_turn"
        _send(ws[small], {"type": "preaction", "kind": "call"})
        told = receive_until(ws[small], lambda m: m["type"] == "error")
        assert told["reason"] == "missing_amount" and "amount" in told["message"]
        _send(ws[small], {"type": "preaction", "kind": "call_everything"})
        told = receive_until(ws[small], lambda m: m["type"] == "error")
        assert told["reason"] == "bad_message" and "check_fold" in told["message"]
        assert all(m.preaction is None for m in actor.seats.values())
        with seat_socket(client, f"/ws/tables/{table}", None) as watcher:
            _send(watcher, {"type": "preaction", "kind": "check_fold"})
            assert receive_until(watcher, lambda m: m["type"] == "error")["reason"] == "spectator"


def _legal(**fields: Any) -> LegalActions:
    return LegalActions(phase=Phase.BETTING, position=0, **fields)


@pytest.mark.parametrize(("pre", "legal", "expected"), [
    (PreAction("check_fold"), _legal(fold=True, check=True), CheckCall()),
    (PreAction("check_fold"), _legal(fold=True, call=4), Fold()),
    (PreAction("call_any"), _legal(fold=True, call=40), CheckCall()),
    (PreAction("call_any"), _legal(fold=True, check=True), CheckCall()),
    (PreAction("call", 4), _legal(fold=True, call=4), CheckCall()),
    (PreAction("fold_to_bet"), _legal(fold=True, call=2), Fold()),
    (PreAction("fold_to_bet"), _legal(fold=True, check=True), None),
    (PreAction("call_any"), dataclasses.replace(_legal(), phase=Phase.DRAWING,
                                                max_discard=3), None),
])
def test_what_each_pre_action_does_on_the_turn(pre: PreAction, legal: LegalActions,
                                                expected: Any) -> None:
    assert resolve(pre, legal) == expected


def test_call_n_is_cancelled_by_any_other_call() -> None:
    for owed in (0, 3, 5):
        outcome = resolve(PreAction("call", 4), _legal(fold=True, call=owed or None,
                                                       check=owed == 0))
        assert isinstance(outcome, Cancelled), owed


def test_labels_name_the_action() -> None:
    assert label(Fold(), owed=2, bet_before=2, all_in=False) == "Fold"
    assert label(CheckCall(), owed=2, bet_before=2, all_in=False) == "Call"
    assert label(CheckCall(), owed=0, bet_before=0, all_in=False) == "Check"
    assert label(CheckCall(), owed=0, bet_before=2, all_in=False) == "Check"  # the big blind
    assert label(BetRaise(10), owed=0, bet_before=0, all_in=False) == "Bet 10"
    assert label(BetRaise(12), owed=2, bet_before=2, all_in=False) == "Raise 12"
    assert label(BetRaise(200), owed=2, bet_before=2, all_in=True) == "All-in"


# ---------------------------------------------------------------- time bank


def test_the_time_bank_runs_past_the_clock_and_survives_a_restart(db_url: str) -> None:
    """Alice (connected) lets the 0.3 s clock run out: her 5 s bank starts (the log
    says so, the state marks the deadline as the bank's); she folds a moment later and
    keeps what she did not use.  After a restart her sitting has the same bank."""
    app = create_app(db_url, bot_delay=0.0, pause_between_hands=0.0, seed=7)
    with TestClient(app) as client:
        table = new_table(client, action_seconds=0.3, time_bank=5, time_bank_every=1000)
        with paused(client, table):
            alice = join(client, table, "Alice", 0)
            bob = join(client, table, "Bob", 1)
        actor = actor_of(client, table)
        with seat_socket(client, f"/ws/tables/{table}", alice) as wa, \
                seat_socket(client, f"/ws/tables/{table}", bob) as wb:
            wait_until(lambda: actor.table.hand is not None)
            if actor._actor_seat() == 1:  # Bob acts first: he calls
                _acts(wb, "check_call")
            wait_until(lambda: actor._actor_seat() == 0)
            wait_until(lambda: any("Alice uses the time bank (5 s)" in line
                                   for line in actor.log))
            state = receive_until(wa, lambda m: m["type"] == "state" and m["state"]["hand"]
                           and m["state"]["hand"]["time_bank"])["state"]
            assert state["hand"]["deadline"] - state["now"] > 3
            host = {"host": HOST_KEYS[table]}
            assert client.post(f"/api/tables/{table}/pause", json=host).status_code == 200
            time.sleep(0.5)
            _acts(wa, "fold")
            wait_until(lambda: actor.table.hand is None)
            left = actor.seats[0].time_bank
            assert left is not None and 3.0 < left < 4.8, left
            assert actor.seats[1].time_bank is None  # Bob never needed his: full
            shown = receive_until(wa, lambda m: m["type"] == "state" and m["state"]["hand"] is None)
            assert shown["state"]["seats"][0]["time_bank"] == round(left)
            assert shown["state"]["seats"][1]["time_bank"] == 5
    again = create_app(db_url, bot_delay=0.0, pause_between_hands=0.0, seed=7)
    with TestClient(again) as client:
        restored = actor_of(client, table)
        assert restored.seats[0].time_bank == pytest.approx(left, abs=0.001)
        assert restored.seats[1].time_bank is None


def test_the_time_bank_is_refilled_every_n_hands_and_not_used_when_away(
        client: TestClient) -> None:
    """Alice is not connected: she times out at the action clock, her bank untouched
    (an absent player does not hold up the table); each hand (every 1) adds 2 s to
    her 1 s, up to the full 5."""
    table = new_table(client, action_seconds=0.05, time_bank=5, time_bank_refill=2,
                      time_bank_every=1, sit_out_after=100)
    with paused(client, table):
        join(client, table, "Alice", 0)
        add_bot(client, table, "station")
        actor = actor_of(client, table)
        actor.seats[0].time_bank = 1.0
    wait_until(lambda: (actor.seats[0].time_bank or 5) >= 3.0)
    assert not any("uses the time bank" in line for line in actor.log)
    wait_until(lambda: actor.seats[0].time_bank is None)  # full again: 1 + 2 + 2 > 5
