"""The tournaments' lobby (``GET /api/tournaments``) reads every tournament not
finished and the newest finished ones (pokerroom.server.tournaments.store.lobby): an
index on ``(status, created_at)`` answers both without reading every tournament the
room ever ran."""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.create_index("ix_tournaments_status_created_at", ["status", "created_at"])


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_index("ix_tournaments_status_created_at")
