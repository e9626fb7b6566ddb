"""What the live events' browser tests share: the TV's size, calls to the room's API,
the clock's figures read back, and a page's errors collected."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

TV = {"width": 1920, "height": 1080}


def call(url: str, path: str, body: dict[str, Any] | None = None, *,
         host: str | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if host:
        headers["Authorization"] = f"Bearer {host}"
    request = urllib.request.Request(url + path, data=data, method="POST" if data else "GET",
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def seconds(text: str) -> int:
    """'12:34' or '1:02:03' as seconds."""
    total = 0
    for part in text.strip().split(":"):
        total = total * 60 + int(part)
    return total


def watch(page: Any, who: str, errors: list[str]) -> None:
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda exc: errors.append(f"{who}: {exc}"))
    page.on("console", lambda m: errors.append(f"{who}: {m.text}")
            if m.type == "error" and "Failed to load resource" not in m.text else None)
