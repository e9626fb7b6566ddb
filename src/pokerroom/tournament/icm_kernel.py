"""The exponential race's equity sum compiled by Numba (the ``[fast]`` extra), without
the GIL, compiled on the first call and cached on disk
(:mod:`pokerroom.evaluation.numba_cache`: a read-only install too).

At each node ``t`` it needs, for every player i, the expected prize of the number of
*others* finished, ``V_i = sum_k g_k P(N_i = k)``.  Instead of a distribution of the
others per player (the prefix and adjoint sums of
:mod:`pokerroom.tournament.icm_race`, ``O(players * places)`` a node), it builds the
distribution ``D`` of the number of *all* players finished once and divides player
i's factor ``q_i + p_i z`` back out of it:

- ``D`` by dynamic programming, four players at a time (one degree-4 polynomial with
  positive coefficients: no cancellation), taking players in ascending ``p q`` so the
  window stays narrow for as long as it can, and trimming entries below
  :data:`TRIM` from both ends (the count is concentrated within about ten standard
  deviations of its mean, so the window is some 20 sqrt(sum p q) wide, not
  ``places``).  Players finished but for :data:`SURE` only shift the count.
- ``P(N_i = k) = (D_k - p_i P(N_i = k-1)) / q_i`` upwards when ``p_i <= 1/2``
  (each step multiplies an error by ``-p_i/q_i``, at most 1 in size), and
  ``P(N_i = k-1) = (D_k - q_i P(N_i = k)) / p_i`` downwards when ``p_i > 1/2``: both
  directions are stable.  Summed against the prizes, the upward one is
  ``q_i V_i = sum_m c_m (-p_i/q_i)^m`` with ``c_m = sum_j D_j g_{j+m}`` (computed once
  a node), a series whose terms are nonincreasing in size (``c_m`` is, since prizes
  never rise), so it stops when ``(p_i/q_i)^m`` falls below :data:`TAIL`; the
  downward one likewise with ``q_i/p_i``.  The series run over all players at once
  (players sorted by rate need a monotone number of terms).
- The ``c_m`` are sums against the prizes by their steps: with ``F`` the cumulative
  distribution, ``c_m = sum_e (g_e - g_(e+1)) F(e - m)`` over the places ``e`` where
  the prize steps down, so places paying the same (a payout's bands) cost nothing:
  ``O(window * steps)`` a node rather than ``O(window^2)``.

Equal to the prefix and adjoint sums to about 1e-17 of the prize pool on the same
nodes (``tests/tournament/test_icm_bounded.py``).
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import numpy as np

from pokerroom.evaluation.numba_cache import njit

TRIM = 1e-19
"""Entries of the count's distribution below this are dropped from its two ends."""
TAIL = 1e-16
"""A series stops where its ratio's power falls below this (each term is at most the
first prize)."""
SURE = 1e-22
"""A player running with a chance below this counts as finished."""
LN2 = math.log(2.0)


@partial(njit, nogil=True)
def _cdf(cum: Any, lo: int, hi: int, k: int) -> float:
    """The chance that at most ``k`` finished, from the window ``[lo, hi]`` of ``cum``."""
    if k < lo:
        return 0.0
    return float(cum[min(k, hi) + 4])


@partial(njit, nogil=True, fastmath={"reassoc", "contract", "nsz"})
def race_equity_kernel(w: Any, g: Any, times: Any, steps: Any) -> Any:
    """Each player's expected prize: rates ``w`` (n), prizes ``g`` (paid places, 1st
    first, nonincreasing), nodes ``times`` and their weights ``steps`` in ``log t``."""
    n, paid = w.shape[0], g.shape[0]
    order = np.argsort(w)
    ws = w[order]
    equity = np.zeros(n)
    dist = np.zeros(n + 16)  # dist[k + 4]: chance that k players finished (four zeros each side)
    spare = np.zeros(n + 16)
    cum = np.zeros(n + 16)  # cum[k + 4]: chance that at most k finished (within the window)
    edge_at = np.empty(paid, dtype=np.int64)  # the places where the prize steps down
    edge_step = np.empty(paid)  # and by how much
    edges = 0
    for e in range(paid):
        step = g[e] - (g[e + 1] if e + 1 < paid else 0.0)
        if step != 0.0:
            edge_at[edges] = e
            edge_step[edges] = step
            edges += 1
    up = np.zeros(n + 2)  # c_m of the upward series
    down = np.zeros(n + 2)  # and of the downward one
    q = np.empty(n)
    p = np.empty(n)
    ratio = np.empty(n)
    power = np.empty(n)
    value = np.empty(n)
    for node in range(times.shape[0]):
        t = times[node]
        split = 0  # players [0, split) have p <= 1/2 (rates ascending)
        live = n  # players [live, n) are finished but for SURE
        for i in range(n):
            z = ws[i] * t
            if z <= LN2:
                pi = -math.expm1(-z)
                p[i] = pi
                q[i] = 1.0 - pi
                split = i + 1
            else:
                qi = math.exp(-z)
                q[i] = qi
                p[i] = 1.0 - qi
                if qi < SURE and live == n:
                    live = i
        # the distribution of the count among [0, live): ascending p q, four at a time
        lo = 0
        hi = 0
        for k in range(9):
            dist[k] = 0.0
        dist[4] = 1.0
        a = 0
        b = live - 1
        while a <= b:
            c0, c1, c2, c3, c4 = 1.0, 0.0, 0.0, 0.0, 0.0
            for _ in range(4):
                if a > b:
                    break
                if p[a] * q[a] <= p[b] * q[b]:
                    j = a
                    a += 1
                else:
                    j = b
                    b -= 1
                qj, pj = q[j], p[j]
                c4 = qj * c4 + pj * c3
                c3 = qj * c3 + pj * c2
                c2 = qj * c2 + pj * c1
                c1 = qj * c1 + pj * c0
                c0 = qj * c0
            for k in range(lo + 4, hi + 9):
                spare[k] = (c0 * dist[k] + c1 * dist[k - 1] + c2 * dist[k - 2]
                            + c3 * dist[k - 3] + c4 * dist[k - 4])
            dist, spare = spare, dist
            hi += 4
            while hi > lo and dist[hi + 4] < TRIM:
                hi -= 1
            while lo < hi and dist[lo + 4] < TRIM:
                lo += 1
            for k in range(1, 5):
                dist[lo + 4 - k] = 0.0
                dist[hi + 4 + k] = 0.0
        shift = n - live  # dist[k + 4] is the chance that k + shift finished
        if lo + shift > paid:
            continue  # every paid place is gone: nobody is paid here
        # the cumulative distribution, for sums against the prizes by their steps
        total = 0.0
        for j in range(lo, hi + 1):
            total += dist[j + 4]
            cum[j + 4] = total
        lo_abs, hi_abs = lo + shift, hi + shift
        top = min(hi_abs, paid - 1)  # the others' count going up is in [lo_abs, top]
        terms_up = -1
        if split > 0 and top >= lo_abs:
            terms_up = top - lo_abs
            r = p[split - 1] / q[split - 1]
            if r < 1.0:
                terms_up = min(terms_up, int(math.log(TAIL) / math.log(max(r, 1e-300))) + 1)
            # up[m] = sum_j D_j g_(j+m) = sum over steps e in [lo+m, top) of
            # (g_e - g_(e+1)) F(e - m), plus g_top F(top - m)
            first = np.searchsorted(edge_at[:edges], lo_abs)
            last = np.searchsorted(edge_at[:edges], top)
            for m in range(terms_up + 1):
                while first < last and edge_at[first] < lo_abs + m:
                    first += 1
                s = g[top] * _cdf(cum, lo, hi, top - m - shift)
                for e in range(first, last):
                    s += edge_step[e] * cum[edge_at[e] - m - shift + 4]
                up[m] = s
        terms_down = -1
        if split < n:
            k0 = max(lo_abs - 1, 0)  # going down the others' count is in [k0, hi_abs - 1]
            terms_down = hi_abs - 1 - k0
            r = q[split] / p[split]
            if r < 1.0:
                terms_down = min(terms_down,
                                 int(math.log(TAIL) / math.log(max(r, 1e-300))) + 1)
            # down[m] = sum_k g_k D_(k+m+1), k in [k0, kt]: by the steps of the prizes,
            # sum over e in [k0, kt) of (g_e - g_(e+1)) (F(e+m+1) - F(k0+m)), plus
            # g_kt (F(kt+m+1) - F(k0+m))
            first = np.searchsorted(edge_at[:edges], k0)
            last = edges
            for m in range(terms_down + 1):
                kt = min(paid - 1, hi_abs - m - 1)
                if kt < k0:
                    terms_down = m - 1
                    break
                while last > first and edge_at[last - 1] >= kt:
                    last -= 1
                base = _cdf(cum, lo, hi, k0 + m - shift)
                s = g[kt] * (_cdf(cum, lo, hi, kt + m + 1 - shift) - base)
                for e in range(first, last):
                    s += edge_step[e] * (cum[edge_at[e] + m + 1 - shift + 4] - base)
                down[m] = s
        weight = steps[node] * t
        if terms_up >= 0:  # players [0, split): ratios rise with i, and so do their terms
            for i in range(split):
                ratio[i] = -p[i] / q[i]
                power[i] = 1.0
                value[i] = up[0]
            first = 0
            for m in range(1, terms_up + 1):
                while first < split and abs(power[first]) < TAIL:
                    first += 1
                if first == split:
                    break
                c = up[m]
                for i in range(first, split):
                    power[i] *= ratio[i]
                    value[i] += c * power[i]
            for i in range(split):  # w t q V, with q V the series
                equity[i] += weight * ws[i] * value[i]
        if terms_down >= 0:  # players [split, n): ratios fall with i
            for i in range(split, n):
                ratio[i] = -q[i] / p[i]
                power[i] = 1.0
                value[i] = down[0]
            last = n
            for m in range(1, terms_down + 1):
                while last > split and abs(power[last - 1]) < TAIL:
                    last -= 1
                if last == split:
                    break
                c = down[m]
                for i in range(split, last):
                    power[i] *= ratio[i]
                    value[i] += c * power[i]
            for i in range(split, n):  # w t q V, with p V the series
                equity[i] += weight * ws[i] * q[i] / p[i] * value[i]
    out = np.empty(n)
    for i in range(n):
        out[order[i]] = equity[i]
    return out
