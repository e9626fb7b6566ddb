"""What the cluster tests read back from the room's database (issue 15): hands and
actions of each table are whole (no hand number twice, no gap, no action sequence
with a hole or a repeat, nothing cancelled), who wrote what (the audit of
harness.install_audit), the leases."""

from __future__ import annotations

from pathlib import Path
from typing import Any

# The table a written row belongs to, whichever of the audited tables it is in.
_ROW_TABLE = """
    COALESCE(a.row_key->>'table_id',
             CASE WHEN a.tbl = 'room_tables' THEN a.row_key->>'id' END,
             (SELECT h.table_id FROM hands h WHERE h.id = (a.row_key->>'hand_id')::int))
"""


def hand_problems(connection: Any, tables: list[str]) -> list[str]:
    """Everything wrong with the stored hands of ``tables``: a hand number stored
    twice at a table, a gap in the numbers, a cancelled hand, more than one hand
    running at a table, a hand whose action sequence numbers (1, 2, ...) repeat or
    skip."""
    problems: list[str] = []
    rows = connection.execute(
        "SELECT table_id, number, count(*), string_agg(status, ',') FROM hands "
        "WHERE table_id = ANY(%s) GROUP BY table_id, number ORDER BY table_id, number",
        (tables,)).fetchall()
    by_table: dict[str, list[int]] = {}
    for table, number, count, statuses in rows:
        by_table.setdefault(table, []).append(number)
        if count > 1:
            problems.append(f"table {table}: hand {number} stored {count} times ({statuses})")
        if "cancelled" in statuses:
            problems.append(f"table {table}: hand {number} cancelled")
    for table, numbers in by_table.items():
        expected = list(range(numbers[0], numbers[0] + len(numbers)))
        if numbers != expected or numbers[0] != 1:
            missing = sorted(set(range(1, numbers[-1] + 1)) - set(numbers))
            problems.append(f"table {table}: hand numbers missing {missing[:10]}")
    running = connection.execute(
        "SELECT table_id, count(*) FROM hands WHERE table_id = ANY(%s) AND status = 'running' "
        "GROUP BY table_id HAVING count(*) > 1", (tables,)).fetchall()
    problems += [f"table {t}: {n} hands running at once" for t, n in running]
    holes = connection.execute(
        "SELECT h.table_id, h.number, min(a.seq), max(a.seq), count(*), count(DISTINCT a.seq) "
        "FROM actions a JOIN hands h ON h.id = a.hand_id WHERE h.table_id = ANY(%s) "
        "GROUP BY h.table_id, h.number "
        "HAVING count(*) <> count(DISTINCT a.seq) OR min(a.seq) <> 1 "
        "OR max(a.seq) <> count(*)",
        (tables,)).fetchall()
    problems += [f"table {t} hand {n}: action seq {lo}..{hi}, {c} rows, {d} distinct"
                 for t, n, lo, hi, c, d in holes]
    return problems


def running_hands(connection: Any, tables: list[str]) -> dict[tuple[str, int], int]:
    """The hands running now at ``tables``: (table, number) -> actions stored so far."""
    rows = connection.execute(
        "SELECT h.table_id, h.number, count(a.id) FROM hands h "
        "LEFT JOIN actions a ON a.hand_id = h.id "
        "WHERE h.table_id = ANY(%s) AND h.status = 'running' GROUP BY h.table_id, h.number",
        (tables,)).fetchall()
    return {(t, n): c for t, n, c in rows}


def hand_states(connection: Any, hands: list[tuple[str, int]]) -> dict[tuple[str, int],
                                                                         tuple[str, int]]:
    """(table, number) -> (status, actions stored) for ``hands``."""
    found: dict[tuple[str, int], tuple[str, int]] = {}
    for table, number in hands:
        row = connection.execute(
            "SELECT h.status, count(a.id) FROM hands h LEFT JOIN actions a ON a.hand_id = h.id "
            "WHERE h.table_id = %s AND h.number = %s GROUP BY h.status",
            (table, number)).fetchone()
        found[(table, number)] = (row[0], row[1]) if row else ("missing", 0)
    return found


def first_actions_after(connection: Any, tables: list[str], since: float,
                        not_by: str) -> dict[str, tuple[float, str]]:
    """For each of ``tables``: when the first action row written after ``since`` (the
    database's clock, seconds since the epoch) by another process than ``not_by``
    was written, and by which."""
    rows = connection.execute(
        "SELECT DISTINCT ON (h.table_id) h.table_id, a.at, a.app FROM cluster_audit a "
        "JOIN hands h ON h.id = (a.row_key->>'hand_id')::int "
        "WHERE a.tbl = 'actions' AND a.op = 'INSERT' AND a.at > %s AND a.app <> %s "
        "AND h.table_id = ANY(%s) ORDER BY h.table_id, a.at",
        (since, not_by, tables)).fetchall()
    return {t: (at, app) for t, at, app in rows}


def writes_by(connection: Any, app: str, tables: list[str], since: float) -> list[str]:
    """Rows of ``tables`` written by the process ``app`` after ``since``: one line each."""
    rows = connection.execute(
        f"SELECT a.at, a.tbl, a.op, a.row_key::text, {_ROW_TABLE} AS table_id "
        "FROM cluster_audit a WHERE a.app = %s AND a.at > %s ORDER BY a.id",
        (app, since)).fetchall()
    return [f"{at:.3f} {op} {tbl} {key}" for at, tbl, op, key, table in rows
            if table in tables]


def database_now(connection: Any) -> float:
    """The database's clock (the one the audit and the leases use)."""
    return float(connection.execute(
        "SELECT EXTRACT(EPOCH FROM clock_timestamp())").fetchone()[0])


def leases(connection: Any, tables: list[str]) -> dict[str, tuple[str, int, float]]:
    """table -> (owner instance, epoch, seconds left) of its lease now."""
    rows = connection.execute(
        "SELECT l.resource, l.owner, l.epoch, CASE WHEN l.released OR w.name IS NULL THEN 0 "
        "ELSE w.expires_at - EXTRACT(EPOCH FROM clock_timestamp()) END "
        "FROM leases l LEFT JOIN workers w ON w.name = l.owner "
        "WHERE l.kind = 'table' AND l.resource = ANY(%s)", (tables,)).fetchall()
    return {r: (o, int(e), float(left)) for r, o, e, left in rows}


def stuck_sessions(connection: Any) -> list[str]:
    """Sessions of the room's database that are waiting on a lock or sit idle inside
    a transaction (a stopped worker's), with the process that opened them: what to
    show when a takeover does not happen."""
    rows = connection.execute(
        "SELECT application_name, state, wait_event_type, wait_event, "
        "round(EXTRACT(EPOCH FROM clock_timestamp() - state_change)::numeric, 1), "
        "left(query, 100), pid, pg_blocking_pids(pid) "
        "FROM pg_stat_activity WHERE datname = current_database() "
        "AND (state = 'idle in transaction' OR wait_event_type = 'Lock')").fetchall()
    return [f"{app}: {state} for {secs} s ({kind} {event}; backend {pid} {_process(pid)}, "
            f"blocked by {blockers}): {query}"
            for app, state, kind, event, secs, query, pid, blockers in rows]


def _process(pid: int) -> str:
    """A PostgreSQL backend's process state and kernel wait channel (the server runs
    on this machine): whether it runs, sleeps or was stopped, and on what."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        wchan = Path(f"/proc/{pid}/wchan").read_text()
    except OSError as exc:
        return f"(no /proc entry: {exc.strerror})"
    return f"state {stat.rsplit(')', 1)[1].split()[0]} wchan {wchan or '-'}"
