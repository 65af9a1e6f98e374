"""The Pilgrimage (TU-5): followers move one step, acolytes move, preach and fight, one piece at a
time, until the seat says done (Lutraz and Kelerix bend the limits: TU-14.1, TU-14.2)."""

from __future__ import annotations

from ....core import Action, Event
from .. import board, cards
from ..board import NEIGHBOURS
from ..codes import DONE, act
from ..frames import Pilgrimage
from ..progress import acolyte_may_act
from ..state import GREY, TheurgyState
from . import RULES
from .map_actions import map_actions
from .monsters import (acolyte_can_enter, defended, monster_defended, monsters_at, passive_owners,
                       passive_places, remove_monster)


def begin_pilgrimage(s: TheurgyState, p: int, ev: list[Event]) -> Pilgrimage:
    """The frame of p's Pilgrimage; wounded acolytes stand up first and do nothing else (TU-10.3)."""
    seat = s.seats[p]
    n = board.N_POS
    rested = [False, False]
    for i in range(2):
        if seat.wounded[i]:
            seat.wounded[i] = False
            rested[i] = True
            ev.append(Event("stand", f"{seat.deity}'s acolyte {i + 1} stands up", p))
    return Pilgrimage(seat=p, once=[0] * n, locked=[0] * n, moves=[0, 0], before=[False, False],
                      after=[False, False], rested=rested, fought=[False, False])


def _follower_moves(s: TheurgyState, pil: Pilgrimage, webbed: set[int], barred: set[int]) -> list[Action]:
    p = pil.seat
    cached = map_actions(s)
    follower_moves, unmoved_moves = cached.followers, cached.unmoved
    mortals, locked, once = s.mortals, pil.locked, pil.once
    out: list[Action] = []
    for q in range(board.N_POS):
        movable = mortals[q][p] - locked[q]
        if movable <= 0 or q in webbed:                               # can_leave
            continue
        # with a follower on its second move and one not yet moved in q, Kelerix chooses
        kinds = (follower_moves[q], unmoved_moves[q]) if 0 < once[q] < movable else (follower_moves[q],)
        for moves in kinds:
            if barred:
                out.extend(a for a, r in zip(moves, NEIGHBOURS[q]) if r not in barred)
            else:
                out.extend(moves)
    return out


def _acolyte_deeds(s: TheurgyState, pil: Pilgrimage, i: int, out: list[Action]) -> None:
    """Preaching and fighting of acolyte i where it stands."""
    p = pil.seat
    seat = s.seats[p]
    q = seat.acolytes[i]
    if not [o for o in passive_owners(s, q, "silence") if o != p]:
        for c in range(7):
            if c != p and s.mortals[q][c] > 0 and not defended(s, c, q):
                out.append(act(f"acolyte {i + 1} preaches to {s.colour(c)} in {s.name(q)}", "preach", i, c))
    if pil.fought[i]:                                                 # TU-14.1: one fight at most
        return
    for m in monsters_at(s, q):
        mon = cards.MONSTER[m]
        if s.mon_owner[m] == p or monster_defended(s, m):
            continue
        if not mon.legendary:
            out.append(act(f"acolyte {i + 1} fights {mon.name} in {s.name(q)}", "fight", i,
                           cards.MONSTER_INDEX[m]))
        elif i == 0 and seat.acolytes[1] == q and acolyte_may_act(seat, pil, 1) and not pil.fought[1]:
            out.append(act(f"acolytes 1+2 fight {mon.name} in {s.name(q)}", "fight", 2,
                           cards.MONSTER_INDEX[m]))


def _legal(s: TheurgyState, pil: Pilgrimage) -> list[Action]:
    p = pil.seat
    seat = s.seats[p]
    max_moves = 2 if seat.deity == "Kelerix" else 1                   # TU-14.2
    webbed: set[int] = set()                                          # can_leave fails there
    barred: set[int] = set()                                          # mortal_can_enter fails there
    guarded: set[int] = set()                                         # acolyte_can_enter fails there
    if s.mon_pos:
        webbed = passive_places(s, "web")
        barred = passive_places(s, "bar_mortals")
        guarded = {r for r in passive_places(s, "bar_acolytes") if not acolyte_can_enter(s, p, r)}
    out = _follower_moves(s, pil, webbed, barred)
    acolyte_moves = map_actions(s).acolytes
    for i in range(2):
        q = seat.acolytes[i]
        if seat.wounded[i] or pil.rested[i]:
            continue
        if pil.moves[i] < max_moves and q not in webbed:
            if guarded:
                out.extend(a for a, r in zip(acolyte_moves[i][q], NEIGHBOURS[q]) if r not in guarded)
            else:
                out.extend(acolyte_moves[i][q])
        if acolyte_may_act(seat, pil, i):
            _acolyte_deeds(s, pil, i, out)
    out.append(DONE)
    return out


def _mark_acted(pil: Pilgrimage, i: int) -> None:
    if pil.moves[i]:
        pil.after[i] = True
    else:
        pil.before[i] = True


def _move_follower(s: TheurgyState, pil: Pilgrimage, kind: str, q: int, r: int, ev: list[Event]) -> None:
    p = pil.seat
    seat = s.seats[p]
    s.mortals[q][p] -= 1
    s.mortals[r][p] += 1
    if pil.once[q] > 0 and kind == "move_follower":   # the follower that moved once goes on
        pil.once[q] -= 1
        pil.locked[r] += 1
    elif seat.deity == "Kelerix":            # TU-14.2: a fresh Kelerix follower may move on
        pil.once[r] += 1
    else:
        pil.locked[r] += 1
    ev.append(Event("move", f"{seat.deity} moves a follower {s.name(q)} -> {s.name(r)}", p))


def _apply(s: TheurgyState, pil: Pilgrimage, a: Action, ev: list[Event]) -> None:
    p = pil.seat
    seat = s.seats[p]
    kind, x, y = a.data[0], a.data[1], a.data[2]
    if kind == "done":
        s.stack.pop()
    elif kind in ("move_follower", "move_unmoved"):
        _move_follower(s, pil, kind, x, y, ev)
    elif kind == "move_acolyte":
        q = seat.acolytes[x]
        seat.acolytes[x] = y
        pil.moves[x] += 1
        ev.append(Event("move", f"{seat.deity} moves acolyte {x + 1} {s.name(q)} -> {s.name(y)}", p))
    elif kind == "preach":
        q = seat.acolytes[x]
        _mark_acted(pil, x)
        s.mortals[q][y] -= 1
        s.mortals[q][p] += 1
        pil.locked[q] += 1                                           # TU-5.7
        ev.append(Event("preach", f"{seat.deity}'s acolyte converts a {s.colour(y)} follower in {s.name(q)}"
                        if y != GREY else f"{seat.deity}'s acolyte converts a non-believer in {s.name(q)}", p))
    elif kind == "fight":
        for i in ((0, 1) if x == 2 else (x,)):
            _mark_acted(pil, i)
            pil.fought[i] = True
        remove_monster(s, cards.MONSTERS[y].id, ev, f"fought by {seat.deity}")
    else:
        raise AssertionError(kind)


RULES.decision(Pilgrimage, "pilgrimage", prompt="move, preach or fight one piece at a time, or done",
               legal=_legal, apply=_apply)
