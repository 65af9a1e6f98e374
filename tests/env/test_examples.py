"""The research example keeps working."""

import runpy
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "research_quickstart.py"


def test_research_quickstart_runs_its_three_loops():
    module = runpy.run_path(str(EXAMPLE))
    returns = module["pettingzoo_loop"]("theocratia", 2)
    assert len(returns) == 2 and max(returns) == 1.0
    assert -1.0 <= module["gymnasium_episode"]("theocratia", 2) <= 1.0
    assert len(module["openspiel_bots"]("theocratia", 2, simulations=2, max_bot_moves=10)) == 2
