"""Malmuth-Harville ICM for fields too big for the exact sum: the exponential race.

Malmuth-Harville is the same as a race: give player i an independent finish time
``T_i`` drawn from an exponential distribution with rate ``w_i`` (their stack);
the first to finish wins, the next is second, and so on.  (The first to finish is
i with chance ``w_i / sum(w)``, and by memorylessness the race among the rest starts
afresh: exactly the Harville rule.)  So player i takes place ``k + 1`` when
exactly ``k`` others finish before ``T_i``::

    P(i in place k+1) = integral over t of  w_i e^(-w_i t) * P(N_i(t) = k) dt

where ``N_i(t)``, the number of others finished by ``t``, is Poisson-binomial with
chances ``p_j(t) = 1 - e^(-w_j t)``.  Only the paid places matter, so ``N_i`` is
followed up to the number of places that pay.

**Quadrature.**  With ``t = e^s`` one player's finish is a smooth bump of width
about 1 in ``s``, analytic in a strip of half-width about pi/2, where the
trapezoidal rule with step ``h`` errs by about ``exp(-pi^2 / h)``.  Where many
players finish together the count of finished players has a spread of about the
square root of its mean, so the features narrow as the field grows; the nodes are
therefore equally spaced in ``x(s) = s / STEP + 2 (sqrt(finished) -
sqrt(running)) / CROWD`` (expected counts at ``t``; a smooth, increasing map,
inverted by Newton's method), which is the trapezoidal rule in ``x``; past
:data:`GROUPS` players the map follows the expected counts of that many groups of
sorted rates (it only has to be smooth, increasing and about where the field
finishes).  The nodes run from where even the biggest stack has finished with chance
1e-12 to where even the smallest is still running with chance e^-36; nodes where
the whole field is past the paid places with overwhelming odds (a Chernoff bound
below e^-37) are left out, since nobody is paid there.  Rates are scaled to a mean
of 1.  Before anyone is expected to finish the steps in ``s`` are twice as long
(:data:`SPARSE`).  Nodes measured (bench/bench_deal.py): 97 for 20 players, 122 for
100, 109 for 1,000 with 150 paid, 215 for 1,000 all paid.

**Work.**  With Numba (the ``[fast]`` extra) the equity sum runs compiled, without
the GIL (:mod:`pokerroom.tournament.icm_kernel`): a node's distribution of the count
of all players finished, once, each player's own chance divided back out of it, in
about ``O(nodes * players * 10 sqrt(players))``, whatever the number paid (the count
lies within some ten standard deviations of its mean).  Else NumPy does, over all
nodes at once: the same way from :data:`DIVIDED` players when most places pay
(where the count can reach is under 2.5 times the places paid), else, like pure
Python without NumPy, the same sums another way: for each node the chance that
``k`` of the players before i have finished (a prefix, :math:`O(\text{places})` per
player) and, walking back, the expected prize of the places the players after i push
i down to (the adjoint of the suffix) give player i's expected prize in
``O(places)``: in all ``O(nodes * players * paid places)`` multiply-adds, with no
division and no cancellation (every step is a convex combination), so it is as
stable as the exact sum.  The three agree to about 1e-12
of the pool on the same nodes (the kernel and the prefix sums to 1e-17).
:func:`race_places` (the chance of every place, not only the money) convolves the
prefix with the suffix instead: ``O(nodes * players * places^2)``.

**Error, measured** (``tests/tournament/test_icm_bounded.py``): against the exact
sum over 400 seeded random fields of 2 to 11 players (stacks from 1 to 10^7,
random payouts), the largest difference in any player's equity was 6.3e-11 of the
prize pool; the test asserts 1e-9.  At 1,000 players, where no exact sum runs,
against the same race with half the steps and wider ends: at most 1.2e-12 of the
pool (log-normal stacks, 150 or all paid; stacks from 1 to 10^7 chips; the test
asserts 1e-11).  Equal stacks of 20 and 100 players (all paid) come out equal to
1e-12 of the pool, and the equities add up to the pool to 1e-9.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

STEP = 0.3
"""The trapezoidal step in ``s = log t`` for one player's finish: the error is about
``exp(-pi^2 / STEP)``."""
CROWD = 1.0
"""The step in ``2 sqrt(finished)`` (and ``2 sqrt(running)``), where many players finish
together: the spread of their count grows as its square root."""
SPARSE = 0.5
"""Where fewer than :data:`QUIET` players are expected to have finished, the step in
``s`` grows to ``STEP / SPARSE`` (the ``s`` term of the map is ``(SPARSE s + (1 - SPARSE)
log(1 + e^(s - s_q))) / STEP``, ``s_q`` where QUIET are expected).  There the integrand
stays bounded however far ``log t`` is taken off the real line (``|w t|`` is small for
every stack), so only the map's own singularity, ``pi SPARSE / STEP`` (5.2) off the line,
bounds the error: about ``exp(-2 pi 5.2)``.  Measured: the same accuracy (1.0e-12 of the
pool at worst over 40 seeded fields of 30 to 1,000 players, against a run with half the
steps) with 13 % to 30 % fewer nodes."""
QUIET = 0.05
"""The expected number finished below which the steps lengthen (see :data:`SPARSE`)."""
EARLY = 1e-12
"""The first node: the biggest stack has finished with this chance."""
LATE = 36.0
"""The last node: the smallest stack is still running with chance ``e^-LATE``."""
CHERNOFF = 37.0
"""Nodes where every paid place is gone with chance ``1 - e^-CHERNOFF`` are skipped."""
GROUPS = 64
"""The node map follows the expected counts of at most this many groups of players
(rates sorted and cut into equal runs, each at its mean rate): the map only has to be
smooth and increasing and about where the field finishes, and this keeps it cheap to
evaluate however big the field (it was 10 ms of a 1,000-player question)."""
DIVIDED = 150
"""From this many players NumPy may take the kernel's way (below it the fixed cost of
its steps outweighs what it saves)."""
TAIL = 1e-16
"""The NumPy path's series stop where their ratio's power falls below this (as the
kernel's)."""
MEMORY = 4_000_000
"""Most floats NumPy holds at once for one group of nodes (32 MB)."""


def _kernel() -> Any:
    """The compiled equity sum (:mod:`pokerroom.tournament.icm_kernel`), or None
    without Numba."""
    try:
        from pokerroom.tournament.icm_kernel import race_equity_kernel
    except ImportError:
        return None
    return race_equity_kernel


def warm() -> None:
    """Compile (or load from the disk cache) the Numba kernel now, if there is one, so
    that the first real question does not wait for it."""
    np = _numpy()
    kernel = _kernel()
    if np is not None and kernel is not None:
        one = np.ones(2)
        kernel(one, one, one, one)


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def _crowd(weights: Sequence[float]) -> tuple[list[float], list[int], list[float]]:
    """The groups the node map follows: rates sorted and cut into at most
    :data:`GROUPS` equal runs, each as (its mean rate, its size, its lowest rate)."""
    ws = sorted(weights)
    n = len(ws)
    k = min(n, GROUPS)
    cuts = [n * g // k for g in range(k + 1)]
    runs = list(pairwise(cuts))
    return ([math.fsum(ws[a:b]) / (b - a) for a, b in runs], [b - a for a, b in runs],
            [ws[a] for a, _ in runs])


def _spread(crowd: tuple[list[float], list[int], list[float]], s: float
            ) -> tuple[float, float]:
    """The node map ``x(s)`` and its slope ``x'(s)`` at ``s``."""
    rates, counts, _ = crowd
    t = math.exp(s)
    q = [math.exp(-w * t) for w in rates]
    done = sum(c * -math.expm1(-w * t) for w, c in zip(rates, counts, strict=True))
    left = sum(c * x for c, x in zip(counts, q, strict=True))
    rate = t * sum(c * w * x for w, c, x in zip(rates, counts, q, strict=True))
    u = s - math.log(QUIET / sum(c * w for w, c in zip(rates, counts, strict=True)))
    soft = u + math.log1p(math.exp(-u)) if u > 0 else math.log1p(math.exp(u))
    x = (SPARSE * s + (1.0 - SPARSE) * soft) / STEP + 2.0 / CROWD * (
        math.sqrt(done) - math.sqrt(left))
    slope = (SPARSE + (1.0 - SPARSE) / (1.0 + math.exp(-u))) / STEP + rate / CROWD * (
        1.0 / math.sqrt(max(done, 1e-300)) + 1.0 / math.sqrt(max(left, 1e-300)))
    return x, slope


def nodes(weights: Sequence[float], paid: int) -> list[tuple[float, float]]:
    """``(t, h)``: quadrature nodes and their weights in ``s = log t`` for rates
    ``weights`` (mean 1, all positive) when ``paid`` places pay: equally spaced in
    ``x(s) = s / STEP + 2 (sqrt(finished) - sqrt(running)) / CROWD``, the expected
    counts of the groups of :func:`_crowd` (each player's own up to :data:`GROUPS`
    players)."""
    np = _numpy()
    if np is not None:
        return _nodes_numpy(np, weights, paid)
    n = len(weights)
    crowd = _crowd(weights)
    lo = math.log(EARLY / max(weights))
    hi = math.log(LATE / min(weights))
    x_lo, x_hi = _spread(crowd, lo)[0], _spread(crowd, hi)[0]
    out = []
    s = lo
    for m in range(math.ceil(x_hi - x_lo) + 1):
        target = x_lo + m
        for _ in range(60):  # Newton from the last node: x is smooth and increasing
            x, slope = _spread(crowd, s)
            s -= (x - target) / slope
            if abs(x - target) < 1e-12:
                break
        x, slope = _spread(crowd, s)
        t = math.exp(s)
        # at most the expected number finished (each group at its lowest rate)
        done = sum(c * -math.expm1(-w * t) for w, c in zip(crowd[2], crowd[1], strict=True))
        if paid < n and done > paid and (done - paid) ** 2 / (2 * done) > CHERNOFF:
            continue  # the whole field is past the paid places: nobody is paid
        out.append((t, 1.0 / slope))
    return out


def _nodes_numpy(np: Any, weights: Sequence[float], paid: int) -> list[tuple[float, float]]:
    n = len(weights)
    rates, sizes, lowest = (np.asarray(a, dtype=float) for a in _crowd(weights))

    def spread(s: Any) -> tuple[Any, Any]:
        t = np.exp(s)
        e = np.expm1(-np.outer(t, rates))  # q - 1, exact where q is near 1
        done = -(e @ sizes)
        left = (1.0 + e) @ sizes
        rate = t * ((1.0 + e) @ (sizes * rates))
        u = s - math.log(QUIET / float(sizes @ rates))
        x = (SPARSE * s + (1.0 - SPARSE) * np.logaddexp(0.0, u)) / STEP + 2.0 / CROWD * (
            np.sqrt(done) - np.sqrt(left))
        slope = (SPARSE + (1.0 - SPARSE) / (1.0 + np.exp(-u))) / STEP + rate / CROWD * (
            1.0 / np.sqrt(np.maximum(done, 1e-300)) + 1.0 / np.sqrt(np.maximum(left, 1e-300)))
        return x, slope

    lo = math.log(EARLY / max(weights))
    hi = math.log(LATE / min(weights))
    coarse = np.linspace(lo, hi, max(2, math.ceil((hi - lo) / 0.25)))
    x_coarse = spread(coarse)[0]
    targets = x_coarse[0] + np.arange(math.ceil(x_coarse[-1] - x_coarse[0]) + 1)
    s = np.interp(targets, x_coarse, coarse)
    for _ in range(60):  # Newton from the interpolated guess: x is smooth and increasing
        x, slope = spread(s)
        miss = x - targets
        if float(np.abs(miss).max()) < 1e-12:
            break
        s = s - miss / slope
    keep = np.ones(len(s), dtype=bool)
    if paid < n:  # where the whole field is past the paid places, nobody is paid
        t = np.exp(s)
        done = -(np.expm1(-np.outer(t, lowest)) @ sizes)  # at most the expected number
        keep = ~((done > paid) & ((done - paid) ** 2 / (2 * done) > CHERNOFF))
    return [(float(t), float(1.0 / d)) for t, d in zip(np.exp(s[keep]), slope[keep],
                                                       strict=True)]


def _rates(stacks: Sequence[float]) -> list[float]:
    mean = sum(stacks) / len(stacks)
    return [s / mean for s in stacks]


def race_equity(stacks: Sequence[float], prizes: Sequence[float]) -> list[float]:
    """Each player's expected prize (``stacks`` all positive; ``prizes`` 1st first,
    as many as pay, at most one per player)."""
    n, paid = len(stacks), len(prizes)
    if n == 0 or paid == 0:
        return [0.0] * n
    w = _rates(stacks)
    grid = nodes(w, paid)
    np = _numpy()
    if np is None:
        return _equity_python(w, list(map(float, prizes)), grid)
    kernel = _kernel()
    if kernel is not None:
        return list(map(float, kernel(np.asarray(w, dtype=float),
                                      np.asarray(prizes, dtype=float),
                                      np.array([t for t, _ in grid]),
                                      np.array([h for _, h in grid]))))
    return list(map(float, _equity_numpy(np, w, prizes, grid)))


def race_places(stacks: Sequence[float], places: int) -> list[list[float]]:
    """``p[i][k]``: the chance player i finishes in place k+1 (k < ``places``;
    ``stacks`` all positive, ``places`` at most the number of players)."""
    n = len(stacks)
    if n == 0 or places == 0:
        return [[] for _ in range(n)]
    w = _rates(stacks)
    grid = nodes(w, places)
    np = _numpy()
    if np is None:
        return _places_python(w, places, grid)
    out = _places_numpy(np, w, places, grid)
    return [list(map(float, row)) for row in out]


# ------------------------------------------------------------------ pure Python

def _equity_python(w: list[float], g: list[float], grid: list[tuple[float, float]]
                   ) -> list[float]:
    n, paid = len(w), len(g)
    equity = [0.0] * n
    for t, h in grid:
        q = [math.exp(-wi * t) for wi in w]
        prefix = []  # prefix[i][k]: k of players 0..i-1 finished by t
        dist = [1.0] + [0.0] * (paid - 1)
        for i in range(n):
            prefix.append(dist)
            qi, pi = q[i], 1.0 - q[i]
            dist = [qi * dist[0]] + [qi * dist[k] + pi * dist[k - 1] for k in range(1, paid)]
        adj = list(g)  # adj[k]: the expected prize when k finished before, over the suffix
        for i in range(n - 1, -1, -1):
            value = sum(a * b for a, b in zip(prefix[i], adj, strict=True))
            equity[i] += h * w[i] * t * q[i] * value
            qi, pi = q[i], 1.0 - q[i]
            adj = [qi * adj[k] + pi * adj[k + 1] for k in range(paid - 1)] + [qi * adj[-1]]
    return equity


def _places_python(w: list[float], places: int, grid: list[tuple[float, float]]
                   ) -> list[list[float]]:
    n = len(w)
    probs = [[0.0] * places for _ in range(n)]

    def step(dist: list[float], qi: float) -> list[float]:
        pi = 1.0 - qi
        return [qi * dist[0]] + [qi * dist[k] + pi * dist[k - 1] for k in range(1, places)]

    for t, h in grid:
        q = [math.exp(-wi * t) for wi in w]
        prefix = []
        dist = [1.0] + [0.0] * (places - 1)
        for i in range(n):
            prefix.append(dist)
            dist = step(dist, q[i])
        suffix = [1.0] + [0.0] * (places - 1)
        for i in range(n - 1, -1, -1):
            weight = h * w[i] * t * q[i]
            left = prefix[i]
            row = probs[i]
            for k in range(places):
                row[k] += weight * sum(left[a] * suffix[k - a] for a in range(k + 1))
            suffix = step(suffix, q[i])
    return probs


# ------------------------------------------------------------------ NumPy

def _groups(count: int, per_node: int) -> list[slice]:
    size = max(1, MEMORY // max(1, per_node))
    return [slice(a, min(count, a + size)) for a in range(0, count, size)]


def _equity_prefix_numpy(np: Any, w: list[float], prizes: Sequence[float],
                         grid: list[tuple[float, float]]) -> Any:
    """The prefix and adjoint sums over all nodes at once (see the module)."""
    n, paid = len(w), len(prizes)
    rates = np.asarray(w, dtype=float)
    g = np.asarray(prizes, dtype=float)
    t_all = np.array([t for t, _ in grid])
    h_all = np.array([h for _, h in grid])
    equity = np.zeros(n)
    for part in _groups(len(grid), n * paid):
        t, h = t_all[part], h_all[part]
        q, p, prefix = _finished_before(rates, t, paid)  # q, p: (n, nodes)
        adj = np.broadcast_to(g, (len(t), paid)).copy()
        values = np.empty((n, len(t)))
        for i in range(n - 1, -1, -1):
            values[i] = np.einsum("ka,ka->k", prefix[i], adj)
            nxt = adj * q[i][:, None]
            nxt[:, :-1] += adj[:, 1:] * p[i][:, None]
            adj = nxt
        equity += (values * q * (rates[:, None] * (t * h)[None, :])).sum(axis=1)
    return equity


def _equity_numpy(np: Any, w: list[float], prizes: Sequence[float],
                  grid: list[tuple[float, float]]) -> Any:
    """Each player's expected prize with NumPy: the prefix sums while the places paid are
    few next to where the count can reach, else the kernel's way
    (:func:`_equity_divided_numpy`), whichever does less (measured: 1,000 players all
    paid 4.4 s -> 0.4 s, 400 all paid 204 -> 120 ms; 1,000 with 150 paid alike)."""
    n, paid = len(w), len(prizes)
    if n >= DIVIDED and _reach(np, w, grid) < 2.5 * paid:
        return _equity_divided_numpy(np, w, prizes, grid)
    return _equity_prefix_numpy(np, w, prizes, grid)


def _reach(np: Any, w: list[float], grid: list[tuple[float, float]]) -> int:
    """How far up the count of finished players can be at any node: its mean plus 12
    standard deviations plus 60 (beyond it with chance below e^-70, by Bernstein)."""
    z = np.outer(np.array([t for t, _ in grid]), np.asarray(w, dtype=float))
    p = -np.expm1(-z)
    reach = float(np.max(p.sum(axis=1) + 12.0 * np.sqrt((p * np.exp(-z)).sum(axis=1))))
    return min(len(w), math.ceil(reach) + 60)


def _equity_divided_numpy(np: Any, w: list[float], prizes: Sequence[float],
                          grid: list[tuple[float, float]]) -> Any:
    """The kernel's way (:mod:`pokerroom.tournament.icm_kernel`) over all nodes at once:
    each node's distribution of the count of all players finished, four players a step,
    then each player's factor divided back out by a series (upward for ``p <= 1/2``,
    downward past it) whose coefficients are the distribution summed against the
    prizes (two matrix products)."""
    n, paid = len(w), len(prizes)
    rates = np.asarray(w, dtype=float)
    g = np.asarray(prizes, dtype=float)
    t = np.array([t for t, _ in grid])
    h = np.array([h for _, h in grid])
    z = np.outer(t, rates)  # (nodes, players)
    p = -np.expm1(-z)
    q = np.exp(-z)
    cap = _reach(np, w, grid)  # the distribution is kept up to there, exact below it
    width = cap + 1
    # four players a step: the coefficients of their four factors, for every node
    blocks = -(-n // 4)
    qs = np.ones((len(t), 4 * blocks))  # players past n: finished never (a factor 1)
    ps = np.zeros((len(t), 4 * blocks))
    qs[:, :n], ps[:, :n] = q, p
    qs, ps = qs.reshape(len(t), blocks, 4), ps.reshape(len(t), blocks, 4)
    c = [np.ones((len(t), blocks))] + [np.zeros((len(t), blocks)) for _ in range(4)]
    for j in range(4):
        qj, pj = qs[:, :, j], ps[:, :, j]
        for d in range(4, 0, -1):
            c[d] = qj * c[d] + pj * c[d - 1]
        c[0] = qj * c[0]
    dist = np.zeros((len(t), width + 4))  # dist[:, k + 4]: chance that k finished
    dist[:, 4] = 1.0
    spare = np.zeros_like(dist)
    for b in range(blocks):
        span = min(width, 4 * (b + 1) + 1)
        out = spare[:, 4:4 + span]
        np.multiply(dist[:, 4:4 + span], c[0][:, b:b + 1], out=out)
        for d in range(1, 5):
            out += dist[:, 4 - d:4 - d + span] * c[d][:, b:b + 1]
        dist, spare = spare, dist
    dist = dist[:, 4:]
    # upward: up[:, m] = sum_x D_x g_(x+m); downward: down[:, m] = sum_x D_x g_(x-m-1)
    padded = np.zeros(width + paid)
    padded[:paid] = g
    x = np.arange(width)
    up = dist @ padded[x[:, None] + np.arange(paid)[None, :]]
    below = x[:, None] - np.arange(cap)[None, :] - 1
    down = dist @ np.where((below >= 0) & (below < paid), g[np.clip(below, 0, paid - 1)], 0.0)
    top = min(cap, paid - 1)
    upward = p <= 0.5
    ratio = np.where(upward, -p / np.where(upward, q, 1.0), -q / np.where(upward, 1.0, p))
    size = np.abs(ratio)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where((size > 0.0) & (size < 1.0),
                         np.ceil(math.log(TAIL) / np.log(np.where(size > 0.0, size, 0.5))),
                         np.where(size > 0.0, n + 1.0, 1.0))
    terms = np.minimum(terms, np.where(upward, top + 1, cap)).astype(np.int64)
    value = np.zeros((len(t), n))
    value[upward] = _series(np, up, upward, ratio, terms)
    value[~upward] = _series(np, down, ~upward, ratio, terms)
    share = np.where(upward, value, value * q / np.where(upward, 1.0, p))
    return ((h * t)[:, None] * share).sum(axis=0) * rates


def _series(np: Any, table: Any, pairs: Any, ratio: Any, terms: Any) -> Any:
    """``sum_m table[node, m] ratio^m`` for the (node, player) ``pairs``, each to its own
    number of terms: all pairs a term at a time, those done dropped as they finish."""
    rows = np.nonzero(pairs)[0]
    r = ratio[pairs]
    left = terms[pairs]
    out = np.zeros(len(r))
    live = np.arange(len(r))
    power = np.ones(len(r))
    total = np.zeros(len(r))
    m = 0
    finished = 0
    while len(live):
        total += table[rows, m] * power
        m += 1
        power *= r
        ends = np.flatnonzero(left == m)
        if len(ends):
            out[live[ends]] = total[ends]
            finished += len(ends)
        if 4 * finished >= len(live):  # drop the finished pairs from the arrays
            keep = left > m
            live, power, r, rows, left, total = (a[keep] for a in (live, power, r, rows,
                                                                    left, total))
            finished = 0
    return out


def _places_numpy(np: Any, w: list[float], places: int,
                  grid: list[tuple[float, float]]) -> Any:
    n = len(w)
    rates = np.asarray(w, dtype=float)
    t_all = np.array([t for t, _ in grid])
    h_all = np.array([h for _, h in grid])
    probs = np.zeros((n, places))
    for part in _groups(len(grid), n * places):
        t, h = t_all[part], h_all[part]
        q, p, prefix = _finished_before(rates, t, places)
        suffix = np.zeros((len(t), places))
        suffix[:, 0] = 1.0
        weight = q * (rates[:, None] * (t * h)[None, :])  # (n, nodes)
        for i in range(n - 1, -1, -1):
            left = prefix[i]
            conv = np.zeros((len(t), places))
            for a in range(places):
                conv[:, a:] += left[:, a:a + 1] * suffix[:, :places - a]
            probs[i] += weight[i] @ conv
            nxt = suffix * q[i][:, None]
            nxt[:, 1:] += suffix[:, :-1] * p[i][:, None]
            suffix = nxt
    return probs


def _finished_before(rates: Any, t: Any, width: int) -> tuple[Any, Any, Any]:
    """At each node ``t``: each player's chance of still running (``q``) and of having
    finished (``p``), and ``prefix[i]``, the distribution (up to ``width`` - 1) of how
    many of the players before ``i`` have finished."""
    np = _numpy()
    n = len(rates)
    q = np.exp(-np.outer(rates, t))  # (n, nodes)
    p = 1.0 - q
    prefix = np.empty((n, len(t), width))
    dist = np.zeros((len(t), width))
    dist[:, 0] = 1.0
    for i in range(n):
        prefix[i] = dist
        nxt = dist * q[i][:, None]
        nxt[:, 1:] += dist[:, :-1] * p[i][:, None]
        dist = nxt
    return q, p, prefix
