"""The research adapters pass their libraries' own test suites (on every game that has a fixed
encoding; the toy game proves the adapters themselves)."""

from __future__ import annotations

import pytest

import theogony
from theogony.core import register
from tests.core.toygame import GAME as TOY

pettingzoo_test = pytest.importorskip("pettingzoo.test")
gymnasium_checker = pytest.importorskip("gymnasium.utils.env_checker")


def encoded_games() -> list[tuple[str, int]]:
    register(TOY)
    out = []
    for game_id in theogony.games():
        game = theogony.load(game_id)
        try:
            game.observation_size(game.info.min_players, None)
        except NotImplementedError:
            continue
        for players in sorted({game.info.min_players, game.info.max_players}):
            out.append((game_id, players))
    return out


CASES = encoded_games()
IDS = [f"{g}-{p}p" for g, p in CASES]


@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_pettingzoo_api_and_seed(game_id, players):
    from theogony.env.pettingzoo import env

    register(TOY)
    pettingzoo_test.api_test(env(game_id, players), num_cycles=60)
    pettingzoo_test.seed_test(lambda: env(game_id, players), num_cycles=40)


@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_gymnasium_check_env(game_id, players):
    from theogony.env.gymnasium import make

    register(TOY)
    gymnasium_checker.check_env(make(game_id, players, opponents="random"), skip_render_check=True)


def test_gymnasium_illegal_action_ends_the_episode_as_a_loss():
    from theogony.env.gymnasium import make

    register(TOY)
    env = make("toy", 2, opponents="random")
    obs, info = env.reset(seed=1)
    illegal = int((info["action_mask"] == 0).nonzero()[0][0])
    before = env.state_.to_json()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert env.state_.to_json() == before


def test_pettingzoo_refuses_an_illegal_code_without_changing_the_game():
    from theogony.core import IllegalAction
    from theogony.env.pettingzoo import env as make_env

    register(TOY)
    env = make_env("toy", 2)
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.state_.to_json()
    with pytest.raises(IllegalAction, match="action code"):
        env.step(int((mask == 0).nonzero()[0][0]))
    assert env.state_.to_json() == before


def play_with_openspiel_bots(game_id: str, players: int, bot_moves: int | None) -> None:
    """OpenSpiel's MCTSBot and ISMCTSBot take turns (for the first `bot_moves` decisions, or all of
    them); random play finishes the game."""
    pyspiel = pytest.importorskip("pyspiel")
    import random

    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from theogony.env.openspiel import register as register_spiel

    register(TOY)
    (name,) = register_spiel([game_id])
    game = pyspiel.load_game(name, {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [mcts.MCTSBot(game, 1.4, 2, evaluator, random_state=np.random.RandomState(1)),
            ismcts.ISMCTSBot(game, evaluator, 1.4, 2, random_state=np.random.RandomState(2))]
    chooser = random.Random(3)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if bot_moves is None or moves < bot_moves:
            action = bots[state.current_player() % 2].step(state)
        else:
            action = chooser.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert len(state.returns()) == game.num_players()


@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_openspiel_random_sims_and_bots(game_id, players):
    play_with_openspiel_bots(game_id, players, bot_moves=30)


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_openspiel_bots_play_a_whole_game(game_id, players):
    play_with_openspiel_bots(game_id, players, bot_moves=None)


def test_openspiel_resampling_hides_what_the_seat_cannot_see():
    pyspiel = pytest.importorskip("pyspiel")
    from theogony.env.openspiel import register as register_spiel

    register(TOY)
    register_spiel(["toy"])
    game = pyspiel.load_game("theogony_toy", {"players": 2})
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    other = state.resample_from_infostate(0, sampler)
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.inner.seats[0].hand == state.inner.seats[0].hand


def all_encoded_configs() -> list[tuple[str, int, dict]]:
    from tests.contract.configs import configs

    out = []
    for game_id, _ in CASES:
        if game_id == "toy" or any(g == game_id for g, _, _ in out):
            continue
        out.extend((game_id, players, variant) for players, variant in configs(game_id))
    return out


SWEEP = all_encoded_configs()


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players, variant", SWEEP,
                         ids=[f"{g}-{p}p-{v}" for g, p, v in SWEEP])
def test_full_sweep_every_player_count_and_variant(game_id, players, variant):
    from theogony.env.gymnasium import make
    from theogony.env.pettingzoo import env

    pettingzoo_test.api_test(env(game_id, players, variant), num_cycles=60)
    pettingzoo_test.seed_test(lambda: env(game_id, players, variant), num_cycles=40)
    gymnasium_checker.check_env(make(game_id, players, opponents="random", variant=variant),
                                skip_render_check=True)


def test_gymnasium_reports_a_game_cut_at_max_decisions_as_truncated_not_terminated():
    from theogony.env.gymnasium import make

    register(TOY)
    env = make("toy", 2, opponents="random", max_decisions=4)
    obs, info = env.reset(seed=5)
    terminated = truncated = False
    steps = 0
    while not (terminated or truncated):
        code = int(info["action_mask"].nonzero()[0][0])
        obs, reward, terminated, truncated, info = env.step(code)
        steps += 1
    assert (terminated, truncated, reward) == (False, True, 0.0)
    assert not env.state_.is_terminal() and len(env.state_.history) == 4
    assert steps <= 4
    whole = make("toy", 2, opponents="random")
    obs, info = whole.reset(seed=5)
    terminated = truncated = False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = whole.step(int(info["action_mask"].nonzero()[0][0]))
    assert (terminated, truncated) == (True, False)
    with pytest.raises(ValueError, match="max_decisions"):
        make("toy", 2, opponents="random", max_decisions=0)


def test_pettingzoo_truncates_every_agent_at_max_decisions():
    from theogony.env.pettingzoo import env as make_env

    register(TOY)
    env = make_env("toy", 2, max_decisions=3)
    env.reset(seed=2)
    for agent in env.agent_iter(max_iter=20):
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(obs["action_mask"].nonzero()[0][0]))
    assert len(env.state_.history) == 3 and not env.state_.is_terminal()
    assert env.agents == []
    assert all(env.truncations.values()) and not any(env.terminations.values())
    pettingzoo_test.api_test(make_env("toy", 2, max_decisions=3), num_cycles=20)


def test_openspiel_max_game_length_is_the_decision_cap():
    pyspiel = pytest.importorskip("pyspiel")
    from theogony.arena import DEFAULT_MAX_DECISIONS
    from theogony.env.openspiel import register as register_spiel

    register(TOY)
    register_spiel(["toy"])
    assert pyspiel.load_game("theogony_toy", {"players": 2}).max_game_length() == DEFAULT_MAX_DECISIONS
    game = pyspiel.load_game("theogony_toy", {"players": 2, "max_decisions": 3})
    assert game.max_game_length() == 3
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.truncated() and not state.inner.is_terminal()
    assert state.move_number() == 3 and state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
