"""TU-3 turns and the golden rule, TU-4 winning, TU-5 Pilgrimage, TU-6 Spread the Word, TU-7 Divine
Intervention, TU-8 monsters, TU-10 wounding, TU-11 no turn limit; the rulebook's worked examples."""

import pytest

from theogony.core import IllegalAction
from theogony.games.theurgy import cards
from theogony.games.theurgy.board import CORNERS, VERTEX_AROUND
from theogony.games.theurgy.rules.winning import has_won
from theogony.games.theurgy.state import GREY

from .helpers import acolytes, begin, blank, give, in_di, monster, put, q, start_turn, texts

LUTRAZ, KELERIX = 0, 1


# ---------------------------------------------------------------- TU-3

def test_TU_3_2_golden_rule_the_pawn_must_move():
    s = blank(2)
    s.seats[LUTRAZ].pawn = "pilgrimage"
    start_turn(s, LUTRAZ)
    assert texts(s) == ["spread the word", "divine intervention", "test the faith"]
    with pytest.raises(IllegalAction, match="not a legal action"):
        s.apply("pilgrimage")


def test_TU_14_3_orrun_may_repeat_divine_intervention():
    s = blank(2, deities=("Orrun", "Kelerix"))
    s.seats[0].pawn = "divine intervention"
    start_turn(s, 0)
    assert "divine intervention" in texts(s)
    s.seats[0].pawn = "test the faith"
    assert "test the faith" not in texts(s)


def test_TU_3_illegal_input_is_refused_with_a_reason_and_changes_nothing():
    s = blank(2)
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply("fly to the moon")
    assert "legal now" in str(info.value) and info.value.expected
    assert s.to_json() == before


# ---------------------------------------------------------------- TU-5 Pilgrimage

def _pilgrimage_example():
    s = blank(2)
    put(s, "Harbour-2", LUTRAZ, 1)
    put(s, "Marsh-2", LUTRAZ, 2)
    acolytes(s, LUTRAZ, "Marsh-2", "Capital")
    put(s, "Marsh-2", KELERIX, 2)
    acolytes(s, KELERIX, "Marsh-2", "Mine-3")        # Kelerix defends the Marsh followers
    put(s, "Farmland-2", KELERIX, 1)
    monster(s, "werewolf", KELERIX, "Farmland-2")
    return s


def test_TU_5_example_1_defended_followers_cannot_be_converted_so_move_and_preach():
    s = _pilgrimage_example()
    begin(s, LUTRAZ, "pilgrimage")
    assert not [t for t in texts(s) if "preaches to Kelerix in Marsh-2" in t], "TU-5.5 defended"
    s.apply("move follower Harbour-2 -> Marsh-2")
    s.apply("move acolyte 1 Marsh-2 -> Farmland-2")
    s.apply("acolyte 1 preaches to Kelerix in Farmland-2")
    fl = q(s, "Farmland-2")
    assert s.mortals[fl][LUTRAZ] == 1 and s.mortals[fl][KELERIX] == 0
    s.apply("done")
    assert s.current_player == KELERIX


def test_TU_5_example_2_fight_an_undefended_werewolf():
    s = _pilgrimage_example()
    begin(s, LUTRAZ, "pilgrimage")
    s.apply("move acolyte 1 Marsh-2 -> Farmland-2")
    s.apply("acolyte 1 fights Werewolf in Farmland-2")
    assert "werewolf" not in s.mon_pos and s.seats[KELERIX].horde == []
    assert s.monster_discard[-1] == "werewolf"
    # the acolyte has preached or fought once: no more preaching
    assert not [t for t in texts(s) if t.startswith("acolyte 1 ")]


def test_TU_5_6_a_monster_is_defended_by_its_owners_acolyte():
    s = _pilgrimage_example()
    acolytes(s, KELERIX, "Farmland-2", "Mine-3")
    begin(s, LUTRAZ, "pilgrimage")
    s.apply("move acolyte 1 Marsh-2 -> Farmland-2")
    assert not [t for t in texts(s) if "fights" in t]


def test_TU_5_7_a_converted_follower_cannot_move_the_same_pilgrimage():
    s = blank(2)
    acolytes(s, LUTRAZ, "Forest-3")
    put(s, "Forest-3", GREY, 1)
    begin(s, LUTRAZ, "pilgrimage")
    s.apply("acolyte 1 preaches to non-believer in Forest-3")
    assert not [t for t in texts(s) if t.startswith("move follower")]


def test_TU_5_1_each_piece_moves_once():
    s = blank(2)
    put(s, "Forest-3", KELERIX, 1)
    acolytes(s, KELERIX, "Forest-3")
    s.seats[KELERIX].deity = "Aeoris"
    begin(s, KELERIX, "pilgrimage")
    s.apply("move follower Forest-3 -> Mine-3")
    s.apply("move acolyte 1 Forest-3 -> Mine-3")
    assert not [t for t in texts(s) if t.startswith("move follower") or t.startswith("move acolyte 1")]


def test_TU_14_2_kelerix_pieces_move_twice_but_preach_once():
    s = blank(2)
    put(s, "Forest-3", KELERIX, 1)
    put(s, "Capital", GREY, 2)
    acolytes(s, KELERIX, "Forest-3", "Harbour-3")
    begin(s, KELERIX, "pilgrimage")
    s.apply("move follower Forest-3 -> Mine-1")
    s.apply("move follower Mine-1 -> Capital")
    assert not [t for t in texts(s) if t.startswith("move follower")]
    s.apply("move acolyte 1 Forest-3 -> Mine-1")
    s.apply("move acolyte 1 Mine-1 -> Capital")
    s.apply("acolyte 1 preaches to non-believer in Capital")
    assert not [t for t in texts(s) if t.startswith("acolyte 1") or t.startswith("move acolyte 1")]


def test_TU_14_1_lutraz_preaches_before_and_after_moving():
    s = blank(2)
    acolytes(s, LUTRAZ, "Forest-3", "Forest-3")
    put(s, "Forest-3", GREY, 2)
    put(s, "Mine-1", GREY, 2)
    begin(s, LUTRAZ, "pilgrimage")
    s.apply("acolyte 1 preaches to non-believer in Forest-3")
    s.apply("acolyte 2 preaches to non-believer in Forest-3")
    s.apply("move acolyte 1 Forest-3 -> Mine-1")
    s.apply("move acolyte 2 Forest-3 -> Mine-1")
    s.apply("acolyte 1 preaches to non-believer in Mine-1")
    s.apply("acolyte 2 preaches to non-believer in Mine-1")
    assert s.mortals[q(s, "Forest-3")][LUTRAZ] == 2 and s.mortals[q(s, "Mine-1")][LUTRAZ] == 2   # four


def test_TU_14_1_a_lutraz_acolyte_that_does_not_move_acts_once():
    s = blank(2)
    acolytes(s, LUTRAZ, "Forest-3", "Capital")
    put(s, "Forest-3", GREY, 2)
    begin(s, LUTRAZ, "pilgrimage")
    s.apply("acolyte 1 preaches to non-believer in Forest-3")
    assert "acolyte 1 preaches to non-believer in Forest-3" not in texts(s)


def test_TU_5_9_a_legendary_monster_needs_two_acolytes():
    s = blank(2)
    monster(s, "hydra", KELERIX, "Marsh-1")
    acolytes(s, LUTRAZ, "Marsh-1", "Capital")
    begin(s, LUTRAZ, "pilgrimage")
    assert not [t for t in texts(s) if "fight" in t]
    s.apply("move acolyte 2 Capital -> Marsh-1")
    s.apply("acolytes 1+2 fight Hydra in Marsh-1")
    assert "hydra" not in s.mon_pos


def test_TU_10_wounded_acolyte_stands_up_and_does_nothing_else():
    s = blank(2)
    acolytes(s, LUTRAZ, "Forest-3", "Capital")
    put(s, "Forest-3", GREY, 2)
    put(s, "Forest-3", LUTRAZ, 1)
    s.seats[LUTRAZ].wounded = [True, False]
    acolytes(s, KELERIX, "Forest-3")
    put(s, "Forest-3", KELERIX, 0)
    # while wounded it defends nothing: Kelerix may convert Lutraz's follower
    begin(s, KELERIX, "pilgrimage")
    assert "acolyte 1 preaches to Lutraz in Forest-3" in texts(s)
    s.apply("done")
    s.apply("pilgrimage")
    assert s.seats[LUTRAZ].wounded == [False, False]
    assert not [t for t in texts(s) if t.startswith("acolyte 1") or t.startswith("move acolyte 1")]


def test_TU_10_wounded_acolyte_cannot_perform_miracles():
    s = blank(2)
    s.seats[LUTRAZ].wounded = [True, False]
    give(s, LUTRAZ, "tongues")
    in_di(s, LUTRAZ)
    assert not [t for t in texts(s) if "by acolyte 1" in t]
    assert [t for t in texts(s) if "by acolyte 2" in t]


# ---------------------------------------------------------------- TU-6 Spread the Word

def test_TU_6_example_1_place_on_a_vacant_vertex_of_a_settlement_with_a_follower():
    s = blank(2)
    put(s, "Forest-3", LUTRAZ, 1)
    begin(s, LUTRAZ, "spread the word")
    options = texts(s)
    vertices = {int(t.split()[2][1:]) for t in options if t.startswith("place faith")}
    assert vertices == set(CORNERS[q(s, "Forest-3")])
    s.apply(options[0])
    assert s.faith.count(LUTRAZ) == 1


def test_TU_6_example_2_replace_a_token_surrounded_by_more_of_your_followers():
    s = blank(2)
    v = next(v for v in CORNERS[q(s, "Farmland-2")] if len(VERTEX_AROUND[v]) == 3)
    s.faith[v] = KELERIX
    a, b, c = VERTEX_AROUND[v]
    s.mortals[a][LUTRAZ] = 2
    s.mortals[b][LUTRAZ] = 1
    s.mortals[c][KELERIX] = 2
    begin(s, LUTRAZ, "spread the word")
    replace = [t for t in texts(s) if t.startswith("replace") and f"V{v} " in t]
    assert replace
    s.apply(replace[0])
    assert s.faith[v] == LUTRAZ
    # with equal numbers it cannot be replaced
    s2 = blank(2)
    s2.faith[v] = KELERIX
    s2.mortals[a][LUTRAZ] = 2
    s2.mortals[c][KELERIX] = 2
    begin(s2, LUTRAZ, "spread the word")
    assert not [t for t in texts(s2) if t.startswith("replace")]


def test_TU_14_6_kirjani_tokens_cannot_be_replaced_while_her_acolyte_stands_around():
    s = blank(2, deities=("Lutraz", "Kirjani"))
    v = next(v for v in CORNERS[q(s, "Farmland-2")] if len(VERTEX_AROUND[v]) == 3)
    s.faith[v] = 1
    a, b, c = VERTEX_AROUND[v]
    s.mortals[a][LUTRAZ] = 5
    s.seats[1].acolytes = [c, c]
    begin(s, LUTRAZ, "spread the word")
    assert not [t for t in texts(s) if t.startswith("replace")]
    s.seats[1].wounded = [True, True]                 # a wounded acolyte uses no deity power
    assert [t for t in texts(s) if t.startswith("replace")]


def test_TU_6_3_nothing_to_place_is_a_pass():
    s = blank(2)
    for q_ in range(19):
        s.mortals[q_][LUTRAZ] = 0
    begin(s, LUTRAZ, "spread the word")
    assert texts(s) == ["pass"]


# ---------------------------------------------------------------- TU-7 Divine Intervention

def test_TU_7_example_1_miracle_removes_sceptics_then_discard_and_draw_to_three():
    s = blank(2)
    acolytes(s, LUTRAZ, "Farmland-1")
    f = q(s, "Farmland-1")
    s.sceptics[f] = 3
    give(s, LUTRAZ, "tongues", "runes", "path")
    in_di(s, LUTRAZ)
    s.apply("miracle Speak In Every Tongue by acolyte 1 in Farmland-1")
    assert s.sceptics[f] == 0
    s.apply(texts(s)[0])
    s.apply(texts(s)[0])
    assert s.faith.count(LUTRAZ) == 2
    s.apply("done")
    s.apply("discard Cast The Runes")
    s.apply("discard Make Them Choose A Different Path")
    assert len(s.seats[LUTRAZ].hand) == 3 and s.current_player == KELERIX
    assert s.miracle_discard[-3:] == ["tongues", "runes", "path"], "TU-7.5 the discard pile keeps its order"


def test_TU_7_example_2_summon_the_werewolf():
    s = blank(2)
    forest = q(s, "Forest-2")
    s.sceptics[forest] = 2
    put(s, "Forest-2", KELERIX, 1)
    put(s, "Marsh-1", KELERIX, 2)
    s.faceup = ["werewolf", "troll", "imp"]
    s.markers = [0, 0, 2]
    in_di(s, LUTRAZ)
    s.apply("summon Werewolf")
    assert texts(s) == ["place Werewolf in Forest-1", "place Werewolf in Forest-2", "place Werewolf in Forest-3"]
    s.apply("place Werewolf in Forest-2")
    assert s.sceptics[forest] == 0
    s.apply("remove Kelerix in Forest-2")
    s.apply("remove Kelerix in Marsh-1")
    assert s.mortals[forest][KELERIX] == 0 and s.mortals[q(s, "Marsh-1")][KELERIX] == 1
    # TU-7.11: markers on the untaken cards; the Imp's third marker discards it; refilled to three
    assert "imp" in s.monster_discard and "imp" not in s.faceup
    assert len(s.faceup) == 3 and s.markers[0] == 1 and s.faceup[0] == "troll"
    # TU-8.4: not moved on the turn it was summoned; its ability already triggered
    assert not [t for t in texts(s) if t.startswith("move Werewolf") or t == "activate Werewolf"]


def test_TU_8_werewolf_one_per_settlement_at_most_two_neighbours():
    s = blank(2)
    for name in ("Forest-2", "Marsh-1", "Farmland-1", "Mine-2"):
        put(s, name, KELERIX, 2)
    monster(s, "werewolf", LUTRAZ, "Forest-2")
    in_di(s, LUTRAZ)
    s.apply("activate Werewolf")
    s.apply("remove Kelerix in Marsh-1")
    assert "remove Kelerix in Marsh-1" not in texts(s)
    s.apply("remove Kelerix in Farmland-1")
    assert texts(s) == ["remove Kelerix in Forest-2", "stop"]


def test_TU_7_9_no_monster_is_summoned_into_the_capital_but_may_move_there():
    s = blank(2)
    for m in cards.MONSTERS:
        assert m.type != "capital"
    monster(s, "wight", LUTRAZ, "Marsh-1")
    in_di(s, LUTRAZ)
    s.sceptics[0] = 4
    s.apply("move Marsh Wight Marsh-1 -> Capital")
    assert s.mon_pos["wight"] == 0 and s.sceptics[0] == 0, "TU-8.5 sceptics removed where a monster enters"


def test_TU_8_3_territorial_monsters_do_not_move_and_passives_are_not_activated():
    s = blank(2)
    monster(s, "troll", LUTRAZ, "Marsh-1")
    monster(s, "dryad", LUTRAZ, "Forest-2")
    in_di(s, LUTRAZ)
    options = texts(s)
    assert not [t for t in options if "Troll" in t]
    assert "activate Dryad" in options and not [t for t in options if t.startswith("move Dryad")]


def test_TU_7_blind_summon_draws_the_top_card():
    s = blank(2)
    top = s.monster_deck[-1]
    in_di(s, LUTRAZ)
    s.apply("summon blind")
    assert s.decision.kind == "place_monster" and s.stack[-1].monster == top


def test_TU_7_7_deck_reshuffles_when_empty():
    s = blank(2)
    acolytes(s, LUTRAZ, "Capital")
    give(s, LUTRAZ, "doubts")
    s.miracle_discard = s.miracle_deck + s.miracle_discard
    s.miracle_deck = []
    in_di(s, LUTRAZ)
    s.apply("miracle Cast Out The Doubts by acolyte 1 in Capital")
    s.apply("done")                                   # empty hand: no discard step
    assert len(s.seats[LUTRAZ].hand) == 3 and s.current_player == KELERIX


# ---------------------------------------------------------------- TU-4 winning

def test_TU_4_temples_capital_condition_and_ruins_count_half():
    s = blank(2)
    x = cards.TEMPLES_X[2]
    for k in range(x - 1):
        s.temple[7 + k] = LUTRAZ
    assert not has_won(s, LUTRAZ)
    s.ruins[0] = [LUTRAZ]
    s.temple[0] = KELERIX
    assert not has_won(s, LUTRAZ), "a ruin in the Capital is not a temple there"
    s.ruins[0] = []
    s.temple[0] = LUTRAZ
    assert has_won(s, LUTRAZ) == "Establish the Official Faith"
    s.temple[0] = -1
    s.ruins[12] = [LUTRAZ]
    s.ruins[13] = [LUTRAZ]
    s.ruins[14] = [LUTRAZ]
    s.ruins[15] = [LUTRAZ]
    s.ruins[16] = [LUTRAZ]
    s.ruins[17] = [LUTRAZ]
    assert has_won(s, LUTRAZ) == "Spread Across the Land"      # x-1 + 6 halves = x+2


def test_TU_4_3_calling_condition_needs_x_plus_one():
    s = blank(2)
    x = cards.TEMPLES_X[2]
    s.seats[LUTRAZ].calling = "unbroken"             # no ruin, two followers at each temple
    for k in range(x):
        s.temple[7 + k] = LUTRAZ
        s.mortals[7 + k][LUTRAZ] = 2
    assert not has_won(s, LUTRAZ)
    s.temple[7 + x] = LUTRAZ
    s.mortals[7 + x][LUTRAZ] = 2
    assert has_won(s, LUTRAZ).startswith("Fulfil Your Calling")
    s.ruins[1] = [LUTRAZ]
    assert not has_won(s, LUTRAZ).startswith("Fulfil"), "Unbroken Faith fails with a ruin"


def test_TU_4_2_a_condition_met_on_another_turn_wins_only_at_the_end_of_your_own():
    s = blank(2)
    x = cards.TEMPLES_X[2]
    for k in range(x + 2):
        s.temple[7 + k] = KELERIX
    begin(s, LUTRAZ, "spread the word")
    s.apply(texts(s)[0])
    assert s.winner == -1 and s.current_player == KELERIX
    # Kelerix loses a temple during their own turn (tested away): no win
    put(s, "Market-2", LUTRAZ, 3)
    s.apply("test the faith")
    s.apply("test the faith in Market-2")
    assert s.winner == -1 and s.current_player == LUTRAZ
    s.temple[0] = KELERIX
    s.apply("pilgrimage")
    s.apply("done")
    s.apply("pilgrimage")
    s.apply("done")
    assert s.winner == KELERIX and s.is_terminal()
    assert s.outcome().winners == (KELERIX,) and s.outcome().ranks == (2, 1)


def test_TU_11_no_turn_limit_a_game_goes_on_past_forty_rounds():
    s = blank(3)
    s.turns_taken = 40 * 3 - 1                       # the old safety limit would end the game here
    s.temple[7] = 2
    s.ruins[8] = [1]
    put(s, "Capital", 1, 5)
    begin(s, LUTRAZ, "pilgrimage")
    s.apply("done")
    assert not s.is_terminal() and s.current_player == KELERIX and s.turns_taken == 120
    # a game stopped from outside is ranked by temple points, then followers
    out = s.outcome()
    assert out.winners == (2,) and out.ranks == (3, 2, 1)
