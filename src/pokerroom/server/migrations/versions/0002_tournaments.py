"""Tournaments: their definition and saved state, and the actions taken since the
last save (see pokerroom.server.tournaments.store)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("director_key", sa.String(64), nullable=False),
        sa.Column("definition", sa.JSON, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
        sa.Column("engine", sa.LargeBinary, nullable=True),
        sa.Column("saved_at", sa.Float, nullable=False),
    )
    op.create_table(
        "tournament_actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"),
                  nullable=False, index=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("table_number", sa.Integer, nullable=False),
        sa.Column("hand_number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_actions")
    op.drop_table("tournaments")
