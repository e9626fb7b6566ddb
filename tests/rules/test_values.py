"""The engine's values (events, actions, LegalActions) stay frozen dataclasses
with their quicker ``__init__`` (:mod:`pokerroom.rules.fastinit`), and the
counters the engine keeps for speed agree with the state they summarise."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import random

import pytest

from pokerroom.cards import Deck
from pokerroom.rules import (
    VARIANTS,
    BetRaise,
    BringIn,
    CheckCall,
    Discard,
    Fold,
    Hand,
    HandConfig,
    LegalActions,
    Muck,
    Phase,
    Show,
    Structure,
    button_blinds,
)
from pokerroom.rules import actions as act
from pokerroom.rules import events as ev
from pokerroom.rules.fastinit import fast_init

VALUE_CLASSES = [
    cls
    for module in (ev, act)
    for cls in vars(module).values()
    if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == module.__name__
] + [LegalActions]


def _sample(field: dataclasses.Field[object], k: int) -> object:
    """A value of the field's type made from ``k``: compiled by mypyc, a value checks
    the types of its fields (where the compiled class keeps no type, a union, the
    field's name tells)."""
    if field.name in ("cards", "up", "amounts", "stacks"):
        return (k,)
    if field.name in ("winners", "low"):  # Award's: positions per pot
        return ((k,),)
    if field.name in ("name", "half", "description"):
        return f"text {k}"
    if field.name == "phase":
        return list(Phase)[k % len(Phase)]
    kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
    return k % 2 == 0 if kind == "bool" else k


@pytest.mark.parametrize("cls", VALUE_CLASSES, ids=lambda c: c.__name__)
def test_values_stay_frozen_dataclasses(cls: type) -> None:
    fields = dataclasses.fields(cls)
    args = {f.name: _sample(f, k + 1) for k, f in enumerate(fields)}
    value = cls(**args)
    assert all(getattr(value, name) == v for name, v in args.items())
    assert value == cls(**args) and hash(value) == hash(cls(**args))
    assert pickle.loads(pickle.dumps(value)) == value
    if fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, fields[0].name, args[fields[0].name])
        last = fields[-1]
        other = _sample(last, len(fields) + 1)
        changed = dataclasses.replace(value, **{last.name: other})
        assert getattr(changed, last.name) == other != args[last.name]
    params = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in params] == [f.name for f in fields]


def test_defaults_and_positional_arguments() -> None:
    assert ev.BlindPosted(None, 1, 5) == ev.BlindPosted(None, 1, 5, False)
    legal = LegalActions(Phase.BETTING, 2, True, False, 10, 20, 100)
    assert (legal.fold, legal.check, legal.call, legal.min_raise_to, legal.max_raise_to) == (
        True, False, 10, 20, 100,
    )
    assert legal.bring_in is None and legal.max_discard == 0 and legal.can_raise
    assert legal == LegalActions(Phase.BETTING, 2, fold=True, call=10, min_raise_to=20,
                                 max_raise_to=100)


def test_fast_init_refuses_what_it_cannot_copy() -> None:
    @dataclasses.dataclass(slots=True)
    class Mutable:
        x: int

    with pytest.raises(AssertionError):
        fast_init(Mutable)


def test_fast_init_keeps_default_factories_and_post_init() -> None:
    """The quicker ``__init__`` calls a field's default factory for a missing argument
    and ``__post_init__`` last, as the dataclass's own does (phh.HandHistory)."""

    @fast_init
    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class Checked:
        x: int
        seen: tuple[int, ...] = dataclasses.field(default_factory=lambda: (7,))

        def __post_init__(self) -> None:
            if self.x <= 0:
                raise ValueError("x must be positive")

    assert Checked.__init__.__module__ == __name__ and "_set0" in Checked.__init__.__code__.co_names
    assert Checked(x=1).seen == (7,) and Checked(x=1, seen=()).seen == ()
    with pytest.raises(ValueError, match="x must be positive"):
        Checked(x=0)


def test_fast_init_keeps_keyword_only_fields_keyword_only() -> None:
    """The quicker ``__init__`` takes the arguments the dataclass's own took (the
    history's PhhAction has keyword-only fields)."""

    @dataclasses.dataclass(frozen=True, slots=True)
    class Plain:
        a: int
        _: dataclasses.KW_ONLY
        b: int = 2
        c: str = "c"

    @fast_init
    @dataclasses.dataclass(frozen=True, slots=True)
    class Fast:
        a: int
        _: dataclasses.KW_ONLY
        b: int = 2
        c: str = "c"

    def shape(cls: type) -> list[tuple[str, object, object]]:
        return [(p.name, p.kind, p.default) for p in inspect.signature(cls).parameters.values()]

    assert shape(Fast) == shape(Plain)
    assert Fast(1, c="x") == Fast(1, b=2, c="x") and (Fast(1, c="x").a, Fast(1).b) == (1, 2)
    with pytest.raises(TypeError):
        Fast(1, 2)  # type: ignore[misc]


# ------------------------------------------------------------------ counters


def _config(key: str, structure: Structure, rng: random.Random) -> HandConfig:
    game = VARIANTS[key]
    n = rng.randint(2, 8 if game.is_stud else 6)
    stacks = tuple(rng.choice([3, 15, 40, 400, 2000]) for _ in range(n))
    kw: dict[str, object] = {}
    if structure is Structure.FIXED_LIMIT:
        kw.update(small_bet=10, big_bet=20)
    elif structure is Structure.SPREAD_LIMIT:
        kw.update(min_bet=10, max_bet=40)
    else:
        kw.update(min_bet=10)
    if game.is_stud:
        kw.update(bring_in=3, antes=(2,) * n)
    else:
        kw.update(blinds=button_blinds(n, 5, 10))
    return HandConfig(variant=game, structure=structure, stacks=stacks,
                      auto_showdown=rng.random() < 0.5, **kw)  # type: ignore[arg-type]


def _choose(hand: Hand, rng: random.Random) -> object:
    legal = hand.legal_actions()
    if legal.phase is Phase.DRAWING:
        assert legal.position is not None
        held = hand.hole[legal.position]
        return Discard(tuple(rng.sample(held, rng.randint(0, legal.max_discard))))
    if legal.phase is Phase.SHOWDOWN:
        return Muck() if legal.muck and rng.random() < 0.4 else Show()
    if legal.bring_in is not None:
        # F10: a full bring-in that is live has nothing to complete.
        if legal.min_raise_to is None or rng.random() < 0.7:
            return BringIn()
        return BetRaise(legal.min_raise_to)
    r = rng.random()
    if legal.min_raise_to is not None and r < 0.3:
        assert legal.max_raise_to is not None
        return BetRaise(rng.choice([legal.min_raise_to, legal.max_raise_to]))
    if r < 0.45 and not legal.check and legal.fold:
        return Fold()
    return CheckCall()


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_active_count_matches_the_table(key: str) -> None:
    """The count of players in the hand with chips, kept on every fold, all-in and
    returned bet, always equals a fresh count."""
    rng = random.Random(key)
    for k in range(60):
        structure = list(Structure)[k % 4]
        config = _config(key, structure, rng)
        hand = Hand(config, Deck(rng.randrange(2**32), cards=config.variant.deck))
        while True:
            assert hand._active == hand._count_active()
            assert hand._anyone_all_in() == any(
                hand.stacks[i] == 0 for i in range(hand.n) if not hand.folded[i]
            )
            if hand.is_over:
                break
            hand.act(_choose(hand, rng))  # type: ignore[arg-type]
