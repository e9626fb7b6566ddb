"""A room table's chat: short messages from the players (and, when the host allows,
the spectators), rate-limited (each player, each spectator's connection, and all the
spectators together) and length-limited, kept for the session.

A line follows the character rules of names (:func:`~pokerroom.server.wire.names.hidden_character`):
no control character (NUL, ESC ...), no format character (the bidi overrides and
isolates, zero-width spaces and joiners), no blank letter, no pile of combining marks;
a line holding one is refused, naming it.  Tabs and line breaks (LF, CR) are
allowed as typed or pasted, and, like every run of spaces, shown as one space: a
chat line is one line.

The page shows every message as text (never as HTML).  The host turns the chat
off, or the spectators' part of it (:meth:`TableChat.configure`); what was said
stays with the table while the server runs (the last :data:`KEEP` lines).
"""

from __future__ import annotations

from collections import deque

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.server.wire.messages import ChatLine
from pokerroom.server.wire.names import hidden_character

MAX_CHAT_CHARS = 200
"""The longest chat message, in characters (after trimming)."""
CHAT_BURST = 5
CHAT_WINDOW = 10.0
"""A sender may say :data:`CHAT_BURST` messages in any :data:`CHAT_WINDOW` seconds."""
SPECTATORS_BURST = 10
"""All the spectators of a table together may say this many messages in any
:data:`CHAT_WINDOW` seconds: a spectator is a connection, and one person opening many
connections must not drown the table (its players each keep their own rate)."""
LINE_BREAKS = frozenset("\t\n\r")
"""The control characters a chat message may hold: each is shown as a space."""
KEEP = 100
"""Chat lines kept with the table (a connecting page gets them all)."""


class TableChat:
    """The lines said at one table, who may speak, and each sender's recent messages."""

    def __init__(self, *, on: bool = True, spectators: bool = True) -> None:
        self.on = on
        self.spectators = spectators
        self.lines: deque[ChatLine] = deque(maxlen=KEEP)
        self._recent: dict[str, deque[float]] = {}
        self._spectators: deque[float] = deque()  # every spectator's recent messages

    def configure(self, *, on: bool, spectators: bool) -> None:
        """The host's choice: chat on or off, spectators allowed or not."""
        self.on, self.spectators = on, spectators

    def say(self, sender: str, name: str, text: str, *, now: float,
            seated: bool, seat: int | None) -> ChatLine:
        """Keep and return the line ``name`` says (``sender`` identifies who is
        rate-limited: a sitting, or a spectator's connection); refused when the chat is
        off, the sender is a spectator and they may not speak, the text is empty or
        longer than :data:`MAX_CHAT_CHARS`, holds a character names may not (see the
        module), or the sender is over the rate."""
        if not self.on:
            raise IllegalActionError(Reason.CHAT_OFF, "the host has turned the chat off")
        if not seated and not self.spectators:
            raise IllegalActionError(Reason.CHAT_OFF, "the host allows only players to "
                                     "chat at this table: take a seat to chat")
        problem = hidden_character(text, allowed=LINE_BREAKS)
        if problem is not None:
            raise IllegalActionError(Reason.CHAT_BAD_TEXT, "a chat message may hold what a "
                                     f"name may, tabs and line breaks besides: {problem}")
        text = " ".join(text.split())
        if not text or len(text) > MAX_CHAT_CHARS:
            raise IllegalActionError(Reason.CHAT_TOO_LONG, f"a chat message is 1 to "
                                     f"{MAX_CHAT_CHARS} characters (this is {len(text)})")
        recent = self._recent.setdefault(sender, deque())
        _over(recent, CHAT_BURST, now, "")
        if not seated:
            _over(self._spectators, SPECTATORS_BURST, now, " from all the spectators together")
            self._spectators.append(now)
        recent.append(now)
        line: ChatLine = {"name": name, "text": text, "seat": seat, "at": now}
        self.lines.append(line)
        return line

    def forget(self, sender: str) -> None:
        """Drop a sender's rate record (a connection that closed)."""
        self._recent.pop(sender, None)


def _over(recent: deque[float], burst: int, now: float, whose: str) -> None:
    """Forget the messages older than the window; refuse one more past ``burst``."""
    while recent and now - recent[0] >= CHAT_WINDOW:
        recent.popleft()
    if len(recent) >= burst:
        wait = CHAT_WINDOW - (now - recent[0])
        raise IllegalActionError(Reason.CHAT_TOO_FAST, f"at most {burst} messages{whose} "
                                 f"in {CHAT_WINDOW:g} seconds: wait {wait:.0f} s")
