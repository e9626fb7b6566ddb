"""The room's settings: ``--set SECTION.NAME=VALUE`` changes one limit, and anything
else is refused with the names that are allowed (nothing half-applied)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pokerroom.server.settings import SettingError, Settings, apply, described


def test_set_changes_one_field_and_leaves_the_rest() -> None:
    s = apply(Settings(), ["connections.per_address=7", "connections.header_seconds=2.5"])
    assert s.connections.per_address == 7
    assert s.connections.header_seconds == 2.5
    assert s.connections.total == Settings().connections.total


@pytest.mark.parametrize("bad, words", [
    ("connections.nope=1", "unknown setting 'connections.nope'"),
    ("nosuch.field=1", "unknown setting 'nosuch.field'"),
    ("connections.per_address", "SECTION.NAME=VALUE"),
    ("connections.per_address=many", "takes int"),
    ("connections.per_address=-1", "cannot be negative"),
    ("connections.header_seconds=inf", "takes float"),
    ("recorder.niceness=20", "recorder.niceness must be 0 to 19, got 20"),
])
def test_a_bad_setting_says_what_is_allowed(bad: str, words: str) -> None:
    with pytest.raises(SettingError, match=words) as info:
        apply(Settings(), [bad])
    if "unknown" in words:
        assert "connections.per_address" in str(info.value)  # the list of allowed names


def test_every_setting_is_described() -> None:
    rows = described()
    assert rows and all(what for _name, _value, what in rows)


def test_the_command_line_lists_and_refuses() -> None:
    listed = subprocess.run([sys.executable, "-m", "pokerroom.cli", "settings"],
                            capture_output=True, text=True, check=True)
    assert "connections.body_bytes=65536" in listed.stdout
    refused = subprocess.run([sys.executable, "-m", "pokerroom.cli", "serve", "--port", "1",
                              "--set", "connections.nope=3"], capture_output=True, text=True)
    assert refused.returncode == 2
    assert "unknown setting 'connections.nope'" in refused.stderr


def test_a_list_setting_and_the_client_address_behind_a_trusted_proxy() -> None:
    from pokerroom.server.guard.clients import TrustedProxies, client_address

    s = apply(Settings(), ["proxy.trusted=127.0.0.1, 10.0.0.0/8"])
    trusted = TrustedProxies(s.proxy.trusted)
    forwarded = [(b"x-forwarded-for", b"203.0.113.9, 10.1.2.3")]
    # straight from a stranger: the header is ignored
    assert client_address({"client": ("198.51.100.7", 5), "headers": forwarded},
                          trusted) == "198.51.100.7"
    # through the proxy: the last hop that is not a trusted proxy
    assert client_address({"client": ("127.0.0.1", 5), "headers": forwarded},
                          trusted) == "203.0.113.9"
    # a header that does not parse counts as the proxy's own address
    assert client_address({"client": ("127.0.0.1", 5),
                           "headers": [(b"x-forwarded-for", b"evil, 10.0.0.1")]},
                          trusted) == "127.0.0.1"
    # no proxies trusted by default
    assert client_address({"client": ("127.0.0.1", 5), "headers": forwarded},
                          TrustedProxies(Settings().proxy.trusted)) == "127.0.0.1"


def test_the_readme_lists_every_setting_with_its_default() -> None:
    """Issue 22: the README's security section lists every limit, its default and how
    to change it; a setting added or a default changed without the README fails here."""
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text()
    for name, value, _what in described():
        shown = ", ".join(value) if isinstance(value, tuple) else str(value)
        shown = shown or "(none)"
        assert f"| `{name}` | {shown} |" in readme, f"README: no row for {name} = {shown}"


def test_the_docs_page_shows_every_section() -> None:
    """docs/limits.md renders each section's fields and their documentation."""
    import dataclasses
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "limits.md").read_text()
    for f in dataclasses.fields(Settings):
        section = type(getattr(Settings(), f.name))
        assert f"::: {section.__module__}.{section.__qualname__}" in page, f.name
