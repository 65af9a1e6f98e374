"""The night's nine steps (KM-3.6)."""

from __future__ import annotations


from theogony.core import Action, Event

from .. import codes as C
from . import board, modes
from ..content import COMPANIONS, SPACES, TILES, ZONES
from theogony.core.frames import AUTOMATIC
from ..state import StartRound
from ..state import (DeltaStep, DestinyStep, DevotionStep, DiBuyStep, KemetFrame, KemetState,
                     M_NDI, M_NPP, PrayersStep, SummonStep, SUPPLY)
from .. import effects


def run_start_night(st: KemetState, frame: KemetFrame, ev: list[Event]) -> None:
    st.stack.pop()
    start_night(st, ev)


def start_night(st: KemetState, ev: list[Event]) -> None:
    st.phase = "night"
    board.narrate(ev, "night", f"night of round {st.round} begins")
    st.night_step = 0
    next_night(st, ev)


def next_night(st: KemetState, ev: list[Event]) -> None:
    """Advance through the nine night steps, stopping where a seat must decide."""
    while True:
        st.night_step += 1
        s = st.night_step
        if s == 1:
            z = board.zone_of_kind(st, "sanctuary")
            o = st.owner[z]
            if o >= 0 and st.count[z] >= 2 and not board.automaton(st, o):
                board.set_cur(st, o)
                board.goto(st, DevotionStep)
                return
        elif s == 2:
            z = board.zone_of_kind(st, "delta_temple")
            o = st.owner[z]
            if o >= 0 and st.count[z] >= 1 and not board.automaton(st, o):
                board.set_cur(st, o)
                board.goto(st, DeltaStep)
                return
        elif s == 3:
            modes.rules(st).temples_glory(st, ev)  # KM-T7.3: a temple counts for one seat
        elif s == 4:
            modes.rules(st).worship(st, ev)
        elif s in (5, 6, 7):
            st.pos = 0
            if night_player(st, s, ev):
                return
        elif s == 8:
            board.narrate(ev, "night", "night (awakening): veterans are discarded, action tokens "
                          "come back, troops over the limit lose the excess")
            for pl in st.ps:
                pl.veterans = 0
                pl.tokens = 5
                pl.spaces = [0] * len(SPACES)
            for z in range(len(ZONES)):
                board.trim(st, z)
        elif s == 9:
            modes.rules(st).end_night(st, ev)  # KM-S.11: the round track instead of Destiny
            return
        else:
            board.hand_over(st, StartRound(AUTOMATIC))
            return


def night_player(st: KemetState, s: int, ev: list[Event]) -> bool:
    """Steps 5-7 go seat by seat in turn order; returns True when a seat must decide."""
    while st.pos < st.players:
        p = st.order[st.pos]
        pl = st.ps[p]
        if s == 5:
            effects.gain_pp(st, p, 2 + pl.mods[M_NPP])
            board.narrate(ev, "night", f"night (prayers): seat {p} gains {2 + pl.mods[M_NPP]} "
                          f"PP, now {pl.pp} PP", p)
            if pl.veterans:
                board.set_cur(st, p)
                board.goto(st, PrayersStep)
                return True
        elif s == 6:
            extra = pl.mods[M_NDI]
            for k, loc in enumerate(st.comp_loc):
                if st.comp_owner[k] == p and loc >= 0:
                    extra += board.comp_mod(st, k, M_NDI)
            effects.draw_di(st, p, 1 + extra)
            board.narrate(ev, "night", f"night (divine intervention): seat {p} draws "
                          f"{1 + extra} DI card{'s' if extra else ''}", p)
            if pl.veterans >= 2:
                board.set_cur(st, p)
                board.goto(st, DiBuyStep)
                return True
        elif s == 7:
            if pl.veterans and summon_targets(st, p):
                board.set_cur(st, p)
                board.goto(st, SummonStep)
                st.rec_touched = []
                return True
        st.pos += 1
    return False


def resume_night_player(st: KemetState, ev: list[Event]) -> None:
    st.pos += 1
    if not night_player(st, st.night_step, ev):
        next_night(st, ev)


def legal_devotion(st: KemetState, frame: KemetFrame) -> list[Action]:
    return [Action("decline", C.DONE), Action("sacrifice 2 warriors for 1 Glory", C.YES)]


def apply_devotion(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    if a.code == C.YES:
        z = board.zone_of_kind(st, "sanctuary")
        board.remove_warriors(st, z, 2)
        st.ps[st.cur].glory += 1
        ev.append(Event("night", f"seat {st.cur} sacrifices 2 warriors in the Sanctuary: +1 Glory", st.cur))
    next_night(st, ev)


def legal_delta(st: KemetState, frame: KemetFrame) -> list[Action]:
    return [Action("decline", C.DONE), Action("sacrifice 1 warrior for 5 PP", C.YES)]


def apply_delta(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    if a.code == C.YES:
        z = board.zone_of_kind(st, "delta_temple")
        board.remove_warriors(st, z, 1)
        effects.gain_pp(st, st.cur, 5)
        ev.append(Event("night", f"seat {st.cur} sacrifices a warrior in the Delta Temple: +5 PP", st.cur))
    next_night(st, ev)


def legal_prayers(st: KemetState, frame: KemetFrame) -> list[Action]:
    v = st.ps[st.cur].veterans
    return [Action(f"convert {k} veterans to PP", C.NUM + k, (k,)) for k in range(v + 1)]


def apply_prayers(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    k = a.data[0]
    st.ps[st.cur].veterans -= k
    effects.gain_pp(st, st.cur, k)
    resume_night_player(st, ev)


def legal_di_buy(st: KemetState, frame: KemetFrame) -> list[Action]:
    v = st.ps[st.cur].veterans
    return [Action(f"buy {k} more DI cards", C.NUM + k, (k,)) for k in range(v // 2 + 1)]


def apply_di_buy(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    k = a.data[0]
    st.ps[st.cur].veterans -= 2 * k
    effects.draw_di(st, st.cur, k)
    resume_night_player(st, ev)


def summon_targets(st: KemetState, p: int) -> list[int]:
    pl = st.ps[p]
    if pl.supply <= 0:
        return []
    out = []
    for q in board.quarters_of(st, p):
        o = st.owner[q]
        if o >= 0 and not board.ally(st, o, p) or modes.gods().blocked_for_warriors(st, p, q):
            continue
        lim = modes.rules(st).summon_limit(st, p, q)
        if st.count[q] < lim:
            out.append(q)
    return out


def legal_summon(st: KemetState, frame: KemetFrame) -> list[Action]:
    p = st.cur
    out = [Action("done summoning", C.DONE)]
    if st.ps[p].veterans:
        for q in summon_targets(st, p):
            out.append(Action(f"summon a warrior in {board.zname(st, q)}", C.ZONE + q, (q,)))
    out += companions_with_new_warriors(st, p)
    return out


def companions_with_new_warriors(st: KemetState, p: int) -> list[Action]:
    """KM-3.4.3.5: warriors added to a quarter may take one companion of each type along."""
    out = []
    qs = board.quarters_of(st, p)
    for k, loc in enumerate(st.comp_loc):
        if loc != SUPPLY or st.comp_owner[k] != p:
            continue
        kind = board.comp_kind(st, k)
        for i, q in enumerate(qs):
            if q in st.rec_touched and board.has_warriors(st, p, q) and kind not in board.kinds_at(st, p, q):
                out.append(Action(f"attach {TILES[COMPANIONS[k]].name} to {board.zname(st, q)}",
                                  C.ATTACH + 4 * k + i, (k, q)))
    return out


def apply_summon(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    p = st.cur
    pl = st.ps[p]
    if a.code == C.DONE:
        resume_night_player(st, ev)
        return
    if a.code >= C.ATTACH:
        k, q = a.data
        st.comp_loc[k] = q
    else:
        q = a.data[0]
        pl.veterans -= 1
        pl.supply -= 1
        board.add_warriors(st, q, p, 1)
        if q not in st.rec_touched:
            st.rec_touched.append(q)
    if len(legal_summon(st, st.stack[-1])) == 1:
        resume_night_player(st, ev)


def legal_destiny(st: KemetState, frame: KemetFrame) -> list[Action]:
    return [Action(f"take turn position {i + 1}", C.POS + i, (i,))
            for i in range(st.players) if st.new_order[i] < 0]


def apply_destiny(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    """KM-3.6.9: the least glorious seat picks its turn-order position first."""
    p = st.destiny.pop(0)
    st.new_order[a.data[0]] = p
    ev.append(Event("destiny", f"seat {p} takes turn position {a.data[0] + 1}", p))
    if len(st.destiny) == 1:
        last = st.destiny.pop(0)
        st.new_order[st.new_order.index(-1)] = last
    if st.destiny:
        board.set_cur(st, st.destiny[0])
        return
    st.order = st.new_order
    st.new_order = []
    next_night(st, ev)


def classic_temples_glory(st: KemetState, ev: list[Event]) -> None:
    """Night step 3: a seat holding two temples or more gains 1 Glory."""
    for p in range(st.players):
        if sum(1 for z in st.board.temples if board.has_warriors(st, p, z)) >= 2:
            st.ps[p].glory += 1
            board.narrate(ev, "night", f"night: seat {p} holds two temples or more: +1 Glory", p)


def classic_worship(st: KemetState, ev: list[Event]) -> None:
    """Night step 4: each seat gains its temples' PP."""
    for p in range(st.players):
        gain = sum(ZONES[z].temple_pp for z in st.board.temples if board.has_warriors(st, p, z))
        effects.gain_pp(st, p, gain)
        if gain:
            board.narrate(ev, "night", f"night (worship): seat {p} gains {gain} PP from "
                          f"its temples, now {st.ps[p].pp} PP", p)


def classic_destiny(st: KemetState, ev: list[Event]) -> None:
    """Night step 9: the seats by ascending Glory choose their turn-order positions."""
    glory = [board.glory(st, p) for p in range(st.players)]
    rank = {p: i for i, p in enumerate(st.order)}
    st.destiny = sorted(range(st.players), key=lambda p: (glory[p], rank[p]))
    st.new_order = [-1] * st.players
    board.set_cur(st, st.destiny[0])
    board.goto(st, DestinyStep)
