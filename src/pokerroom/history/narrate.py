"""Events told as short English lines, for hand logs in the terminal and the browser.

The lines read as a cardroom's hand history does: "Ann posts small blind 1",
"Bob raises to 6", "Cy bets 4", "Di posts dead 1".  Which blind a post is and
whether a bet is a bet or a raise are not in the event itself: pass the ``hand``
the event belongs to (its configuration names the blinds, its earlier events the
bets on the street).  Without it the lines fall back to the neutral "posts 2" and
"bets/raises to 6".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pokerroom.cards import format_cards
from pokerroom.rules import events as ev
from pokerroom.rules.engine import Hand

_OPENS = (ev.BetOrRaised, ev.BringInPosted)


def narrate(event: ev.Event, name: Callable[[int], str], *, hand: Hand | None = None,
            you: int | None = None,
            cards: Callable[[Sequence[int | None]], str] = format_cards) -> str | None:
    """One line for a public event (None for events that need no line).

    ``name`` names a position of the hand; ``hand`` (the hand ``event`` belongs to)
    tells a small blind from a big blind or a straddle and a bet from a raise;
    ``you``: the position of the person reading, told as "You" ("You call 2");
    ``cards`` writes cards (``"Kh8d2s"`` by default; a terminal may use suits'
    symbols).
    """

    def who(seat: int, verb: str) -> str:
        if seat == you:
            return f"You {verb[:-1] if verb.endswith('s') else verb}"
        return f"{name(seat)} {verb}"

    def whom(seat: int) -> str:
        return "you" if seat == you else name(seat)

    if isinstance(event, ev.BlindPosted):
        return f"{who(event.position, 'posts')} {_blind_kind(event, hand)}{event.amount}"
    if isinstance(event, ev.AntePosted):
        return f"{who(event.position, 'antes')} {event.amount}"
    if isinstance(event, ev.BringInPosted):
        return f"{who(event.position, 'brings')} it in for {event.amount}"
    if isinstance(event, ev.Folded):
        return who(event.position, "folds")
    if isinstance(event, ev.Checked):
        return who(event.position, "checks")
    if isinstance(event, ev.Called):
        return f"{who(event.position, 'calls')} {event.amount}" + (
            " (all-in)" if event.all_in else "")
    if isinstance(event, ev.BetOrRaised):
        return _bet(event, hand, who) + (" (all-in)" if event.all_in else "")
    if isinstance(event, ev.StreetStarted) and event.street > 0:
        return f"-- {event.name.replace('_', ' ')} --"
    if isinstance(event, ev.BoardDealt):
        return "Board: " + cards(event.cards)
    if isinstance(event, ev.BoardRun):
        return f"Run {event.run}: " + cards(event.cards)
    if isinstance(event, ev.HoleCardsDealt) and event.up:
        # A card dealt face up is no showdown's "shows" (issue 24).
        dealt = "You are" if event.position == you else f"{name(event.position)} is"
        return f"{dealt} dealt {cards(event.up)} face up"
    if isinstance(event, ev.Discarded) and event.audience is None:
        return (f"{who(event.position, 'draws')} {event.count}" if event.count
                else who(event.position, "stands") + " pat")
    if isinstance(event, ev.BetReturned):
        return f"{event.amount} returned to {whom(event.position)}"
    if isinstance(event, ev.HandShown):
        described = f" ({event.description})" if event.description else ""
        return f"{who(event.position, 'shows')} {cards(event.cards)}{described}"
    if isinstance(event, ev.HandMucked):
        return who(event.position, "mucks")
    if isinstance(event, ev.RakeTaken):
        return f"rake {event.amount}"
    if isinstance(event, ev.PotAwarded):
        pot = "main pot" if event.pot == 0 else f"side pot {event.pot}"
        half = "" if event.half == "whole" else f" ({event.half})"
        winners = ", ".join(f"{who(s, 'wins')} {c}" for s, c in event.amounts)
        how = f" with {event.description}" if event.description else ""
        return f"{winners} from the {pot}{half}{how}"
    return None


def _blind_kind(event: ev.BlindPosted, hand: Hand | None) -> str:
    """The blind's name with a trailing space: small blind, big blind, straddle or
    dead; empty for a new player's live post (F13) or when ``hand`` is unknown."""
    if event.dead:
        return "dead "
    if hand is None:
        return ""
    config, k = hand.config, event.position
    blinds = config.blinds or (0,) * hand.n
    if not blinds[k]:
        return ""  # a live post by a new or returning player (F13)
    if k >= 2:
        return "straddle "  # F2-F4: small, big, then straddles in order
    other = blinds[1 - k]
    # Heads-up the button (position 1) posts the small blind; a lone blind in the
    # first two positions (the small blind's seat empty, T2) is the big blind.
    if blinds[k] != other:
        return "big blind " if blinds[k] > other else "small blind "
    return "big blind " if k == (0 if hand.n == 2 else 1) else "small blind "


def _bet(event: ev.BetOrRaised, hand: Hand | None, who: Callable[[int, str], str]) -> str:
    if hand is None:
        return f"{who(event.position, 'bets/raises')} to {event.to}"
    events = hand.events
    i = len(events) - 1
    while i >= 0 and events[i] is not event:
        i -= 1
    if i < 0:  # not one of this hand's events
        return f"{who(event.position, 'bets/raises')} to {event.to}"
    opened = None  # the last bet, bring-in or live blind before it on the street
    for earlier in reversed(events[:i]):
        if isinstance(earlier, ev.StreetStarted) and earlier.street > 0:
            break  # the blinds come before the first street's start
        if isinstance(earlier, _OPENS) or (
                isinstance(earlier, ev.BlindPosted) and not earlier.dead):
            opened = earlier
            break
    if opened is None:
        return f"{who(event.position, 'bets')} {event.to}"
    if isinstance(opened, ev.BringInPosted) and hand.config.structure.is_limit:
        return f"{who(event.position, 'completes')} to {event.to}"
    return f"{who(event.position, 'raises')} to {event.to}"


def narrate_all(events: Sequence[ev.Event], name: Callable[[int], str], *,
                hand: Hand | None = None, you: int | None = None) -> list[str]:
    """Lines for every public event (of ``hand``, when given, as in :func:`narrate`)."""
    lines = []
    for event in events:
        if event.audience is not None:
            continue
        line = narrate(event, name, hand=hand, you=you)
        if line:
            lines.append(line)
    return lines
