"""The common shape of `Game.turn_plans` (whole-turn MCTS, agents/mcts.py `plans=W`).

A game supplies its heuristic's own plan and how to play and judge a turn; `branching_plans` adds the
alternatives: for each option of the current decision, the turn is followed to the seat's next
decision with a real choice, every option there (at most `max_options`) is played to the end of the
turn, and the `width` that end best are kept. Plans that end in the same position, or read the same
(a random draw may end two alike plans differently), are kept once. Given `out_of_time` (MCTS's
time cap, passed down through `Game.turn_plans`) it stops adding alternatives once that answers True
and returns the plans found so far.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from .rng import Rng
from .state import State
from .types import Action


@dataclass(frozen=True, slots=True)
class TurnRules:
    """How a game's planner plays and judges a turn on a copy."""

    turn_count: Callable[[Any], int]                       # turns ended so far
    live: Callable[[Any], bool]                            # the game goes on (no winner yet)
    answer: Callable[[Any, Rng], Action]                   # a choice on the way to a real one
    finish: Callable[[Any, int, Rng, list[str]], Any]      # play the turn out, noting p's actions
    value: Callable[[Any, int], float]                     # how good an end of turn is for p
    signature: Callable[[Any], tuple]                      # what a turn can change
    max_options: int = 40
    guard: int = 60                                        # decisions a turn may take at most


def _never() -> bool:
    return False


def branching_plans(s: State, p: int, rng: Rng, width: int, first: list[str], first_end: State,
                    rules: TurnRules, out_of_time: Callable[[], bool] | None = None
                    ) -> list[tuple[str, ...]]:
    """The heuristic's plan `first` (ending in `first_end`), then up to `width` alternatives per
    option of the current decision; each plan is p's own actions as texts, in order. `out_of_time`
    is asked before each alternative is played out: once it answers True no more are added (the
    heuristic's plan is always kept)."""
    found = {rules.signature(first_end): tuple(first)}
    texts = {tuple(first)}
    t0 = rules.turn_count(s)
    if out_of_time is None:
        out_of_time = _never
    for a in s.legal_actions():
        if out_of_time():
            break
        c = s.clone()
        head = [a.text]
        c.step(a)
        steps = 0
        options: list[Action] = []
        while rules.live(c) and rules.turn_count(c) == t0 and steps < rules.guard:   # a real choice
            steps += 1
            options = c.legal_actions()
            if c.current_player == p and len(options) > 1:
                break
            step = rules.answer(c, rng) if len(options) > 1 else options[0]
            if c.current_player == p:
                head.append(step.text)
            c.step(step)
        else:
            key = rules.signature(c)
            if tuple(head) not in texts and key not in found:
                found[key] = tuple(head)
                texts.add(tuple(head))
            continue
        if len(options) > rules.max_options:
            options = [options[i] for i in sorted(rng.sample(range(len(options)), rules.max_options))]
        scored = []
        for o in options:
            if out_of_time():
                break
            d = c.clone()
            plan = [*head, o.text]
            d.step(o)
            d = rules.finish(d, p, rng, plan)
            scored.append((rules.value(d, p) + rng.random() * 1e-3, plan, d))
        scored.sort(key=itemgetter(0), reverse=True)
        kept = 0
        for _, plan, d in scored:
            if kept >= width:
                break
            key = rules.signature(d)
            if key not in found and tuple(plan) not in texts:
                found[key] = tuple(plan)
                texts.add(tuple(plan))
                kept += 1
    return list(found.values())
