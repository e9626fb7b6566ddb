"""The dealer's taps: what the tablet sends, checked, and what each does to the game.

A tap is one JSON object with an ``id`` the tablet chose (1 to 40 letters, digits,
``-`` or ``_``; a tap sent again under the same id is answered as the first time and
never applied twice), a ``kind``, and the fields of that kind.  ``base`` (optional):
the game's version the tablet showed when the dealer tapped; a tap whose base is not
the game's version now is refused as stale (the game moved on meanwhile), so that a
queue of taps made offline applies in order or not at all.

Kinds (seats from 0, chips in whole chips, cards as ``"Ah Kd 7c"``):
``seat`` {seat, name, chips}, ``top_up`` {seat, chips}, ``leave`` {seat},
``sit_out`` {seat}, ``sit_in`` {seat, post}, ``change_seat`` {seat, to},
``straddle`` {seat}, ``button`` {seat}
(the first button), ``start``, ``deal`` {up: {seat: cards}} (stud's up cards),
``board`` {cards}, ``act`` {seat, action: fold | check | call | bet | raise |
all_in | bring_in, to} (``to``: the total bet of a bet or raise), ``draw`` {seat,
count}, ``show`` {seat, cards} (null cards: mucked), ``award`` {winners: [[seat, ...],
...], low}, ``misdeal`` {why}, ``undo``, ``close``, and ``ruling`` {ruling, ...}: an
irregularity for the floor (:class:`~pokerroom.table.dealer_floor.TabletFloor`):
``boxed_card``, ``exposed_card`` {early: the first or second card of the deal},
``wrong_seat`` (the first card), ``button_misplaced`` {seat: where it really was},
``premature_card``, ``flop_too_many``, ``flop_no_burn``, ``wrong_count`` {seat,
holding}, ``chips`` {seat, chips: [chip values], said: silent | call | raise |
all_in | amount, amount}.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from pokerroom.cards import parse_cards
from pokerroom.errors import IllegalActionError, Reason
from pokerroom.rules.actions import Action, BetRaise, BringIn, CheckCall, Discard, Fold
from pokerroom.server.wire.names import PersonName
from pokerroom.server.wire.protocol import MAX_CHIPS, CreateTable
from pokerroom.table.dealer_floor import TabletRuling
from pokerroom.table.dealer_game import DealerGame
from pokerroom.table.rulings import Declaration

MAX_TAPS = 100
"""Taps in one request (a queue the tablet kept while offline)."""

TapId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
Seat = Annotated[int, Field(ge=0, le=9)]
Chips = Annotated[int, Field(ge=1, le=MAX_CHIPS)]
CardsText = Annotated[str, Field(min_length=2, max_length=40)]


class CreateDealerGame(CreateTable):
    """POST /api/dealer: the fields of a cash table's (:class:`CreateTable`), and the
    house's procedures for irregularities at a real table (I3-I5, I9: ``"seed"`` or
    ``"tda2024"``)."""

    irregularity_procedures: Literal["seed", "tda2024"] = "seed"


class _Tap(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: TapId
    base: Annotated[int, Field(ge=0)] | None = None


class SeatTap(_Tap):
    kind: Literal["seat"]
    seat: Seat
    name: PersonName
    chips: Chips


class TopUpTap(_Tap):
    kind: Literal["top_up"]
    seat: Seat
    chips: Chips


class SeatOnlyTap(_Tap):
    kind: Literal["leave", "sit_out", "straddle", "button"]
    seat: Seat


class SitInTap(_Tap):
    kind: Literal["sit_in"]
    seat: Seat
    post: bool = False


class ChangeSeatTap(_Tap):
    kind: Literal["change_seat"]
    seat: Seat
    to: Seat


class PlainTap(_Tap):
    kind: Literal["start", "undo", "close"]


class DealTap(_Tap):
    kind: Literal["deal"]
    up: dict[Seat, CardsText] = Field(default_factory=dict, max_length=10)


class BoardTap(_Tap):
    kind: Literal["board"]
    cards: CardsText


class ActTap(_Tap):
    kind: Literal["act"]
    seat: Seat
    action: Literal["fold", "check", "call", "bet", "raise", "all_in", "bring_in"]
    to: Annotated[int, Field(ge=0, le=MAX_CHIPS)] | None = None


class DrawTap(_Tap):
    kind: Literal["draw"]
    seat: Seat
    count: Annotated[int, Field(ge=0, le=7)]


class ShowTap(_Tap):
    kind: Literal["show"]
    seat: Seat
    cards: CardsText | None


class AwardTap(_Tap):
    kind: Literal["award"]
    winners: list[list[Seat]] = Field(min_length=1, max_length=10)
    low: list[list[Seat]] = Field(default_factory=list, max_length=10)


class MisdealTap(_Tap):
    kind: Literal["misdeal"]
    why: str = Field(default="misdeal", min_length=1, max_length=120)


class RulingTap(_Tap):
    kind: Literal["ruling"]
    ruling: Literal["boxed_card", "exposed_card", "wrong_seat", "button_misplaced",
                    "premature_card", "flop_too_many", "flop_no_burn", "wrong_count", "chips"]
    seat: Seat | None = None
    early: bool = False
    holding: Annotated[int, Field(ge=0, le=20)] | None = None
    chips: list[Chips] = Field(default_factory=list, max_length=100)
    said: Literal["silent", "call", "raise", "all_in", "amount"] = "silent"
    amount: Chips | None = None


Tap = Annotated[SeatTap | TopUpTap | SeatOnlyTap | SitInTap | ChangeSeatTap | PlainTap
                | DealTap | BoardTap
                | ActTap | DrawTap | ShowTap | AwardTap | MisdealTap | RulingTap,
                Field(discriminator="kind")]

ONE_TAP: TypeAdapter[Tap] = TypeAdapter(Tap)


@dataclass(frozen=True, slots=True)
class Malformed:
    """A tap that is not one (a field missing or out of bounds): refused as it is,
    never stored (it changes nothing however often it is sent)."""

    id: str | None
    error: str


def apply(game: DealerGame, tap: Tap) -> str:
    """Do ``tap`` to ``game`` (not ``undo`` or ``close``, which the room does): what
    happened, in words.  Refused (:class:`~pokerroom.errors.PokerError`) changing
    nothing when the rules do not allow it."""
    match tap:
        case SeatTap():
            return game.seat(tap.seat, tap.name, tap.chips)
        case TopUpTap():
            return game.top_up(tap.seat, tap.chips)
        case SeatOnlyTap(kind="leave"):
            return game.leave(tap.seat)
        case SeatOnlyTap(kind="sit_out"):
            return game.sit_out(tap.seat)
        case SeatOnlyTap(kind="straddle"):
            return game.straddle(tap.seat)
        case SeatOnlyTap():
            return game.place_button(tap.seat)
        case SitInTap():
            return game.sit_in(tap.seat, post=tap.post)
        case ChangeSeatTap():
            return game.change_seat(tap.seat, tap.to)
        case PlainTap(kind="start"):
            return game.start()
        case DealTap():
            return game.deal({seat: parse_cards(text) for seat, text in tap.up.items()})
        case BoardTap():
            return game.board(parse_cards(tap.cards))
        case ActTap():
            return game.act(tap.seat, _action(game, tap))
        case DrawTap():
            return game.act(tap.seat, Discard((None,) * tap.count))
        case ShowTap():
            return game.show(tap.seat, None if tap.cards is None else parse_cards(tap.cards))
        case AwardTap():
            return game.award(tap.winners, tap.low)
        case MisdealTap():
            return game.misdeal(tap.why)
        case RulingTap():
            return _ruling(game, tap).said
    raise AssertionError(f"the room does {tap.kind!r} itself")


def _action(game: DealerGame, tap: ActTap) -> Action:
    """The engine's action for the dealer's tap."""
    if tap.action == "fold":
        return Fold()
    if tap.action in ("check", "call"):
        return CheckCall()
    if tap.action == "bring_in":
        return BringIn()
    if tap.action == "all_in":
        legal = game.table.legal_actions()
        if legal.max_raise_to is not None:
            return BetRaise(legal.max_raise_to)
        return CheckCall()  # all in by calling
    if tap.to is None:
        raise IllegalActionError(Reason.MISSING_AMOUNT, f"a {tap.action} needs 'to': the total "
                                 "bet it makes")
    return BetRaise(tap.to)


def _ruling(game: DealerGame, tap: RulingTap) -> TabletRuling:
    """The floor's ruling on the irregularity the dealer tapped."""
    floor = game.floor
    match tap.ruling:
        case "boxed_card":
            return floor.boxed_card()
        case "exposed_card":
            return floor.exposed_card(early=tap.early)
        case "wrong_seat":
            return floor.first_card_to_wrong_seat()
        case "premature_card":
            return floor.premature_card()
        case "flop_too_many":
            return floor.flop_with_too_many_cards()
        case "flop_no_burn":
            return floor.flop_without_burn()
    if tap.seat is None:
        raise IllegalActionError(Reason.NO_SUCH_SEAT, f"the ruling {tap.ruling!r} needs "
                                 "'seat'")
    if tap.ruling == "button_misplaced":
        return floor.button_misplaced(tap.seat)
    if tap.ruling == "wrong_count":
        if tap.holding is None:
            raise IllegalActionError(Reason.NO_WRONG_COUNT, "'holding': how many cards the "
                                     "player really holds")
        return floor.wrong_card_count(tap.seat, tap.holding)
    if not tap.chips:
        raise IllegalActionError(Reason.MISSING_AMOUNT, "'chips': the value of each chip "
                                 "pushed out")
    return floor.chips(tap.seat, tap.chips, _declared(tap))


def _declared(tap: RulingTap) -> Declaration | None:
    """What the player said before pushing the chips."""
    if tap.said == "amount":
        if tap.amount is None:
            raise IllegalActionError(Reason.MISSING_AMOUNT, "said 'amount' needs 'amount'")
        return Declaration.spoken(tap.amount)
    return {"silent": None, "call": Declaration.call(), "all_in": Declaration.all_in(),
            "raise": Declaration.raise_to(tap.amount)}[tap.said]


def tap_json(tap: Tap) -> dict[str, Any]:
    return tap.model_dump(mode="json")
