"""Answering one frame a client sent: validated, carried out, acknowledged.

The acknowledgement protocol (issue #23).  Any socket message may carry its own
``id`` (:data:`~pokerroom.server.wire.protocol.MessageId`: an integer up to 2^53 - 1
or a short string).  Its answer names it:

- carried out: ``{"type": "ack", "id": 7}``, sent before the state that shows its
  effect (both come in that order: answers go out before the next state);
- refused (by the rules, a bound, the database): ``{"type": "error", "reason": ...,
  "message": ..., "id": 7}``, and nothing changed;
- malformed, with a valid ``id`` among its fields: the ``bad_message`` error names it
  (an ``id`` that is itself invalid, or a frame that is not JSON, gets one without);
- a ping: ``{"type": "pong", "id": 7}``.

A message without an ``id`` gets what it got before: nothing when carried out (the
next state shows it), the error when refused.  Frames are answered one at a time, in
the order received, so a client may also match answers to messages by order.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from pokerroom.errors import PokerError
from pokerroom.server.wire import messages as out
from pokerroom.server.wire.protocol import BadMessage, ClientMessages, Ping, error_reason
from pokerroom.server.wire.reasons import WireReason

M = TypeVar("M")

STORE_REFUSED = ("the room's database did not take that; nothing was changed: try again "
                 "in a moment")


class Answers(Protocol):
    """Where a connection's answers go (a :class:`~pokerroom.server.wire.sockets.Mailbox`)."""

    answering: bool
    """True while a request is carried out: its answer goes before the next state."""

    def push_error(self, message: dict[str, Any]) -> None: ...


async def answer(box: Answers, raw: str | bytes, messages: ClientMessages[M],
                 apply: Callable[[M], Awaitable[None]]) -> bool:
    """Validate one received frame and ``apply`` it; a ping is answered with a pong
    (``apply`` never sees one); bad input (a binary frame too) gets a ``bad_message``
    error and a refused action the rule's reason; a message with an ``id`` is
    acknowledged when carried out (see the module).  True when the frame was
    malformed (bad input)."""
    try:
        message = messages.parse(raw)
    except BadMessage as exc:
        box.push_error(out.error(WireReason.BAD_MESSAGE, str(exc), exc.id))
        return True
    id_ = getattr(message, "id", None)
    if isinstance(message, Ping):
        box.push_error(out.pong(id_))
        return False
    box.answering = True
    try:
        await apply(message)
    except PokerError as exc:
        box.push_error(out.error(error_reason(exc), str(exc), id_))
    except SQLAlchemyError:  # the owner reloaded what the database holds: nothing happened
        box.push_error(out.error(WireReason.STORE_UNAVAILABLE, STORE_REFUSED, id_))
    else:
        if id_ is not None:
            box.push_error(out.ack(id_))
    finally:
        box.answering = False
    return False
