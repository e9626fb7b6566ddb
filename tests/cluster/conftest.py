"""tests/cluster: the room on several worker processes behind nginx (issue 15).

The harness (harness.py) starts everything for real on loopback: PostgreSQL
(tests/server/pg.py), ``pokerroom serve --worker`` processes and Debian's nginx
(``make nginx``).  A missing nginx or PostgreSQL fails the test with the reason."""
