"""TU-9 Test the Faith, with the rulebook's three worked examples."""

from theogony.games.theurgy.rules.test_the_faith import conversions
from theogony.games.theurgy.state import GREY

from .helpers import acolytes, begin, blank, faith_on, monster, put, q, texts

LUTRAZ, KELERIX, KIRJANI = 0, 1, 2


def _neighbour_sceptics(s, name):
    from theogony.games.theurgy.board import NEIGHBOURS

    return {s.name(r): s.sceptics[r] for r in NEIGHBOURS[q(s, name)]}


def test_TU_9_example_1_two_tokens_convert_two_non_believers_and_build():
    s = blank(2)
    put(s, "Farmland-1", LUTRAZ, 2)
    put(s, "Farmland-1", GREY, 3)
    faith_on(s, "Farmland-1", LUTRAZ, 2)
    acolytes(s, LUTRAZ, "Marsh-1")                    # an acolyte keeps doubt out of Marsh-1
    acolytes(s, KELERIX, "Market-3")
    begin(s, LUTRAZ, "test the faith")
    s.apply("test the faith in Farmland-1")
    f = q(s, "Farmland-1")
    assert s.mortals[f][LUTRAZ] == 4 and s.mortals[f][GREY] == 1      # 2 - 0 = 2 converted
    assert s.temple[f] == LUTRAZ
    assert s.anomaly == f
    around = _neighbour_sceptics(s, "Farmland-1")
    assert around["Marsh-1"] == 0                                       # acolyte there
    assert all(v == 1 for k, v in around.items() if k != "Marsh-1")


def test_TU_9_example_2_non_believers_convert_and_a_tie_destroys_the_temple():
    s = blank(2)
    f = q(s, "Farmland-1")
    put(s, "Farmland-1", LUTRAZ, 3)
    put(s, "Farmland-1", GREY, 1)
    s.sceptics[f] = 2
    faith_on(s, "Farmland-1", LUTRAZ, 1)
    s.temple[f] = LUTRAZ
    begin(s, KELERIX, "test the faith")
    s.apply("test the faith in Farmland-1")
    assert s.mortals[f][LUTRAZ] == 2 and s.mortals[f][GREY] == 2
    assert s.temple[f] == -1 and s.ruins[f] == [LUTRAZ], "a tie destroys the temple into a ruin"


def test_TU_9_example_3_tied_colours_share_conversions_rounding_down():
    s = blank(3)
    f = q(s, "Farmland-1")
    put(s, "Farmland-1", LUTRAZ, 2)
    put(s, "Farmland-1", GREY, 1)
    put(s, "Farmland-1", KIRJANI, 2)
    put(s, "Farmland-1", KELERIX, 3)
    s.sceptics[f] = 2
    faith_on(s, "Farmland-1", LUTRAZ, 2)
    faith_on(s, "Farmland-1", KIRJANI, 1)
    begin(s, LUTRAZ, "test the faith")
    s.apply("test the faith in Farmland-1")
    m = s.mortals[f]
    # Lutraz and grey each take 1 Kirjani (2-1) and 1 Kelerix (3 shared by 2, rounded down);
    # Kirjani then takes Kelerix's last follower (1-0)
    assert (m[LUTRAZ], m[GREY], m[KIRJANI], m[KELERIX]) == (4, 3, 1, 0)
    assert s.temple[f] == LUTRAZ


def test_TU_9_3_conversion_algorithm_unit():
    # colours: 0..5 seats, 6 grey
    assert conversions([1, 0, 0, 0, 0, 0, 3], [2, 0, 0, 0, 0, 0, 0]) == [3, 0, 0, 0, 0, 0, 1]
    # no tokens anywhere: nothing happens
    assert conversions([2, 3, 0, 0, 0, 0, 1], [0] * 7) == [2, 3, 0, 0, 0, 0, 1]
    # a colour with tokens but no followers still converts
    assert conversions([0, 4, 0, 0, 0, 0, 0], [3, 1, 0, 0, 0, 0, 0]) == [2, 2, 0, 0, 0, 0, 0]
    # three tied colours share 5 followers: 1 each, 2 remain
    assert conversions([0, 0, 0, 5, 0, 0, 0], [2, 2, 0, 0, 0, 0, 2]) == [1, 1, 0, 2, 0, 0, 1]


def test_TU_9_1_the_anomaly_must_move():
    s = blank(2)
    begin(s, LUTRAZ, "test the faith")
    assert "test the faith in Capital" not in texts(s)
    assert len(texts(s)) == 18


def test_TU_9_6_restoring_a_ruin_and_never_ruin_and_temple_together():
    s = blank(2)
    f = q(s, "Farmland-1")
    s.ruins[f] = [LUTRAZ, KELERIX]
    s.temple[f] = -1
    put(s, "Farmland-1", LUTRAZ, 3)
    begin(s, KELERIX, "test the faith")
    s.apply("test the faith in Farmland-1")
    assert s.temple[f] == LUTRAZ and s.ruins[f] == [KELERIX]


def test_TU_9_5_non_believer_majority_destroys_and_builds_nothing():
    s = blank(2)
    f = q(s, "Farmland-1")
    s.temple[f] = KELERIX
    put(s, "Farmland-1", GREY, 3)
    put(s, "Farmland-1", KELERIX, 1)
    begin(s, LUTRAZ, "test the faith")
    s.apply("test the faith in Farmland-1")
    assert s.temple[f] == -1 and s.ruins[f] == [KELERIX]


def test_TU_9_5_empty_settlement_destroys_the_temple():
    s = blank(2)
    f = q(s, "Farmland-1")
    s.temple[f] = KELERIX
    begin(s, LUTRAZ, "test the faith")
    s.apply("test the faith in Farmland-1")
    assert s.temple[f] == -1 and s.ruins[f] == [KELERIX]


def test_TU_9_7_sceptics_skip_settlements_with_acolyte_or_monster_but_not_wounded_acolytes():
    s = blank(2)
    acolytes(s, KELERIX, "Marsh-1", "Capital")
    s.seats[KELERIX].wounded = [False, True]          # a wounded acolyte is as though absent
    monster(s, "dryad", LUTRAZ, "Forest-2")
    begin(s, LUTRAZ, "test the faith")
    s.apply("test the faith in Farmland-1")
    around = _neighbour_sceptics(s, "Farmland-1")
    assert around == {"Capital": 1, "Market-1": 1, "Marsh-1": 0, "Harbour-2": 1, "Mine-2": 1, "Forest-2": 0}


def test_TU_14_5_eseryn_distributes_the_sceptics_even_onto_acolytes_but_not_monsters():
    s = blank(2, deities=("Eseryn", "Kelerix"))
    acolytes(s, KELERIX, "Marsh-1")
    monster(s, "dryad", KELERIX, "Forest-2")
    begin(s, 0, "test the faith")
    s.apply("test the faith in Farmland-1")
    assert s.decision.kind == "eseryn" and s.stack[-1].count == 4
    options = texts(s)
    assert "sceptic -> Marsh-1" in options and "sceptic -> Forest-2" not in options
    for _ in range(4):
        s.apply("sceptic -> Marsh-1")
    assert s.sceptics[q(s, "Marsh-1")] == 4
    assert s.sceptics[q(s, "Capital")] == 0
