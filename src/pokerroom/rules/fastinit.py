"""A quicker ``__init__`` for the engine's frozen dataclasses.

A frozen dataclass's generated ``__init__`` sets each field through
``object.__setattr__`` (to get past its own ``__setattr__``, which refuses);
that is about three times the cost of a plain class.  A hand creates some fifty
events and twenty ``LegalActions``, so it shows.  :func:`fast_init` replaces
the generated ``__init__`` with one that stores each field through its slot's
descriptor: same signature, same defaults, and the class stays a frozen
dataclass in every other way (``__setattr__`` still refuses, equality, hashing,
``repr``, ``dataclasses.replace``, pickling are the dataclass's own).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Give a frozen, slotted dataclass without ``__post_init__`` a quicker ``__init__``
    (keyword-only fields stay keyword-only)."""
    params = getattr(cls, "__dataclass_params__", None)
    assert params is not None and params.frozen, f"{cls.__name__} is not a frozen dataclass"
    assert not hasattr(cls, "__post_init__"), f"{cls.__name__} has a __post_init__"
    fields = [f for f in dataclasses.fields(cls) if f.init]  # type: ignore[arg-type]
    if not fields:
        return cls
    # The generated __init__'s order: positional fields, then keyword-only ones.
    fields.sort(key=lambda f: bool(f.kw_only))
    namespace: dict[str, Any] = {}
    args: list[str] = []
    body: list[str] = []
    for k, f in enumerate(fields):
        if f.kw_only and "*" not in args:
            args.append("*")
        assert f.default_factory is dataclasses.MISSING, f"{cls.__name__}.{f.name}"
        descriptor = getattr(cls, f.name)
        assert hasattr(descriptor, "__set__"), f"{cls.__name__}.{f.name} is not a slot"
        namespace[f"_set{k}"] = descriptor.__set__
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            namespace[f"_default{k}"] = f.default
            args.append(f"{f.name}=_default{k}")
        body.append(f"    _set{k}(self, {f.name})")
    source = f"def __init__(self, {', '.join(args)}):\n" + "\n".join(body) + "\n"
    exec(source, namespace)  # built from the field names alone
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
