"""Teomachia's action codes (TM-0.2), from a declared code space (core.codes). The blocks keep
the numbering the game always had; a new kind of action is a new block at the end."""

from __future__ import annotations

from theogony.core.codes import CodeSpace

from .content import DEFS, DEITIES, MYTHS

NDEF = len(DEFS)
TARGETS = 5  # no target, or seat 0..3

CODES = CodeSpace("teomachia", {
    "pick": (NDEF,), "aside": (NDEF,), "lay": (NDEF,),
    "play": (NDEF, TARGETS),       # definition, target + 1
    "respond": (NDEF,),
    "wait": (), "call": (), "withdraw": (), "pass": (), "done": (), "endturn": (),
    "raise": (3,),                 # token kind
    "deity": (len(DEITIES),),
    "attr": (TARGETS,),            # target + 1
    "myth": (len(MYTHS), TARGETS),  # myth, target + 1
    "hero": (len(MYTHS), TARGETS),
    "take": (6,),                  # prayer track slot
    "takedeck": (), "buy": (), "cycle": (), "leave": (),
    "top": (NDEF,),                # the card shown on top of the discard pile (TM-R7)
})

# Block offsets, for the hot paths (an action's code is its block's offset plus its index).
C_PICK = CODES.offset("pick")
C_ASIDE = CODES.offset("aside")
C_LAY = CODES.offset("lay")
C_PLAY = CODES.offset("play")
C_RESPOND = CODES.offset("respond")
C_WAIT = CODES.offset("wait")
C_CALL = CODES.offset("call")
C_WITHDRAW = CODES.offset("withdraw")
C_PASS = CODES.offset("pass")
C_DONE = CODES.offset("done")
C_ENDTURN = CODES.offset("endturn")
C_RAISE = CODES.offset("raise")
C_DEITY = CODES.offset("deity")
C_ATTR = CODES.offset("attr")
C_MYTHUSE = CODES.offset("myth")
C_HERO = CODES.offset("hero")
C_TAKE = CODES.offset("take")
C_TAKEDECK = CODES.offset("takedeck")
C_BUY = CODES.offset("buy")
C_CYCLE = CODES.offset("cycle")
C_LEAVE = CODES.offset("leave")
C_TOP = CODES.offset("top")
NUM_CODES = CODES.size
