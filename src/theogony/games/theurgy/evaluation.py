"""A fitted judgement of Theurgy positions: MCTS `evaluation=fitted` (the `expert` level, issue 21).

Each seat gets a strength z = sum_k w_k(t) * feature_k, and the chance that seat p finishes ahead
of seat o is 1 / (1 + exp(-(z_p - z_o))); a seat's estimate is its share of the others it is
expected to finish ahead of (the rank reward, as `bots.evaluate`). The weights were fitted by
logistic regression on the pairs of seats with different final ranks, at the start of every second
turn of 2,000 seeded two-player heuristic games, and move linearly from `WEIGHTS_START` (the first
turn) to `WEIGHTS_LATE` (turn `LATE_TURN` and after): a temple and the Capital weigh about twice as
much late as early, the followers on the board and the faith tokens less.
`tools/theurgy_fit_evaluation.py` repeats the fit on the records of `theogony simulate`;
docs/bots.md ("Theurgy") gives the held-out log loss against the hand-built `bots.potential`.
FEATURES says what each feature counts (x is the temple points the game needs at this player
count, TU-4.1; a seat's points are its temples plus half its ruins, as in `bots.potential`).
"""

from __future__ import annotations

import math

from . import cards
from .projections import standing, wins_now
from .rules.winning import calling_met
from .state import TheurgyState

FEATURES = (
    "temples",        # temples it holds
    "ruins",          # ruins of its temples (each half a point)
    "lead_extra",     # settlements it would win if the faith were tested now, beyond its temples
    "close",          # clipped margins of its mortals where it is present (the Capital twice)
    "capital",        # it holds the Capital's temple
    "capital_reach",  # the Capital's temple times its points beyond x - 2
    "capital_lead",   # it would win the Capital if tested now, not holding it
    "faith",          # its faith tokens on the board
    "followers",      # its followers on the board
    "horde",          # monsters in its horde
    "wounded",        # its wounded acolytes
    "calling",        # its Divine Calling holds now
    "calling_at_x",   # its calling holds and it has x points
    "at_x",           # it has x points
    "short_of_x",     # how many points it lacks to x
    "to_move",        # the turn is its own
)
LATE_TURN = 30
WEIGHTS_START = (0.6696, 0.129, 0.2049, -0.0377, 0.8195, 0.4406, 0.8205, 0.3705, 0.1493, 0.2833, -0.34,
                 0.039, 0.3995, -0.0149, 0.2785, 0.0754)
WEIGHTS_LATE = (1.2727, 0.4287, 0.2124, -0.0107, 1.6206, 0.8896, 1.6196, 0.1374, 0.0209, 0.1061, -0.2969,
                0.548, 0.8312, 0.0421, 0.5326, 0.3245)
WON = 50.0        # added to the strength of a seat that has won or would win now (as bots.potential)
_TEMPLES, _RUINS, _CALLING = (FEATURES.index(f) for f in ("temples", "ruins", "calling"))


def features(s: TheurgyState) -> list[list[float]]:
    """Per seat, its values of FEATURES."""
    n = s.players
    lead, close, followers, ruins = standing(s)
    temple = s.temple
    x = cards.TEMPLES_X[n]
    rows = []
    for p in range(n):
        held = temple.count(p)
        pts = held + 0.5 * ruins[p]
        seat = s.seats[p]
        met = bool(seat.calling) and calling_met(s, p, seat.calling)
        capital = float(temple[0] == p)
        rows.append([held, ruins[p], lead.count(p) - held, close[p], capital,
                     capital * max(0.0, pts - (x - 2)), float(lead[0] == p and temple[0] != p),
                     s.faith.count(p), followers[p], len(seat.horde), sum(seat.wounded),
                     float(met), float(met and pts >= x), float(pts >= x), max(0.0, x - pts),
                     float(s.turn == p)])
    return rows


def weights(turns_taken: int) -> list[float]:
    """The weights of FEATURES after `turns_taken` turns."""
    t = min(1.0, turns_taken / LATE_TURN)
    return [a + (b - a) * t for a, b in zip(WEIGHTS_START, WEIGHTS_LATE)]


def strengths(s: TheurgyState) -> list[float]:
    """Per seat, z = the weighted sum of its features, plus WON where it has won or would win now
    (TU-4.1: the Capital and x points, x + 1 points and its calling, or x + 2 points)."""
    w = weights(s.turns_taken)
    out = []
    for p, row in enumerate(features(s)):
        z = sum(a * b for a, b in zip(w, row))
        if wins_now(s, p, row[_TEMPLES] + 0.5 * row[_RUINS], bool(row[_CALLING])):
            z += WON
        out.append(z)
    return out


def rank_estimate(strength: list[float], sharpness: float) -> tuple[float, ...]:
    """Per seat, its expected share of the other seats it finishes ahead of, each pair judged by
    1 / (1 + exp(-sharpness * (strength p - strength o)))."""
    n = len(strength)
    out = []
    for p in range(n):
        ahead = 0.0
        for o in range(n):
            if o != p:
                d = sharpness * (strength[p] - strength[o])
                ahead += 1.0 / (1.0 + math.exp(-d)) if d > -30 else 0.0
        out.append(ahead / (n - 1))
    return tuple(out)


def evaluate(s: TheurgyState) -> tuple[float, ...]:
    """Reward estimate per seat in [0, 1] for MCTS cut-offs, from the fitted strengths."""
    if s.is_terminal():
        return s.outcome().rewards()
    return rank_estimate(strengths(s), 1.0)
