"""TU-1 (the map) and TU-2 (setup)."""

from collections import Counter

import pytest

from theogony.core import IllegalAction, Rng, SetupError
from theogony.games.theurgy import board, cards
from theogony.games.theurgy.state import DEITIES, GREY

from .helpers import GAME


def test_TU_1_1_to_1_4_map_has_19_tiles_capital_centre_inner_ring_one_of_each():
    for seed in range(30):
        types = board.generate_map(Rng(seed))
        assert types[0] == "capital"
        assert Counter(types) == Counter({"capital": 1, **{t: 3 for t in board.TYPES}})
        assert sorted(types[i] for i in board.INNER) == sorted(board.TYPES)


def test_TU_1_6_geometry_neighbours_and_shared_vertices():
    assert board.N_POS == 19 and board.N_VERTICES == 54
    assert all(len(board.NEIGHBOURS[i]) == 6 for i in range(7))
    assert all(len(board.NEIGHBOURS[i]) in (3, 4) for i in board.OUTER)
    assert all(len(board.CORNERS[i]) == 6 for i in range(19))
    assert sum(len(a) == 3 for a in board.VERTEX_AROUND) == 24
    for v, around in enumerate(board.VERTEX_AROUND):
        for a in around:
            assert v in board.CORNERS[a]
            assert all(b in board.NEIGHBOURS[a] for b in around if b != a)


def test_TU_1_5_fix_up_swaps_the_inner_tile_when_three_of_a_type_meet():
    # find a vertex inner(1) + two outer tiles and make all three farmland
    types = ["capital", "forest", "market", "farmland", "marsh", "harbour", "mine",
             "market", "farmland", "marsh", "harbour", "mine", "forest",
             "farmland", "marsh", "harbour", "mine", "forest", "market"]
    v = next(v for v, a in enumerate(board.VERTEX_AROUND) if len(a) == 3 and a[0] == 1 and a[1] >= 7)
    a = board.VERTEX_AROUND[v]
    for p in a:
        old = types[p]
        types[p] = "farmland"
        # keep three of each type by moving the displaced type elsewhere in the outer ring
        if p != 1:
            other = next(i for i in board.OUTER if types[i] == "farmland" and i not in a)
            types[other] = old
        else:
            types[3] = old
    assert board.triple_vertex(types) is not None
    board.fix_up(types)
    assert board.triple_vertex(types) is None
    assert sorted(types[i] for i in board.INNER) == sorted(board.TYPES)
    assert Counter(types) == Counter({"capital": 1, **{t: 3 for t in board.TYPES}})


def test_TU_1_5_generated_maps_never_have_a_triple_vertex():
    assert all(board.triple_vertex(board.generate_map(Rng(seed))) is None for seed in range(300))


def _finish_setup(s):
    while s.decision.kind != "turn":
        s.apply(s.legal_actions()[0])


@pytest.mark.parametrize("players", [2, 3])
def test_TU_2_7_two_or_three_players_start_in_two_opposite_outer_settlements(players):
    s = GAME.new_state(players, 3)
    order = [(s.first + k) % players for k in range(players)]
    assert s.current_player == order[-1], "TU-2.6: starting locations are chosen in reverse order"
    for t in [a.text for a in s.legal_actions()]:
        assert " and " in t
    _finish_setup(s)
    for k, p in enumerate(order):
        a, b = s.seats[p].acolytes
        assert a != b and board.OPPOSITE[a] == b and a in board.OUTER
        extra = 1 if k >= 2 else 0
        assert s.mortals[a][p] == 3 + extra and s.mortals[b][p] == 3 + extra
        assert s.faith.count(p) == 2


@pytest.mark.parametrize("players", [4, 5, 6])
def test_TU_2_7_four_to_six_players_start_with_both_acolytes_in_one_settlement(players):
    s = GAME.new_state(players, 5)
    _finish_setup(s)
    order = [(s.first + k) % players for k in range(players)]
    for k, p in enumerate(order):
        a, b = s.seats[p].acolytes
        assert a == b and a in board.OUTER
        assert s.mortals[a][p] == 3 + (0, 0, 1, 1, 2, 2)[k], "TU-2.8 extra followers"
        assert s.faith.count(p) == 1


@pytest.mark.parametrize("players", [2, 4, 6])
def test_TU_2_9_non_believers_sceptics_and_anomaly(players):
    s = GAME.new_state(players, 1)
    _finish_setup(s)
    starts = {a for seat in s.seats for a in seat.acolytes}
    for q in board.OUTER:
        assert s.mortals[q][GREY] == (0 if q in starts else 3)
    for q in board.INNER:
        assert s.mortals[q][GREY] == 5 and s.sceptics[q] == 1
    assert s.mortals[0][GREY] == 8 and s.sceptics[0] == 2 and s.anomaly == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_TU_2_1_to_2_4_hands_monsters_callings(players):
    s = GAME.new_state(players, 11)
    assert all(len(seat.hand) == 3 for seat in s.seats)
    assert len(s.miracle_deck) == 51 - 3 * players
    assert len(s.faceup) == 3 and s.markers == [0, 0, 0] and len(s.monster_deck) == 27
    for seat in s.seats:
        assert len(seat.offer) == 2
        assert all(players in cards.CALLING[c].players for c in seat.offer)
    assert len({seat.deity for seat in s.seats}) == players
    _finish_setup(s)
    for seat in s.seats:
        assert seat.calling in seat.offer


def test_TU_2_10_the_kept_calling_is_hidden_from_others():
    s = GAME.new_state(3, 2)
    _finish_setup(s)
    for p in range(3):
        view = s.view(p)
        for i, entry in enumerate(view["seats"]):
            assert ("calling" in entry) == (i == p)
            assert ("hand" in entry) == (i == p)
    spectator = s.view(None)
    assert all("hand" not in e and "calling" not in e for e in spectator["seats"])


def test_TU_2_7_starting_settlement_is_not_next_to_the_capital_and_not_shared():
    s = GAME.new_state(5, 4)
    chosen = []
    while s.decision.kind == "start":
        legal = s.legal_actions()
        for a in legal:
            assert a.data[1] in board.OUTER and a.data[1] not in chosen
        chosen.append(legal[-1].data[1])
        s.apply(legal[-1])
        while s.decision.kind == "start_faith":
            s.apply(s.legal_actions()[0])


@pytest.mark.parametrize("players,events", [(2, 2), (3, 2), (4, 1), (6, 1)])
def test_TU_12_capital_events_are_inserted_in_the_lower_piles(players, events):
    s = GAME.new_state(players, 8, {"capital_events": True})
    deck = s.miracle_deck
    ev = [k for k, c in enumerate(deck) if c in cards.EVENT]
    assert len(ev) == events
    assert len(deck) == 51 - 3 * players + events
    size = 51 - 3 * players
    quarter = size / 4
    # pile D is the bottom quarter of the deck (end of the list is the top)
    assert ev[0] < quarter + 2
    if events == 2:
        assert 2 * quarter - 1 <= ev[1] <= 3 * quarter + 2
    plain = GAME.new_state(players, 8)
    assert not any(c in cards.EVENT for c in plain.miracle_deck)


# ---- TU-2.5 / R-2: deities dealt at random or chosen (variant deities) -----------------------

def test_TU_2_5_random_deal_gives_every_seat_a_different_deity():
    for players in range(2, 7):
        s = GAME.new_state(players, players)
        deities = [seat.deity for seat in s.seats]
        assert len(set(deities)) == players and set(deities) <= set(DEITIES)


def test_TU_2_5_R_2_choose_variant_seats_choose_in_reverse_order_then_start():
    for players in range(2, 7):
        s = GAME.new_state(players, 7, {"deities": "choose"})
        assert all(seat.deity == "" for seat in s.seats)
        expected = [(s.first - k) % players for k in range(1, players + 1)]   # last player first
        seen = []
        for k in range(players):
            assert s.decision.kind == "deity"
            seen.append(s.current_player)
            texts = [a.text for a in s.legal_actions()]
            assert len(texts) == 6 - k                                        # taken deities are gone
            s.apply(texts[-1])
        assert seen == expected
        deities = [seat.deity for seat in s.seats]
        assert len(set(deities)) == players and "" not in deities
        assert s.decision.kind == "start" and s.current_player == expected[0]


def test_TU_2_5_choose_variant_refuses_a_taken_deity_without_changing_the_state():
    s = GAME.new_state(3, 1, {"deities": "choose"})
    s.apply("choose Kelerix")
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply("choose Kelerix")
    with pytest.raises(IllegalAction):
        s.apply("choose Zeus")
    assert s.to_json() == before


def test_TU_2_5_choose_variant_rejects_unknown_values_and_heuristic_picks_simplest_free_deity():
    with pytest.raises(SetupError):
        GAME.new_state(2, 0, {"deities": "auction"})
    s = GAME.new_state(2, 3, {"deities": "choose"})
    agent = GAME.agents()["heuristic"]({})
    rng = Rng(0)
    first = agent.act(s.determinize(s.current_player, rng), rng)
    assert first.text == "choose Lutraz"              # the rulebook's simplest deity
    s.step(first)
    second = agent.act(s.determinize(s.current_player, rng), rng)
    assert second.text == "choose Orrun"
