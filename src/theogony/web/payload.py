"""What a seat's page shows of the game's components and board: the component texts a view
shows, and the board drawing annotated with the deciding seat's legal actions."""

from __future__ import annotations

import logging
from typing import Any

from theogony.core import Game
from theogony.core.components import Component

from .boards import actions_by_place, board_svg, prepare_board

log = logging.getLogger("theogony.web")

_CATALOGUES: dict[str, dict[str, Component]] = {}


def catalogue(game: Game) -> dict[str, Component]:
    """The game's components by id (cached: they are the game's fixed content)."""
    found = _CATALOGUES.get(game.info.id)
    if found is None:
        found = _CATALOGUES[game.info.id] = {c.id: c for c in game.components()}
    return found


def component_json(component: Component) -> dict[str, Any]:
    return {"id": component.id, "kind": component.kind, "name": component.name,
            "text": component.text, "details": [list(pair) for pair in component.details]}


def components_payload(game: Game, view: dict[str, Any]) -> dict[str, Any]:
    """What `view` shows of the game's components: its groups (as components_in_view says) and the
    texts of exactly those ids, nothing else."""
    try:
        groups = game.components_in_view(view)
    except Exception:  # a game's bug must not break the page
        log.exception("components_in_view of %s failed", game.info.id)
        return {"groups": {}, "cards": {}}
    known = catalogue(game)
    shown = {str(name): [i for i in ids if i in known] for name, ids in groups.items()}
    cards = {i: component_json(known[i]) for ids in shown.values() for i in ids}
    return {"groups": shown, "cards": cards}



def board_payload(game: Game, view: dict[str, Any], legal: list[str]) -> dict[str, Any]:
    """The seat's drawing (its places annotated with `legal`, which only the deciding seat gets)
    and the texts of the components it draws, for their tooltips."""
    svg = board_svg(game, view)
    if svg is None:
        return {"board_svg": None, "board_components": {}}
    board = prepare_board(svg, actions_by_place(game, view, legal) if legal else {})
    known = catalogue(game)
    return {"board_svg": board.svg,
            "board_components": {i: component_json(known[i]) for i in board.components if i in known}}
