"""The host's plans for a cash table's next hand (#24: new stakes, a bomb pot, seat
changes) are stored with the table in ``room_tables.host_state`` (JSON, NULL for a
table whose host planned nothing), written in the same transaction as the answer to
the host, so that a plan made during a hand survives a restart."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.add_column("room_tables", sa.Column("host_state", sa.JSON, nullable=True))


def downgrade() -> None:
    # In place on both (SQLite since 3.35): a batch's copy of room_tables would have
    # to drop the table the hands and seats refer to.
    op.execute("ALTER TABLE room_tables DROP COLUMN host_state")
