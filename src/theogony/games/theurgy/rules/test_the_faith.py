"""Test the Faith (TU-9): the Anomaly moves, faith tokens convert mortals, the settlement's temple
is built, kept or destroyed, and doubt spreads (Eseryn places the sceptics herself, TU-14.5)."""

from __future__ import annotations

from ....core import Action, Event
from ..board import CORNERS, NEIGHBOURS
from ..codes import act
from ..frames import EserynSceptics, TestTheFaith
from ..state import GREY, TheurgyState
from . import RULES
from .map_actions import map_actions
from .monsters import add_sceptics, any_acolyte_at, can_build, monsters_at, passive_owners


def conversions(mortals: list[int], tokens: list[int]) -> list[int]:
    """TU-9.3/9.4: colours convert from the highest token count down; tied colours convert together and
    share a colour's followers equally (rounding down). Returns the new mortal counts."""
    m = list(mortals)
    for level in sorted({t for t in tokens if t > 0}, reverse=True):
        group = [c for c, t in enumerate(tokens) if t == level]
        k = len(group)
        for c, t in enumerate(tokens):
            if t < level and m[c] > 0:
                each = min(level - t, m[c] // k)
                if each:
                    m[c] -= each * k
                    for g in group:
                        m[g] += each
    return m


def faith_counts(s: TheurgyState, q: int) -> list[int]:
    tokens = [0] * 7
    for v in CORNERS[q]:
        o = s.faith[v]
        if o >= 0:
            tokens[o] += 1
    tokens[GREY] = s.sceptics[q]
    return tokens


def destroy_temple(s: TheurgyState, q: int, ev: list[Event]) -> None:
    o = s.temple[q]
    if o >= 0:
        s.temple[q] = -1
        s.ruins[q].append(o)
        ev.append(Event("destroy", f"{s.colour(o)}'s temple in {s.name(q)} is destroyed (a ruin)", o))


def build_temple(s: TheurgyState, p: int, q: int, ev: list[Event]) -> None:
    """Build (or restore a ruin of) seat p in q (TU-9.6)."""
    if p in s.ruins[q]:
        s.ruins[q].remove(p)
        ev.append(Event("restore", f"{s.colour(p)} restores a ruin into a temple in {s.name(q)}", p))
    else:
        ev.append(Event("build", f"{s.colour(p)} builds a temple in {s.name(q)}", p))
    s.temple[q] = p


def test_the_faith(s: TheurgyState, p: int, q: int, ev: list[Event]) -> None:
    old = s.anomaly
    s.anomaly = q                                                     # TU-9.1
    ev.append(Event("test", f"{s.colour(p)} tests the faith in {s.name(q)} (the Anomaly leaves "
                    f"{s.name(old)})", p))
    tokens = faith_counts(s, q)                                       # TU-9.2
    before = s.mortals[q]
    after = conversions(before, tokens)                               # TU-9.3
    s.mortals[q] = after
    changes = [f"{s.colour(c)} {after[c] - before[c]:+d}" for c in range(7) if after[c] != before[c]]
    if changes:
        ev.append(Event("convert", f"conversions in {s.name(q)}: {', '.join(changes)}", p))
    _settle_temple(s, q, after, ev)
    # TU-9.7: sceptics into neighbours without acolyte or monster (Eseryn distributes them)
    bare = [r for r in NEIGHBOURS[q] if not any_acolyte_at(s, r) and not monsters_at(s, r)]
    if s.seats[p].deity == "Eseryn" and bare:
        s.stack.append(EserynSceptics(seat=p, count=len(bare), tested=q))
        return
    for r in bare:
        add_sceptics(s, r, 1)
    if bare:
        ev.append(Event("sceptics", "a sceptic token is added to " + ", ".join(s.name(r) for r in bare)))



def _settle_temple(s: TheurgyState, q: int, after: list[int], ev: list[Event]) -> None:
    """TU-9.5: a sole leading seat holds the temple; otherwise no temple stands."""
    top = max(after)
    leaders = [c for c in range(7) if after[c] == top]
    current = s.temple[q]
    if len(leaders) == 1 and leaders[0] != GREY:
        w = leaders[0]
        if current != w:
            destroy_temple(s, q, ev)
            if can_build(s, q):
                build_temple(s, w, q, ev)
    elif current >= 0:
        destroy_temple(s, q, ev)


def _legal_test(s: TheurgyState, f: TestTheFaith) -> list[Action]:
    testing = map_actions(s).ttf
    return [testing[q] for q in range(len(testing)) if q != s.anomaly]


def _apply_test(s: TheurgyState, f: TestTheFaith, a: Action, ev: list[Event]) -> None:
    s.stack.pop()
    test_the_faith(s, f.seat, a.data[1], ev)


def _legal_eseryn(s: TheurgyState, f: EserynSceptics) -> list[Action]:
    return [act(f"sceptic -> {s.name(r)}", "eseryn", r) for r in NEIGHBOURS[f.tested]
            if not monsters_at(s, r) and not passive_owners(s, r, "no_sceptics")]


def _apply_eseryn(s: TheurgyState, f: EserynSceptics, a: Action, ev: list[Event]) -> None:
    r = a.data[1]
    add_sceptics(s, r, 1)
    ev.append(Event("sceptics", f"Eseryn places a sceptic token in {s.name(r)}", f.seat))
    f.count -= 1
    if f.count <= 0:
        s.stack.pop()


def _skip_eseryn(s: TheurgyState, f: EserynSceptics, ev: list[Event]) -> bool:
    if _legal_eseryn(s, f):
        return False
    s.stack.pop()
    return True


RULES.decision(TestTheFaith, "ttf", prompt="choose the settlement to test", legal=_legal_test,
               apply=_apply_test)
RULES.decision(EserynSceptics, "eseryn", prompt="place a sceptic token", legal=_legal_eseryn,
               apply=_apply_eseryn, skip=_skip_eseryn)
