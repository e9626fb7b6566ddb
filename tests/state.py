"""Reading an object's whole state in tests, on either path of the engine.

On the pure-Python path a hand keeps its attributes in ``__dict__``; compiled
by mypyc (see setup.py) it is a native class without one, whose attribute names
are listed in ``__mypyc_attrs__``.
"""

from __future__ import annotations

from typing import Any


def attributes(obj: object) -> dict[str, Any]:
    """Every attribute ``obj`` has set, by name."""
    names = getattr(type(obj), "__mypyc_attrs__", None)
    if names is None:
        return dict(vars(obj))
    missing = object()
    found = {name: getattr(obj, name, missing) for name in names if name != "__dict__"}
    return {name: value for name, value in found.items() if value is not missing}
