"""The amber Mightiness tile and the six Mercenaries (KM-1.12, KM-3.4.2.3; designed, ruling KM-R12)."""

from __future__ import annotations

import pytest

from theogony.core import IllegalAction
from theogony.games.kemet.content import AMBER, MERCENARIES, TILES

from .helpers import GAME, blank, city_q, give, play, put, texts
from theogony.games.kemet.rules import acquire, board
from .helpers import step_of

PACT = AMBER[0]


def offer_amber(s):
    s.market[PACT] = 1


def test_KM_1_12_amber_tile_on_offer_in_every_game():
    for players in range(2, 7):
        s = GAME.new_state(players, 1)
        assert s.market[PACT] == 1 and TILES[PACT].colour == "amber"
        assert s.merc_bank == MERCENARIES == 6


def test_KM_1_12_amber_tile_needs_no_pyramid_and_any_slot():
    s = blank(2)
    offer_amber(s)
    s.ps[0].slots = [-1, -1, -1]          # no pyramid, no Acquisition token at all
    assert acquire.acquirable(s, 0, 2) == [PACT]
    play(s, "place token on Acquisition slot 3", "acquire Mercenary Pact (amber 2) for 2 PP")
    assert PACT in s.ps[0].tiles and s.ps[0].pp == 5
    assert s.ps[0].bought == []           # amber is no pyramid colour: nothing blocked this round


def test_KM_3_4_2_3_hire_mercenaries_from_the_bank():
    s = blank(2)
    q = city_q(s, 0, 1)
    put(s, q, 0, 3)
    play(s, "place token on Recruitment I")
    assert not any(t.startswith("hire") for t in texts(s))   # only with the amber tile
    s = blank(2)
    give(s, 0, "amber-mercenary-pact")
    put(s, q, 0, 3)
    play(s, "place token on Recruitment I", "hire a mercenary in NW-1", "recruit in NW-1")
    assert s.count[q] == 5 and s.ps[0].mercs == 1 and s.merc_bank == 5
    assert s.ps[0].pp == 5 and s.ps[0].supply == 12 - 3 - 1
    # the troop limit binds mercenaries like warriors
    assert "hire a mercenary in NW-1" not in texts(s)
    # an empty bank offers none
    s.merc_bank = 0
    assert not any(t.startswith("hire") for t in texts(s))


def test_KM_3_4_2_3_mercenaries_leave_the_board_first():
    s = blank(2)
    give(s, 0, "amber-mercenary-pact")
    q = city_q(s, 0, 1)
    put(s, q, 0, 2)
    s.ps[0].mercs, s.merc_bank = 2, 4     # two of the four figures there are Mercenaries
    s.count[q] = 4
    board.to_supply(s, 0, 1)                     # one figure lost: a Mercenary goes back to the bank
    assert (s.ps[0].mercs, s.merc_bank, s.ps[0].supply) == (1, 5, 10)
    board.to_supply(s, 0, 2)                     # then the last Mercenary, then a warrior
    assert (s.ps[0].mercs, s.merc_bank, s.ps[0].supply) == (0, 6, 11)


def test_KM_3_4_2_3_recalled_mercenaries_go_back_to_the_bank():
    s = blank(2)
    give(s, 0, "amber-mercenary-pact")
    play(s, "place token on Recruitment I", "hire a mercenary in NW-1", "done recruiting")
    q = city_q(s, 0, 1)
    assert s.count[q] == 1 and s.owner[q] == 0
    board.remove_warriors(s, q, 1)                # e.g. a sacrifice or a loss
    assert s.merc_bank == 6 and s.ps[0].mercs == 0 and s.ps[0].supply == 12


def test_KM_3_4_2_3_hiring_needs_pp():
    s = blank(2)
    give(s, 0, "amber-mercenary-pact")
    s.ps[0].pp = 0
    play(s, "place token on Recruitment I")
    with pytest.raises(IllegalAction):
        s.apply("hire a mercenary in NW-1")


def test_KM_R27_amber_tile_and_mercenaries_in_team_mode():
    """Team mode offers the Mercenary Pact too; hired Mercenaries stand among a seat's own warriors in
    mixed troops and go back to the bank, never to a supply, whatever removes them."""
    from theogony.core import Rng
    from theogony.games.kemet.state import WARRIORS

    assert GAME.new_state(4, 0, {"mode": "team"}).market[PACT] == 1
    hired = 0
    for teams, players in (("2v2", 4), ("3v3", 6)):
        for seed in range(6):
            s = GAME.new_state(players, seed, {"mode": "team", "teams": teams})
            rng = Rng(seed)
            while not s.is_terminal():
                s.step(rng.choice(s.legal_actions()))
                assert s.merc_bank + sum(pl.mercs for pl in s.ps) == MERCENARIES
                if s.mv is None and s.bt is None and step_of(s) not in ("recruit", "battle_order", "battle"):
                    for q, pl in enumerate(s.ps):
                        on_board = sum(s.team.w[z * players + q] for z in range(len(s.owner)))
                        assert pl.supply + on_board == WARRIORS + pl.mercs
                hired = max(hired, sum(pl.mercs for pl in s.ps))
    assert hired > 0, "the random games hired Mercenaries, so the check saw them"
