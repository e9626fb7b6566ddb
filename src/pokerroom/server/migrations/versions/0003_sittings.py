"""Sittings and hosts (issue: trust in the room).

- ``seats``: a row is one sitting (a person from join to leave): its ``sitting`` id,
  the buy-in still to be seated (a join answered during a hand), a pending top-up and
  whether the player asked to leave, so that an answered request survives a restart;
- ``hands.sittings``: who sat in each seat at the deal (sitting id and name), which is
  what a viewer's rights to an old hand come from;
- ``room_tables.host_key`` (the key returned by creating the table) and ``paused``.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    # Plain ADD COLUMNs (no batch copy): SQLite cannot drop and recreate a table that
    # others' foreign keys point at while those keys are enforced.
    op.add_column("seats", sa.Column("sitting", sa.String(32), nullable=True))
    op.add_column("seats", sa.Column("buy_in", sa.BigInteger, nullable=True))
    op.add_column("seats", sa.Column("top_up", sa.BigInteger, nullable=False,
                                     server_default="0"))
    op.add_column("seats", sa.Column("leaving", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    # Sittings from before: known by their row's id.
    op.execute("UPDATE seats SET sitting = 'row' || id WHERE sitting IS NULL")
    op.create_index("ix_seats_sitting", "seats", ["sitting"], unique=True)
    op.add_column("hands", sa.Column("sittings", sa.JSON, nullable=True))
    op.add_column("room_tables", sa.Column("host_key", sa.String(64), nullable=True))
    op.add_column("room_tables", sa.Column("paused", sa.Boolean, nullable=False,
                                           server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("room_tables") as batch:
        batch.drop_column("paused")
        batch.drop_column("host_key")
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("sittings")
    op.drop_index("ix_seats_sitting", table_name="seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("leaving")
        batch.drop_column("top_up")
        batch.drop_column("buy_in")
        batch.drop_column("sitting")
