"""Theocratia's rules, one module per part of the rulebook (docs/rules/theocratia.md): setup
(TC-2), rounds (TC-3), turn (TC-4), actions and buildings and holiday (TC-5), end_of_round (TC-6,
TC-7), development (TC-8), tracks (TC-9), power_cards (TC-10), conversion (TC-11), tokens (TC-12),
chronicles (TC-13), board (TC-1 pieces); solo is the module of the `bot` mode (BOT); effects the
registry of the content's named effects. This table registers every frame class once."""

from __future__ import annotations

from theogony.core.frames import FrameRules

from ..state import (Build, BotTurn, ChooseCiv, Developments, DevelopmentHex, DevelopmentKind,
                     Draft, EndOfRound, EndTurn, Expand, FirstPlayerChoice, Holiday, PlayerTurns,
                     Prepare, PyramidGroup, RoundSetup, TokenChoice, TokenWorship, War)
from . import (actions, buildings, development, end_of_round, holiday, rounds, setup, solo,
               tokens, turn)

RULES = FrameRules("theocratia")

# the round's flow
RULES.automatic(RoundSetup, rounds.run_round_setup)
RULES.automatic(PlayerTurns, rounds.run_player_turns)
RULES.automatic(BotTurn, solo.run_bot_turn)
RULES.automatic(EndOfRound, end_of_round.run_end_of_round)
RULES.automatic(Developments, end_of_round.run_developments)

# decisions (the kinds and prompts are part of the recorded games: never change them)
RULES.decision(ChooseCiv, "civ", prompt="choose a Civ and build your first House next to its "
               "Fortress", legal=setup.civ_legal, apply=setup.civ_apply)
RULES.decision(Draft, "draft", prompt="draft a die from the Actions table (or claim an unlocked "
               "Conversion tile)", legal=turn.draft_legal, apply=turn.draft_apply)
RULES.decision(Prepare, "prepare", prompt="adjust the die, then assign it to a Civ (action, "
               "Divination or Holiday)", legal=turn.prepare_legal, apply=turn.prepare_apply)
RULES.decision(FirstPlayerChoice, "first", prompt="First Player: take the End Round Bonus card "
               "or draw a Power card", legal=actions.first_legal, apply=actions.first_apply)
RULES.decision(War, "war", prompt="War/Convert: choose a target", legal=actions.war_legal,
               apply=actions.war_apply)
RULES.decision(Expand, "expand", prompt="Expand: choose the hex for the House",
               legal=actions.expand_legal, apply=actions.expand_apply)
RULES.decision(Build, "build", prompt="choose the House to upgrade (or the building to raise a "
               "Pyramid on)", legal=buildings.build_legal, apply=buildings.build_apply)
RULES.decision(PyramidGroup, "pyramid", prompt="choose the two buildings removed with yours to "
               "build the Pyramid", legal=buildings.pyramid_legal, apply=buildings.pyramid_apply)
RULES.decision(Holiday, "holiday", prompt="Holiday: choose the next Crystal to spend",
               legal=holiday.holiday_legal, apply=holiday.holiday_apply)
RULES.decision(EndTurn, "endturn", prompt="play Power cards, claim Conversion tiles, or end the "
               "turn", legal=turn.end_turn_legal, apply=turn.end_turn_apply)
RULES.decision(TokenChoice, "token", prompt="choose a Pyramid token", legal=tokens.token_legal,
               apply=tokens.token_apply)
RULES.decision(TokenWorship, "tokenciv", prompt="choose the Civ to gain 1 Worship from",
               legal=tokens.worship_legal, apply=tokens.worship_apply)
RULES.decision(DevelopmentHex, "dev_hex", prompt="Expansion Development: as first player, "
               "choose the hex", legal=development.hex_legal, apply=development.hex_apply)
RULES.decision(DevelopmentKind, "dev_kind", prompt="Expansion Development: as first player, "
               "choose Factory or Barrack", legal=development.kind_legal,
               apply=development.kind_apply)
