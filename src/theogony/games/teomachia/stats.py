"""Designer statistics of a finished Teomachia game (`Game.match_stats`, aggregated by
`theogony simulate`): win rate per deity (full game), deals played, the bidding choices, and how
often each prayer card was taken from the track and each myth bought (read from the action texts)."""

from __future__ import annotations

import re
from typing import Any

from ...core import tally
from .content import DEITIES
from .state import TeomachiaState

_TAKE = re.compile(r"^take (.+) from slot \d+$")
_BIDS = {"wait": "bid: wait", "call": "bid: call", "withdraw": "bid: withdraw"}


def _count_name(text: str) -> str | None:
    if text in _BIDS:
        return _BIDS[text]
    if text.startswith("raise "):
        return "bid: raise"
    taken = _TAKE.match(text)
    if taken:
        return f"prayer card taken: {taken.group(1)}"
    if text == "take top of prayer deck":
        return "prayer card taken: (top of the prayer deck)"
    if text.startswith("buy "):
        return f"myth bought: {text[4:]}"
    return None


def match_stats(s: TeomachiaState) -> dict[str, Any]:
    counts = tally(s.history, _count_name)
    labels = {"deity": [DEITIES[seat.deity].name for seat in s.seats]} if s.full else {}
    return {"labels": labels, "numbers": {"deals": float(s.deal)}, "counts": counts}
