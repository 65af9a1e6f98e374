"""arena.fitting: the logistic regression the evaluation fit tools share."""

from __future__ import annotations

import math

import pytest

from theogony.arena.fitting import COIN_LOG_LOSS, fit_logistic, log_loss, logit, ordered_right


def _drawn(weights: list[float], rows: int):
    """Rows of features and outcomes drawn, deterministically, from exactly this model."""
    np = pytest.importorskip("numpy")
    x = np.array([[((i * (7 + 4 * k)) % 41 - 20) / 5 for k in range(len(weights))] for i in range(rows)])
    chance = 1 / (1 + np.exp(-(x @ np.array(weights))))
    y = np.array([float((i * 0.6180339887) % 1 < c) for i, c in enumerate(chance)])
    return x, y


def test_the_fit_finds_the_weight_that_made_the_outcomes():
    x, y = _drawn([0.7], 4000)
    k = float(fit_logistic(x, y)[0])
    assert abs(k - 0.7) < 0.1
    assert log_loss(k * x[:, 0], y) < COIN_LOG_LOSS == math.log(2)


def test_the_fit_recovers_several_weights_and_orders_the_pairs():
    x, y = _drawn([0.5, -0.3], 6000)
    w = fit_logistic(x, y)
    assert abs(w[0] - 0.5) < 0.1 and abs(w[1] + 0.3) < 0.1
    assert ordered_right(x @ w, y) > 0.6
    assert log_loss(x @ w, y) < log_loss(0 * x[:, 0], y) == pytest.approx(COIN_LOG_LOSS)


def test_logit_inverts_the_logistic_chance():
    np = pytest.importorskip("numpy")
    z = np.array([-3.0, 0.0, 1.5])
    assert np.allclose(logit(1 / (1 + np.exp(-z))), z)
    assert ordered_right(np.array([0.0]), np.array([1.0])) == 0.5
