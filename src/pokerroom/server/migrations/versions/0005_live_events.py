"""Live events (issue 16): a tournament at real tables, run from a director's console.

``live_events``: one row per event, the room's run of it pickled (the library's
LiveEvent and the room's own tokens and instruction feed) and rewritten with every
director action; ``live_log``: the audit log, one row per director action, in the
same transaction (see pokerroom.server.live.store)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "live_events",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("host_key", sa.String(64), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("run", sa.LargeBinary, nullable=False),
        sa.Column("saved_at", sa.Float, nullable=False),
    )
    op.create_table(
        "live_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(32), sa.ForeignKey("live_events.id"), nullable=False,
                  index=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("args", sa.JSON, nullable=False),
        sa.Column("outcome", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("live_log")
    op.drop_table("live_events")
