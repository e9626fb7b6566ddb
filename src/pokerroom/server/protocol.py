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

from typing import Annotated, Any, Literal, cast

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
# A discriminated union is a typing form, not a class: cast for mypy.
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(cast(Any, ClientMessage))


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


# ------------------------------------------------------------------ tournaments
#
# Client -> server over /ws/tournaments/{id}?token=... (the token from registering;
# without one the connection watches):
#
#     {"type": "act", ...}                 as at a cash table, at the player's table
#     {"type": "watch", "table": 2}        show this table (players see their own)
#     {"type": "rebuy"} {"type": "decline_rebuy"} {"type": "add_on"}
#     {"type": "sit_out"} {"type": "sit_in"} {"type": "ping"}
#
# Server -> client: {"type": "state", "version": n, "state": {"tournament": ...,
# "you": ..., "table": ...}} (see tournament_views.py), errors and pongs as above.


class Watch(_Message):
    type: Literal["watch"]
    table: int = Field(ge=1, le=100_000)


class Rebuy(_Message):
    type: Literal["rebuy"]


class DeclineRebuy(_Message):
    type: Literal["decline_rebuy"]


class AddOn(_Message):
    type: Literal["add_on"]


TournamentClientMessage = Annotated[
    Act | Watch | Rebuy | DeclineRebuy | AddOn | SitOut | SitIn | Ping,
    Field(discriminator="type"),
]
TOURNAMENT_CLIENT_MESSAGE: TypeAdapter[TournamentClientMessage] = TypeAdapter(
    cast(Any, TournamentClientMessage))

TOURNAMENT_STRUCTURES = Literal["turbo", "standard", "deepstack", "sit_and_go", "horse",
                                "eight_game", "nine_game"]
BOT_POLICIES = Literal["steady", "tag", "random", "station"]


class CreateTournament(_Message):
    """POST /api/tournaments: a built-in structure, optionally changed.

    Money (``buy_in``, ``fee``) is in cents.  ``level_seconds`` sets every level
    (breaks keep their share of a level); ``rebuys`` allows rebuys of a starting
    stack through ``rebuy_levels`` levels, ``add_on`` one add-on after them."""

    name: str = Field(min_length=1, max_length=60)
    structure: TOURNAMENT_STRUCTURES = "turbo"
    level_seconds: int | None = Field(default=None, ge=1, le=7200)
    seats: int | None = Field(default=None, ge=2, le=10)
    starting_stack: int | None = Field(default=None, gt=0, le=10**9)
    late_registration_levels: int | None = Field(default=None, ge=0, le=100)
    buy_in: int | None = Field(default=None, ge=0, le=10**9)
    fee: int | None = Field(default=None, ge=0, le=10**9)
    rebuys: bool = False
    rebuy_levels: int = Field(default=3, ge=1, le=100)
    add_on: bool = False
    action_seconds: float = Field(default=30.0, ge=2, le=3600)
    seed: int | None = None


class RegisterTournament(_Message):
    """POST /api/tournaments/{id}/register (``token``: a busted player re-entering)."""

    name: str = Field(min_length=1, max_length=30)
    token: str | None = Field(default=None, max_length=100)


class AddTournamentBots(_Message):
    """POST /api/tournaments/{id}/bots (the director's key from creating it)."""

    director: str = Field(min_length=1, max_length=100)
    count: int = Field(default=1, ge=1, le=500)
    policy: BOT_POLICIES = "steady"


class DirectorRequest(_Message):
    """POST /api/tournaments/{id}/start, /pause, /resume."""

    director: str = Field(min_length=1, max_length=100)


class TokenRequest(_Message):
    """POST /api/tournaments/{id}/unregister."""

    token: str = Field(min_length=1, max_length=100)


class FloorRequest(_Message):
    """POST /api/tournaments/{id}/penalize and /disqualify (the director's key; P8)."""

    director: str = Field(min_length=1, max_length=100)
    player: str = Field(min_length=1, max_length=40)  # the name at the table
    rounds: int = Field(default=1, ge=1, le=10)
