"""``python -m pokerroom.equity AsKs QhQd``: see :mod:`pokerroom.equity.command`."""

from __future__ import annotations

import sys

from pokerroom.equity.command import main

sys.exit(main())
