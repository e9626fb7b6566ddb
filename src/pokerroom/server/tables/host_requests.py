"""The bodies of the requests added by issue 24: the host's (each with the host key,
as :class:`~pokerroom.server.wire.protocol.HostRequest`: new stakes, a bomb pot, a seat
change, seat approval) and the waitlist's (a person's).  Each amount is bounded here;
what the table allows is checked by the host's tools
(:mod:`pokerroom.server.tables.host_tools`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from pokerroom.server.wire.names import PersonName
from pokerroom.server.wire.protocol import MAX_CHIPS, MAX_KEY_LENGTH, HostRequest, Integer

Amount = Integer | None


class _Body(BaseModel):
    """A request's body: no field but its own (as the protocol's messages)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


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


class JoinWaitlist(_Body):
    """POST /api/tables/{id}/waitlist: put ``name`` (a person's, as a join's) down on a
    full table's waitlist (anyone; no host key)."""

    name: PersonName


class WaitlistToken(_Body):
    """POST /api/tables/{id}/waitlist/leave: the name's secret ``token`` (from joining
    the list)."""

    token: str = Field(min_length=1, max_length=MAX_KEY_LENGTH)


class TakeOfferedSeat(WaitlistToken):
    """POST /api/tables/{id}/waitlist/take: sit down in the seat offered with ``buy_in``."""

    buy_in: Integer = Field(ge=1, le=MAX_CHIPS)
