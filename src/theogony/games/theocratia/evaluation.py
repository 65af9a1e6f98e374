"""Position evaluation for MCTS cut-offs (`Game.evaluate`): per-seat win estimates in [0, 1].

Each seat gets a strength z = sum_k w_k(progress) * feature_k, and the win estimates are the softmax
of the strengths (for 2 players: a logistic of the difference). The features say what the final
scoring (TC-14) will make of the position:

- `proj`: the final score as TC-14 would count it now, but with every Civ's Chronicles page
  projected to the end of the game (visible page + the filled fraction of it + the pages an average
  Civ still turns in the time left, capped at the last page);
- `prsum`: the Worship steps of the three nearest Priests (the farthest one is ignored at the end;
  every step brings a Priest closer to its next multiplier and pages are shared by everybody);
- `own_b`: Houses, Factories and Barracks on the seat's hexes (Worship from Development adjacency,
  Barrack owners, Compensation, targets for Factory/Barrack actions);
- `own_p`: Pyramids on the seat's hexes (Worship at every Holiday of the Civ and at the end);
- `held`: Conversion tiles in hand; `cosmo`: Cosmo (spent on dice and Holidays, scored at the end);
  `hand`: Power cards in hand.

The weights were fitted (softmax regression with non-negative weights) on the positions of 500
seeded heuristic games per seat count, separately for five stages of the game, and are interpolated
linearly in between (`tools/theocratia_fit_evaluation.py` repeats the fit on the records of
`theogony simulate`; docs/content/theocratia.md gives the
measured calibration). Progress runs from 1.0 (first turn) to 0.0 (after the last turn)."""

from __future__ import annotations

import math

from .content import (BARRACK, FACTORY, HOUSE, N_HEX, PAGE_SPACES, PYRAMID, TRACK_END,
                      LAST_PAGE, multiplier)
from .state import END_OF_ROUND, OVER, SETUP, TURNS, TheocratiaState

FEATURES = ("proj", "prsum", "own_b", "own_p", "held", "cosmo", "hand")

# Average Chronicles pages a Civ still turns, as a function of the time left: PAGE_GAIN_BASE
# (the last Development phase and end-of-round writing) + PAGE_GAIN_RATE * progress.
PAGE_GAIN_BASE = 0.2
PAGE_GAIN_RATE = 1.6

# Weights per number of seats and stage: progress knots (time left) and one weight vector per knot
# (order FEATURES), fitted on 500 (2 seats), 450 (3) and 480 (4) heuristic games. Row i belongs to
# KNOTS[i]: the first row is the end of the game (time left 0.1), the last its start (0.9).
KNOTS = (0.1, 0.3, 0.5, 0.7, 0.9)
WEIGHTS_2 = (
    (0.134, 0.242, 0.196, 0.993, 0.21, 0.02, 0.0),
    (0.145, 0.181, 0.278, 0.87, 0.056, 0.0, 0.0),
    (0.072, 0.195, 0.27, 0.72, 0.0, 0.0, 0.0),
    (0.002, 0.237, 0.223, 0.739, 0.0, 0.0, 0.0),
    (0.0, 0.198, 0.151, 0.568, 0.0, 0.0, 0.0),
)
WEIGHTS_3 = (
    (0.144, 0.261, 0.057, 0.878, 0.0, 0.0, 0.019),
    (0.099, 0.26, 0.174, 0.799, 0.0, 0.015, 0.018),
    (0.052, 0.292, 0.194, 0.873, 0.0, 0.0, 0.0),
    (0.0, 0.288, 0.185, 0.956, 0.0, 0.0, 0.0),
    (0.0, 0.258, 0.154, 1.313, 0.0, 0.0, 0.0),
)
WEIGHTS_4 = (
    (0.232, 0.222, 0.184, 0.921, 0.04, 0.0, 0.0),
    (0.129, 0.244, 0.245, 0.812, 0.007, 0.031, 0.0),
    (0.172, 0.255, 0.271, 0.642, 0.033, 0.0, 0.0),
    (0.104, 0.271, 0.278, 0.607, 0.088, 0.0, 0.0),
    (0.118, 0.006, 0.238, 0.0, 0.051, 0.0, 0.0),
)
WEIGHTS = {2: WEIGHTS_2, 3: WEIGHTS_3, 4: WEIGHTS_4}
# Small floors so that the search never sees a reason to waste a resource (a fitted zero only
# means the resource did not predict the winner of heuristic games, not that it is worthless).
FLOORS = (0.0, 0.0, 0.0, 0.0, 0.02, 0.02, 0.02)


def progress_left(state: TheocratiaState) -> float:
    """Fraction of the game's turns still to come (1.0 at the first turn, 0.0 when over)."""
    n = len(state.seats)
    total = state.rounds * state.turns * n
    stage = state.stage
    if stage == SETUP and state.round == 1:
        return 1.0
    if stage >= OVER:
        return 0.0
    done = (state.round - 1) * state.turns * n + (state.turn_index if stage >= TURNS else 0)
    if stage >= END_OF_ROUND:
        done = state.round * state.turns * n
    return max(0.0, 1.0 - done / total)


def projected_pages(state: TheocratiaState, left: float) -> list[float]:
    gain = (PAGE_GAIN_BASE if state.stage < OVER else 0.0) + PAGE_GAIN_RATE * left
    out = []
    for c in state.civs:
        spaces = PAGE_SPACES[c.page]
        now = c.page + (len(c.items) / spaces if spaces else 0.0)
        out.append(min(float(LAST_PAGE), now + gain))
    return out


def _priest_score(pos: list[int], pages: list[float]) -> float:
    far = max(pos)
    values = [pages[v] * multiplier(pos[v]) for v in range(4)]
    return sum(values) - min(values[v] for v in range(4) if pos[v] == far)


def projected_score(state: TheocratiaState, seat: int, pages: list[float]) -> float:
    """TC-14 final score with projected pages; each owned Pyramid's end Worship goes greedily."""
    p = state.seats[seat]
    pos = list(p.priests)
    col = p.colour
    k = sum(1 for h in range(N_HEX) if state.hex_kind[h] == PYRAMID and state.hex_colour[h] == col)
    for _ in range(k):
        best_val, best_v = None, 0
        for v in range(4):
            if pos[v] >= TRACK_END:
                continue
            pos[v] += 1
            val = _priest_score(pos, pages)
            pos[v] -= 1
            if best_val is None or val > best_val:
                best_val, best_v = val, v
        if best_val is None:
            break
        pos[best_v] += 1
    return multiplier(p.cosmo) + _priest_score(pos, pages) - p.malus - (13 if p.flipped else 0)


def features(state: TheocratiaState, seat: int, left: float,
             pages: list[float]) -> tuple[float, ...]:
    p = state.seats[seat]
    col = p.colour
    own_b = own_p = 0
    kinds, colours = state.hex_kind, state.hex_colour
    for h in range(N_HEX):
        if colours[h] == col:
            k = kinds[h]
            if k == HOUSE or k == FACTORY or k == BARRACK:
                own_b += 1
            elif k == PYRAMID:
                own_p += 1
    pos = sorted(p.priests)
    prsum = sum(x + 1 for x in pos[:3])
    held = sum(1 for t in p.tiles if t == 2)
    return (projected_score(state, seat, pages), float(prsum), float(own_b), float(own_p),
            float(held), float(p.cosmo), float(len(p.hand)))


def weights(left: float, seats: int = 2) -> tuple[float, ...]:
    table = WEIGHTS.get(seats, WEIGHTS_2)
    if left <= KNOTS[0]:
        w = table[0]
    elif left >= KNOTS[-1]:
        w = table[-1]
    else:
        i = 0
        while KNOTS[i + 1] < left:
            i += 1
        t = (left - KNOTS[i]) / (KNOTS[i + 1] - KNOTS[i])
        w = tuple(a + (b - a) * t for a, b in zip(table[i], table[i + 1]))
    return tuple(max(x, f) for x, f in zip(w, FLOORS))


def strengths(state: TheocratiaState) -> list[float]:
    left = progress_left(state)
    pages = projected_pages(state, left)
    w = weights(left, len(state.seats))
    return [sum(a * b for a, b in zip(w, features(state, s, left, pages)))
            for s in range(len(state.seats))]


def evaluate(state: TheocratiaState) -> tuple[float, ...]:
    """Per-seat win estimates (softmax of the strengths); they sum to 1."""
    z = strengths(state)
    top = max(z)
    e = [math.exp(x - top) for x in z]
    total = sum(e)
    return tuple(x / total for x in e)
