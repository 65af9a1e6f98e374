"""Theocratia's agents and search hooks (core.game.PARTS "bots"): the heuristic player
(heuristic.py), the MCTS evaluation (evaluation.py) and whole-turn plans (plans.py)."""

from __future__ import annotations

from .evaluation import evaluate
from .heuristic import Heuristic, heuristic_agent, value
from .plans import turn_count, turn_plans

AGENTS = {"heuristic": heuristic_agent}

__all__ = ["AGENTS", "Heuristic", "evaluate", "heuristic_agent", "turn_count", "turn_plans",
           "value"]
