"""Kemet's fixed numeric observation (src/theogony/games/kemet/encoding.py, docs/encodings.md)."""

from __future__ import annotations

import math
import random

import pytest

from theogony.core import Rng
from theogony.games.kemet import encoding as E
from theogony.games.kemet.content import BATTLE_INDEX, DI_INDEX

from .helpers import GAME, Z, blank


def random_views(players: int, seed: int, variant: dict, steps: int = 150):
    """(state, view of every seat) along a random game, every few decisions."""
    state = GAME.new_state(players, seed, variant)
    rnd = random.Random(seed)
    for i in range(steps):
        if state.is_terminal():
            break
        if i % 5 == 0:
            yield state
        state.apply(rnd.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("update", [False, True])
def test_length_is_fixed_and_values_finite(players, update):
    size = GAME.observation_size(players, {"update": update})
    assert size == E.observation_size(players) == sum(n for _, _, n in E.layout(players))
    assert GAME.observation_size(players, {"update": not update}) == size
    for seed in (1, 2):
        for state in random_views(players, seed, {"update": update}):
            for seat in [None, *range(players)]:
                vector = GAME.encode_view(state.view(seat))
                assert len(vector) == size
                assert all(math.isfinite(x) and 0.0 <= x <= 4.0 for x in vector)


def test_sizes_per_player_count():
    assert [GAME.observation_size(p) for p in range(2, 7)] == [1603, 1807, 2013, 2221, 2431]


@pytest.mark.parametrize("players", [2, 4])
def test_determinization_gives_the_same_vector(players):
    rng = Rng(5)
    for state in random_views(players, 11, {}, steps=400):
        for seat in range(players):
            det = state.determinize(seat, rng)
            assert GAME.encode_view(det.view(seat)) == GAME.encode_view(state.view(seat))


def test_determinization_in_battle_gives_the_same_vector():
    seen = 0
    rnd = random.Random(3)
    for seed in range(6):
        state = GAME.new_state(2, seed)
        while not state.is_terminal() and seen < 20:
            if state.bt is not None:
                seen += 1
                for seat in range(2):
                    det = state.determinize(seat, Rng(seen))
                    assert GAME.encode_view(det.view(seat)) == GAME.encode_view(state.view(seat))
            state.apply(rnd.choice(state.legal_actions()))
    assert seen


def block(vector, players, name):
    off, size = E.offsets(players)[name]
    return vector[off:off + size]


def test_features_land_at_documented_offsets():
    s = blank(2)
    s.owner[Z("nw-desert")] = 1
    s.count[Z("nw-desert")] = 4
    s.pyr_level[Z("NW-2")] = 3
    s.pyr_colour[Z("NW-2")] = 2  # diamond
    s.ps[1].pp = 11
    s.ps[1].glory = 2
    s.ps[0].hand = s.ps[0].hand[:2]
    s.ps[0].di = [DI_INDEX["distraction"], DI_INDEX["distraction"]]
    s.round = 3
    v = GAME.encode_view(s.view(0))
    P = 2
    assert len(v) == 1603
    # header: viewer one-hot at 0, current player at 2, round at offset of "round"
    assert v[0:2] == [1.0, 0.0]
    assert block(v, P, "current_player") == [1.0, 0.0]
    assert block(v, P, "round") == [pytest.approx(0.3)]
    assert block(v, P, "step")[E.STEPS.index("turn")] == 1.0
    assert block(v, P, "phase") == [0.0, 1.0, 0.0]
    # zones: 9 numbers per zone with 2 players (owner one-hot 2, warriors, level, colour one-hot 5)
    zone_size = sum(n for _, n in E.zone_fields(P))
    assert zone_size == 9
    zoff = E.offsets(P)["zones"][0] + Z("nw-desert") * zone_size
    assert v[zoff:zoff + 3] == [0.0, 1.0, pytest.approx(0.8)]
    poff = E.offsets(P)["zones"][0] + Z("NW-2") * zone_size
    assert v[poff + 3] == pytest.approx(0.75)
    assert v[poff + 4:poff + 9] == [0.0, 0.0, 1.0, 0.0, 0.0]
    # seats: PP and Glory of seat 1 (glory = permanent + temporary)
    seat_size = sum(n for _, n in E.seat_fields(P))
    soff = E.offsets(P)["seats"][0] + seat_size
    assert v[soff + E.sub_offset(E.seat_fields(P), "pp")] == pytest.approx(1.0)
    assert v[soff + E.sub_offset(E.seat_fields(P), "permanent_glory")] == pytest.approx(0.2)
    # own cards: two Distractions, and the battle hand
    assert block(v, P, "my_di_cards")[DI_INDEX["distraction"]] == pytest.approx(0.5)
    assert sum(block(v, P, "my_battle_cards")) == len(s.ps[0].hand)
    # seat 1 sees the counts but not the cards
    w = GAME.encode_view(s.view(1))
    assert w[0:2] == [0.0, 1.0]
    assert sum(block(w, P, "my_battle_cards")) == len(s.ps[1].hand)
    s0 = E.offsets(P)["seats"][0]
    assert w[s0 + E.sub_offset(E.seat_fields(P), "di_hand")] == pytest.approx(0.2)
    # market copies
    market = block(v, P, "market")
    for t, n in enumerate(s.market):
        assert market[t] == pytest.approx(n / E.MAX_COPIES)


def test_hidden_cards_do_not_leak():
    s = blank(2)
    before = GAME.encode_view(s.view(1))
    s.ps[0].di = [DI_INDEX["gather"]]  # same count, other card
    s.ps[0].hand = s.ps[0].hand[1:] + [BATTLE_INDEX["chariot-of-ra"]]
    assert GAME.encode_view(s.view(1)) == before
    assert GAME.encode_view(s.view(0)) != GAME.encode_view(blank(2).view(0))


def test_offsets_match_the_documented_table():
    """A few rows of docs/encodings.md (section Kemet)."""
    assert E.offsets(2)["seats"] == (198, 288)
    assert E.offsets(2)["zones"] == (486, 297)
    assert E.offsets(2)["companions"] == (783, 624)
    assert E.offsets(6)["market"] == (77, 82)
    assert E.offsets(6)["battle_winner"] == (2425, 6)
    assert sum(n for _, n in E.seat_fields(4)) == 146
    assert E.sub_offset(E.seat_fields(3), "tiles") == 47
