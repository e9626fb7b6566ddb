"""Every refusal carries a :class:`Reason`, and every Reason is raised somewhere (or,
for the refusals a middleware answers before any route runs, written into an answer).

The source is read as syntax trees: each call that builds an ``IllegalActionError``
(directly, through a subclass, or through a ``_refuse`` helper that returns one)
must pass a ``Reason`` as its first argument, never a string; the members named in
those arguments (directly or through a module-level table of members) must cover
the whole enum, so that no code is listed that nothing raises.
"""

from __future__ import annotations

import ast
import json
import pickle
from pathlib import Path

import pytest

import pokerroom
from pokerroom.errors import IllegalActionError, PokerError, Reason

SRC = Path(pokerroom.__file__).parent


def _raisers() -> set[str]:
    """IllegalActionError and its subclasses anywhere in the package, by name."""
    names = {"IllegalActionError", "_refuse"}
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(b, ast.Name) and b.id == "IllegalActionError" for b in node.bases
            ):
                names.add(node.name)
    return names


def _called(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def _members_in(expr: ast.expr, constants: dict[str, ast.expr]) -> set[str]:
    """The Reason members an expression names, following module-level tables."""
    found: set[str] = set()
    for node in ast.walk(expr):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == "Reason"):
            found.add(node.attr)
        elif isinstance(node, ast.Name) and node.id in constants:
            found |= _members_in(constants[node.id], {})
    return found


def _scan() -> tuple[list[str], set[str]]:
    """(string-coded raise sites, members raised)."""
    raisers = _raisers()
    bad: list[str] = []
    raised: set[str] = set()
    for path in sorted(SRC.rglob("*.py")):
        if path.name == "errors.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {
            t.id: node.value
            for node in tree.body if isinstance(node, ast.Assign)
            for t in node.targets if isinstance(t, ast.Name)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _called(node) not in raisers:
                continue
            if _called(node) == "_refuse" and not node.args:
                continue
            where = f"{path.relative_to(SRC)}:{node.lineno}"
            if not node.args:
                bad.append(f"{where}: no reason")
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant | ast.JoinedStr | ast.BinOp):
                bad.append(f"{where}: {ast.unparse(first)} is not a Reason member")
            raised |= _members_in(first, constants)
    return bad, raised


def test_every_illegal_action_error_is_raised_with_a_reason_member() -> None:
    bad, raised = _scan()
    assert not bad, "raise sites passing a string instead of a Reason:\n" + "\n".join(bad)
    assert raised, "the scan found no raise sites at all"


def _answered() -> set[str]:
    """Members a middleware writes straight into an answer (``Reason.X.value``): the
    refusals made before any route runs, where there is nothing to raise into."""
    found: set[str] = set()
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr == "value"
                    and isinstance(node.value, ast.Attribute)
                    and isinstance(node.value.value, ast.Name)
                    and node.value.value.id == "Reason"):
                found.add(node.value.attr)
    return found


def _class_reasons() -> set[str]:
    """Members an error class carries as its ``reason`` (``reason = Reason.X`` in its
    body: the room's answer reads it, wire/protocol.py's ``error_reason``), counted
    when that class is raised somewhere (``raise Name(...)``)."""
    carried: dict[str, str] = {}
    raised: set[str] = set()
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if (isinstance(item, ast.Assign) and len(item.targets) == 1
                            and isinstance(item.targets[0], ast.Name)
                            and item.targets[0].id == "reason"
                            and isinstance(item.value, ast.Attribute)
                            and isinstance(item.value.value, ast.Name)
                            and item.value.value.id == "Reason"):
                        carried[node.name] = item.value.attr
            elif (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
                  and isinstance(node.exc.func, ast.Name)):
                raised.add(node.exc.func.id)
    return {member for name, member in carried.items() if name in raised}


def test_every_reason_is_raised_somewhere() -> None:
    _, raised = _scan()
    raised |= _class_reasons()
    unknown = raised - set(Reason.__members__)
    assert not unknown, f"raise sites name members Reason lacks: {sorted(unknown)}"
    dead = set(Reason.__members__) - raised - _answered()
    assert not dead, f"Reason members nothing raises: {sorted(dead)}"


def test_every_reason_member_is_documented_and_its_name_is_its_code() -> None:
    tree = ast.parse((SRC / "errors.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Reason")
    documented: set[str] = set()
    for here, after in zip(cls.body, cls.body[1:], strict=False):
        if (isinstance(here, ast.Assign) and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str)
                and after.value.value.strip()):
            documented |= {t.id for t in here.targets if isinstance(t, ast.Name)}
    assert documented == set(Reason.__members__)
    for member in Reason:
        assert member.value == member.name.lower()


def test_a_reason_is_its_code_string_in_comparisons_json_and_formatting() -> None:
    refused = IllegalActionError(Reason.NOT_YOUR_TURN, "seat 2 cannot act now")
    assert refused.reason == "not_your_turn"
    assert refused.reason is Reason("not_your_turn")
    assert json.dumps({"reason": refused.reason}) == '{"reason": "not_your_turn"}'
    assert f"{refused.reason}" == str(refused.reason) == "not_your_turn"
    assert str(refused) == "seat 2 cannot act now"
    assert isinstance(refused, PokerError)


def test_an_illegal_action_error_pickles_with_its_reason() -> None:
    refused = IllegalActionError(Reason.HAND_OVER, "the hand is over; no more actions")
    back = pickle.loads(pickle.dumps(refused))
    assert type(back) is IllegalActionError
    assert back.reason is Reason.HAND_OVER
    assert str(back) == "the hand is over; no more actions"


def test_an_unknown_code_is_no_reason() -> None:
    with pytest.raises(ValueError, match="not_a_code"):
        Reason("not_a_code")
