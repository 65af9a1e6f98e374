"""Team mode: mixed troops in recruitment, movement, battle, control and the night (KM-T2 … KM-T8).

Line-up of `tblank()`: seat 0 NW, seat 1 NE, seat 2 SW, seat 3 SE; teams {0, 2} and {1, 3}."""

import pytest

from theogony.core import IllegalAction, Rng
from theogony.games.kemet.rules import team as T
from theogony.games.kemet.content import COLOUR_INDEX, TILE_INDEX, ZONES

from .helpers import GAME, Z, city_q, comp, council, give, play, texts
from .team_helpers import check_counts, tblank, tput, troop
from theogony.games.kemet.rules import acquire, board, night
from .helpers import step_of


def start_move(s, zone, own, **allies):
    play(s, "place token on Movement I", f"move troop from {zone}")
    if step_of(s) == "move_take":
        play(s, f"take {own} warrior{'s' if own > 1 else ''}")
    while step_of(s) == "move_tally":
        seat = s.team.tally[0]
        play(s, f"take {allies.get(f's{seat}', 0)} of seat {seat}'s warriors")
    if step_of(s) == "move_comp":
        play(s, "set out")


# ---------------------------------------------------------------- KM-T2 / KM-T5.1 limits, recruitment

def test_KM_T2_2_mixed_limit_is_five_even_with_a_troop_limit_tile():
    s = tblank()
    give(s, 0, "great-legion")             # +1 troop limit for seat 0's own troops
    q1, q2 = city_q(s, 0, 1), city_q(s, 0, 2)
    tput(s, q1, {0: 4, 2: 1})
    tput(s, q2, {0: 5})
    play(s, "place token on Recruitment I")
    opts = texts(s)
    assert "recruit in NW-1" not in opts   # mixed troop: 5 is the limit
    assert "recruit in NW-2" in opts       # seat 0 alone: 6
    play(s, "recruit in NW-2")
    assert "recruit in NW-2" not in texts(s)
    assert troop(s, q2) == {0: 6}


def test_KM_T5_1_recruits_join_an_allys_warriors_in_ones_own_quarter():
    s = tblank()
    q = city_q(s, 0, 1)
    tput(s, q, {2: 2})                     # only the ally's warriors there
    play(s, "place token on Recruitment I", "recruit in NW-1", "recruit in NW-1", "done recruiting")
    assert troop(s, q) == {0: 2, 2: 2} and s.bt is None
    check_counts(s)


def test_KM_T5_1_recruitment_only_in_ones_own_city():
    s = tblank()
    tput(s, city_q(s, 2, 1), {0: 1, 2: 2})  # seat 0 holds warriors in its ally's quarter
    play(s, "place token on Recruitment I")
    assert not any("SW-" in t for t in texts(s))


# ---------------------------------------------------------------- KM-T6 movement

def test_KM_T6_3_an_ally_moves_a_mixed_troop_keeping_one_of_its_own():
    s = tblank()
    tput(s, "nile-w", {2: 3, 0: 2})
    play(s, "place token on Movement I", "move troop from nile-w")
    assert texts(s) == ["take 1 warrior", "take 2 warriors"]   # seat 0's own warriors only
    play(s, "take 1 warrior")
    assert step_of(s) == "move_tally"
    assert texts(s) == [f"take {j} of seat 2's warriors" for j in range(4)]
    play(s, "take 3 of seat 2's warriors")
    assert s.team.carry == [1, 0, 3, 0] and s.mv.carried == 4
    assert troop(s, "nile-w") == {0: 1}
    # the mover's last warrior of its own never stays behind (it must end in the troop)
    play(s, "go to temple-ws")
    opts = texts(s)
    assert "leave 1 warrior of seat 0 here" not in opts
    assert "leave 1 warrior of seat 2 here" in opts
    play(s, "leave 1 warrior of seat 2 here", "stop here")
    assert troop(s, "temple-ws") == {0: 1, 2: 3}
    check_counts(s)


def test_KM_T6_3_a_seat_without_warriors_in_a_troop_cannot_move_it():
    s = tblank()
    tput(s, "nile-w", {2: 3})
    tput(s, "NW-1", {0: 1})
    play(s, "place token on Movement I")
    assert "move troop from nile-w" not in texts(s)
    with pytest.raises(IllegalAction):
        s.apply("move troop from nile-w")


def test_KM_T6_1_allies_zones_are_crossed_over_the_limit_and_never_fought():
    s = tblank()
    give(s, 0, "priest-of-mafdet")         # two land moves
    tput(s, "nw-desert", {0: 3})
    tput(s, "temple-wn", {2: 5})
    start_move(s, "nw-desert", 3)
    assert "go to temple-wn" in texts(s)
    play(s, "go to temple-wn")
    assert s.bt is None and "stop here" not in texts(s)  # 8 warriors: only passing through
    play(s, "go to nile-w", "stop here")
    assert troop(s, "nile-w") == {0: 3} and troop(s, "temple-wn") == {2: 5}


def test_KM_T1_2_entering_an_allys_zone_merges_without_battle():
    s = tblank()
    tput(s, "nw-desert", {0: 2})
    tput(s, "temple-wn", {2: 2})
    start_move(s, "nw-desert", 2)
    play(s, "go to temple-wn", "stop here")
    assert s.bt is None and troop(s, "temple-wn") == {0: 2, 2: 2}
    check_counts(s)


def test_KM_T6_4_pick_up_an_allys_warriors_on_the_way():
    s = tblank()
    give(s, 0, "priest-of-mafdet")
    tput(s, "nw-desert", {0: 2})
    tput(s, "temple-wn", {2: 2})
    start_move(s, "nw-desert", 2)
    play(s, "go to temple-wn", "pick up 1 warrior of seat 2 here", "go to nile-w", "stop here")
    assert troop(s, "nile-w") == {0: 2, 2: 1} and troop(s, "temple-wn") == {2: 1}
    check_counts(s)


def test_KM_T6_2_allies_ports_and_walls_count_as_ones_own():
    s = tblank()
    tput(s, "nile-e", {0: 2})
    start_move(s, "nile-e", 2)
    opts = texts(s)
    assert "go to sw-desert" in opts       # the ally's Military Port
    assert "go to nw-desert" in opts       # one's own
    assert "go to ne-desert" not in opts and "go to se-desert" not in opts
    assert not T.enemy_quarter(s, 0, Z("SW-1")) and T.enemy_quarter(s, 0, Z("NE-1"))


def test_KM_T6_2_several_allied_quarters_in_one_movement():
    s = tblank()
    give(s, 0, "priest-of-mafdet")
    tput(s, "sw-desert", {0: 2})
    start_move(s, "sw-desert", 2)
    play(s, "go to SW-1")
    assert "go to SW-2" in texts(s)        # an enemy city would allow only one quarter


def test_KM_T6_5_movement_uses_the_movers_tiles_and_any_attached_companion():
    s = tblank()
    give(s, 2, "priest-of-mafdet")         # the ally's tile: not for seat 0's movement
    k = comp("deep-desert-snake") if "deep-desert-snake" in TILE_INDEX else None
    tput(s, "nw-desert", {0: 1, 2: 1})
    if k is not None:
        give(s, 2, "deep-desert-snake")
        s.comp_loc[k] = Z("nw-desert")     # the ally's creature rides with the troop
    start_move(s, "nw-desert", 1, s2=1)
    assert s.mv.moves == 1 + (1 if k is not None else 0)


# ---------------------------------------------------------------- KM-T8 battle

def _mixed_defence(s):
    tput(s, "nile-e", {0: 4})
    tput(s, "temple-en", {1: 1, 3: 2})
    start_move(s, "nile-e", 4)
    play(s, "go to temple-en")


def test_KM_T8_2_defending_team_chooses_the_defender_before_the_council():
    s = tblank()
    _mixed_defence(s)
    assert s.bt.stage == "defender" and s.cur in (1, 3)
    assert texts(s) == ["seat 1 defends", "seat 3 defends"]
    play(s, "seat 3 defends")
    assert s.bt.dfn == 3 and s.bt.stage == "a_disc" and s.cur == 0


def test_KM_T8_3_only_the_participants_tiles_but_every_companion_count():
    s = tblank()
    give(s, 1, "blades-of-neith")          # +1 strength for seat 1 only
    give(s, 1, "ancient-elephant")         # seat 1's creature, attached to the mixed troop
    s.comp_loc[comp("ancient-elephant")] = Z("temple-en")
    _mixed_defence(s)
    play(s, "seat 3 defends")
    council(s, "Charge", "Phalanx")        # seat 0: 4 + 2 = 6
    council(s, "Charge", "Phalanx")        # seat 3: 3 warriors + 2 + elephant 1, no Blades
    assert s.bt.strengths == (6, 6)
    assert s.bt.winner == 3


def test_KM_T8_4_the_defenders_split_their_losses_after_the_reveal():
    s = tblank()
    _mixed_defence(s)
    play(s, "seat 1 defends")
    council(s, "Charge", "Assault")        # seat 0: 4 + 3 = 7, 2 damage
    council(s, "Phalanx", "Charge")        # 3 + 4 = 7: the defender wins the tie, 1 damage
    assert s.bt.winner == 1 and s.bt.losses == (1, 2)
    # seat 0 loses its one warrior at once; the defender splits 2 losses over {1: 1, 3: 2}
    assert s.bt.stage == "split" and s.cur == 1
    assert texts(s) == ["seat 1 loses 0 warriors", "seat 1 loses 1 warrior"]
    play(s, "seat 1 loses 0 warriors")     # seat 3 then loses both
    assert troop(s, "temple-en") == {1: 1}
    check_counts(s)


def test_KM_T8_1_a_mixed_attacking_group_chooses_its_loss_order_and_lands_together():
    s = tblank()
    tput(s, "nile-e", {0: 2, 2: 2})
    tput(s, "temple-en", {1: 1})
    start_move(s, "nile-e", 2, s2=2)
    play(s, "go to temple-en")
    assert s.bt.stage == "a_disc" and s.cur == 0   # no loss order before the council (KM-TR4)
    council(s, "Charge", "Assault")        # 4 + 3 = 7
    council(s, "Phalanx", "Charge")        # 1 + 4 = 5, 1 damage
    assert s.bt.winner == 0 and s.bt.losses == (1, 1)
    assert s.bt.stage == "split" and s.cur == 0
    play(s, "seat 0 loses 0 warriors")     # seat 2 loses the warrior
    play(s, "seat 1 takes a veteran token")  # the beaten defender's veteran (KM-T8.5)
    play(s, "stay")
    assert troop(s, "temple-en") == {0: 2, 2: 1} and s.team.carry == [0, 0, 0, 0]
    check_counts(s)


def test_KM_T8_recall_of_a_mixed_troop_returns_each_seats_warriors():
    s = tblank()
    _mixed_defence(s)
    play(s, "seat 1 defends")
    council(s, "Phalanx", "Charge")
    council(s, "Assault", "Phalanx")
    play(s, "seat 1 takes a veteran token")
    assert s.bt.winner == 0 and s.bt.stage == "loser" and s.cur == 1
    supply = (s.ps[1].supply, s.ps[3].supply)
    left = troop(s, "temple-en")
    pp = s.ps[1].pp
    play(s, "recall")
    assert (s.ps[1].supply, s.ps[3].supply) == (supply[0] + left.get(1, 0), supply[1] + left.get(3, 0))
    assert s.ps[1].pp == pp + sum(left.values()) - 1   # X-1 PP to the defender
    check_counts(s)


# ---------------------------------------------------------------- KM-T5.2 / KM-T6.6 control

def test_KM_T5_2_a_warrior_in_a_mixed_troop_controls_the_allys_pyramid():
    s = tblank()
    q = city_q(s, 2, 1)
    c = COLOUR_INDEX["ruby"]
    s.pyr_level[q], s.pyr_colour[q] = 2, c
    tput(s, q, {0: 1, 2: 1})
    assert board.controls_quarter(s, 0, q) and board.controls_quarter(s, 2, q)
    s.ps[0].slots = [COLOUR_INDEX["onyx"], -1, -1]
    tiles = acquire.acquirable(s, 0, 1)             # a free slot: no ruby token of its own (KM-3.4.3.2)
    assert tiles and all(board.colour_of(t) == c and board.tile_level(t) <= 2 for t in tiles)


def test_KM_T6_6_enemy_in_a_quarter_ends_the_owners_control_an_ally_does_not():
    s = tblank()
    q = city_q(s, 0, 1)
    tput(s, q, {2: 2})
    assert board.controls_quarter(s, 0, q)
    r = city_q(s, 0, 2)
    tput(s, r, {1: 2})
    assert not board.controls_quarter(s, 0, r) and not board.controls_quarter(s, 2, r)


# ---------------------------------------------------------------- night

def test_KM_T7_3_a_seat_alone_in_two_temples_gains_glory_and_worship_pp():
    s = tblank()
    tput(s, "temple-wn", {2: 1})
    tput(s, "temple-ws", {2: 2})
    pp = [pl.pp for pl in s.ps]
    s.night_step = 2
    s.phase = "night"
    night.next_night(s, [])                          # steps 3 and 4, then 5 (prayers)
    assert [pl.glory for pl in s.ps] == [0, 0, 1, 0]
    gain = sum(ZONES[Z(z)].temple_pp for z in ("temple-wn", "temple-ws"))
    assert gain > 0
    assert s.ps[2].pp == min(11, pp[2] + gain + 2) and s.ps[0].pp == min(11, pp[0] + 2)


def test_KM_T7_1_devotion_removes_the_deciders_warriors_first():
    s = tblank()
    tput(s, "sanctuary", {2: 2, 0: 2})
    s.owner[Z("sanctuary")] = 2
    s.phase = "night"
    s.night_step = 0
    night.next_night(s, [])
    assert step_of(s) == "devotion" and s.cur == 2
    play(s, "sacrifice 2 warriors for 1 Glory")
    assert troop(s, "sanctuary") == {0: 2} and s.ps[2].glory == 1
    check_counts(s)


def test_KM_T8_3_home_bonus_only_for_the_defender_whose_city_it_is():
    for defender, home in ((1, 1), (3, 0)):
        s = tblank()
        q = city_q(s, 1, 1)                 # a quarter of seat 1's city, held by 1 and its ally 3
        tput(s, q, {1: 1, 3: 1})
        tput(s, "ne-desert", {0: 3})
        start_move(s, "ne-desert", 3)
        play(s, f"go to {board.zname(s, q)}", f"seat {defender} defends")
        council(s, "Charge", "Phalanx")     # 3 + 2
        council(s, "Charge", "Phalanx")     # 2 + 2 (+1 at home)
        assert s.bt.strengths == (5, 4 + home)


def test_KM_T7_7_summoning_joins_an_allys_troop_in_ones_own_quarter():
    s = tblank()
    q = city_q(s, 0, 1)
    tput(s, q, {2: 4})
    s.ps[0].veterans = 3
    s.phase = "night"
    s.night_step = 6
    s.pos = 0
    assert night.night_player(s, 7, [])
    assert step_of(s) == "summon" and s.cur == 0
    play(s, f"summon a warrior in {board.zname(s, q)}")
    assert troop(s, q) == {0: 1, 2: 4}
    assert f"summon a warrior in {board.zname(s, q)}" not in texts(s)   # the mixed troop is full
    check_counts(s)


def test_KM_T_heuristic_leaves_allies_to_hold_a_temple():
    s = tblank()
    tput(s, "temple-wn", {0: 2, 2: 3})
    h = GAME.agents()["heuristic"](None)
    play(s, "place token on Movement I", "move troop from temple-wn", "take 2 warriors")
    assert step_of(s) == "move_tally"
    assert h.act(s, Rng(0)).text == "take 0 of seat 2's warriors"
