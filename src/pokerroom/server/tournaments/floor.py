"""The floor log: one line of plain English for each floor event of a tournament
(levels and breaks, registrations, moves and broken tables, hand-for-hand, busts
and prizes, knockout bounties, chip races, the winner)."""

from __future__ import annotations

from pokerroom.tournament import Tournament
from pokerroom.tournament import events as fe
from pokerroom.tournament.display import describe
from pokerroom.tournament.live_instructions import ordinal


def floor_line(t: Tournament, e: fe.FloorEvent) -> str | None:
    """What the floor log says about ``e`` (None: nothing for the whole room)."""
    if isinstance(e, fe.LevelStarted):
        stakes = t.stakes(e.number)
        return f"Level {e.number}: {stakes.game.name}, {describe(stakes)}"
    if isinstance(e, fe.BreakStarted):
        line = f"Break: {_minutes(e.seconds)}"
        if e.color_up:
            line += " (colour-up of the " + ", ".join(f"{c:,}" for c in e.color_up) + " chips)"
        return line
    if isinstance(e, fe.BreakEnded):
        return "The break is over"
    if isinstance(e, fe.PlayerRegistered):
        if e.table is None:
            return f"{e.name} registers"
        return f"{e.name} registers late: table {e.table}, seat {(e.seat or 0) + 1}"
    if isinstance(e, fe.RegistrationClosed):
        return f"Registration is closed: {e.entries} entries"
    if isinstance(e, fe.ChipsBought):
        what = "rebuys" if e.kind == "rebuy" else "takes the add-on"
        return f"{t.entries[e.entry].label} {what}: {e.chips:,} chips"
    if isinstance(e, fe.PlayerMoved):
        why = {"balance": "to balance the tables", "director": "by the director"}.get(
            e.reason, "from a broken table")
        return (f"{t.entries[e.entry].label} moves from table {e.from_table} to table "
                f"{e.to_table}, seat {e.to_seat + 1} ({why})")
    if isinstance(e, fe.TableBroken):
        return f"Table {e.table} is broken"
    if isinstance(e, fe.FinalTableFormed):
        return f"The final table: {e.players} players at table {e.table}"
    if isinstance(e, fe.TableHalted):
        return f"Table {e.table} waits for players ({e.short_by} short)"
    if isinstance(e, fe.PlayerEliminated):
        line = f"{e.name} finishes {_place(e.place, e.place_to)}"
        if e.prize:
            line += f" and wins {_money(e.prize)}"
        return line + (" (disqualified)" if e.disqualified else "")
    if isinstance(e, fe.PenaltyGiven):
        return f"{t.entries[e.entry].label} sits out {e.hands} hands (penalty)"
    if isinstance(e, fe.PlayerDisqualified):
        return f"{t.entries[e.entry].label} is disqualified: {e.chips:,} chips removed"
    if isinstance(e, fe.ChipRaceHeld):
        won = ", ".join(t.entries[w].label for w in e.won) or "nobody"
        removed = ", ".join(f"{c:,}" for c in e.removed)
        return f"Chip race at table {e.table}: the {removed} chips leave play; won by {won}"
    if isinstance(e, fe.HandForHandStarted):
        return (f"Hand-for-hand: {e.players_left} players left, {e.places_paid} paid; "
                "every table plays one hand and waits for the others")
    if isinstance(e, fe.HandForHandEnded):
        return f"Hand-for-hand is over: {e.players_left} players left"
    if isinstance(e, fe.DealMade):
        return "A deal: " + ", ".join(f"{t.entries[k].label} {_money(v)}" for k, v in e.amounts)
    if isinstance(e, fe.BountyWon):
        hunter, busted = t.entries[e.hunter].label, t.entries[e.busted].label
        if e.hunter == e.busted:
            return f"{hunter} keeps their own bounty {_money(e.amount)}"
        return f"{hunter} wins {busted}'s bounty {_money(e.amount)}"
    if isinstance(e, fe.TournamentFinished):
        return f"{t.entries[e.winner].label} wins the tournament"
    return None


def _minutes(seconds: float) -> str:
    m, s = divmod(round(seconds), 60)
    return f"{m} min" + (f" {s} s" if s else "") if m else f"{s} s"


def _place(place: int, place_to: int) -> str:
    text = ordinal(place)
    return text if place == place_to else f"{text}-{ordinal(place_to)} (shared)"


def _money(cents: int) -> str:
    """ "$80" for whole dollars (prizes rounded to a unit), "$819.43" otherwise."""
    return f"${cents // 100:,}" if cents % 100 == 0 else f"${cents / 100:,.2f}"
