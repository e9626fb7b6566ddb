"""A table between hands as plain JSON-able data, and back.

The server stores this after every hand; with a hand's configuration, deck
order and actions it is all that is needed to bring a table back exactly.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pokerroom.errors import ConfigError
from pokerroom.rules.config import Structure
from pokerroom.rules.variants import variant
from pokerroom.table.options import ButtonMethod, Stakes, TableOptions
from pokerroom.table.placement import Positions
from pokerroom.table.player import Player, Status
from pokerroom.table.table import Table


def stakes_to_dict(stakes: Stakes) -> dict[str, Any]:
    """The stakes as plain JSON values (the game by its key, the structure by name)."""
    data = {f.name: getattr(stakes, f.name) for f in dataclasses.fields(stakes)}
    data["game"] = stakes.game.key
    data["structure"] = stakes.structure.value
    return data


def stakes_from_dict(data: dict[str, Any]) -> Stakes:
    """The stakes :func:`stakes_to_dict` wrote; ConfigError for data that is no stakes."""
    fields = dict(data)
    try:
        fields["game"] = variant(fields["game"])
        fields["structure"] = Structure(fields["structure"])
        return Stakes(**fields)
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"bad stakes {data!r}: {exc}") from None


def options_to_dict(options: TableOptions) -> dict[str, Any]:
    """The table options as plain JSON values."""
    data = {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
    method = options.button_method
    data["button_method"] = method.value if method is not None else None
    return data


def options_from_dict(data: dict[str, Any]) -> TableOptions:
    """The options :func:`options_to_dict` wrote; ConfigError for data that is no options."""
    fields = dict(data)
    method = fields.get("button_method")
    try:
        fields["button_method"] = ButtonMethod(method) if method else None
        return TableOptions(**fields)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"bad table options {data!r}: {exc}") from None


# A player's and a deal's fields are plain values: read one by one (dataclasses.asdict
# deep-copies each value through a recursive walk, several times the cost, twice a hand).
_PLAYER_FIELDS = tuple(f.name for f in dataclasses.fields(Player))
_POSITIONS_FIELDS = tuple(f.name for f in dataclasses.fields(Positions))


def _player_to_dict(player: Player) -> dict[str, Any]:
    d = {name: getattr(player, name) for name in _PLAYER_FIELDS}
    d["status"] = player.status.value
    return d


def _player_from_dict(data: dict[str, Any]) -> Player:
    fields = dict(data)
    fields["status"] = Status(fields["status"])
    return Player(**fields)


def table_to_dict(table: Table) -> dict[str, Any]:
    """The table between hands (a hand in progress is stored separately)."""
    players = [_player_to_dict(p) if p is not None else None for p in table.players]
    held = {str(s): _player_to_dict(p) for s in range(table.seat_count)
            if (p := table.played_over(s)) is not None}
    return {
        "stakes": stakes_to_dict(table.stakes),
        "options": options_to_dict(table.options),
        "players": players,
        "positions": ({name: getattr(table.positions, name) for name in _POSITIONS_FIELDS}
                      if table.positions else None),
        "first_button": table.first_button,
        "hands_dealt": table.hands_dealt,
        "straddles": list(table.straddles.seats),
        "kill_next": table.kill.next_seat,
        "wait_hands": {str(k): v for k, v in table.seat_changes.waits.items()},
        "button_travel": table.new_game_round.travel,
        "blinds_reached": sorted(table.new_game_round.reached),
        "played_over": held,
    }


def table_from_dict(data: dict[str, Any]) -> Table:
    """The table :func:`table_to_dict` wrote, between hands."""
    table = Table(stakes_from_dict(data["stakes"]), options_from_dict(data["options"]))
    for seat, d in enumerate(data["players"]):
        if d is not None:
            table.players[seat] = _player_from_dict(d)
    table.play_over_seats.owners = {int(s): _player_from_dict(d)
                                    for s, d in data.get("played_over", {}).items()}
    positions = data.get("positions")
    table.positions = Positions(**positions) if positions else None
    table.first_button = data.get("first_button")
    table.hands_dealt = int(data.get("hands_dealt", 0))
    table.straddles.seats = list(data.get("straddles", []))
    table.kill.next_seat = data.get("kill_next")
    table.seat_changes.waits = {int(k): int(v) for k, v in data.get("wait_hands", {}).items()}
    # T11: how far the new game has gone.  A snapshot from before this was stored counts
    # a table that has dealt as established (a new player then posts or waits).
    dealt = table.hands_dealt > 0
    table.new_game_round.travel = int(data.get("button_travel", table.seat_count if dealt else 0))
    table.new_game_round.reached = {int(s) for s in data.get("blinds_reached", [])}
    return table
