import pytest

from theogony.arena import tournament

ray = pytest.importorskip("ray")


def test_ray_backend_gives_the_same_results_as_local_processes(toy, monkeypatch):
    # Ray workers import the toy game through the test package path
    import os
    import sys

    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(sys.path))
    local = tournament("toy", ["random"], games=6, players=3, seed=4, progress=False)
    on_ray = tournament("tests.core.toygame:GAME", ["random"], games=6, players=3, seed=4,
                        progress=False, backend="ray")
    assert [m.actions for m in on_ray.matches] == [m.actions for m in local.matches]
    assert on_ray.summary()["wins_by_seat"] == local.summary()["wins_by_seat"]
