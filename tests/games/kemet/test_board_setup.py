"""Board (KM-1) and setup (KM-2)."""

import pytest

from theogony.core import SetupError
from theogony.games.kemet.content import (AMBER, CITIES, COLOURS, DI_CARDS, TILE_COLOUR, TILES, ZONES,
                                          board_for)
from theogony.games.kemet.game import COLOURS_BY_PLAYERS

from .helpers import GAME, Z, setup_done, texts
from theogony.games.kemet.rules import board
from .helpers import step_of


def test_KM_1_2_the_nile_separates_the_banks():
    b = board_for(6)
    west = {Z(z) for z in ("nw-desert", "w-desert", "sw-desert", "temple-wn", "nile-w", "temple-ws")}
    east = {Z(z) for z in ("ne-desert", "e-desert", "se-desert", "temple-en", "nile-e", "temple-es")}
    for z in west:
        assert not set(b.adj[z]) & east
    assert all(ZONES[z].nile for z in (Z("nile-w"), Z("nile-e"), Z("temple-ws"), Z("temple-es")))


def test_KM_1_6_the_delta_is_three_zones():
    delta = [z.id for z in ZONES if z.delta]
    assert sorted(delta) == ["delta-desert", "delta-temple", "sanctuary"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_KM_1_3_board_for_each_player_count(players):
    b = board_for(players)
    assert len(b.cities) == players
    for z in b.storms:
        assert not b.active[z] and all(z not in b.adj[o] for o in range(len(ZONES)))
    for c in range(len(CITIES)):
        quarters = [i for i, z in enumerate(ZONES) if z.id.startswith(CITIES[c].id + "-")]
        assert all(b.active[q] == (c in b.cities) for q in quarters)
    # every zone in play is reachable by land from every other one
    start = b.cities and next(i for i in range(len(ZONES)) if b.active[i])
    seen = {start}
    todo = [start]
    while todo:
        z = todo.pop()
        for n in b.adj[z]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == {i for i in range(len(ZONES)) if b.active[i]}


def test_KM_1_4_ports_and_KM_1_5_obelisks():
    b = board_for(6)
    assert {ZONES[z].port for z in b.ports} == {"trade", "military"}
    assert sorted(ZONES[z].id for z in b.obelisks) == ["delta-desert", "temple-es", "temple-ws"]
    for c in CITIES:
        assert ZONES[Z(c.desert)].port == "military"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_KM_2_1_3_tile_colours_by_player_count(players):
    s = GAME.new_state(players, 3)
    assert len(s.colours) == COLOURS_BY_PLAYERS[players]
    on_offer = sum(n for t, n in enumerate(s.market) if t not in AMBER)
    expected = {2: 26, 3: 48, 4: 48, 5: 64, 6: 80}[players]
    assert on_offer == expected
    assert {TILE_COLOUR[t] for t, n in enumerate(s.market) if n and t not in AMBER} == set(s.colours)
    assert [s.market[t] for t in AMBER] == [1]  # KM-1.12: plus the amber tile, in every game


def test_KM_2_1_5_two_players_single_copies_and_no_punishment():
    s = GAME.new_state(2, 0)
    assert max(s.market) == 1
    assert all(TILES[t].name != "Punishment of the Gods" for t, n in enumerate(s.market) if n)
    s3 = GAME.new_state(3, 0)
    assert max(s3.market) == 2


def test_KM_2_1_6_update_variant_replaces_each_dominion_by_one_draw():
    for seed in range(6):
        s = GAME.new_state(4, seed, {"update": True})
        for c in s.colours:
            third = [t for t, n in enumerate(s.market) if n and TILE_COLOUR[t] == c
                     and (TILES[t].update or TILES[t].name == "Dominion")]
            assert len(third) == 1 and TILES[third[0]].level == 3
    plain = GAME.new_state(4, 0)
    assert not any(TILES[t].update for t, n in enumerate(plain.market) if n)


def test_KM_1_9_the_di_deck_holds_38_cards():
    s = GAME.new_state(2, 0)
    assert sum(c.count for c in DI_CARDS) == 38
    assert len(s.di_deck) + sum(len(p.di) - 1 for p in s.ps) == 38


def test_KM_2_2_individual_setup():
    s = GAME.new_state(4, 1)
    for pl in s.ps:
        assert pl.pp == 7 and pl.tokens == 5 and pl.supply == 12
        assert len(pl.hand) == 8
        assert len(pl.di) == 3 and DI_CARDS[pl.di[0]].name == "Distraction"


def test_KM_2_3_setup_sequence():
    s = GAME.new_state(3, 5)
    assert sorted(s.order) == [0, 1, 2]
    first = s.order[0]
    assert s.cur == first and step_of(s) == "city"
    # cities are chosen in turn order
    for i in range(3):
        assert s.cur == s.order[i]
        s.apply(s.legal_actions()[0])
    # troops: two quarters of five, two warriors in supply
    for i in range(3):
        s.apply(s.legal_actions()[-1])
    for p in range(3):
        qs = board.quarters_of(s, p)
        assert sorted(s.count[q] for q in qs) == [0, 5, 5]
        assert s.ps[p].supply == 2
    # pyramids: three levels, at most two per quarter
    assert "pyramids 1/1/1" in texts(s) and "pyramids 2/1/0" in texts(s)
    assert all(max(a.data) <= 2 and sum(a.data) == 3 for a in s.legal_actions())
    while step_of(s) != "tile1":
        s.apply(s.legal_actions()[0])
    for p in range(3):
        cols = {s.pyr_colour[q] for q in board.quarters_of(s, p) if s.pyr_level[q]}
        assert {c for c in s.ps[p].slots if c >= 0} == cols
    # level-1 tiles are chosen in reverse turn order, of one's own pyramid colours
    for i in range(3):
        p = s.order[2 - i]
        assert s.cur == p
        cols = {COLOURS[s.pyr_colour[q]] for q in board.quarters_of(s, p) if s.pyr_level[q]}
        for a in s.legal_actions():
            t = TILES[a.data[0]]
            assert t.level == 1 and t.colour in cols
        s.apply(s.legal_actions()[0])
    assert step_of(s) == "turn" and s.round == 1 and s.cur == s.order[0]


def test_KM_2_2_4_two_players_build_two_pyramids():
    s = GAME.new_state(2, 0)
    while step_of(s) != "pyramids":
        s.apply(s.legal_actions()[0])
    assert "pyramids 1/1/1" not in texts(s)
    d = setup_done(2, 0)
    assert board.max_pyramids(d) == 2


def test_bad_player_count_is_refused():
    with pytest.raises(SetupError):
        GAME.new_state(7, 0)
    with pytest.raises(SetupError):  # one player is the solo mode (KM-S.1); solo needs one player
        GAME.new_state(2, 0, {"mode": "solo"})
