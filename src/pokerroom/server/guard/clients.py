"""Who a request comes from: the client address every per-client limit counts.

The address is the TCP peer's, except when the peer is one of the room's trusted
proxies (``proxy.trusted``, none by default): then it is the last address in
``X-Forwarded-For`` that is not itself a trusted proxy, the one nginx saw.  A client
cannot choose its address by sending the header straight to the room, and a header
that does not parse counts as the proxy's own address.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["ProxySettings", "TrustedProxies", "client_address"]


@dataclass(frozen=True, kw_only=True)
class ProxySettings:
    """The proxies in front of the room (nginx, a load balancer)."""

    trusted: tuple[str, ...] = ()
    """Addresses or networks (``127.0.0.1``, ``10.0.0.0/8``) whose X-Forwarded-For is read."""


class TrustedProxies:
    """The networks of ``proxy.trusted``, parsed once."""

    def __init__(self, trusted: Iterable[str] = ()) -> None:
        self.networks = tuple(ipaddress.ip_network(t.strip(), strict=False) for t in trusted)

    def __contains__(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)


def client_address(scope: Mapping[str, Any], trusted: TrustedProxies) -> str:
    """The client address of an ASGI ``scope`` (HTTP or WebSocket)."""
    client = scope.get("client")
    peer = str(client[0]) if client else "unknown"
    if peer not in trusted:
        return peer
    forwarded: list[str] = []
    for name, value in scope.get("headers", ()):
        if name == b"x-forwarded-for":
            forwarded.extend(part.strip() for part in value.decode("latin-1").split(","))
    for hop in reversed(forwarded):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return peer
        if hop not in trusted:
            return hop
    return peer
