"""A hand-written heuristic Theurgy player.

It plans its whole turn: for every action it may take, it plays the rest of the turn greedily on a
copy (Test the Faith where the outcome scores best, faith tokens where they swing or guard a
settlement, miracles and monsters tried one by one) and keeps the plan whose end position scores
best. Positions are scored by `potential`: temple points, plus the settlements each seat would win
(or lose) if tested now, the Capital, faith tokens, followers and monsters, against the strongest
rival. So it protects temples (it sees the threat), contests the Capital (it is worth more) and uses
monsters and miracles (their results are scored like any other move).
"""

from __future__ import annotations

from ...core import Action, Agent, Rng
from . import board, cards
from .board import CORNERS, NEIGHBOURS
from .rules import _acolyte_may_act, conversions, defended, faith_counts, has_won
from .state import GREY, TheurgyState

LEAD = 0.45          # worth of a settlement a seat would win if it were tested now
CAPITAL = 1.0        # extra worth of the temple in the Capital
CLOSE = 0.03         # worth of each mortal of margin in a settlement where a seat is present
MAX_PILGRIM_STEPS = 10


# ================================================================================= evaluation

_AFTER: dict[tuple, tuple] = {}


def _project(m: list[int], tokens: list[int]) -> tuple:
    """(mortals after a test, leader or -1, best count, its colour, second-best count)."""
    after = tuple(conversions(m, tokens))
    order = sorted(range(7), key=lambda c: -after[c])
    best, second = after[order[0]], after[order[1]]
    leader = order[0] if best > second and order[0] != GREY else -1
    return after, leader, best, order[0], second


def projections(s: TheurgyState) -> list[tuple]:
    """Per settlement: what a Test the Faith there would give now (cached by local position)."""
    out = []
    faith = s.faith
    for q in range(board.N_POS):
        m = s.mortals[q]
        key = (*m, s.sceptics[q], *[faith[v] for v in CORNERS[q]])
        proj = _AFTER.get(key)
        if proj is None:
            if len(_AFTER) > 300_000:
                _AFTER.clear()
            proj = _AFTER[key] = _project(m, faith_counts(s, q))
        out.append(proj)
    return out


def leaders(s: TheurgyState, proj: list[tuple] | None = None) -> list[int]:
    """Per settlement: the seat that would hold the temple if the faith were tested now (-1 none);
    the Anomaly's settlement cannot be tested, so it keeps its temple."""
    proj = proj or projections(s)
    return [s.temple[q] if q == s.anomaly else proj[q][1] for q in range(board.N_POS)]


def potential(s: TheurgyState) -> list[float]:
    """A score per seat of how close it is to winning."""
    n = s.players
    proj = projections(s)
    lead = leaders(s, proj)
    temples, ruins, leading, flock = [0] * n, [0] * n, [0] * n, [0] * n
    close = [0.0] * n
    for q in range(board.N_POS):
        t = s.temple[q]
        if t >= 0:
            temples[t] += 1
        for r in s.ruins[q]:
            ruins[r] += 1
        w = lead[q]
        if w >= 0:
            leading[w] += 1
        m = s.mortals[q]
        after, _, best, best_c, second = proj[q]
        weight = 2.0 if q == 0 else 1.0
        for p in range(n):
            flock[p] += m[p]
            mine = after[p]
            if mine or t == p:
                margin = mine - (second if best_c == p else best)
                close[p] += weight * (-3 if margin < -3 else 2 if margin > 2 else margin)
    tokens = [0] * 7
    for o in s.faith:
        tokens[o] += 1                       # -1 (vacant) lands in the unused last slot
    x = cards.TEMPLES_X[n]
    out = []
    for p in range(n):
        pts = temples[p] + 0.5 * ruins[p]
        v = pts + LEAD * (leading[p] - temples[p]) + CLOSE * close[p]
        if s.temple[0] == p:
            v += CAPITAL * (1.0 + max(0.0, pts - (x - 2)) * 0.5)
        elif lead[0] == p:
            v += 0.6
        v += 0.04 * tokens[p] + 0.01 * flock[p] + 0.12 * len(s.seats[p].horde)
        v -= 0.15 * sum(s.seats[p].wounded)
        if pts >= x:
            calling = s.seats[p].calling
            if calling and _calling_met(s, p, calling):
                v += 0.6
            if s.winner == p or (s.winner < 0 and has_won(s, p)):
                v += 50.0
        out.append(v)
    return out


def _calling_met(s: TheurgyState, p: int, cid: str) -> bool:
    from .rules import calling_met

    return calling_met(s, p, cid)


def value(s: TheurgyState, p: int) -> float:
    pot = potential(s)
    others = [pot[o] for o in range(s.players) if o != p]
    return pot[p] - 0.75 * max(others) - 0.25 * sum(others) / len(others)


def evaluate(s: TheurgyState) -> tuple[float, ...]:
    """Reward estimate per seat in [0, 1] (for MCTS cut-offs)."""
    if s.is_terminal():
        return s.outcome().rewards()
    pot = potential(s)
    lo, hi = min(pot), max(pot)
    if hi - lo < 1e-9:
        return tuple(0.5 for _ in pot)
    return tuple(0.1 + 0.8 * (v - lo) / (hi - lo) for v in pot)


# ================================================================================= local heuristics

def _settlement_gain(s: TheurgyState, p: int, q: int, delta: dict[int, int]) -> float:
    """How much p's standing in q changes if colour counts change by `delta`."""
    tokens = faith_counts(s, q)

    def score(m: list[int]) -> float:
        after = conversions(m, tokens)
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


def _pilgrim_choice(s: TheurgyState, p: int, legal: list[Action], rng: Rng) -> Action:
    best, best_gain = None, 0.05
    steps = sum(s.pil.moves) + sum(s.pil.locked)
    for a in legal:
        kind, x, y = a.data[0], a.data[1], a.data[2]
        if kind == "preach":
            q = s.seats[p].acolytes[x]
            gain = 0.3 + _settlement_gain(s, p, q, {p: 1, y: -1}) + (0.1 if y != GREY else 0.0)
        elif kind == "fight":
            gain = 0.8 + (0.4 if cards.MONSTERS[y].legendary else 0.0)
        elif kind == "move_follower":
            if steps >= MAX_PILGRIM_STEPS:
                continue
            gain = _settlement_gain(s, p, y, {p: 1}) + _settlement_gain(s, p, x, {p: -1}) - 0.05
        elif kind == "move_acolyte":
            if steps >= MAX_PILGRIM_STEPS:
                continue
            here = s.seats[p].acolytes[x]
            pil = s.pil                              # would it still preach or fight after moving?
            later = not pil.after[x] if s.seats[p].deity == "Lutraz" else not (pil.before[x] or pil.after[x])
            gain = _acolyte_spot(s, p, y, later) - _acolyte_spot(s, p, here, _acolyte_may_act(s, p, x)) - 0.05
        else:
            continue
        gain += rng.random() * 0.02
        if gain > best_gain:
            best, best_gain = a, gain
    if best is None:
        return next(a for a in legal if a.data[0] == "done")
    return best


def _acolyte_spot(s: TheurgyState, p: int, q: int, can_act: bool) -> float:
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


def _greedy(s: TheurgyState, p: int, legal: list[Action], rng: Rng, deep: bool) -> Action:
    """The option whose result scores best for p (deep: finish the sub-steps it opens first)."""
    best, best_v = legal[0], -1e18
    depth = len(s.stack)
    for a in legal:
        c = s.clone()
        c.step(a)
        if deep:
            _finish(c, p, rng, depth - 1)
        v = value(c, p) + rng.random() * 1e-3
        if v > best_v:
            best, best_v = a, v
    return best


def _finish(s: TheurgyState, p: int, rng: Rng, target: int) -> None:
    """Play greedily until the stack is down to `target` frames (the sub-steps of one choice)."""
    guard = 0
    while s.stack and len(s.stack) > target and guard < 40:
        guard += 1
        s.step(choose(s, s.current_player, rng, shallow=True))


# ================================================================================= policy

CALLING_EASE = {"guardian": 3, "no_doubt": 3, "outpost": 3, "root_out": 2, "unbroken": 2, "borders": 2,
                "legend": 2, "beasts": 1, "web": 2, "multitude": 2, "multitude_few": 2, "wanderers": 2,
                "outnumber": 1, "crowd": 1, "triangle": 1}


def choose(s: TheurgyState, p: int, rng: Rng, shallow: bool = False) -> Action:
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    kind = s.stack[-1].kind
    if kind == "turn":
        return _plan_turn(s, p, legal, rng)[0]
    if kind == "pilgrimage":
        return _pilgrim_choice(s, p, legal, rng)
    if kind == "start":
        return _choose_start(s, legal, rng)
    if kind == "start_faith":
        return max(legal, key=lambda a: (len(board.VERTEX_AROUND[a.data[1]]),
                                         -min(board.VERTEX_AROUND[a.data[1]]), rng.random()))
    if kind == "calling":
        return max(legal, key=lambda a: (CALLING_EASE.get(cards.CALLINGS[a.data[1]].id, 1), rng.random()))
    if kind == "discard":
        return next(a for a in legal if a.data[0] == "keep")
    if kind == "cull":
        return max(legal, key=lambda a: -abs(_settlement_gain(s, p, a.data[1], {p: -1})) + rng.random() * 1e-3)
    if kind == "force":
        return legal[0]                                   # everyone else must go on a Pilgrimage
    if kind == "ban":
        target = s.stack[-1].arg
        banned = "divine intervention" if s.seats[target].pawn == "test the faith" else "test the faith"
        return next(a for a in legal if a.text.endswith(banned))
    if kind == "peek_who":
        pot = potential(s)
        return max(legal, key=lambda a: pot[a.data[1]])
    if kind == "di":
        return _choose_di(s, p, legal, rng, shallow)
    if kind in ("summon_pick", "recall", "place_monster"):
        return _greedy(s, p, legal, rng, deep=not shallow)
    return _greedy(s, p, legal, rng, deep=False)


def _choose_start(s: TheurgyState, legal: list[Action], rng: Rng) -> Action:
    taken = {a for seat in s.seats for a in seat.acolytes if a >= 0}

    def key(a: Action) -> tuple[float, float]:
        q = a.data[1]
        inner = sum(1 for r in NEIGHBOURS[q] if r in board.INNER)
        crowd = sum(1 for r in NEIGHBOURS[q] if r in taken)
        return (inner - crowd, rng.random())

    return max(legal, key=key)


def _choose_di(s: TheurgyState, p: int, legal: list[Action], rng: Rng, shallow: bool) -> Action:
    base = value(s, p)
    best, best_v = None, base + 0.02
    depth = len(s.stack)
    for a in legal:
        kind = a.data[0]
        if kind == "done":
            continue
        if shallow and kind in ("miracle", "summon"):
            continue
        c = s.clone()
        c.step(a)
        if kind != "move_monster":
            _finish(c, p, rng, depth)
        v = value(c, p) + rng.random() * 1e-3
        if kind == "activate":
            v += 0.01
        if v > best_v:
            best, best_v = a, v
    return best or next(a for a in legal if a.data[0] == "done")


def _plan_turn(s: TheurgyState, p: int, legal: list[Action], rng: Rng) -> tuple[Action, list[str]]:
    """Play each allowed action to the end of the turn greedily; keep the best plan."""
    best, best_v, best_plan = legal[0], -1e18, []
    for a in legal:
        c = s.clone()
        plan = [a.text]
        c.step(a)
        t0 = c.turns_taken
        guard = 0
        while c.stack and c.turns_taken == t0 and c.winner < 0 and guard < 60:
            guard += 1
            who = c.current_player
            step = choose(c, who, rng)
            if who == p:
                plan.append(step.text)
            c.step(step)
        v = value(c, p) + rng.random() * 1e-3
        if v > best_v:
            best, best_v, best_plan = a, v, plan
    return best, best_plan


class HeuristicAgent(Agent):
    name = "theurgy-heuristic"

    def __init__(self) -> None:
        self.plan: list[str] = []

    def reset(self) -> None:
        self.plan = []

    def act(self, state: TheurgyState, rng: Rng) -> Action:
        p = state.current_player
        legal = state.legal_actions()
        kind = state.stack[-1].kind
        if kind == "turn":
            action, plan = _plan_turn(state, p, legal, rng)
            self.plan = plan[1:]
            return action
        if self.plan:
            wanted = self.plan.pop(0)
            for a in legal:
                if a.text == wanted:
                    return a
            self.plan = []
        return choose(state, p, rng)


def heuristic_agent(options: dict[str, str] | None = None) -> Agent:
    return HeuristicAgent()
