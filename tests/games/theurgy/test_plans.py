"""Whole-turn plans (`Game.turn_plans`) and the MCTS that searches over them (`mcts:plans=W`)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from theogony.agents import MCTSAgent
from theogony.arena import play_match
from theogony.core import Rng
from theogony.games.theurgy.bots import HeuristicAgent, _plan_turn, _signature, own_turn

from tests.support import assert_one_search_per_turn, replay_plan

from .helpers import GAME


def _at_turn_start(players: int, seed: int, turns: int = 0):
    """A real game after setup (heuristic play), `turns` turns in, the next seat to choose its action."""
    s = GAME.new_state(players, seed)
    bot = HeuristicAgent()
    rng = Rng(seed)
    while not (s.decision.kind == "turn" and s.turns_taken == turns):
        s.step(bot.act(s, rng))
    return s


def _replays(s, plan):
    return replay_plan(GAME, s, plan, HeuristicAgent())


def test_plans_exist_only_on_a_seats_own_turn():
    s = GAME.new_state(3, 2)
    assert not own_turn(s)                                   # setup: choosing deities/starts
    assert GAME.turn_plans(s, Rng(1), 3) is None
    s = _at_turn_start(3, 2)
    assert own_turn(s)
    assert GAME.turn_plans(s, Rng(1), 3)


@pytest.mark.parametrize("players,seed,turns", [(2, 1, 0), (2, 5, 6), (3, 3, 4), (4, 8, 9)])
def test_every_plan_replays_legally_and_the_heuristic_plan_comes_first(players, seed, turns):
    s = _at_turn_start(players, seed, turns)
    before = s.to_json()
    plans = GAME.turn_plans(s, Rng(7), 2)
    assert s.to_json() == before                             # planning never changes the state
    me = s.current_player
    heuristic = _plan_turn(s, me, s.legal_actions(), Rng(7))[1]
    assert plans[0] == tuple(heuristic)
    assert len(set(plans)) == len(plans) > 1
    ends = set()
    for plan in plans:
        end = _replays(s, plan)
        ends.add(_signature(end))
    assert len(ends) == len(plans)                           # plans ending alike are kept once
    first_actions = {plan[0] for plan in plans}
    assert len(first_actions) >= 2                           # more than one action is considered


def test_width_bounds_the_alternatives_per_action():
    s = _at_turn_start(2, 4, 2)
    narrow = GAME.turn_plans(s, Rng(3), 1)
    wide = GAME.turn_plans(s, Rng(3), 4)
    actions = len(s.legal_actions())
    assert len(narrow) <= 1 + actions
    assert len(narrow) < len(wide) <= 1 + 4 * actions


def test_mcts_plans_searches_once_per_turn_and_follows_its_plan():
    assert_one_search_per_turn(GAME, _at_turn_start(2, 6), 12, HeuristicAgent())


def test_mcts_plans_with_one_iteration_plays_the_heuristic_turn():
    s = _at_turn_start(2, 9, 4)
    agent = MCTSAgent(GAME, iterations=1, plans=3)
    action = agent.act(s, Rng(2))
    assert agent.last_visits[0] == 1 and action.text == agent.last_plans[0][0] == agent.last_hint


def test_mcts_plans_plays_whole_games_legally():
    for players, seed in ((2, 11), (3, 12)):
        agents = ["mcts:plans=1:iterations=3", *["heuristic"] * (players - 1)]
        result = play_match(GAME, agents, seed=seed, capture_errors=True)
        assert result.error is None and result.outcome is not None


@pytest.mark.slow
def test_mcts_plans_beats_the_heuristic_with_two_players():
    """The issue's strength requirement, seeded; docs/content/theurgy.md reports the full measure."""
    spec = "mcts:plans=3:iterations=400"
    wins = 0
    for seed in range(10):
        seats = [spec, "heuristic"] if seed % 2 == 0 else ["heuristic", spec]
        result = play_match(GAME, seats, seed=seed)
        wins += seats.index(spec) in result.outcome.winners
    assert wins >= 6


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000), steps=st.integers(0, 400),
       capital_events=st.booleans())
def test_plans_replay_legally_from_any_own_decision(players, seed, steps, capital_events):
    """Property: wherever a seat decides inside its own turn (also mid-turn, after some random
    play), every proposed plan is legal to the end of the turn, and none is proposed elsewhere."""
    s = GAME.new_state(players, seed, {"capital_events": capital_events})
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            return
        s.step(rng.choice(s.legal_actions()))
    if s.is_terminal():
        return
    plans = GAME.turn_plans(s, Rng(seed + 1), 2)
    if not own_turn(s):
        assert plans is None
        return
    assert plans and all(plan for plan in plans)
    for plan in plans:
        _replays(s, plan)
