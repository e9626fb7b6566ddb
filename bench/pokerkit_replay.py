"""PokerKit's replay loop over PHH files, shared by ``bench/run.py`` (in process)
and run as a whole process of its own for the replay command's ratio:
``python bench/pokerkit_replay.py LIST`` replays the files named one a line in
LIST and prints ``{"hands", "ok", "failed", "actions", "seconds"}`` as JSON.
It imports PokerKit and the standard library only, so the process costs what a
PokerKit user's replay script costs."""

from __future__ import annotations

import json
import sys
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from time import perf_counter
from typing import Any

import pokerkit


def _stacks_match(final: Sequence[int], recorded: Sequence[Any] | None) -> bool:
    if recorded is None:
        return True
    return len(final) == len(recorded) and all(
        have == want or (want != int(want) and abs(have - want) <= 1)
        for have, want in zip(final, recorded, strict=True)
    )


def pokerkit_replay(paths: Sequence[Path]) -> tuple[float, dict[str, int]]:
    """``pokerkit.HandHistory.load(file)``, every state, the final stacks compared
    with ``finishing_stacks`` (within one chip where the file records a half chip)."""
    history_type = pokerkit.HandHistory
    ok = failed = hands = actions = 0
    start = perf_counter()
    for path in paths:
        hands += 1
        try:
            with open(path, "rb") as file:
                history = history_type.load(file)
            state = deque(history, maxlen=1)[0]  # every state, keeping the last
            actions += len(history.actions)
            if _stacks_match(state.stacks, history.finishing_stacks):
                ok += 1
            else:
                failed += 1
        except Exception:
            failed += 1
    seconds = perf_counter() - start
    return seconds, {"hands": hands, "ok": ok, "failed": failed, "actions": actions}


def main(argv: Sequence[str]) -> int:
    import warnings

    warnings.simplefilter("ignore")  # PokerKit's warnings about its own deck
    paths = [Path(line) for line in Path(argv[0]).read_text().splitlines() if line]
    seconds, stats = pokerkit_replay(paths)
    print(json.dumps(stats | {"seconds": seconds}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
