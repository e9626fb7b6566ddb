"""``pokerroom simulate``: bots play many hands through the real table engine.

The work is cut into chunks, each a table of bots playing a fixed number of
hands from its own seed, so the result depends only on the seed and the chunk
size: one process, all local cores (multiprocessing) or a Ray cluster give
identical results.  Each chunk can write its hands as a ``.phhs`` file.

A game is named by pokerroom's key (``holdem``, ``stud``, ...) or by its PHH
variant code (``NT``, ``F7S``, ...); without a structure it is played the way
cardrooms spread it (:data:`STANDARD_STRUCTURES`).  Hands are written only in
the variant codes of the PHH specification (:data:`PHH_CODES`): a game and
structure without one is refused before any hand is dealt, and a hand that
PHH cannot express is counted with its reason, never dropped silently.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerroom.bots import BOTS
from pokerroom.cards import Deck
from pokerroom.errors import ConfigError, IllegalActionError, PokerError
from pokerroom.history.export import to_phh
from pokerroom.history.phh import dumps_many
from pokerroom.history.replay import PHH_VARIANTS
from pokerroom.rules.config import Structure
from pokerroom.rules.events import HandShown, PotAwarded
from pokerroom.rules.variants import VARIANTS, variant
from pokerroom.table import Stakes, Status, Table, TableOptions

# The eleven variant codes of the PHH specification (phh-std, "Required fields").
# history.replay also reads a few codes of pokerroom's own (NO, PT, FO, NO/8,
# PO/8) that no other PHH reader knows, so simulate never writes those.
PHH_CODES: dict[str, tuple[str, Structure]] = {
    code: PHH_VARIANTS[code]
    for code in ("NT", "NS", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")
}
_CODE_OF = {game: code for code, game in PHH_CODES.items()}

# How each game is normally spread: hold'em and short deck no limit, Omaha pot
# limit, Omaha hi-lo, stud, razz and the triple draws fixed limit, 2-7 single
# draw no limit (each as in the WSOP's mixed events and the PHH codes).
STANDARD_STRUCTURES: dict[str, Structure] = {
    "holdem": Structure.NO_LIMIT,
    "short_deck": Structure.NO_LIMIT,
    "omaha": Structure.POT_LIMIT,
    "omaha5": Structure.POT_LIMIT,
    "omaha6": Structure.POT_LIMIT,
    "omaha_hilo": Structure.FIXED_LIMIT,
    "omaha5_hilo": Structure.POT_LIMIT,
    "stud": Structure.FIXED_LIMIT,
    "stud_hilo": Structure.FIXED_LIMIT,
    "razz": Structure.FIXED_LIMIT,
    "deuce_seven_triple": Structure.FIXED_LIMIT,
    "deuce_seven_single": Structure.NO_LIMIT,
    "ace_five_triple": Structure.FIXED_LIMIT,
    "badugi": Structure.FIXED_LIMIT,
}

# Seventh street needs a card for each player, a burn and one card kept back;
# with seven or more stud players still in, the stub can run short (I9), and
# PHH cannot express the short-stub procedure.
_STUD_PHH_PLAYERS = 6


def _words(structure: Structure) -> str:
    return structure.value.replace("_", " ")


def _known_games() -> str:
    return f"games: {', '.join(VARIANTS)}; PHH codes: {', '.join(PHH_CODES)}"


def resolve_game(game: str, structure: str | Structure | None = None) -> tuple[str, Structure]:
    """The pokerroom game key and betting structure for ``game`` (a key or a PHH
    code, any case) and ``structure`` (None: the game's standard one).

    >>> resolve_game("stud")
    ('stud', <Structure.FIXED_LIMIT: 'fixed_limit'>)
    >>> resolve_game("PO")
    ('omaha', <Structure.POT_LIMIT: 'pot_limit'>)

    Raises ConfigError for an unknown game or structure, and for a PHH code
    with a structure other than its own.
    """
    chosen = None
    if structure is not None:
        try:
            chosen = structure if isinstance(structure, Structure) else Structure(structure)
        except ValueError:
            raise ConfigError(
                f"unknown structure {structure!r}; structures: "
                f"{', '.join(s.value for s in Structure)}"
            ) from None
    code = game.upper()
    if code in PHH_CODES:
        key, own = PHH_CODES[code]
        if chosen is not None and chosen is not own:
            raise ConfigError(
                f"{code} is {variant(key).name} played {_words(own)}, not {_words(chosen)}; "
                f"leave out the structure or name the game {key!r}"
            )
        return key, own
    if game not in VARIANTS:
        raise ConfigError(f"unknown game {game!r}; {_known_games()}")
    if chosen is None:
        chosen = STANDARD_STRUCTURES.get(game, Structure.NO_LIMIT)
    return game, chosen


def phh_code(game: str, structure: Structure) -> str:
    """The PHH specification's code for ``game`` played ``structure``.

    >>> phh_code("omaha", Structure.POT_LIMIT)
    'PO'

    Raises ConfigError (one line, naming what PHH can write) when it has none.
    """
    code = _CODE_OF.get((game, structure))
    if code is None:
        can = ", ".join(
            f"{c} ({key} {_words(s)})" for c, (key, s) in PHH_CODES.items()
        )
        raise ConfigError(
            f"PHH has no variant code for {variant(game).name} played {_words(structure)}; "
            f"it can write {can}"
        )
    return code


@dataclass(frozen=True, slots=True)
class SimulationSpec:
    """What to simulate.  ``bots`` names one policy per seat (see pokerroom.bots).

    ``game`` is a pokerroom key or a PHH code and ``structure`` None for the
    game's standard structure; both are stored resolved (``"PO"`` becomes
    ``"omaha"``, ``"pot_limit"``).  With ``out`` the game must be one PHH can
    write (:func:`phh_code`).  Raises ConfigError for anything the table
    cannot deal, before any hand is played.
    """

    game: str = "holdem"
    structure: str | None = None  # None: the game's standard structure
    bots: tuple[str, ...] = ("tag", "random", "station", "tag", "random", "station")
    hands: int = 1000
    seed: int = 1
    chunk: int = 250
    small_blind: int = 1
    big_blind: int = 2
    stack: int = 200
    out: str | None = None  # a folder for the hand histories (.phhs per chunk)

    def __post_init__(self) -> None:
        game, structure = resolve_game(self.game, self.structure)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "structure", structure.value)
        if not 2 <= len(self.bots) <= 9:
            raise ConfigError(f"a table seats 2-9 bots, got {len(self.bots)}")
        unknown = [b for b in self.bots if b not in BOTS]
        if unknown:
            raise ConfigError(f"unknown bot {unknown[0]!r}; bots are {', '.join(sorted(BOTS))}")
        if self.hands < 1 or self.chunk < 1:
            raise ConfigError("hands and chunk must be at least 1")
        if self.out is not None:
            phh_code(game, structure)
            if variant(game).is_stud and len(self.bots) > _STUD_PHH_PLAYERS:
                raise ConfigError(
                    f"{len(self.bots)} {variant(game).name} players can run the deck short on "
                    "seventh street (I9), which PHH cannot express; write hands of at most "
                    f"{_STUD_PHH_PLAYERS} players"
                )
        # Deal one hand now: what the table cannot deal fails here, not in a worker.
        try:
            _table(self, random.Random(0)).start_hand(Deck(0, cards=variant(game).deck))
        except IllegalActionError as exc:  # the table refuses the deal (I9: stud's deck)
            raise ConfigError(str(exc)) from exc

    @property
    def betting(self) -> Structure:
        """The betting structure."""
        return resolve_game(self.game, self.structure)[1]

    @property
    def phh_code(self) -> str | None:
        """The PHH code the hands are written in (None without ``out``)."""
        return None if self.out is None else phh_code(self.game, self.betting)


@dataclass(slots=True)
class ChunkResult:
    """What one chunk played (and wrote)."""

    index: int
    hands: int
    net: list[int]  # chips won or lost per seat (rebuys counted as bought)
    showdowns: int
    pots: int
    biggest_pot: int
    phh_path: str | None = None
    written: int = 0  # hands in the chunk's .phhs file
    unwritten: dict[str, int] = field(default_factory=dict)  # why PHH could not: count


@dataclass(slots=True)
class Summary:
    """All chunks together, in chunk order."""

    spec: SimulationSpec
    hands: int = 0
    net: list[int] = field(default_factory=list)
    showdowns: int = 0
    pots: int = 0
    biggest_pot: int = 0
    files: list[str] = field(default_factory=list)
    written: int = 0
    unwritten: dict[str, int] = field(default_factory=dict)

    @property
    def big_blinds_per_100(self) -> list[float]:
        unit = self.spec.big_blind or 1
        return [n / unit / max(1, self.hands) * 100 for n in self.net]

    def as_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "game": self.spec.game,
            "structure": self.spec.structure,
            "bots": list(self.spec.bots),
            "net": self.net,
            "bb_per_100": [round(x, 2) for x in self.big_blinds_per_100],
            "showdowns": self.showdowns,
            "total_pots": self.pots,
            "biggest_pot": self.biggest_pot,
            "files": self.files,
            "phh_variant": self.spec.phh_code,
            "hands_written": self.written,
            "hands_not_written": dict(sorted(self.unwritten.items())),
        }


def _stakes(spec: SimulationSpec) -> Stakes:
    structure = spec.betting
    if variant(spec.game).is_stud:
        # No- and pot-limit stud bet at least the small bet (the table's big blind).
        minimum = {} if structure.is_limit else {"big_blind": spec.big_blind}
        return Stakes.of(spec.game, structure, ante=max(1, spec.small_blind // 2),
                         bring_in=spec.small_blind, small_bet=spec.big_blind,
                         big_bet=2 * spec.big_blind, **minimum)
    return Stakes.of(spec.game, structure, small_blind=spec.small_blind,
                     big_blind=spec.big_blind)


def _table(spec: SimulationSpec, rng: random.Random) -> Table:
    """The chunk's table with every bot seated and, in button games, the button drawn."""
    table = Table(_stakes(spec), TableOptions(seats=len(spec.bots)))
    for seat in range(len(spec.bots)):
        table.sit(seat, f"{spec.bots[seat]}-{seat}", spec.stack)
    if not table.stakes.game.is_stud:
        table.draw_for_button(Deck(rng.randrange(2**63)))
    return table


def run_chunk(spec: SimulationSpec, index: int, hands: int) -> ChunkResult:
    """One table of bots playing ``hands`` hands from the chunk's own seed.

    With ``spec.out`` the hands PHH can express go to ``chunk-NNNNN.phhs``
    (no file when there are none); the others are counted by reason.
    """
    rng = random.Random(f"{spec.seed}-{index}")
    policies = [BOTS[name](random.Random(rng.random())) for name in spec.bots]
    table = _table(spec, rng)
    bought = [spec.stack] * len(spec.bots)
    histories = []
    unwritten: Counter[str] = Counter()
    showdowns = pots = biggest = 0
    for number in range(hands):
        for seat, player in enumerate(table.players):
            if player is not None and player.status is Status.BUSTED:
                table.rebuy(seat, spec.stack)
                bought[seat] += spec.stack
        hand = table.start_hand(Deck(rng.randrange(2**63), cards=table.stakes.game.deck))
        plan = table.plan_in_play
        assert plan is not None
        while not hand.is_over:
            to_act = table.to_act
            assert to_act is not None
            table.act(to_act, policies[to_act].decide(hand.view(plan.position_of(to_act))))
        pot = sum(c for e in hand.events if isinstance(e, PotAwarded) for _, c in e.amounts)
        pots += pot
        biggest = max(biggest, pot)
        showdowns += int(any(isinstance(e, HandShown) for e in hand.events))
        if spec.out is not None:
            try:
                histories.append(to_phh(hand, extra={"hand": number + 1,
                                                     "seats": [s + 1 for s in plan.seats]}))
            except PokerError as exc:
                unwritten[str(exc)] += 1
        table.finish_hand()
    net = [(p.stack if p is not None else 0) - bought[s] for s, p in enumerate(table.players)]
    path = None
    if histories:
        assert spec.out is not None
        folder = Path(spec.out)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"chunk-{index:05d}.phhs"
        target.write_text(dumps_many(histories), encoding="utf-8")
        path = str(target)
    return ChunkResult(index, hands, net, showdowns, pots, biggest, path,
                       written=len(histories), unwritten=dict(unwritten))


def chunks(spec: SimulationSpec) -> list[tuple[int, int]]:
    """(index, hands) for every chunk."""
    full, rest = divmod(spec.hands, spec.chunk)
    out = [(i, spec.chunk) for i in range(full)]
    if rest:
        out.append((full, rest))
    return out


def combine(spec: SimulationSpec, results: Iterable[ChunkResult]) -> Summary:
    """The summary of every chunk's result."""
    summary = Summary(spec, net=[0] * len(spec.bots))
    unwritten: Counter[str] = Counter()
    for r in sorted(results, key=lambda r: r.index):
        summary.hands += r.hands
        summary.net = [a + b for a, b in zip(summary.net, r.net, strict=True)]
        summary.showdowns += r.showdowns
        summary.pots += r.pots
        summary.biggest_pot = max(summary.biggest_pot, r.biggest_pot)
        summary.written += r.written
        unwritten.update(r.unwritten)
        if r.phh_path:
            summary.files.append(r.phh_path)
    summary.unwritten = dict(unwritten)
    return summary


def _run_star(args: tuple[SimulationSpec, int, int]) -> ChunkResult:
    return run_chunk(*args)


def simulate(
    spec: SimulationSpec,
    *,
    workers: int | None = None,
    ray_address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Run every chunk: serially (``workers=1``), on local cores, or on Ray."""
    work = chunks(spec)
    done = 0
    results: list[ChunkResult] = []

    def report(r: ChunkResult) -> None:
        nonlocal done
        results.append(r)
        done += r.hands
        if progress is not None:
            progress(done, spec.hands)

    if ray_address is not None:
        for r in _run_on_ray(spec, work, ray_address):
            report(r)
    elif (workers or os.cpu_count() or 1) <= 1 or len(work) == 1:
        for index, hands in work:
            report(run_chunk(spec, index, hands))
    else:
        with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
            for r in pool.map(_run_star, [(spec, i, h) for i, h in work]):
                report(r)
    return combine(spec, results)


def _run_on_ray(spec: SimulationSpec, work: Sequence[tuple[int, int]],
                address: str) -> list[ChunkResult]:
    """The same chunks as Ray tasks ("local" starts a Ray instance on this machine)."""
    try:
        import ray
    except ImportError:  # pragma: no cover - ray is an optional extra
        raise ConfigError("Ray is not installed: pip install 'pokerroom[ray]'") from None
    started = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=os.cpu_count(), include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
        started = True
    try:
        task = ray.remote(run_chunk)
        futures = [task.remote(spec, i, h) for i, h in work]
        return list(ray.get(futures))
    finally:
        if started:
            ray.shutdown()


# ------------------------------------------------------------------ tournaments


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """Whole bot tournaments: ``count`` events of ``players`` each on a built-in
    structure (see pokerroom.tournament), every invariant checked as they run."""

    count: int = 4
    players: int = 60
    structure: str = "turbo"
    seed: int = 1

    def __post_init__(self) -> None:
        from pokerroom.tournament import structure as named_structure

        named_structure(self.structure)
        if self.count < 1 or self.players < 2:
            raise ConfigError("at least one tournament of at least two players")


@dataclass(frozen=True, slots=True)
class PolicyResult:
    """How one bot policy's entries did in a tournament: ``won`` 1 if one of them
    won it; ``paid`` their buy-ins, fees, rebuys and add-ons; ``prizes`` what they
    won.  :meth:`add` sums them over tournaments."""

    policy: str
    entries: int
    won: int
    paid: int
    prizes: int

    @property
    def net(self) -> int:
        return self.prizes - self.paid

    @property
    def roi(self) -> float | None:
        """Return on investment, net / paid (None when nothing was paid: freerolls)."""
        return self.net / self.paid if self.paid else None

    def add(self, other: PolicyResult) -> PolicyResult:
        return PolicyResult(self.policy, self.entries + other.entries, self.won + other.won,
                            self.paid + other.paid, self.prizes + other.prizes)


@dataclass(slots=True)
class TournamentResult:
    index: int
    hands: int
    levels: int
    winner: str
    prize_pool: int
    by_policy: tuple[PolicyResult, ...] = ()


def policy_totals(results: Sequence[TournamentResult]) -> list[PolicyResult]:
    """Each policy's results summed over ``results``, by net money, best first."""
    totals: dict[str, PolicyResult] = {}
    for result in results:
        for row in result.by_policy:
            seen = totals.get(row.policy)
            totals[row.policy] = row if seen is None else seen.add(row)
    return sorted(totals.values(), key=lambda r: (-r.net, r.policy))


def run_tournament(spec: TournamentSpec, index: int) -> TournamentResult:
    from pokerroom.tournament import structure as named_structure
    from pokerroom.tournament.simulate import simulate as play_tournament

    t, report = play_tournament(named_structure(spec.structure), spec.players,
                                rng=random.Random(f"{spec.seed}-t{index}"))
    winner = next(f for f in report.results if f.place == 1)
    name = t.entries[winner.entry].name if hasattr(t, "entries") else str(winner.entry)
    s = t.structure
    rows: dict[str, list[int]] = {}  # policy -> [entries, won, paid, prizes]
    for finish in report.results:
        entry = t.entries[finish.entry]
        row = rows.setdefault(report.policies.get(entry.name, "?"), [0, 0, 0, 0])
        row[0] += 1
        row[1] += finish.entry == winner.entry
        row[2] += (s.buy_in + s.fee + entry.rebuys * (s.rebuy.price if s.rebuy else 0)
                   + (s.add_on.price if s.add_on and entry.add_on else 0))
        row[3] += finish.prize
    by_policy = tuple(PolicyResult(policy, *row) for policy, row in sorted(rows.items()))
    return TournamentResult(index, report.hands, report.levels, name, report.prize_pool,
                            by_policy)


def _run_tournament_star(args: tuple[TournamentSpec, int]) -> TournamentResult:
    return run_tournament(*args)


def simulate_tournaments(spec: TournamentSpec, *, workers: int | None = None,
                         ray_address: str | None = None) -> list[TournamentResult]:
    """Every tournament, serially, on local cores or on Ray; identical results."""
    work = [(spec, i) for i in range(spec.count)]
    if ray_address is not None:
        try:
            import ray
        except ImportError:  # pragma: no cover
            raise ConfigError("Ray is not installed: pip install 'pokerroom[ray]'") from None
        started = not ray.is_initialized()
        if started:
            if ray_address == "local":
                ray.init(num_cpus=os.cpu_count(), include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=ray_address, log_to_driver=False)
        try:
            task = ray.remote(run_tournament)
            results = list(ray.get([task.remote(s, i) for s, i in work]))
        finally:
            if started:
                ray.shutdown()
    elif (workers or os.cpu_count() or 1) <= 1 or spec.count == 1:
        results = [run_tournament(s, i) for s, i in work]
    else:
        with ProcessPoolExecutor(max_workers=workers or os.cpu_count()) as pool:
            results = list(pool.map(_run_tournament_star, work))
    return sorted(results, key=lambda r: r.index)
