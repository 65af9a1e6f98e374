"""The Theocratia Game object: info and variants, setup checks (TC-2), the action code space and
the frame rules. Its other parts (encoding, bots, render, svg, stats, content) are found by module
convention (core.game.PARTS)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core import Game, GameInfo, Rng, SetupError

from .codes import NUM_CODES
from .rules import RULES
from .rules.setup import COLOUR_SETS, FIRST_PLAYERS, build_state, chosen_colours
from .state import TheocratiaState


class TheocratiaGame(Game):
    info = GameInfo(
        id="theocratia",
        title="Theocratia",
        min_players=1,
        max_players=4,
        variants={"first_game": ((False, True), False),
                  "bot": (("none", "xevron", "ory", "noks"), "none"),
                  "difficulty": (("standard", "high"), "standard"),
                  "colours": (COLOUR_SETS, "auto"),
                  "first_player": (FIRST_PLAYERS, "random")},
        variant_help={"first_game": "setup step for first games: the Priest of each player's chosen "
                                    "Civ starts on space 0 of that player's Temple track",
                      "bot": "add the solo automaton as an extra engine-driven seat (players counts "
                             "the people; 1 player = the solo game, which always has a Bot)",
                      "difficulty": "the automaton's difficulty (no effect without a Bot)",
                  "colours": "the player colours chosen at the table with 2 or 3 players, e.g. "
                             "red-blue (TC-2.3, R1); seats take them in colour order; auto = the "
                             "first colours in order Red, Brown, Blue, White",
                  "first_player": "the seat that plays first (TC-2.3, R1): random (drawn from "
                                  "the seed) or a seat number; with the Bot the seat after it, "
                                  "seat 0, is always first (the Bot begins last)"},
        summary="Alien gods draft dice to steer four Civs and compete for their worship.",
    )
    state_class = TheocratiaState
    frame_rules = RULES
    schema_version = 2   # 2: the flow is a stack of typed frames (issue 17)

    def check_setup(self, players: int, variant: dict[str, Any]) -> None:
        if players >= 4 and variant.get("bot", "none") != "none":
            raise SetupError("the bot variant takes 1 to 3 people (the Bot is the fourth colour)")
        bot = variant.get("bot", "none") != "none" or players == 1
        first = variant.get("first_player", "random")
        if first != "random":
            seats = players + (1 if bot else 0)
            if bot and first != 0:
                raise SetupError("with the Bot the first player is seat 0, the seat after the Bot "
                                 "(the Bot begins the game last: BOT-1.2, R1); first_player takes "
                                 "random or 0 there")
            if first >= seats:
                raise SetupError(f"first_player names seat {first}, but the seats are 0 to "
                                 f"{seats - 1}")
        chosen = chosen_colours(variant.get("colours", "auto"))
        if chosen is not None:
            if bot:
                raise SetupError("the colours variant is for games without the Bot (the Bot plays "
                                 "White and the people Red, Brown, Blue: BOT-1.2)")
            if len(chosen) != players:
                raise SetupError(f"the colours variant names {len(chosen)} colours for {players} "
                                 "players")

    def contract_variants(self) -> list[dict[str, Any]]:
        return [{"bot": b, "difficulty": "high"} for b in ("xevron", "ory", "noks")]

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> TheocratiaState:
        return build_state(players, seed, variant, Rng(seed))

    def num_action_codes(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return NUM_CODES
