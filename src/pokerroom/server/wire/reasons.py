"""The room's own wire reasons: every ``reason`` an answer or a socket message of the
room carries that is not a rule's.

A refusal by the rules (a raise out of range, a seat taken, a table closed) carries
a :class:`pokerroom.errors.Reason`; everything the room itself refuses or reports (a
quota, a body too large, a malformed socket message, a seat lost, the database down)
carries a :class:`WireReason`.  Both are ``StrEnum``: each member *is* its code, the
string on the wire (``WireReason.BAD_MESSAGE == "bad_message"``).  The two are kept
apart because imports flow one way: the engine (``pokerroom.errors``) knows nothing of
the room.  Together they are the whole vocabulary (:data:`WIRE_REASON_TYPES`), and
``docs/wire.md`` lists every code with what it means and what to do
(:func:`reasons_markdown`; ``tests/server/test_wire_reasons.py`` fails when the page
and the code differ: regenerate the table with
``python -m pokerroom.server.wire.reasons docs/wire.md``).
"""

from __future__ import annotations

import ast
import inspect
import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from pokerroom.errors import Reason


class WireReason(StrEnum):
    """Why the room (not the rules) refused a request or told a socket something.

    What each means and what a client should do: :data:`HELP`."""

    # -- sockets
    BAD_MESSAGE = "bad_message"
    TOO_MANY_MALFORMED = "too_many_malformed"
    TOO_MANY_MESSAGES = "too_many_messages"
    TOO_MUCH_UNREAD = "too_much_unread"
    TOKEN_IN_URL = "token_in_url"
    SEAT_LOST = "seat_lost"
    PREACTION_CANCELLED = "preaction_cancelled"
    NO_TOURNAMENT = "no_tournament"
    # -- the store and the cluster
    STORE_UNAVAILABLE = "store_unavailable"
    TABLE_MOVING = "table_moving"
    UNKNOWN_WORKER = "unknown_worker"
    # -- guards: connections, bodies, origins
    ROOM_FULL = "room_full"
    TOO_MANY_CONNECTIONS = "too_many_connections"
    REQUEST_TIMEOUT = "request_timeout"
    BODY_TOO_LARGE = "body_too_large"
    CROSS_ORIGIN = "cross_origin"
    METRICS_NOT_ALLOWED = "metrics_not_allowed"
    BAD_REQUEST = "bad_request"
    # -- quotas (guard/quotas.py: ``quota_`` and the quota's name)
    QUOTA_TABLES = "quota_tables"
    QUOTA_TOURNAMENTS = "quota_tournaments"
    QUOTA_LIVE_EVENTS = "quota_live_events"
    QUOTA_JOINS = "quota_joins"
    QUOTA_REGISTRATIONS = "quota_registrations"
    QUOTA_OPEN_TABLES = "quota_open_tables"
    QUOTA_OPEN_TOURNAMENTS = "quota_open_tournaments"
    QUOTA_OPEN_LIVE_EVENTS = "quota_open_live_events"
    QUOTA_ENTRIES = "quota_entries"
    QUOTA_SOCKETS = "quota_sockets"
    # -- deal suggestions (tournaments/deals.py)
    DEAL_TOO_SLOW = "deal_too_slow"
    DEAL_BUSY = "deal_busy"
    # -- an error of the library without a rule's reason: its kind is the reason
    CONFIG_ERROR = "ConfigError"
    NOTATION_ERROR = "NotationError"
    UNKNOWN_CARDS_ERROR = "UnknownCardsError"
    REPLAY_ERROR = "ReplayError"
    POKER_ERROR = "PokerError"

    @classmethod
    def quota(cls, name: str) -> WireReason:
        """The reason of the quota ``name`` (``tables``, ``open_tables``, ``sockets``...)."""
        return cls(f"quota_{name}")


@dataclass(frozen=True, slots=True)
class Help:
    """What a reason means (``status``: the HTTP status it comes with, if any) and what
    a client should do about it."""

    status: str
    means: str
    do: str


_RETRY = "wait `Retry-After` seconds and try again"
HELP: dict[WireReason, Help] = {
    WireReason.BAD_MESSAGE: Help(
        "socket", "a socket message that is not JSON, not one of the socket's types, has "
        "a field out of bounds, or is binary, longer than 16 KiB or nested deeper than 8",
        "fix the message: the error names the field and what it allows"),
    WireReason.TOO_MANY_MALFORMED: Help(
        "socket, then dropped", "more than 64 malformed messages in a row",
        "fix the client; reconnect"),
    WireReason.TOO_MANY_MESSAGES: Help(
        "socket, then dropped", "more than 50 messages a second after a burst of 200",
        "send less; reconnect"),
    WireReason.TOO_MUCH_UNREAD: Help(
        "socket, then dropped", "more than 64 answers left unread",
        "read the socket; reconnect"),
    WireReason.TOKEN_IN_URL: Help(
        "socket", "a `?token=` in the socket's address: it authorises nothing (addresses "
        "are logged); the connection watches",
        "offer the token as the subprotocol `pokerroom.token.<token>` beside `pokerroom`"),
    WireReason.SEAT_LOST: Help(
        "socket", "the connection's sitting no longer holds its seat (it left, the host "
        "removed it, a restart released it); the connection watches",
        "forget the seat's token; join again to play"),
    WireReason.PREACTION_CANCELLED: Help(
        "socket", "a choice made ahead of the turn no longer applies (the bet changed)",
        "choose again, or act on your turn"),
    WireReason.NO_TOURNAMENT: Help(
        "socket, then closed", "no tournament of that id", "do not reconnect"),
    WireReason.STORE_UNAVAILABLE: Help(
        "503 or socket", "the room's database did not take the change; nothing changed",
        "try again in a moment"),
    WireReason.TABLE_MOVING: Help(
        "503 (`Retry-After: 1`)", "another worker serves the resource now (a room on "
        "many processes); nothing changed", "try again in a second"),
    WireReason.UNKNOWN_WORKER: Help(
        "404 (the front proxy)", "an address `/w/NAME/...` naming no worker",
        "use the room's ordinary address"),
    WireReason.ROOM_FULL: Help(
        "503", "the room holds `connections.total` connections", _RETRY),
    WireReason.TOO_MANY_CONNECTIONS: Help(
        "429", "this address holds `connections.per_address` connections",
        "close one; " + _RETRY),
    WireReason.REQUEST_TIMEOUT: Help(
        "408", "a request's headers or body not sent within `connections.header_seconds`",
        "send the request at once"),
    WireReason.BODY_TOO_LARGE: Help(
        "413", "a request body longer than `connections.body_bytes` (`limit`: the bytes)",
        "send a smaller body"),
    WireReason.CROSS_ORIGIN: Help(
        "403 (socket: close 1008)", "a request or socket from a page of another origin",
        "use the room's own pages, or list the origin in `browser.allowed_origins`"),
    WireReason.METRICS_NOT_ALLOWED: Help(
        "403", "`/metrics` asked from an address outside `metrics.allow`",
        "scrape from an allowed address"),
    WireReason.BAD_REQUEST: Help(
        "422", "a live event's request body with a field out of bounds",
        "fix the field the error names"),
    WireReason.DEAL_TOO_SLOW: Help(
        "503", "a deal suggestion not computed within `deals.seconds`; nothing recorded",
        "try again later, or with fewer players"),
    WireReason.DEAL_BUSY: Help(
        "503", "other deal suggestions are being computed", "try again in a moment"),
    WireReason.CONFIG_ERROR: Help(
        "400", "an impossible set-up (stakes, seats, forced bets, a structure)",
        "change the set-up: the error says what is wrong"),
    WireReason.NOTATION_ERROR: Help(
        "400", "text that cannot be read (cards, an action, a hand history)",
        "fix the text: the error says where"),
    WireReason.UNKNOWN_CARDS_ERROR: Help(
        "400", "a result that depends on cards nobody named", "name the cards"),
    WireReason.REPLAY_ERROR: Help(
        "400", "a hand history that cannot be replayed", "fix the history"),
    WireReason.POKER_ERROR: Help(
        "400", "a request the library refused for no more precise reason",
        "read the message"),
}
_QUOTAS = {
    "tables": "cash tables created by this address in the last hour (`quotas.tables_per_hour`)",
    "tournaments": "tournaments created by this address in the last day "
                   "(`quotas.tournaments_per_day`)",
    "live_events": "live events created by this address in the last day "
                   "(`quotas.live_events_per_day`)",
    "joins": "seats taken by this address in the last hour (`quotas.joins_per_hour`)",
    "registrations": "registrations by this address in the last hour "
                     "(`quotas.registrations_per_hour`)",
    "open_tables": "cash tables open in the room (`quotas.open_tables`)",
    "open_tournaments": "tournaments not finished (`quotas.open_tournaments`)",
    "open_live_events": "live events not finished (`quotas.open_live_events`)",
    "entries": "entries of this tournament (`quotas.entries_per_tournament`)",
    "sockets": "sockets open from this address (`quotas.sockets_per_address`)",
}
for _name, _what in _QUOTAS.items():
    HELP[WireReason.quota(_name)] = Help("429 (`Retry-After`)", f"past the quota: {_what}",
                                         _RETRY)

WIRE_REASON_TYPES = (Reason, WireReason)
"""The whole vocabulary of ``reason``: the rules' codes and the room's own."""

RULE_DO = ("the message says what is allowed instead; nothing changed: act again "
           "with an allowed action")


def rule_meanings() -> dict[Reason, str]:
    """Each :class:`~pokerroom.errors.Reason` and its meaning: the docstring under it
    in ``pokerroom/errors.py`` (read from the source, the one place it is written)."""
    tree = ast.parse(inspect.getsource(Reason))
    body = tree.body[0]
    assert isinstance(body, ast.ClassDef)
    meanings: dict[Reason, str] = {}
    for node, after in zip(body.body, body.body[1:], strict=False):
        if (isinstance(node, ast.Assign) and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)):
            target = node.targets[0]
            assert isinstance(target, ast.Name)
            meanings[Reason[target.id]] = " ".join(after.value.value.split())
    return meanings


BEGIN = "<!-- reasons: generated by pokerroom.server.wire.reasons -->"
END = "<!-- /reasons -->"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def reasons_markdown() -> str:
    """The tables of ``docs/wire.md``: the room's reasons, then the rules'."""
    lines = [BEGIN, "", "### The room's reasons (`WireReason`)", "",
             "| reason | sent as | means | what to do |", "| --- | --- | --- | --- |"]
    for reason in WireReason:
        h = HELP[reason]
        lines.append(f"| `{reason.value}` | {_cell(h.status)} | {_cell(h.means)} "
                     f"| {_cell(h.do)} |")
    lines += ["", "### The rules' reasons (`pokerroom.errors.Reason`)", "",
              "Sent with a 400 (403 without the host's or director's key) or as a "
              "socket's error message. "
              f"What to do, for each: {RULE_DO}.", "",
              "| reason | means |", "| --- | --- |"]
    meanings = rule_meanings()
    for rule in Reason:
        lines.append(f"| `{rule.value}` | {_cell(meanings.get(rule, ''))} |")
    return "\n".join([*lines, "", END])


def write_reasons(path: Path) -> bool:
    """Put :func:`reasons_markdown` between the markers of the page at ``path``;
    True when that changed the page."""
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    new = head + reasons_markdown() + tail
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":  # python -m pokerroom.server.wire.reasons docs/wire.md
    print("updated" if write_reasons(Path(sys.argv[1])) else "up to date")
