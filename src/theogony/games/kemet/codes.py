"""Kemet's action codes (for RL / OpenSpiel adapters), from a declared code space (core.codes).

The blocks keep the numbering of the released game: they are declared in its order and sizes
(`unused_5_9` is the gap the first layout left after the five fixed codes, `zone` and `teleport`
keep two spare codes each). A new kind of action is a new block at the end. The rules take a
block's first code (the constants below) and add the action's index within the block."""

from __future__ import annotations

from theogony.core.codes import CodeSpace

from .content import COMPANIONS, DI_CARDS, NZ, SPACES, TILES

CODES = CodeSpace("kemet", {
    "done": (),             # done / skip / stop / end turn / decline
    "yes": (),              # accept (night sacrifices)
    "retreat": (),
    "recall": (),
    "stay": (),
    "unused_5_9": (5,),
    "number": (20,),        # a number k in 0..19
    "zone": (NZ + 2,),      # a zone
    "teleport": (NZ + 2,),  # teleport to a zone
    "space": (len(SPACES),),        # colour token on an action space
    "silver": (len(SPACES),),       # silver token on an action space
    "gold": (len(TILES),),          # gold action of a tile
    "tile": (len(TILES),),          # acquire a tile
    "di": (len(DI_CARDS),),         # play / commit a DI card
    "battle_card": (12,),
    "attach": (len(COMPANIONS), 4),     # companion, own quarter 0..2 (3: back to supply)
    "companion_move": (len(COMPANIONS), 2),   # companion, 0 leave / 1 bring or pick up
    "build": (3, 4),                    # own quarter, new level - 1
    "build_new": (3, 5, 4),             # own quarter, colour, level - 1
    "city": (6,),
    "layout": (8,),
    "colour": (5,),
    "position": (6,),                   # turn-order position
    "warrior": (2,),                    # 0 leave one warrior, 1 pick one up
    "action": (12,),                    # resolve a pending action kind 0..6, gold actions 7..10
    # team mode (rules/team.py)
    "team_setup": (6,),                 # empty quarter index * 2 + which ally joins which quarter
    "give_pp": (6,),                    # ally seat
    "give_veteran": (6,),               # ally seat
    "team_warrior": (6, 2),             # seat, 0 leave one warrior / 1 pick one up
    "defend": (6,),                     # seat chosen as the defender of a mixed troop
    "team_destiny": (6, 6),             # seat, turn-order position
    "mercenary": (3,),                  # hire a Mercenary in own quarter 0..2 (KM-3.4.2.3)
    # Gods of Egypt (rules/gods.py)
    "god": (6,),                        # embody that God at setup
    "god_tile": (),                     # acquire one's God tile
    "god_deploy": (3,),                 # own quarter 0..2: deploy / place the God figure
})

DONE = CODES.offset("done")
YES = CODES.offset("yes")
RETREAT = CODES.offset("retreat")
RECALL = CODES.offset("recall")
STAY = CODES.offset("stay")
NUM = CODES.offset("number")
ZONE = CODES.offset("zone")
TELE = CODES.offset("teleport")
SPACE = CODES.offset("space")
SILVER = CODES.offset("silver")
GOLD = CODES.offset("gold")
TILE = CODES.offset("tile")
DI = CODES.offset("di")
BCARD = CODES.offset("battle_card")
ATTACH = CODES.offset("attach")
COMPMOVE = CODES.offset("companion_move")
BUILD = CODES.offset("build")
BUILD_NEW = CODES.offset("build_new")
CITY = CODES.offset("city")
LAYOUT = CODES.offset("layout")
COLOUR = CODES.offset("colour")
POS = CODES.offset("position")
WARRIOR = CODES.offset("warrior")
ACTION = CODES.offset("action")
TEAM_SETUP = CODES.offset("team_setup")
GIVE_PP = CODES.offset("give_pp")
GIVE_VET = CODES.offset("give_veteran")
TWARRIOR = CODES.offset("team_warrior")
DEFEND = CODES.offset("defend")
TDESTINY = CODES.offset("team_destiny")
MERC = CODES.offset("mercenary")
GOD = CODES.offset("god")
GOD_TILE = CODES.offset("god_tile")
GOD_DEPLOY = CODES.offset("god_deploy")
NUM_CODES = CODES.size
