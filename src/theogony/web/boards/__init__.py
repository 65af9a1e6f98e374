"""Board drawings for the web client.

The hook: a game package may hold a module `svg` with `render_svg(view) -> str` (a part, see
core.game.PARTS), reached as `game.render_svg`; otherwise a module
`theogony.web.boards.<game id>` may define `render_svg(view) -> str`. Either receives exactly the
view the receiving seat may see (never the state), so a drawing can only show what that seat sees.
SVG elements carrying `data-action="<action text>"` become clickable in the client when that action
is legal. Without a drawing the client shows a generic rendering of the view JSON. A renderer that
fails is logged and skipped: the page never breaks because of a drawing.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Mapping
from typing import Any

log = logging.getLogger("theogony.web")

_renderers: dict[str, Callable[[Mapping[str, Any]], str] | None] = {}


def renderer(game: Any) -> Callable[[Mapping[str, Any]], str] | None:
    part = getattr(game, "part", None)
    if callable(part) and part("svg") is not None:
        return game.render_svg
    game_id = game.info.id
    if game_id not in _renderers:
        found = None
        if game_id.isidentifier():
            try:
                module = importlib.import_module(f"{__name__}.{game_id}")
                found = getattr(module, "render_svg", None)
            except ModuleNotFoundError:
                found = None
            except Exception:  # a broken drawing module must not break the server
                log.exception("board module for %s failed to import", game_id)
                found = None
        _renderers[game_id] = found
    return _renderers[game_id]


def board_svg(game: Any, view: Mapping[str, Any]) -> str | None:
    render = renderer(game)
    if render is None:
        return None
    try:
        svg = render(view)
    except Exception:
        log.exception("board drawing of %s failed", game.info.id)
        return None
    return svg if isinstance(svg, str) and svg.lstrip().startswith("<svg") else None
