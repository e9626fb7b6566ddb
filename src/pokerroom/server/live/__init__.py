"""Live events: a clock and a director's desk for a tournament played with real cards:
the room of them, their store, and their routes."""
