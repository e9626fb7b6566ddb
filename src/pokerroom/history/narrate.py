"""Events told as short English lines, for hand logs in the terminal and the browser."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pokerroom.cards import format_cards
from pokerroom.rules import events as ev


def narrate(event: ev.Event, name: Callable[[int], str]) -> str | None:
    """One line for a public event (None for events that need no line)."""
    if isinstance(event, ev.BlindPosted):
        kind = "dead money" if event.dead else "a blind of"
        return f"{name(event.seat)} posts {kind} {event.amount}"
    if isinstance(event, ev.AntePosted):
        return f"{name(event.seat)} antes {event.amount}"
    if isinstance(event, ev.BringInPosted):
        return f"{name(event.seat)} brings it in for {event.amount}"
    if isinstance(event, ev.Folded):
        return f"{name(event.seat)} folds"
    if isinstance(event, ev.Checked):
        return f"{name(event.seat)} checks"
    if isinstance(event, ev.Called):
        return f"{name(event.seat)} calls {event.amount}" + (" (all-in)" if event.all_in else "")
    if isinstance(event, ev.BetOrRaised):
        return f"{name(event.seat)} bets/raises to {event.to}" + (
            " (all-in)" if event.all_in else "")
    if isinstance(event, ev.StreetStarted) and event.street > 0:
        return f"-- {event.name.replace('_', ' ')} --"
    if isinstance(event, ev.BoardDealt):
        return "Board: " + format_cards(event.cards)
    if isinstance(event, ev.BoardRun):
        return f"Run {event.run}: " + format_cards(event.cards)
    if isinstance(event, ev.HoleCardsDealt) and event.up:
        return f"{name(event.seat)} shows up {format_cards(event.up)}"
    if isinstance(event, ev.Discarded) and event.audience is None:
        return f"{name(event.seat)} " + (f"draws {event.count}" if event.count else "stands pat")
    if isinstance(event, ev.BetReturned):
        return f"{event.amount} returned to {name(event.seat)}"
    if isinstance(event, ev.HandShown):
        described = f" ({event.description})" if event.description else ""
        return f"{name(event.seat)} shows {format_cards(event.cards)}{described}"
    if isinstance(event, ev.HandMucked):
        return f"{name(event.seat)} mucks"
    if isinstance(event, ev.RakeTaken):
        return f"rake {event.amount}"
    if isinstance(event, ev.PotAwarded):
        pot = "main pot" if event.pot == 0 else f"side pot {event.pot}"
        half = "" if event.half == "whole" else f" ({event.half})"
        winners = ", ".join(f"{name(s)} wins {c}" for s, c in event.amounts)
        how = f" with {event.description}" if event.description else ""
        return f"{winners} from the {pot}{half}{how}"
    return None


def narrate_all(events: Sequence[ev.Event], name: Callable[[int], str]) -> list[str]:
    """Lines for every public event."""
    lines = []
    for event in events:
        if event.audience is not None:
            continue
        line = narrate(event, name)
        if line:
            lines.append(line)
    return lines
