"""Whole-turn plans (`Game.turn_plans`, `Game.turn_count`) and the MCTS that searches over them
(`mcts:plans=W`). A turn is TC-4: take a die, adjust and place it, its action, end of turn."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from theogony.agents import MCTSAgent, make_agent
from theogony.arena import play_match
from theogony.core import Rng
from theogony.games.theocratia import GAME
from theogony.games.theocratia.bots import Heuristic
from theogony.games.theocratia.state import END_OF_ROUND
from theogony.games.theocratia.plans import own_turn, signature, turn_count, turn_owner
from tests.support import assert_one_search_per_turn, replay_plan


def _new(players: int, seed: int, variant=None):
    return GAME.new_state(players, seed, variant or {})


def _at_turn_start(players: int, seed: int, turns: int = 0, variant=None):
    """A real game (heuristic play) `turns` turns in, the next seat about to take a die (TC-4.1)."""
    s = _new(players, seed, variant)
    bot = Heuristic()
    rng = Rng(seed)
    while not (s.stack and s.decision.kind == "draft" and turn_count(s) == turns):
        s.step(bot.act(s, rng))
    return s


def _replays(s, plan):
    return replay_plan(GAME, s, plan, Heuristic())


def test_tc3_turn_count_rises_by_one_per_turn_and_counts_every_seat():
    """TC-3.5: each round holds `turns` turns per seat; the count rises exactly when a turn ends."""
    s = _new(3, 4)
    bot, rng = Heuristic(), Rng(4)
    assert turn_count(s) == 0
    last = 0
    while not s.is_terminal():
        s.step(bot.act(s, rng))
        now = turn_count(s)
        assert now in (last, last + 1)
        last = now
    assert last == s.rounds * s.turns * 3


def test_tc3_turn_count_includes_the_bots_automatic_turns():
    s = _new(1, 2, {"bot": "xevron"})
    bot, rng = Heuristic(), Rng(2)
    while not s.is_terminal():
        s.step(bot.act(s, rng))
    assert turn_count(s) == s.rounds * s.turns * 2


def test_plans_exist_only_on_a_seats_own_turn():
    s = _new(3, 2)
    assert s.decision.kind == "civ" and not own_turn(s)     # setup: choosing Civs (TC-2.5)
    assert GAME.turn_plans(s, Rng(1), 3) is None
    s = _at_turn_start(3, 2)
    assert own_turn(s) and turn_owner(s) == s.current_player
    assert GAME.turn_plans(s, Rng(1), 3)
    # the end-of-round steps (TC-6: development choices, End Round Bonus) are nobody's turn
    bot, rng = Heuristic(), Rng(3)
    while not s.is_terminal():
        if s.stage >= END_OF_ROUND and s.stack:
            assert not own_turn(s) and GAME.turn_plans(s, Rng(0), 2) is None
        s.step(bot.act(s, rng))


@pytest.mark.parametrize("players,seed,turns", [(2, 1, 0), (2, 5, 7), (3, 3, 4), (4, 8, 9),
                                                (4, 2, 30)])
def test_every_plan_replays_legally_and_the_heuristic_plan_comes_first(players, seed, turns):
    s = _at_turn_start(players, seed, turns)
    before = s.to_json()
    plans = GAME.turn_plans(s, Rng(7), 2)
    assert s.to_json() == before                             # planning never changes the state
    # the first plan is the heuristic's own turn (the planner uses the same rng stream first)
    me, c, rng, own = s.current_player, s.clone(), Rng(7), []
    bot, t0 = Heuristic(), turn_count(s)
    while c.stack and turn_count(c) == t0:
        legal = c.legal_actions()
        a = legal[0] if len(legal) == 1 else bot.act(c, rng)
        if c.current_player == me:
            own.append(a.text)
        c.step(a)
    assert plans[0] == tuple(own)
    assert len(set(plans)) == len(plans) > 1
    ends = {signature(_replays(s, plan)) for plan in plans}
    assert len(ends) >= len(plans) - 1                       # plans ending alike are kept once
    assert len({plan[0] for plan in plans}) >= 2             # more than one die is considered


def test_width_bounds_the_alternatives_per_option():
    s = _at_turn_start(2, 4, 2)
    narrow = GAME.turn_plans(s, Rng(3), 1)
    wide = GAME.turn_plans(s, Rng(3), 4)
    options = len(s.legal_actions())
    assert len(narrow) <= 1 + options
    assert len(narrow) < len(wide) <= 1 + 4 * options


def test_no_plans_for_the_engine_driven_bot_and_its_turns_take_no_decision():
    """BOT-2: the Bot's turns are played by the engine; the person's turns get plans."""
    s = _new(2, 5, {"bot": "ory"})
    bot, rng = Heuristic(), Rng(5)
    planned = 0
    while not s.is_terminal():
        assert s.current_player != s.bot_seat
        if own_turn(s) and s.decision.kind == "draft" and planned < 3:
            plans = GAME.turn_plans(s, Rng(planned), 2)
            assert plans and all(plan for plan in plans)
            for plan in plans:
                _replays(s, plan)
            planned += 1
        s.step(bot.act(s, rng))
    assert planned == 3


def test_mcts_plans_searches_once_per_turn_and_follows_its_plan():
    assert_one_search_per_turn(GAME, _at_turn_start(3, 6, 3), 12, Heuristic())


def test_mcts_plans_with_one_iteration_plays_the_heuristic_turn():
    s = _at_turn_start(4, 9, 5)
    agent = MCTSAgent(GAME, iterations=1, plans=3)
    action = agent.act(s, Rng(2))
    assert agent.last_visits[0] == 1 and action.text == agent.last_plans[0][0] == agent.last_hint


def test_mcts_plans_is_the_default_for_theocratia():
    agent = make_agent("mcts:iterations=5", GAME)
    assert isinstance(agent, MCTSAgent) and agent.plans > 0


@pytest.mark.parametrize("players,variant", [(2, {}), (3, {}), (4, {}), (1, {}),
                                             (2, {"bot": "noks", "difficulty": "high"}),
                                             (3, {"bot": "xevron", "first_game": True})])
def test_mcts_plans_plays_whole_games_legally(players, variant):
    agents = ["mcts:plans=1:iterations=2", *["heuristic"] * (players - 1)]
    result = play_match(GAME, agents, seed=11 + players, variant=variant, capture_errors=True)
    assert result.error is None and result.outcome is not None


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 150),
       bot=st.sampled_from(["none", "xevron", "ory", "noks"]))
def test_plans_replay_legally_from_any_own_decision(players, seed, steps, bot):
    """Property: wherever a seat decides inside its own turn (also mid-turn, after some random
    play), every proposed plan is legal to the end of the turn, and none is proposed elsewhere."""
    if players == 4:
        bot = "none"                                         # the Bot is the fourth colour
    s = _new(players, seed, {"bot": bot})
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            return
        s.step(rng.choice(s.legal_actions()))
    if s.is_terminal():
        return
    before = s.to_json()
    plans = GAME.turn_plans(s, Rng(seed + 1), 2)
    assert s.to_json() == before
    if not own_turn(s):
        assert plans is None
        return
    assert plans and all(plan for plan in plans)
    for plan in plans:
        _replays(s, plan)


def test_a_plan_whose_option_ends_the_turn_stops_there_alone_against_the_bot():
    """Alone against the Bot the seat's next decision after `end turn` is its own next turn (the
    Bot's turn is automatic): alternatives that end the turn must not run into it."""
    s = _new(1, 0)
    rng = Rng(0)
    for _ in range(45):
        s.step(rng.choice(s.legal_actions()))
    assert own_turn(s) and s.decision.kind == "war"
    plans = GAME.turn_plans(s, Rng(1), 2)
    assert all(plan.index("end turn") == len(plan) - 1 for plan in plans)
    for plan in plans:
        _replays(s, plan)
