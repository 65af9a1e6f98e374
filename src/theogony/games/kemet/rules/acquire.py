"""Acquisition of Mightiness tiles and companions (KM-3.4.3)."""

from __future__ import annotations


from theogony.core import Action, Event

from .. import codes as C
from .. import effects
from ..content import AMBER, CITY_QUARTERS, COLOURS, COMPANIONS, TILE_COLOUR, TILE_MODS, TILES
from theogony.core.frames import AUTOMATIC
from ..state import NextPick
from ..state import AcqCompStep, GodPlaceStep, KemetFrame, KemetState, M_ACQ, SUPPLY
from . import board, modes


def tile_cost(st: KemetState, p: int, t: int) -> int:
    return max(0, TILES[t].level - st.ps[p].mods[M_ACQ])


def acquirable(st: KemetState, p: int, slot: int) -> list[int]:
    """KM-3.4.3: the tiles p may buy through Acquisition slot `slot` now."""
    pl = st.ps[p]
    names = {TILES[t].name for t in pl.tiles}
    slot_colour = pl.slots[slot]
    # the highest level of each colour that p controls (any city) / holds in an enemy city
    ctrl = [0] * len(COLOURS)
    enemy = [0] * len(COLOURS)
    mine = pl.city
    for c in st.board.cities:
        for q in CITY_QUARTERS[c]:
            lv = st.pyr_level[q]
            col = st.pyr_colour[q]
            if lv <= 0 or col < 0:
                continue
            if lv > ctrl[col] and board.controls_quarter(st, p, q):
                ctrl[col] = lv
            if c != mine and lv > enemy[col] and board.has_warriors(st, p, q):
                enemy[col] = lv
    discount = pl.mods[M_ACQ]
    out = []
    for t, n in enumerate(st.market):
        if n <= 0:
            continue
        tl = TILES[t]
        if max(0, tl.level - discount) > pl.pp or tl.name in names:
            continue
        if t in AMBER:
            out.append(t)  # KM-1.12: no pyramid is amber; any Acquisition slot will do
            continue
        c = TILE_COLOUR[t]
        if c < 0 or c in pl.bought:
            continue
        if c == slot_colour:
            if ctrl[c] >= tl.level:
                out.append(t)
        elif c not in pl.slots and enemy[c] >= tl.level:
            # KM-3.4.3.2: a controlled enemy pyramid of a colour one has no token of
            out.append(t)
    return out


def legal_acquire(st: KemetState, frame: KemetFrame) -> list[Action]:
    """KM-R28: acquiring is mandatory when a tile (or the God tile) can be acquired."""
    return acquire_options(st) or [Action("skip acquisition", C.DONE)]


def acquire_options(st: KemetState) -> list[Action]:
    p = st.cur
    slot = st.acting % 10 - 4
    out = []
    for t in acquirable(st, p, slot):
        tl = TILES[t]
        out.append(Action(f"acquire {tl.name} ({tl.colour} {tl.level}) for {tile_cost(st, p, t)} PP",
                          C.TILE + t, (t,)))
    out += modes.god_steps(st).la_acquire(st, p, slot)  # KM-G4
    return out


def apply_acquire(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    p = st.cur
    if a.code == C.DONE:
        board.hand_over(st, NextPick(AUTOMATIC))
        return
    if a.code == C.GOD_TILE:
        if modes.gods().do_acquire(st, ev):
            board.goto(st, GodPlaceStep)
        else:
            board.hand_over(st, NextPick(AUTOMATIC))
        return
    t = a.data[0]
    st.ps[p].pp -= tile_cost(st, p, t)
    if TILE_COLOUR[t] >= 0:
        st.ps[p].bought.append(TILE_COLOUR[t])
    gain_tile(st, p, t, ev)
    if TILES[t].companion and acq_comp_targets(st, p):
        st.acq_tile = t
        board.goto(st, AcqCompStep)
    else:
        board.hand_over(st, NextPick(AUTOMATIC))


def gain_tile(st: KemetState, p: int, t: int, ev: list[Event], setup: bool = False) -> None:
    pl = st.ps[p]
    tl = TILES[t]
    st.market[t] -= 1
    pl.tiles.append(t)
    if tl.companion:
        k = COMPANIONS.index(t)
        st.comp_owner[k] = p
        st.comp_loc[k] = SUPPLY
    else:
        m = TILE_MODS[t]
        pl.mods = [x + y for x, y in zip(pl.mods, m)]
    effects.apply_gain(st, p, tl.effect)
    ev.append(Event("tile", f"seat {p} acquires {tl.name} ({tl.colour} level {tl.level})", p))


def legal_god_place(st: KemetState, frame: KemetFrame) -> list[Action]:
    return modes.gods().la_place(st)


def apply_god_place(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    modes.gods().do_place(st, a, ev)


def acq_comp_targets(st: KemetState, p: int) -> list[int]:
    return [q for q in board.quarters_of(st, p) if board.has_warriors(st, p, q)
            and not modes.gods().blocked_for_warriors(st, p, q)]


def legal_acq_comp(st: KemetState, frame: KemetFrame) -> list[Action]:
    p = st.cur
    k = COMPANIONS.index(st.acq_tile)
    kind = board.comp_kind(st, k)
    name = TILES[st.acq_tile].name
    out = [Action(f"keep {name} in supply", C.DONE)]
    for i, q in enumerate(board.quarters_of(st, p)):
        if (board.has_warriors(st, p, q) and kind not in board.kinds_at(st, p, q)
                and not modes.gods().blocked_for_warriors(st, p, q)):
            out.append(Action(f"attach {name} to {board.zname(st, q)}", C.ATTACH + 4 * k + i, (k, q)))
    return out


def apply_acq_comp(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    if a.code != C.DONE:
        k, q = a.data
        st.comp_loc[k] = q
        ev.append(Event("companion", f"seat {st.cur}: {a.text}", st.cur))
    st.acq_tile = -1
    board.hand_over(st, NextPick(AUTOMATIC))
