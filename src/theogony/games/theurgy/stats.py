"""Designer statistics of a finished Theurgy game (`Game.match_stats`, aggregated by
`theogony simulate`): win rates per deity, per turn position and per kept Divine Calling, game length,
how the game was won (and by which calling), which kept callings were met at the end, and how often
each action, miracle, summon, preaching and fight was chosen (read from the history)."""

from __future__ import annotations

from typing import Any

from ...core import tally
from .cards import card_name
from .rules.winning import calling_met, has_won
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


def _calling_counts(s: TheurgyState, won: str) -> dict[str, int]:
    """Which calling won, and each kept calling whose condition holds at the end, whatever the
    temples (how often play meets it without trying: the measure of an easy calling)."""
    counts: dict[str, int] = {}
    if won.startswith("Fulfil Your Calling"):
        counts[f"won by calling: {card_name(s.seats[s.winner].calling)}"] = 1
    for p, seat in enumerate(s.seats):
        if seat.calling and calling_met(s, p, seat.calling):
            name = f"calling met at the end: {card_name(seat.calling)}"
            counts[name] = counts.get(name, 0) + 1
    return counts


def match_stats(s: TheurgyState) -> dict[str, Any]:
    counts = tally(s.history, _count_name)
    won = "unfinished" if s.winner < 0 else has_won(s, s.winner)
    counts[f"won by: {won.split(' (')[0]}"] = 1
    counts.update(_calling_counts(s, won))
    n = s.players
    return {
        "labels": {"deity": [seat.deity for seat in s.seats],
                   "turn position": [f"{(i - s.first) % n + 1}" for i in range(n)],
                   "calling": [card_name(seat.calling) if seat.calling else "none" for seat in s.seats]},
        "numbers": {"rounds": s.turns_taken / n, "turns": float(s.turns_taken)},
        "counts": counts,
    }
