"""Designer statistics of a finished Theurgy game (`Game.match_stats`, aggregated by
`theogony simulate`): win rates per deity and per turn position, game length, how the game was won,
and how often each action, miracle, summon, preaching and fight was chosen (read from the history)."""

from __future__ import annotations

from typing import Any

from ...core import tally
from .rules.winning import has_won
from .state import ACTIONS, TheurgyState

_ACTIONS = {action: f"action: {action}" for action in ACTIONS}
# action-text prefixes -> count name; the first match wins
_PREFIXES = (
    ("miracle ", "miracle performed"),
    ("summon ", "monster summoned"),
    ("activate ", "monster activated"),
)


def _count_name(text: str) -> str | None:
    if text in _ACTIONS:
        return _ACTIONS[text]
    for prefix, name in _PREFIXES:
        if text.startswith(prefix):
            return name
    if " preaches to " in text:
        return "acolyte preached"
    if " fights " in text:
        return "acolyte fought a monster"
    return None


def match_stats(s: TheurgyState) -> dict[str, Any]:
    counts = tally(s.history, _count_name)
    won_by = "unfinished" if s.winner < 0 else has_won(s, s.winner).split(" (")[0]
    counts[f"won by: {won_by}"] = 1
    n = s.players
    return {
        "labels": {"deity": [seat.deity for seat in s.seats],
                   "turn position": [f"{(i - s.first) % n + 1}" for i in range(n)]},
        "numbers": {"rounds": s.turns_taken / n, "turns": float(s.turns_taken)},
        "counts": counts,
    }
