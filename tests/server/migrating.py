"""Moving a test's database between the room's schema revisions (its Alembic
migrations, server/migrations), for the migration tests."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from pokerroom.server.tables import store as store_module
from pokerroom.server.tables.store import Store


def migrate_to(store: Store, revision: str, *, down: bool = False) -> None:
    """Upgrade (``down``: downgrade) ``store``'s database to ``revision``."""
    config = Config()
    config.set_main_option("script_location",
                           str(Path(store_module.__file__).parent.parent / "migrations"))
    config.set_main_option("sqlalchemy.url", store.url.replace("%", "%%"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)


def columns(store: Store, table: str) -> set[str]:
    """The names of ``table``'s columns in ``store``'s database now."""
    return {c["name"] for c in sa.inspect(store.engine).get_columns(table)}
