"""The tournament director: the requests of players, the director and the page
(register, start, act, rebuy, ...), each run inside the event's task
(:meth:`~pokerroom.server.actors.owner.TaskOwner.submit`), the versioned state it
publishes to every connection, and saving the event.

People connect to one WebSocket for the whole event, ``/ws/tournaments/{id}``;
the state a person receives always carries the table they sit at now, so a
player moved by balancing, a broken table or the final-table draw is simply
shown the new table (no subscription to move).  Spectators pick a table.

Saving (:mod:`pokerroom.server.tournaments.store`): the event is written whole at
safe points -- every registration and request, every hand dealt or finished,
every floor change and every few seconds of play -- and each action in a hand
as it is taken, so a restart after a kill at any moment brings it back.
"""

from __future__ import annotations

import pickle
import random
import secrets
from typing import Any

from pokerroom.cards import child_rng
from pokerroom.errors import ConfigError, IllegalActionError, PokerError, Reason
from pokerroom.rules.actions import Action
from pokerroom.rules.engine import Hand
from pokerroom.server.actors.clock import Clock
from pokerroom.server.actors.owner import TaskOwner
from pokerroom.server.operations.metrics import RoomMetrics
from pokerroom.server.tournaments.play import TournamentPlay
from pokerroom.server.tournaments.scenes import TournamentScenes
from pokerroom.server.tournaments.setup import DirectorSettings, Registrant, Viewer
from pokerroom.server.tournaments.store import (
    STATE_FORMAT,
    StoredTournament,
    TournamentActionRow,
    TournamentStore,
    engine_dumps,
    engine_loads,
    registrant_from_json,
    registrant_to_json,
    run_from_json,
    run_to_json,
)
from pokerroom.server.tournaments.views import Publication, diagnosis
from pokerroom.server.wire.codec import action_from_dict, action_to_dict
from pokerroom.server.wire.messages import error
from pokerroom.server.wire.names import refuse_lookalike
from pokerroom.server.wire.protocol import error_reason
from pokerroom.tournament import Entry, Structure
from pokerroom.tournament.simulate import make_bot


class TournamentDirector(TaskOwner):
    """The owner of one tournament: it holds the play (:class:`TournamentPlay`: the
    event and its tables) and keeps its books (:class:`~pokerroom.server.tournaments.
    play.Books`), answers requests inside its task and publishes to every viewer."""

    def __init__(self, tournament_id: str, name: str, structure: Structure, *, clock: Clock,
                 settings: DirectorSettings, rng: random.Random,
                 store: TournamentStore | None = None, director_key: str | None = None
                 ) -> None:
        self.play = TournamentPlay(tournament_id, name, structure, clock=clock,
                                   settings=settings, rng=rng, books=self)
        super().__init__(f"tournament {tournament_id}")
        self.id = tournament_id
        self.name = name
        self.clock = clock
        self.viewers: set[Viewer] = set()
        self.version = 0
        self.director_key = director_key or secrets.token_urlsafe(18)
        self.store = store
        self.recorded = 0  # actions recorded since the last save
        self.scenes = TournamentScenes()  # each table's scene, versioned (deltas)

    # ------------------------------------------------------------- saving

    @property
    def metrics(self) -> RoomMetrics:
        """The room's metrics (set by the room), counted by the play."""
        return self.play.metrics

    @metrics.setter
    def metrics(self, metrics: RoomMetrics) -> None:
        self.play.metrics = metrics

    # ------------------------------------------------------------- the task

    def _step(self) -> bool:
        p = self.play
        due = p.status == "registering" and p.starts_at is not None and (
            self.clock.now() >= p.starts_at)
        if due:
            self._start_at_its_time()
        return p.step() or due

    def _next_wakeup(self) -> float | None:
        p = self.play
        if p.status == "registering" and p.starts_at is not None:
            return max(0.0, p.starts_at - self.clock.now())
        return p.next_wakeup()

    def _recover(self) -> None:
        self.play.recover()

    def _after_request(self) -> None:
        self.play.after_request()

    # ------------------------------------------------------------- the books

    def save(self) -> None:
        self.play.save_due = False
        now = self.play.saved_at = self.clock.now()
        self.recorded = 0
        if self.store is not None:
            engine = engine_dumps(self.play.t) if self.play.t.started else None
            self.store.save(self.id, state=self.state_json(now), engine=engine, saved_at=now,
                            lobby=self.lobby_row())

    def tell(self, name: str, exc: PokerError) -> None:
        for viewer in self.viewers:
            if viewer.name == name:
                viewer.push_error(error(error_reason(exc), str(exc)))

    def record_action(self, n: int, position: int, action: Action) -> None:
        if self.play.save_due:
            self.save()  # the save holds this action: nothing more to record
            return
        if self.store is not None:
            self.recorded += 1
            self.store.add_action(self.id, seq=self.recorded, table=n,
                                  hand=self.play.run_for(n).hand_number, position=position,
                                  action=action_to_dict(action))

    def record_hand(self, n: int, hand: Hand, players: dict[str, Any], held: bool) -> None:
        if self.store is not None:
            self.store.add_hand(self.id, number=self.play.run_for(n).hand_number, table=n,
                                players=players, hand=pickle.dumps(hand), held=held,
                                at=self.clock.now())

    def release_held(self) -> None:
        if self.store is not None:
            self.store.release_held(self.id)

    def state_json(self, now: float) -> dict[str, Any]:
        """Everything the room keeps about the event beside the library's tournament
        (see :mod:`pokerroom.server.tournaments.store`)."""
        p = self.play
        return {
            "format": STATE_FORMAT, "status": p.status, "started_at": p.started_at,
            "finished_at": p.finished_at, "hands": p.hands, "version": self.version,
            "chip_race_change": p.chip_race_change, "chips_removed": p.chips_removed,
            "floor_log": list(p.floor_log), "moves": p.moves.to_json(),
            "deal": p.deal.to_json(),
            "starts_at": p.starts_at,
            "registrants": [registrant_to_json(r, now) for r in p.registrants.values()],
            "runs": [run_to_json(r, now) for r in p.runs.values()],
        }

    def restore(self, stored: StoredTournament) -> str:
        """Come back as saved: the last save, then the actions recorded after it replayed
        on the hands in progress (a hand continues from its last action).  The clock
        resumes with the time left at the save.  Returns a note for the server log."""
        state, now = stored.state, self.clock.now()
        if state.get("format") != STATE_FORMAT:
            raise ConfigError(f"tournament {self.id}: stored state format "
                              f"{state.get('format')!r}, this server reads {STATE_FORMAT}")
        self.play.created_at = stored.created_at
        self.version = state["version"]
        for key in ("status", "started_at", "finished_at", "hands", "chip_race_change",
                    "chips_removed"):
            setattr(self.play, key, state[key])
        self.play.floor_log.extend(state["floor_log"])
        self.play.moves.load(state.get("moves", []))  # kept since issue 24
        self.play.deal.load(state.get("deal"))
        self.play.starts_at = state.get("starts_at")
        for data in state["registrants"]:
            reg = registrant_from_json(data, now)
            if reg.policy is not None and reg.token is None:
                reg.bot = make_bot(reg.policy, child_rng(self.play.rng))
            self.play.registrants[reg.name] = reg
            if reg.token is not None:
                self.play.tokens[reg.token] = reg.name
        if stored.engine is not None:
            self.play.t = engine_loads(stored.engine)
            self.play.structure = self.play.t.structure
        else:  # not started: the entries are the registrants, in order
            for reg in self.play.registrants.values():
                self.play.t.register(reg.name)
        self.play.runs = {r.number: r for r in (run_from_json(d, now) for d in state["runs"])}
        self.play.last_tick = now if self.play.status == "running" else None
        replayed = self._replay(stored.actions)
        for run in self.play.runs.values():
            table = self.play.t.floor.tables.get(run.number)
            if table is not None and table.hand is not None:
                run.log.append(f"Hand {run.hand_number} is resumed after a restart")
        if self.play.status == "running":
            self.play.floor_log.append("The room restarted: play resumes")
        self.play.retry = True
        self.save()
        return (f"tournament {self.id} ({self.play.status}): restored, {replayed} of "
                f"{len(stored.actions)} recorded actions replayed")

    def _replay(self, actions: list[TournamentActionRow]) -> int:
        """The actions taken after the last save, on the hands they were taken in.  One
        that no longer applies (it cannot: the save and the actions are written in
        order) is left out, and the hand goes on from the one before."""
        done = 0
        for row in actions:
            table = self.play.t.floor.tables.get(row.table_number)
            run = self.play.runs.get(row.table_number)
            hand = table.hand if table is not None else None
            if hand is None or run is None or hand.is_over or (
                    run.hand_number != row.hand_number):
                continue
            try:
                hand.act_recorded(action_from_dict(row.action), position=row.position)
            except PokerError:
                continue
            self.play.narrate_table(row.table_number)
            done += 1
        return done

    # ------------------------------------------------------- requests (inside)

    def _need_director(self, key: str) -> None:
        if not secrets.compare_digest(key, self.director_key):
            raise IllegalActionError(Reason.NOT_DIRECTOR,
                                     "only the tournament's director may do that")

    def check_director(self, key: str) -> None:
        """Refuse (``not_director``) anyone without the director's key."""
        self._need_director(key)

    def register(self, name: str, token: str | None = None) -> str:
        """A person enters (before the start, or in late registration); returns their
        token.  A person who busted may enter again with their token, if the
        structure allows re-entries."""
        name = name.strip()
        if not name:
            raise ConfigError("a player needs a name")
        known = self.play.registrants.get(name)
        if known is not None and (known.token is None or token is None
                                  or not secrets.compare_digest(known.token, token)):
            raise IllegalActionError(Reason.NAME_TAKEN, f"{name!r} is already registered")
        if known is None:  # a new name: none may look like it (a re-entry keeps its own)
            refuse_lookalike(name, self.play.registrants, where="registered in this tournament")
        self.play.record_floor(self.play.t.register(name))
        if known is not None:
            return token or ""
        new_token = secrets.token_urlsafe(24)
        self.play.registrants[name] = Registrant(name, new_token,
                                            disconnected_at=self.clock.now())
        self.play.tokens[new_token] = name
        self.play.changed()
        return new_token

    def unregister(self, token: str) -> None:
        name = self.name_for_token(token)
        if name is None:
            raise IllegalActionError(Reason.BAD_TOKEN, "unknown player token")
        self._withdraw(name)
        self.play.floor_log.append(f"{name} unregisters")
        self.play.changed()

    def remove_registration(self, key: str, name: str) -> None:
        """The director withdraws ``name``'s registration (a person's or a bot's)
        before the start; their token no longer plays."""
        self._need_director(key)
        if self.play.status != "registering":
            raise IllegalActionError(Reason.STARTED,
                                     "registrations are removed only before the start")
        if name not in self.play.registrants:
            raise ConfigError(f"no registration named {name!r}: give the name as the "
                              "list of players shows it")
        self._withdraw(name)
        self.play.floor_log.append(f"The director removes {name}")
        self.play.changed()

    def _withdraw(self, name: str) -> None:
        """Take ``name``'s entry out before the start (the engine's unregister)."""
        self.play.t.unregister(name)
        registrant = self.play.registrants.pop(name)
        if registrant.token is not None:
            self.play.tokens.pop(registrant.token, None)
        for viewer in self.viewers:
            if viewer.name == name:
                viewer.name = None

    def add_bots(self, key: str, count: int, policy: str) -> list[str]:
        self._need_director(key)
        added: list[str] = []
        n = 1
        for _ in range(count):
            while f"Bot {n}" in self.play.registrants:
                n += 1
            name = f"Bot {n}"
            self.play.record_floor(self.play.t.register(name))
            self.play.registrants[name] = Registrant(
                name, None, bot=make_bot(policy, child_rng(self.play.rng)),
                policy=policy)
            added.append(name)
        return added

    def start(self, key: str) -> None:
        self._need_director(key)
        if self.play.status != "registering":
            raise IllegalActionError(Reason.STARTED, "the tournament has started")
        self._start_now()

    def _start_at_its_time(self) -> None:
        """The start time has come: play begins with two players or more; with fewer
        the floor says so and the director starts it (the time is kept as passed)."""
        p = self.play
        p.starts_at = None
        if len(p.t.entries) < 2:
            p.floor_log.append("The start time has come with fewer than two players: "
                               "the director starts the event")
            p.changed()
            return
        p.floor_log.append("The start time has come: the tournament starts")
        self._start_now()

    def _start_now(self) -> None:
        self.play.record_floor(self.play.t.start())
        self.play.status = "running"
        now = self.clock.now()
        self.play.started_at = self.play.last_tick = now
        for reg in self.play.registrants.values():
            if reg.bot is None and reg.connections == 0:
                reg.disconnected_at = max(reg.disconnected_at, now)
        self.play.retry = True

    def pause(self, key: str, paused: bool) -> None:
        self._need_director(key)
        if self.play.status != "running":
            raise IllegalActionError(Reason.NOT_RUNNING, "the tournament is not in play")
        if paused:
            self.play.t.clock.pause()
            self.play.floor_log.append("The clock is paused")
        else:
            self.play.t.clock.resume()
            self.play.floor_log.append("The clock runs again")
        self.play.changed()

    def penalize(self, key: str, label: str, rounds: int) -> None:
        """P8: missed hands (dealt, blinded and anted, the hand killed)."""
        self._need_director(key)
        entry = self._live_entry(label)
        self.play.record_floor(self.play.t.penalize(entry.number, rounds))
        self.play.changed()

    def disqualify(self, key: str, label: str) -> None:
        """P8: out of the event, the chips removed from play (at the end of a hand in
        progress)."""
        self._need_director(key)
        entry = self._live_entry(label)
        self.play.record_floor(self.play.t.disqualify(entry.number))
        self.play.changed()
        if entry.disqualify_after_hand:
            self.play.table_log_of(entry.label, f"{entry.label} is disqualified at the end of "
                                            "this hand")

    def change_clock(self, key: str, *, add_seconds: int | None, next_level: bool) -> None:
        """The director adds time to the level or break in play (negative: takes it
        off), or ends it now (``next_level``); the levels passed start as if their
        time had run."""
        self._need_director(key)
        if self.play.status != "running":
            raise IllegalActionError(Reason.NOT_RUNNING, "the tournament is not in play")
        if (add_seconds is None) == (not next_level):
            raise ConfigError("send either add_seconds (a number of seconds, negative to "
                              "take time off) or next_level: true")
        t = self.play.t
        if next_level:
            what = "break" if t.clock.on_break else f"level {t.level}"
            events = t.end_period()
            self.play.floor_log.append(f"The director ends the {what} now")
        else:
            assert add_seconds is not None
            events = t.add_time(add_seconds)
            verb = "adds" if add_seconds >= 0 else "takes off"
            self.play.floor_log.append(f"The director {verb} {abs(add_seconds)} s "
                                       f"{'to' if add_seconds >= 0 else 'from'} the clock")
        self.play.record_floor(events)
        self.play.changed()

    def move(self, key: str, label: str, table: int, seat: int) -> None:
        """P7: the director moves ``label`` to the empty ``seat`` (from 0) of ``table``,
        now if their table is between hands, else when its hand ends."""
        self._need_director(key)
        entry = self._live_entry(label)
        events = self.play.moves.ask(self.play.t, entry.label, table, seat)
        if events:
            self.play.record_floor(events)
        else:
            self.play.table_log_of(entry.label, f"{entry.label} moves to table {table}, "
                                   f"seat {seat + 1} after this hand (the director)")
        self.play.changed()

    def agree_deal(self, key: str, amounts: dict[str, int]) -> bool:
        """The director's deal: ``amounts`` (cents by player name) for the players still
        in, adding up to the prizes left; made now, or when the hands in play end (no
        new hand meanwhile).  True when it is made."""
        self._need_director(key)
        if self.play.status != "running":
            raise IllegalActionError(Reason.NOT_RUNNING, "the tournament is not in play")
        events = self.play.deal.agree(self.play.t, amounts)
        if events:
            self.play.record_floor(events)
        else:
            self.play.floor_log.append("The director agrees a deal: it is made when the "
                                       "hands in play end")
        self.play.changed()
        return bool(events)

    def _live_entry(self, label: str) -> Entry:
        if self.play.status != "running":
            raise IllegalActionError(Reason.NOT_RUNNING, "the tournament is not in play")
        entry = self.play.t.by_label.get(label) or self.play.t.entry(label)
        if not entry.alive:
            raise IllegalActionError(Reason.ELIMINATED, f"{entry.label!r} is out of the event")
        return entry

    def name_for_token(self, token: str) -> str | None:
        for known, name in self.play.tokens.items():
            if secrets.compare_digest(known, token):
                return name
        return None

    def act(self, name: str, message: dict[str, Any]) -> None:
        """A person's action at the table they sit at now."""
        where = self.play.seat_of(name)
        if where is None:
            raise IllegalActionError(Reason.NOT_SEATED, "you have no seat in play")
        n, seat = where
        if self.play.t.floor.tables[n].hand is None:
            raise IllegalActionError(Reason.NO_HAND, "there is no hand in progress at your table")
        driver = self.play.driver(n)
        driver.dealt_in(seat)
        driver.act(seat, action_from_dict(message))
        reg = self.play.registrants[name]
        reg.timeouts = 0

    def rebuy(self, name: str) -> None:
        entry = self.play.t.entry(name)
        self.play.record_floor(self.play.t.rebuy(entry.number))
        self.play.registrants[name].rebuy_deadline = None
        self.play.changed()

    def decline_rebuy(self, name: str) -> None:
        entry = self.play.t.entry(name)
        self.play.registrants[name].rebuy_deadline = None
        self.play.record_floor(self.play.t.decline_rebuy(entry.number))
        self.play.changed()

    def add_on(self, name: str) -> None:
        """The add-on, now if the player's table is between hands, else after the hand."""
        entry = self.play.t.entry(name)
        if not self.play.add_on_open():
            raise IllegalActionError(Reason.ADD_ON_CLOSED, "the add-on is not available now")
        if entry.add_on:
            raise IllegalActionError(Reason.ADD_ON_TAKEN, "you have taken the add-on")
        table = self.play.t.floor.table_of(entry.label)
        if table is not None and table.hand is None:
            self.play.record_floor(self.play.t.add_on(entry.number))
        else:
            self.play.registrants[name].wants_add_on = True
            self.play.changed()
            self.play.table_log_of(entry.label, f"{entry.label} takes the add-on after this hand")

    def sit_out(self, name: str) -> None:
        entry = self.play.t.entry(name)
        if not entry.alive:
            raise IllegalActionError(Reason.ELIMINATED, "you are out of the event")
        self.play.t.set_absent(entry.number, True)
        self.play.registrants[name].away = "sat_out"
        self.play.changed()
        self.play.table_log_of(entry.label, f"{entry.label} sits out")

    def sit_in(self, name: str) -> None:
        entry = self.play.t.entry(name)
        reg = self.play.registrants[name]
        if entry.alive:
            self.play.t.set_absent(entry.number, False)
        if reg.away is not None:
            self.play.table_log_of(entry.label, f"{entry.label} is back")
        reg.away = None
        # back is a sign of life, not an action: one more timeout and they are away
        reg.timeouts = min(reg.timeouts, self.play.settings.sit_out_after - 1)
        self.play.changed()

    # ------------------------------------------------------------ publishing

    def subscribe(self, name: str | None, watching: int | None = None) -> Viewer:
        viewer = Viewer(name, watching)
        self.viewers.add(viewer)
        if name is not None:
            reg = self.play.registrants[name]
            reg.connections += 1
            if reg.away == "disconnected":
                self.sit_in(name)
        self._publish(only=viewer)
        return viewer

    def unsubscribe(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)
        if viewer.name is not None and viewer.name in self.play.registrants:
            reg = self.play.registrants[viewer.name]
            reg.connections -= 1
            if reg.connections == 0:
                reg.disconnected_at = self.clock.now()
        self._publish()

    def watch(self, viewer: Viewer, table: int) -> None:
        if table not in self.play.t.floor.tables:
            raise IllegalActionError(Reason.NO_TABLE, f"no table {table} in play")
        viewer.watching = table
        self._publish(only=viewer)

    def _publish(self, only: Viewer | None = None) -> None:
        if only is None:
            self.version += 1
        if not self.viewers:
            return
        self.scenes.forget(self.play.t.floor.tables)
        self.scenes.publish(Publication(self), [only] if only is not None else list(self.viewers),
                            chained=only is None)

    def lobby_row(self) -> dict[str, Any]:
        """The tournament's row in the lobby."""
        s, t = self.play.structure, self.play.t
        return {
            "id": self.id, "name": self.name, "status": self.play.status, "structure": s.name,
            "game": s.game_at(1).name, "mixed": s.mixed, "seats": s.seats,
            "buy_in": s.buy_in, "fee": s.fee, "starting_stack": s.starting_stack,
            "entries": len(t.entries), "players_left": t.players_left,
            "tables": len(t.floor.tables), "level": t.level,
            "prize_pool": t.prize_pool(), "url": f"/tournaments/{self.id}",
            "starts_at": self.play.starts_at,
        }

    def snapshot(self, viewer_name: str | None = None) -> dict[str, Any]:
        """The state as a viewer would receive it (for the HTTP API)."""
        return Publication(self).message_for(Viewer(viewer_name))

    def task_report(self) -> str:
        """The director's task, for a diagnosis: none, done (and how), or running."""
        task = self._task
        if task is None:
            return "task: none"
        if task.done():
            error = None if task.cancelled() else task.exception()
            return f"task: done, cancelled={task.cancelled()} exception={error!r}"
        return f"task: running, inbox={len(self.inbox)}"

    def diagnosis(self) -> str:
        return diagnosis(self)
