"""Board drawings for the web client.

The hook: a game package holds a module `svg` with `render_svg(view) -> str` (a part, see
core.game.PARTS), reached as `game.render_svg`; it lives with the game, never here. It receives exactly the
view the receiving seat may see (never the state), so a drawing can only show what that seat sees.
SVG elements carrying `data-action="<action text>"` become clickable in the client when that action
is legal. Without a drawing the client shows a generic rendering of the view JSON. A renderer that
fails is logged and skipped: the page never breaks because of a drawing.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

log = logging.getLogger("theogony.web")


def has_board(game: Any) -> bool:
    """Whether the game draws a board (its package has an `svg` part, or the game object its own
    `render_svg`)."""
    part = getattr(game, "part", None)
    own = "render_svg" in vars(type(game))
    return own or (callable(part) and part("svg") is not None)


def board_svg(game: Any, view: Mapping[str, Any]) -> str | None:
    try:
        svg = game.render_svg(view)
    except Exception:
        log.exception("board drawing of %s failed", game.info.id)
        return None
    return svg if isinstance(svg, str) and svg.lstrip().startswith("<svg") else None
