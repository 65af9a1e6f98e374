"""The toy's view as text for the terminal, and the components it shows (the render part)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import card_id


def render_text(view: Mapping[str, Any]) -> str:
    seats = [f"seat {i}: score {seat['score']}, {seat['hand_size']} cards"
             + (f" {seat['hand']}" if "hand" in seat else "") for i, seat in enumerate(view["seats"])]
    deck = f"deck: {view['deck_size']} cards" + (f" {view['deck']}" if "deck" in view else "")
    return "\n".join([deck, *seats])


def components_in_view(view: Mapping[str, Any]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    me = view["viewer"]
    if me is not None and me < len(view["seats"]):
        groups["your hand"] = [card_id(v) for v in view["seats"][me]["hand"]]
    if "deck" in view:
        groups["open deck"] = [card_id(v) for v in view["deck"]]
    return groups
