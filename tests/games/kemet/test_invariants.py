"""Invariants of every reachable position, checked along seeded random games (KM-7)."""

import pytest

from theogony.core import Rng
from theogony.games.kemet.content import COMPANIONS, MERCENARIES, TILES
from theogony.games.kemet.state import MOVING, WARRIORS

from .helpers import GAME
from theogony.games.kemet.rules import board
from .helpers import step_of


def check(s):
    n = len(s.owner)
    for p, pl in enumerate(s.ps):
        assert 0 <= pl.pp <= 11, "KM-7.3 PP stay between 0 and 11"
        on_board = sum(s.count[z] for z in range(n) if s.owner[z] == p)
        moving = s.mv.carried if s.mv is not None and s.mv.player == p else 0
        fighting = s.bt.att_count if s.bt is not None and s.bt.att == p else 0
        pending = sum(s.rec_add) if step_of(s) in ("recruit", "battle_order", "battle") and p == s.order[s.pos] else 0
        # KM-3.4.2.3: hired Mercenaries stand among the troops as extra figures
        assert pl.supply + on_board + moving + fighting + pending == WARRIORS + pl.mercs
        assert pl.supply >= 0 and pl.mercs >= 0
    assert s.merc_bank + sum(pl.mercs for pl in s.ps) == MERCENARIES, "KM-1.12 six Mercenaries"
    if s.mv is None and s.bt is None and step_of(s) not in ("recruit", "battle_order"):
        for z in range(n):
            o = s.owner[z]
            if o >= 0:
                assert 0 < s.count[z] <= board.limit(s, o), "KM-7.5 troop limit"
            kinds = [TILES[COMPANIONS[k]].kind for k, loc in enumerate(s.comp_loc) if loc == z]
            assert len(kinds) == len(set(kinds)), "one creature and one servant per troop"
            for k, loc in enumerate(s.comp_loc):
                if loc == z:
                    assert s.owner[z] == s.comp_owner[k], "a companion is attached to its owner's troop"
        assert MOVING not in s.comp_loc


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_KM_7_invariants_hold_in_random_games(players):
    for seed in range(2):
        s = GAME.new_state(players, seed, {"update": bool(seed)})
        rng = Rng(seed + 77)
        while not s.is_terminal():
            check(s)
            s.step(rng.choice(s.legal_actions()))
        check(s)
