"""Undo and redo of a live event's reports (#25): each row of ``live_log`` for a
director's report keeps the event as it was before and after it (``before``,
``after``: the pickled run, zlib-compressed) and its ``step``: ``done``, ``undone``
(a redo may put it back) or ``dropped`` (a report came after the undo).  Rows of an
undo or redo, and rows older than this migration, have none (NULL): they cannot be
undone.  Only the last :data:`~pokerroom.server.live.store.UNDO_STEPS` reports keep
their snapshots."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.add_column("live_log", sa.Column("before", sa.LargeBinary, nullable=True))
    op.add_column("live_log", sa.Column("after", sa.LargeBinary, nullable=True))
    op.add_column("live_log", sa.Column("step", sa.String(8), nullable=True))


def downgrade() -> None:
    # In place on both (SQLite since 3.35), as 0009 does.
    for column in ("step", "after", "before"):
        op.execute(f"ALTER TABLE live_log DROP COLUMN {column}")
