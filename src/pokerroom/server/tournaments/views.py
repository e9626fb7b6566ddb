"""What a tournament looks like to one viewer: the clock and the floor (public),
the viewer's own standing, and one table -- the table they sit at, or the one a
spectator watches -- drawn by the cash table's view (:func:`views.table_state`),
so that a face-down card reaches only its owner.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

from pokerroom.server.actors.clock import Clock
from pokerroom.server.tables.actor import ActorSettings, SeatMeta
from pokerroom.server.tables.hand_result import HandResult
from pokerroom.server.tables.views import compose, private_part, public_state
from pokerroom.server.tournaments.play import TournamentPlay
from pokerroom.server.tournaments.setup import Viewer, payouts_label, schedule_rows
from pokerroom.tournament import Structure, Tournament, clock_view
from pokerroom.tournament.places import Finish
from pokerroom.tournament.results_sheet import paid_in
from pokerroom.tournament.tables import TournamentTable


class ShownTournament(Protocol):
    """What the views read of a tournament (its
    :class:`~pokerroom.server.tournaments.director.TournamentDirector`, which imports
    this module: the imports run one way)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def play(self) -> TournamentPlay: ...

    @property
    def version(self) -> int: ...

    def task_report(self) -> str:
        """The director's task, in words (for :func:`diagnosis`)."""
        ...


@dataclass(slots=True)
class _TableLens:
    """A tournament's table as :mod:`~pokerroom.server.tables.views` reads it (a
    :class:`~pokerroom.server.tables.facets.ViewedTable`)."""

    id: str
    name: str
    table: TournamentTable
    seats: dict[int, SeatMeta]
    settings: ActorSettings
    log: deque[str]
    clock: Clock
    hand_number: int
    deadline: float | None
    # The last hand's (shown between hands); a hand-for-hand all-in hand's only once
    # the round is over (TableRun.held_result until then).
    last_result: HandResult | None

    def pending(self, seat: int) -> None:
        """No requests wait at a tournament table (the director seats and pays)."""
        return None


def _finish_row(d: ShownTournament, f: Finish) -> dict[str, Any]:
    e = d.play.t.entries[f.entry]
    reg = d.play.registrants.get(e.name)
    return {"entry": f.entry, "name": e.label, "place": f.place, "place_to": f.place_to,
            "prize": f.prize, "disqualified": f.disqualified,
            "bot": bool(reg is not None and reg.bot is not None),
            "rebuys": e.rebuys, "add_on": e.add_on, "paid_in": paid_in(d.play.structure, e),
            "bounties": d.play.t.bounties.won.get(f.entry, 0)}


def money_view(s: Structure, t: Tournament) -> dict[str, Any]:
    """Where the prize pool comes from (P10): buy-ins, rebuys and add-ons, the fees
    kept by the house, the knockout bounties (apart from the pool: ``bounties`` paid
    in, ``bounties_paid`` won so far), the payout table and the unit prizes are
    rounded to."""
    entries = len(t.entries)
    rebuy_price = s.rebuy.price if s.rebuy else 0
    add_on_price = s.add_on.price if s.add_on else 0
    return {
        "entries": entries, "buy_in": s.buy_in, "fee": s.fee,
        "buy_ins": entries * s.buy_in, "fees": entries * s.fee,
        "bounty": s.bounty, "bounties": entries * s.bounty, "bounties_paid": t.bounties.paid,
        "rebuys": t.rebuys, "rebuy_price": rebuy_price, "rebuy_money": t.rebuys * rebuy_price,
        "add_ons": t.add_ons, "add_on_price": add_on_price,
        "add_on_money": t.add_ons * add_on_price, "guarantee": s.guarantee,
        "prize_pool": t.prize_pool(), "payouts": payouts_label(s),
        "payout_unit": s.floor.payout_unit,
    }


class Publication:
    """One round of messages: the public part is built once and shared."""

    def __init__(self, d: ShownTournament) -> None:
        self.d = d
        self.now = d.clock.now()
        self.finishes: list[Finish] = d.play.t.results() if d.play.t.started else []
        self.public = self._public()
        # The scenes' parts of it: the players by entry and the clock, each beside the
        # rest (a delta carries the entries and the clock's keys that changed, not
        # the whole standings and clock at every action).
        self.scene_parts = {
            "tournament": {k: v for k, v in self.public.items() if k not in ("players", "clock")},
            "clock": self.public["clock"],
            "players": {str(p["entry"]): p for p in self.public["players"]}}
        self._lenses: dict[int, _TableLens] = {}
        self._tables: dict[int, dict[str, Any]] = {}

    # ------------------------------------------------------------ public

    def _public(self) -> dict[str, Any]:
        d, t = self.d, self.d.play.t
        s = d.play.structure
        view = clock_view(t)
        stacks = t.stacks() if t.started else {}
        finishes = {f.entry: f for f in self.finishes}
        players: list[dict[str, Any]] = []
        for e in t.entries.values():
            reg = d.play.registrants.get(e.name)
            table = t.floor.table_of(e.label) if e.alive and t.started else None
            f = finishes.get(e.number)
            players.append({
                "entry": e.number, "name": e.label,
                "bot": bool(reg is not None and reg.bot is not None),
                "chips": stacks.get(e.number, 0 if t.started else s.starting_stack),
                "table": table.number if table is not None else None,
                "alive": e.alive, "away": e.absent, "rebuys": e.rebuys, "add_on": e.add_on,
                "deciding_rebuy": e.deciding_rebuy,
                "place": f.place if f else None, "place_to": f.place_to if f else None,
                "prize": f.prize if f else None,
                "bounties": t.bounties.won.get(e.number, 0),
            })
        players.sort(key=standing)
        tables = []
        for n, table in sorted(t.floor.tables.items()):
            seated = table.seated()
            run = d.play.runs.get(n)
            tables.append({
                "number": n, "seats": table.seat_count, "players": t.floor.size(n),
                "chips": table.chips_on_table(),
                "biggest": max((p.stack for p in seated.values()), default=0),
                "hand": run.hand_number if run is not None and table.hand is not None else None,
                "waiting": run.waiting if run is not None and table.hand is None else None,
            })
        prizes = t.prizes()
        results = [_finish_row(d, f) for f in self.finishes]
        clock = {
            "level": view.level, "on_break": view.on_break, "game": view.game,
            "stakes": view.stakes, "time_left": view.time_left,
            "next_stakes": view.next_stakes, "next_break_in": view.next_break_in,
            "players_left": view.players_left if t.started else len(t.entries),
            "entries": view.entries, "average_stack": view.average_stack,
            "chips_in_play": view.chips_in_play, "prize_pool": view.prize_pool,
            "places_paid": view.places_paid, "hand_for_hand": view.hand_for_hand,
            "push_held": view.push_held, "registration_open": view.registration_open,
            "tables": view.tables,
            "running": bool(d.play.status == "running" and t.clock.running
                            and not (t.h4h.active and not view.on_break)),
            "paused": d.play.status == "running" and not t.clock.running,
            "rebuys_open": bool(s.rebuy is not None and t.level <= s.rebuy.last_level),
            "add_on_open": d.play.add_on_open(),
        }
        return {
            "id": d.id, "name": d.name, "status": d.play.status, "version": d.version,
            "structure": {
                "name": s.name, "game": s.game_at(1).name, "mixed": s.mixed,
                "starting_stack": s.starting_stack, "seats": s.seats,
                "final_table_seats": s.final_table_seats, "buy_in": s.buy_in, "fee": s.fee,
                "bounty": s.bounty,
                "late_registration_levels": s.late_registration_levels,
                "reentries": s.reentries,
                "payouts": payouts_label(s), "payout_unit": s.floor.payout_unit,
                "rebuy": None if s.rebuy is None else {
                    "chips": s.rebuy.chips, "price": s.rebuy.price,
                    "last_level": s.rebuy.last_level, "limit": s.rebuy.max_per_entry},
                "add_on": None if s.add_on is None else {
                    "chips": s.add_on.chips, "price": s.add_on.price,
                    "after_level": s.add_on.after_level},
                "levels": self._levels(),
            },
            "clock": clock,
            "prizes": prizes,
            "money": money_view(s, t),
            "players": players,
            "tables": tables,
            "results": results,
            "floor_log": list(d.play.floor_log)[-80:],
            "hands": d.play.hands,
            "starts_at": d.play.starts_at,
            "created_at": d.play.created_at, "started_at": d.play.started_at,
            "finished_at": d.play.finished_at,
        }

    def _levels(self) -> list[dict[str, Any]]:
        return schedule_rows(self.d.play.structure)

    # ------------------------------------------------------------ personal

    def _you(self, name: str) -> dict[str, Any] | None:
        d, t = self.d, self.d.play.t
        reg = d.play.registrants.get(name)
        if reg is None:
            return None
        entry = t.entry(name)
        where = d.play.seat_of(name) if t.started else None
        arriving = False
        if where is None and t.started and entry.alive:
            for number, seats in t.floor.arrivals.items():
                for seat, a in seats.items():
                    if a.name == entry.label:
                        where, arriving = (number, seat), True
        f = next((f for f in self.finishes if f.entry == entry.number), None)
        s = d.play.structure
        can_rebuy = bool(s.rebuy is not None and entry.alive and entry.deciding_rebuy)
        can_add_on = bool(d.play.add_on_open() and entry.alive and not entry.add_on
                          and not entry.deciding_rebuy and not reg.wants_add_on)
        status = "registered"
        if t.started:
            status = "playing" if entry.alive else "eliminated"
            if t.finished and entry.alive:
                status = "finished"
        return {
            "name": name, "entry": entry.number, "label": entry.label, "status": status,
            "table": where[0] if where else None, "seat": where[1] if where else None,
            "arriving": arriving,
            "moving_to": (None if (m := d.play.moves.pending.get(entry.label)) is None
                          else {"table": m.table, "seat": m.seat}),
            "away": reg.away, "deciding_rebuy": entry.deciding_rebuy,
            "rebuy_deadline": reg.rebuy_deadline, "can_rebuy": can_rebuy,
            "can_add_on": can_add_on, "wants_add_on": reg.wants_add_on,
            "rebuys": entry.rebuys, "add_on": entry.add_on,
            "bounties": t.bounties.won.get(entry.number, 0),
            "place": f.place if f else None, "place_to": f.place_to if f else None,
            "prize": f.prize if f else None,
            "may_reenter": bool(not entry.alive and t.registration_open
                                and sum(1 for e in t.entries.values() if e.name == name)
                                <= s.reentries),
        }

    def _lens(self, n: int) -> _TableLens:
        lens = self._lenses.get(n)
        if lens is not None:
            return lens
        d, t = self.d, self.d.play.t
        table = t.floor.tables[n]
        run = d.play.run_for(n)
        seats: dict[int, SeatMeta] = {}
        for s, p in enumerate(table.players):
            if p is None:
                continue
            reg = d.play.registrant_of(p.name)
            seats[s] = SeatMeta(p.name, "", is_bot=bool(reg and reg.bot),
                                policy=reg.policy if reg else None,
                                connections=reg.connections if reg else 0)
        settings = ActorSettings(action_seconds=d.play.settings.action_seconds)
        lens = _TableLens(f"{d.id}-{n}", f"{d.name} · table {n}", table, seats, settings,
                          run.log, d.clock, run.hand_number, run.deadline, run.result)
        self._lenses[n] = lens
        return lens

    def _table_public(self, n: int) -> dict[str, Any]:
        """What everyone watching table ``n`` sees of it (the cash table's public state,
        :func:`~pokerroom.server.tables.views.public_state`, with the tournament's
        additions), built once per publication."""
        public = self._tables.get(n)
        if public is not None:
            return public
        d, t = self.d, self.d.play.t
        public = public_state(self._lens(n))
        table = t.floor.tables[n]
        run = d.play.run_for(n)
        public["table"].update(number=n, max_buy_in=0, min_buy_in=0, straddle=False,
                               level=t.level, stakes=_describe(table))
        seats = public["seats"]
        for info in seats:
            if info is None:
                continue
            entry = t.by_label.get(info["name"])
            if entry is not None:
                info.update(entry=entry.number, away=entry.absent,
                            deciding_rebuy=entry.deciding_rebuy)
                if info.get("status") == "new":
                    info["status"] = "active"  # a tournament never asks for a post
        for s, a in t.floor.arrivals.get(n, {}).items():
            if 0 <= s < len(seats) and seats[s] is None:
                seats[s] = {"seat": s, "name": a.name, "pending": True, "stack": a.chips}
        public["held"] = run.cut is not None
        public["waiting"] = run.waiting
        public["now"] = self.now
        self._tables[n] = public
        return public

    def place(self, viewer: Viewer) -> tuple[int | None, int | None, dict[str, Any] | None]:
        """The table ``viewer`` sees (None before the start), their seat at it (None:
        they watch it) and their own standing (None: a spectator's)."""
        t = self.d.play.t
        you = self._you(viewer.name) if viewer.name is not None else None
        if not (t.started and t.floor.tables):
            return None, None, you
        if you is not None and you["table"] is not None:
            # Where they sit is where they watch once they bust (the table goes on
            # without them; they keep the view until they pick another).
            viewer.watching = you["table"]
            return you["table"], None if you["arriving"] else you["seat"], you
        if viewer.watching in t.floor.tables:
            return viewer.watching, None, you
        return min(t.floor.tables), None, you

    def scene(self, n: int | None) -> dict[str, Any]:
        """The scene of everyone watching table ``n`` (None: no table yet), shared by
        them: the table's public state with the tournament's (``"tournament"``, its
        ``"clock"`` and ``"players"`` by entry beside it), the part a delta connection
        is sent changes of (:mod:`pokerroom.server.tables.scene`)."""
        if n is None:
            return {**self.scene_parts, "now": self.now}
        return {**self._table_public(n), **self.scene_parts}

    def own(self, viewer_name: str | None, n: int | None, seat: int | None,
            you: dict[str, Any] | None) -> dict[str, Any] | None:
        """What one viewer sees beyond the scene: their seat's private part (its cards
        and ``you``: :func:`~pokerroom.server.tables.views.private_part`) and their
        standing in the event (``player``); None for a spectator."""
        if viewer_name is None:
            return None
        private = None
        if n is not None and seat is not None:
            private = private_part(self._lens(n), seat)
        table_you = private["you"] if private is not None else None
        if table_you is not None and table_you.get("status") == "new":
            table_you["status"] = "active"
        return {"seat": seat, "you": table_you,
                "cards": private["cards"] if private is not None else None, "player": you}

    def message_for(self, viewer: Viewer) -> dict[str, Any]:
        """The whole state ``viewer`` gets (a connection that asked for no deltas, the
        HTTP API): :func:`tournament_state` of its scene and own part."""
        n, seat, you = self.place(viewer)
        return self.whole(self.scene(n), self.own(viewer.name, n, seat, you))

    def whole(self, scene: dict[str, Any], own: dict[str, Any] | None) -> dict[str, Any]:
        return {"type": "state", "version": self.d.version,
                "state": tournament_state(compose(scene, own), own)}


def standing(p: dict[str, Any]) -> tuple[bool, int, int, int]:
    """The order of the standings: the players still in by chips, then the others by
    place (static/tournament/scene.js sorts the same)."""
    return (not p["alive"], -p["chips"] if p["alive"] else 0, p["place"] or 0, p["entry"])


def tournament_state(composed: dict[str, Any], own: dict[str, Any] | None) -> dict[str, Any]:
    """A viewer's tournament state ``{"tournament", "you", "table", "now"}`` from its
    scene with its own part on top (:func:`~pokerroom.server.tables.views.compose`) and
    the own part: the scene's players (by entry) are the tournament's standings, in
    order; static/tournament/scene.js does the same in the page."""
    table = {k: v for k, v in composed.items() if k not in ("tournament", "clock", "players")}
    return {"tournament": {**composed["tournament"], "clock": composed["clock"],
                           "players": sorted(composed["players"].values(), key=standing)},
            "you": own["player"] if own is not None else None,
            "table": table if "seats" in table else None, "now": composed["now"]}


def _describe(table: TournamentTable) -> str:
    from pokerroom.tournament.display import describe

    return describe(table.stakes)


def diagnosis(d: ShownTournament) -> str:
    """Why nothing moves, for people reading a failure: the clock, hand-for-hand,
    the floor, every table (who is to act, timers, the refusal it waits on),
    rebuy decisions, and the director's task."""
    t, now = d.play.t, d.clock.now()

    def due(at: float | None) -> str:
        return "-" if at is None else f"{at - now:+.1f}s"

    c, h = t.clock, t.h4h
    lines = [
        f"status={d.play.status} version={d.version} hands={d.play.hands} "
        f"retry={d.play.retry} players_left={t.players_left} entries={len(t.entries)} "
        f"paid={t.places_paid} finished={t.finished}",
        f"clock: level={t.level} on_break={c.on_break} running={c.running} "
        f"time_left={c.time_left} elapsed={c.elapsed:.1f} "
        f"clock.hand_for_hand={c.hand_for_hand} registration_open={t.registration_open}",
        f"hand-for-hand: active={h.active} round={h.round} tables={sorted(h.tables)} "
        f"done={sorted(h.done)} held={len(h.held)}",
        f"floor: breaking={t.floor.breaking} final_pending={t.floor.final_pending} "
        f"final_formed={t.floor.final_formed} sizes={t.floor.sizes()} arrivals="
        + repr({n: {s: a.name for s, a in seats.items()}
                for n, seats in t.floor.arrivals.items() if seats}),
        "groups deciding: " + repr(t.busts.deciding_groups())
        + f" h4h group: {t.busts.round}",
    ]
    for n, table in sorted(t.floor.tables.items()):
        run = d.play.runs.get(n)
        hand = table.hand
        head = f"table {n}: "
        if run is None:
            head += "no run"
        else:
            head += (f"waiting={run.waiting} ready_at={due(run.ready_at)} "
                     f"deadline={due(run.deadline)} bot_due={due(run.bot_due)} "
                     f"hand_number={run.hand_number}")
        if hand is None:
            head += " | between hands"
        else:
            actor = hand.actor
            who = hand.config.names[actor] if actor is not None else None
            head += f" | hand: phase={hand.phase.name} over={hand.is_over} actor={who}"
        lines.append(head)
        for s, p in table.seated().items():
            entry = t.by_label.get(p.name)
            reg = d.play.registrant_of(p.name)
            kind = "?" if reg is None else ("bot" if reg.bot is not None else "person")
            extra = ""
            if entry is not None:
                extra += (f" deciding_rebuy={entry.deciding_rebuy}" if entry.deciding_rebuy
                          else "") + (" absent" if entry.absent else "")
            if reg is not None and reg.bot is None:
                extra += (f" connections={reg.connections} away={reg.away} "
                          f"rebuy_deadline={due(reg.rebuy_deadline)}")
            lines.append(f"  seat {s + 1}: {p.name} ({kind}) stack={p.stack} "
                         f"status={p.status.value}{extra}")
    lines.append(d.task_report())
    lines.append("floor log: " + " / ".join(list(d.play.floor_log)[-12:]))
    return "\n".join(lines)
