"""What the adapters cache to stay cheap must not change what they do: OpenSpiel's state before an
action that drew on chance is the same whether it was copied before the action or rebuilt from a
checkpoint, its Python `legal_actions` agrees with pyspiel's own, and the masks and observations
handed out are never overwritten by a later step (docs/research.md, Speed)."""

from __future__ import annotations

import pickle
import random

import pytest

from theogony.core import register
from tests.core.toygame import GAME as TOY

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")


def always(code: int) -> bool:
    """The adapter copies the state before every action."""
    return True


def never(code: int) -> bool:
    """The adapter never copies first: every chance event is found after the action, and the state
    before it is rebuilt from the checkpoint."""
    return False


def spiel_game(game_id: str, **params):
    from theogony.env.openspiel import register as register_spiel

    register(TOY)
    (name,) = register_spiel([game_id])
    return pyspiel.load_game(name, {"players": 2, **params})


def serialized_path(game_id: str, copy_first, seed: int, moves: int) -> list[str]:
    """The serialized state after each step of one random path (seats and chance outcomes)."""
    state = spiel_game(game_id, seed=seed).new_initial_state()
    state.shared.guess.copy_first = copy_first
    chooser = random.Random(seed)
    out = []
    while not state.is_terminal() and len(out) < moves:
        moves_now = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(chooser.choice(moves_now))
        out.append(state.serialize())
    return out


@pytest.mark.parametrize("game_id", ["teomachia", "theocratia"])
def test_a_state_rebuilt_from_the_checkpoint_is_the_one_copied_before_the_action(game_id):
    copied = serialized_path(game_id, always, seed=3, moves=400)
    rebuilt = serialized_path(game_id, never, seed=3, moves=400)
    guessed = serialized_path(game_id, spiel_game(game_id).new_initial_state().shared.guess.copy_first,
                              seed=3, moves=400)
    assert rebuilt == copied == guessed
    assert sum('"pending": null' not in s for s in copied) > 1  # the path met chance events


def test_the_checkpoint_log_stays_bounded_and_a_clone_shares_the_checkpoint():
    from theogony.env.openspiel import MAX_REPLAY

    state = spiel_game("theurgy").new_initial_state()
    state.shared.guess.copy_first = never
    chooser = random.Random(1)
    for _ in range(3 * MAX_REPLAY):
        if state.is_terminal():
            break
        moves = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(chooser.choice(moves))
        assert len(state.position.since) <= MAX_REPLAY + 1
    copy = state.clone()
    assert copy.position.checkpoint is state.position.checkpoint
    assert copy.position.since == state.position.since and copy.position.since is not state.position.since
    assert copy.position.rebuilt().to_json() == state.position.rebuilt().to_json()


def test_the_guess_copies_before_codes_that_often_draw_and_shortens_the_log_after_surprises():
    from theogony.env.openspiel import MAX_REPLAY, MIN_REPLAY, ChanceGuess

    guess = ChanceGuess(4)
    assert not guess.copy_first(1)
    guess.drew(1, copied=False)
    assert guess.copy_first(1)  # drew once in two tries
    for _ in range(200):
        guess.copy_first(1)
    assert not guess.copy_first(1)  # one draw in 200 tries: not worth a copy any more
    assert MIN_REPLAY <= guess.replay_limit < MAX_REPLAY
    for _ in range(300):
        guess.copy_first(2)
        guess.drew(2, copied=False)
    assert guess.replay_limit == MIN_REPLAY and guess.copy_first(2)


def test_python_legal_actions_agree_with_pyspiels_own_at_every_kind_of_node():
    game = spiel_game("teomachia", max_decisions=60)
    state = game.new_initial_state()
    chooser = random.Random(2)
    kinds = set()
    while True:
        player = state.current_player()
        kinds.add("chance" if player == pyspiel.PlayerId.CHANCE else
                  "terminal" if player == pyspiel.PlayerId.TERMINAL else "seat")
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for seat in range(game.num_players()):
            assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
        assert state.is_player_node() == pyspiel.State.is_player_node(state)
        if state.is_terminal():
            break
        codes = state.legal_actions()
        codes.clear()  # a caller may change the list it was given
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        state.apply_action(chooser.choice(state.legal_actions()))
    assert kinds == {"chance", "seat", "terminal"}


def test_an_encoded_game_pickles_by_its_id():
    from theogony.env import Encoded

    register(TOY)
    encoded = Encoded("toy", 3)
    copy = pickle.loads(pickle.dumps(encoded))
    assert (copy.game.info.id, copy.players, copy.variant) == ("toy", 3, encoded.variant)
    assert copy.num_actions == encoded.num_actions


def test_pettingzoo_builds_one_read_only_mask_per_decision_and_never_rewrites_it():
    from theogony.env.pettingzoo import env as make_env

    env = make_env("teomachia", 2)
    env.reset(seed=5)
    kept = []
    for _ in range(12):
        obs, _, termination, truncation, info = env.last()
        if termination or truncation:
            break
        assert obs["action_mask"] is info["action_mask"] and not obs["action_mask"].flags.writeable
        kept.append((obs["action_mask"], obs["action_mask"].copy(), obs["observation"],
                     obs["observation"].copy()))
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    for mask, mask_then, observation, observation_then in kept:
        assert np.array_equal(mask, mask_then) and np.array_equal(observation, observation_then)
    assert len({id(mask) for mask, *_ in kept}) == len(kept)


def test_gymnasium_hands_out_new_masks_and_observations_every_step():
    from theogony.env.gymnasium import make

    env = make("theocratia", 2, opponents="random")
    obs, info = env.reset(seed=4)
    kept = [(obs, obs.copy(), info["action_mask"], info["action_mask"].copy())]
    for _ in range(10):
        obs, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        kept.append((obs, obs.copy(), info["action_mask"], info["action_mask"].copy()))
        if terminated or truncated:
            break
    for obs, obs_then, mask, mask_then in kept:
        assert np.array_equal(obs, obs_then) and np.array_equal(mask, mask_then)


def test_the_speed_tool_measures_every_loop_and_another_copy_of_the_adapters(capsys):
    from theogony.env import speed

    register(TOY)
    speed.main(["--seconds", "0.05", "--games", "toy", "--players", "2", "--repeats", "2",
                "--compare", "theogony.env"])
    row = capsys.readouterr().out.splitlines()[-1]
    assert row.startswith("toy, 2p: engine ")
    for loop in ("gymnasium", "pettingzoo", "openspiel"):
        assert f" {loop} " in row
    with pytest.raises(SystemExit):
        speed.main(["--repeats", "0"])
