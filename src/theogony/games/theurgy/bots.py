"""A hand-written heuristic Theurgy player.

It plans its whole turn: for every action it may take, it plays the rest of the turn greedily on a
copy (Test the Faith where the outcome scores best, faith tokens where they swing or guard a
settlement, miracles and monsters tried one by one) and keeps the plan whose end position scores
best. Positions are scored by `potential`: temple points, plus the settlements each seat would win
(or lose) if tested now, the Capital, faith tokens, followers and monsters, against the strongest
rival. So it protects temples (it sees the threat), contests the Capital (it is worth more) and uses
monsters and miracles (their results are scored like any other move). Two deities' powers are
planned beyond one step: Kelerix's Pilgrimage walks pieces two steps where one gains nothing
(bots_pilgrimage.py), and Orrun weighs two Divine Interventions in a row (`_orrun_choice`).

Speed (docs/content/theurgy.md, "The heuristic, made about twice as fast"): settlement projections are
cached, a chosen option's finished copy is continued from, later decisions of one Divine Intervention
only retry what helped, and Spread the Word / Test the Faith options are scored in place.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from ...core import Action, Agent, Rng
from ...core.plans import TurnRules, branching_plans
from . import board, cards
from .board import NEIGHBOURS
from .bots_pilgrimage import pilgrim_choice, settlement_gain
from .calling_ease import ease
from .evaluation import evaluate as fitted_evaluate
from .evaluation import rank_estimate
from .frames import ChooseAction, EndTurn
from .projections import standing, wins_now
from .rules.intervention import intervention_of
from .rules.test_the_faith import test_the_faith
from .rules.winning import calling_met, has_won
from .state import DEITIES, TheurgyState

LEAD = 0.45          # worth of a settlement a seat would win if it were tested now
CAPITAL = 1.0        # extra worth of the temple in the Capital
CLOSE = 0.03         # worth of each mortal of margin in a settlement where a seat is present
HORDE = 0.12         # worth of each monster in a seat's horde
# Orrun (TU-14.3) may take Divine Intervention every turn, and a one-turn evaluation credits the
# monsters it summons at once; with five or more players they are mostly fought or undone before
# they pay, and at full worth he intervened too often (docs/content/theurgy.md, "Issue 21, sixth
# pass"). So there his own horde counts half.
ORRUN_HORDE_FIVE_PLUS = 0.06
# The weight of a Divine Calling never (or hardly ever) measured holding, in the choice of the one to
# keep: without it such a card would never be kept and self-play would never test it (issue 21).
EASE_FLOOR = 0.02


# ================================================================================= evaluation

def potential(s: TheurgyState) -> list[float]:
    """A score per seat of how close it is to winning."""
    n = s.players
    lead, close, flock, ruins = standing(s)
    temple = s.temple
    leading = [lead.count(p) for p in range(n)]
    x = cards.TEMPLES_X[n]
    out = []
    for p in range(n):
        t = temple.count(p)
        pts = t + 0.5 * ruins[p]
        v = pts + LEAD * (leading[p] - t) + CLOSE * close[p]
        if temple[0] == p:
            v += CAPITAL * (1.0 + max(0.0, pts - (x - 2)) * 0.5)
        elif lead[0] == p:
            v += 0.6
        seat = s.seats[p]
        horde = ORRUN_HORDE_FIVE_PLUS if n >= 5 and seat.deity == "Orrun" else HORDE
        v += 0.04 * s.faith.count(p) + 0.01 * flock[p] + horde * len(seat.horde)
        v -= 0.15 * sum(seat.wounded)
        if pts >= x:
            calling = seat.calling
            met = bool(calling) and calling_met(s, p, calling)
            if met:
                v += 0.6
            if wins_now(s, p, pts, met):
                v += 50.0
        out.append(v)
    return out


def value(s: TheurgyState, p: int) -> float:
    pot = potential(s)
    others = [pot[o] for o in range(s.players) if o != p]
    return pot[p] - 0.75 * max(others) - 0.25 * sum(others) / len(others)


# Sharpness of `evaluate`: the chance that seat p finishes ahead of seat o is taken as
# 1 / (1 + exp(-SHARPNESS * (potential p - potential o))), fitted to heuristic self-play games (see
# docs/content/theurgy.md, "MCTS"; refit with tools/theurgy_fit_evaluation.py on simulate records).
SHARPNESS = 0.7


def evaluate(s: TheurgyState) -> tuple[float, ...]:
    """Reward estimate per seat in [0, 1] for MCTS cut-offs: the expected share of the other seats
    it finishes ahead of (the rank reward of `Outcome.rewards`), each pair judged by a logistic of the
    difference in `potential`."""
    if s.is_terminal():
        return s.outcome().rewards()
    return rank_estimate(potential(s), SHARPNESS)


# The evaluations MCTS may be given by name besides `evaluate` (`mcts:evaluation=NAME`).
EVALUATIONS = {"fitted": fitted_evaluate}
# `expert` judges positions with the fitted evaluation, `hard` and the plain `mcts` with `evaluate`:
# expert against hard with both on `evaluate` won 59 of 100, and no use of more time reached the
# rung's 65% (docs/bots.md, "Theurgy").
LEVELS = {"expert": "mcts:iterations=4000:seconds=2.5:evaluation=fitted"}


# ================================================================================= local heuristics

# The best option's finished copy, kept by `_greedy(deep=True)` and `_choose_di` so that `_plan_turn`
# continues from it instead of resolving the same sub-steps again: (state asked, action chosen,
# finished copy, [(seat, action text)] of the sub-steps). One tuple, replaced whole, so that a reader
# in another thread (bots of several matches) never mixes two plans.
_CONT: list = [None]


def _greedy(s: TheurgyState, p: int, legal: list[Action], rng: Rng, deep: bool) -> Action:
    """The option whose result scores best for p (deep: finish the sub-steps it opens first)."""
    best, best_v, best_c, best_log = legal[0], -1e18, None, None
    depth = len(s.stack)
    for a in legal:
        c = s.clone()
        c.step(a)
        log: list[tuple[int, str]] = []
        if deep:
            _finish(c, p, rng, depth - 1, log)
        v = value(c, p) + rng.random() * 1e-3
        if v > best_v:
            best, best_v, best_c, best_log = a, v, c, log
    if deep:
        _CONT[0] = (s, best, best_c, best_log)
    return best


def _greedy_in_place(s: TheurgyState, p: int, legal: list[Action], rng: Rng) -> Action:
    """`_greedy` for a Spread the Word or Test the Faith choice of p's own action (not Eseryn's, whose
    test opens a choice): each option is carried out on one scratch copy, scored and undone, which
    costs far less than a copy and a full step per option. As after the step, the turn is over, so
    p's winning condition decides the winner."""
    c = s.clone()
    ev: list = []
    best, best_v = legal[0], -1e18
    faith, sceptics = c.faith, c.sceptics
    for a in legal:
        kind, x = a.data[0], a.data[1]
        if kind in ("stw_place", "stw_replace"):
            old = faith[x]
            faith[x] = p
            v = _end_of_turn_value(c, p)
            faith[x] = old
        elif kind == "ttf":
            anomaly, mortals, temple, ruins = c.anomaly, c.mortals[x], c.temple[x], list(c.ruins[x])
            saved = list(sceptics)
            test_the_faith(c, p, x, ev)
            v = _end_of_turn_value(c, p)
            c.anomaly, c.mortals[x], c.temple[x], c.ruins[x] = anomaly, mortals, temple, ruins
            sceptics[:] = saved
        else:                                               # "pass"
            v = _end_of_turn_value(c, p)
        ev.clear()
        v += rng.random() * 1e-3
        if v > best_v:
            best, best_v = a, v
    return best


def _end_of_turn_value(c: TheurgyState, p: int) -> float:
    if has_won(c, p):
        c.winner = p
        v = value(c, p)
        c.winner = -1
        return v
    return value(c, p)


def _finish(s: TheurgyState, p: int, rng: Rng, target: int, log: list[tuple[int, str]] | None = None) -> None:
    """Play greedily until the stack is down to `target` frames (the sub-steps of one choice)."""
    guard = 0
    while s.stack and len(s.stack) > target and guard < 40:
        guard += 1
        who = s.current_player
        a = choose(s, who, rng, shallow=True)
        if log is not None:
            log.append((who, a.text))
        s.step(a)


# ================================================================================= policy

# The rulebook's order of the deities from the simplest to the most complex to play; the heuristic,
# asked to choose (variant deities=choose), takes the simplest one still free.
DEITY_PREFERENCE = ("Lutraz", "Orrun", "Kelerix", "Kirjani", "Aeoris", "Eseryn")


def decision_kind(s: TheurgyState) -> str:
    """The kind of the pending decision (as `s.decision.kind`, without building its prompt)."""
    top = s.stack[-1]
    return s.RULES.rule(top).kind_of(s, top)


def choose(s: TheurgyState, p: int, rng: Rng, shallow: bool = False) -> Action:
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    kind = decision_kind(s)
    if kind == "turn":
        return _plan_turn(s, p, legal, rng)[0]
    if kind == "pilgrimage":
        return pilgrim_choice(s, p, legal, rng)
    if kind == "deity":                                   # the simplest deity still free
        return min(legal, key=lambda a: DEITY_PREFERENCE.index(DEITIES[a.data[1]]))
    if kind == "start":
        return _choose_start(s, legal, rng)
    if kind == "start_faith":
        return max(legal, key=lambda a: (len(board.VERTEX_AROUND[a.data[1]]),
                                         -min(board.VERTEX_AROUND[a.data[1]]), rng.random()))
    if kind == "calling":
        # each card in proportion to how often it held by itself at X+1 temples in self-play
        # (calling_ease.py): mostly the easier, sometimes the harder, so every card is played
        weights = [max(ease(cards.CALLINGS[a.data[1]].id, s.players), EASE_FLOOR) for a in legal]
        return rng.weighted(legal, weights)
    if kind == "discard":
        return next(a for a in legal if a.data[0] == "keep")
    if kind == "cull":
        return max(legal, key=lambda a: -abs(settlement_gain(s, p, a.data[1], {p: -1})) + rng.random() * 1e-3)
    if kind == "force":
        return legal[0]                                   # everyone else must go on a Pilgrimage
    if kind == "ban":
        target = s.stack[-1].target  # type: ignore[attr-defined]
        banned = "divine intervention" if s.seats[target].pawn == "test the faith" else "test the faith"
        return next(a for a in legal if a.text.endswith(banned))
    if kind == "peek_who":
        pot = potential(s)
        return max(legal, key=lambda a: pot[a.data[1]])
    if kind == "di":
        return _choose_di(s, p, legal, rng, shallow)
    if (kind == "stw" or kind == "ttf") and s.seats[p].deity != "Eseryn":
        return _greedy_in_place(s, p, legal, rng)          # the action itself, not a miracle's test
    if kind in ("summon_pick", "recall", "place_monster"):
        return _greedy(s, p, legal, rng, deep=not shallow)
    if kind == "trigger":                                 # judged by the effect's finished result
        return _greedy(s, p, legal, rng, deep=True)
    return _greedy(s, p, legal, rng, deep=False)


def _choose_start(s: TheurgyState, legal: list[Action], rng: Rng) -> Action:
    taken = {a for seat in s.seats for a in seat.acolytes if a >= 0}

    def key(a: Action) -> tuple[float, float]:
        q = a.data[1]
        inner = sum(1 for r in NEIGHBOURS[q] if r in board.INNER)
        crowd = sum(1 for r in NEIGHBOURS[q] if r in taken)
        return (inner - crowd, rng.random())

    return max(legal, key=key)


# (the Intervention last planned, texts of its options that helped, monster positions then), one
# tuple replaced whole (see _CONT)
_DI_MEMO: list = [None]


def _choose_di(s: TheurgyState, p: int, legal: list[Action], rng: Rng, shallow: bool) -> Action:
    """The Divine Intervention step whose result scores best (or done). Speed-ups: a miracle is tried
    once per settlement (both acolytes there give the same result); on the later decisions of the same
    Intervention only the options that helped before are tried again, and the activations of monsters
    that have moved since."""
    may_stop = any(a.data[0] == "done" for a in legal)
    # while a miracle or a summon is still owed, the best of them is taken even if it hurts
    threshold = value(s, p) + 0.02 if may_stop else -1e18
    shallow = shallow and may_stop
    best, best_v, best_c, best_log = None, threshold, None, None
    depth = len(s.stack)
    memo = _DI_MEMO[0]
    di = s.stack[-1]
    # the memo only narrows a choice that may still stop; an owed miracle or summon weighs them all
    again = may_stop and memo is not None and memo[0] is di
    helpful, where = (memo[1], memo[2]) if again else (frozenset(), {})
    kept: list[str] = []
    tried: set[tuple] = set()
    acolytes = s.seats[p].acolytes
    for a in legal:
        kind = a.data[0]
        if kind == "done":
            continue
        if shallow and kind in ("miracle", "summon"):
            continue
        if again and a.text not in helpful:
            if kind != "activate":
                continue
            m = cards.MONSTERS[a.data[1]].id
            if where.get(m) == s.mon_pos.get(m):
                continue
        if kind == "miracle":
            key = (a.data[1], acolytes[a.data[2]], a.data[3])
            if key in tried:
                continue
            tried.add(key)
        c = s.clone()
        c.step(a)
        log: list[tuple[int, str]] = []
        if kind != "move_monster":
            _finish(c, p, rng, depth, log)
        v = value(c, p) + rng.random() * 1e-3
        if kind == "activate":
            v += 0.01
        if v > threshold:
            kept.append(a.text)
        if v > best_v:
            best, best_v, best_c, best_log = a, v, c, log
    _DI_MEMO[0] = (di, frozenset(kept), dict(s.mon_pos))
    if best is None:
        return next(a for a in legal if a.data[0] == "done")
    if not shallow:
        _CONT[0] = (s, best, best_c, best_log)
    return best


def _plan_turn(s: TheurgyState, p: int, legal: list[Action],
               rng: Rng) -> tuple[Action, list[str], TheurgyState]:
    """Play each allowed action to the end of the turn greedily; keep the best plan (its first
    action, p's actions in order, and the finished copy it ends in). Orrun weighs the best
    Divine Intervention against the best other action by what each leaves for a second
    Intervention next turn (`_orrun_choice`)."""
    options = []
    for a in legal:
        c = s.clone()
        plan = [a.text]
        c.step(a)
        c = _finish_turn(c, p, rng, plan)
        options.append((value(c, p) + rng.random() * 1e-3, a, plan, c))
    best = max(options, key=itemgetter(0))
    if s.seats[p].deity == "Orrun" and len(options) > 1:
        best = _orrun_choice(p, options, best, rng)
    return best[1], best[2], best[3]


# Orrun's power (TU-14.3): Divine Intervention stays open to him while his pawn stands on it, so two
# Interventions in a row are a plan only he can make. His best Intervention and his best other action
# are compared by where each leaves him after a Divine Intervention played next turn (the rivals'
# turns in between are not played): an Intervention now that only uses what the next one would have
# used anyway loses to a temple now, and one that sets up the next (a monster to activate again, a
# miracle drawn) wins. Only a close choice is looked at again (in heuristic self-play about 70% of
# Orrun's turns): a gap wider than ORRUN_MARGIN (about a temple) was rarely closed by one more
# Intervention.
ORRUN_MARGIN = 0.6


def _orrun_choice(p: int, options: list[tuple], best: tuple, rng: Rng) -> tuple:
    intervene = [o for o in options if o[1].text == "divine intervention"]
    others = [o for o in options if o[1].text != "divine intervention"]
    if not intervene or not others or best[3].winner == p:
        return best
    pair = (intervene[0], max(others, key=itemgetter(0)))
    if abs(pair[0][0] - pair[1][0]) > ORRUN_MARGIN:
        return best
    ahead = [max(o[0], _after_next_intervention(o[3], p, rng)) for o in pair]
    return pair[0] if ahead[0] > ahead[1] else pair[1]


def _after_next_intervention(end: TheurgyState, p: int, rng: Rng) -> float:
    """p's value after a Divine Intervention taken as p's next turn from the finished copy `end`
    (-inf where the game is over or p could not take it)."""
    if end.winner >= 0 or not end.stack:
        return -1e18
    c = end.clone()
    c.turn = p
    c.stack = [ChooseAction(seat=p)]
    di = next((a for a in c.legal_actions() if a.text == "divine intervention"), None)
    if di is None:
        return -1e18
    c.step(di)
    return value(_finish_turn(c, p, rng, []), p)


def _finish_turn(c: TheurgyState, p: int, rng: Rng, plan: list[str]) -> TheurgyState:
    """Play the rest of p's turn greedily on the copy `c` (every seat deciding as `choose` does),
    appending p's actions to `plan`; returns the finished copy (not always `c` itself)."""
    t0 = c.turns_taken
    guard = 0
    while c.stack and c.turns_taken == t0 and c.winner < 0 and guard < 60:
        guard += 1
        who = c.current_player
        step = choose(c, who, rng)
        if who == p:
            plan.append(step.text)
        cont = _CONT[0]
        if cont is not None and cont[0] is c and cont[1] is step:   # continue from the finished copy
            memo = _DI_MEMO[0]
            di = intervention_of(c)
            if memo is not None and di is not None and memo[0] is di:
                _DI_MEMO[0] = (intervention_of(cont[2]), memo[1], memo[2])
            c, log = cont[2], cont[3]
            _CONT[0] = None
            plan.extend(text for seat, text in log if seat == p)
            continue
        c.step(step)
    return c


# ================================================================================= turn plans

PLAN_OPTIONS = 40    # options of one branching decision tried at most by `turn_plans`


def own_turn(s: TheurgyState) -> bool:
    """Whether the seat to decide is the one whose turn it is (not setup, not another seat's
    answer inside a turn)."""
    if not s.stack:
        return False
    bottom, seat = s.stack[0], s.current_player
    return ((isinstance(bottom, ChooseAction) and bottom.seat == seat)
            or (isinstance(bottom, EndTurn) and bottom.player == seat))


def turn_plans(s: TheurgyState, rng: Rng, width: int,
               out_of_time: Callable[[], bool] | None = None) -> list[tuple[str, ...]] | None:
    """Candidate ways for the current seat to play the rest of its turn, for a search over whole
    turns (MCTS `plans=W`): the heuristic's own plan first, then the alternatives of
    `core.plans.branching_plans` (each option of the current decision, e.g. each action at the start
    of a turn, followed to its first real choice, whose options are played out greedily). Each plan
    lists the seat's own actions as texts, in the order taken on `s`; None when the seat is not
    playing its own turn."""
    if not own_turn(s):
        return None
    p = s.current_player
    assert p is not None
    first: list[str] = []
    if isinstance(s.stack[-1], ChooseAction):
        _, first, end = _plan_turn(s, p, s.legal_actions(), rng)
    else:
        end = _finish_turn(s.clone(), p, rng, first)
    return branching_plans(s, p, rng, width, first, end, _TURN_RULES, out_of_time)


def _answer(c: TheurgyState, rng: Rng) -> Action:
    return choose(c, c.current_player, rng, shallow=True)


def _signature(s: TheurgyState) -> tuple:
    """What a turn can change, to tell plans that end alike."""
    return (s.winner, s.anomaly, tuple(map(tuple, s.mortals)), tuple(s.sceptics), tuple(s.temple),
            tuple(map(tuple, s.ruins)), tuple(s.faith), tuple(sorted(s.mon_pos.items())),
            tuple((*seat.acolytes, *seat.wounded, *seat.hand, "|", *seat.horde, "|", *seat.supply)
                  for seat in s.seats), len(s.miracle_deck), len(s.monster_deck), tuple(s.faceup))


def _turn_count(c: TheurgyState) -> int:
    return c.turns_taken


def _live(c: TheurgyState) -> bool:
    return bool(c.stack) and c.winner < 0


_TURN_RULES = TurnRules(turn_count=_turn_count, live=_live, answer=_answer, finish=_finish_turn,
                        value=value, signature=_signature, max_options=PLAN_OPTIONS)


class HeuristicAgent(Agent):
    name = "theurgy-heuristic"

    def __init__(self) -> None:
        self.plan: list[str] = []
        self.planned: tuple[int, int] = (-1, -1)    # (turns taken, seat) the plan was made for

    def reset(self) -> None:
        self.plan = []
        self.planned = (-1, -1)

    def act(self, state: TheurgyState, rng: Rng) -> Action:
        p = state.current_player
        legal = state.legal_actions()
        if isinstance(state.stack[-1], ChooseAction):
            action, plan, _ = _plan_turn(state, p, legal, rng)
            self.plan = plan[1:]
            self.planned = (state.turns_taken, p)
            return action
        # follow the plan only within the turn it was made for (a search may call this agent on
        # unrelated positions, e.g. MCTS rollouts)
        if self.plan and self.planned == (state.turns_taken, p):
            wanted = self.plan.pop(0)
            for a in legal:
                if a.text == wanted:
                    return a
        self.plan = []
        return choose(state, p, rng)


def heuristic_agent(options: dict[str, str] | None = None) -> Agent:
    return HeuristicAgent()


AGENTS = {"heuristic": heuristic_agent}


def turn_count(state: TheurgyState) -> int:
    return state.turns_taken
