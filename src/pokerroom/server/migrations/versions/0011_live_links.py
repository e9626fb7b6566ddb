"""Short links to a live event's player pages (#25): ``live_links`` maps each
player's code (``/p/K7QP2MX4R9``, printed on the seat card) to its event, so any
worker of the room can send the link on to the event's page."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.create_table(
        "live_links",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("event_id", sa.String(32), sa.ForeignKey("live_events.id"), nullable=False,
                  index=True),
    )


def downgrade() -> None:
    op.drop_table("live_links")
