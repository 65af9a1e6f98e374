"""Movement (KM-3.4.5) and control of zones (KM-7.4)."""

from .helpers import Z, blank, city_q, comp, di, give, play, put, texts
from theogony.games.kemet.rules import board
from theogony.games.kemet.state import TurnStep
from .helpers import set_step, step_of


def start_move(s, zone, take=None):
    play(s, "place token on Movement I", f"move troop from {zone}")
    if step_of(s) == "move_take":
        n = take or s.count[Z(zone)]
        play(s, f"take {n} warrior{'s' if n > 1 else ''}")
    if step_of(s) == "move_comp":
        play(s, "set out")


def test_KM_3_4_5_4_ports_enter_by_trade_or_own_military_port():
    s = blank(2)
    put(s, "nile-e", 0, 3)
    start_move(s, "nile-e")
    opts = texts(s)
    assert "go to nw-desert" in opts           # own Military Port
    assert "go to ne-desert" not in opts       # an opponent's Military Port
    assert "go to se-desert" not in opts       # nobody's Military Port
    assert "go to nile-w" in opts and "go to delta-desert" in opts  # Trade Ports


def test_KM_3_4_5_4_ports_only_link_port_zones():
    s = blank(2)
    put(s, "temple-es", 0, 3)
    start_move(s, "temple-es")
    assert sorted(t for t in texts(s) if t.startswith("go to")) == ["go to nile-e", "go to se-desert"]


def test_KM_3_4_5_5_enemy_quarter_only_from_next_to_its_wall():
    s = blank(2)
    give(s, 0, "priest-of-mafdet")  # two land moves
    put(s, "temple-en", 0, 3)
    start_move(s, "temple-en")
    play(s, "go to ne-desert")
    assert not any(t.startswith("go to NE-") for t in texts(s))
    t = blank(2)
    give(t, 0, "priest-of-mafdet")
    put(t, "ne-desert", 0, 3)
    start_move(t, "ne-desert")
    assert "go to NE-1" in texts(t)
    play(t, "go to NE-1")
    # only one enemy quarter per movement
    assert "go to NE-2" not in texts(t)


def test_KM_3_4_5_5_wall_requirement_can_be_cancelled():
    s = blank(2)
    give(s, 0, "priest-of-mafdet")
    give(s, 0, "siege-breaker")
    put(s, "temple-en", 0, 3)
    start_move(s, "temple-en")
    play(s, "go to ne-desert")
    assert "go to NE-1" in texts(s)


def test_KM_3_4_5_3_split_and_pick_up_and_limits_at_the_end():
    s = blank(2)
    give(s, 0, "priest-of-mafdet")
    put(s, "nw-desert", 0, 4)
    put(s, "temple-wn", 0, 3)
    start_move(s, "nw-desert")
    play(s, "leave 1 warrior here")
    assert s.mv.carried == 3 and s.count[Z("nw-desert")] == 1
    # 3 carried + 3 already in the temple = 6 > 5: the troop may pass through but not stop
    play(s, "go to temple-wn")
    assert "stop here" not in texts(s)
    play(s, "go to nile-w", "stop here")
    assert s.count[Z("temple-wn")] == 3 and s.count[Z("nile-w")] == 3
    assert s.count[Z("nw-desert")] == 1


def test_KM_3_4_5_3_pick_up_on_the_way():
    s = blank(2)
    give(s, 0, "priest-of-mafdet")
    put(s, "nw-desert", 0, 2)
    put(s, "temple-wn", 0, 2)
    start_move(s, "nw-desert")
    play(s, "go to temple-wn", "pick up 1 warrior here", "go to nile-w", "stop here")
    assert s.count[Z("nile-w")] == 3 and s.count[Z("temple-wn")] == 1
    assert s.owner[Z("nw-desert")] == -1


def test_KM_3_4_5_3_companions_travel_and_stay_attached():
    s = blank(2)
    put(s, "nw-desert", 0, 4)
    give(s, 0, "ancient-elephant")
    s.comp_loc[comp("ancient-elephant")] = Z("nw-desert")
    play(s, "place token on Movement I", "move troop from nw-desert", "take 2 warriors")
    assert step_of(s) == "move_comp"
    play(s, "bring Ancient Elephant", "go to temple-wn", "stop here")
    assert s.comp_loc[comp("ancient-elephant")] == Z("temple-wn")


def test_KM_3_4_5_7_entering_an_occupied_zone_ends_the_movement_in_battle():
    s = blank(2)
    give(s, 0, "priest-of-mafdet")
    put(s, "nw-desert", 0, 4)
    put(s, "temple-wn", 1, 2)
    start_move(s, "nw-desert")
    play(s, "go to temple-wn")
    assert s.mv is None and step_of(s) == "battle" and s.bt.att_count == 4


def test_KM_3_4_5_9_movement_di_cards_at_the_start():
    s = blank(2)
    put(s, "nw-desert", 0, 4)
    s.ps[0].di = [di("distraction"), di("forced-march")]
    play(s, "place token on Movement I", "move troop from nw-desert", "take 4 warriors")
    assert step_of(s) == "move_di"
    play(s, "play Forced March")
    assert step_of(s) == "move"  # no Movement card left: the troop sets out
    assert s.mv.moves == 2


def test_KM_3_4_5_2_teleport_needs_a_pyramid_quarter_and_2_pp_once():
    s = blank(2)
    q = city_q(s, 0, 1)
    put(s, q, 0, 3)
    start_move(s, "NW-1")
    assert not any(t.startswith("teleport") for t in texts(s))  # no pyramid there
    t = blank(2)
    q = city_q(t, 0, 1)
    t.pyr_level[q], t.pyr_colour[q] = 1, t.colours[0]
    put(t, q, 0, 3)
    t.ps[0].pp = 1
    start_move(t, "NW-1")
    assert not any(x.startswith("teleport") for x in texts(t))  # cannot pay
    u = blank(2)
    q = city_q(u, 0, 1)
    u.pyr_level[q], u.pyr_colour[q] = 1, u.colours[0]
    put(u, q, 0, 3)
    start_move(u, "NW-1")
    play(u, "teleport to delta-desert for 2 PP")
    assert not any(x.startswith("teleport") for x in texts(u))
    assert u.mv.moves == 1  # teleporting spends no land move


def test_KM_3_4_5_8_temple_glory_follows_control():
    s = blank(2)
    put(s, "nile-w", 0, 2)
    start_move(s, "nile-w")
    play(s, "go to temple-ws", "stop here")
    assert board.glory(s, 0) == 1
    s.cur = 0
    set_step(s, TurnStep)
    play(s, "place token on Movement II", "move troop from temple-ws", "take 2 warriors",
         "go to nile-w", "stop here")
    assert board.glory(s, 0) == 0


def test_KM_7_4_level_4_pyramid_glory_goes_to_the_controller():
    s = blank(2)
    q = city_q(s, 1, 1)
    s.pyr_level[q], s.pyr_colour[q] = 4, s.colours[0]
    assert board.glory(s, 1) == 1 and board.glory(s, 0) == 0
    put(s, q, 0, 2)
    assert board.glory(s, 1) == 0 and board.glory(s, 0) == 1
    s.owner[q], s.count[q] = -1, 0
    assert board.glory(s, 1) == 1


def test_KM_3_4_5_9_other_movement_cards_during_the_movement():
    s = blank(2)
    s.ps[0].di = [di("open-gates")]
    give(s, 0, "priest-of-mafdet")
    put(s, "temple-en", 0, 3)
    play(s, "place token on Movement I", "move troop from temple-en", "take 3 warriors")
    assert step_of(s) == "move_di"
    play(s, "start moving")   # Open Gates changes no land move: it may wait for the way
    play(s, "go to ne-desert")
    assert "go to NE-1" not in texts(s)
    play(s, "play Open Gates")
    assert "go to NE-1" in texts(s)


def test_KM_3_4_5_1_a_companion_left_behind_still_gives_its_land_move():
    """KM-3.4.5.1: land moves are counted when the troop sets out, so a Deep Desert Snake that
    stays with the part of the troop that does not move still gives its land move."""
    s = blank(2)
    put(s, "nw-desert", 0, 5)
    give(s, 0, "deep-desert-snake")
    s.comp_loc[comp("deep-desert-snake")] = Z("nw-desert")
    play(s, "place token on Movement I", "move troop from nw-desert", "take 3 warriors")
    assert step_of(s) == "move_comp"
    play(s, "set out")
    assert s.comp_loc[comp("deep-desert-snake")] == Z("nw-desert")
    assert s.mv.moves == 2
    play(s, "go to temple-wn", "go to nile-w", "stop here")
    assert s.count[Z("nile-w")] == 3 and s.count[Z("nw-desert")] == 2


def _three_move_troop(s):
    """Seat 0: 5 warriors in NW-1 with the Deep Desert Snake and Priest of Mafdet: 3 land moves."""
    give(s, 0, "priest-of-mafdet")
    give(s, 0, "deep-desert-snake")
    put(s, "NW-1", 0, 5)
    s.comp_loc[comp("deep-desert-snake")] = Z("NW-1")


def test_KM_3_4_5_6_the_group_may_exceed_the_troop_limit_on_the_way():
    """KM-3.4.5.6 / KM-R8: the limits are checked where the movement ends, so a group of 5 may
    pick up a sixth warrior in passing if it leaves one behind before it stops."""
    s = blank(2)
    _three_move_troop(s)
    put(s, "nw-desert", 0, 2)
    start_move(s, "NW-1")
    assert s.mv.moves == 3
    play(s, "go to nw-desert")
    assert "pick up 1 warrior here" in texts(s)
    play(s, "pick up 1 warrior here")
    assert s.mv.carried == 6 and "stop here" not in texts(s)
    play(s, "go to temple-wn")
    assert "stop here" not in texts(s)  # 6 warriors cannot end a movement anywhere
    play(s, "leave 1 warrior here", "go to nile-w")
    assert "stop here" in texts(s)
    play(s, "stop here")
    assert [s.count[Z(z)] for z in ("nw-desert", "temple-wn", "nile-w")] == [1, 1, 5]


def test_KM_3_4_5_6_no_pick_up_without_a_way_to_shed_the_excess():
    """A sixth warrior is refused when no zone ahead can take the excess (one land move left)."""
    s = blank(2)
    give(s, 0, "priest-of-mafdet")
    put(s, "NW-1", 0, 5)
    put(s, "nw-desert", 0, 2)
    start_move(s, "NW-1")
    play(s, "go to nw-desert")
    assert "pick up 1 warrior here" not in texts(s)


def test_KM_3_4_5_6_an_over_limit_group_cannot_attack():
    """The movement ends at the battle, so the attacking group must keep the limits: it may go
    into the enemy's zone only once it has left the excess behind."""
    s = blank(2)
    _three_move_troop(s)
    put(s, "nw-desert", 0, 2)
    put(s, "nile-w", 1, 2)
    start_move(s, "NW-1")
    play(s, "go to nw-desert", "pick up 1 warrior here", "go to temple-wn")
    assert "go to nile-w" not in texts(s)
    play(s, "leave 1 warrior here")
    play(s, "go to nile-w")
    assert step_of(s) == "battle" and s.bt.att_count == 5


def test_KM_3_4_5_6_a_second_creature_may_be_carried_in_passing():
    """Two creatures may travel together if one of them is left with a troop before the end."""
    s = blank(2)
    _three_move_troop(s)
    put(s, "nw-desert", 0, 2)
    give(s, 0, "sphinx-griffin")
    s.comp_loc[comp("sphinx-griffin")] = Z("nw-desert")
    put(s, "temple-wn", 0, 1)
    start_move(s, "NW-1")
    play(s, "go to nw-desert")
    assert "pick up Sphinx-Griffin" in texts(s)
    play(s, "pick up Sphinx-Griffin", "go to temple-wn")
    assert "stop here" not in texts(s)
    play(s, "leave Sphinx-Griffin here", "go to nile-w", "stop here")
    assert s.comp_loc[comp("sphinx-griffin")] == Z("temple-wn")
    assert s.comp_loc[comp("deep-desert-snake")] == Z("nile-w")
    assert s.count[Z("nile-w")] == 5


def test_KM_R9_no_teleport_from_an_enemy_quarter_entered_in_this_movement():
    """KM-R9 / KM-3.4.1.3: teleporting is an effect of a controlled pyramid, and a zone entered
    during a movement is controlled only at its end: an enemy pyramid quarter entered on the way
    gives no teleport; one held by the troop when the movement began does."""
    s = blank(2)
    give(s, 0, "priest-of-mafdet")
    q = city_q(s, 1, 1)
    s.pyr_level[q], s.pyr_colour[q] = 1, s.colours[0]
    put(s, "ne-desert", 0, 3)
    start_move(s, "ne-desert")
    play(s, f"go to {board.zname(s, q)}")
    assert not any(t.startswith("teleport") for t in texts(s))
    t = blank(2)
    q = city_q(t, 1, 1)
    t.pyr_level[q], t.pyr_colour[q] = 1, t.colours[0]
    put(t, q, 0, 3)
    start_move(t, board.zname(t, q))
    assert "teleport to delta-desert for 2 PP" in texts(t)
