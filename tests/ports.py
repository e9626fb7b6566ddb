"""Loopback ports for the servers the tests start, safe with the suite in several
processes (pytest-xdist: ``make unit`` runs two).

Binding port 0 and closing the socket gives a port the kernel may hand out again at
once: as the local port of any outgoing connection (a test opening a thousand
sockets takes a thousand of them) or to another test process doing the same, before
the server started on it binds it.  So the ports come instead from below the
kernel's ephemeral range (``/proc/sys/net/ipv4/ip_local_port_range``: never an
outgoing connection's), from a slice of their own for each test process (its
``PYTEST_XDIST_WORKER`` number), each tried once by binding it, in turn, from a
place in the slice that depends on the process id (two pytest sessions run by hand at
once rarely meet: a test that kills its server and restarts it on the same port would
otherwise find the other session's server there).
"""

from __future__ import annotations

import itertools
import os
import re
import socket

__all__ = ["free_port"]

_FIRST, _LAST = 20_000, 32_000
"""The ports handed out: below Linux's default ephemeral range (32768-60999)."""
_SLICE = 1_500
"""Ports per test process: eight processes fit."""


def _slice() -> range:
    worker = re.fullmatch(r"gw(\d+)", os.environ.get("PYTEST_XDIST_WORKER", ""))
    index = int(worker.group(1)) if worker else 0
    start = _FIRST + (index % ((_LAST - _FIRST) // _SLICE)) * _SLICE
    return range(start, start + _SLICE)


_PORTS = _slice()
_NEXT = itertools.islice(itertools.cycle(_PORTS), (os.getpid() * 7919) % _SLICE, None)


def free_port(host: str = "127.0.0.1") -> int:
    """A port of ``host`` nothing listens on now, from this process's slice (module
    doc); the next call gives another one."""
    for _ in range(_SLICE):
        port = next(_NEXT)
        with socket.socket() as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue  # in use (a server still running from an earlier test)
            return port
    raise OSError(f"no free port among {_PORTS} on {host}")
