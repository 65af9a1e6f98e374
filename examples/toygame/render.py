"""The toy's view as text for the terminal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_text(view: Mapping[str, Any]) -> str:
    seats = [f"seat {i}: score {seat['score']}, {seat['hand_size']} cards"
             + (f" {seat['hand']}" if "hand" in seat else "") for i, seat in enumerate(view["seats"])]
    deck = f"deck: {view['deck_size']} cards" + (f" {view['deck']}" if "deck" in view else "")
    return "\n".join([deck, *seats])
