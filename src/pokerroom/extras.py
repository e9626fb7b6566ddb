"""The optional parts of pokerroom and the extras that install them.

``pip install pokerroom`` is the library and the ``pokerroom`` command: the
hand engine, the table, tournaments, hand histories, evaluation and equity
(in pure Python), with `rich` for the terminal as its one dependency.  The
rest is opt-in:

- ``pokerroom[room]``: the web room, ``pokerroom serve`` (FastAPI, uvicorn,
  SQLAlchemy, Alembic, pydantic, orjson, segno);
- ``pokerroom[fast]``: NumPy and Numba, for the batch evaluators
  (:mod:`pokerroom.evaluation.batch`) and the equity kernels (equity uses
  them by itself when they are installed);
- ``pokerroom[ray]``: ``pokerroom simulate --ray``;
- ``pokerroom[docs]``: the documentation site (MkDocs);
- ``pokerroom[all]``: all of the above; ``pokerroom[dev]``: everything plus
  the test and lint tools.

A part whose extra is missing refuses to load with :class:`MissingExtraError`,
which names the command that installs it.
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Final

EXTRAS: Final = {
    "room": ("fastapi", "starlette", "uvicorn", "sqlalchemy", "alembic", "pydantic", "orjson",
             "prometheus_client", "segno"),
    "fast": ("numpy", "numba"),
    "ray": ("ray",),
}
"""The modules each extra brings (``docs`` and ``dev`` have no runtime part)."""


class MissingExtraError(ImportError):
    """An optional part of pokerroom was asked for without its extra installed.

    >>> str(MissingExtraError("room", "fastapi", "the room"))
    "the room needs fastapi, which is not installed: pip install 'pokerroom[room]'"
    """

    def __init__(self, extra: str, module: str, what: str) -> None:
        super().__init__(
            f"{what} needs {module}, which is not installed: pip install 'pokerroom[{extra}]'",
            name=module,
        )
        self.extra = extra
        """The extra that installs the missing module (``"room"``, ``"fast"``, ...)."""


def require(extra: str, what: str, *modules: str) -> None:
    """Check that ``modules`` (default: every module of ``extra``) are installed, or
    raise :class:`MissingExtraError` naming the extra; ``what`` names the part that
    needs them, for the message.  Nothing is imported: a part imports what it uses
    when it is used (``pokerroom serve`` checks its options before the web stack
    loads, a second of CPU).

    >>> try:
    ...     require("room", "the room", "no_such_module_here")
    ... except MissingExtraError as exc:
    ...     print(exc.extra, exc.name)
    room no_such_module_here
    """
    for module in modules or EXTRAS[extra]:
        try:
            found = find_spec(module)
        except ImportError as exc:
            raise MissingExtraError(extra, module, what) from exc
        if found is None:
            raise MissingExtraError(extra, module, what)
