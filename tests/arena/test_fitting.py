"""arena.fitting: the logistic regression the evaluation fit tools share, and their shape (rows of
the games fitted on and held out; weights at the start and late)."""

from __future__ import annotations

import math

import pytest

from theogony.arena.fitting import (COIN_LOG_LOSS, fit_logistic, log_loss, logit, ordered_right, split_rows,
                                    start_and_late)


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


def _games(weights_start: list[float], change: list[float], games: int) -> list[dict]:
    """Games of ten positions each whose outcomes follow weights moving from `weights_start` (at
    lateness 0) by `change` (at lateness 1), with the shipped judgement a plain sum of features."""
    x, y = _drawn([*weights_start, *change], games * 10)
    return [{"rows": [(list(x[i]), int(y[i]), float(sum(x[i][:len(weights_start)])))
                      for i in range(g * 10, g * 10 + 10)]} for g in range(games)]


def test_the_last_games_are_held_out_and_the_weights_come_at_the_start_and_late():
    games = _games([0.6, -0.2], [0.3, 0.2], 1000)
    rows = split_rows(games, lambda game: game["rows"])
    assert (rows.games, rows.held_out_games) == (1000, 300)
    assert len(rows.train[1]) == 7000 and len(rows.test[1]) == 3000
    report = start_and_late(rows, 2, lambda judged: judged)
    assert report["rows"] == 10000 and report["coin_log_loss"] == round(COIN_LOG_LOSS, 4)
    start, late = report["WEIGHTS_START"], report["WEIGHTS_LATE"]
    assert start == pytest.approx([0.6, -0.2], abs=0.1) and late == pytest.approx([0.9, 0.0], abs=0.15)
    assert report["held_out_log_loss"]["fitted"] < report["held_out_log_loss"]["shipped"]
    assert 0.5 < report["held_out_right"]["fitted"] <= 1


def test_games_without_rows_to_judge_on_are_refused():
    pytest.importorskip("numpy")
    with pytest.raises(ValueError, match="no positions to fit on or none to judge"):
        split_rows([{"rows": [([1.0], 1, 0.0)]}, {"rows": []}], lambda game: game["rows"])
