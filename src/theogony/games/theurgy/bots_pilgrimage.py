"""The heuristic's Pilgrimage (TU-5): one piece at a time, the step whose gain is largest.

Each step is scored by what it changes where the piece leaves and where it arrives (a follower by the
settlements' standing if tested now, an acolyte by what it could do or guard there). Kelerix's pieces
may move twice (TU-14.2), and a single step often gains nothing while two would: a follower passing
through a settlement to tip a third one, an acolyte walking two steps to a crowd of non-believers or a
monster. So for a Kelerix piece that keeps its second move, a step is also scored as the first half
of the best two-step walk through its destination. The plan needs no memory: after the first half
the second is scored again as an ordinary step, and a walk is planned only when that second step
clears the bar by itself (the margin `ONWARD_BAR`), so a planned walk is always finished.
"""

from __future__ import annotations

from ...core import Action, Rng
from . import cards
from .board import CORNERS, NEIGHBOURS
from .frames import Pilgrimage
from .rules.monsters import acolyte_can_enter, defended, passive_places
from .rules.pilgrimage import acolyte_may_act
from .rules.test_the_faith import conversions, faith_counts
from .state import GREY, TheurgyState

MAX_PILGRIM_STEPS = 10
STEP_COST = 0.05        # what a move must gain to be worth making
TAKE_BAR = 0.05         # the gain below which the seat says done
# A second step is taken when its own gain beats TAKE_BAR; the random tie-break only adds to a gain,
# so a walk whose second half gains more than STEP_COST + TAKE_BAR is always finished.
ONWARD_BAR = STEP_COST + TAKE_BAR


_CONVERTED: dict[tuple, list[int]] = {}


def converted(m: list[int], tokens: list[int]) -> list[int]:
    """`conversions` (TU-9.3/9.4) with a cache; the result must not be changed."""
    key = (*m, *tokens)
    after = _CONVERTED.get(key)
    if after is None:
        if len(_CONVERTED) > 300_000:
            _CONVERTED.clear()
        after = _CONVERTED[key] = conversions(m, tokens)
    return after


def settlement_gain(s: TheurgyState, p: int, q: int, delta: dict[int, int]) -> float:
    """How much p's standing in q changes if colour counts change by `delta`."""
    tokens = faith_counts(s, q)

    def score(m: list[int]) -> float:
        after = converted(m, tokens)
        top = max(after)
        if after[p] == top and after.count(top) == 1:
            return 1.0 + (0.6 if q == 0 else 0.0) + (0.3 if s.temple[q] == p else 0.0)
        if after[p] == top:
            return 0.4
        return -0.5 if s.temple[q] == p else 0.0

    m = list(s.mortals[q])
    before = score(m)
    for c, d in delta.items():
        m[c] = max(0, m[c] + d)
    return score(m) - before


class _Walks:
    """The Pilgrimage's step scores, each settlement's computed once per decision, and the places
    monsters close to a second step (TU-15: web, bar_mortals, bar_acolytes)."""

    __slots__ = ("s", "p", "pil", "arrive", "leave", "spots", "webbed", "barred", "guarded")

    def __init__(self, s: TheurgyState, p: int, pil: Pilgrimage) -> None:
        self.s, self.p, self.pil = s, p, pil
        self.arrive: dict[int, float] = {}      # gain of one more own follower in a settlement
        self.leave: dict[int, float] = {}       # gain of one fewer
        self.spots: dict[tuple[int, bool], float] = {}
        self.webbed: set[int] = set()
        self.barred: set[int] = set()
        self.guarded: set[int] = set()
        if s.mon_pos:
            self.webbed = passive_places(s, "web")
            self.barred = passive_places(s, "bar_mortals")
            self.guarded = {r for r in passive_places(s, "bar_acolytes") if not acolyte_can_enter(s, p, r)}

    def into(self, q: int) -> float:
        g = self.arrive.get(q)
        if g is None:
            g = self.arrive[q] = settlement_gain(self.s, self.p, q, {self.p: 1})
        return g

    def out_of(self, q: int) -> float:
        g = self.leave.get(q)
        if g is None:
            g = self.leave[q] = settlement_gain(self.s, self.p, q, {self.p: -1})
        return g

    def spot(self, q: int, can_act: bool) -> float:
        g = self.spots.get((q, can_act))
        if g is None:
            g = self.spots[(q, can_act)] = acolyte_spot(self.s, self.p, q, can_act)
        return g

    def follower(self, kind: str, x: int, y: int) -> float:
        """Gain of a follower's step x -> y; for a Kelerix follower that may go on from y, the
        better of the step and the first half of a walk on to a neighbour of y."""
        gain = self.into(y) + self.out_of(x) - STEP_COST
        goes_on = kind == "move_unmoved" or self.pil.once[x] == 0
        if self.s.seats[self.p].deity != "Kelerix" or not goes_on or y in self.webbed:
            return gain
        here = self.into(y)
        for z in NEIGHBOURS[y]:
            if z != x and z not in self.barred:
                onward = self.into(z)
                if onward - here > ONWARD_BAR:
                    gain = max(gain, onward + self.out_of(x) - 2 * STEP_COST)
        return gain

    def acolyte(self, i: int, y: int) -> float:
        """Gain of acolyte i's step to y; for Kelerix's first step, the better of the step and the
        first half of a walk on to a neighbour of y."""
        seat = self.s.seats[self.p]
        pil = self.pil
        here = seat.acolytes[i]
        # would it still preach or fight after moving?
        later = not pil.after[i] if seat.deity == "Lutraz" else not (pil.before[i] or pil.after[i])
        now = self.spot(here, acolyte_may_act(seat, pil, i))
        there = self.spot(y, later)
        gain = there - now - STEP_COST
        if seat.deity != "Kelerix" or pil.moves[i] or y in self.webbed:
            return gain
        for z in NEIGHBOURS[y]:
            if z != here and z not in self.guarded:
                onward = self.spot(z, later)
                if onward - there > ONWARD_BAR:
                    gain = max(gain, onward - now - 2 * STEP_COST)
        return gain


def pilgrim_choice(s: TheurgyState, p: int, legal: list[Action], rng: Rng) -> Action:
    """The step of p's Pilgrimage with the largest gain, or done when none gains enough."""
    best, best_gain = None, TAKE_BAR
    pil = s.stack[-1]
    assert isinstance(pil, Pilgrimage)
    steps = sum(pil.moves) + sum(pil.locked)
    walks = _Walks(s, p, pil)
    for a in legal:
        kind, x, y = a.data[0], a.data[1], a.data[2]
        if kind == "preach":
            q = s.seats[p].acolytes[x]
            gain = 0.3 + settlement_gain(s, p, q, {p: 1, y: -1}) + (0.1 if y != GREY else 0.0)
        elif kind == "fight":
            gain = 0.8 + (0.4 if cards.MONSTERS[y].legendary else 0.0)
        elif kind == "move_follower" or kind == "move_unmoved":
            if steps >= MAX_PILGRIM_STEPS:
                continue
            gain = walks.follower(kind, x, y)
        elif kind == "move_acolyte":
            if steps >= MAX_PILGRIM_STEPS:
                continue
            gain = walks.acolyte(x, y)
        else:
            continue
        gain += rng.random() * 0.02
        if gain > best_gain:
            best, best_gain = a, gain
    if best is None:
        return next(a for a in legal if a.data[0] == "done")
    return best


def acolyte_spot(s: TheurgyState, p: int, q: int, can_act: bool) -> float:
    """How useful an acolyte of p is in q: targets to preach to or fight (if it may still act), own
    temple, followers and (for Kirjani) faith tokens to guard."""
    m = s.mortals[q]
    v = 0.0
    if can_act:
        targets = m[GREY] + sum(m[c] for c in range(s.players) if c != p and not defended(s, c, q))
        v += min(targets, 3) * 0.12
        for mon, pos in s.mon_pos.items():
            if pos == q and s.mon_owner[mon] != p and not cards.MONSTER[mon].legendary:
                v += 0.3
    if s.temple[q] == p:
        v += 0.35
    if q == 0:
        v += 0.2
    v += 0.05 * min(m[p], 4)
    if s.seats[p].deity == "Kirjani":
        v += 0.08 * sum(1 for w in CORNERS[q] if s.faith[w] == p)
    return v
