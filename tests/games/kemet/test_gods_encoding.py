"""The Gods of Egypt part of Kemet's observation vector (encoding.gods_layout, ruling KM-R26,
docs/encodings.md section Kemet)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from theogony.core import Rng
from theogony.games.kemet import encoding as E
from theogony.games.kemet.rules import gods as G
from theogony.games.kemet.content import BATTLE_INDEX, GODS
from tests.support import assert_contiguous, random_states

from .helpers import GAME, Z, blank, city_q, council, play, put

GOD_INDEX = {g.id: i for i, g in enumerate(GODS)}
GODS_ON = {"gods_of_egypt": True}


def gblank(god0: str = "horus", god1: str = "isis"):
    """A blank two-player position (seat 0 North-West, seat 1 North-East) with the module on."""
    s = blank(2, variant=GODS_ON)
    s.gods.god = [GOD_INDEX[god0], GOD_INDEX[god1]]
    s.gods.zone = [G.TILE, G.TILE]
    s.gods.active = [False, False]
    return s


def gods_part(vector, players, variant=GODS_ON):
    """The Gods part of a vector, as {block: values}."""
    out = {}
    for name, off, size in E.full_layout(players, variant):
        out[name] = vector[off:off + size]
    return out


def god_block(part, players, god_id):
    """{field: values} of one God's sub-block."""
    fields = E.god_fields(players)
    size = sum(n for _, n in fields)
    start = GOD_INDEX[god_id] * size
    return {name: part["gods"][start + E.sub_offset(fields, name):
                               start + E.sub_offset(fields, name) + n] for name, n in fields}


def test_KM_R26_sizes_with_gods_per_player_count_and_mode():
    """The documented sizes; the part without the module is unchanged."""
    assert [GAME.observation_size(p, GODS_ON) for p in range(2, 7)] == [1878, 2096, 2316, 2538,
                                                                       2762]
    assert [E.observation_size(p) for p in range(2, 7)] == [1603, 1807, 2013, 2221, 2431]
    assert [sum(n for _, _, n in E.gods_layout(p)) for p in range(2, 7)] \
        == [275, 289, 303, 317, 331]
    assert GAME.observation_size(4, {"mode": "team", "teams": "2v2", **GODS_ON}) == 2013 + 162 + 303
    for kind in ("2v2v2", "3v3"):
        assert GAME.observation_size(6, {"mode": "team", "teams": kind, **GODS_ON}) == 3000
    # classic, team and solo sizes as documented before the module was encoded
    assert GAME.observation_size(4, {"mode": "team", "teams": "2v2"}) == 2175
    assert GAME.observation_size(6, {"mode": "team", "teams": "3v3"}) == 2669
    assert GAME.observation_size(1, {"mode": "solo"}) == 1650
    assert GAME.observation_size(3, {"gods_of_egypt": False}) == 1807


@pytest.mark.parametrize("players, variant", [
    (2, {}), (3, {}), (4, {}), (5, {}), (6, {}), (4, {"mode": "team", "teams": "2v2"}),
    (6, {"mode": "team", "teams": "3v3"})])
def test_KM_R26_blocks_are_contiguous(players, variant):
    variant = {**variant, **GODS_ON}
    size = GAME.observation_size(players, variant)
    assert_contiguous({n: (o, s) for n, o, s in E.full_layout(players, variant)}, size)
    assert_contiguous({n: (o, s) for n, o, s in E.gods_layout(players)},
                      sum(n for _, _, n in E.gods_layout(players)))
    # the classic blocks keep their offsets; the Gods part comes last
    assert E.full_layout(players, variant)[:len(E.layout(players))] == E.layout(players)
    assert E.full_layout(players, variant)[-len(E.gods_layout(players))][0] == "gods"


@pytest.mark.parametrize("players, variant", [
    (2, {}), (3, {}), (4, {}), (5, {}), (4, {"mode": "team", "teams": "2v2"}),
    (6, {"mode": "team", "teams": "2v2v2"})])
def test_KM_R26_length_is_fixed_in_random_gods_games(players, variant):
    variant = {**variant, **GODS_ON}
    size = GAME.observation_size(players, variant)
    on_board = 0
    for state in random_states(GAME, players, variant, seed=players, every=9, limit=450):
        if state.decisions == 0:  # every God tile acquired, so recruitments deploy (KM-R19)
            state.gods.active = [True] * players
        for seat in [None, *range(players)]:
            vector = GAME.encode_view(state.view(seat))
            assert len(vector) == size
            assert all(math.isfinite(x) and 0.0 <= x <= 4.0 for x in vector)
        part = gods_part(vector, players, variant)
        on_board += sum(god_block(part, players, g.id)["status"][1] for g in GODS)
    assert on_board  # the Gods part is filled in along the game


def test_KM_R26_classic_blocks_read_the_same_with_the_module():
    """The classic prefix of a Gods game encodes its view as a classic view would."""
    for state in random_states(GAME, 3, GODS_ON, seed=4, every=25, limit=500):
        view = state.view(1)
        classic = dict(view, seats=[{k: x for k, x in s.items() if k != "god"}
                                    for s in view["seats"]])
        del classic["ascension"]
        vector = GAME.encode_view(view)
        assert vector[:1807] == GAME.encode_view(classic)


def test_KM_R26_a_god_on_the_board_is_encoded_where_the_layout_says():
    s = gblank("horus", "isis")
    z = Z("nile-w")
    s.owner[z], s.count[z] = 0, 2                  # Horus (3 LP at most) with 2 LP left
    s.gods.zone[0] = z
    s.gods.active[0] = True
    s.gods.ascended = True
    v = GAME.encode_view(s.view(1))
    assert len(v) == 1878
    part = gods_part(v, 2)
    horus = god_block(part, 2, "horus")
    assert horus["owner"] == [1.0, 0.0]
    assert horus["status"] == [0.0, 1.0, 0.0, 0.0]  # on the board
    assert horus["zone"][z] == 1.0 and sum(horus["zone"]) == 1.0
    assert horus["lp"] == [pytest.approx(2 / 5)]
    assert horus["tile_acquired"] == [1.0]
    isis = god_block(part, 2, "isis")
    assert isis["owner"] == [0.0, 1.0] and isis["status"] == [1.0, 0.0, 0.0, 0.0]  # on its tile
    assert isis["lp"] == [0.0] and isis["tile_acquired"] == [0.0]
    for god in ("ra", "anubis", "set", "sebek"):  # not embodied
        assert not any(x for values in god_block(part, 2, god).values() for x in values)
    # per seat: the God embodied and its tile
    assert part["god_seats"] == [0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]
    assert part["ascension_reached"] == [1.0]
    assert part["ascension_glory"] == [pytest.approx(0.4)]
    assert part["god_step"] == [0.0, 0.0]
    # the absolute offset of Horus's LP, as documented: 1603 + (P + 39) * 1 + P + 4 + 33
    assert v[1603 + 41 + 2 + 4 + 33] == pytest.approx(0.4)


def test_KM_R26_a_god_attacking_from_a_recruitment_and_in_battle():
    s = gblank("horus", "isis")
    s.gods.active[0] = True  # deployable once the tile is acquired (KM-R19)
    q = city_q(s, 0, 1)
    put(s, q, 1, 2)
    play(s, "place token on Recruitment I", "deploy Horus in NW-1")
    horus = god_block(gods_part(GAME.encode_view(s.view(0)), 2), 2, "horus")
    assert horus["status"] == [0.0, 0.0, 0.0, 1.0]  # waiting to attack (KM-G3.2)
    assert horus["zone"][q] == 1.0 and horus["lp"] == [pytest.approx(3 / 5)]
    play(s, "done recruiting")
    assert s.bt is not None
    part = gods_part(GAME.encode_view(s.view(1)), 2)
    horus = god_block(part, 2, "horus")
    assert horus["status"] == [0.0, 0.0, 1.0, 0.0] and horus["lp"] == [pytest.approx(3 / 5)]
    assert not any(horus["zone"])
    assert part["god_battle"] == [1.0, 0.0] and part["god_moving"] == [0.0]


def test_KM_R26_a_moving_god_and_a_defending_god():
    s = gblank("horus", "isis")
    s.owner[Z("nile-w")], s.count[Z("nile-w")] = 0, 3
    s.gods.zone[0] = Z("nile-w")
    zi = Z("temple-ws")
    s.owner[zi], s.count[zi] = 1, 3
    s.gods.zone[1] = zi
    play(s, "place token on Movement I", "move Horus from nile-w")
    part = gods_part(GAME.encode_view(s.view(1)), 2)
    assert part["god_moving"] == [1.0]
    assert god_block(part, 2, "horus")["lp"] == [pytest.approx(3 / 5)]
    play(s, "go to temple-ws")
    assert s.bt is not None
    part = gods_part(GAME.encode_view(s.view(0)), 2)
    assert part["god_battle"] == [1.0, 1.0]
    isis = god_block(part, 2, "isis")
    assert isis["status"] == [0.0, 1.0, 0.0, 0.0] and isis["lp"] == [pytest.approx(3 / 5)]


def test_KM_R26_the_god_choice_is_a_god_step():
    s = GAME.new_state(3, 4, GODS_ON)
    play(s, s.legal_actions()[0].text)             # city
    assert s.decision.kind == "god"
    v = GAME.encode_view(s.view(s.cur))
    assert gods_part(v, 3)["god_step"] == [1.0, 0.0]
    assert v[E.offsets(3)["step"][0]:E.offsets(3)["step"][0] + len(E.STEPS)] == [0.0] * len(E.STEPS)


def test_KM_R26_jaws_of_sebek_in_hand_is_seen_by_its_owner_only():
    s = gblank("sebek", "isis")
    jaws = BATTLE_INDEX["jaws-of-sebek"]
    s.ps[0].hand.append(jaws)
    own = gods_part(GAME.encode_view(s.view(0)), 2)
    other = gods_part(GAME.encode_view(s.view(1)), 2)
    assert own["jaws_my_hand"] == [1.0] and other["jaws_my_hand"] == [0.0]
    s.ps[0].hand.remove(jaws)
    s.ps[0].up.append(jaws)
    assert gods_part(GAME.encode_view(s.view(1)), 2)["jaws_up"] == [1.0, 0.0]


def test_KM_R26_jaws_of_sebek_played_in_a_battle():
    s = gblank("sebek", "isis")
    s.ps[0].hand.append(BATTLE_INDEX["jaws-of-sebek"])
    put(s, "nile-w", 0, 5)
    zi = Z("temple-ws")
    s.owner[zi], s.count[zi] = 1, 2
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    council(s, "Jaws of Sebek", "Charge")          # discarded face down: seen by its owner only
    assert gods_part(GAME.encode_view(s.view(0)), 2)["jaws_battle_discard"] == [1.0, 0.0]
    assert gods_part(GAME.encode_view(s.view(1)), 2)["jaws_battle_discard"] == [0.0, 0.0]
    assert gods_part(GAME.encode_view(s.view(0)), 2)["jaws_my_hand"] == [0.0]

    s = gblank("sebek", "isis")
    s.ps[0].hand.append(BATTLE_INDEX["jaws-of-sebek"])
    put(s, "nile-w", 0, 5)
    s.owner[zi], s.count[zi] = 1, 2
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    council(s, "Charge", "Jaws of Sebek")
    hidden = gods_part(GAME.encode_view(s.view(1)), 2)
    assert hidden["jaws_battle_card"] == [0.0, 0.0]  # chosen, not yet revealed
    assert gods_part(GAME.encode_view(s.view(0)), 2)["jaws_battle_card"] == [1.0, 0.0]
    council(s, "Charge", "Phalanx")
    assert s.bt is not None and s.bt.winner >= 0   # revealed: both seats see it
    assert gods_part(GAME.encode_view(s.view(1)), 2)["jaws_battle_card"] == [1.0, 0.0]


@pytest.mark.parametrize("players, variant", [(2, {}), (4, {"mode": "team", "teams": "2v2"})])
def test_KM_R26_determinization_gives_the_same_vector(players, variant):
    variant = {**variant, **GODS_ON}
    rng = Rng(7)
    for state in random_states(GAME, players, variant, seed=3, every=11, limit=600):
        for seat in range(players):
            det = state.determinize(seat, rng)
            assert GAME.encode_view(det.view(seat)) == GAME.encode_view(state.view(seat))


def test_KM_R26_hidden_battle_cards_with_a_god_do_not_leak():
    """A God attacks; the defender's choice is hidden from the attacker: every determinization for
    the attacker encodes the same vector, and so does the position with another hidden card."""
    s = gblank("sebek", "isis")
    s.owner[Z("nile-w")], s.count[Z("nile-w")] = 0, 4
    s.gods.zone[0] = Z("nile-w")
    zi = Z("temple-ws")
    s.owner[zi], s.count[zi] = 1, 2
    play(s, "place token on Movement I", "move Sebek from nile-w", "go to temple-ws")
    council(s, "Charge", "Assault")
    s.apply("discard Frenzy")
    s.apply("play Phalanx")                        # the defender's card, hidden from seat 0
    before = GAME.encode_view(s.view(0))
    for seed in range(4):
        assert GAME.encode_view(s.determinize(0, Rng(seed)).view(0)) == before
    s.bt.d_play = BATTLE_INDEX["charge"]
    assert GAME.encode_view(s.view(0)) == before
    part = gods_part(before, 2)
    assert part["god_battle"] == [1.0, 0.0]
    assert god_block(part, 2, "sebek")["lp"] == [pytest.approx(4 / 5)]


def test_KM_R26_pettingzoo_adapter_with_the_gods():
    api = pytest.importorskip("pettingzoo.test")
    from theogony.env.pettingzoo import env

    api.api_test(env("kemet", 3, variant=GODS_ON), num_cycles=40)
    e = env("kemet", 3, variant=GODS_ON)
    e.reset(seed=1)
    assert e.observe(e.agent_selection)["observation"].shape == (2096,)


def test_KM_R26_gymnasium_adapter_with_the_gods():
    checker = pytest.importorskip("gymnasium.utils.env_checker")
    from theogony.env.gymnasium import make

    env = make("kemet", 2, opponents="random", variant=GODS_ON)
    checker.check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=2)
    assert obs.shape == (1878,)


def test_KM_R26_documented_gods_table_matches_the_layout():
    """The Gods rows of docs/encodings.md (section Kemet) give gods_layout's offsets per P."""
    doc = (Path(__file__).parents[3] / "docs" / "encodings.md").read_text()
    section = doc.split("## Kemet", 1)[1].split("\n## ", 1)[0]
    names = {name for name, _, _ in E.gods_layout(2)}
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("  |") and cells[0] in names:
            rows[cells[0]] = [int(c) for c in cells[2:7]]
    assert set(rows) == names
    for i, players in enumerate(range(2, 7)):
        for name, off, _ in E.gods_layout(players):
            assert rows[name][i] == off, (name, players)
    for players in range(2, 7):
        assert GAME.observation_size(players, GODS_ON) - GAME.observation_size(players) \
            == 14 * players + 247
