"""One vocabulary of wire reasons (issue #23): every ``reason`` the room sends is a
:class:`~pokerroom.server.wire.reasons.WireReason` or a rule's
:class:`~pokerroom.errors.Reason`, with the same strings as before, and docs/wire.md
lists each with what it means and what to do (generated; this test fails on drift)."""

from __future__ import annotations

import ast
from pathlib import Path

from pokerroom.errors import IllegalActionError, PokerError, Reason
from pokerroom.server.guard.quotas import _CEILINGS, _RATES
from pokerroom.server.wire.protocol import error_reason
from pokerroom.server.wire.reasons import (
    BEGIN,
    END,
    HELP,
    WireReason,
    reasons_markdown,
    rule_meanings,
)

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "src" / "pokerroom" / "server"


def test_the_docs_page_lists_every_reason_as_the_code_says() -> None:
    page = (ROOT / "docs" / "wire.md").read_text(encoding="utf-8")
    block = page[page.index(BEGIN):page.index(END) + len(END)]
    assert block == reasons_markdown(), (
        "docs/wire.md's reasons differ from the code: run "
        "`python -m pokerroom.server.wire.reasons docs/wire.md`")
    for reason in [*WireReason, *Reason]:
        assert f"| `{reason.value}` |" in block


def test_every_room_reason_says_what_it_means_and_what_to_do() -> None:
    assert set(HELP) == set(WireReason)
    assert all(h.means and h.do and h.status for h in HELP.values())
    assert set(rule_meanings()) == set(Reason), "every Reason has its docstring"
    assert not set(WireReason._value2member_map_) & set(Reason._value2member_map_)


def test_the_strings_on_the_wire_stay_the_same() -> None:
    """Tests and clients read these: a member's value is the string sent before."""
    assert [WireReason.quota(n) for n in [*_RATES, *(f"open_{c}" for c in _CEILINGS),
                                          "entries", "sockets"]]
    for old in ("bad_message", "too_many_malformed", "too_many_messages", "too_much_unread",
                "token_in_url", "seat_lost", "preaction_cancelled", "store_unavailable",
                "table_moving", "room_full", "too_many_connections", "request_timeout",
                "body_too_large", "cross_origin", "metrics_not_allowed", "deal_too_slow",
                "deal_busy", "quota_tables", "quota_open_tables", "quota_sockets",
                "unknown_worker", "no_tournament", "bad_request"):
        assert WireReason(old) == old


def test_every_error_of_the_library_answers_with_a_reason_of_the_vocabulary() -> None:
    """A PokerError without a rule's reason answers with its kind's name, which is a
    WireReason too (ConfigError, NotationError...)."""
    import pokerroom.history.replay
    import pokerroom.server.app  # noqa: F401

    kinds: list[type[PokerError]] = [PokerError]
    seen = []
    while kinds:
        kind = kinds.pop()
        seen.append(kind)
        kinds.extend(kind.__subclasses__())
    assert len(seen) > 5
    for kind in seen:
        if issubclass(kind, IllegalActionError):
            continue  # it carries a Reason
        try:
            exc = kind("x")  # type: ignore[call-arg]
        except TypeError:
            continue  # built with more (LeaseLost): its class names its reason
        assert isinstance(error_reason(exc), Reason | WireReason), kind


def _loose_reasons(tree: ast.AST) -> list[int]:
    """Lines of ``tree`` that write a reason as a string literal: ``{"reason": "x"}``,
    ``reason="x"``, ``reason = "x"`` (or an f-string)."""
    def literal(node: ast.AST | None) -> bool:
        return isinstance(node, ast.JoinedStr) or (
            isinstance(node, ast.Constant) and isinstance(node.value, str))

    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            lines += [v.lineno for k, v in zip(node.keys, node.values, strict=True)
                      if isinstance(k, ast.Constant) and k.value == "reason" and literal(v)]
        elif isinstance(node, ast.keyword) and node.arg == "reason" and literal(node.value):
            lines.append(node.value.lineno)
        elif isinstance(node, ast.Assign | ast.AnnAssign) and literal(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name | ast.Attribute)
                   and getattr(t, "id", getattr(t, "attr", "")).lower() == "reason"
                   for t in targets):
                lines.append(node.lineno)
    return lines


def test_no_reason_is_written_as_a_loose_string() -> None:
    """Every reason the room sends is taken from an enum: no ``"reason": "..."``, no
    ``reason="..."`` and no ``reason = "..."`` in the room's code."""
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(ROOT)}:{n}" for n in _loose_reasons(tree)]
    assert found == [], found
    assert sorted(_loose_reasons(ast.parse(
        'x = {"reason": "bad"}\nREASON = "y"\nf(reason=f"z")'))) == [1, 2, 3]
