"""PokerStars-style text hand histories, the format hand trackers read.

Written from the engine's events, so every chip movement appears once.  All
hole cards known to the engine are written as "Dealt to" lines (a complete
record for the room; a tracker keeps the hero's).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import UTC, datetime

from pokerroom.cards import format_cards
from pokerroom.rules import events as ev
from pokerroom.rules.config import Structure
from pokerroom.rules.engine import Hand

GAME_NAMES = {
    "holdem": "Hold'em",
    "short_deck": "Hold'em Short Deck",
    "omaha": "Omaha",
    "omaha5": "5 Card Omaha",
    "omaha6": "6 Card Omaha",
    "omaha_hilo": "Omaha Hi/Lo",
    "omaha5_hilo": "5 Card Omaha Hi/Lo",
    "stud": "7 Card Stud",
    "stud_hilo": "7 Card Stud Hi/Lo",
    "razz": "Razz",
    "deuce_seven_triple": "Triple Draw 2-7 Lowball",
    "deuce_seven_single": "5 Card Draw 2-7 Lowball",
    "ace_five_triple": "Triple Draw A-5 Lowball",
    "badugi": "Badugi",
}
LIMITS = {
    Structure.NO_LIMIT: "No Limit",
    Structure.POT_LIMIT: "Pot Limit",
    Structure.FIXED_LIMIT: "Limit",
    Structure.SPREAD_LIMIT: "Spread Limit",
}


def _cards(cards: Sequence[int | None]) -> str:
    text = format_cards(cards)
    return " ".join(text[i : i + 2] for i in range(0, len(text), 2))


def to_pokerstars(
    hand: Hand,
    *,
    hand_number: int,
    table_name: str,
    names: Sequence[str],
    seat_numbers: Sequence[int],
    button_seat: int | None,
    max_seats: int,
    when: datetime | None = None,
    stakes: str = "",
    visible: Collection[int] | None = None,
) -> str:
    """The hand as text.  ``names`` and ``seat_numbers`` (1-based table seats) are per
    engine seat; ``button_seat`` is the table seat (1-based) with the button.
    ``visible``: the engine seats whose hole cards may be written (None: all)."""
    cfg = hand.config
    when = when or datetime.now(UTC)
    game = GAME_NAMES.get(cfg.variant.key, cfg.variant.name)
    if not stakes:
        if cfg.structure is Structure.FIXED_LIMIT:
            stakes = f"{cfg.small_bet}/{cfg.big_bet}"
        else:
            blinds = sorted({b for b in cfg.blinds if b}) or [cfg.min_bet]
            stakes = "/".join(str(b) for b in blinds)
    lines = [
        f"PokerStars Hand #{hand_number}: {game} {LIMITS[cfg.structure]} ({stakes}) - "
        f"{when.strftime('%Y/%m/%d %H:%M:%S')} UTC",
        f"Table '{table_name}' {max_seats}-max"
        + (f" Seat #{button_seat} is the button" if button_seat is not None else ""),
    ]
    for k, name in enumerate(names):
        lines.append(f"Seat {seat_numbers[k]}: {name} ({cfg.stacks[k]} in chips)")
    street_bets = [0] * hand.n
    current = 0
    board: list[int] = []
    shown: dict[int, str] = {}
    collected: dict[int, int] = {}
    header_done = False
    for event in hand.events:
        seat_of = getattr(event, "seat", None)
        name = names[seat_of] if isinstance(seat_of, int) else ""
        if isinstance(event, ev.AntePosted):
            lines.append(f"{name}: posts the ante {event.amount}")
        elif isinstance(event, ev.BlindPosted):
            if event.dead:
                lines.append(f"{name}: posts dead {event.amount}")
            else:
                street_bets[event.seat] += event.amount
                current = max(current, street_bets[event.seat])
                lines.append(f"{name}: posts blind {event.amount}")
        elif isinstance(event, ev.BringInPosted):
            street_bets[event.seat] += event.amount
            current = max(current, street_bets[event.seat])
            lines.append(f"{name}: brings in for {event.amount}")
        elif isinstance(event, ev.StreetStarted):
            if event.street == 0:
                continue
            street_bets = [0] * hand.n
            current = 0
        elif isinstance(event, ev.HoleCardsDealt) and event.audience is not None:
            if not header_done:
                lines.append("*** HOLE CARDS ***")
                header_done = True
            allowed = visible is None or event.seat in visible
            if allowed and all(c is not None for c in event.cards):
                lines.append(f"Dealt to {name} [{_cards(event.cards)}]")
            elif event.up:
                lines.append(f"Dealt to {name} [{_cards(event.up)}] (face up)")
        elif isinstance(event, ev.BoardDealt):
            before = list(board)
            board.extend(event.cards)
            label = {3: "FLOP", 4: "TURN", 5: "RIVER"}.get(len(board), "BOARD")
            if before and label != "FLOP":
                lines.append(f"*** {label} *** [{_cards(before)}] [{_cards(event.cards)}]")
            else:
                lines.append(f"*** {label} *** [{_cards(board)}]")
        elif isinstance(event, ev.BoardRun):
            label = "FIRST" if event.run == 1 else "SECOND"
            lines.append(f"*** {label} BOARD *** [{_cards(event.cards)}]")
        elif isinstance(event, ev.Folded):
            lines.append(f"{name}: folds")
        elif isinstance(event, ev.Checked):
            lines.append(f"{name}: checks")
        elif isinstance(event, ev.Called):
            street_bets[event.seat] += event.amount
            tail = " and is all-in" if event.all_in else ""
            lines.append(f"{name}: calls {event.amount}{tail}")
        elif isinstance(event, ev.BetOrRaised):
            tail = " and is all-in" if event.all_in else ""
            if current == 0:
                lines.append(f"{name}: bets {event.to}{tail}")
            else:
                lines.append(f"{name}: raises {event.to - current} to {event.to}{tail}")
            street_bets[event.seat] = event.to
            current = event.to
        elif isinstance(event, ev.Discarded) and event.audience is None:
            lines.append(f"{name}: " + (f"discards {event.count} card{'s' * (event.count != 1)}"
                                        if event.count else "stands pat"))
        elif isinstance(event, ev.BetReturned):
            lines.append(f"Uncalled bet ({event.amount}) returned to {name}")
        elif isinstance(event, ev.HandShown):
            if not any(line == "*** SHOW DOWN ***" for line in lines):
                lines.append("*** SHOW DOWN ***")
            desc = f" ({event.description})" if event.description else ""
            shown[event.seat] = _cards(event.cards)
            lines.append(f"{name}: shows [{_cards(event.cards)}]{desc}")
        elif isinstance(event, ev.HandMucked):
            lines.append(f"{name}: mucks hand")
        elif isinstance(event, ev.PotAwarded):
            pot = "pot" if event.pot == 0 else f"side pot-{event.pot}"
            for seat, chips in event.amounts:
                collected[seat] = collected.get(seat, 0) + chips
                lines.append(f"{names[seat]} collected {chips} from {pot}")
    total = sum(collected.values()) + hand.rake
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {total} | Rake {hand.rake}")
    if board:
        lines.append(f"Board [{_cards(board)}]")
    for k, name in enumerate(names):
        parts = [f"Seat {seat_numbers[k]}: {name}"]
        if k in shown:
            parts.append(f"showed [{shown[k]}]")
        if hand.folded[k] and k not in shown:
            parts.append("folded")
        if k in collected:
            won = collected[k]
            parts.append(f"and won ({won})" if k in shown else f"collected ({won})")
        lines.append(" ".join(parts))
    return "\n".join(lines) + "\n"
