"""The fitted evaluation (evaluation.py; MCTS `evaluation=fitted`, Teomachia's `expert`, issue 21)
and the `--fitted` fit of tools/teomachia_fit_evaluation.py on the records of `theogony simulate`."""

from __future__ import annotations

import math

import pytest

import theogony
from theogony.agents import make_agent
from theogony.agents.registry import level_spec
from theogony.games.teomachia import evaluation
from theogony.games.teomachia.bots import EVALUATIONS, evaluate, fitted_evaluate
from theogony.games.teomachia.projections import hand_power

from tests.support import assert_weights_interpolate, fit_tool_result

from .helpers import battle, hand, layout, started

F = {name: i for i, name in enumerate(evaluation.FEATURES)}


def test_the_weights_move_from_the_first_deal_to_the_late_deal():
    assert_weights_interpolate(evaluation, evaluation.LATE_DEAL)


def test_the_features_count_what_they_name():
    st = started(2)
    st.seats[0].community = [1, 2, 3]          # 10 + 10 + 6 worshippers
    st.seats[0].place_tokens = [1]             # a priest on a place: 5 more
    hand(st, 1, "web-of-lightning")
    st.initiative = 1
    mine, theirs = evaluation.features(st)
    assert mine[F["own"]] == pytest.approx(3.1) and mine[F["log_own"]] == pytest.approx(math.log(36))
    kinds = ("attacks", "effects", "places", "powers")
    assert sum(theirs[F["hand_" + k]] for k in kinds) == len(st.seats[1].hand)
    assert sum(theirs[F["owned_" + k]] for k in kinds) == len(st.seats[1].hand + st.seats[1].deck + st.seats[1].discard)
    assert theirs[F["hand_attacks"]] >= 1 and theirs[F["attack_total"]] > 0     # the Web of Lightning
    assert 0 <= theirs[F["hand_playable"]] <= len(st.seats[1].hand)
    assert theirs[F["hand_power"]] == pytest.approx(hand_power(st, 1) / 10)
    assert (mine[F["initiative"]], theirs[F["initiative"]]) == (0.0, 1.0)
    me = st.current_player
    assert (mine[F["to_move"]], theirs[F["to_move"]]) == ((1.0, 0.0) if me == 0 else (0.0, 1.0))
    st.seats[1].alive = st.seats[1].in_deal = False
    assert evaluation.features(st)[1] is None   # a seat out of the game has no features


def test_more_worshippers_and_a_stronger_hand_in_battle_raise_the_estimate():
    st = started(2)
    base = evaluation.evaluate(st)
    assert base is not None and len(base) == 2 and sum(base) == pytest.approx(1)
    st.seats[0].community = [c + 3 for c in st.seats[0].community]
    richer = evaluation.evaluate(st)
    assert richer is not None and richer[0] > base[0]
    layout(st, "el-earth-chaos-3", "el-air-chaos-2", "el-water-order-2")
    st.seats[0].community = st.seats[1].community = [3, 5, 7]
    for s in st.seats:
        s.hand = []
    battle(st, 0)
    even = evaluation.evaluate(st)
    hand(st, 1, "web-of-lightning")
    stronger = evaluation.evaluate(st)
    assert even is not None and stronger is not None and stronger[1] > even[1]


def test_a_seat_out_of_the_game_has_no_chance_and_three_seats_share_one_win():
    st = started(3)
    est = evaluation.evaluate(st)
    assert est is not None and len(est) == 3 and sum(est) == pytest.approx(1)
    st.seats[2].alive = st.seats[2].in_deal = False
    est = evaluation.evaluate(st)
    assert est is not None and est[2] == 0.0 and sum(est) == pytest.approx(1)


def test_where_the_fit_does_not_reach_the_shipped_evaluation_answers():
    for st in (started(2, {"full": True}), started(2, {"no_elimination": True}),
               theogony.load("teomachia").new_state(2, 0)):            # the full game, the variant, the draft
        assert evaluation.evaluate(st) is None
        assert fitted_evaluate(st) == evaluate(st)
    st = started(2)
    assert fitted_evaluate(st) == evaluation.evaluate(st) != evaluate(st)


def test_the_search_takes_the_fitted_evaluation_by_name_and_the_levels_keep_the_shipped_one():
    teomachia = theogony.load("teomachia")
    assert EVALUATIONS == {"fitted": fitted_evaluate}
    assert teomachia.evaluation("fitted") is fitted_evaluate
    assert make_agent("mcts:evaluation=fitted", teomachia).evaluate is fitted_evaluate
    for level in ("hard", "expert"):           # the fitted expert lost its line (docs/bots.md)
        assert "evaluation" not in level_spec(level, teomachia)
        assert make_agent(level, teomachia).evaluate == teomachia.evaluate


def test_simulate_records_feed_the_fitted_fit(tmp_path):
    pytest.importorskip("numpy")
    result = fit_tool_result("teomachia", "teomachia_fit_evaluation.py", tmp_path, "--fitted")
    assert result["games"] == 4 and result["held_out_games"] == 2 and result["rows"] > 0
    assert len(result["WEIGHTS_START"]) == len(result["WEIGHTS_LATE"]) == len(evaluation.FEATURES)
    assert all(math.isfinite(v) for v in result["held_out_log_loss"].values())
    assert all(0 <= v <= 1 for v in result["held_out_right"].values())
