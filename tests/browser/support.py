"""What both browser tests need: a real server on a loopback port and Debian's
Chromium driven by Playwright."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

CHROMIUM = os.environ.get("POKERROOM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@contextlib.contextmanager
def serve(app: FastAPI) -> Iterator[str]:
    """Run ``app`` with uvicorn in a thread on a free loopback port; yield its URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the pokerroom server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium under Playwright; a clear failure when it is missing."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"Chromium is not installed at {CHROMIUM}. The browser test needs Debian's "
            "chromium: run `make browser` (as root: apt-get update && apt-get install -y "
            "chromium), or point POKERROOM_CHROMIUM at a Chromium binary."
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the Python package playwright is missing: pip install -e '.[dev]'")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
