"""The web UI's HTML pages: files of ``static/`` served at their addresses."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from pokerroom.server.cluster.routing import served_elsewhere

STATIC = Path(__file__).parent / "static"


def add_page(router: APIRouter, path: str, html: str,
             check: Callable[[Request, str], object] | None = None) -> None:
    """Serve ``static/{html}`` at ``path``; ``check`` is called with the request and
    each of the path's parameters (a table's or tournament's id) first and raises a
    404 for one unknown (not for one another worker serves: the page is the same file
    everywhere)."""

    async def page(request: Request) -> FileResponse:
        if check is not None and not served_elsewhere(request):
            for value in request.path_params.values():
                check(request, value)
        return FileResponse(STATIC / html)

    router.add_api_route(path, page, methods=["GET"], include_in_schema=False,
                         name=html.removesuffix(".html") + "_page")
