"""Fit `bots.SHARPNESS`, the sharpness of Theurgy's `evaluate`, to recorded games.

`evaluate` takes the chance that seat p finishes ahead of seat o as
1 / (1 + exp(-k * (potential p - potential o))). This script replays the games of a records file
(written by `theogony simulate theurgy ... --records FILE`, JSON Lines or Parquet), takes every seat's
`bots.potential` at the start of every `--every`-th turn, and finds the k of maximum likelihood over
all pairs of seats whose final ranks differ.

    theogony simulate theurgy --players 2 --agents heuristic --games 1000 --seed 0 --jobs 2 \\
        --records /tmp/theurgy.jsonl
    python tools/theurgy_fit_sharpness.py /tmp/theurgy.jsonl [--every 2] [--json]

It prints k, the log-loss at k against a coin's (ln 2), and the share of pairs ordered right (a tie
in potential counting half).
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Iterable

import theogony
from theogony.arena.records import read_records
from theogony.games.theurgy.bots import potential


def turn_pairs(record: dict, every: int) -> list[tuple[float, int]]:
    """(potential p - potential o, 1 if p finished ahead of o else 0) for every pair of seats with
    different ranks, at the start of every `every`-th turn of the recorded game."""
    game = theogony.load("theurgy")
    ranks = record["ranks"]
    state = game.new_state(record["players"], record["seed"], record["variant"])
    pairs: list[tuple[float, int]] = []
    turns = 0
    for text in record["actions"]:
        if state.decision.kind == "turn":
            if turns % every == 0:
                pot = potential(state)
                pairs += [(pot[p] - pot[o], int(ranks[p] < ranks[o]))
                          for p in range(len(pot)) for o in range(p + 1, len(pot)) if ranks[p] != ranks[o]]
            turns += 1
        state.apply(text)
    return pairs


def _slope(pairs: list[tuple[float, int]], k: float) -> float:
    """The derivative of the log-likelihood at k (it falls as k grows: the likelihood is concave)."""
    return sum((y - 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, k * d))))) * d for d, y in pairs)


def fit(pairs: list[tuple[float, int]], low: float = -10.0, high: float = 10.0) -> float:
    """The k in [low, high] that maximises the log-likelihood of the outcomes (bisection on the
    slope; a bound when the maximum lies beyond it)."""
    for _ in range(60):
        middle = (low + high) / 2
        if _slope(pairs, middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def log_loss(pairs: Iterable[tuple[float, int]], k: float) -> float:
    total, n = 0.0, 0
    for d, y in pairs:
        chance = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, k * d))))
        chance = min(max(chance, 1e-12), 1 - 1e-12)
        total -= math.log(chance if y else 1.0 - chance)
        n += 1
    return total / n if n else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("records", help="records file of `theogony simulate theurgy --records FILE`")
    parser.add_argument("--every", type=int, default=2, help="take the potentials every N-th turn (2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.every < 1:
        parser.error("--every takes a whole number of at least 1")
    records = [r for r in read_records(args.records)
               if r["game"] == "theurgy" and r.get("ranks") and not r.get("truncated") and not r.get("error")]
    if not records:
        parser.error(f"{args.records} holds no finished Theurgy games")
    pairs = [pair for record in records for pair in turn_pairs(record, args.every)]
    k = fit(pairs)
    right = sum(0.5 if d == 0 else float((d > 0) == bool(y)) for d, y in pairs) / len(pairs)
    result = {"games": len(records), "pairs": len(pairs), "sharpness": round(k, 4),
              "log_loss": round(log_loss(pairs, k), 4), "coin_log_loss": round(math.log(2), 4),
              "ordered_right": round(right, 4)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['games']} games, {result['pairs']} seat pairs: sharpness k = {result['sharpness']} "
              f"(log-loss {result['log_loss']} against {result['coin_log_loss']} for a coin; "
              f"{100 * right:.1f}% of the pairs ordered right)")


if __name__ == "__main__":
    main()
