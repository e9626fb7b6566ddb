"""T7 / RR 6: playing over, someone playing in the seat of an absent player."""

from __future__ import annotations

from pokerroom.errors import IllegalActionError, Reason
from pokerroom.table.player import Player, Status


class PlayOver:
    """The absent players whose seats someone else plays over, by seat.

    ``players`` and ``notes`` are the table's own lists, shared."""

    def __init__(self, players: list[Player | None], notes: list[str]) -> None:
        self.players = players
        self.notes = notes
        self.owners: dict[int, Player] = {}

    def check(self, seat: int, owner: Player) -> None:
        """Refused (``seat_in_use``) unless ``owner``, in ``seat``, is away or sitting
        out and nobody plays over there yet (RR 6)."""
        if seat in self.owners or owner.status not in (Status.AWAY, Status.SITTING_OUT):
            raise IllegalActionError(
                Reason.SEAT_IN_USE, f"seat {seat}'s player is {owner.status.value}: one may "
                "play over only in the seat of a player who is away or sitting out (RR 6)")

    def start(self, seat: int, owner: Player, player: Player) -> None:
        """``player`` plays over in ``seat`` for its ``owner`` (see :meth:`check`)."""
        self.check(seat, owner)
        self.owners[seat] = owner
        self.players[seat] = player
        self.notes.append(f"seat {seat}: {player.name} plays over for {owner.name}: a new "
                          "player (T7, RR 6)")

    def end(self, seat: int) -> Player:
        """The owner takes ``seat`` back; returns the player who played over."""
        if seat not in self.owners:
            raise IllegalActionError(
                Reason.NOT_PLAYING_OVER, f"nobody plays over in seat {seat}")
        over = self.players[seat]
        assert over is not None
        self.players[seat] = self.owners.pop(seat)
        return over
