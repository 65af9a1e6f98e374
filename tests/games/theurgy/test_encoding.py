"""The fixed observation encoding and dense action codes of Theurgy (issue 9): fixed length, no
hidden information, finite values, codes unique and in range (docs/encodings.md, "Theurgy")."""

from __future__ import annotations

import math
import random
from functools import partial

import pytest

import theogony
from tests.support import assert_contiguous, random_states
from theogony.core import Rng
from theogony.games.theurgy.codes import N_CODES
from theogony.games.theurgy.encoding import (LAYOUT, MONSTER_LAYOUT, MONSTER_SIZE, SEAT_LAYOUT, SEAT_SIZE,
                                             SETTLEMENT_LAYOUT, SETTLEMENT_SIZE, SIZE, encode_view,
                                             observation_size)

GAME = theogony.load("theurgy")
VARIANTS = [{}, {"capital_events": True}]
CASES = [(p, v) for p in (2, 3, 4, 5, 6) for v in VARIANTS]
IDS = [f"{p}p-{'+'.join(v) or 'base'}" for p, v in CASES]


_random_states = partial(random_states, GAME, limit=300)


def test_layouts_are_contiguous_and_sizes_agree():
    for layout, size in ((LAYOUT, SIZE), (SEAT_LAYOUT, SEAT_SIZE), (SETTLEMENT_LAYOUT, SETTLEMENT_SIZE),
                         (MONSTER_LAYOUT, MONSTER_SIZE)):
        assert_contiguous(layout, size)
    for players, variant in CASES:
        assert GAME.observation_size(players, variant) == SIZE == observation_size(players, variant)


def test_action_code_range_is_dense_and_small():
    assert GAME.num_action_codes(2) == N_CODES < 5000


@pytest.mark.parametrize("players, variant", CASES, ids=IDS)
def test_length_fixed_values_finite_and_codes_unique(players, variant):
    for seed in (1, 2):
        last = None
        for state in _random_states(players, variant, seed, every=2):
            last = state
            codes = [a.code for a in state.legal_actions()]
            assert len(set(codes)) == len(codes)
            assert all(0 <= c < N_CODES for c in codes)
            for seat in range(state.num_seats):
                vec = GAME.encode_view(state.view(seat))
                assert len(vec) == SIZE
                assert all(math.isfinite(x) and -5.0 <= x <= 5.0 for x in vec)
        assert len(encode_view(last.view(None))) == SIZE  # a spectator's view also encodes


@pytest.mark.parametrize("players, variant", CASES, ids=IDS)
def test_determinization_keeps_the_seat_vector(players, variant):
    for state in _random_states(players, variant, 3, every=7, limit=200):
        for seat in range(state.num_seats):
            vec = GAME.encode_view(state.view(seat))
            other = state.determinize(seat, Rng(11 + seat))
            assert GAME.encode_view(other.view(seat)) == vec


def test_own_hand_is_encoded_and_others_are_not():
    state = GAME.new_state(3, 5, {})
    rng = random.Random(5)
    while not state.seats[0].hand and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    offset, length = SEAT_LAYOUT["hand"]
    base = LAYOUT["seats"][0]
    mine = GAME.encode_view(state.view(0))
    theirs = GAME.encode_view(state.view(1))
    assert sum(mine[base + offset: base + offset + length]) > 0
    assert sum(theirs[base + offset: base + offset + length]) == 0
