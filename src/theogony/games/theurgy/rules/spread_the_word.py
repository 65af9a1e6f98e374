"""Spread the Word (TU-6): place a faith token by an own follower, or replace an opposing one the
seat outnumbers around it (Kirjani's tokens are guarded by her acolytes, TU-6.4)."""

from __future__ import annotations

from ....core import Action, Event
from ..board import VERTEX_AROUND
from ..codes import act
from ..frames import SpreadTheWord
from ..state import TheurgyState
from . import RULES
from .map_actions import map_actions, vertex_label
from .monsters import acolyte_at, passive_places


def kirjani_protects(s: TheurgyState, v: int) -> bool:
    """TU-6.4: Kirjani's tokens cannot be replaced while a Kirjani acolyte stands around them."""
    o = s.faith[v]
    return o >= 0 and s.seats[o].deity == "Kirjani" and any(acolyte_at(s, o, q) for q in VERTEX_AROUND[v])


def stw_choices(s: TheurgyState, p: int) -> tuple[list[int], list[int]]:
    """TU-6: vacant vertices by a settlement with an own follower; opposing tokens outnumbered."""
    place, replace = [], []
    no_faith = passive_places(s, "no_faith")                  # Demon (TU-15)
    rooted = passive_places(s, "rooted")                      # Elder Treant
    mortals = s.mortals
    for v, around in enumerate(VERTEX_AROUND):
        o = s.faith[v]
        if no_faith and any(q in no_faith for q in around):
            continue
        if o < 0:
            if any(mortals[q][p] for q in around):
                place.append(v)
        elif o != p and not kirjani_protects(s, v) and not (rooted and any(q in rooted for q in around)):
            mine = sum(mortals[q][p] for q in around)
            theirs = sum(mortals[q][o] for q in around)
            if mine > theirs:
                replace.append(v)
    return place, replace


def _legal(s: TheurgyState, f: SpreadTheWord) -> list[Action]:
    place, replace = stw_choices(s, f.seat)
    placing = map_actions(s).place
    out = [placing[v] for v in place]
    out += [act(f"replace {s.colour(s.faith[v])} faith {vertex_label(s, v)}", "stw_replace", v) for v in replace]
    return out or [act("pass", "pass")]


def _apply(s: TheurgyState, f: SpreadTheWord, a: Action, ev: list[Event]) -> None:
    s.stack.pop()
    kind, v = a.data[0], a.data[1]
    p = f.seat
    if kind == "stw_place":
        s.faith[v] = p
        ev.append(Event("faith", f"{s.colour(p)} places a faith token on {vertex_label(s, v)}", p))
    elif kind == "stw_replace":
        old = s.faith[v]
        s.faith[v] = p
        ev.append(Event("faith", f"{s.colour(p)} replaces {s.colour(old)}'s faith token on {vertex_label(s, v)}", p))


RULES.decision(SpreadTheWord, "stw", prompt="place or replace a faith token", legal=_legal, apply=_apply)
