"""The heuristic's Orrun (TU-14.3): two Divine Interventions in a row weighed as a plan."""

import pytest

from theogony.core import Rng
from theogony.games.theurgy import bots

from .helpers import acolytes, blank, give, monster, put

ORRUN, LUTRAZ = 0, 1


def _temple_or_intervention():
    """Orrun, his pawn on Divine Intervention (Pilgrimage banned), may test Mine-2 for a temple, or
    intervene: Reveal Your Power tests Forest-2 (where his acolytes stand) and his Dryad and Corn
    Spirit each add a follower. One turn alone, the Intervention scores more; but his next
    Intervention finds only Sow The Seeds Of Doubt to draw, so the temple now and the Intervention
    next turn (his pawn may stay on it) end better than two Interventions."""
    s = blank(2, deities=("Orrun", "Lutraz"))
    put(s, "Forest-2", ORRUN, 3)
    put(s, "Mine-2", ORRUN, 3)
    put(s, "Market-3", LUTRAZ, 2)
    acolytes(s, ORRUN, "Forest-2")
    acolytes(s, LUTRAZ, "Market-3")
    s.seats[ORRUN].pawn = "divine intervention"
    s.seats[ORRUN].banned = "pilgrimage"
    give(s, ORRUN, "reveal")
    s.miracle_deck = ["sow"] * 10
    s.faceup, s.monster_deck = [], []
    monster(s, "dryad", ORRUN, "Forest-2")
    monster(s, "spirit", ORRUN, "Farmland-3")
    return s


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_orrun_takes_the_temple_and_leaves_the_intervention_for_next_turn(seed):
    s = _temple_or_intervention()
    before = s.to_json()
    action, plan, _ = bots._plan_turn(s, ORRUN, s.legal_actions(), Rng(seed))
    assert s.to_json() == before
    assert plan == ["test the faith", "test the faith in Mine-2"]


def test_judged_on_this_turn_alone_orrun_would_intervene(monkeypatch):
    monkeypatch.setattr(bots, "ORRUN_MARGIN", -1.0)          # the two-turn comparison never made
    s = _temple_or_intervention()
    _, plan, _ = bots._plan_turn(s, ORRUN, s.legal_actions(), Rng(0))
    assert plan[0] == "divine intervention"


@pytest.mark.parametrize("players, worth", [(4, bots.HORDE), (5, bots.ORRUN_HORDE_FIVE_PLUS),
                                            (6, bots.ORRUN_HORDE_FIVE_PLUS)])
def test_orruns_horde_counts_half_with_five_or_more_players(players, worth):
    """Issue 21, sixth pass: a monster in Orrun's horde adds `worth` to his potential; another
    deity's monster adds the full HORDE at every player count."""
    deities = ("Orrun", "Lutraz", "Kelerix", "Kirjani", "Aeoris", "Eseryn")[:players]
    s = blank(players, deities=deities)
    before = bots.potential(s)
    monster(s, "dryad", ORRUN, "Forest-2")
    monster(s, "spirit", LUTRAZ, "Farmland-3")
    after = bots.potential(s)
    assert after[ORRUN] - before[ORRUN] == pytest.approx(worth)
    assert after[LUTRAZ] - before[LUTRAZ] == pytest.approx(bots.HORDE)
