"""Messages the room sends on its sockets, typed: one ``TypedDict`` per message and one
function that builds it.

A message is a plain ``dict`` at run time (a ``TypedDict`` costs nothing over the
literal: the room is CPU-bound and encodes every message it sends; a pydantic model
and its ``model_dump`` cost about 40 times as much, see ``docs/wire.md``); mypy checks
every field where a message is built.  Each builder returns it as the
``dict[str, Any]`` the mailboxes take (:class:`~pokerroom.server.wire.sockets.Mailbox`).

Server -> client::

    {"type": "state", "version": 17, "state": {...}}       StateMessage (tables/views.py)
    {"type": "error", "reason": "raise_out_of_range", "message": "...", "id": 7}
    {"type": "ack", "id": 7}                               the message ``id`` 7 was taken
    {"type": "pong", "id": 8}
    {"type": "chat", "lines": [{"name": "Ann", "text": "gl", "seat": 0, "at": t}]}
    {"type": "moved", "url": "/w/b/ws/tables/abc", "message": "..."}

``id`` is the client's own (:data:`~pokerroom.server.wire.protocol.MessageId`), given
back in the answer to the message that carried it; an answer to a message without
one has none.  ``reason`` is a :class:`~pokerroom.errors.Reason` (a rule's) or a
:class:`~pokerroom.server.wire.reasons.WireReason` (the room's).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from pokerroom.errors import Reason
from pokerroom.server.wire.reasons import WireReason

MessageIdValue = int | str
"""A client message's ``id`` as it comes back (validated: protocol.MessageId)."""


class ErrorMessage(TypedDict):
    """A request refused (nothing changed) or something the connection is told."""

    type: Literal["error"]
    reason: Reason | WireReason
    message: str
    id: NotRequired[MessageIdValue]


class AckMessage(TypedDict):
    """The client's message ``id`` was carried out (its effect is in the next state)."""

    type: Literal["ack"]
    id: MessageIdValue


class PongMessage(TypedDict):
    """The answer to a ping."""

    type: Literal["pong"]
    id: NotRequired[MessageIdValue]


class ChatLine(TypedDict):
    """One chat line: who said it (a seat's player's name, or ``Spectator n`` with seat
    None), the text and when (the room's clock, seconds)."""

    name: str
    text: str
    seat: int | None
    at: float


class ChatOut(TypedDict):
    """Chat lines: all kept on connecting, then each new one."""

    type: Literal["chat"]
    lines: list[ChatLine]


class MovedMessage(TypedDict):
    """The resource is served by another worker: connect to ``url`` (None: the same
    address again, in a moment).  The socket is closed after it (code 4307)."""

    type: Literal["moved"]
    url: str | None
    message: str


class StateMessage(TypedDict):
    """A table's or a tournament's state for one viewer, at ``version``.  Its body is
    built by ``tables/views.py`` and ``tournaments/views.py``; the versioned deltas
    (issue #23) take their place here as their own message types."""

    type: Literal["state"]
    version: int
    state: dict[str, Any]


OutMessage = ErrorMessage | AckMessage | PongMessage | ChatOut | MovedMessage | StateMessage
"""Every message the room sends on a socket."""

Sent = dict[str, Any]
"""A built message as the mailboxes take it."""


def error(reason: Reason | WireReason, message: str, id: MessageIdValue | None = None
          ) -> Sent:
    """An :class:`ErrorMessage` (with the client's ``id`` when the refused message had
    one)."""
    m: ErrorMessage = {"type": "error", "reason": reason, "message": message}
    if id is not None:
        m["id"] = id
    return cast(Sent, m)


def ack(id: MessageIdValue) -> Sent:
    """An :class:`AckMessage`."""
    m: AckMessage = {"type": "ack", "id": id}
    return cast(Sent, m)


def pong(id: MessageIdValue | None = None) -> Sent:
    """A :class:`PongMessage`."""
    m: PongMessage = {"type": "pong"}
    if id is not None:
        m["id"] = id
    return cast(Sent, m)


def chat(lines: list[ChatLine]) -> Sent:
    """A :class:`ChatOut` of ``lines``."""
    m: ChatOut = {"type": "chat", "lines": lines}
    return cast(Sent, m)


def moved(url: str | None) -> Sent:
    """A :class:`MovedMessage`."""
    m: MovedMessage = {"type": "moved", "url": url,
                       "message": "this table is served by another worker: reconnecting"}
    return cast(Sent, m)


def state(version: int, body: dict[str, Any]) -> Sent:
    """A :class:`StateMessage`."""
    m: StateMessage = {"type": "state", "version": version, "state": body}
    return cast(Sent, m)
