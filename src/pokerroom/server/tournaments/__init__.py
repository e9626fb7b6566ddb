"""Online tournaments: the room of them, each one's director and its play at the
tables, setup, store, views, deal suggestions, and their routes."""
