"""The room on many processes (issue 15): which worker owns which table.

``workers``: one row per running worker process (its instance id, the URL prefix the
front proxy routes to it, when it was last heard of and when it runs out unless it
renews, in seconds since the Unix epoch by the database's clock).  ``leases``: one row
per table, tournament or live event that a worker has owned: the owner's instance id,
the epoch (raised at every change of owner) and whether it was given up; a lease
lasts while its owner's row does.  Every write of an owned resource checks its lease
in the same transaction (pokerroom.server.cluster.leases).  A single-process room
(SQLite, or PostgreSQL without ``--worker``) leaves both tables empty.

``room_tables.lobby`` and ``tournaments.lobby``: the table's or tournament's row in the
lobby as of its last save, so that any worker lists them all without loading the
others' snapshots or engines; ``room_tables.lobby_at``: when a table's lobby row last
changed (the database's clock), so that a worker reads only the changes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "workers",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("url", sa.String(200), nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_table(
        "leases",
        sa.Column("kind", sa.String(12), primary_key=True),
        sa.Column("resource", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False, index=True),
        sa.Column("epoch", sa.BigInteger, nullable=False),
        sa.Column("released", sa.Boolean, nullable=False),
    )
    for table in ("room_tables", "tournaments"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("lobby", sa.JSON, nullable=True))
    with op.batch_alter_table("room_tables") as batch:
        batch.add_column(sa.Column("lobby_at", sa.Float, nullable=True))
        batch.create_index("ix_room_tables_lobby_at", ["lobby_at"])


def downgrade() -> None:
    with op.batch_alter_table("room_tables") as batch:
        batch.drop_index("ix_room_tables_lobby_at")
        batch.drop_column("lobby_at")
    for table in ("room_tables", "tournaments"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("lobby")
    op.drop_table("leases")
    op.drop_table("workers")
