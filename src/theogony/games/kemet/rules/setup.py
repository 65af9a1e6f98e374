"""Setup decisions: city, God, troops, pyramids, first tile (KM-2)."""

from __future__ import annotations


from theogony.core import Action, Event

from .. import codes as C
from ..content import CITIES, COLOURS, TILE_COLOUR, TILES
from theogony.core.frames import AUTOMATIC
from . import modes
from ..state import StartRound
from ..state import (CityStep, KemetFrame, KemetState, PcolourStep, PyramidsStep,
                     Tile1Step, TroopsStep, WARRIORS)
from . import board, acquire


SOLO_LAYOUTS = ((2, 0, 1), (1, 0, 2))  # KM-S.2.4 two pyramids in the west and east quarters


def legal_city(st: KemetState, frame: KemetFrame) -> list[Action]:
    return [Action(f"city {CITIES[c].id}", C.CITY + c, (c,)) for c in st.board.cities
            if st.city_owner[c] < 0]


def apply_city(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    c = a.data[0]
    p = st.cur
    st.city_owner[c] = p
    st.ps[p].city = c
    ev.append(Event("setup", f"seat {p} takes the {CITIES[c].name}", p))
    if modes.god_steps(st).after_city(st):  # KM-G1.1: a God together with the city
        return
    setup_next(st, CityStep, TroopsStep)


def legal_god(st: KemetState, frame: KemetFrame) -> list[Action]:
    return modes.gods().la_god(st)


def apply_god(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    modes.gods().do_god(st, a, ev)
    setup_next(st, CityStep, TroopsStep)


def setup_next(st: KemetState, this: type[KemetFrame], nxt: type[KemetFrame] | None,
               reverse: bool = False) -> None:
    """The next seat takes step `this`; after the last seat, step `nxt` begins (None: the first
    day)."""
    st.pos += 1
    if st.pos < st.players:
        idx = st.players - 1 - st.pos if reverse else st.pos
        board.set_cur(st, st.order[idx])
        board.goto(st, this)
        return
    st.pos = 0
    if nxt is None:
        board.hand_over(st, StartRound(AUTOMATIC))
        return
    board.set_cur(st, st.order[st.players - 1] if nxt is Tile1Step else st.order[0])
    board.goto(st, nxt)


def legal_troops(st: KemetState, frame: KemetFrame) -> list[Action]:
    return modes.rules(st).la_troops(st)


def classic_troops(st: KemetState) -> list[Action]:
    qs = board.quarters_of(st, st.cur)
    return [Action(f"leave {board.zname(st, q)} empty", C.ZONE + q, (q,)) for q in qs]


def apply_troops(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    modes.rules(st).do_troops(st, a, ev)


def classic_place_troops(st: KemetState, a: Action, ev: list[Event]) -> None:
    p = st.cur
    for q in board.quarters_of(st, p):
        if q != a.data[0]:
            st.owner[q] = p
            st.count[q] = 5
    st.ps[p].supply = WARRIORS - 10
    ev.append(Event("setup", f"seat {p} places two troops of 5, leaving {board.zname(st, a.data[0])} empty", p))
    setup_next(st, TroopsStep, PyramidsStep)


def layouts(st: KemetState) -> list[tuple[int, int, int]]:
    return modes.rules(st).layouts(st)


def classic_layouts(st: KemetState) -> list[tuple[int, int, int]]:
    """KM-2.3.3: three levels in all, at most two in one quarter (two pyramids with 2 players)."""
    out: list[tuple[int, int, int]] = []
    if st.players > 2:
        out.append((1, 1, 1))
    for two in range(3):
        for one in range(3):
            if one != two:
                lv = [0, 0, 0]
                lv[two] = 2
                lv[one] = 1
                out.append((lv[0], lv[1], lv[2]))
    return out


def legal_pyramids(st: KemetState, frame: KemetFrame) -> list[Action]:
    return [Action("pyramids " + "/".join(map(str, lv)), C.LAYOUT + i, lv)
            for i, lv in enumerate(layouts(st))]


def apply_pyramids(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    qs = board.quarters_of(st, st.cur)
    for q, lv in zip(qs, a.data):
        st.pyr_level[q] = lv
    ev.append(Event("setup", f"seat {st.cur} lays out pyramid levels {a.text[9:]}", st.cur))
    board.goto(st, PcolourStep)


def legal_pcolour(st: KemetState, frame: KemetFrame) -> list[Action]:
    p = st.cur
    used = {st.pyr_colour[q] for q in board.quarters_of(st, p)}
    return [Action(f"colour {COLOURS[c]}", C.COLOUR + c, (c,)) for c in board.variant_colours(st)
            if c not in used]


def apply_pcolour(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    p = st.cur
    c = a.data[0]
    for q in board.quarters_of(st, p):
        if st.pyr_level[q] > 0 and st.pyr_colour[q] < 0:
            st.pyr_colour[q] = c
            board.place_acq_token(st, p, c)
            ev.append(Event("setup", f"seat {p} crowns the pyramid in {board.zname(st, q)} {COLOURS[c]}", p))
            break
    if any(st.pyr_level[q] > 0 and st.pyr_colour[q] < 0 for q in board.quarters_of(st, p)):
        return
    setup_next(st, PyramidsStep, Tile1Step)




def legal_tile1(st: KemetState, frame: KemetFrame) -> list[Action]:
    p = st.cur
    cols = {st.pyr_colour[q] for q in board.quarters_of(st, p) if st.pyr_colour[q] >= 0}
    out = []
    for t, n in enumerate(st.market):
        tl = TILES[t]
        if n > 0 and tl.level == 1 and TILE_COLOUR[t] in cols:
            out.append(Action(f"take {tl.name} ({tl.colour})", C.TILE + t, (t,)))
    return out


def apply_tile1(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    p = st.cur
    acquire.gain_tile(st, p, a.data[0], ev, setup=True)
    setup_next(st, Tile1Step, None, reverse=True)
