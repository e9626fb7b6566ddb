"""Where a bench's numbers come from, written into its results file: the commit it
ran on and the machine (Python, platform, cores, and the load average before and
after, since the machine is shared and its other load moves the numbers)."""

from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def git_commit() -> str | None:
    """The commit checked out, or None outside a git clone."""
    try:
        done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True)
        return done.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def machine(load_before: tuple[float, float, float]) -> dict[str, Any]:
    """The machine, with ``load_before`` (``os.getloadavg()`` when the run began) and
    the load average now."""
    return {"python": platform.python_version(), "platform": platform.platform(),
            "cpus": os.cpu_count(), "loadavg_before": load_before,
            "loadavg_after": os.getloadavg()}
