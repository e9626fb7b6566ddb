"""The director's moves of a player (P7) in the room: made at once when the player's
table is between hands, else kept and made when its hand ends (a seat is never
emptied in the middle of a hand).  The moved player's page is told where they are
going (``you.moving_to``) until the move is made, and then where they sit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokerroom.errors import IllegalActionError, PokerError, Reason
from pokerroom.tournament import Tournament
from pokerroom.tournament import events as fe


@dataclass(frozen=True, slots=True)
class PendingMove:
    """``label`` goes to ``seat`` (from 0) of table ``table`` when its hand ends."""

    label: str
    table: int
    seat: int


class MoveBook:
    """The moves the director asked for and not yet made, by the entry's label."""

    def __init__(self) -> None:
        self.pending: dict[str, PendingMove] = {}

    def ask(self, t: Tournament, label: str, table: int, seat: int) -> list[fe.FloorEvent]:
        """Move ``label`` now (the floor's events) or after the hand at their table
        (none yet: kept).  Refused, nothing kept, when the move cannot be made now and
        the table is between hands, or when the destination is no table in play or
        its seat does not exist or is taken."""
        number, _ = t.seat_of(label)
        dst = t.table_in_play(table)
        if not 0 <= seat < dst.seat_count:
            raise IllegalActionError(Reason.MOVE_NOT_ALLOWED, f"table {table} has seats "
                                     f"1-{dst.seat_count}, not {seat + 1}")
        taken = {m.seat for m in self.pending.values() if m.table == table and m.label != label}
        if seat in taken:
            raise IllegalActionError(Reason.MOVE_NOT_ALLOWED, f"table {table} seat {seat + 1} "
                                     "is kept for another player the director is moving")
        if t.floor.tables[number].hand is None:
            self.pending.pop(label, None)
            return t.move(label, table, seat)
        if number == table or dst.players[seat] is not None:
            t.move(label, table, seat)  # refused: the same checks as between hands
        self.pending[label] = PendingMove(label, table, seat)
        return []

    def hand_ended(self, t: Tournament, number: int) -> list[tuple[str, list[fe.FloorEvent]
                                                                  | PokerError]]:
        """Make the moves kept for players of table ``number`` (its hand is over):
        each move's events, or the refusal that keeps it from being made now (the
        seat was taken meanwhile, the tables are too far apart...)."""
        done: list[tuple[str, list[fe.FloorEvent] | PokerError]] = []
        for label, move in list(self.pending.items()):
            entry = t.by_label.get(label)
            table = t.floor.table_of(label) if entry is not None and entry.alive else None
            if table is None:
                del self.pending[label]  # busted, or moved by the floor meanwhile
                continue
            if table.number != number:
                continue
            del self.pending[label]
            try:
                done.append((label, t.move(label, move.table, move.seat)))
            except PokerError as exc:
                done.append((label, exc))
        return done

    def to_json(self) -> list[dict[str, Any]]:
        return [{"label": m.label, "table": m.table, "seat": m.seat}
                for m in self.pending.values()]

    def load(self, rows: list[dict[str, Any]]) -> None:
        self.pending = {r["label"]: PendingMove(r["label"], r["table"], r["seat"])
                        for r in rows}
