"""The cash room: each table's actor and its parts (sittings, seat requests, host
tools, player aids, chat), its views, its store, the room of tables, and its routes."""
