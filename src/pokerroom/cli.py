"""The ``pokerroom`` command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from pokerroom import __version__


def _replay(args: argparse.Namespace) -> int:
    from pokerroom.history.replay import check_paths

    passed = failed = skipped = 0
    out = sys.stdout
    try:
        for result in check_paths(args.paths):
            if args.json:
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
        sys.stderr.write(f"pokerroom replay: {exc}\n")
        return 2
    if not args.json:
        tail = f", {skipped} skipped" if skipped else ""
        out.write(f"{passed} passed, {failed} failed{tail}\n")
    return 1 if failed else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokerroom", description="Poker the way a well-run cardroom runs it."
    )
    parser.add_argument("--version", action="version", version=f"pokerroom {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
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
    return parser


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
