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
    with op.batch_alter_table("room_tables") as batch:
        batch.add_column(sa.Column("host_state", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("room_tables") as batch:
        batch.drop_column("host_state")
