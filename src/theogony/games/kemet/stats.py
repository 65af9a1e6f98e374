"""Designer statistics of a finished Kemet game (`Game.match_stats`, aggregated by
`theogony simulate`): win rate per main tile colour (the colour a seat owns most tiles of) and per
God with the Gods of Egypt module, rounds played, and how often each action space took a token,
each colour and level of tile was acquired, a teleport was made and a Mercenary hired (read from the action texts)."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ...core import tally
from .content import COLOURS, GODS, TILES
from .state import KemetState


_ACQUIRE = re.compile(r"^acquire .+ \((\w+) (\d)\) for \d+ PP$")


def _count_name(text: str) -> str | None:
    if text.startswith("place token on "):
        return f"action space: {text[15:]}"
    acquired = _ACQUIRE.match(text)
    if acquired:
        return f"tile acquired: {acquired.group(1)} level {acquired.group(2)}"
    if text.startswith("hire a mercenary"):
        return "mercenary hired"
    if text.startswith("teleport to "):
        return "teleport"
    return None


def main_colour(tiles: list[int]) -> str:
    """The colour of most of a seat's tiles; "mixed" on a tie, "none" without colour tiles."""
    counts = Counter(TILES[t].colour for t in tiles if TILES[t].colour in COLOURS)
    if not counts:
        return "none"
    (best, n), *rest = counts.most_common()
    return "mixed" if rest and rest[0][1] == n else best


def match_stats(s: KemetState) -> dict[str, Any]:
    counts = tally(s.history, _count_name)
    labels = {"main tile colour": [main_colour(pl.tiles) for pl in s.ps]}
    if s.gods is not None:
        labels["God"] = [GODS[g].name if g >= 0 else "none" for g in s.gods.god]
    return {"labels": labels, "numbers": {"rounds": float(s.round)}, "counts": counts}
