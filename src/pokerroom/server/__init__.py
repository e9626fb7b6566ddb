"""The room: a multiplayer server with a web UI, persistence and bots.

One asyncio task owns each table (:mod:`pokerroom.server.tables.actor`); the engine
stays pure.  Everything that touches sockets, the database or the clock lives
in this package.
"""

from pokerroom.extras import require

require("room", "the room (pokerroom.server)")
