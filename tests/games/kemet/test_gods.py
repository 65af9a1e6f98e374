"""Module Gods of Egypt (rulebook section 6, rule ids KM-G…; designed Gods in gods.toml)."""

from __future__ import annotations

import pytest

from theogony.core import IllegalAction, Rng
from theogony.games.kemet.rules import gods as G
from theogony.games.kemet.content import BATTLE_INDEX, GODS

from .helpers import GAME, Z, blank, city_q, council, give, play, put, texts
from theogony.games.kemet.rules import board, night, view
from theogony.games.kemet import gods as gods_data
from theogony.games.kemet.state import TurnStep
from .helpers import set_step, step_of

GOD_INDEX = {g.id: i for i, g in enumerate(GODS)}


def gblank(god0: str = "horus", god1: str = "isis"):
    """A blank two-player position (seat 0 North-West, seat 1 North-East) with the module on."""
    s = blank(2)
    s.variant["gods_of_egypt"] = True
    s.gods = gods_data.new(2)
    s.gods.god = [GOD_INDEX[god0], GOD_INDEX[god1]]
    return s


def ascend(s):
    s.gods.ascended = True


def acquired(s, p):
    """p's God tile has been acquired (its advantages act), the figure still on the tile."""
    from theogony.games.kemet.content import GOD_MODS

    s.gods.active[p] = True
    pl = s.ps[p]
    pl.mods = [x + y for x, y in zip(pl.mods, GOD_MODS[s.gods.god[p]])]


def level4(s, p, i=1):
    """A level-4 pyramid in quarter i of p's city, its colour's token on slot 1."""
    q = city_q(s, p, i)
    c = s.colours[0]
    s.pyr_level[q], s.pyr_colour[q] = 4, c
    s.ps[p].slots = [c, -1, -1]
    return q


def test_KM_G1_1_each_player_embodies_a_different_god():
    s = GAME.new_state(3, 4, {"gods_of_egypt": True})
    play(s, s.legal_actions()[0].text)            # city
    assert step_of(s) == "god"
    first = s.legal_actions()[0].text
    assert first.startswith("embody ") and len(s.legal_actions()) == 6
    play(s, first)
    play(s, s.legal_actions()[0].text)            # next seat's city
    assert first not in texts(s) and len(s.legal_actions()) == 5
    assert s.view(None)["seats"][s.order[0]]["god"]["at"] == "tile"


def test_KM_G1_1_module_is_off_by_default():
    s = GAME.new_state(2, 0)
    assert s.gods is None and "ascension" not in s.view(None)


def test_KM_R19_no_deployment_before_the_god_tile_is_acquired():
    """KM-R19: the God enters play when its tile is acquired (KM-G4.5); before that a
    Recruitment offers no deployment."""
    s = gblank("horus")
    play(s, "place token on Recruitment I")
    assert not any(t.startswith("deploy") for t in texts(s))
    t = gblank("horus")
    acquired(t, 0)
    play(t, "place token on Recruitment I")
    assert "deploy Horus in NW-1" in texts(t)


def test_KM_G3_1_deploy_by_recruitment_free_full_lp_in_a_quarter_without_warriors():
    s = gblank("horus")
    acquired(s, 0)
    q1, q2 = city_q(s, 0, 1), city_q(s, 0, 2)
    put(s, q1, 0, 3)
    play(s, "place token on Recruitment I")
    opts = texts(s)
    assert "deploy Horus in NW-1" not in opts      # own warriors there
    assert "deploy Horus in NW-2" in opts
    play(s, "deploy Horus in NW-2")
    assert s.owner[q2] == 0 and s.count[q2] == GODS[GOD_INDEX["horus"]].lp == 3
    assert s.ps[0].pp == 7 and s.ps[0].supply == 12 - 3   # free, no warrior used
    # KM-G2.4: no warriors join the God, and it is deployed only once
    assert "recruit in NW-2" not in texts(s)
    assert not any(t.startswith("deploy") for t in texts(s))
    with pytest.raises(IllegalAction):
        s.apply("recruit in NW-2")


def test_KM_G3_1_not_where_warriors_were_just_recruited():
    s = gblank("horus")
    acquired(s, 0)
    play(s, "place token on Recruitment I", "recruit in NW-3")
    assert "deploy Horus in NW-3" not in texts(s)


def test_KM_G3_2_deploying_into_an_enemy_held_quarter_attacks_at_the_end():
    s = gblank("horus", "isis")
    acquired(s, 0)
    q = city_q(s, 0, 1)
    put(s, q, 1, 2)
    play(s, "place token on Recruitment I", "deploy Horus in NW-1")
    assert s.bt is None                           # at the end of the action
    play(s, "done recruiting")
    assert step_of(s) == "battle" and s.bt.att == 0 and s.bt.att_count == 3
    council(s, "Charge", "Phalanx")                # 2 strength
    council(s, "Charge", "Phalanx")
    # KM-G2.2: Horus fights with strength 5, +1 attacking (his tile), +1 in its own city;
    # the defender 2 warriors + 2
    assert s.bt.strengths == (5 + 1 + 2 + 1, 2 + 2)
    play(s, "recall")                              # the beaten warriors; the God stays (KM-G5.2)
    assert s.bt is None and s.owner[q] == 0 and s.gods.zone[0] == q and s.count[q] == 3


def test_KM_G2_2_a_god_fights_with_its_strength_and_KM_G2_5_loses_lp_not_warriors():
    s = gblank("horus", "isis")
    put(s, "nile-w", 0, 5)
    z = Z("temple-ws")
    s.owner[z], s.count[z] = 1, 3                 # Isis (3 strength, 4 LP) with 3 LP left
    s.gods.zone[1] = z
    supply = s.ps[1].supply
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    council(s, "Charge", "Assault")                # 3 strength, 2 damage
    council(s, "Frenzy", "Charge")                 # 4 strength, 1 damage, no shield
    assert s.bt.strengths == (5 + 3, 3 + 4)
    assert s.bt.losses == (1, 2)                   # two LP for the 2 damage
    assert s.ps[1].supply == supply                # LP never become warriors


def test_KM_G2_6_god_at_zero_lp_goes_back_to_its_tile_and_can_be_deployed_again():
    s = gblank("horus", "isis")
    put(s, "nile-w", 0, 5)
    z = Z("temple-ws")
    s.owner[z], s.count[z] = 1, 1
    s.gods.zone[1] = z
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    council(s, "Charge", "Assault")                # 2 damage
    council(s, "Frenzy", "Charge")                 # 1 damage
    assert s.bt.losses[1] == 1 and s.bt.winner == 0
    while s.bt is not None:
        play(s, "stay")
    assert s.gods.zone[1] == G.TILE and s.owner[z] == 0
    assert s.ps[1].supply == 12                    # no warrior came back from the God
    acquired(s, 1)                                 # a God on the board had its tile
    s.cur = 1
    s.pos = 1
    set_step(s, TurnStep)
    play(s, "place token on Recruitment I")
    assert "deploy Isis in NE-1" in texts(s)


def test_KM_G5_1_a_beaten_god_retreats_never_recalls():
    s = gblank("horus", "isis")
    put(s, "nile-w", 0, 5)
    z = Z("temple-ws")
    s.owner[z], s.count[z] = 1, 4
    s.gods.zone[1] = z
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    council(s, "Frenzy", "Charge")
    council(s, "Frenzy", "Phalanx")
    assert s.bt.winner == 0
    # no retreat-or-recall choice for the God: the winner picks its retreat zone at once
    assert s.bt.stage == "retreat" and s.cur == 0
    assert texts(s) == ["retreat to sw-desert", "retreat to nile-w"] or \
        sorted(texts(s)) == ["retreat to nile-w", "retreat to sw-desert"]
    play(s, "retreat to sw-desert")
    assert s.gods.zone[1] == Z("sw-desert") and s.owner[Z("sw-desert")] == 1
    assert s.count[Z("sw-desert")] == 4


def test_KM_G5_1_a_beaten_god_with_no_retreat_goes_home_without_pp():
    s = gblank("horus", "isis")
    put(s, "nile-w", 0, 5)
    put(s, "sw-desert", 0, 1)                      # blocks the only retreat zone
    z = Z("temple-ws")
    s.owner[z], s.count[z] = 1, 4
    s.gods.zone[1] = z
    pp = s.ps[1].pp
    play(s, "place token on Movement I", "move troop from nile-w", "take 4 warriors",
         "go to temple-ws")                        # one warrior stays to block nile-w
    council(s, "Frenzy", "Charge")
    council(s, "Frenzy", "Phalanx")
    assert s.gods.zone[1] == G.TILE and s.ps[1].pp == pp   # not a recall: no X-1 PP


def test_KM_G5_2_a_winning_god_may_only_stay():
    s = gblank("horus", "isis")
    s.owner[Z("nile-w")], s.count[Z("nile-w")] = 0, 3
    s.gods.zone[0] = Z("nile-w")
    put(s, "temple-ws", 1, 2)
    play(s, "place token on Movement I", "move Horus from nile-w", "go to temple-ws")
    council(s, "Frenzy", "Charge")
    council(s, "Frenzy", "Phalanx")
    play(s, "recall")                             # the beaten warriors
    assert s.bt is None                           # and no stay-or-recall decision for the God
    z = Z("temple-ws")
    assert s.owner[z] == 0 and s.gods.zone[0] == z
    assert s.ps[0].glory == 1                     # battle Glory: the God is a troop (KM-3.5.5)


def test_KM_G2_4_a_god_moves_alone_and_never_joins_warriors():
    s = gblank("horus")
    s.owner[Z("nile-w")], s.count[Z("nile-w")] = 0, 3
    s.gods.zone[0] = Z("nile-w")
    put(s, "temple-wn", 0, 2)
    give(s, 0, "priest-of-mafdet")
    play(s, "place token on Movement I", "move Horus from nile-w")
    assert step_of(s) == "move" and s.mv.carried == 3
    assert not any("warrior" in t for t in texts(s))
    play(s, "go to temple-wn")                     # passing through its own warriors only
    assert "stop here" not in texts(s) and not any("pick up" in t for t in texts(s))
    play(s, "go to delta-temple", "stop here")
    assert s.gods.zone[0] == Z("delta-temple") and s.count[Z("delta-temple")] == 3
    assert s.count[Z("temple-wn")] == 2


def test_KM_G4_1_god_tile_needs_its_four_conditions():
    s = gblank("horus")
    q = level4(s, 0)
    s.ps[0].pp = 4
    play(s, "place token on Acquisition slot 1")
    tile = "acquire the God tile of Horus for 4 PP"
    assert tile not in texts(s)                    # no Ascension yet
    ascend(s)
    assert tile in texts(s)
    s.ps[0].pp = 3
    assert tile not in texts(s)                    # 4 PP
    s.ps[0].pp = 4
    s.pyr_level[q] = 3
    assert tile not in texts(s)                    # a level-4 pyramid in one's city
    s.pyr_level[q] = 4
    s.ps[0].slots = [-1, s.colours[0], -1]
    assert tile not in texts(s)                    # that colour's slot is the one used
    s.ps[0].slots = [s.colours[0], -1, -1]
    s.owner[q], s.count[q] = 1, 2                  # held by an enemy: still counts
    assert tile in texts(s)


def test_KM_G4_3_cost_is_fixed_and_advantages_act_and_figure_is_placed():
    s = gblank("horus", "isis")
    level4(s, 0)
    ascend(s)
    give(s, 0, "scribe-of-thoth")                 # acquisition discount: not for the God tile
    s.ps[0].pp = 5
    put(s, city_q(s, 0, 2), 0, 3)
    play(s, "place token on Acquisition slot 1", "acquire the God tile of Horus for 4 PP")
    assert s.ps[0].pp == 1 and s.gods.active[0]
    assert step_of(s) == "god_place"
    assert texts(s) == ["place Horus in NW-1", "place Horus in NW-3"]
    play(s, "place Horus in NW-3")
    assert s.count[city_q(s, 0, 3)] == 3 and s.gods.zone[0] == city_q(s, 0, 3)
    from theogony.games.kemet.state import M_ATT_STR, M_MOVES
    assert s.ps[0].mods[M_ATT_STR] == 1 and s.ps[0].mods[M_MOVES] == 1


def test_KM_G4_5_placing_the_god_in_an_enemy_held_quarter_attacks():
    s = gblank("horus", "isis")
    q = level4(s, 0)
    ascend(s)
    put(s, q, 1, 2)
    put(s, city_q(s, 0, 2), 0, 5)
    put(s, city_q(s, 0, 3), 0, 5)
    play(s, "place token on Acquisition slot 1", "acquire the God tile of Horus for 4 PP")
    assert texts(s) == ["place Horus in NW-1"]
    play(s, "place Horus in NW-1")
    assert step_of(s) == "battle" and s.bt.att == 0 and s.bt.zone == q


def test_KM_R23_a_god_with_no_free_quarter_waits_on_its_tile():
    """KM-R23: when every own quarter holds own warriors at the acquisition, the figure stays on
    its tile and a later Recruitment can deploy it."""
    s = gblank("horus")
    level4(s, 0)
    ascend(s)
    for i in (1, 2, 3):
        put(s, city_q(s, 0, i), 0, 1)
    play(s, "place token on Acquisition slot 1", "acquire the God tile of Horus for 4 PP")
    assert s.gods.active[0] and s.gods.zone[0] == G.TILE and step_of(s) != "god_place"
    s.owner[city_q(s, 0, 2)], s.count[city_q(s, 0, 2)] = -1, 0
    s.cur, s.pos = 0, 0
    set_step(s, TurnStep)
    play(s, "place token on Recruitment I")
    assert "deploy Horus in NW-2" in texts(s)


def test_KM_G1_2_ascension_marker_stays_once_reached():
    s = gblank()
    assert not s.gods.ascended
    s.ps[0].glory = 4
    play(s, "place token on Prayer I")
    assert s.gods.ascended
    s.ps[0].glory = 0                              # Glory lost later: still fulfilled
    s.apply(s.legal_actions()[0])
    assert s.gods.ascended and max(board.glory(s, p) for p in range(2)) < 4


def test_KM_G1_2_ascension_in_team_mode_needs_seven_team_glory():
    s = GAME.new_state(4, 2, {"mode": "team", "gods_of_egypt": True})
    while step_of(s) != "turn":
        s.apply(s.legal_actions()[0])
    p = s.cur
    s.ps[p].glory = 4
    s.apply(s.legal_actions()[0])
    if board.glory(s, p) < 7:
        assert not s.gods.ascended
    s.ps[p].glory = 7
    s.apply(s.legal_actions()[0])
    assert s.gods.ascended


def test_KM_G2_5_delta_temple_costs_the_god_one_lp():
    s = gblank("horus")
    z = Z("delta-temple")
    s.owner[z], s.count[z] = 0, 1
    s.gods.zone[0] = z
    supply = s.ps[0].supply
    board.remove_warriors(s, z, 1)
    assert s.gods.zone[0] == G.TILE and s.owner[z] == -1 and s.ps[0].supply == supply


def test_KM_G4_6_sebek_gains_his_special_battle_card():
    s = gblank("sebek")
    level4(s, 0)
    ascend(s)
    play(s, "place token on Acquisition slot 1", "acquire the God tile of Sebek for 4 PP")
    assert BATTLE_INDEX["jaws-of-sebek"] in s.ps[0].hand


def test_KM_G2_5_anubis_counts_lost_lp_as_lost_warriors():
    s = gblank("anubis", "isis")
    s.gods.active[0] = True
    put(s, "nile-w", 0, 5)
    z = Z("temple-ws")
    s.owner[z], s.count[z] = 1, 4
    s.gods.zone[1] = z
    s.ps[0].pp = 0
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    council(s, "Charge", "Assault")                # 2 damage
    council(s, "Frenzy", "Charge")
    assert s.bt is None or s.bt.losses[1] == 2
    assert s.ps[0].pp == 1                         # 2 LP lost: Anubis weighs 1 PP


def test_KM_G_view_shows_gods_and_lp():
    s = gblank("horus")
    z = Z("nile-w")
    s.owner[z], s.count[z] = 0, 2
    s.gods.zone[0] = z
    v = s.view(1)
    assert v["zones"]["nile-w"]["god"] == "Horus" and v["seats"][0]["god"]["lp"] == 2


def test_KM_G_render_shows_the_gods():
    s = gblank("horus")
    z = Z("nile-w")
    s.owner[z], s.count[z] = 0, 2
    s.gods.zone[0] = z
    text = GAME.render_text(s.view(0))
    assert "God Horus (2 LP)" in text and "Ascension marker at 4 Glory" in text
    assert "God Horus (strength 5, 3 LP): tile not acquired, at West Nile Bank, 2 LP left" in text


def test_KM_R25_an_allys_god_blocks_warriors_in_team_mode():
    s = GAME.new_state(4, 3, {"mode": "team", "gods_of_egypt": True})
    while step_of(s) != "turn":
        s.apply(s.legal_actions()[0])
    p = s.cur
    ally = next(a for a in range(4) if a != p and board.ally(s, a, p))
    q = next(q for q in board.quarters_of(s, p) if s.owner[q] < 0)
    s.owner[q], s.count[q] = ally, G.max_lp(s, ally)
    s.gods.zone[ally] = q
    s.ps[p].supply = 5
    play(s, "place token on Recruitment I")
    assert f"recruit in {board.zname(s, q)}" not in texts(s)
    assert not G.la_deploy(s, p) or all(a.data[0] != q for a in G.la_deploy(s, p))


def test_KM_R21_impenetrable_shields_protect_lp():
    s = gblank("horus", "isis")
    put(s, "nile-w", 0, 5)
    z = Z("temple-ws")
    s.owner[z], s.count[z] = 1, 2
    s.gods.zone[1] = z
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    council(s, "Charge", "Assault")                # 2 damage
    council(s, "Frenzy", "Hold the Line")          # 2 shield, 1 impenetrable
    assert s.bt.losses[1] == 0


def test_KM_R22_devotion_and_the_delta_temple_with_a_god():
    s = gblank("horus", "isis")
    sanc, delta = Z("sanctuary"), Z("delta-temple")
    s.owner[sanc], s.count[sanc] = 0, 3
    s.gods.zone[0] = sanc
    s.owner[delta], s.count[delta] = 1, 1
    s.gods.zone[1] = delta
    s.ps[0].pp = s.ps[1].pp = 0
    night.start_night(s, [])
    assert step_of(s) == "devotion" and s.cur == 0
    play(s, "sacrifice 2 warriors for 1 Glory")
    assert s.count[sanc] == 1 and s.gods.zone[0] == sanc and s.ps[0].glory == 1
    assert step_of(s) == "delta" and s.cur == 1
    play(s, "sacrifice 1 warrior for 5 PP")
    assert s.gods.zone[1] == G.TILE and s.owner[delta] == -1 and s.ps[1].supply == 12


def test_KM_G_heuristic_beats_random_with_the_module():
    h = GAME.agents()["heuristic"]({})
    wins = 0
    for seed in range(4):
        s = GAME.new_state(2, seed, {"gods_of_egypt": True})
        rng = Rng(seed)
        me = seed % 2
        while not s.is_terminal():
            p = s.current_player
            a = h.act(s.determinize(p, rng), rng) if p == me else rng.choice(s.legal_actions())
            s.apply(a.text)
        wins += me in view.outcome(s).winners
    assert wins >= 3
