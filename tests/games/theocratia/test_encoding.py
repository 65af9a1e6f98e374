"""The fixed observation encoding of Theocratia (issue 9): fixed length, no hidden information,
finite values, documented offsets (docs/encodings.md, section "Theocratia")."""

from __future__ import annotations

import math
from functools import partial

import pytest

from tests.support import assert_contiguous, random_states
from theogony.core import Rng, SetupError
from theogony.games.theocratia import GAME
from theogony.games.theocratia.content import POWER_DEFS, POWER_KIND
from theogony.games.theocratia.encoding import (CIV_WIDTH, HEX_WIDTH, LAYOUT, SEAT_WIDTH, SIZE,
                                                encode_view, observation_size)

from ._helpers import new_game

VARIANTS = [{}, {"first_game": True}, {"bot": "xevron"}, {"bot": "ory", "difficulty": "high"},
            {"bot": "noks", "first_game": True}]
CASES = [(p, v) for p in (1, 2, 3, 4) for v in VARIANTS if not (p >= 4 and v.get("bot"))]


_random_states = partial(random_states, GAME)


def _at(vec, name, index=0):
    return vec[LAYOUT[name][0] + index]


def test_layout_is_contiguous_and_sizes_agree():
    assert_contiguous(LAYOUT, SIZE)
    for players, variant in CASES:
        assert GAME.observation_size(players, variant) == SIZE == observation_size(players, variant)


@pytest.mark.parametrize("players, variant", CASES, ids=[f"{p}p-{v}" for p, v in CASES])
def test_length_fixed_and_values_finite_over_random_games(players, variant):
    for seed in (1, 2):
        for state in _random_states(players, variant, seed, every=3):
            for seat in range(state.num_seats):
                vec = GAME.encode_view(state.view(seat))
                assert len(vec) == SIZE
                assert all(math.isfinite(x) and -2.0 <= x <= 2.0 for x in vec)
        assert state.is_terminal()
        assert len(GAME.encode_view(state.view(None))) == SIZE  # a spectator's view also encodes


def test_bot_variant_refused_with_four_people_is_not_a_case():
    with pytest.raises(SetupError):
        GAME.new_state(4, 0, {"bot": "ory"})


@pytest.mark.parametrize("players, variant", [(4, {}), (3, {}), (2, {"bot": "noks"}), (1, {})])
def test_determinization_gives_the_same_vector(players, variant):
    """Everything hidden (other hands, deck order, the Bot deck) is resampled by `determinize`;
    the vector of the seat must not change, so nothing hidden leaks into it."""
    rng = Rng(5)
    seen_hidden_difference = False
    for state in _random_states(players, variant, 11, every=4):
        for seat in range(state.num_seats):
            det = state.determinize(seat, rng)
            assert encode_view(det.view(seat)) == encode_view(state.view(seat))
            others = [i for i in range(state.num_seats) if i != seat]
            if any(sorted(det.seats[i].hand) != sorted(state.seats[i].hand) for i in others) \
                    or det.deck != state.deck:
                seen_hidden_difference = True
    assert seen_hidden_difference  # the check above did compare different hidden truths


def test_documented_offsets():
    s = new_game(4, seed=3)
    view = s.view(2)
    vec = encode_view(view)
    # viewer and whose turn
    assert [_at(vec, "viewer", i) for i in range(4)] == [0, 0, 1, 0]
    cur = s.current_player
    assert _at(vec, "current_player", cur) == 1.0
    assert _at(vec, "my_turn") == float(cur == 2)
    assert _at(vec, "num_seats", 3) == 1.0
    # round 1 of 5
    assert _at(vec, "round") == pytest.approx(1 / 5)
    assert _at(vec, "round_onehot", 0) == 1.0
    assert _at(vec, "stage", 1) == 1.0
    # the pending decision is a draft
    assert _at(vec, "pending_kind", 1) == 1.0
    # the dice table: count of each (colour, value) / 3
    for d in set(s.table):
        assert _at(vec, "table", (d // 10) * 6 + d % 10 - 1) == pytest.approx(s.table.count(d) / 3)
    # the viewer's hand, and nobody else's
    hand = [0.0] * len(POWER_DEFS)
    for card in s.seats[2].hand:
        hand[POWER_KIND[card]] += 1 / POWER_DEFS[POWER_KIND[card]].copies
    assert [_at(vec, "hand", k) for k in range(len(POWER_DEFS))] == pytest.approx(hand)
    assert sum(hand) > 0
    # a hex: colour one-hot at +0, "mine" at +8, Civ at +9, kind at +13, crystal at +20
    for h in range(0, 61, 5):
        colour, civ, kind, crystal = view["hexes"][h]
        o = LAYOUT["hexes"][0] + h * HEX_WIDTH
        if crystal >= 0:
            assert vec[o + 20 + crystal] == 1.0
        if civ >= 0:
            assert vec[o + 9 + civ] == 1.0
        if kind > 0:
            assert vec[o + 13 + kind - 1] == 1.0
        assert vec[o + 8] == float(colour == 2)  # seat 2 plays Blue
    # a Civ area: houses/5 at +0, supply/5 at +5, crystals/10 at +7
    c = s.civs[1]
    o = LAYOUT["civs"][0] + CIV_WIDTH
    assert vec[o] == pytest.approx(c.houses / 5)
    assert vec[o + 5] == pytest.approx(c.supply / 5)
    assert vec[o + 7 + 4] == pytest.approx(c.crystals[4] / 10)
    assert vec[o + 13 + c.page] == 1.0
    # a seat block: present, is viewer, is Bot, colour, cosmo/10 at +7
    o = LAYOUT["seats"][0] + 2 * SEAT_WIDTH
    assert vec[o:o + 3] == [1.0, 1.0, 0.0]
    assert vec[o + 3 + 2] == 1.0
    assert vec[o + 7] == pytest.approx(s.seats[2].cosmo / 10)
    assert vec[o + 11:o + 15] == pytest.approx([(p + 1) / 15 for p in s.seats[2].priests])


def test_row_dice_and_solo_bot_features():
    s = new_game(1, seed=4)  # the solo game: one person and Xevron
    vec = encode_view(s.view(0))
    assert _at(vec, "variant_bot", 1) == 1.0
    assert _at(vec, "bot_seat", 1) == 1.0
    assert _at(vec, "num_seats", 1) == 1.0 and _at(vec, "people", 0) == 1.0
    o = LAYOUT["seats"][0] + 1 * SEAT_WIDTH
    assert vec[o:o + 3] == [1.0, 0.0, 1.0]
    assert _at(vec, "bot_revealed", 0) == 1.0 and _at(vec, "bot_revealed", 20) == 1.0
    assert _at(vec, "bot_deck_size") == pytest.approx(len(s.bot_deck) / 20)
    assert sum(vec[LAYOUT["grid"][0]:sum(LAYOUT["grid"])]) == 12
    # with fewer than four seats a die already lies on a Civ row (TC-3.3)
    v = next(v for v in range(4) if s.civs[v].row)
    d = s.civs[v].row[0]
    o = LAYOUT["civs"][0] + v * CIV_WIDTH + 33
    assert vec[o + d // 10] == 1.0 and vec[o + 4 + d % 10 - 1] == 1.0


def test_pending_frame_details_when_the_view_carries_them():
    """The pending frame's public details (a, b, flags, items) decide the legal actions; they are
    encoded when the view carries them (a Holiday's chosen Crystals, the piece to build, ...)."""
    s = new_game(4, seed=3)
    view = s.view(0)
    view["pending"] = {"kind": "holiday", "civ": 1, "die": 13, "a": 2, "b": 0, "flags": 0,
                       "items": [0, 1, 0, 0, 1, 0]}
    vec = encode_view(view)
    assert _at(vec, "pending_kind", 8) == 1.0 and _at(vec, "pending_civ", 1) == 1.0
    assert [_at(vec, "pending_holiday", i) for i in range(7)] == pytest.approx(
        [0.2, 0, 0.1, 0, 0, 0.1, 0])
    view["pending"] = {"kind": "endturn", "civ": 1, "die": -1, "a": 0, "b": 0,
                       "flags": (1 << 6) | (1 << 3), "items": []}
    vec = encode_view(view)
    assert [_at(vec, "pending_flags", i) for i in range(8)] == [0, 0, 0, 1, 0, 0, 1, 0]
    view["pending"] = {"kind": "expand", "civ": 2, "die": -1, "a": 4, "b": 2, "flags": 0,
                       "items": []}
    vec = encode_view(view)
    assert _at(vec, "pending_piece", 2) == 1.0 and _at(vec, "pending_mode", 2) == 1.0
    view["pending"] = {"kind": "dev_hex", "civ": 0, "die": -1, "a": 0, "b": 0, "flags": 0,
                       "items": [7, 12]}
    vec = encode_view(view)
    assert sum(vec[LAYOUT["pending_hexes"][0]:sum(LAYOUT["pending_hexes"])]) == 2
    assert _at(vec, "pending_hexes", 7) == 1.0 and _at(vec, "pending_hexes", 12) == 1.0
    assert len(vec) == SIZE


def test_docs_table_matches_the_layout():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "encodings.md").read_text()
    section = text.split("## Theocratia", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (\d+) \| (\d+) \| (\w+) \|", section, re.M)
    assert {name: (int(o), int(n)) for o, n, name in rows} == LAYOUT
    assert f"**{SIZE} numbers" in section
