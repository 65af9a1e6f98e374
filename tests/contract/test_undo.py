"""Undo never lets a seat peek (issue 15): an action is undoable only if the acting seat's view after
it is the same whatever was hidden from that seat before it (docs/architecture.md, Undo)."""

from __future__ import annotations

from typing import Any, Callable

import pytest

import theogony
from theogony.core import Action, Rng, State
from theogony.core.state import UNDO_SEED

from .configs import all_configs, config_id

CONFIGS = all_configs()
#: (seed, decisions played without checks first, decisions checked): one stretch from the start of a
#: match and one from its middle, bounded so that a game without a round cap still stops.
STRETCHES = ((0, 0, 20), (1, 120, 20), (2, 400, 20))
#: The test's own resamplings: seeds the engine never uses, so they witness independently.
WITNESSES = 3
WITNESS_SEED = 20_261_201
assert WITNESS_SEED != UNDO_SEED


def resampled_view_after(before: State, seat: int, action: Action, witness: int) -> dict[str, Any]:
    copy = before.determinize(seat, Rng(WITNESS_SEED, stream=witness))
    copy.apply(action.text)
    return copy.view(seat)


def check_undo_stretch(game_id: str, players: int, variant: dict[str, Any], seed: int, skip: int,
                       checked: int) -> None:
    state = theogony.load(game_id).new_state(players, seed, variant)
    rng = Rng(seed + 7_000)
    for _ in range(skip):
        if state.is_terminal():
            return
        state.step(rng.choice(state.legal_actions()))
    for _ in range(checked):
        if state.is_terminal():
            return
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions())
        before = state.clone()
        before_document = before.to_json()
        _, undoable = state.apply_undoable(action)
        if not undoable:
            continue
        seen = state.view(seat)
        for witness in range(WITNESSES):
            assert resampled_view_after(before, seat, action, witness) == seen, (
                f"{action.text!r} was reported undoable, but seat {seat} would have seen something "
                f"else had the hidden parts been different (witness {witness})")
        assert before.to_json() == before_document, (
            f"{action.text!r}: the copy saved before it changed, so undo would not restore the state")


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_an_undoable_action_hides_nothing_from_the_acting_seat(config):
    game_id, players, variant = config
    for seed, skip, checked in STRETCHES:
        check_undo_stretch(game_id, players, variant, seed, skip, checked)


# ---- scenarios: peeks that the RNG and `reveals` checks alone let through ----------------------------

def play_until(state: State, rng: Rng, wanted: Callable[[State, Action], bool],
               limit: int = 3_000) -> Action | None:
    """Play seeded random actions until some legal action is `wanted`; return that action (None
    if the match ends first)."""
    for _ in range(limit):
        if state.is_terminal():
            return None
        for action in state.legal_actions():
            if wanted(state, action):
                return action
        state.step(rng.choice(state.legal_actions()))
    raise AssertionError(f"no wanted action within {limit} decisions")


def position(game_id: str, wanted: Callable[[State, Action], bool], players: int = 2,
             seeds: range = range(12)) -> tuple[State, Action]:
    """The first position of a seeded random match with a `wanted` legal action, trying the next
    seed where a match ends first (the path depends on the content, which a designer may tune)."""
    for seed in seeds:
        state = theogony.load(game_id).new_state(players, seed)
        action = play_until(state, Rng(seed), wanted)
        if action is not None:
            return state, action
    raise AssertionError(f"no {game_id} match of seeds {seeds} reached the wanted position")


def view_after(state: State, action: Action, seat: int) -> dict[str, Any]:
    copy = state.clone()
    copy.apply(action)
    return copy.view(seat)


def assert_refused_although_no_chance_and_no_reveal(state: State, action: Action) -> None:
    rng_before = (state.rng.state, state.rng.inc)
    events, undoable = state.apply_undoable(action)
    assert (state.rng.state, state.rng.inc) == rng_before, "the scenario must not draw on chance"
    assert not any(e.reveals for e in events), "the scenario must not be flagged as a reveal"
    assert not undoable, f"{action.text!r} lets the acting seat see what was hidden, yet is undoable"


def assert_undoable(state: State, action: Action) -> None:
    _, undoable = state.apply_undoable(action)
    assert undoable, f"{action.text!r} reveals nothing, yet undo is refused"


def theurgy_hand(state: State, seat: int) -> list[str]:
    return state.view(seat)["seats"][seat]["hand"]


def test_theurgy_keep_the_rest_draws_the_next_miracles_so_it_cannot_be_undone():
    # TU end of turn: after discarding, the hand is refilled from the miracle deck.
    state, action = position("theurgy", lambda s, a: a.text == "keep the rest")
    seat = state.current_player
    assert len(theurgy_hand(state, seat)) < len(view_after(state, action, seat)["seats"][seat]["hand"])
    assert_refused_although_no_chance_and_no_reveal(state, action)


def test_theurgy_a_follower_move_stays_undoable():
    state, action = position("theurgy", lambda s, a: a.text.startswith("move follower"))
    assert_undoable(state, action)


def test_theocratia_attacking_a_plain_monster_draws_a_power_card_so_it_cannot_be_undone():
    state, action = position("theocratia", lambda s, a: a.text.startswith("attack Plain Monster on "))
    seat = state.current_player
    hand_before = state.view(seat)["seats"][seat]["hand"]
    assert len(view_after(state, action, seat)["seats"][seat]["hand"]) == len(hand_before) + 1
    assert_refused_although_no_chance_and_no_reveal(state, action)


def ends_the_day_and_deals_night_cards(state: State, action: Action) -> bool:
    if action.text != "stop here" or state.view(None)["phase"] != "day":
        return False
    after = view_after(state, action, state.current_player)
    return after["phase"] == "night" and after["di_deck"] < state.view(None)["di_deck"]


def test_kemet_stopping_the_last_move_of_the_day_deals_the_night_cards_so_it_cannot_be_undone():
    # KM night: Divine Intervention cards are dealt from the pre-shuffled deck.
    state, action = position("kemet", ends_the_day_and_deals_night_cards)
    assert_refused_although_no_chance_and_no_reveal(state, action)


def test_kemet_a_warrior_move_stays_undoable():
    state, action = position("kemet", lambda s, a: a.text.startswith("go to "))
    assert_undoable(state, action)


def brings_a_new_draft_hand(state: State, action: Action) -> bool:
    seat = state.current_player
    if not action.text.startswith("pick ") or state.view(seat)["decision"]["kind"] != "draft":
        return False
    before = state.view(seat)["seats"][seat]["draft_hand"]
    after = view_after(state, action, seat)["seats"][seat].get("draft_hand", [])
    return any(card not in before for card in after)


def test_teomachia_a_pick_that_passes_the_draft_hands_cannot_be_undone():
    state, action = position("teomachia", brings_a_new_draft_hand)
    assert_refused_although_no_chance_and_no_reveal(state, action)


def test_teomachia_a_pick_before_the_hands_pass_stays_undoable():
    # the first seat's pick only moves a card it already saw into its own picks
    state = theogony.load("teomachia").new_state(2, 0)
    assert state.view(0)["decision"]["kind"] == "draft"
    assert_undoable(state, state.legal_actions()[0])


def test_the_terminal_refuses_to_undo_an_attack_that_drew_a_power_card():
    from rich.console import Console

    from theogony.play import Session

    game = theogony.load("theocratia")
    probe = game.new_state(2, 0)
    attack = play_until(probe, Rng(0), lambda s, a: a.text.startswith("attack Plain Monster on "))
    assert attack is not None
    after = probe.clone()
    after.apply(attack)
    assert after.current_player == probe.current_player  # the attacker decides next and could undo
    answers = iter([*probe.history, attack.text, "undo", "quit"])
    console = Console(record=True, width=100)
    session = Session(game, game.new_state(2, 0), ["human", "human"], console,
                      read=lambda prompt: next(answers))
    session.run()
    out = console.export_text()
    assert "draws" in out and "Nothing to undo" in out and "Undone" not in out
    assert session.state.history[-1] == attack.text
