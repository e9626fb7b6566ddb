"""One vocabulary (#23): the stored actions name the player by ``position``.

``actions.seat`` and ``tournament_actions.seat`` always held the hand engine's
number for the player, their position (index in dealing order: 0 the first
player left of the button), never a chair; the column is renamed to say so.  The
rows are kept as they are (a room upgraded in place keeps its hands).  SQLite
renames a column in place since 3.25; ``batch_alter_table`` copies the table
where an older SQLite cannot, and is a plain ``ALTER TABLE ... RENAME COLUMN`` on
PostgreSQL."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"

_TABLES = ("actions", "tournament_actions")


def _rename(old: str, new: str) -> None:
    for table in _TABLES:
        nullable = table == "actions"  # the dealer's actions have no player
        with op.batch_alter_table(table) as batch:
            batch.alter_column(old, new_column_name=new, existing_type=sa.Integer(),
                               existing_nullable=nullable)


def upgrade() -> None:
    _rename("seat", "position")


def downgrade() -> None:
    _rename("position", "seat")
