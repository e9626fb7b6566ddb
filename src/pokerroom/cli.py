"""The ``pokerroom`` command."""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pokerroom import __version__

if TYPE_CHECKING:  # the room's modules load only when a command needs them
    from pokerroom.history.replay import ReplayResult
    from pokerroom.server.settings import Settings


def _replay(args: argparse.Namespace) -> int:
    from pokerroom.history.formats import IMPORT_HINT, not_phh
    from pokerroom.history.replay import check_paths

    # Another format (a site's own text, OHH) is a usage error: said in one line
    # per path, nothing replayed, exit 2.
    refused = [why for why in map(not_phh, map(Path, args.paths)) if why is not None]
    for why in refused:
        hint = f": {IMPORT_HINT}" if why.history else ""
        sys.stderr.write(f"pokerroom replay: {why.reason}; replay reads PHH (.phh, .phhs){hint}\n")
    if refused:
        return 2
    passed = failed = skipped = 0
    out = _Lines(sys.stdout)
    try:
        for result in check_paths(args.paths):
            if args.json and (line := _plain_json_line(result)) is not None:
                out.write(line)  # (the common case, written as json.dumps would)
            elif args.json:
                record: dict[str, object] = {
                    "path": result.path,
                    "index": result.index,
                    "variant": result.variant,
                }
                if result.error is not None:
                    record["error"] = result.error
                elif result.skipped is not None:
                    record["finishing_stacks"] = None
                    record["skipped"] = result.skipped
                else:
                    record["finishing_stacks"] = result.stacks_in_file_units()
                    if result.mismatch is not None:
                        record["mismatch"] = result.mismatch
                out.write(json.dumps(record) + "\n")
            elif result.skipped is not None:
                if args.verbose:
                    out.write(f"skip {result.where()}: {result.skipped}\n")
            elif not result.ok:
                out.write(f"FAIL {result.where()}: {result.error or result.mismatch}\n")
            elif args.verbose:
                notes = f" ({'; '.join(result.notes)})" if result.notes else ""
                out.write(f"ok   {result.where()}{notes}\n")
            if result.skipped is not None:
                skipped += 1
            elif result.ok:
                passed += 1
            else:
                failed += 1
    except FileNotFoundError as exc:
        out.flush()
        sys.stderr.write(f"pokerroom replay: {exc}\n")
        return 2
    if not args.json:
        tail = f", {skipped} skipped" if skipped else ""
        out.write(f"{passed} passed, {failed} failed{tail}\n")
    out.flush()
    return 1 if failed else 0


class _Lines:
    """The replay's output lines, written :data:`LINES_PER_WRITE` at a time: one
    ``write`` per line is a system call per hand where Python's output is unbuffered
    (``PYTHONUNBUFFERED``, ``python -u``): 10,000 of them, a sixth of the command's CPU
    on the Pluribus hands."""

    LINES_PER_WRITE = 256

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.pending: list[str] = []

    def write(self, line: str) -> None:
        self.pending.append(line)
        if len(self.pending) >= self.LINES_PER_WRITE:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            self.stream.write("".join(self.pending))
            self.pending.clear()
        self.stream.flush()


def _plain_json_line(result: ReplayResult) -> str | None:
    """``json.dumps`` of a hand that replayed to its recorded stacks, all chips
    whole, made without building a dict (10,000 hands: a tenth of the command's
    time); None for any other result."""
    if (result.error is not None or result.skipped is not None
            or result.mismatch is not None or result.path is None):
        return None
    stacks = result.stacks_in_file_units()
    if stacks is None or any(type(s) is not int for s in stacks):
        return None
    index = "null" if result.index is None else str(result.index)
    return (f'{{"path": {_quote(result.path)}, "index": {index}, '
            f'"variant": {_quote(result.variant)}, '
            f'"finishing_stacks": [{", ".join(map(str, stacks))}]}}\n')


def _quote(text: str) -> str:
    return json.encoder.encode_basestring_ascii(text)  # as json.dumps writes a string


def _import(args: argparse.Namespace) -> int:
    from pokerroom.history.formats import recognise_file
    from pokerroom.history.pokerstars_import import check_imported, iter_text_files, write
    from pokerroom.history.pokerstars_reader import read_pokerstars_file

    paths = [Path(p) for p in args.paths]
    missing = [p for p in paths if not p.exists()]
    if missing:
        sys.stderr.write(f"pokerroom import: {missing[0]} does not exist; name PokerStars "
                         "text files or folders of them\n")
        return 2
    out_dir = Path(args.output)
    if out_dir.exists() and not out_dir.is_dir():
        sys.stderr.write(f"pokerroom import: -o {out_dir} is a file; name a folder (made "
                         "if missing)\n")
        return 2
    files = []
    for path in iter_text_files(paths):
        kind = recognise_file(path)
        if kind.name == "PokerStars hand history text":
            files.append(path)
        elif path in paths:
            sys.stderr.write(f"pokerroom import: {path} looks like {kind.name}, not PokerStars "
                             "text; import reads PokerStars hand histories\n")
            return 2
    if not files:
        sys.stderr.write(f"pokerroom import: no PokerStars text (.txt) in "
                         f"{', '.join(map(str, paths))}\n")
        return 2
    imported = refused = 0
    taken: set[Path] = set()
    for path in files:
        hands, refusals = read_pokerstars_file(path)
        reasons = [str(r) for r in refusals]
        kept = []
        for hand in hands:
            refusal = check_imported(hand) if args.replay else None
            if refusal is None:
                kept.append(hand)
            else:
                reasons.append(str(refusal))
        for reason in reasons:
            sys.stderr.write(f"refused {reason}\n")
        written = write(kept, path, out_dir, many=args.phhs, taken=taken)
        if args.verbose:
            for w in written:
                sys.stdout.write(f"wrote {w}\n")
        imported += len(kept)
        refused += len(reasons)
    checked = ", each replayed to the text's stacks" if args.replay else ""
    sys.stdout.write(f"{imported} hand{'s' * (imported != 1)} imported from {len(files)} file"
                     f"{'s' * (len(files) != 1)} into {out_dir}{checked}; {refused} refused\n")
    return 1 if refused else 0


class _BotNames:
    """The bots' names for ``choices``, looked up only when a command asks: the bots
    import the tournament package, which ``replay`` and ``import`` never need."""

    def __contains__(self, name: object) -> bool:
        from pokerroom.bots import BOTS

        return name in BOTS

    def __iter__(self) -> Iterator[str]:
        from pokerroom.bots import BOTS

        return iter(sorted(BOTS))


class _DefaultsShown(argparse.HelpFormatter):
    """``--help`` shows each option's default, ``(default: 10000)``, unless its help
    says it already or there is none to show (a flag, an option off when not given)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (not action.option_strings or action.nargs == 0 or "default" in text or default is None
                or default is False or default is argparse.SUPPRESS or default in ([], "")):
            return action.help
        return f"{text} (default: %(default)s)".lstrip()


class _CommandParser(argparse.ArgumentParser):
    """A command's parser, whose ``--help`` shows the defaults."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _DefaultsShown)
        super().__init__(**kwargs)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokerroom", description="Poker the way a well-run cardroom runs it."
    )
    parser.add_argument("--version", action="version", version=f"pokerroom {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_CommandParser)
    replay = sub.add_parser(
        "replay",
        help="replay PHH hand histories and check their finishing stacks",
        description="Replay .phh/.phhs files (or folders of them) through the hand engine "
        "and compare with the recorded finishing_stacks.",
    )
    replay.add_argument("paths", nargs="+", help="files or folders")
    replay.add_argument("--json", action="store_true", help="one JSON object per hand per line")
    replay.add_argument("-v", "--verbose", action="store_true", help="list passing hands too")
    replay.set_defaults(func=_replay)

    imp = sub.add_parser(
        "import",
        help="PokerStars text hand histories to PHH, each hand replayed and checked",
        description="Read PokerStars text hand histories (files, or folders of .txt files: "
        "every game PHH records, cash and tournament, UTF-8 or Windows-1252, any line ending) "
        "and write each hand as PHH. Each hand is replayed through the engine and its stacks "
        "checked against the text's (rake aside) before it is written; a hand that cannot be "
        "read or does not replay is refused with its file, hand number, line and reason. "
        "Exit status: 0 every hand imported, 1 some refused, 2 usage error.",
    )
    imp.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", help="PokerStars text files "
                     "or folders of them")
    imp.add_argument("-o", "--output", metavar="OUT_DIR", default="phh",
                     help="folder the PHH files are written to, made if missing "
                     "(default: %(default)s)")
    imp.add_argument("--phhs", action="store_true",
                     help="one .phhs file per text file instead of one .phh per hand")
    imp.add_argument("--no-replay", dest="replay", action="store_false",
                     help="write the hands without replaying them (faster, unchecked; "
                     "by default each hand is replayed and checked)")
    imp.add_argument("-v", "--verbose", action="store_true", help="list the files written")
    imp.set_defaults(func=_import)

    play = sub.add_parser(
        "play",
        help="play at a terminal table against bots",
        description="A terminal table: you in seat 0 against bots, hand after hand.",
    )
    play.add_argument("--game", default="holdem", help="holdem, omaha, stud, razz, badugi, ...")
    play.add_argument("--structure", default=None,
                      choices=["no_limit", "pot_limit", "fixed_limit"],
                      help="default: the game's standard (hold'em no limit, Omaha pot "
                      "limit, stud and triple draw fixed limit, ...)")
    play.add_argument("--blinds", default="1/2", help="small/big blind (stud: ante/small bet)")
    play.add_argument("--stack", type=int, default=200, help="every player's chips")
    play.add_argument("--bots", type=int, default=5, help="number of bots (1-8)")
    play.add_argument("--bot", default=None, choices=_BotNames(), metavar="BOT",
                      help="the bots' policy: loose, random, rock, solid, station or tag "
                      "(default: solid)")
    play.add_argument("--seed", type=int, default=None, help="reproducible deals")
    play.add_argument("--hands", type=int, default=None, help="stop after this many hands")
    play.add_argument("--name", default="You", help="your name at the table")
    play.set_defaults(func=_play)

    serve = sub.add_parser(
        "serve",
        help="run the room: a poker server with a web UI",
        description="Start the room on http://HOST:PORT with persistence (SQLite by default).",
    )
    serve.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                       help="the address to listen on: 127.0.0.1 (this machine only, the "
                       "default), 0.0.0.0 (every network this machine is on: friends on "
                       "your LAN), or one of this machine's addresses")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on")
    serve.add_argument("--public-url", default=None, metavar="URL",
                       help="the address friends open the room at, e.g. "
                       "https://poker.example.org behind a TLS proxy: the invite and host "
                       "links the pages copy use it (the setting room.public_url; default: "
                       "the address each browser used)")
    serve.add_argument("--database", default=None,
                       help="SQLAlchemy URL; default sqlite file ./pokerroom.sqlite "
                       "(PostgreSQL: postgresql+psycopg://user:pass@host/db)")
    serve.add_argument("--bot-delay", type=float, default=0.8, help="seconds a bot thinks")
    serve.add_argument("--pause", type=float, default=2.0, help="seconds between hands")
    serve.add_argument("--worker", default=None, metavar="NAME",
                       help="run as the worker NAME of a room on many processes sharing one "
                       "PostgreSQL --database, behind a front proxy (docs/scaling.md)")
    serve.add_argument("--worker-prefix", default=None, metavar="PREFIX",
                       help="with --worker: the address prefix the proxy routes to this "
                       "worker (default /w/NAME)")
    serve.add_argument("--lease-seconds", type=float, default=3.0,
                       help="with --worker: how long a worker's hold on a table lasts "
                       "unrenewed (another takes the table over after it)")
    serve.add_argument("--set", action="append", default=[], metavar="SECTION.NAME=VALUE",
                       dest="settings",
                       help="change one of the room's limits (repeatable); "
                            "'pokerroom settings' lists them with their defaults")
    serve.add_argument("--log-format", choices=("text", "json"), default=None,
                       help="the room's log on standard error: text lines, or one JSON "
                            "object a line (the setting logs.format; default text)")
    serve.set_defaults(func=_serve)

    limits = sub.add_parser("settings", help="list the room's limits and their defaults "
                                             "(each changed with serve --set)")
    limits.set_defaults(func=_settings)

    proxy = sub.add_parser(
        "nginx-config",
        help="print an nginx configuration for a room on many processes",
        description="Print the nginx site (or, with --standalone DIR, a whole nginx.conf "
        "keeping its files in DIR) that sends the room's clients to its workers.",
    )
    proxy.add_argument("--listen", default="127.0.0.1:8000", help="nginx's address")
    proxy.add_argument("--worker", action="append", required=True, metavar="NAME=HOST:PORT",
                       help="a worker (repeat for each): its --worker name and address")
    proxy.add_argument("--standalone", default=None, metavar="DIR",
                       help="a complete configuration for `nginx -c`, with its pid file, "
                       "logs and temporary files under DIR")
    proxy.add_argument("--set", action="append", default=[], metavar="SECTION.NAME=VALUE",
                       dest="settings",
                       help="the room's limits, as given to its workers' serve --set: "
                            "nginx enforces the connections.* ones too")
    proxy.add_argument("--tls-certificate", default=None, metavar="FILE",
                       help="HTTPS on --listen with this certificate chain (PEM, absolute "
                       "path; Let's Encrypt's fullchain.pem): the room on the internet")
    proxy.add_argument("--tls-key", default=None, metavar="FILE",
                       help="the certificate's private key (PEM, absolute path)")
    proxy.add_argument("--server-name", default="_", metavar="NAME",
                       help="with TLS: the name browsers ask for (poker.example.org)")
    proxy.add_argument("--redirect-http", default=None, metavar="LISTEN",
                       help="with TLS: also listen here (80) and redirect plain HTTP to HTTPS")
    proxy.set_defaults(func=_nginx_config)

    simulate = sub.add_parser(
        "simulate",
        help="bots play many hands through the table engine on all cores (or Ray)",
        description="Bots play N hands through the real table engine; prints a summary and "
        "optionally writes the hands as PHH.  Results depend only on --seed and --chunk.  "
        "Exit status 2: a bad choice (an unknown game, or with --out a game PHH has no code "
        "for); 1: some hands could not be written (how many and why on stderr).",
    )
    simulate.add_argument("--hands", type=int, default=10_000, help="cash hands to play")
    simulate.add_argument("--game", default="holdem",
                          help="holdem, omaha, stud, razz, badugi, ... or a PHH variant code "
                          "(NT, PO, F7S, F2L3D, ...)")
    simulate.add_argument("--structure", default=None,
                          choices=["no_limit", "pot_limit", "fixed_limit"],
                          help="default: the game's standard (hold'em no limit, Omaha pot "
                          "limit, stud and triple draw fixed limit, ...)")
    simulate.add_argument("--bots", default="tag,random,station,tag,random,station",
                          help="comma-separated policies, one per seat: loose, random, rock, "
                          "solid, station or tag (default: %(default)s)")
    simulate.add_argument("--seed", type=int, default=1, help="the deals' seed")
    simulate.add_argument("--chunk", type=int, default=250, help="hands per task")
    simulate.add_argument("--workers", type=int, default=None, help="local processes")
    simulate.add_argument("--ray", default=None, metavar="ADDRESS",
                          help="run on a Ray cluster ('local' starts one here)")
    simulate.add_argument("--out", default=None, help="folder for the hand histories (.phhs)")
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.add_argument("--tournaments", type=int, default=None, metavar="N",
                          help="play N whole bot tournaments instead of cash hands")
    simulate.add_argument("--players", type=int, default=60, help="players per tournament")
    simulate.add_argument("--tournament-structure", default="turbo",
                          help="a built-in structure: standard, turbo, deepstack, ...")
    simulate.set_defaults(func=_simulate)

    from pokerroom.equity.command import add_parser as add_equity_parser

    add_equity_parser(sub)
    return parser


def _simulate(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress

    from pokerroom.errors import PokerError
    from pokerroom.simulate import SimulationSpec, simulate

    if args.tournaments is not None:
        return _simulate_tournaments(args)
    try:
        spec = SimulationSpec(game=args.game, structure=args.structure,
                              bots=tuple(b.strip() for b in args.bots.split(",") if b.strip()),
                              hands=args.hands, seed=args.seed, chunk=args.chunk, out=args.out)
    except (PokerError, ValueError) as exc:
        sys.stderr.write(f"pokerroom simulate: {exc}\n")
        return 2
    # The bar is for a person watching: never in a pipe, a file or a test's capture.
    with Progress(console=Console(stderr=True), transient=True,
                  disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task("hands", total=spec.hands)
        try:
            summary = simulate(spec, workers=args.workers, ray_address=args.ray,
                               progress=lambda done, total: bar.update(task, completed=done))
        except PokerError as exc:
            sys.stderr.write(f"pokerroom simulate: {exc}\n")
            return 2
    if summary.unwritten:
        missing = summary.hands - summary.written
        reasons = "; ".join(f"{reason} ({count})" for reason, count in
                            sorted(summary.unwritten.items(), key=lambda rc: -rc[1]))
        sys.stderr.write(f"pokerroom simulate: {missing} of {summary.hands} hands not written "
                         f"to {args.out}: {reasons}\n")
    if args.json:
        sys.stdout.write(json.dumps(summary.as_dict()) + "\n")
        return 1 if summary.unwritten else 0
    from rich.table import Table as RichTable

    from pokerroom.rules.variants import variant

    title = (f"{summary.hands} hands of {variant(spec.game).name} "
             f"({spec.betting.value.replace('_', ' ')})")
    grid = RichTable(title=title)
    grid.add_column("seat")
    grid.add_column("bot")
    grid.add_column("net chips", justify="right")
    grid.add_column("bb/100", justify="right")
    for seat, (name, net, rate) in enumerate(zip(spec.bots, summary.net,
                                                 summary.big_blinds_per_100, strict=True)):
        grid.add_row(str(seat), name, str(net), f"{rate:.1f}")
    Console().print(grid)
    sys.stdout.write(f"showdowns: {summary.showdowns}, biggest pot: {summary.biggest_pot}\n")
    if args.out is not None:
        sys.stdout.write(f"hand histories: {summary.written} hands ({spec.phh_code}) in "
                         f"{len(summary.files)} file(s) in {args.out}\n")
    return 1 if summary.unwritten else 0


def _simulate_tournaments(args: argparse.Namespace) -> int:
    from pokerroom.errors import PokerError
    from pokerroom.simulate import TournamentSpec, policy_totals, simulate_tournaments

    try:
        spec = TournamentSpec(count=args.tournaments, players=args.players,
                              structure=args.tournament_structure, seed=args.seed)
    except (PokerError, ValueError, KeyError) as exc:
        sys.stderr.write(f"pokerroom simulate: {exc}\n")
        return 2
    results = simulate_tournaments(spec, workers=args.workers, ray_address=args.ray)
    if args.json:
        sys.stdout.write(json.dumps([
            {"index": r.index, "hands": r.hands, "levels": r.levels, "winner": r.winner,
             "prize_pool": r.prize_pool,
             "policies": [{"policy": p.policy, "entries": p.entries, "won": p.won,
                           "paid": p.paid, "prizes": p.prizes} for p in r.by_policy]}
            for r in results]) + "\n")
        return 0
    for r in results:
        sys.stdout.write(f"tournament {r.index + 1}: {r.hands} hands, {r.levels} levels, "
                         f"won by {r.winner}\n")
    from rich.console import Console
    from rich.table import Table as RichTable

    grid = RichTable(title=f"{len(results)} tournament(s) of {spec.players} players "
                     f"({spec.structure}), by policy")
    for name, justify in (("policy", "left"), ("entries", "right"), ("events won", "right"),
                          ("paid", "right"), ("prizes", "right"), ("net", "right"),
                          ("ROI", "right")):
        grid.add_column(name, justify=justify)  # type: ignore[arg-type]
    for p in policy_totals(results):
        roi = "-" if p.roi is None else f"{p.roi:+.0%}"
        grid.add_row(p.policy, str(p.entries), str(p.won), str(p.paid), str(p.prizes),
                     f"{p.net:+d}", roi)
    Console().print(grid)
    return 0


def _serve(args: argparse.Namespace) -> int:
    from pokerroom.extras import MissingExtraError

    try:  # the options are checked before the web stack loads (a second of CPU)
        import pokerroom.server  # noqa: F401  (checks that the room's extra is installed)
    except MissingExtraError as exc:  # a lean install: no web stack
        sys.stderr.write(f"pokerroom serve: {exc}\n")
        return 2

    if args.worker is not None:
        if not (args.database or "").startswith("postgresql"):
            sys.stderr.write("pokerroom serve: --worker needs a PostgreSQL --database shared "
                             "by every worker (postgresql+psycopg://...); SQLite serves one "
                             "process only\n")
            return 2
        if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", args.worker):
            sys.stderr.write(f"pokerroom serve: --worker is 1-40 letters, digits, - or _ "
                             f"(it is part of addresses), got {args.worker!r}\n")
            return 2
        if not args.lease_seconds >= 1:
            sys.stderr.write(f"pokerroom serve: --lease-seconds is at least 1, "
                             f"got {args.lease_seconds}\n")
            return 2
    try:
        listening = _listening(args.host, args.port)
    except ValueError as exc:
        sys.stderr.write(f"pokerroom serve: {exc}\n")
        return 2
    from pokerroom.server.settings import SettingError, Settings, apply

    try:
        settings = apply(Settings(), [*args.settings, *(
            [f"logs.format={args.log_format}"] if args.log_format else [])])
    except SettingError as exc:
        sys.stderr.write(f"pokerroom serve: --set: {exc}\n")
        return 2
    if args.public_url is not None:
        try:
            settings = apply(settings, [f"room.public_url={args.public_url}"])
        except SettingError as exc:
            worker = (" (a worker's address prefix is --worker-prefix)"
                      if args.public_url.startswith("/") else "")
            sys.stderr.write(f"pokerroom serve: --public-url: {exc}{worker}\n")
            return 2
    from sqlalchemy.engine import make_url

    from pokerroom.server.app import create_app
    from pokerroom.server.connections import serve
    from pokerroom.server.operations.logs import LOG, configure
    from pokerroom.server.tables.store import default_url

    url = args.database or default_url(".")
    configure(settings.logs.format)  # the room's lines on stderr, text or JSON
    app = create_app(url, bot_delay=args.bot_delay, pause_between_hands=args.pause,
                     worker=args.worker, worker_prefix=args.worker_prefix,
                     lease_seconds=args.lease_seconds, settings=settings, freeze_heap=True)
    shown = make_url(url).render_as_string(hide_password=True)  # never a password in a log
    sys.stdout.write(f"pokerroom: open {listening}  (database {shown})\n")
    for line in _reach(args.host, args.port, settings):
        sys.stdout.write(f"pokerroom: {line}\n")
    sys.stdout.flush()
    LOG.info("serving on http://%s:%d/", args.host, args.port,
             extra={"database": shown, "worker": args.worker})
    # Timeouts, connection caps, the open-file limit and the largest socket frame
    # (connections.*): pokerroom.server.connections.
    # Ctrl-C: uvicorn re-raises KeyboardInterrupt once the room has shut down.
    with contextlib.suppress(KeyboardInterrupt):
        serve(app, host=args.host, port=args.port, settings=settings)
    LOG.info("stopped")
    return 0


_LOOPBACK = ("127.", "::1", "localhost")
_EVERYWHERE = ("0.0.0.0", "::", "")


def _listening(host: str, port: int) -> str:
    """The address to open on this machine; a ValueError says why ``--host`` and
    ``--port`` cannot be listened on."""
    import errno
    import socket

    if not 1 <= port <= 65535:
        raise ValueError(f"--port is 1-65535, got {port}")
    not_here = (f"--host {host!r} is no address of this machine: give 127.0.0.1 (this "
                "machine only), 0.0.0.0 (every network) or one of its addresses")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (OSError, UnicodeError) as exc:
        raise ValueError(f"{not_here} ({exc})") from None
    with socket.socket(family, kind, proto) as probe:  # as uvicorn will bind, at once
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRNOTAVAIL:
                raise ValueError(not_here) from None
            if exc.errno == errno.EADDRINUSE:
                raise ValueError(f"port {port} is in use on {host}: stop what listens "
                                 "there or give another --port") from None
            raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    shown = "127.0.0.1" if host in _EVERYWHERE else f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def _lan_address() -> str | None:
    """This machine's address on the network its default route is on (no packet is
    sent: a UDP socket only picks its source address), or None offline."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith(_LOOPBACK) or address == "0.0.0.0" else address


def _reach(host: str, port: int, settings: Settings) -> list[str]:
    """What ``serve`` prints about who can reach the room (docs/play-with-friends.md)."""
    lines = []
    public = settings.room.public_url
    if public:
        lines.append(f"friends open {public}/ (room.public_url: the links the pages copy)")
        if not settings.proxy.trusted and host.startswith(_LOOPBACK):
            lines.append("behind a proxy, give --set proxy.trusted=ITS ADDRESS (127.0.0.1) "
                         "so each player's own address counts for the quotas")
    elif host.startswith(_LOOPBACK):
        lines.append("this machine only: --host 0.0.0.0 lets friends on your network in "
                     "(docs: Play with friends)")
    elif host in _EVERYWHERE:
        lan = _lan_address()
        if lan:
            lines.append(f"friends on your network open http://{lan}:{port}/")
    return lines


def _settings(args: argparse.Namespace) -> int:
    from pokerroom.server.settings import described

    for name, value, what in described():
        sys.stdout.write(f"{name}={value}\n    {what}\n")
    return 0


def _nginx_config(args: argparse.Namespace) -> int:
    from pokerroom.server.cluster.proxy_config import Tls, render
    from pokerroom.server.settings import SettingError, Settings, apply

    try:
        settings = apply(Settings(), args.settings)
    except SettingError as exc:
        sys.stderr.write(f"pokerroom nginx-config: --set: {exc}\n")
        return 2
    workers: dict[str, str] = {}
    for given in args.worker:
        name, _, address = given.partition("=")
        if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", name) or not re.fullmatch(
                r"[A-Za-z0-9.\[\]:-]+:\d{1,5}", address):
            sys.stderr.write(f"pokerroom nginx-config: --worker is NAME=HOST:PORT like "
                             f"w1=127.0.0.1:8101, got {given!r}\n")
            return 2
        workers[name] = address
    standalone = Path(args.standalone).resolve() if args.standalone else None
    if (args.tls_certificate is None) != (args.tls_key is None):
        sys.stderr.write("pokerroom nginx-config: HTTPS needs both --tls-certificate and "
                         "--tls-key\n")
        return 2
    tls = None if args.tls_certificate is None else Tls(
        certificate=Path(args.tls_certificate), key=Path(args.tls_key),
        server_name=args.server_name, redirect_from=args.redirect_http)
    try:
        sys.stdout.write(render(args.listen, workers, standalone_dir=standalone,
                                limits=settings.connections, tls=tls))
    except ValueError as exc:  # an address or directory nginx cannot take
        sys.stderr.write(f"pokerroom nginx-config: {exc}\n")
        return 2
    return 0


def _play(args: argparse.Namespace) -> int:
    from pokerroom.bots import DEFAULT_BOT
    from pokerroom.errors import PokerError
    from pokerroom.play import PlaySettings, TerminalGame
    from pokerroom.simulate import resolve_game

    try:
        game, structure = resolve_game(args.game, args.structure)
    except PokerError as exc:
        sys.stderr.write(f"pokerroom play: {exc}\n")
        return 2
    try:
        small, big = (int(x) for x in args.blinds.split("/"))
    except ValueError:
        sys.stderr.write(f"pokerroom play: --blinds is SMALL/BIG like 1/2, got {args.blinds!r}\n")
        return 2
    if not 1 <= args.bots <= 8:
        sys.stderr.write(f"pokerroom play: --bots is 1-8, got {args.bots}\n")
        return 2
    settings = PlaySettings(
        game=game, structure=structure.value, small_blind=small, big_blind=big,
        stack=args.stack, bots=args.bots, bot=args.bot or DEFAULT_BOT, seed=args.seed,
        hands=args.hands, name=args.name,
    )
    try:
        return TerminalGame(settings).run()
    except PokerError as exc:
        sys.stderr.write(f"pokerroom play: {exc}\n")
        return 2
    except (EOFError, KeyboardInterrupt):
        return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except BrokenPipeError:  # `pokerroom replay --json ... | head`
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    raise SystemExit(main())
