"""The Theurgy Game object (DESIGN §3). Its parts come by module convention (core.game.PARTS):
encoding, bots, render, svg, stats, content."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import Game, GameInfo, SaveFormatError, State
from . import board, cards, effect_steps, effects  # noqa: F401  (the effects register their frame rules)
from .codes import N_CODES
from .rules import RULES, intervention, pilgrimage, spread_the_word, test_the_faith, turn  # noqa: F401
from .rules.setup import setup
from .state import TheurgyState


class TheurgyGame(Game):
    info = GameInfo(
        id="theurgy",
        title="Theurgy",
        min_players=2,
        max_players=6,
        variants={"capital_events": ((False, True), False), "deities": (("random", "choose"), "random")},
        variant_help={"capital_events": "shuffle capital events into the lower miracle deck (rulebook "
                                        "section 2 with Capital Events)",
                      "deities": "deal the deities at random, or let the seats choose them one after "
                                 "another, last player first (rulebook setup step 5)"},
        summary="Half-forgotten deities compete to have temples built in their honour.",
    )
    state_class = TheurgyState
    frame_rules = RULES
    # 2: the pending steps are frames of frames.py (the Pilgrimage's and the Intervention's
    # book-keeping moved into their frames)
    schema_version = 2

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> State:
        s = setup(players, seed, variant)
        s.settle([])
        return s

    def num_action_codes(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return N_CODES

    def validate_state(self, state: State) -> None:
        super().validate_state(state)
        s = state
        if not isinstance(s, TheurgyState) or not 2 <= s.players <= 6 or len(s.seats) != s.players:
            raise SaveFormatError("theurgy state: seats do not match the player count")
        if len(s.types) != board.N_POS or len(s.mortals) != board.N_POS or len(s.faith) != board.N_VERTICES:
            raise SaveFormatError("theurgy state: the board has the wrong size")
        for m in s.mon_pos:
            if m not in cards.MONSTER or m not in s.mon_owner:
                raise SaveFormatError(f"theurgy state: unknown monster {m!r} on the board")
