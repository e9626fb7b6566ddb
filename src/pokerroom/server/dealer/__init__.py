"""The dealer's tablet (issue 26): live cash games dealt with real cards."""
