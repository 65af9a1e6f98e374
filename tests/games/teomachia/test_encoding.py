"""The fixed observation encoding of Teomachia (issue 9): fixed length, no hidden information,
finite values, documented offsets (docs/encodings.md, section "Teomachia")."""

from __future__ import annotations

import math
from functools import partial

import pytest

from tests.support import assert_contiguous, random_states
from theogony.core import Rng
from theogony.games.teomachia import GAME
from theogony.games.teomachia.encoding import (LAYOUT, SEAT_LAYOUT, SEAT_WIDTH, SIZE, encode_view,
                                               observation_size)

VARIANTS = [{}, {"full": True}, {"no_elimination": True}, {"full": True, "no_elimination": True}]
CASES = [(p, v) for p in (2, 3, 4) for v in VARIANTS]
IDS = [f"{p}p-{'+'.join(v) or 'base'}" for p, v in CASES]


_random_states = partial(random_states, GAME, limit=400)


def test_layout_is_contiguous_and_sizes_agree():
    assert_contiguous(LAYOUT, SIZE)
    assert_contiguous(SEAT_LAYOUT, SEAT_WIDTH)
    for players, variant in CASES:
        assert GAME.observation_size(players, variant) == SIZE == observation_size(players, variant)


@pytest.mark.parametrize("players, variant", CASES, ids=IDS)
def test_length_fixed_and_values_finite_over_random_games(players, variant):
    for seed in (1, 2):
        last = None
        for state in _random_states(players, variant, seed, every=3):
            last = state
            for seat in range(state.num_seats):
                vec = GAME.encode_view(state.view(seat))
                assert len(vec) == SIZE
                assert all(math.isfinite(x) and -5.0 <= x <= 5.0 for x in vec)
        assert len(GAME.encode_view(last.view(None))) == SIZE  # a spectator's view also encodes


@pytest.mark.parametrize("players, variant", [(2, {}), (3, {"full": True}), (4, {"full": True})])
def test_determinization_gives_the_same_vector(players, variant):
    """Everything hidden (other hands, decks, face-down elements, secret deities) is resampled by
    `determinize`; the seat's vector must not change, so nothing hidden leaks into it."""
    rng = Rng(5)
    seen_hidden_difference = False
    for state in _random_states(players, variant, 11, every=4, limit=300):
        for seat in range(state.num_seats):
            det = state.determinize(seat, rng)
            assert encode_view(det.view(seat)) == encode_view(state.view(seat))
            others = [i for i in range(state.num_seats) if i != seat]
            if any(sorted(det.seats[i].hand) != sorted(state.seats[i].hand) for i in others):
                seen_hidden_difference = True
    assert seen_hidden_difference  # the check above did compare different hidden truths


def test_documented_fields():
    state = GAME.new_state(3, 4, {"full": True})
    view = state.view(1)
    vec = encode_view(view)
    assert vec[LAYOUT["viewer"][0]:LAYOUT["viewer"][0] + 4] == [0, 1, 0, 0]
    assert vec[LAYOUT["num_seats"][0] + 2] == 1.0
    assert vec[LAYOUT["variant_full"][0]] == 1.0
    assert vec[LAYOUT["phase"][0]] == 1.0  # draft
    # the viewer's draft hand is counted, the padding seat block is all zero
    start, length = LAYOUT["draft_hand"]
    assert sum(vec[start:start + length]) > 0
    seats = LAYOUT["seats"][0]
    assert vec[seats + 3 * SEAT_WIDTH:seats + 4 * SEAT_WIDTH] == [0.0] * SEAT_WIDTH
    assert vec[seats + SEAT_WIDTH + SEAT_LAYOUT["is_viewer"][0]] == 1.0


def test_TM_R8_the_response_window_encodes_the_same_whatever_the_asked_seat_holds():
    from .test_battle import _window

    assert encode_view(_window(True).view(0)) == encode_view(_window(False).view(0))
    assert encode_view(_window(True).view(None)) == encode_view(_window(False).view(None))
