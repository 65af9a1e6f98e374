"""Theocratia's action codes (core.codes): one block per kind of action, in the order and sizes
the game has always used (the recorded games carry these numbers; append new blocks at the end)."""

from __future__ import annotations

from theogony.core.codes import CodeSpace

from .content import N_HEX, POWER_DEFS, TOKENS

N_CIVS = 4
N_COLOURS = 4
N_TILES = 4
N_CRYSTALS = 6
N_POWER_KINDS = len(POWER_DEFS)

CODES = CodeSpace("theocratia", {
    "civ": (N_CIVS,),                          # TC-2.5 choose a Civ
    "draft": (N_COLOURS, 6),                   # TC-4.1 a die: colour, value - 1
    "claim": (N_TILES,),                       # TC-11.3 claim tile 1..3 (0 is never claimed)
    "up": (),                                  # TC-4.5 die +1
    "down": (),                                # TC-4.5 die -1
    "recolour": (N_POWER_KINDS, N_COLOURS),    # TC-4.6 discard a card kind: the die's colour
    "ignore": (N_POWER_KINDS,),                # TC-4.6 discard a card kind: same-number rule
    "place": (N_CIVS,),                        # TC-4.3 the die's action with a Civ
    "holiday": (N_CIVS,),                      # TC-5.8 Holiday with a Civ
    "divine": (5, N_CIVS),                     # TC-5.7 Divination: action - 1, Civ
    "aside": (),                               # R3 no legal use of the die
    "erb": (),                                 # TC-5.1 the End Round Bonus card
    "draw": (),                                # TC-5.1 a Power card
    "hex": (N_HEX,),                           # a hex (build, attack, upgrade, develop)
    "convert": (N_TILES, N_HEX),               # TC-11 a Conversion tile on a hex
    "crystal": (N_CRYSTALS,),                  # TC-5.8 a Crystal colour to spend
    "play": (N_POWER_KINDS,),                  # TC-10 play a Power card kind
    "end": (),                                 # TC-4.7 end the turn
    "token": (len(TOKENS),),                   # TC-12 a Pyramid token kind
    "civ_pick": (N_CIVS,),                     # TC-12 the Civ of the Worship token
    "kind": (2,),                              # TC-8.2 Factory (0) or Barrack (1)
    "pyramid_site": (N_HEX,),                  # TC-5.6 the building a Pyramid replaces
    "pyramid_group": (N_HEX, N_HEX),           # TC-5.6 the two buildings removed with it
})
NUM_CODES = CODES.size

# The blocks' first codes, for the legal-action builders (an action's code is its block's first
# code plus the row-major index of its arguments, as CODES.code computes with range checks).
C_CIV = CODES.offset("civ")
C_DRAFT = CODES.offset("draft")
C_CLAIM = CODES.offset("claim")
C_UP = CODES.offset("up")
C_DOWN = CODES.offset("down")
C_RECOLOUR = CODES.offset("recolour")
C_IGNORE = CODES.offset("ignore")
C_PLACE = CODES.offset("place")
C_HOLIDAY = CODES.offset("holiday")
C_DIVINE = CODES.offset("divine")
C_ASIDE = CODES.offset("aside")
C_ERB = CODES.offset("erb")
C_DRAWCARD = CODES.offset("draw")
C_HEX = CODES.offset("hex")
C_CONVERT = CODES.offset("convert")
C_CRYSTAL = CODES.offset("crystal")
C_PLAY = CODES.offset("play")
C_END = CODES.offset("end")
C_TOKEN = CODES.offset("token")
C_CIVPICK = CODES.offset("civ_pick")
C_KIND = CODES.offset("kind")
C_PYR_SITE = CODES.offset("pyramid_site")
C_PYR_GROUP = CODES.offset("pyramid_group")
