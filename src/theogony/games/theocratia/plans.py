"""Whole-turn plans for MCTS (`Game.turn_plans`, `Game.turn_count`; agents/mcts.py `plans=W`).

A Theocratia turn (TC-4) is a short chain of the seat's own decisions: take a die (or claim a
Conversion tile), adjust and place it (Cosmo, Power cards, the Civ and action), the action's
targets (War, Expand, Build, Pyramid, Holiday, Pyramid tokens) and the end of the turn (Power
cards, tiles). `turn_plans` proposes whole ways to play the rest of such a turn; the search then
judges each by where it ends and by the other seats' replies, instead of searching every small
decision of the chain on its own.

Turns are counted without a field of their own: during the players' turns of a round (the
PlayerTurns frame at the bottom of the stack) the turn in progress is number `turn_index - 1` of
the round (TC-3.5 order from the First player), and a finished round holds `turns * seats` turns
(the Bot's automatic turns included)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from theogony.core import Action, Rng
from theogony.core.plans import TurnRules, branching_plans

from theogony.core.frames import AUTOMATIC

from .heuristic import Heuristic, value
from .state import END_OF_ROUND, TURNS, TheocratiaFrame, TheocratiaState

PLAN_OPTIONS = 24    # options of the first real choice tried at most per option of the decision
_GUARD = 80          # decisions one turn may take at most while planning (a turn has about 5)

_HEURISTIC = Heuristic()


def turn_count(s: TheocratiaState) -> int:
    """How many turns have ended (setup and the end-of-round steps add none)."""
    per_round = s.turns * len(s.seats)
    done = (s.round - 1) * per_round
    stage = s.stage
    if stage == TURNS:
        return done + s.turn_index - (1 if s.stack else 0)
    if stage >= END_OF_ROUND:
        return done + per_round
    return done


def turn_owner(s: TheocratiaState) -> int:
    """The seat whose turn is in progress (-1 outside the turns of a round)."""
    return s.turn_seat()


def own_turn(s: TheocratiaState) -> bool:
    """Whether the seat to decide plays its own turn: not setup, not the end-of-round steps, not a
    decision of another seat inside the turn, and never the engine-driven Bot (BOT-2)."""
    p = s.current_player
    return p is not None and p == turn_owner(s) and p != s.bot_seat


def _finish_turn(c: TheocratiaState, p: int, rng: Rng, plan: list[str],
                 t0: int | None = None) -> TheocratiaState:
    """Play the rest of turn `t0` (default: the turn in progress) on the copy `c` with the
    heuristic (for every seat that decides), appending p's own actions to `plan`; returns `c`.
    Nothing is played when that turn is already over (an option that ended it)."""
    if t0 is None:
        t0 = turn_count(c)
    guard = 0
    while c.stack and turn_count(c) == t0 and guard < _GUARD:
        guard += 1
        who = c.current_player
        legal = c.legal_actions()
        step = legal[0] if len(legal) == 1 else _HEURISTIC.act(c, rng)
        if who == p:
            plan.append(step.text)
        c.step(step)
    return c


def signature(s: TheocratiaState) -> tuple:
    """What a turn can change, to tell plans that end alike."""
    return (s.round, s.stage, s.turn_index, s.first, s.next_first, s.erb_holder, s.erb_die,
            tuple(s.hex_colour), tuple(s.hex_civ), tuple(s.hex_kind), tuple(s.hex_crystal),
            tuple(s.reserve), tuple(sorted(s.table)), tuple(s.tokens), len(s.deck),
            tuple((c.houses, c.factories, c.barracks, c.pyramids, c.warriors, c.supply,
                   tuple(c.crystals), c.page, tuple(c.items), tuple(c.row)) for c in s.civs),
            tuple((p.cosmo, p.malus, p.flipped, tuple(p.priests), tuple(sorted(p.hand)),
                   tuple(p.tiles), p.pyramids_built, tuple(p.tokens), p.end_token)
                  for p in s.seats),
            tuple(_frame_signature(f) for f in s.stack if f.seat != AUTOMATIC))


def _frame_signature(f: TheocratiaFrame) -> tuple:
    civ, die, a, b, flags, items = f.details()
    return (type(f).__name__, f.seat, civ, die, a, b, flags, tuple(items))


def turn_plans(s: TheocratiaState, rng: Rng, width: int,
               out_of_time: Callable[[], bool] | None = None) -> list[tuple[str, ...]] | None:
    """Candidate ways for the current seat to play the rest of its turn, the heuristic's own first.

    Then, for each option of the current decision (a die to take, a tile to claim, a way to place
    the die...), the turn is followed to the seat's first later decision with a real choice; every
    option there (at most PLAN_OPTIONS) is played to the end of the turn by the heuristic, and the
    `width` best by the heuristic's `value` are kept. Plans that end in the same position (or read
    the same) are kept once. Each plan lists the seat's own actions as texts, in order. None where
    the seat is not playing its own turn. `s` is not changed."""
    if not own_turn(s):
        return None
    p = s.current_player
    assert p is not None
    first: list[str] = []
    t0 = turn_count(s)
    end = _finish_turn(s.clone(), p, rng, first, t0)
    # the alternatives finish the same turn: an option that ends it must not run into the next
    # one (alone against the Bot, the next decision is the same seat's next turn)
    rules = replace(_TURN_RULES, finish=lambda c, seat, r, plan: _finish_turn(c, seat, r, plan, t0))
    return branching_plans(s, p, rng, width, first, end, rules, out_of_time)


def _answer(c: TheocratiaState, rng: Rng) -> Action:
    return _HEURISTIC.act(c, rng)


_TURN_RULES = TurnRules(turn_count=turn_count, live=lambda c: bool(c.stack), answer=_answer,
                        finish=_finish_turn, value=value, signature=signature,
                        max_options=PLAN_OPTIONS, guard=_GUARD)
