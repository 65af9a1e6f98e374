"""tools/teomachia_fit_evaluation.py: it reads the records `theogony simulate teomachia --records`
writes and searches the constants of `bots.evaluate` (WORTH_POWER) for the least log loss."""

from __future__ import annotations

import math
import subprocess
import sys
from types import ModuleType

from tests.support import load_tool


def _tool() -> ModuleType:
    return load_tool("teomachia_fit_evaluation.py")


def test_the_grid_search_finds_the_constants_that_made_the_outcomes():
    tool = _tool()
    terms, wins = [], []
    k, v, offset = 3.0, 20.0, 10.0                 # winners drawn from exactly this model
    for i in range(3000):
        a = [5.0 + (i * 7 % 23), 5.0 + (i * 11 % 19), 5.0 + (i * 13 % 29)]
        b = [(i % 3) / 2, ((i + 1) % 3) / 2, ((i + 2) % 3) / 2]
        z = [k * math.log(ai + bi * v + offset) for ai, bi in zip(a, b)]
        top = max(z)
        p = [math.exp(x - top) for x in z]
        u = (i * 0.6180339887) % 1 * sum(p)
        winner = 0 if u < p[0] else 1 if u < p[0] + p[1] else 2
        terms.append([(ai, bi) for ai, bi in zip(a, b)])
        wins.append([1.0 if s == winner else 0.0 for s in range(3)])
    losses = tool.log_losses(terms, wins)
    best = min(losses, key=losses.get)
    assert losses[best] < math.log(3)
    assert losses[best] <= losses[(k, v, offset)] + 1e-9
    assert losses[(k, v, offset)] - losses[best] < 0.005    # the true model is (near) the optimum


def test_simulate_records_feed_the_fit(tmp_path):
    records = tmp_path / "games.jsonl"
    subprocess.run([sys.executable, "-c", "from theogony.cli import main; main()", "simulate",
                    "teomachia", "--players", "3", "--games", "2", "--seed", "0",
                    "--records", str(records)], check=True, capture_output=True)
    tool = _tool()
    terms, wins = tool.samples(str(records))
    assert terms and len(terms) == len(wins)
    assert all(len(t) == 3 and abs(sum(w) - 1) < 1e-9 for t, w in zip(terms, wins))
    assert 0 < tool.shipped_loss(terms, wins, 3) < 10
