"""The heuristic's Pilgrimage: Kelerix's second move played as part of a two-step walk (TU-14.2)."""

import pytest

from theogony.core import Rng
from theogony.games.theurgy.bots import choose

from .helpers import GREY, acolytes, begin, blank, put, q

KELERIX_OR_ORRUN = 0
LUTRAZ = 1


def _play_pilgrimage(s, seed: int) -> list[str]:
    """Let the heuristic play seat 0's whole Pilgrimage; returns the steps it took."""
    rng = Rng(seed)
    taken = []
    while s.decision.kind == "pilgrimage":
        action = choose(s, KELERIX_OR_ORRUN, rng)
        taken.append(action.text)
        s.apply(action)
    return taken


def _acolytes_two_steps_from_a_crowd(deity: str):
    """Seat 0's acolytes in an empty Marsh-2 whose neighbours are empty too; three non-believers in
    Mine-2, two steps away (through Harbour-2)."""
    s = blank(2, deities=(deity, "Lutraz"))
    acolytes(s, KELERIX_OR_ORRUN, "Marsh-2")
    acolytes(s, LUTRAZ, "Market-3")
    put(s, "Mine-2", GREY, 3)
    begin(s, KELERIX_OR_ORRUN, "pilgrimage")
    return s


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kelerix_acolytes_walk_two_steps_to_preach(seed):
    s = _acolytes_two_steps_from_a_crowd("Kelerix")
    taken = _play_pilgrimage(s, seed)
    assert taken[0].endswith("Marsh-2 -> Harbour-2")        # a step that gains nothing by itself
    assert s.seats[KELERIX_OR_ORRUN].acolytes == [q(s, "Mine-2")] * 2
    assert s.mortals[q(s, "Mine-2")][KELERIX_OR_ORRUN] == 2  # both preached there
    assert s.mortals[q(s, "Mine-2")][GREY] == 1


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_one_move_deity_does_not_start_the_walk(seed):
    """The same position with one move per piece (the old greedy's view of every step): no single
    step gains anything, so the Pilgrimage ends at once."""
    s = _acolytes_two_steps_from_a_crowd("Orrun")
    assert _play_pilgrimage(s, seed) == ["done"]


def _followers_two_steps_from_a_tie(deity: str):
    """Seat 0's three followers in Market-2; Marsh-2 (two steps away, through Farmland-2) tied one
    to one with Lutraz; every other settlement held by four Lutraz followers, so no single step
    changes who would win a settlement. Seat 0's acolytes are wounded (they only stand up)."""
    s = blank(2, deities=(deity, "Lutraz"))
    for name in s.names():
        put(s, name, LUTRAZ, 4)
    put(s, "Market-2", LUTRAZ, 0)
    put(s, "Market-2", KELERIX_OR_ORRUN, 3)
    put(s, "Marsh-2", LUTRAZ, 1)
    put(s, "Marsh-2", KELERIX_OR_ORRUN, 1)
    acolytes(s, KELERIX_OR_ORRUN, "Market-2")
    s.seats[KELERIX_OR_ORRUN].wounded = [True, True]
    acolytes(s, LUTRAZ, "Mine-3")
    begin(s, KELERIX_OR_ORRUN, "pilgrimage")
    return s


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kelerix_follower_passes_through_to_tip_a_settlement(seed):
    s = _followers_two_steps_from_a_tie("Kelerix")
    taken = _play_pilgrimage(s, seed)
    assert taken == ["move follower Market-2 -> Farmland-2", "move follower Farmland-2 -> Marsh-2", "done"]
    assert s.mortals[q(s, "Marsh-2")][KELERIX_OR_ORRUN] == 2
    assert s.mortals[q(s, "Market-2")][KELERIX_OR_ORRUN] == 2


def test_one_move_deity_leaves_the_tie_alone():
    s = _followers_two_steps_from_a_tie("Orrun")
    assert _play_pilgrimage(s, 0) == ["done"]
    assert s.mortals[q(s, "Marsh-2")][KELERIX_OR_ORRUN] == 1
