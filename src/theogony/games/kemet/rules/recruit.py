"""Recruitment and the battles it starts (KM-3.4.2)."""

from __future__ import annotations


from theogony.core import Action, Event

from .. import codes as C
from ..content import COMPANIONS, TILES
from theogony.core.frames import AUTOMATIC
from ..state import NextPick, StartBattle
from ..state import BattleOrderStep, KemetFrame, KemetState, MOVING, M_MERC, PENDING, SUPPLY
from . import board, modes


def legal_recruit(st: KemetState, frame: KemetFrame) -> list[Action]:
    """KM-R28: a Recruitment places at least one warrior (or the God) when it can."""
    out = recruit_options(st)
    if st.rec_placed or not any(a.code != C.DONE and not C.ATTACH <= a.code < C.COMPMOVE
                                  for a in out):
        out.insert(0, Action("done recruiting", C.DONE))
    return out


def recruit_options(st: KemetState) -> list[Action]:
    p = st.cur
    pl = st.ps[p]
    out = []
    cost = 0 if st.rec_free > 0 else 1
    qs = board.quarters_of(st, p)
    limit_in = modes.rules(st).recruit_limit
    hire = pl.mods[M_MERC] > 0 and st.merc_bank > 0
    if (pl.supply > 0 or hire) and pl.pp >= cost:
        for i, q in enumerate(qs):
            if modes.gods().blocked_for_warriors(st, p, q):
                continue  # KM-G2.4: no warriors with a God
            o = st.owner[q]
            have = st.count[q] if board.ally(st, o, p) else (st.rec_add[q] if o >= 0 else 0)
            if have < limit_in(st, p, q):
                if pl.supply > 0:
                    out.append(Action(f"recruit in {board.zname(st, q)}", C.ZONE + q, (q,)))
                if hire:  # KM-3.4.2.3: a Mercenary from the bank instead of a warrior
                    out.append(Action(f"hire a mercenary in {board.zname(st, q)}", C.MERC + i, (q,)))
    for k, loc in enumerate(st.comp_loc):
        if loc != SUPPLY or st.comp_owner[k] != p:
            continue
        kind = board.comp_kind(st, k)
        for i, q in enumerate(qs):
            if q not in st.rec_touched:
                continue
            where = q if board.ally(st, st.owner[q], p) else PENDING - q
            if kind not in board.kinds_at(st, p, where):
                out.append(Action(f"attach {TILES[COMPANIONS[k]].name} to {board.zname(st, q)}",
                                  C.ATTACH + 4 * k + i, (k, where)))
    out += modes.god_steps(st).la_deploy(st, p)  # KM-G3.1
    return out


def apply_recruit(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    p = st.cur
    pl = st.ps[p]
    if a.code == C.DONE:
        st.battle_queue = [q for q in board.quarters_of(st, p) if st.rec_add[q] > 0]
        next_recruit_battle(st, ev)
        return
    if C.GOD_DEPLOY <= a.code < C.GOD_DEPLOY + 3:
        modes.gods().do_deploy(st, a, ev)
        st.rec_placed += 1
        return
    if C.ZONE <= a.code < C.TELE or C.MERC <= a.code < C.MERC + 3:
        q = a.data[0]
        st.rec_placed += 1
        if st.rec_free > 0:
            st.rec_free -= 1
        else:
            pl.pp -= 1
        if a.code >= C.MERC:
            st.merc_bank -= 1
            pl.mercs += 1
        else:
            pl.supply -= 1
        if q not in st.rec_touched:
            st.rec_touched.append(q)
        o = st.owner[q]
        if o >= 0 and not board.ally(st, o, p):
            st.rec_add[q] += 1
        else:
            board.add_warriors(st, q, p, 1)
        what = "hires a mercenary" if a.code >= C.MERC else "recruits a warrior"
        ev.append(Event("recruit", f"seat {p} {what} in {board.zname(st, q)}", p))
    else:
        k, where = a.data
        st.comp_loc[k] = where
        ev.append(Event("companion", f"seat {p}: {a.text}", p))


def next_recruit_battle(st: KemetState, ev: list[Event]) -> None:
    if not st.battle_queue:
        board.hand_over(st, NextPick(AUTOMATIC))
        return
    if len(st.battle_queue) == 1:
        start_recruit_battle(st, st.battle_queue.pop(), ev)
    else:
        board.goto(st, BattleOrderStep)


def legal_battle_order(st: KemetState, frame: KemetFrame) -> list[Action]:
    return [Action(f"battle in {board.zname(st, q)}", C.ZONE + q, (q,)) for q in st.battle_queue]


def apply_battle_order(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    st.battle_queue.remove(a.data[0])
    start_recruit_battle(st, a.data[0], ev)


def start_recruit_battle(st: KemetState, q: int, ev: list[Event]) -> None:
    p = st.cur
    n = st.rec_add[q]
    st.rec_add[q] = 0
    for k, loc in enumerate(st.comp_loc):
        if loc == PENDING - q:
            st.comp_loc[k] = MOVING
    modes.steps(st).carry_single(st, p, n)
    modes.god_steps(st).recruit_battle_starts(st, p, q)
    board.hand_over(st, StartBattle(AUTOMATIC, zone=q, attacker=p, count=n))
