"""What a designer reads of a finished toy game (`theogony simulate`, `theogony report`)."""

from __future__ import annotations

from theogony.core import MatchStats, tally

from .state import ToyState


def match_stats(state: ToyState) -> MatchStats:
    return {"labels": {"turn order": ["opener" if i == 0 else "follower"
                                      for i in range(state.players)]},
            "numbers": {"decisions": float(len(state.history))},
            "counts": tally(state.history, lambda text: "draw" if text == "draw" else None)}
