"""The toy's Game: static info, setup and the size of its action codes. Everything else comes from
the package's parts (core.game.PARTS): components, render, encoding, stats."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core import Game, GameInfo

from .codes import CODES
from .rules import RULES
from .rules.setup import setup
from .state import ToyState


class ToyGame(Game):
    info = GameInfo("toy", "Toy", 2, 3, {"big": ((False, True), False),
                                        "open_deck": ((False, True), False),
                                        "names": ((False, True), False),
                                        "automaton": ((False, True), False)})
    state_class = ToyState
    frame_rules = RULES

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> ToyState:
        return setup(players, seed, variant)

    def num_action_codes(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return CODES.size


GAME = ToyGame()
