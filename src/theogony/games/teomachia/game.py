"""The Teomachia Game object: info, setup and action codes; the game's parts (encoding, bots,
render, svg, stats, content) are found by module convention (core.game.PARTS)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core import Game, GameInfo

from .codes import NUM_CODES
from .rules import RULES
from .rules.setup import new_game
from .state import TeomachiaState


class TeomachiaGame(Game):
    info = GameInfo(
        "teomachia", "Teomachia", 2, 4,
        variants={"full": ((False, True), False), "no_elimination": ((False, True), False)},
        variant_help={
            "full": "the full game: deities with attributes and demands, miracle tokens and myth decks",
            "no_elimination": "victory points instead of elimination; play to 10 points",
        },
        summary="Gods draft prayer decks, bid worshippers over three rounds and fight battles; "
                "the last god with worshippers wins.",
    )
    state_class = TeomachiaState
    frame_rules = RULES
    schema_version = 2  # issue 17: the state holds a stack of decision frames

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> TeomachiaState:
        return new_game(players, seed, variant)

    def contract_variants(self) -> list[dict[str, Any]]:
        """Extra configurations for the contract suite: both variants together."""
        return [{"full": True, "no_elimination": True}]

    def num_action_codes(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return NUM_CODES


__all__ = ["TeomachiaGame"]
