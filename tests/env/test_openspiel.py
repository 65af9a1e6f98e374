"""The OpenSpiel adapter: each game a fresh deal, chance as explicit chance nodes, hidden information
kept from the seats, and OpenSpiel's own tests and bots run every game (docs/research.md)."""

from __future__ import annotations

import random

import pytest

from theogony.core import Rng, register
from tests.core.toygame import GAME as TOY
from tests.env.test_adapters import CASES, IDS

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")


def load(game_id: str, **params):
    from theogony.env.openspiel import register as register_spiel

    register(TOY)
    (name,) = register_spiel([game_id])
    return pyspiel.load_game(name, params)


def dealt(game):
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
    state.apply_action(0)
    return state


def play_randomly(state, chooser: random.Random, moves: int | None = None):
    """Random seats and random chance outcomes; returns the actions applied."""
    applied = []
    while not state.is_terminal() and (moves is None or len(applied) < moves):
        if state.is_chance_node():
            action = chooser.choice([a for a, _ in state.chance_outcomes()])
        else:
            action = chooser.choice(state.legal_actions())
        state.apply_action(action)
        applied.append(action)
    return applied


def test_every_game_of_a_loaded_game_is_a_fresh_deal():
    game = load("theocratia", players=2)
    first, second = dealt(game), dealt(game)
    assert first.serialize() != second.serialize()
    assert first.inner.seed != second.inner.seed


def test_the_same_seed_parameter_reproduces_the_games():
    def games(seed: int) -> list[tuple[list[int], list[float]]]:
        game = load("teomachia", players=2, seed=seed)
        out = []
        for k in range(2):
            state = game.new_initial_state()
            actions = play_randomly(state, random.Random(k))
            out.append((actions, state.returns()))
        return out

    assert games(5) == games(5)
    assert games(5) != games(6)


def first_chance_event(game_id: str, seed: int = 0):
    """A state waiting on a chance outcome after the deal (a seat's action drew on the RNG)."""
    state = dealt(load(game_id, players=2, seed=seed))
    chooser = random.Random(seed)
    while not state.is_chance_node():
        assert not state.is_terminal(), "no chance event in this game"
        state.apply_action(chooser.choice(state.legal_actions()))
    return state


def test_a_seats_action_that_draws_on_chance_waits_for_an_explicit_chance_node():
    state = first_chance_event("teomachia")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 64 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    results = set()
    for k in range(8):
        branch = state.clone()
        branch.apply_action(k)
        again = state.clone()
        again.apply_action(k)
        assert branch.serialize() == again.serialize()  # a path of outcomes fixes the state
        results.add(branch.serialize())
    assert len(results) > 1  # and the outcomes differ


def test_the_future_chance_is_not_in_the_state_a_search_clones():
    """Before: the engine's RNG in the state decided the next dice, so a clone knew them. Now the
    chance outcomes decide, whatever RNG a copy of the state carries."""
    state = first_chance_event("teomachia")
    tampered = state.clone()
    tampered.inner.rng = Rng(12345, stream=99)
    chooser_a, chooser_b = random.Random(1), random.Random(1)
    play_randomly(state, chooser_a, moves=60)
    play_randomly(tampered, chooser_b, moves=60)
    assert state.history() == tampered.history()
    assert state.inner.view(None) == tampered.inner.view(None)


@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_random_sim_test_passes(game_id, players):
    pyspiel.random_sim_test(load(game_id, players=players), num_sims=1, serialize=True, verbose=False)


def mcts_bot(game, seed: int):
    from open_spiel.python.algorithms import mcts

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return mcts.MCTSBot(game, 1.4, 2, evaluator, random_state=np.random.RandomState(seed + 1))


def evaluate_mcts_against_random(game_id: str, players: int, max_decisions: int) -> list[float]:
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    game = load(game_id, players=players, max_decisions=max_decisions)
    bots = [mcts_bot(game, 0)] + [uniform_random.UniformRandomBot(p, np.random.RandomState(p))
                                  for p in range(1, game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert len(returns) == game.num_players()
    return returns


@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_evaluate_bots_plays_mcts_against_random_in_every_game(game_id, players):
    evaluate_mcts_against_random(game_id, players, max_decisions=40)


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_evaluate_bots_plays_a_whole_game_with_mcts(game_id, players):
    evaluate_mcts_against_random(game_id, players, max_decisions=10_000)


def play_mcts_and_ismcts(game_id: str, players: int, bot_moves: int | None) -> None:
    """OpenSpiel's MCTSBot and ISMCTSBot take turns (for the first `bot_moves` decisions, or all of
    them); random play and random chance finish the game."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(game_id, players=players)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bots = [mcts_bot(game, 1), ismcts.ISMCTSBot(game, evaluator, 1.4, 2,
                                                random_state=np.random.RandomState(2))]
    chooser = random.Random(3)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(chooser.choice([a for a, _ in state.chance_outcomes()]))
            continue
        if bot_moves is None or moves < bot_moves:
            action = bots[state.current_player() % 2].step(state)
        else:
            action = chooser.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert len(state.returns()) == game.num_players()


@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_mcts_and_ismcts_bots_take_turns(game_id, players):
    play_mcts_and_ismcts(game_id, players, bot_moves=20)


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", CASES, ids=IDS)
def test_mcts_and_ismcts_bots_play_a_whole_game(game_id, players):
    play_mcts_and_ismcts(game_id, players, bot_moves=None)


def test_resampling_hides_what_the_seat_cannot_see():
    state = dealt(load("toy", players=2))
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    others = [state.resample_from_infostate(0, sampler) for _ in range(8)]
    for other in others:
        assert other.information_state_string(0) == state.information_state_string(0)
        assert other.inner.seats[0].hand == state.inner.seats[0].hand
        assert other.legal_actions() == state.legal_actions()
    assert any(o.inner.seats[1].hand != state.inner.seats[1].hand for o in others)


def test_information_state_strings_and_tensors_differ_only_by_what_a_seat_sees():
    state = dealt(load("toy", players=2))
    assert state.information_state_string(0) != state.information_state_string(1)
    import json

    seen = json.loads(state.information_state_string(0))
    assert "hand" in seen["seats"][0] and "hand" not in seen["seats"][1]
    tensor = np.asarray(state.observation_tensor(0))
    expected = state.shared.encoded.observation(state.inner, 0)
    assert np.array_equal(tensor, expected)


def test_clone_is_the_engines_copy_not_a_replay():
    state = dealt(load("theocratia", players=2))
    play_randomly(state, random.Random(4), moves=10)
    copy = state.clone()
    assert copy.serialize() == state.serialize() and copy.history() == state.history()
    assert copy.inner is not state.inner
    copy.apply_action(copy.legal_actions()[0] if not copy.is_chance_node() else 0)
    assert copy.serialize() != state.serialize()


def test_max_game_length_is_the_decision_cap():
    from theogony.arena import DEFAULT_MAX_DECISIONS

    assert load("toy", players=2).max_game_length() == DEFAULT_MAX_DECISIONS
    game = load("toy", players=2, max_decisions=3)
    assert game.max_game_length() == 3
    state = dealt(game)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.truncated() and not state.inner.is_terminal()
    assert len(state.inner.history) == 3 and state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_a_spiel_state_at_one_of_our_states_decides_as_it_does():
    from theogony.env.openspiel import SpielState

    import theogony

    game = load("theurgy", players=2)
    engine = theogony.load("theurgy").new_state(2, 5)
    at = SpielState.from_state(game, engine.clone())
    assert at.current_player() == engine.current_player
    assert sorted(at.legal_actions()) == sorted(a.code for a in engine.legal_actions())
