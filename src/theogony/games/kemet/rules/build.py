"""Construction (KM-3.4.1)."""

from __future__ import annotations


from theogony.core import Action, Event

from .. import codes as C
from ..content import COLOURS
from theogony.core.frames import AUTOMATIC
from ..state import NextPick
from ..state import KemetFrame, KemetState, M_BUILD
from . import board


def build_cost(st: KemetState, p: int, frm: int, to: int) -> int:
    """Each added level costs its own number; several levels are one single effect."""
    cost = sum(range(frm + 1, to + 1))
    return max(0, cost - st.ps[p].mods[M_BUILD] - st.build_discount)


def legal_build(st: KemetState, frame: KemetFrame) -> list[Action]:
    """KM-R28: building is mandatory when something can be built; otherwise it is lost."""
    return build_options(st) or [Action("skip construction", C.DONE)]


def build_options(st: KemetState) -> list[Action]:
    p = st.cur
    pp = st.ps[p].pp
    qs = board.quarters_of(st, p)
    out = []
    built = [q for q in qs if st.pyr_level[q] > 0]
    own_cols = {st.pyr_colour[q] for q in built}
    for i, q in enumerate(qs):
        lv = st.pyr_level[q]
        if lv > 0:
            for to in range(lv + 1, 5):
                cost = build_cost(st, p, lv, to)
                if cost <= pp:
                    out.append(Action(f"raise {board.zname(st, q)} pyramid {lv} -> {to} for {cost} PP",
                                      C.BUILD + 4 * i + to - 1, (q, -1, to, cost)))
        elif len(built) < board.max_pyramids(st):
            for c in board.variant_colours(st):
                if c in own_cols:
                    continue
                for to in range(1, 5):
                    cost = build_cost(st, p, 0, to)
                    if cost <= pp:
                        out.append(Action(
                            f"new {COLOURS[c]} pyramid in {board.zname(st, q)} 0 -> {to} for {cost} PP",
                            C.BUILD_NEW + (i * 5 + c) * 4 + to - 1, (q, c, to, cost)))
    return out


def apply_build(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    p = st.cur
    if a.code != C.DONE:
        q, c, to, cost = a.data
        st.ps[p].pp -= cost
        if c >= 0:
            st.pyr_colour[q] = c
            board.place_acq_token(st, p, c)
        st.pyr_level[q] = to
        ev.append(Event("build", f"seat {p} builds: {a.text}", p))
    board.hand_over(st, NextPick(AUTOMATIC))
