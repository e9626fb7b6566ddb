"""Messages between browsers and the server, validated on the way in.

Client -> server (JSON over the table's WebSocket)::

    {"type": "act", "action": "fold" | "check_call" | "bet_raise" | "bring_in"
                    | "discard" | "show" | "muck", "to": 120, "cards": "7c2h"}
    {"type": "sit_out"} {"type": "sit_in", "post": false} {"type": "post"}
    {"type": "top_up", "amount": 100} {"type": "leave"} {"type": "straddle"}
    {"type": "ping"}

Server -> client::

    {"type": "state", "version": 17, "state": {...}}   (see views.py)
    {"type": "error", "reason": "raise_out_of_range", "message": "..."}
    {"type": "pong"}

Every state message carries the table's version; a browser that reconnects
gets the latest state at once, so it resumes exactly.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Act(_Message):
    type: Literal["act"]
    action: Literal["fold", "check_call", "bet_raise", "bring_in", "discard", "show", "muck"]
    to: int | None = Field(default=None, ge=0, le=10**15)
    cards: str | None = Field(default=None, max_length=40)


class SitOut(_Message):
    type: Literal["sit_out"]


class SitIn(_Message):
    type: Literal["sit_in"]
    post: bool = False


class Post(_Message):
    type: Literal["post"]


class TopUp(_Message):
    type: Literal["top_up"]
    amount: int = Field(gt=0, le=10**15)


class Leave(_Message):
    type: Literal["leave"]


class Straddle(_Message):
    type: Literal["straddle"]


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Annotated[
    Act | SitOut | SitIn | Post | TopUp | Leave | Straddle | Ping, Field(discriminator="type")
]
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


class CreateTable(_Message):
    """POST /api/tables."""

    name: str = Field(min_length=1, max_length=60)
    game: str = "holdem"
    structure: Literal["no_limit", "pot_limit", "fixed_limit", "spread_limit"] = "no_limit"
    small_blind: int = Field(default=1, ge=0)
    big_blind: int = Field(default=2, ge=1)
    ante: int = Field(default=0, ge=0)
    big_blind_ante: bool = False
    bring_in: int = Field(default=0, ge=0)
    small_bet: int = Field(default=0, ge=0)
    big_bet: int = Field(default=0, ge=0)
    seats: int = Field(default=6, ge=2, le=10)
    min_buy_in: int = Field(default=0, ge=0)
    max_buy_in: int = Field(default=0, ge=0)
    button_method: Literal["no_missed_blinds", "no_dead_button", "simplified"] | None = None
    new_player_must_post: bool = True
    straddle: bool | None = None
    action_seconds: float = Field(default=30.0, gt=0, le=3600)
    sit_out_after: int = Field(default=2, ge=1, le=100)


class JoinTable(_Message):
    """POST /api/tables/{id}/join: take a seat with a buy-in."""

    name: str = Field(min_length=1, max_length=30)
    seat: int = Field(ge=0, le=9)
    buy_in: int = Field(gt=0, le=10**15)


class AddBot(_Message):
    """POST /api/tables/{id}/bots."""

    policy: Literal["tag", "random", "station"] = "tag"
    seat: int | None = Field(default=None, ge=0, le=9)
    buy_in: int | None = Field(default=None, gt=0)
