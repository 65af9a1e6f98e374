"""Board drawings for the web client.

The hook: a game package holds a module `svg` with `render_svg(view) -> str` (a part, see
core.game.PARTS), reached as `game.render_svg`; it lives with the game, never here. It receives exactly the
view the receiving seat may see (never the state), so a drawing can only show what that seat sees.
For the deciding seat only, the server marks every element `data-place="<key>"` that a legal action
involves (`game.action_places`) with that action's text (`data-action`, and `data-actions` when
several share the place: the board contract of docs/web.md); the client turns them into clicks. Without a drawing the client shows a generic rendering of the view JSON. A renderer that
fails is logged and skipped: the page never breaks because of a drawing.
"""

from __future__ import annotations

import json
import logging
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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


# ---- the board contract: clickable places for the deciding seat ------------------------------------

SVG_NS = "http://www.w3.org/2000/svg"


@dataclass(slots=True)
class PreparedBoard:
    """A drawing as it leaves the server: `svg` (annotated with the deciding seat's actions, if any)
    and the component ids it draws (`data-component`), whose texts the client shows as tooltips."""

    svg: str
    components: list[str]


def actions_by_place(game: Any, view: Mapping[str, Any], legal: Sequence[str]) -> dict[str, list[str]]:
    """For each board place (`data-place` key), the legal action texts that involve it, in the order
    of `legal`. An action whose places cannot be named is left to the action list."""
    found: dict[str, list[str]] = {}
    for text in legal:
        try:
            places = game.action_places(view, text)
        except Exception:
            log.exception("action_places of %s failed for %r", game.info.id, text)
            continue
        for place in dict.fromkeys(places):
            found.setdefault(place, []).append(text)
    return found


def prepare_board(svg: str, actions_at: Mapping[str, Sequence[str]]) -> PreparedBoard:
    """Adds `data-action` (and `data-actions`, a JSON list, when several actions share the place) to
    every element whose `data-place` has actions in `actions_at`, and lists the drawn component ids.
    A drawing that is not well-formed XML goes out as it came, without annotations."""
    try:
        root = ET.fromstring(svg)
    except ET.ParseError:
        log.warning("board drawing is not well-formed XML: sent without board actions")
        return PreparedBoard(svg=svg, components=[])
    components = list(dict.fromkeys(node.get("data-component") for node in root.iter()
                                    if node.get("data-component")))
    if not actions_at:
        return PreparedBoard(svg=svg, components=components)
    for node in root.iter():
        texts = actions_at.get(node.get("data-place") or "")
        if not texts:
            continue
        node.set("data-action", texts[0])
        if len(texts) > 1:
            node.set("data-actions", json.dumps(list(texts), ensure_ascii=False))
        elif "data-actions" in node.attrib:
            del node.attrib["data-actions"]
    return PreparedBoard(svg=serialize(root), components=components)


def serialize(root: ET.Element) -> str:
    """The tree as SVG text again, the SVG namespace as the default one (no `ns0:` prefixes)."""
    qualified = "{" + SVG_NS + "}"
    if root.tag.startswith(qualified):
        for node in root.iter():
            if isinstance(node.tag, str) and node.tag.startswith(qualified):
                node.tag = node.tag[len(qualified):]
        root.set("xmlns", SVG_NS)
    return ET.tostring(root, encoding="unicode")
