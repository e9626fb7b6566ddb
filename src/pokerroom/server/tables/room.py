"""The room: every table's actor, created from requests or brought back from the store.

D1: every table deals (and its bots decide) from the operating system's CSPRNG
(:class:`~pokerroom.cards.SecureRandom`); no client can choose or learn a seed.  A
room made with ``seed`` (tests) is reproducible instead.  Each hand's deck order is
stored (for a restore), never sent.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any

from pokerroom.cards import SecureRandom, child_rng
from pokerroom.errors import ConfigError
from pokerroom.rules.config import Structure
from pokerroom.server.actors.clock import Clock
from pokerroom.server.actors.clock_memory import ClockSettings
from pokerroom.server.actors.owner import give_up_when_lost, hand_over
from pokerroom.server.operations.metrics import UNCOUNTED, RoomMetrics
from pokerroom.server.tables.actor import ActorSettings, TableActor
from pokerroom.server.tables.rotation import TableRotation, mixed_sizes
from pokerroom.server.tables.store import Store, StoredTable
from pokerroom.server.tables.views import lobby_row
from pokerroom.server.wire.protocol import MAX_CHIPS, CreateTable
from pokerroom.server.wire.sockets import moved_message
from pokerroom.table import ButtonMethod, Stakes, Table, TableOptions
from pokerroom.table.snapshot import table_from_dict, table_to_dict

STUD_MAX_SEATS = 8  # the engine's limit: three burns and six cards each before seventh street


class Room:
    """The cash tables of the server; ``seed`` (tests only) makes their deals and bots
    reproducible, without it they come from the operating system's CSPRNG (D1)."""

    def __init__(self, store: Store, clock: Clock, *, bot_delay: float = 0.8,
                 pause_between_hands: float = 2.0, seed: int | None = None,
                 clock_settings: ClockSettings | None = None) -> None:
        self.store = store
        self.clock = clock
        self.clock_settings = clock_settings or ClockSettings()
        self.bot_delay = bot_delay
        self.pause = pause_between_hands
        self.rng: random.Random = random.Random(seed) if seed is not None else SecureRandom()
        self.actors: dict[str, TableActor] = {}
        # A worker of many (pokerroom.server.cluster.cluster): takes the lease of a new table
        # before it is stored; None in a single-process room.
        self.claim: Callable[[str, str], None] | None = None
        self.metrics: RoomMetrics = UNCOUNTED  # the app's (lifespan), given to each table

    def _settings(self, data: dict[str, Any]) -> ActorSettings:
        return ActorSettings(
            action_seconds=float(data.get("action_seconds", 30.0)),
            sit_out_after=int(data.get("sit_out_after", 2)),
            time_bank=float(data.get("time_bank", 30.0)),
            time_bank_refill=float(data.get("time_bank_refill", 5.0)),
            time_bank_every=int(data.get("time_bank_every", 10)),
            bot_delay=self.bot_delay,
            pause_between_hands=self.pause,
            time_bank_memory=self.clock_settings.time_bank_memory_seconds,
        )

    def create_table(self, request: CreateTable) -> TableActor:
        stakes, options = stakes_and_options(request)
        rotation = self._rotation(request, options)
        if rotation.mixed is not None:
            stakes = rotation.stakes()
        table = Table(stakes, options)
        table_id = secrets.token_hex(6)
        host_key = secrets.token_urlsafe(24)
        if self.claim is not None:
            self.claim("table", table_id)
        settings = {"action_seconds": request.action_seconds,
                    "sit_out_after": request.sit_out_after, "time_bank": request.time_bank,
                    "time_bank_refill": request.time_bank_refill,
                    "time_bank_every": request.time_bank_every}
        self.store.create_table(table_id, request.name, settings,
                                {**table_to_dict(table), "room": {
                                    **rotation.extras(), "rabbit_hunt": request.rabbit_hunt}},
                                host_key=host_key,
                                lobby=lobby_row(table_id, request.name, table, hands=0))
        actor = TableActor(table_id, request.name, table, store=self.store, clock=self.clock,
                           settings=self._settings(settings),
                           rng=child_rng(self.rng), host_key=host_key, rotation=rotation)
        actor.after.rabbit_hunt = request.rabbit_hunt
        self._start(actor)
        return actor

    @staticmethod
    def _rotation(request: CreateTable, options: TableOptions) -> TableRotation:
        """The table's mixed-game rotation (none unless ``rotation`` is given): every
        game checked playable at the form's sizes with these house options."""
        if request.rotation is None:
            return TableRotation()
        sizes = mixed_sizes(small_blind=request.small_blind, big_blind=request.big_blind,
                            small_bet=request.small_bet, big_bet=request.big_bet,
                            ante=request.ante, bring_in=request.bring_in)
        return TableRotation.create(request.rotation, sizes, every=request.rotate_every,
                                    hands=request.rotate_hands, seats=request.seats,
                                    options=options, stud_seats=STUD_MAX_SEATS)

    def _start(self, actor: TableActor) -> None:
        self.actors[actor.id] = actor
        actor.metrics = self.metrics
        if self.claim is not None:
            give_up_when_lost(actor, lambda: self.drop(actor.id, moved_message(None)))
        actor.start_task()

    def restore(self) -> list[str]:
        """Bring every stored table back; a hand that was running continues from its
        last action (or, if that cannot be done, is cancelled with every chip back)."""
        return [note for stored in self.store.load() if (note := self._bring_back(stored))]

    def _bring_back(self, stored: StoredTable) -> str | None:
        actor = TableActor(stored.id, stored.name, table_from_dict(stored.snapshot),
                           store=self.store, clock=self.clock,
                           settings=self._settings(stored.settings), rng=child_rng(self.rng))
        note = actor.load(stored)
        self._start(actor)
        return f"table {stored.id}: {note}" if note else None

    def adopt(self, table_id: str) -> str | None:
        """This worker took the table's lease: bring it back from the database as a
        restart does (the hand in progress continues from its last stored action)."""
        stored = self.store.load_table(table_id)
        return None if stored is None else self._bring_back(stored)

    async def drop(self, table_id: str, message: dict[str, Any]) -> None:
        """Another worker serves the table now: stop it here (it writes nothing more)
        and send its connections ``message`` (where to go), closing them."""
        actor = self.actors.pop(table_id, None)
        await hand_over(actor, actor.subscribers if actor else (), message)

    def held(self) -> set[str]:
        return set(self.actors)

    def open_count(self) -> int:
        """Tables open here (not closed): what ``quotas.open_tables`` counts."""
        return sum(1 for actor in self.actors.values() if not actor.closed)

    def is_empty(self, table_id: str) -> bool:
        """No person seated (bots do not count), no hand running, no one watching:
        the table may expire (:mod:`pokerroom.server.guard.expiry`)."""
        actor = self.actors.get(table_id)
        return (actor is not None and not actor.closed and actor.table.hand is None
                and not actor.subscribers
                and all(meta.is_bot for meta in actor.seats.values()))

    async def expire(self, table_id: str, why: str) -> bool:
        """Close an empty table as the host's "close" does (stored closed: a restart
        leaves it closed) and forget it here (its id answers 404).  False when it is
        gone, or no longer empty by the time its actor runs the close."""
        actor = self.actors.get(table_id)
        if actor is None:
            return False

        def close() -> bool:
            if not self.is_empty(table_id):
                return False
            actor.close()
            actor.log.append(f"The room closed the table: {why}")
            return True

        if not await actor.submit(close):
            return False
        self.actors.pop(table_id, None)
        await actor.stop()
        return True

    def get(self, table_id: str) -> TableActor:
        try:
            return self.actors[table_id]
        except KeyError:
            raise KeyError(f"no table {table_id!r}") from None

    async def close(self) -> None:
        for actor in self.actors.values():
            await actor.stop()


def stakes_and_options(request: CreateTable) -> tuple[Stakes, TableOptions]:
    """The game, its sizes and the house options a table is created with (a cash table
    of the room's, or a dealer's game), checked: a :class:`ConfigError` names what
    cannot be played."""
    structure = Structure(request.structure)
    game = request.game
    from pokerroom.rules.variants import variant

    v = variant(game)
    if v.is_stud and request.seats > STUD_MAX_SEATS:
        raise ConfigError(f"{v.name} deals at most {STUD_MAX_SEATS} players (seven cards "
                          f"each from 52): choose 2 to {STUD_MAX_SEATS} seats")
    sizes: dict[str, Any] = {"ante": request.ante, "big_blind_ante": request.big_blind_ante,
                             "button_ante": request.button_ante,
                             "raise_cap": request.raise_cap,
                             "open_pair_double": request.open_pair_double,
                             "limit_short_raise": request.limit_short_raise,
                             "full_bring_in": request.full_bring_in,
                             "button_blind": request.button_blind}
    if v.is_stud:
        sizes.update(bring_in=request.bring_in or max(1, request.small_blind),
                     small_bet=request.small_bet or request.big_blind,
                     big_bet=request.big_bet or 2 * (request.small_bet or request.big_blind))
        if not request.ante:
            sizes["ante"] = max(1, request.small_blind // 2)
    else:
        sizes.update(small_blind=request.small_blind, big_blind=request.big_blind)
        if structure is Structure.FIXED_LIMIT:
            sizes.update(small_bet=request.small_bet or request.big_blind,
                         big_bet=request.big_bet
                         or 2 * (request.small_bet or request.big_blind))
        if structure is Structure.SPREAD_LIMIT:
            sizes.update(max_bet=request.big_bet or 5 * request.big_blind)
    stakes = Stakes(v, structure, **sizes)
    options = TableOptions(
        seats=request.seats,
        button_method=ButtonMethod(request.button_method) if request.button_method else None,
        min_buy_in=request.min_buy_in or min(20 * stakes.unit, MAX_CHIPS),
        max_buy_in=request.max_buy_in or min(100 * stakes.unit, MAX_CHIPS),
        new_player_must_post=request.new_player_must_post,
        straddle=request.straddle,
        **request.house_options(),
    )
    if options.max_buy_in < options.min_buy_in:
        raise ConfigError("max_buy_in must be at least min_buy_in")
    return stakes, options
