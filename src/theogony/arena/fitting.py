"""Fitting a position evaluation to recorded games: a logistic regression without intercept on
differences of two seats' features against which of them finished ahead, as the fit tools of
tools/ use it (Theurgy's and Teomachia's fitted evaluations). Needs numpy (the `rl` extra); the
arrays are numpy arrays: x is rows by features, y is 1 where the first seat of the row finished
ahead, else 0."""

from __future__ import annotations

import math
from typing import Any

L2 = 1e-3  # a light ridge penalty: keeps the Newton steps defined where a feature never varies


def fit_logistic(x: Any, y: Any, l2: float = L2) -> Any:
    """The weights of maximum penalised likelihood of P(y = 1) = 1 / (1 + exp(-x @ w)) (Newton
    steps)."""
    import numpy as np

    w = np.zeros(x.shape[1])
    for _ in range(100):
        chance = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (chance - y) / len(y) + l2 * w
        hess = (x * (chance * (1 - chance))[:, None]).T @ x / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(z: Any, y: Any) -> float:
    """Mean log loss of the chances 1 / (1 + exp(-z)) against the outcomes y."""
    import numpy as np

    chance = np.clip(1 / (1 + np.exp(-np.clip(z, -30, 30))), 1e-12, 1 - 1e-12)
    return float(-np.mean(y * np.log(chance) + (1 - y) * np.log(1 - chance)))


def ordered_right(z: Any, y: Any) -> float:
    """The share of rows whose sign of z names the seat that finished ahead (a tie counts half)."""
    import numpy as np

    return float(np.mean(np.where(z == 0, 0.5, (z > 0) == (y > 0))))


def logit(chance: Any) -> Any:
    """z with 1 / (1 + exp(-z)) = chance, for comparing an evaluation that gives chances."""
    import numpy as np

    c = np.clip(chance, 1e-12, 1 - 1e-12)
    return np.log(c / (1 - c))


COIN_LOG_LOSS = math.log(2)
