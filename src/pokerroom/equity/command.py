"""``pokerroom equity``: equities from the command line, with a progress bar.

    pokerroom equity AsKs QhQd
    pokerroom equity "QQ+, AKs" "T9s-65s" random --board Kd7h2s --samples 1000000
    pokerroom equity AhKh2d3d random --game omaha_hilo --workers 0

Until the main command lists it, ``python -m pokerroom.equity ...`` runs the
same thing.  The CLI module registers it with :func:`add_parser`; importing
this module loads neither NumPy nor Numba, so the other commands start as
fast as before.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pokerroom.errors import PokerError

if TYPE_CHECKING:
    from pokerroom.equity.calculate import EquityResult, Method

GAMES = ("holdem", "short_deck", "omaha", "omaha_hilo")

DESCRIPTION = (
    "Each player's share of the pot: exact enumeration when it is small enough, Monte Carlo "
    "otherwise (with its standard error).  Players are exact hands ('AsKs'; Omaha "
    "'AhKhQdJd'), ranges ('QQ+, AKs, T9s-65s') or 'random'."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments: the players, ``--board``, ``--dead``, ``--game``, the
    method and its settings."""
    parser.add_argument("players", nargs="+", help="one hand or range per player")
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 cards, like Kd7h2s")
    parser.add_argument("--dead", default="", help="cards out of play")
    parser.add_argument("--game", default="holdem", choices=GAMES, help="the game")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every deal and board")
    how.add_argument("--monte-carlo", action="store_true", help="sample deals at random")
    parser.add_argument("--samples", type=int, default=None,
                        help="Monte Carlo deals (default 1,000,000; 100,000 without NumPy)")
    parser.add_argument("--seed", type=int, default=None, help="Monte Carlo seed")
    parser.add_argument("--hole-cards", type=int, default=4, help="Omaha: a random hand's size")
    parser.add_argument("--workers", type=int, default=0, help="threads (0: one per core)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register ``equity`` on the ``pokerroom`` command's subparsers."""
    parser: argparse.ArgumentParser = sub.add_parser(
        "equity", help="exact or Monte Carlo equity of hands and ranges", description=DESCRIPTION
    )
    add_arguments(parser)
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Compute and print the equity the arguments ask for; exit status 2, with one line
    on standard error, for input that cannot be played."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeRemainingColumn

    from pokerroom.equity.calculate import equity

    method: Method = "exact" if args.exact else "monte_carlo" if args.monte_carlo else "auto"
    err = Console(stderr=True)
    start = time.perf_counter()
    try:
        with Progress(
            "{task.description}",
            BarColumn(),
            TaskProgressColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
            disable=args.json or not err.is_terminal,
        ) as bar:
            task = bar.add_task("equity", total=1.0)
            result = equity(
                args.players,
                board=args.board,
                dead=args.dead,
                game=args.game,
                method=method,
                samples=default_samples() if args.samples is None else args.samples,
                seed=args.seed,
                hole_cards=args.hole_cards,
                workers=args.workers,
                progress=lambda done: bar.update(task, completed=done),
            )
    except PokerError as error:
        err.print(f"pokerroom equity: {error}", markup=False, highlight=False)
        return 2
    seconds = time.perf_counter() - start
    if args.json:
        sys.stdout.write(json.dumps(as_json(result, seconds)) + "\n")
    else:
        print_table(result, seconds)
    return 0


def default_samples() -> int:
    """Monte Carlo deals when ``--samples`` is not given: a million on the NumPy/Numba
    paths (a fraction of a second), 100,000 in pure Python (about a second)."""
    from pokerroom.equity.calculate import numpy_installed

    return 1_000_000 if numpy_installed() else 100_000


def as_json(result: EquityResult, seconds: float) -> dict[str, object]:
    """The ``--json`` output: the game, the method, the deals and each player's numbers."""
    return {
        "game": result.game,
        "exact": result.exact,
        "deals": result.deals,
        "seconds": round(seconds, 6),
        "players": [
            {"player": name, "equity": eq, "win": win, "tie": tie, "standard_error": se}
            for name, eq, win, tie, se in zip(
                result.players,
                result.equity,
                result.win,
                result.tie,
                result.standard_error,
                strict=True,
            )
        ],
    }


def print_table(result: EquityResult, seconds: float) -> None:
    """The result as a table at the terminal."""
    from rich.console import Console
    from rich.table import Table

    how = "exact" if result.exact else "Monte Carlo"
    table = Table(
        title=f"{result.game}, {how}",
        caption=f"{result.deals:,} boards in {seconds:.3f} s",
        title_justify="left",
        caption_justify="left",
    )
    table.add_column("player")
    table.add_column("equity", justify="right")
    table.add_column("win", justify="right")
    table.add_column("tie", justify="right")
    if not result.exact:
        table.add_column("± std. error", justify="right")
    for name, eq, win, tie, se in zip(
        result.players, result.equity, result.win, result.tie, result.standard_error, strict=True
    ):
        cells = [name, f"{100 * eq:.3f}%", f"{100 * win:.3f}%", f"{100 * tie:.3f}%"]
        if not result.exact:
            cells.append(f"{100 * se:.3f}%")
        table.add_row(*cells)
    Console().print(table)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pokerroom.equity``: the same as ``pokerroom equity``."""
    parser = argparse.ArgumentParser(prog="pokerroom equity", description=DESCRIPTION)
    add_arguments(parser)
    return run(parser.parse_args(argv))
