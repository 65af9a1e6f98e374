"""A board drawing and a place map for the toy game, installed for a test with `install(monkeypatch,
toy)`: the toy has no board of its own, and this small one exercises every path of the board
contract (docs/web.md) with known deals.

Places: `deck` (only "draw": one action), `hand` (every "play N": several), `pile-low` (plays of
cards 1 to 5, and "draw") and `pile-high` (plays of 6 to 9, and "draw"). So `hand` then `pile-high`
is a piece-then-destination click, and `pile-low` alone opens the menu. Each hand card is a
`data-component` and `data-piece` (it moves to the played pile when played)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core.svg import esc


def toy_places(view: Mapping[str, Any], text: str) -> list[str]:
    if text == "draw":
        return ["deck", "pile-low", "pile-high"]
    if text.startswith("play "):
        value = int(text.split()[1])
        return ["hand", "pile-low" if value <= 5 else "pile-high"]
    return []


def toy_svg(view: Mapping[str, Any]) -> str:
    seats = view.get("seats") or []
    viewer = view.get("viewer")
    hand = seats[viewer].get("hand", []) if isinstance(viewer, int) and viewer < len(seats) else []
    cards = [f'<g data-component="card-{value}" data-piece="card-{value}" transform="translate({20 + 60 * i},120)">'
             f'<rect width="50" height="70" fill="#fbf6e9" stroke="#333"/>'
             f'<text x="25" y="40" text-anchor="middle">{esc(value)}</text></g>' for i, value in enumerate(hand)]
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 220" width="400" height="220">'
            '<g data-place="deck"><rect x="10" y="10" width="80" height="90" fill="#8fa8c8"/>'
            f'<text x="50" y="60" text-anchor="middle">deck {esc(view.get("deck_size", "?"))}</text></g>'
            '<g data-place="pile-low"><rect x="110" y="10" width="120" height="90" fill="#d8e8c8"/>'
            '<text x="170" y="60" text-anchor="middle">low pile</text></g>'
            '<g data-place="pile-high"><rect x="250" y="10" width="120" height="90" fill="#e8d0c8"/>'
            '<text x="310" y="60" text-anchor="middle">high pile</text></g>'
            f'<g data-place="hand"><rect x="10" y="110" width="380" height="100" fill="#f4efe2"/>{"".join(cards)}</g>'
            '</svg>')


def install(monkeypatch: Any, toy: Any) -> None:
    """Gives the toy game this drawing and place map for the test's duration."""
    monkeypatch.setattr(type(toy), "render_svg", lambda self, view: toy_svg(view), raising=False)
    monkeypatch.setattr(type(toy), "action_places", lambda self, view, text: tuple(toy_places(view, text)),
                        raising=False)
