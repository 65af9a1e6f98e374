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

import html
import json
import logging
import re
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


# A start tag's name, attributes and end, read from just after its `<`. The drawing is split at
# every `<`: in well-formed XML a raw `<` opens markup (attribute values and text hold none), except
# inside comments and CDATA sections, which are skipped whole.
START_TAG = re.compile(r"(?P<name>[A-Za-z_][\w.:-]*)"
                       r"(?P<attrs>(?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)(?P<end>\s*/?>)")
ATTRIBUTE = re.compile(r"""([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
ACTION_ATTRIBUTES = ("data-action", "data-actions")
SKIPPED = {"!--": "-->", "![CDATA[": "]]>"}


def attributes(markup: str) -> dict[str, str]:
    return {m.group(1): html.unescape(m.group(2) if m.group(2) is not None else m.group(3))
            for m in ATTRIBUTE.finditer(markup)}


def annotated_tag(tag: re.Match[str], texts: Sequence[str]) -> str:
    """The start tag again, its old action attributes replaced by those of `texts`."""
    kept = "".join(" " + m.group(0) for m in ATTRIBUTE.finditer(tag.group("attrs"))
                   if m.group(1) not in ACTION_ATTRIBUTES)
    added = f' data-action="{html.escape(texts[0], quote=True)}"'
    if len(texts) > 1:
        added += f' data-actions="{html.escape(json.dumps(list(texts), ensure_ascii=False), quote=True)}"'
    return f"{tag.group('name')}{kept}{added}{tag.group('end')}"


def prepare_board(svg: str, actions_at: Mapping[str, Sequence[str]]) -> PreparedBoard:
    """Adds `data-action` (and `data-actions`, a JSON list, when several actions share the place) to
    every element whose `data-place` has actions in `actions_at` (values escaped), and lists the
    drawn component ids (`data-component`)."""
    pieces = svg.split("<")
    components: dict[str, None] = {}
    inside: str | None = None  # the end of the comment or CDATA section being skipped
    for i, piece in enumerate(pieces[1:], start=1):
        if inside is not None:
            inside = None if inside in piece else inside
            continue
        if piece[:1] == "!":
            inside = next((end for start, end in SKIPPED.items()
                           if piece.startswith(start) and end not in piece[len(start):]), None)
            continue
        if "data-" not in piece or not (tag := START_TAG.match(piece)):
            continue
        attrs = attributes(tag.group("attrs"))
        if attrs.get("data-component"):
            components[attrs["data-component"]] = None
        texts = actions_at.get(attrs.get("data-place", ""))
        if texts:
            pieces[i] = annotated_tag(tag, texts) + piece[tag.end():]
    return PreparedBoard(svg="<".join(pieces), components=list(components))
