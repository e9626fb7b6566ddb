"""Alembic environment: run with the connection the store hands over."""

from __future__ import annotations

from alembic import context

from pokerroom.server.tables.store import Base
from pokerroom.server.tournaments import store as tournament_store  # noqa: F401 - its tables join Base

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - the store always passes one
    from sqlalchemy import create_engine

    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
