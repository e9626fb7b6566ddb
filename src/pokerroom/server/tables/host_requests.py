"""The bodies of the host's requests added by issue 24 (each with the host key, as
:class:`~pokerroom.server.wire.protocol.HostRequest`): new stakes, a bomb pot, a seat
change.  Each amount is bounded here; what the table allows is checked by the host's
tools (:mod:`pokerroom.server.tables.host_tools`)."""

from __future__ import annotations

from pydantic import Field

from pokerroom.server.wire.protocol import MAX_CHIPS, HostRequest, Integer

Amount = Integer | None


class ChangeStakes(HostRequest):
    """POST /api/tables/{id}/stakes: the stakes from the next hand.  A blind game
    changes ``small_blind``, ``big_blind``, ``ante``; stud ``ante``, ``bring_in``,
    ``small_bet``, ``big_bet``; a size left out stays."""

    small_blind: Amount = Field(default=None, ge=0, le=MAX_CHIPS)
    big_blind: Amount = Field(default=None, ge=0, le=MAX_CHIPS)
    ante: Amount = Field(default=None, ge=0, le=MAX_CHIPS)
    bring_in: Amount = Field(default=None, ge=0, le=MAX_CHIPS)
    small_bet: Amount = Field(default=None, ge=0, le=MAX_CHIPS)
    big_bet: Amount = Field(default=None, ge=0, le=MAX_CHIPS)

    def sizes(self) -> dict[str, int | None]:
        return self.model_dump(exclude={"host"})


class BombPot(HostRequest):
    """POST /api/tables/{id}/bomb-pot: everyone antes ``ante`` next hand and the flop
    comes without betting; ``ante`` null calls off the one planned."""

    ante: Amount = Field(ge=1, le=MAX_CHIPS)


class SeatChange(HostRequest):
    """POST /api/tables/{id}/seat-change: the player in ``seat`` moves to the empty
    seat ``to`` (now between hands, else when the hand ends)."""

    seat: Integer = Field(ge=0, le=9)
    to: Integer = Field(ge=0, le=9)


class SeatApprovalSetting(HostRequest):
    """POST /api/tables/{id}/seat-approval: ``on``, each person's join waits for the
    host to accept or refuse it."""

    on: bool


class SeatRequestAnswer(HostRequest):
    """POST /api/tables/{id}/seat-requests/accept (or /refuse): the request ``request``
    (its id, from the state's ``table.host_tools.requests``)."""

    request: str = Field(min_length=1, max_length=16)
