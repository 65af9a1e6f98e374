"""The fitted evaluation (evaluation.py; MCTS `evaluation=fitted`, Theurgy's `expert`, issue 21)
and tools/theurgy_fit_evaluation.py, which fits it and the sharpness of `bots.evaluate` on the
records of `theogony simulate`."""

from __future__ import annotations

import math

import pytest

import theogony
from theogony.agents import AgentSpecError, make_agent
from theogony.agents.registry import level_spec
from theogony.games.theurgy import cards, evaluation
from theogony.games.theurgy.bots import EVALUATIONS

from tests.support import assert_weights_interpolate, fit_tool_result

from .helpers import blank, put, q

F = {name: i for i, name in enumerate(evaluation.FEATURES)}


def _board() -> object:
    s = blank(2)
    s.anomaly = q(s, "Marsh-2")          # (blank puts the Anomaly in the Capital)
    return s


def test_the_weights_move_from_the_first_turn_to_the_late_turn():
    assert_weights_interpolate(evaluation, evaluation.LATE_TURN)


def test_the_features_count_what_they_name():
    s = _board()
    capital, forest = q(s, "Capital"), q(s, "Forest-1")
    s.temple[capital] = 0
    s.temple[forest] = 0
    s.ruins[forest] = [0]
    put(s, "Capital", 0, 3)
    put(s, "Forest-1", 0, 2)
    put(s, "Forest-1", 1, 1)
    s.seats[1].horde = ["werewolf", "centaur"]
    s.seats[1].wounded = [True, False]
    s.turn = 1
    mine, theirs = evaluation.features(s)
    assert (mine[F["temples"]], mine[F["ruins"]], mine[F["capital"]], theirs[F["capital"]]) == (2, 1, 1.0, 0.0)
    assert (mine[F["followers"]], theirs[F["followers"]]) == (5, 1)
    assert (theirs[F["horde"]], theirs[F["wounded"]], mine[F["horde"]]) == (2, 1, 0)
    assert (mine[F["to_move"]], theirs[F["to_move"]]) == (0.0, 1.0)
    x = cards.TEMPLES_X[2]
    assert mine[F["short_of_x"]] == max(0.0, x - 2.5)
    assert mine[F["capital_reach"]] == max(0.0, 2.5 - (x - 2))


def test_a_temple_more_raises_the_seats_estimate():
    s = _board()
    before = evaluation.evaluate(s)
    s.temple[q(s, "Forest-1")] = 0
    after = evaluation.evaluate(s)
    assert after[0] > before[0] and after[1] < before[1]
    assert sum(after) == pytest.approx(1.0)              # two seats: P(0 ahead) + P(1 ahead) = 1


def test_a_seat_that_would_win_now_is_all_but_sure_to_finish_first():
    s = _board()
    x = cards.TEMPLES_X[2]
    for name in ["Capital", "Forest-1", "Market-1", "Farmland-1", "Harbour-1", "Mine-1"][:x]:
        s.temple[q(s, name)] = 1                         # the Capital and x points (TU-4.1)
    values = evaluation.evaluate(s)
    assert values[1] > 0.999 and values[0] < 0.001


def test_with_four_seats_the_estimates_are_expected_rank_rewards():
    values = evaluation.evaluate(theogony.load("theurgy").new_state(4, 2))
    assert len(values) == 4 and all(0.0 <= v <= 1.0 for v in values)
    assert sum(values) == pytest.approx(2.0)


def test_a_finished_game_scores_its_outcome():
    s = _board()
    s.winner = 0
    s.stack = []
    assert s.is_terminal()
    assert evaluation.evaluate(s) == s.outcome().rewards()


def test_mcts_takes_the_fitted_evaluation_by_name_and_expert_uses_it():
    theurgy = theogony.load("theurgy")
    assert EVALUATIONS == {"fitted": evaluation.evaluate}
    assert theurgy.evaluation("fitted") is evaluation.evaluate and theurgy.evaluation("default") == theurgy.evaluate
    assert make_agent("mcts:evaluation=fitted", theurgy).evaluate is evaluation.evaluate
    assert make_agent("mcts", theurgy).evaluate == theurgy.evaluate
    assert "evaluation=fitted" in level_spec("expert", theurgy)
    expert = make_agent("expert", theurgy)
    assert expert.evaluate is evaluation.evaluate and expert.seconds == 2.5
    assert make_agent("hard", theurgy).evaluate == theurgy.evaluate


def test_an_evaluation_the_game_lacks_is_refused_naming_the_ones_it_has():
    with pytest.raises(AgentSpecError, match="Theurgy has no evaluation 'sharp'; it has: default, fitted"):
        make_agent("mcts:evaluation=sharp", theogony.load("theurgy"))
    with pytest.raises(AgentSpecError, match="has no evaluation 'fitted'; it has: default$"):
        make_agent("mcts:evaluation=fitted", theogony.load("kemet"))


def test_simulate_records_feed_the_fit(tmp_path):
    pytest.importorskip("numpy")
    result = fit_tool_result("theurgy", "theurgy_fit_evaluation.py", tmp_path)
    assert result["games"] == 4 and result["held_out_games"] == 2 and result["rows"] > 0
    assert len(result["WEIGHTS_START"]) == len(result["WEIGHTS_LATE"]) == len(evaluation.FEATURES)
    assert all(math.isfinite(v) for v in result["held_out_log_loss"].values())
    assert -10 <= result["sharpness"] <= 10
    assert 0 <= min(result["held_out_right"].values()) <= max(result["held_out_right"].values()) <= 1
