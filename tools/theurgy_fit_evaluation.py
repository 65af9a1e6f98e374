"""Fit Theurgy's two position evaluations to recorded games: the weights of the fitted one
(theogony/games/theurgy/evaluation.py, `mcts:evaluation=fitted`) and the sharpness of the
hand-built `bots.evaluate` (`bots.SHARPNESS`), and compare them on games the fit did not see.
Research, not engine: it reads the records `theogony simulate` writes and imports only the public
package. Needs numpy (the `rl` extra).

    theogony simulate theurgy --players 2 --agents heuristic --games 2000 --seed 500000 \\
        --records /tmp/theurgy.jsonl
    python tools/theurgy_fit_evaluation.py /tmp/theurgy.jsonl [--every 2] [--json]

It replays every finished game, takes `evaluation.features` of every seat at the start of every
`--every`-th turn, and for every pair of seats with different final ranks the difference of their
features, interacted with the time (`min(1, turns taken / evaluation.LATE_TURN)`), against whether
the first finished ahead. A logistic regression without intercept (Newton steps, a light L2 penalty)
gives the weights at the first turn and at LATE_TURN (`theogony.arena.fitting`). It fits on the
first 70% of the games and prints the held-out log loss and ordering of the fitted model and of
`bots.evaluate` ("shipped": the potential at its sharpness), then, fitted on all the games, the
weights in the form evaluation.py keeps them and the sharpness k of `bots.evaluate` (the chance
that p finishes ahead of o taken as 1 / (1 + exp(-k * (potential p - potential o))); the same
regression on that one difference).
"""

from __future__ import annotations

import argparse
import json

import theogony
from theogony.arena.fitting import fit_logistic, split_rows, start_and_late
from theogony.arena.records import read_records
from theogony.games.theurgy import evaluation
from theogony.games.theurgy.bots import SHARPNESS, potential


def pair_rows(record: dict, every: int) -> list[tuple[list[float], int, float]]:
    """(feature differences with their time interactions, 1 if the first seat finished ahead,
    difference of `bots.potential`) per pair of seats with different ranks, at the start of every
    `every`-th turn of the recorded game."""
    game = theogony.load("theurgy")
    ranks = record["ranks"]
    state = game.new_state(record["players"], record["seed"], record["variant"])
    out: list[tuple[list[float], int, float]] = []
    turns = 0
    for text in record["actions"]:
        if state.decision.kind == "turn":
            if turns % every == 0:
                late = min(1.0, state.turns_taken / evaluation.LATE_TURN)
                rows = [row + [v * late for v in row] for row in evaluation.features(state)]
                pot = potential(state)
                for p in range(len(rows)):
                    for o in range(p + 1, len(rows)):
                        if ranks[p] != ranks[o]:
                            out.append(([a - b for a, b in zip(rows[p], rows[o])], int(ranks[p] < ranks[o]),
                                        pot[p] - pot[o]))
            turns += 1
        state.apply(text)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("records", help="records file of `theogony simulate theurgy --records FILE`")
    parser.add_argument("--every", type=int, default=2, help="take the positions every N-th turn (2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.every < 1:
        parser.error("--every takes a whole number of at least 1")
    records = [r for r in read_records(args.records)
               if r["game"] == "theurgy" and r.get("ranks") and not r.get("truncated") and not r.get("error")]
    if len(records) < 2:
        parser.error(f"{args.records} holds fewer than two finished Theurgy games")
    try:
        rows = split_rows(records, lambda record: pair_rows(record, args.every))
    except ValueError as problem:
        parser.error(f"{args.records}: {problem}")
    result = start_and_late(rows, len(evaluation.FEATURES), lambda difference: SHARPNESS * difference)
    potential_difference, ahead = rows.everything(2), rows.everything(1)
    result["sharpness"] = round(float(fit_logistic(potential_difference[:, None], ahead)[0]), 4)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['games']} games, {result['rows']} seat pairs; on the {result['held_out_games']} games "
          f"held out: log loss {result['held_out_log_loss']['fitted']} fitted, "
          f"{result['held_out_log_loss']['shipped']} for bots.evaluate (a coin: {result['coin_log_loss']}); "
          f"pairs ordered right {result['held_out_right']['fitted']:.1%} and "
          f"{result['held_out_right']['shipped']:.1%}")
    print("fitted on all the games:")
    print(f"WEIGHTS_START = {tuple(result['WEIGHTS_START'])}")
    print(f"WEIGHTS_LATE = {tuple(result['WEIGHTS_LATE'])}")
    print(f"the sharpness of bots.evaluate: k = {result['sharpness']} (shipped: {SHARPNESS})")


if __name__ == "__main__":
    main()
