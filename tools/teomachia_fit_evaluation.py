"""Fit and check Teomachia's evaluations on recorded games: the constants of `bots.evaluate`
(`WORTH_POWER` in theogony/games/teomachia/bots.py) and, with --fitted, the weights of the fitted
evaluation (theogony/games/teomachia/evaluation.py, `mcts:evaluation=fitted`). Research, not engine:
it reads the records `theogony simulate` writes and imports only the public package. Needs numpy
(the `rl` extra).

Record heuristic games first, then fit (or, with --check, only report how well the shipped
constants predict the winners):
    theogony simulate teomachia --players 3 --games 400 --seed 1000 --records games.jsonl
    python tools/teomachia_fit_evaluation.py games.jsonl [--check]
    theogony simulate teomachia --players 2 --agents heuristic --games 3000 --seed 500000 --records two.jsonl
    python tools/teomachia_fit_evaluation.py two.jsonl --fitted

With --fitted it takes `evaluation.features` of both seats of every two-player game of the basic
game at every third decision after the draft, and their difference, interacted with the deal
(`min(1, deal / evaluation.LATE_DEAL)`), against whether the first seat won; a logistic regression
without intercept (`theogony.arena.fitting`) fitted on the first 70% of the games gives the held-out
log loss and ordering beside those of `bots.evaluate` ("shipped"), then, fitted on all of them, the
weights in the form evaluation.py keeps them.

Without it:

It replays every recorded game, samples every third decision after the draft, splits each seat's
expected worth into `projections.worth_terms` (A + B x the value of winning the deal) and searches the
grid of (exponent k, deal value V, offset) for the least log loss of the per-seat win estimate
softmax(k * log(A + B * V + offset)) against the game's winner. The deal's odds (DEAL_BETA,
DEAL_HAND) are taken as shipped."""

from __future__ import annotations

import json
import math
import sys

import theogony
from theogony.arena.fitting import logit, split_rows, start_and_late
from theogony.arena.records import read_records
from theogony.games.teomachia import evaluation
from theogony.games.teomachia.bots import WORTH_POWER, evaluate
from theogony.games.teomachia.projections import DRAFT_PHASES, worth_terms

GAME = theogony.load("teomachia")
EXPONENTS = [round(1.0 + 0.2 * i, 1) for i in range(21)]   # 1.0 .. 5.0
DEAL_VALUES = [10.0 * i for i in range(13)]           # 0 .. 120
OFFSETS = [5.0 * i for i in range(1, 15)]             # 5 .. 70


def samples(path: str, every: int = 3) -> tuple[list[list[tuple[float, float] | None]], list[list[float]]]:
    """Per sampled position the seats' worth terms (None once out) and the seats' share of the win."""
    terms: list[list[tuple[float, float] | None]] = []
    wins: list[list[float]] = []
    for g in read_records(path):
        if g.get("error") or g.get("truncated") or not g.get("winners"):
            continue
        n = g["players"]
        share = [1 / len(g["winners"]) if k in g["winners"] else 0.0 for k in range(n)]
        s = GAME.new_state(n, g["seed"], g.get("variant") or {})
        for k, text in enumerate(g["actions"]):
            if k % every == 0 and s.phase not in DRAFT_PHASES and not s.is_terminal():
                terms.append([None if t is None else (t[0], t[1]) for t in worth_terms(s)])
                wins.append(share)
            s.apply(text)
    return terms, wins


def _arrays(terms, wins):
    """The worth terms A and B, who is still in, and the win shares, as seat-aligned numpy arrays."""
    import numpy as np

    seats = max(len(t) for t in terms)
    a = np.array([[t[i][0] if i < len(t) and t[i] else 0.0 for i in range(seats)] for t in terms])
    b = np.array([[t[i][1] if i < len(t) and t[i] else 0.0 for i in range(seats)] for t in terms])
    alive = np.array([[1.0 if i < len(t) and t[i] else 0.0 for i in range(seats)] for t in terms])
    y = np.array([w + [0.0] * (seats - len(w)) for w in wins])
    return a, b, alive, y


def _loss(logs, alive, y, k: float) -> float:
    """Log loss of softmax(k * logs) over the seats still in, against the win shares."""
    import numpy as np

    z = np.where(alive > 0, k * logs, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    return float(-(y * np.log(np.clip(p, 1e-4, 1 - 1e-4))).sum(axis=1).mean())


def _logs(a, b, v: float, offset: float):
    import numpy as np

    return np.log(np.maximum(a + b * v + offset, 1e-9))


def log_losses(terms, wins):
    """The log loss of every (k, V, offset) of the grid, as a dict."""
    a, b, alive, y = _arrays(terms, wins)
    out = {}
    for v in DEAL_VALUES:
        for off in OFFSETS:
            logs = _logs(a, b, v, off)
            for k in EXPONENTS:
                out[(k, v, off)] = _loss(logs, alive, y, k)
    return out


def shipped_loss(terms, wins, players: int) -> float:
    k, v, off = WORTH_POWER[min(4, max(2, players))]
    a, b, alive, y = _arrays(terms, wins)
    return _loss(_logs(a, b, v, off), alive, y, k)


def pair_rows(record: dict, every: int = 3) -> list[tuple[list[float], int, float]]:
    """(feature differences of seat 0 and seat 1 with their interactions with the deal, 1 if seat 0
    won, seat 0's chance by `bots.evaluate`) at every `every`-th decision after the draft of a
    finished two-player game of the basic game; none for any other record."""
    if (record.get("error") or record.get("truncated") or record["players"] != 2
            or len(record.get("winners") or []) != 1 or (record.get("variant") or {}).get("no_elimination")):
        return []
    won = int(record["winners"][0] == 0)
    s = GAME.new_state(2, record["seed"], record.get("variant") or {})
    out = []
    for k, text in enumerate(record["actions"]):
        if k % every == 0 and s.phase not in DRAFT_PHASES and not s.is_terminal():
            first, second = evaluation.features(s)
            if first is not None and second is not None:
                late = min(1.0, s.deal / evaluation.LATE_DEAL)
                diff = [a - b for a, b in zip(first, second)]
                chance = evaluate(s)
                assert chance is not None
                out.append((diff + [v * late for v in diff], won, chance[0]))
        s.apply(text)
    return out


def fit_weights(path: str) -> dict:
    """The fit of the fitted evaluation's weights and how well it and `bots.evaluate` predict."""
    records = list(read_records(path))
    try:
        rows = split_rows(records, pair_rows)
    except ValueError as problem:
        raise SystemExit(f"{path}: too few finished two-player games of the basic game to fit ({problem})")
    return start_and_late(rows, len(evaluation.FEATURES), logit)


def main(argv: list[str]) -> None:
    path = [a for a in argv if not a.startswith("--")][0]
    if "--fitted" in argv:
        result = fit_weights(path)
        if "--json" in argv:
            print(json.dumps(result))
            return
        print(f"{result['games']} games, {result['rows']} positions; on the {result['held_out_games']} "
              f"games held out: log loss {result['held_out_log_loss']['fitted']} fitted, "
              f"{result['held_out_log_loss']['shipped']} for bots.evaluate (a coin: {result['coin_log_loss']}); "
              f"winner named {result['held_out_right']['fitted']:.1%} and {result['held_out_right']['shipped']:.1%}")
        print(f"WEIGHTS_START = {tuple(result['WEIGHTS_START'])}")
        print(f"WEIGHTS_LATE = {tuple(result['WEIGHTS_LATE'])}")
        return
    terms, wins = samples(path)
    players = len(wins[0])
    print(f"{len(terms)} positions, {players} players; uniform log loss {math.log(players):.4f}; "
          f"shipped {WORTH_POWER[min(4, max(2, players))]}: {shipped_loss(terms, wins, players):.4f}")
    if "--check" in argv:
        return
    losses = log_losses(terms, wins)
    for (k, v, off), loss in sorted(losses.items(), key=lambda kv: kv[1])[:5]:
        print(f"k={k:.1f} V={v:.0f} offset={off:.0f}: {loss:.4f}")


if __name__ == "__main__":
    main(sys.argv[1:])
