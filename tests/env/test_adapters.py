"""The Gymnasium and PettingZoo adapters pass their libraries' own checks (on every game that has a
fixed encoding; the toy game proves the adapters themselves). OpenSpiel: test_openspiel.py."""

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


#: The two warnings PettingZoo's api_test gives every dict observation of an environment outside its
#: own list, even the standard {"observation", "action_mask"} form (docs/research.md).
EXPECTED_PETTINGZOO_WARNINGS = ("Observation is not a NumPy array",
                                "Observation space for each agent probably should be")


def unexpected_pettingzoo_warnings(make_env) -> set[str]:
    """The warnings of api_test and seed_test other than the two expected kinds."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pettingzoo_test.api_test(make_env(), num_cycles=60)
        pettingzoo_test.seed_test(make_env, num_cycles=40)
    return {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_PETTINGZOO_WARNINGS)}


@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_pettingzoo_api_and_seed_raise_only_the_two_dict_observation_warnings(game_id, players):
    from theogony.env.pettingzoo import env

    register(TOY)
    assert unexpected_pettingzoo_warnings(lambda: env(game_id, players)) == set()


def test_pettingzoo_offers_the_mask_in_infos_as_in_the_observation():
    import numpy as np

    from theogony.env.pettingzoo import env as make_env

    register(TOY)
    env = make_env("toy", 2)
    env.reset(seed=4)
    for _ in range(6):
        agent = env.agent_selection
        obs, _, termination, truncation, info = env.last()
        if termination or truncation:
            break
        assert np.array_equal(info["action_mask"], obs["action_mask"]) and obs["action_mask"].any()
        other = next(a for a in env.agents if a != agent)
        assert not env.infos[other]["action_mask"].any()
        assert env.observation_space(agent)["observation"].contains(obs["observation"])
        env.step(int(obs["action_mask"].nonzero()[0][0]))


def every_player_count() -> list[tuple[str, int]]:
    out = []
    for game_id, _ in CASES:
        info = theogony.load(game_id).info
        out.extend((game_id, p) for p in range(info.min_players, info.max_players + 1)
                   if (game_id, p) not in out)
    return out


COUNTS = every_player_count()


def gymnasium_check(env_id: str, **kwargs) -> None:
    """gymnasium's check_env, render modes included, with every warning an error."""
    import warnings

    import gymnasium

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make(env_id, **kwargs)
        gymnasium_checker.check_env(env.unwrapped)


@pytest.mark.parametrize("game_id, players", COUNTS, ids=[f"{g}-{p}p" for g, p in COUNTS])
def test_gymnasium_make_by_registered_id_passes_check_env_without_warnings(game_id, players):
    from theogony.env.gymnasium import env_id, register_envs

    register(TOY)
    (name,) = register_envs([game_id])
    assert name == env_id(game_id) and name.startswith("theogony/")
    gymnasium_check(name, players=players, opponents="random")


def test_gymnasium_ids_are_registered_on_import_for_every_game():
    import gymnasium

    import theogony.env.gymnasium  # noqa: F401 - registers on import

    for game_id in theogony.games():
        assert f"theogony/{game_id.capitalize()}-v0" in gymnasium.registry
    env = gymnasium.make("theogony/Kemet-v0", players=4, opponents="random")
    assert env.unwrapped.encoded.players == 4 and env.unwrapped.encoded.game.info.id == "kemet"


def test_gymnasium_observation_space_is_bounded_and_holds_the_observations():
    import numpy as np

    from theogony.env.encoded import OBSERVATION_HIGH, OBSERVATION_LOW
    from theogony.env.gymnasium import make

    env = make("theocratia", 2, opponents="random")
    assert (env.observation_space.low == OBSERVATION_LOW).all()
    assert (env.observation_space.high == OBSERVATION_HIGH).all()
    assert np.isfinite([OBSERVATION_LOW, OBSERVATION_HIGH]).all()
    obs, info = env.reset(seed=3)
    for _ in range(30):
        assert env.observation_space.contains(obs)
        obs, _, terminated, truncated, info = env.step(int(info["action_mask"].nonzero()[0][-1]))
        if terminated or truncated:
            break


def test_gymnasium_renders_the_seat_view_as_ansi_text():
    import gymnasium

    import theogony.env.gymnasium  # noqa: F401

    env = gymnasium.make("theogony/Teomachia-v0", players=3, opponents="random", render_mode="ansi")
    env.reset(seed=1)
    inner = env.unwrapped
    text = env.render()
    assert text == inner.encoded.game.render_text(inner.state_.view(inner.seat)) and "Teomachia" in text
    with pytest.raises(ValueError, match="render_mode"):
        gymnasium.make("theogony/Teomachia-v0", players=3, render_mode="human")


def test_gymnasium_vector_api_runs_sync_vectors():
    import gymnasium
    import numpy as np

    import theogony.env.gymnasium  # noqa: F401

    envs = gymnasium.make_vec("theogony/Theocratia-v0", num_envs=2, vectorization_mode="sync",
                              players=2, opponents="random")
    obs, info = envs.reset(seed=0)
    assert obs.shape == (2, envs.single_observation_space.shape[0])
    assert info["action_mask"].shape == (2, envs.single_action_space.n)
    for _ in range(15):
        actions = np.array([int(np.flatnonzero(mask)[0]) for mask in info["action_mask"]])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert envs.single_observation_space.contains(obs[0])
    envs.close()


def test_gymnasium_random_opponents_play_without_determinizing(monkeypatch):
    from theogony.env.gymnasium import make

    def refuse(self, player, rng):
        raise AssertionError("a random opponent needs no determinization")

    env = make("theocratia", 3, opponents="random")
    monkeypatch.setattr(type(env.encoded.new_state(0)), "determinize", refuse)
    obs, info = env.reset(seed=2)
    for _ in range(20):
        obs, _, terminated, truncated, info = env.step(int(info["action_mask"].nonzero()[0][0]))
        if terminated or truncated:
            break
    assert len(env.state_.history) > 20


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
    from theogony.env.pettingzoo import env

    from theogony.env.gymnasium import env_id

    assert unexpected_pettingzoo_warnings(lambda: env(game_id, players, variant)) == set()
    gymnasium_check(env_id(game_id), players=players, opponents="random", variant=variant)


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
