"""The dealer's tablet (#26): ``dealer_games``, one live cash game each (the
session pickled, its version and the players' view code), ``dealer_taps``, every
tap the tablet sent, once each (by its id), with the game before it for an undo,
and ``dealer_hands``, each finished hand's record (PHH and the log's lines)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    op.create_table(
        "dealer_games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("host_key", sa.String(64), nullable=False),
        sa.Column("view_code", sa.String(16), nullable=False, unique=True),
        sa.Column("closed", sa.Boolean, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("game", sa.LargeBinary, nullable=False),
        sa.Column("saved_at", sa.Float, nullable=False),
    )
    op.create_table(
        "dealer_taps",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("dealer_games.id"), nullable=False,
                  index=True),
        sa.Column("tap_id", sa.String(40), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("tap", sa.JSON, nullable=False),
        sa.Column("answer", sa.JSON, nullable=False),
        sa.Column("before", sa.LargeBinary, nullable=True),
        sa.Column("step", sa.String(8), nullable=True),
        sa.UniqueConstraint("game_id", "tap_id", name="uq_dealer_taps_game_tap"),
    )
    op.create_table(
        "dealer_hands",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("dealer_games.id"),
                  primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("phh", sa.Text, nullable=True),
        sa.Column("why", sa.Text, nullable=False),
        sa.Column("lines", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("dealer_hands")
    op.drop_table("dealer_taps")
    op.drop_table("dealer_games")
