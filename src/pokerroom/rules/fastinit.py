"""A quicker ``__init__`` for the engine's frozen dataclasses.

A frozen dataclass's generated ``__init__`` sets each field through
``object.__setattr__`` (to get past its own ``__setattr__``, which refuses);
that is about three times the cost of a plain class.  A hand creates some fifty
events and twenty ``LegalActions``, so it shows.  :func:`fast_init` replaces
the generated ``__init__`` with one that stores each field through its slot's
descriptor: same signature, same defaults, and the class stays a frozen
dataclass in every other way (``__setattr__`` still refuses, equality, hashing,
``repr``, ``dataclasses.replace``, pickling are the dataclass's own).

Compiled by mypyc (see setup.py), events and actions are native classes whose
own ``__init__`` (written in the class, stores straight into the object) is
faster still: :func:`fast_init` leaves a native ``__init__`` alone, so the one
written in the class is what runs compiled, and the quicker one replaces it on
the pure-Python path, where the frozen dataclass's ``__setattr__`` refuses the
stores it makes.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any, TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr as mypyc_attr
except ImportError:  # no mypy here (a regular install): nothing for it to configure

    def mypyc_attr(*attrs: str, **flags: bool) -> Any:  # type: ignore[misc]
        """``mypy_extensions.mypyc_attr``, which only mypyc reads: does nothing."""
        return lambda cls: cls


def fast_init(cls: type[T]) -> type[T]:
    """Give a frozen, slotted dataclass a quicker ``__init__``: keyword-only fields
    stay keyword-only, default factories are called for missing arguments, and
    ``__post_init__``, if any, runs last, as in the dataclass's own."""
    params = getattr(cls, "__dataclass_params__", None)
    assert params is not None and params.frozen, f"{cls.__name__} is not a frozen dataclass"
    fields = [f for f in dataclasses.fields(cls) if f.init]  # type: ignore[arg-type]
    if not fields or not isinstance(vars(cls).get("__init__"), types.FunctionType):
        return cls  # nothing to set, or compiled by mypyc: its own __init__ is native
    # The generated __init__'s order: positional fields, then keyword-only ones.
    fields.sort(key=lambda f: bool(f.kw_only))
    namespace: dict[str, Any] = {"_MISSING": dataclasses.MISSING}
    args: list[str] = []
    body: list[str] = []
    for k, f in enumerate(fields):
        if f.kw_only and "*" not in args:
            args.append("*")
        descriptor = getattr(cls, f.name)
        assert hasattr(descriptor, "__set__"), f"{cls.__name__}.{f.name} is not a slot"
        namespace[f"_set{k}"] = descriptor.__set__
        if f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory{k}"] = f.default_factory
            args.append(f"{f.name}=_MISSING")
            body.append(f"    if {f.name} is _MISSING: {f.name} = _factory{k}()")
        elif f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            namespace[f"_default{k}"] = f.default
            args.append(f"{f.name}=_default{k}")
        body.append(f"    _set{k}(self, {f.name})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(args)}):\n" + "\n".join(body) + "\n"
    exec(source, namespace)  # built from the field names alone
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
