"""Fit and check Theocratia's evaluation weights (theogony/games/theocratia/evaluation.py) on
recorded games. Research, not engine: it reads the records `theogony simulate` writes and imports
only the public package. Needs numpy (the `rl` extra).

Record heuristic games first, then fit (or, with --check, only report how well the shipped
weights predict the winners: log loss, accuracy, calibration per stage):
    theogony simulate theocratia --players 2 --games 500 --agents heuristic \
        --variant first_player=0 --records games.jsonl
    python tools/theocratia_fit_evaluation.py games.jsonl [GAMES] [--check]

It replays every recorded game (`Game.replay` of its players, seed, variant and action texts),
samples the positions where a seat is in its turn, computes `evaluation.features` for every seat,
and fits per stage (five bins of the time left, centred on evaluation.KNOTS) a softmax ("who
wins") regression with non-negative weights: a feature whose weight comes out negative is dropped
and the fit repeated."""

from __future__ import annotations

import json
import sys

import theogony
from theogony.arena.records import read_records
from theogony.games.theocratia.evaluation import (FEATURES, KNOTS, evaluate, features,
                                                  progress_left, projected_pages)
from theogony.games.theocratia.state import TURNS

GAME = theogony.load("theocratia")
# the decisions of a seat's own turn (the Civ choice, the tokens and the Developments excluded)
_TURN_KINDS = ("draft", "prepare", "war", "expand", "build", "endturn", "first", "holiday")


def samples(path: str, games: int, every: int = 2):
    """(time left, per-seat feature rows, per-seat win share, shipped estimate) per sampled state."""
    out = []
    for g in read_records(path)[:games]:
        if g.get("error") or g.get("truncated"):
            continue
        s = GAME.new_state(g["players"], g["seed"], g.get("variant") or {})
        scores = g["scores"]
        top = max(scores)
        winners = [k for k, x in enumerate(scores) if x == top]
        y = [1 / len(winners) if k in winners else 0.0 for k in range(len(scores))]
        k = 0
        for text in g["actions"]:
            if s.stage == TURNS and s.decision.kind in _TURN_KINDS:
                k += 1
                if k % every == 0:
                    left = progress_left(s)
                    pages = projected_pages(s, left)
                    rows = [features(s, seat, left, pages) for seat in range(len(scores))]
                    out.append((left, rows, y, evaluate(s)))
            s.apply(text)
    return out


def fit_bin(data, cols):
    """Softmax regression by Newton steps on the feature columns `cols`."""
    import numpy as np

    F = np.array([[[r[c] for c in cols] for r in rows] for _, rows, _, _ in data])  # S x n x k
    Y = np.array([y for _, _, y, _ in data])
    w = np.zeros(len(cols))
    for _ in range(50):
        z = F @ w
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("si,sik->sk", p, F)
        grad = np.einsum("si,sik->k", p - Y, F)
        hess = np.einsum("si,sik,sil->kl", p, F, F) - np.einsum("sk,sl->kl", mean, mean)
        step = np.linalg.solve(hess + 1e-6 * np.eye(len(cols)), grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def log_loss(data, probs) -> float:
    import math

    total = 0.0
    for (_, _, y, _), p in zip(data, probs):
        total -= sum(yi * math.log(min(1 - 1e-4, max(1e-4, pi))) for yi, pi in zip(y, p))
    return total / max(1, len(data))


def accuracy(data, probs) -> float:
    hits = 0.0
    for (_, _, y, _), p in zip(data, probs):
        best = max(range(len(p)), key=lambda i: p[i])
        hits += y[best]
    return hits / max(1, len(data))


def bins(data):
    edges = [0.0] + [(a + b) / 2 for a, b in zip(KNOTS, KNOTS[1:])] + [1.01]
    for lo, hi in zip(edges, edges[1:]):
        yield lo, hi, [d for d in data if lo <= d[0] < hi]


def fit(data) -> list[list[float]]:
    import numpy as np

    table = []
    for lo, hi, part in bins(data):
        cols = list(range(len(FEATURES)))
        while True:
            w = fit_bin(part, cols)
            neg = [(x, c) for x, c in zip(w, cols) if x < 0]
            if not neg:
                break
            cols.remove(min(neg)[1])
        full = [0.0] * len(FEATURES)
        for x, c in zip(w, cols):
            full[c] = round(float(x), 3)
        z = [[sum(a * b for a, b in zip(full, r)) for r in rows] for _, rows, _, _ in part]
        probs = [list(np.exp(np.array(x) - max(x)) / np.exp(np.array(x) - max(x)).sum()) for x in z]
        print(f"time left {lo:.2f}-{hi:.2f}: {len(part)} positions, fitted log loss "
              f"{log_loss(part, probs):.3f}, weights {dict(zip(FEATURES, full))}")
        table.append(full)
    return table


def check(data, players: int) -> None:
    import math

    print(f"| time left | positions | log loss (uniform {math.log(players):.3f}) | "
          "winner predicted | mean estimate of the real winner |")
    print("|---|---|---|---|---|")
    for lo, hi, part in bins(data):
        probs = [e for _, _, _, e in part]
        mean_w = sum(sum(yi * pi for yi, pi in zip(y, e)) for _, _, y, e in part) / max(1, len(part))
        print(f"| {lo:.2f}-{hi:.2f} | {len(part)} | {log_loss(part, probs):.3f} | "
              f"{accuracy(part, probs):.1%} | {mean_w:.2f} |")


def main(argv: list[str]) -> None:
    args = [a for a in argv if not a.startswith("--")]
    data = samples(args[0], int(args[1]) if len(args) > 1 else 10**9)
    players = len(data[0][2]) if data else 2
    if "--check" in argv:
        check(data, players)
    else:
        print(json.dumps(fit(data)))


if __name__ == "__main__":
    main(sys.argv[1:])
