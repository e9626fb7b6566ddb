"""The lines of a PokerStars hand, as patterns: a player's actions (the words after
``name: ``), the street headers, ``Dealt to``, ``collected``, ``Uncalled bet``,
the summary's rake and shown cards, and the lines that change nothing in the
hand (chat, players coming and going).

>>> ACTIONS[4][1].match("raises $0.04 to $0.06 and is all-in").groups()
('$0.04', '$0.06')
>>> bool(QUIET.match("said, 'nice hand'"))
True
"""

from __future__ import annotations

import re
from typing import Final

from pokerroom.history.pokerstars_text import AMOUNT

__all__ = ["ACTIONS", "CARDS", "CASHED_OUT", "COLLECTED", "DEALT", "QUIET", "RAKE",
           "RETURNED", "STREET", "SUMMARY_CARDS"]

_A: Final = f"({AMOUNT})"
_ALL_IN: Final = r"(?: and is all-in)?(?: and has reached the \S+ cap)?"
CARDS: Final = r"\[([^\]]*)\]"
ACTIONS: Final = (  # (kind, the words after "name: "), in the order they are tried
    ("fold", re.compile(rf"folds(?: {CARDS})?$")),
    ("check", re.compile(r"checks$")),
    ("call", re.compile(rf"calls {_A}{_ALL_IN}$")),
    ("bet", re.compile(rf"bets {_A}{_ALL_IN}$")),
    ("raise", re.compile(rf"raises {_A} to {_A}{_ALL_IN}$")),
    ("complete", re.compile(rf"completes it to {_A}{_ALL_IN}$")),
    ("bring", re.compile(rf"brings in for {_A}{_ALL_IN}$")),
    ("ante", re.compile(rf"posts (?:the )?ante {_A}{_ALL_IN}$")),
    ("both", re.compile(rf"posts small & big blinds {_A}{_ALL_IN}$")),
    ("small", re.compile(rf"posts small blind {_A}{_ALL_IN}$")),
    ("big", re.compile(rf"posts big blind {_A}{_ALL_IN}$")),
    ("straddle", re.compile(rf"posts straddle {_A}{_ALL_IN}$")),
    ("discard", re.compile(rf"discards (\d+) cards?(?: {CARDS})?$")),
    ("pat", re.compile(rf"stands pat(?: on {CARDS})?$")),
    ("show", re.compile(rf"shows {CARDS}(?: \(.*\))?$")),
    ("muck", re.compile(rf"mucks hand(?: {CARDS})?$")),
    ("noshow", re.compile(r"doesn't show hand$")),
)
QUIET: Final = re.compile(
    r"(?:is sitting out|sits out|is away|has returned|is back|leaves the table|joins the table"
    r"|will be allowed to play|was removed from the table|is connected|is disconnected"
    r"|has timed out|said, |finished the tournament|wins the tournament|re-buys|takes the"
    r"|cashed out|is feeling|has requested TIME|uses a |wins an entry|wins (?:the )?[$€£\d]"
    r"|receives)"
)
STREET: Final = re.compile(r"^\*\*\* ([^*]+?) \*\*\*(.*)$")
DEALT: Final = re.compile(rf"^Dealt to (.+?) {CARDS}(?: {CARDS})?$")
COLLECTED: Final = re.compile(rf"^(.+?) collected {_A} from (?:main |side )?pot(?:-\d+)?$")
CASHED_OUT: Final = re.compile(rf"^(.+?) cashed out the hand for {_A}")
RETURNED: Final = re.compile(rf"^Uncalled bet \({_A}\) returned to (.+)$")
RAKE: Final = re.compile(rf"\| Rake {_A}")
SUMMARY_CARDS: Final = re.compile(rf"^Seat \d+: (.+?) (?:\([^)]*\) )*(?:showed|mucked) {CARDS}")
