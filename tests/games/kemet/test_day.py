"""Day phase (KM-3.3) and the actions Construction, Recruitment, Acquisition, Prayer (KM-3.4)."""

import pytest

from theogony.core import IllegalAction
from theogony.games.kemet.content import SPACES, TILE_INDEX

from .helpers import GAME, Z, blank, city_q, comp, di, give, play, put, setup_done, texts
from theogony.games.kemet.rules import acquire, board, day, view
from theogony.games.kemet.state import TurnStep
from .helpers import set_step, step_of


def test_KM_3_3_3_equilibrium_keeps_tokens_for_every_floor():
    s = blank(2)
    pl = s.ps[0]
    # two tokens already on floor 1, three left: the next must not stay on floor 1... both
    # other floors still need one token each, so one spare placement anywhere is allowed
    pl.spaces[0] = 1
    pl.spaces[1] = 1
    pl.tokens = 2
    floors = {SPACES[int(a.data[0])].floor for a in s.legal_actions() if a.text.startswith("place")}
    assert floors == {2, 3}
    pl.spaces[2] = 1  # floor 2 covered, one token left: it must go to floor 3
    pl.tokens = 1
    floors = {SPACES[int(a.data[0])].floor for a in s.legal_actions() if a.text.startswith("place")}
    assert floors == {3}
    with pytest.raises(IllegalAction):
        s.apply("place token on Construction I")


def test_KM_3_3_3_the_silver_token_counts_for_equilibrium():
    """KM-3.3.3 / KM-R3: a token of any colour covers a floor, the silver one included. With
    floors 1 and 2 covered, one colour token left and the silver token unplayed, the colour token
    may go on floor 2 as long as the silver one then covers floor 3."""
    s = blank(2)
    give(s, 0, "silver-token")
    pl = s.ps[0]
    pl.spaces[0] = 1  # Movement I (floor 1)
    pl.spaces[2] = 1  # Movement II (floor 2)
    pl.tokens = 1
    floors = {SPACES[int(a.data[0])].floor for a in s.legal_actions() if a.text.startswith("place")}
    assert floors == {1, 2, 3}  # without the silver token only floor 3
    play(s, "place token on Construction I")
    assert step_of(s) == "extras"
    opts = texts(s)
    assert "begin actions" not in opts  # floor 3 would stay empty
    silver_floors = {SPACES[int(a.data[0])].floor for a in s.legal_actions()
                     if a.text.startswith("silver token")}
    assert silver_floors == {3}
    play(s, "silver token on Prayer I")
    assert {SPACES[i].floor for i, v in enumerate(pl.spaces) if v} == {1, 2, 3}


def test_KM_3_3_3_the_silver_token_waits_for_a_later_colour_token():
    """The silver token can only be played with a colour token: with two colour tokens left and
    floors 2 and 3 empty, a colour token may still go on floor 1, and the silver token may wait
    for the last colour token, which must then bring it to the floor still empty."""
    s = blank(2)
    give(s, 0, "silver-token")
    pl = s.ps[0]
    pl.spaces[0] = 1  # Movement I (floor 1)
    pl.tokens = 2
    play(s, "place token on Recruitment I")
    assert "begin actions" in texts(s)
    play(s, "begin actions")
    while s.cur == 0 and step_of(s) != "turn":
        play(s, s.legal_actions()[0].text)
    s.cur, s.pos = 0, 0
    set_step(s, TurnStep)
    play(s, "place token on Construction I")
    assert "begin actions" not in texts(s)
    assert {SPACES[int(a.data[0])].floor for a in s.legal_actions()
            if a.text.startswith("silver token")} == {3}


def test_KM_3_3_4_silver_token_gives_an_extra_action():
    s = blank(2)
    give(s, 0, "silver-token")
    assert s.ps[0].silver == 1
    s.ps[0].pp = 3
    play(s, "place token on Prayer I")
    assert step_of(s) == "extras"
    assert "silver token on Prayer I" not in texts(s)  # occupied
    play(s, "silver token on Prayer II")
    assert s.ps[0].silver_used
    # two prayers pending; resolve both
    while s.cur == 0 and step_of(s) in ("pick",):
        play(s, s.legal_actions()[0].text)
    assert s.ps[0].pp == 7
    assert s.ps[0].tokens == 4  # the silver token is not a colour token


def test_KM_3_3_5_gold_token_performs_a_tile_gold_action():
    s = blank(2)
    give(s, 0, "sun-barque")  # gold action: Prayer; +1 PP in every Prayer
    s.ps[0].pp = 0
    play(s, "place token on Prayer I", "gold token: Sun Barque (pray)")
    play(s, "resolve gold prayer")  # the last pending action resolves by itself
    assert s.ps[0].pp == 2 * (2 + 1) and s.ps[0].gold_used


def test_KM_3_3_2_day_di_cards_before_or_after_actions():
    s = blank(2)
    s.ps[0].di = [di("distraction"), di("offering")]
    s.ps[0].pp = 2
    assert "play Offering" in texts(s)
    assert "play Distraction" not in texts(s)  # a battle card
    play(s, "play Offering")
    assert s.ps[0].pp == 4 and di("offering") in s.di_discard


def test_KM_3_4_4_prayer_and_the_11_pp_cap():
    s = blank(2)
    s.ps[0].pp = 10
    play(s, "place token on Prayer I")
    assert s.ps[0].pp == 11


def test_KM_3_4_1_new_pyramid_takes_a_new_colour_and_an_acquisition_token():
    s = blank(2)
    q = city_q(s, 0, 3)
    c0, c1 = s.colours
    s.pyr_level[city_q(s, 0, 1)], s.pyr_colour[city_q(s, 0, 1)] = 1, c0
    s.ps[0].slots = [c0, -1, -1]
    play(s, "place token on Construction I")
    opts = texts(s)
    assert not any(f"new {board.colour_name(c0)}" in t for t in opts)
    new = [t for t in opts if t.startswith("new") and "NW-3 0 -> 2" in t]
    assert new
    play(s, new[0])
    assert s.pyr_level[q] == 2 and s.pyr_colour[q] == c1 and s.ps[0].slots[1] == c1
    assert s.ps[0].pp == 7 - 3


def test_KM_3_4_1_two_player_games_allow_two_pyramids_only():
    s = blank(2)
    for i, c in ((1, s.colours[0]), (2, s.colours[1])):
        q = city_q(s, 0, i)
        s.pyr_level[q], s.pyr_colour[q] = 1, c
    play(s, "place token on Construction I")
    assert not any(t.startswith("new") for t in texts(s))


def test_KM_3_3_6_an_impossible_action_is_lost():
    s = blank(2)
    s.ps[0].pp = 0
    play(s, "place token on Construction I")
    assert s.ps[0].tokens == 4 and s.cur == 1  # nothing to build: the turn passed


def test_KM_3_4_2_recruitment_costs_one_pp_per_warrior():
    s = blank(2)
    put(s, city_q(s, 0, 1), 0, 3)
    s.ps[0].pp = 2
    play(s, "place token on Recruitment I", "recruit in NW-1", "recruit in NW-2")
    assert "recruit in NW-3" not in texts(s)  # no PP left
    play(s, "done recruiting")
    assert s.count[city_q(s, 0, 1)] == 4 and s.count[city_q(s, 0, 2)] == 1
    assert s.ps[0].pp == 0


def test_KM_3_4_2_recruitment_respects_the_troop_limit_and_places_companions():
    s = blank(2)
    q = city_q(s, 0, 1)
    put(s, q, 0, 4)
    give(s, 0, "ancient-elephant")
    play(s, "place token on Recruitment I", "recruit in NW-1")
    assert "recruit in NW-1" not in texts(s)
    play(s, "attach Ancient Elephant to NW-1", "done recruiting")
    assert s.comp_loc[comp("ancient-elephant")] == q and s.count[q] == 5


def test_KM_3_4_2_recruiting_into_an_occupied_quarter_starts_a_battle():
    s = blank(2)
    q = city_q(s, 0, 1)
    put(s, q, 1, 2)
    play(s, "place token on Recruitment I", "recruit in NW-1", "recruit in NW-1", "done recruiting")
    assert step_of(s) == "battle" and s.bt.att == 0 and s.bt.dfn == 1 and s.bt.att_count == 2
    assert s.bt.zone == q


def test_KM_3_4_2_several_battles_in_chosen_order():
    s = blank(2)
    put(s, city_q(s, 0, 1), 1, 1)
    put(s, city_q(s, 0, 2), 1, 1)
    play(s, "place token on Recruitment I", "recruit in NW-1", "recruit in NW-2", "done recruiting")
    assert step_of(s) == "battle_order"
    play(s, "battle in NW-2")
    assert s.bt.zone == city_q(s, 0, 2)


def test_KM_3_4_3_acquisition_conditions():
    s = blank(2)
    c = s.colours[0]
    q = city_q(s, 0, 1)
    s.pyr_level[q], s.pyr_colour[q] = 2, c
    s.ps[0].slots = [c, -1, -1]
    lvl = lambda k: [t for t, n in enumerate(s.market) if n and board.colour_of(t) == c
                     and board.tile_level(t) == k]
    ok = acquire.acquirable(s, 0, 0)
    assert ok and all(board.tile_level(t) <= 2 for t in ok)
    assert set(lvl(1)) <= set(ok) and not set(lvl(3)) & set(ok)
    # not from a slot holding no token of that colour
    assert acquire.acquirable(s, 0, 1) == []
    # the same picture cannot be owned twice
    t = lvl(1)[0]
    s.ps[0].tiles.append(t)
    assert t not in acquire.acquirable(s, 0, 0)
    # one tile of a colour per round
    s.ps[0].bought.append(c)
    assert acquire.acquirable(s, 0, 0) == []
    s.ps[0].bought = []
    # cost in PP equal to the level
    s.ps[0].pp = 1
    assert all(board.tile_level(x) == 1 for x in acquire.acquirable(s, 0, 0))


def test_KM_3_4_3_enemy_pyramid_uses_any_free_slot():
    s = blank(2)
    enemy_colour = s.colours[1]
    q = city_q(s, 1, 1)
    s.pyr_level[q], s.pyr_colour[q] = 1, enemy_colour
    s.ps[0].slots = [s.colours[0], -1, -1]
    assert acquire.acquirable(s, 0, 0) == []          # not controlled yet
    put(s, q, 0, 2)                           # seat 0's troop holds the enemy quarter
    got = acquire.acquirable(s, 0, 0)
    assert got and all(board.colour_of(t) == enemy_colour for t in got)
    assert acquire.acquirable(s, 0, 2)                 # any free slot
    assert board.quarter_controller(s, q) == 0
    assert not board.controls_pyramid_of(s, 1, enemy_colour, 1)


def test_KM_3_4_3_tiles_are_permanent_and_companions_can_be_placed():
    s = blank(2)
    c = s.colours[0]
    q = city_q(s, 0, 1)
    s.pyr_level[q], s.pyr_colour[q] = 4, c
    s.ps[0].slots = [c, -1, -1]
    s.ps[0].pp = 11
    put(s, q, 0, 3)
    creature = next(t for t in acquire.acquirable(s, 0, 0) if board.tile_kind(t) == "creature")
    name = board.tile_name(creature)
    play(s, "place token on Acquisition slot 1")
    play(s, next(a for a in texts(s) if name in a))
    assert step_of(s) == "acq_comp"
    play(s, f"attach {name} to NW-1")
    assert creature in s.ps[0].tiles


def test_KM_3_4_3_5_companions_rearranged_before_a_token():
    s = blank(2)
    q1, q2 = city_q(s, 0, 1), city_q(s, 0, 2)
    put(s, q1, 0, 2)
    put(s, q2, 0, 2)
    give(s, 0, "ancient-elephant")
    give(s, 0, "sphinx-griffin")
    s.comp_loc[comp("ancient-elephant")] = q1
    opts = texts(s)
    assert "attach Ancient Elephant to NW-2" in opts and "return Ancient Elephant to supply" in opts
    assert "attach Sphinx-Griffin to NW-1" not in opts  # one creature per troop
    play(s, "attach Ancient Elephant to NW-2")
    assert s.comp_loc[comp("ancient-elephant")] == q2


def test_KM_3_4_3_5_two_creatures_swap_quarters():
    """KM-3.4.3.5 / KM-R15: companions of one type may swap places freely before a token. Two
    creatures exchange their quarters in one step (it took three moves, beyond the old bound of
    two), and a player may rearrange as many times as it owns companions."""
    s = blank(2)
    q1, q2, q3 = city_q(s, 0, 1), city_q(s, 0, 2), city_q(s, 0, 3)
    for q in (q1, q2, q3):
        put(s, q, 0, 2)
    give(s, 0, "ancient-elephant")
    give(s, 0, "sphinx-griffin")
    give(s, 0, "deep-desert-snake")
    elephant, sphinx, snake = comp("ancient-elephant"), comp("sphinx-griffin"), comp("deep-desert-snake")
    s.comp_loc[elephant], s.comp_loc[sphinx], s.comp_loc[snake] = q1, q2, -1
    assert "attach Sphinx-Griffin to NW-1" not in texts(s)  # one creature per troop
    play(s, "attach Ancient Elephant to NW-2 in place of Sphinx-Griffin")
    assert (s.comp_loc[elephant], s.comp_loc[sphinx]) == (q2, q1)
    play(s, "attach Deep Desert Snake to NW-1 in place of Sphinx-Griffin")
    assert (s.comp_loc[snake], s.comp_loc[sphinx]) == (q1, -1)
    play(s, "attach Sphinx-Griffin to NW-3")
    assert s.comp_loc[sphinx] == q3 and s.rearranged == 3
    assert not any(t.startswith(("attach", "return")) for t in texts(s))  # three companions


def test_KM_3_2_victory_at_the_start_of_a_turn_with_9_glory():
    s = blank(2)
    s.ps[0].glory = 9
    s.ps[1].glory = 9
    s.pos = 0
    day.start_turn(s)
    assert s.is_terminal() and view.outcome(s).winners == (0,)
    t = blank(2)
    t.ps[0].glory = 9
    t.ps[1].glory = 10
    day.start_turn(t)
    assert not t.is_terminal()


def test_KM_3_9_no_round_limit_the_game_goes_on_after_round_10():
    """KM-3.9: the rulebook ends the game only by the Glory victory (KM-3.2), so the night of
    round 10 leads to round 11 (the engine used to stop there and rank by Glory)."""
    s = setup_done(2, 4)
    s.round = 10
    s.ps[1].glory = 3
    for pl in s.ps:
        pl.tokens = 0
    day.start_turn(s)
    s.settle([])  # the night that follows is an automatic frame the rules push
    while s.round == 10 and not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert not s.is_terminal()
    assert s.round == 11 and s.phase == "day"


def test_illegal_input_is_refused_with_a_reason():
    s = blank(2)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply("recruit in NW-1")
    assert "not a legal action" in str(err.value) and "place token" in str(err.value)
    assert s.to_json() == before
    with pytest.raises(IllegalAction):
        GAME.parse_action(s, "go to temple-es")


def test_KM_R28_a_possible_action_must_be_carried_out():
    """KM-R28 / KM-3.1.4: effects are mandatory, so an action that can be carried out offers no
    skip; it is lost only when it cannot."""
    s = blank(2)
    q = city_q(s, 0, 1)
    s.pyr_level[q], s.pyr_colour[q] = 1, s.colours[0]
    play(s, "place token on Construction I")
    assert "skip construction" not in texts(s) and "raise NW-1 pyramid 1 -> 2 for 2 PP" in texts(s)
    r = blank(2)
    play(r, "place token on Recruitment I")
    assert "done recruiting" not in texts(r)
    play(r, "recruit in NW-1")
    assert "done recruiting" in texts(r)  # one warrior is enough
    m = blank(2)
    put(m, "nw-desert", 0, 3)
    play(m, "place token on Movement I")
    assert "skip movement" not in texts(m)
    play(m, "move troop from nw-desert", "take 3 warriors")
    assert "stop here" not in texts(m)
    play(m, "go to temple-wn")
    assert "stop here" in texts(m)
    a = blank(2)
    a.pyr_level[q], a.pyr_colour[q] = 1, a.colours[0]
    a.ps[0].slots = [a.colours[0], -1, -1]
    play(a, "place token on Acquisition slot 1")
    assert "skip acquisition" not in texts(a)
