"""Theurgy's action codes, from a declared code space (core.codes): one block per kind of action,
each shaped (x, y, z), in the order of the first release; blocks are only ever appended."""

from __future__ import annotations

from ...core import Action
from ...core.codes import CodeSpace
from . import board, cards
from .state import DEITIES, GREY

_P, _V, _C = board.N_POS, board.N_VERTICES, GREY + 1     # settlements, vertices, colours
_MIR, _MON, _CAL = len(cards.MIRACLES), len(cards.MONSTERS), len(cards.CALLINGS)
_WALK = 1 + max(m.n for m in cards.MIRACLES)

CODES = CodeSpace("theurgy", {
    "turn": (4, 1, 1), "start": (_P, _P, 1), "start_faith": (_V, 1, 1), "calling": (_CAL, 1, 1),
    "move_follower": (_P, _P, 1), "move_acolyte": (2, _P, 1), "preach": (2, _C, 1), "fight": (3, _MON, 1),
    "done": (1, 1, 1), "stw_place": (_V, 1, 1), "stw_replace": (_V, 1, 1), "pass": (1, 1, 1),
    "miracle": (_MIR, 2, 2), "summon": (_MON + 1, 1, 1), "activate": (_MON, 1, 1),
    "move_monster": (_MON, _P, 1), "place_monster": (_P, 1, 1), "discard": (_MIR, 1, 1), "keep": (1, 1, 1),
    "ttf": (_P, 1, 1), "eseryn": (_P, 1, 1), "convert": (_P, _C, 1), "remove": (_P, _C, 1),
    "wound": (GREY, 2, 1), "faith": (_V, 1, 1), "replace": (_V, 1, 1), "unfaith": (_V, 1, 1),
    "pull": (_P, _C, 1), "push": (_P, _C, 1), "sceptics": (_P, 1, 1), "spawn": (_P, 1, 1),
    "take": (_MON, 1, 1), "banish": (_MON, 1, 1), "cull": (_P, 1, 1), "force": (4, 1, 1), "ban": (4, 1, 1),
    "peek_who": (GREY, 1, 1), "peek_card": (_MIR, 1, 1), "recall": (_MIR, 1, 1),
    "send_back": (_MON, _P, 1), "restore": (_P, 1, 1), "heal": (2, 1, 1), "walk": (_P, _WALK, 1),
    "fly": (_P, 4, 1), "stop": (1, 1, 1), "deity": (len(DEITIES), 1, 1),
    # appended after the first release so that the codes above keep their values
    "move_unmoved": (_P, _P, 1), "trigger": (_MON, 1, 1)})
N_CODES = CODES.size
BLIND = 63                   # x of "summon blind" in the action data (its code is the last summon slot)

# the code space's offsets and shapes, read once: `code` runs for every legal action offered
_OFFSET = {kind: CODES.offset(kind) for kind in CODES.kinds()}
_SHAPE = {kind: CODES.shape(kind) for kind in CODES.kinds()}


def code(kind: str, x: int = 0, y: int = 0, z: int = 0) -> int:
    """`CODES.code(kind, x, y, z)`, inlined (the same numbers, the same range check)."""
    sx, sy, sz = _SHAPE[kind]
    if kind == "summon" and x == BLIND:
        x = _MON
    if not (0 <= x < sx and 0 <= y < sy and 0 <= z < sz):
        raise ValueError(f"theurgy action code out of range: {kind} {x} {y} {z}")
    return _OFFSET[kind] + (x * sy + y) * sz + z


def act(text: str, kind: str, x: int = 0, y: int = 0, z: int = 0, *data: object) -> Action:
    """The action `text`, its code, and its data (kind, x, y, z, ...) that the rules and bots read."""
    return Action(text, code(kind, x, y, z), (kind, x, y, z, *data))


DONE = act("done", "done")
STOP = act("stop", "stop")
