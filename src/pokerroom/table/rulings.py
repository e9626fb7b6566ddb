"""B14 rulings: what a dealer reports a player said, and what the floor rules the
chips mean (:func:`pokerroom.table.chips.interpret_chips` makes a
:class:`Ruling`; :func:`apply_ruling` plays it on the hand)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from pokerroom.errors import ConfigError, IllegalActionError, Reason
from pokerroom.rules import BetRaise, CheckCall, Fold, Hand
from pokerroom.rules import events as ev


class Declared(Enum):
    """What the player said before (or while) the chips went out."""

    SILENT = "silent"
    CALL = "call"
    RAISE = "raise"  # with or without an amount (the amount is the new total)
    ALL_IN = "all_in"
    AMOUNT = "amount"  # a number without "raise": as if those chips were pushed
    UNCLEAR = "unclear"  # a number whose unit is unclear ("I bet five", TDA 57)


@dataclass(frozen=True, slots=True)
class Declaration:
    """A verbal declaration.  Build it with the class methods."""

    kind: Declared
    amount: int | None = None

    def __post_init__(self) -> None:
        needs = self.kind in (Declared.AMOUNT, Declared.UNCLEAR)
        allows = needs or self.kind is Declared.RAISE
        if self.amount is None:
            if needs:
                raise ConfigError(f"a {self.kind.value} declaration needs an amount")
            return
        if not allows:
            raise ConfigError(
                f"a {self.kind.value} declaration takes no amount (got {self.amount}); "
                "amounts go with raise, amount or unclear"
            )
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount < 1:
            raise ConfigError(
                f"a declared amount must be a positive whole number, not {self.amount!r}"
            )

    @classmethod
    def silent(cls) -> Declaration:
        """Nothing was said: the chips speak for themselves."""
        return cls(Declared.SILENT)

    @classmethod
    def call(cls) -> Declaration:
        """The player said "call"."""
        return cls(Declared.CALL)

    @classmethod
    def raise_to(cls, amount: int | None = None) -> Declaration:
        """ "Raise", or "raise, 8,000": the amount is the new street total (TDA 43-B)."""
        return cls(Declared.RAISE, amount)

    @classmethod
    def all_in(cls) -> Declaration:
        """The player said "all in"."""
        return cls(Declared.ALL_IN)

    @classmethod
    def spoken(cls, amount: int) -> Declaration:
        """A number said without "raise" ("fourteen hundred")."""
        return cls(Declared.AMOUNT, amount)

    @classmethod
    def unclear(cls, number: int) -> Declaration:
        """A number whose unit is unclear ("I bet five")."""
        return cls(Declared.UNCLEAR, number)

    def describe(self) -> str:
        """What was said, in words, for a ruling's explanation."""
        if self.kind is Declared.SILENT:
            return "nothing said"
        if self.kind is Declared.RAISE:
            return '"raise"' if self.amount is None else f'"raise, {self.amount:,}"'
        if self.kind is Declared.AMOUNT:
            return f'"{self.amount:,}"'
        if self.kind is Declared.UNCLEAR:
            return f'"{self.amount}" (unit unclear)'
        return '"all-in"' if self.kind is Declared.ALL_IN else '"call"'


@dataclass(frozen=True, slots=True)
class FloorOption:
    """One way the floor may rule.  ``forfeit``: chips that stay in the pot when
    the option is a fold (TDA 51); ``change``/``to_add`` as in :class:`Ruling`."""

    action: Fold | CheckCall | BetRaise
    description: str
    change: int = 0
    to_add: int = 0
    forfeit: int = 0


@dataclass(frozen=True, slots=True)
class FloorDecision:
    """Not resolved automatically: the floor picks one of ``options``."""

    question: str
    options: tuple[FloorOption, ...]


@dataclass(frozen=True, slots=True)
class Ruling:
    """What the chips mean.

    ``action`` is the engine action, or a :class:`FloorDecision` to resolve with
    :meth:`choose`.  ``change``: chips that go back to the player; ``to_add``:
    chips the player must still put out.  ``rule`` names the TDA rule and
    ``explanation`` says why in a sentence.  ``clamped`` is True when the
    engine's bounds changed what the chips alone would mean.  ``facing`` and
    ``street`` record the bet the ruling was made against: a ruling is stale once
    the hand has moved on.  ``position``: the player's, the engine's number.
    """

    position: int
    action: Fold | CheckCall | BetRaise | FloorDecision
    change: int
    to_add: int
    rule: str
    explanation: str
    facing: int
    street: int
    all_in: bool = False
    clamped: bool = False
    forfeit: int = 0

    @property
    def needs_floor(self) -> bool:
        """True when the ruling is the floor's call: :meth:`choose` picks one of its options."""
        return isinstance(self.action, FloorDecision)

    def choose(self, index: int) -> Ruling:
        """The floor's choice of option ``index`` as a ruling of its own."""
        if not isinstance(self.action, FloorDecision):
            raise IllegalActionError(Reason.NO_FLOOR_DECISION,
                                     "this ruling needs no floor decision")
        options = self.action.options
        if not 0 <= index < len(options):
            raise IllegalActionError(
                Reason.NO_SUCH_OPTION, f"option {index} does not exist; choose 0-{len(options) - 1}"
            )
        option = options[index]
        return replace(
            self, action=option.action, change=option.change, to_add=option.to_add,
            forfeit=option.forfeit, explanation=f"{self.explanation} Floor: {option.description}.",
        )


def apply_ruling(hand: Hand, ruling: Ruling) -> list[ev.Event]:
    """Play ``ruling`` on ``hand`` (a fold that forfeits chips as
    ``Fold(forfeit=...)``, B14 / TDA 51); refuse (changing nothing) a floor decision
    not yet made or a stale ruling."""
    if isinstance(ruling.action, FloorDecision):
        raise IllegalActionError(
            Reason.FLOOR_DECISION, f"the floor must rule first: {ruling.action.question}"
        )
    if hand.actor != ruling.position or hand.current_bet != ruling.facing or (
        hand.street != ruling.street
    ):
        raise IllegalActionError(
            Reason.STALE_RULING,
            f"the ruling was made for position {ruling.position} facing {ruling.facing:,}; the "
            f"hand has moved on ({hand.legal_actions().describe()})",
        )
    if ruling.forfeit and isinstance(ruling.action, Fold):
        # B14 / TDA 51: fold, the chips short of the call staying in the pot.
        return hand.act(Fold(forfeit=ruling.forfeit), position=ruling.position)
    return hand.act(ruling.action, position=ruling.position)
