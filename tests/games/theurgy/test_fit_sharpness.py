"""tools/theurgy_fit_sharpness.py (the former balance.py --potentials): it reads the records
`theogony simulate theurgy --records FILE` writes and fits the sharpness of `bots.evaluate`."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from types import ModuleType

from tests.support import load_tool, tool_path


def _tool() -> ModuleType:
    return load_tool("theurgy_fit_sharpness.py")


def test_the_fit_finds_the_sharpness_that_made_the_outcomes():
    tool = _tool()
    pairs = []
    for i in range(2000):                       # outcomes drawn with k = 0.7 exactly, deterministically
        d = (i % 41 - 20) / 5
        chance = 1 / (1 + math.exp(-0.7 * d))
        pairs.append((d, int((i * 0.6180339887) % 1 < chance)))
    assert abs(tool.fit(pairs) - 0.7) < 0.1
    assert tool.log_loss(pairs, tool.fit(pairs)) < math.log(2)


def test_simulate_records_feed_the_fit(tmp_path):
    records = tmp_path / "games.jsonl"
    subprocess.run([sys.executable, "-c", "from theogony.cli import main; main()", "simulate", "theurgy",
                    "--players", "2", "--games", "3", "--seed", "0", "--records", str(records)],
                   check=True, capture_output=True)
    tool = str(tool_path("theurgy_fit_sharpness.py"))
    done = subprocess.run([sys.executable, tool, str(records), "--json"], capture_output=True, text=True,
                          check=True)
    result = json.loads(done.stdout)
    assert result["games"] == 3 and result["pairs"] > 0
    assert -10 <= result["sharpness"] <= 10 and 0 <= result["ordered_right"] <= 1
