"""The exponential race's equity sum compiled by Numba (the ``[fast]`` extra): the
same sums as :mod:`pokerroom.tournament.icm_race`'s NumPy path, node by node, with
no arrays the size of players x nodes x places and without the GIL.  Compiled on
the first call and cached on disk (``cache=True``)."""

from __future__ import annotations

from typing import Any

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def race_equity_kernel(w: Any, g: Any, times: Any, steps: Any) -> Any:
    """Each player's expected prize: rates ``w`` (n), prizes ``g`` (paid places),
    nodes ``times`` and their weights ``steps`` in ``log t``."""
    n, paid = w.shape[0], g.shape[0]
    equity = np.zeros(n)
    prefix = np.empty((n, paid))
    adj = np.empty(paid)
    q = np.empty(n)
    for m in range(times.shape[0]):
        t = times[m]
        for i in range(n):
            q[i] = np.exp(-w[i] * t)
        for k in range(paid):
            prefix[0, k] = 0.0
        prefix[0, 0] = 1.0
        for i in range(n - 1):
            qi, pi = q[i], 1.0 - q[i]
            prefix[i + 1, 0] = qi * prefix[i, 0]
            for k in range(1, paid):
                prefix[i + 1, k] = qi * prefix[i, k] + pi * prefix[i, k - 1]
        for k in range(paid):
            adj[k] = g[k]
        for i in range(n - 1, -1, -1):
            value = 0.0
            for k in range(paid):
                value += prefix[i, k] * adj[k]
            equity[i] += steps[m] * w[i] * t * q[i] * value
            qi, pi = q[i], 1.0 - q[i]
            for k in range(paid - 1):
                adj[k] = qi * adj[k] + pi * adj[k + 1]
            adj[paid - 1] = qi * adj[paid - 1]
    return equity
