"""Theocratia's agents and search hooks (core.game.PARTS "bots"): the heuristic player
(heuristic.py), the MCTS evaluation (evaluation.py) and whole-turn plans (plans.py)."""

from __future__ import annotations

from .evaluation import evaluate
from .heuristic import Heuristic, heuristic_agent, value
from .plans import turn_count, turn_plans

AGENTS = {"heuristic": heuristic_agent}
# expert: the whole-turn plans chosen between by sequential halving, each judged three turns on
# (docs/bots.md, "hard < expert"): UCB1 spread 2.5 s almost evenly over plans a few hundredths
# apart, and a plan's playouts vary little, so the extra time buys the look past the reply
LEVELS = {"expert": "mcts:iterations=4000:seconds=2.5:root=halving:horizon=3"}

__all__ = ["AGENTS", "Heuristic", "LEVELS", "evaluate", "heuristic_agent", "turn_count", "turn_plans",
           "value"]
