"""Tournament hands: each finished hand of a tournament, kept for its players'
downloads like a cash table's (see pokerroom.server.tournaments.store)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "tournament_hands",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"),
                  nullable=False, index=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("table_number", sa.Integer, nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("hand", sa.LargeBinary, nullable=False),
        sa.Column("held", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("finished_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_hands")
