"""The generic contract suite (DESIGN §7): every registered game, player count and variant."""

from __future__ import annotations

import json
import os
import warnings

import pytest

import theogony
from theogony.arena import DEFAULT_MAX_DECISIONS
from theogony.core import Action, IllegalAction, Rng, SaveFormatError, State

from .configs import all_configs, config_id

CONFIGS = all_configs()
GAMES_PER_CONFIG = int(os.environ.get("THEOGONY_CONTRACT_GAMES", "2"))
# A random game still going after this many decisions is cut off as truncated (the arena's cap,
# not a rule): it is checked up to there, not counted as a failure.
MAX_DECISIONS = int(os.environ.get("THEOGONY_CONTRACT_MAX_DECISIONS", DEFAULT_MAX_DECISIONS))


def roundtrip(state: State) -> State:
    return state.game.from_json(json.loads(json.dumps(state.to_json())))


def check_decision_point(state: State, num_codes: int) -> list[Action]:
    legal = state.legal_actions()
    assert legal, "no legal action in a non-terminal state"
    decision = state.decision
    assert decision is not None and state.current_player == decision.player
    assert 0 <= decision.player < state.num_seats
    texts = [a.text for a in legal]
    assert len(set(texts)) == len(texts), f"duplicate action texts: {texts}"
    codes = [a.code for a in legal]
    assert all(0 <= c < num_codes for c in codes), f"codes out of range [0,{num_codes}): {codes}"
    assert len(set(codes)) == len(codes), f"duplicate action codes at {decision}: {legal}"
    for text in texts:
        assert text == " ".join(text.split()), f"action text not normalised: {text!r}"
    return legal


def check_hidden_info(state: State, rng: Rng) -> None:
    for seat in [None, *range(state.num_seats)]:
        view = state.view(seat)
        json.dumps(view)
        other = state.determinize(seat, rng)
        assert other.view(seat) == view, f"view({seat}) depends on information hidden from it"
        seed = rng.bits64()
        assert (state.determinize(seat, Rng(seed)).to_json()
                == other.determinize(seat, Rng(seed)).to_json()), (
            f"determinize({seat}) depends on the hidden truth, not only on what seat {seat} sees: "
            "build the pool of hidden items in a canonical order (e.g. sorted) before shuffling")
    current = state.current_player
    if current is not None:
        det = state.determinize(current, rng)
        assert [a.text for a in det.legal_actions()] == [a.text for a in state.legal_actions()], \
            "a determinization for the deciding seat changed its legal actions"


def play_checked(game_id: str, players: int, variant: dict, seed: int,
                 max_decisions: int = MAX_DECISIONS) -> tuple[State, bool]:
    """A random game played with the contract checked at every step, cut off after `max_decisions`
    decisions; returns the last state and whether it was cut off (truncated)."""
    game = theogony.load(game_id)
    state = game.new_state(players, seed, variant)
    num_codes = game.num_action_codes(players, state.variant)
    rng = Rng(seed + 1000)
    snapshots: list[tuple[State, dict]] = []
    decisions = 0
    while not state.is_terminal() and decisions < max_decisions:
        legal = check_decision_point(state, num_codes)
        if decisions % 7 == 0:
            before = state.to_json()
            with pytest.raises(IllegalAction):
                state.apply("this is certainly not an action")
            with pytest.raises(IllegalAction):
                game.parse_action(state, "")
            assert state.to_json() == before, "an illegal action changed the state"
        if decisions % 11 == 0:
            check_hidden_info(state, rng)
            copy = roundtrip(state)
            assert copy.to_json() == state.to_json()
            snapshots.append((state.clone(), state.to_json()))
        action = rng.choice(legal)
        if decisions % 13 == 0:
            twin = state.clone()
            twin_events = twin.apply(action.text)
            events = state.apply(action)
            assert [e.text for e in twin_events] == [e.text for e in events]
            assert twin.to_json() == state.to_json(), "a clone diverged from its original"
        else:
            state.apply(action)
        decisions += 1
    for clone, doc in snapshots:
        assert clone.to_json() == doc, "an earlier clone changed as the original moved on"
    assert roundtrip(state).to_json() == state.to_json()
    replayed = game.replay(players, seed, variant, state.history)
    assert replayed.to_json() == state.to_json(), "replay did not reproduce the last state"
    if not state.is_terminal():
        return state, True
    assert state.legal_actions() == []
    assert state.current_player is None and state.decision is None
    with pytest.raises(IllegalAction):
        state.apply("anything")
    outcome = state.outcome()
    assert len(outcome.ranks) == state.num_seats == len(outcome.scores)
    assert outcome.winners == tuple(i for i, r in enumerate(outcome.ranks) if r == 1)
    return state, False


@pytest.mark.parametrize("config", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_random_games_keep_the_contract(config):
    game_id, players, variant = config
    truncated = [seed for seed in range(GAMES_PER_CONFIG)
                 if play_checked(game_id, players, variant, seed)[1]]
    if truncated:
        warnings.warn(f"{config_id(config)}: seeds {truncated} truncated at {MAX_DECISIONS} decisions")


@pytest.mark.parametrize("game_id", theogony.games())
def test_a_game_cut_at_the_decision_cap_counts_as_truncated_with_its_checks_done(game_id):
    game = theogony.load(game_id)
    state, truncated = play_checked(game_id, game.info.min_players, {}, 0, max_decisions=30)
    assert truncated and not state.is_terminal() and len(state.history) == 30
    check_decision_point(state, game.num_action_codes(state.players, state.variant))


@pytest.mark.parametrize("game_id", theogony.games())
def test_corrupt_documents_are_refused(game_id):
    game = theogony.load(game_id)
    state = game.new_state(game.info.min_players, 1)
    doc = state.to_json()
    for bad in (None, [], {"format": "nope"}, {**doc, "format_version": 999},
                {**doc, "schema_version": -1}, {**doc, "state": {"players": "x"}},
                {**doc, "game": "other"}):
        with pytest.raises(SaveFormatError):
            game.from_json(bad)
    assert state.to_json() == doc


@pytest.mark.parametrize("game_id", theogony.games())
def test_bad_setup_is_refused_with_the_allowed_values(game_id):
    game = theogony.load(game_id)
    info = game.info
    with pytest.raises(ValueError, match="variant"):
        game.new_state(info.min_players, 0, {"no_such_variant": True})
    with pytest.raises(ValueError, match="players"):
        game.new_state(info.max_players + 1, 0)
    for name, (choices, _) in info.variants.items():
        with pytest.raises(ValueError, match=name):
            game.new_state(info.min_players, 0, {name: "certainly-not-a-value"})


@pytest.mark.parametrize("game_id", theogony.games())
def test_same_seed_same_game(game_id):
    game = theogony.load(game_id)
    players = game.info.min_players
    runs = []
    for _ in range(2):
        state = game.new_state(players, 42)
        rng = Rng(9)
        for _ in range(200):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        runs.append(state.to_json())
    assert runs[0] == runs[1]
