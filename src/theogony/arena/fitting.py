"""Fitting a position evaluation to recorded games: a logistic regression without intercept on
differences of two seats' features against which of them finished ahead, as the fit tools of
tools/ use it (Theurgy's and Teomachia's fitted evaluations). Needs numpy (the `rl` extra); the
arrays are numpy arrays: x is rows by features, y is 1 where the first seat of the row finished
ahead, else 0.

The fit tools share one shape (`split_rows`, `start_and_late`): each turns a recorded game into
rows of (the two seats' feature differences followed by the same differences times how late the
position is, 1 if the first seat finished ahead, the shipped evaluation's judgement of it), fits
on the first games and judges the fit on the games held out beside the shipped evaluation, then
fits on every game for the weights an evaluation keeps: those of the first position
(`WEIGHTS_START`) and of a late one (`WEIGHTS_LATE`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

L2 = 1e-3  # a light ridge penalty: keeps the Newton steps defined where a feature never varies
HELD_OUT = 0.3  # the share of the games, the last ones, that the first fit does not see

#: One row: feature differences then their interactions with lateness, 1 if the first seat
#: finished ahead else 0, and the shipped evaluation's judgement of the same position.
Row = tuple[list[float], int, float]


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


@dataclass(slots=True)
class FitRows:
    """The rows of the games fitted on and of the games held out, as numpy arrays (x, y and the
    shipped evaluation's judgement b of each), with the number of each kind of game."""

    train: tuple[Any, Any, Any]
    test: tuple[Any, Any, Any]
    games: int
    held_out_games: int

    def everything(self, column: int) -> Any:
        """One column (0: x, 1: y, 2: b) of every game's rows, the held-out ones last."""
        import numpy as np

        return np.concatenate([self.train[column], self.test[column]])


def split_rows(records: list[dict], rows_of: Callable[[dict], Iterable[Row]],
               held_out: float = HELD_OUT) -> FitRows:
    """The rows of the first 1 - `held_out` of the games to fit on and of the rest to judge on;
    a ValueError where either has none."""
    import numpy as np

    split = max(1, int(len(records) * (1 - held_out)))
    parts: dict[str, list[Row]] = {"train": [], "test": []}
    for i, record in enumerate(records):
        parts["train" if i < split else "test"] += rows_of(record)
    if not parts["train"] or not parts["test"]:
        raise ValueError(f"{len(records)} games give no positions to fit on or none to judge the fit on")
    arrays = {name: tuple(np.array([row[k] for row in rows], dtype=float) for k in range(3))
              for name, rows in parts.items()}
    return FitRows(arrays["train"], arrays["test"], len(records), len(records) - split)


def start_and_late(rows: FitRows, features: int, baseline_z: Callable[[Any], Any]) -> dict[str, Any]:
    """How the fit on the first games and the shipped evaluation (its judgements made logits by
    `baseline_z`) predict the held-out games (log loss, share ordered right), and the weights
    fitted on every game: at the first position and at a late one (start + change), rounded to
    four places as an evaluation module keeps them."""
    (x, y, _), (x_test, y_test, b_test) = rows.train, rows.test
    w = fit_logistic(x, y)
    everything = fit_logistic(rows.everything(0), rows.everything(1))
    start = [round(float(v), 4) for v in everything[:features]]
    late = [round(a + round(float(c), 4), 4) for a, c in zip(start, everything[features:])]
    return {
        "games": rows.games, "rows": len(y) + len(y_test), "held_out_games": rows.held_out_games,
        "coin_log_loss": round(COIN_LOG_LOSS, 4),
        "held_out_log_loss": {"fitted": round(log_loss(x_test @ w, y_test), 4),
                              "shipped": round(log_loss(baseline_z(b_test), y_test), 4)},
        "held_out_right": {"fitted": round(ordered_right(x_test @ w, y_test), 4),
                           "shipped": round(ordered_right(baseline_z(b_test), y_test), 4)},
        "WEIGHTS_START": start, "WEIGHTS_LATE": late,
    }
