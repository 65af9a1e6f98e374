"""Helpers shared by the games' tests."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from theogony.core import Game, State


def random_states(game: Game, players: int, variant: dict[str, Any], seed: int, every: int = 1,
                  limit: int | None = None) -> Iterator[State]:
    """Every `every`-th state of a seeded random game (the same object, moving on), until the end or
    `limit` decisions."""
    state = game.new_state(players, seed, variant)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0:
            yield state
        if state.is_terminal() or (limit is not None and step >= limit):
            return
        state.apply(rng.choice(state.legal_actions()))
        step += 1


def assert_contiguous(layout: dict[str, tuple[int, int]], size: int) -> None:
    """An encoding layout ({name: (offset, length)}) tiles [0, size) in order, without gaps."""
    offset = 0
    for name, (start, length) in layout.items():
        assert start == offset, name
        offset += length
    assert offset == size


def assert_one_search_per_turn(game: Game, state: State, iterations: int, others: Any) -> None:
    """MCTS with whole-turn plans searches once at `state` (a seat's own turn), then plays the
    chosen plan to the end of the turn without searching again; `others` answers for other seats."""
    from theogony.agents import MCTSAgent
    from theogony.core import Rng

    agent = MCTSAgent(game, iterations=iterations, plans=2)
    rng = Rng(4)
    me, t0 = state.current_player, game.turn_count(state)
    first = agent.act(state.determinize(me, rng), rng)
    assert agent.last_iterations == iterations and sum(agent.last_visits) == iterations
    chosen = max(range(len(agent.last_plans)), key=lambda j: (agent.last_visits[j], -j))
    plan = agent.last_plans[chosen]
    assert first.text == plan[0]
    state.step(first)
    taken = [first.text]
    while not state.is_terminal() and game.turn_count(state) == t0:
        if state.current_player == me:
            agent.last_iterations = -1
            action = agent.act(state.determinize(me, rng), rng)
            assert agent.last_iterations == -1               # no new search inside the turn
            taken.append(action.text)
        else:
            action = others.act(state, rng)
        state.step(action)
    assert tuple(taken) == plan


def replay_plan(game: Game, state: State, plan: tuple[str, ...], others: Any) -> State:
    """Play `plan` (the deciding seat's own actions) on a copy to the end of the turn, asserting
    each is legal in turn and the plan ends with the turn; `others` answers for other seats."""
    from theogony.core import Rng

    c = state.clone()
    me, t0, index = c.current_player, game.turn_count(c), 0
    rng = Rng(0)
    while not c.is_terminal() and game.turn_count(c) == t0:
        if c.current_player == me:
            assert index < len(plan), f"plan {plan} ends before the turn does"
            c.apply(plan[index])
            index += 1
        else:
            c.step(others.act(c, rng))
    assert index == len(plan)
    return c


_TEXTS_WITH_OVERRIDE = (
    "import json, sys\n"
    "from theogony.core.content import set_override_dir\n"
    "set_override_dir(sys.argv[1])\n"
    "import theogony\n"
    "print(json.dumps({c.id: c.text for c in theogony.load(sys.argv[2]).components()}))\n")


def component_texts_with_override(content_dir: Path, game_id: str) -> dict[str, str]:
    """Every component's text of `game_id` as `theogony --content content_dir` shows it. Games read
    their content once, on import, so this runs in a fresh interpreter."""
    done = subprocess.run([sys.executable, "-c", _TEXTS_WITH_OVERRIDE, str(content_dir), game_id],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def tool_path(filename: str) -> Path:
    """A research script of tools/ (not a package)."""
    return Path(__file__).resolve().parents[1] / "tools" / filename


def load_tool(filename: str) -> ModuleType:
    """A research script of tools/ imported by its path, for its tests."""
    path = tool_path(filename)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def assert_weights_interpolate(evaluation: ModuleType, late: int) -> None:
    """A fitted evaluation's weights (`WEIGHTS_START`, `WEIGHTS_LATE`, one per feature) move
    linearly from time 0 to `late` and stay there after it (`evaluation.weights(t)`)."""
    import pytest

    start, end = evaluation.WEIGHTS_START, evaluation.WEIGHTS_LATE
    assert len(start) == len(end) == len(evaluation.FEATURES)
    assert evaluation.weights(0) == list(start)
    assert evaluation.weights(late) == pytest.approx(end)
    assert evaluation.weights(5 * late) == pytest.approx(end)
    assert evaluation.weights(late // 2) == pytest.approx([a + (b - a) * (late // 2) / late for a, b in zip(start, end)])


def fit_tool_result(game: str, tool: str, tmp_path: Path, *options: str) -> dict[str, Any]:
    """The JSON answer of a fit tool of tools/ (`tool`, with `options` and --json) on the records of
    four seeded two-player heuristic games of `game` (`theogony simulate --records`)."""
    records = tmp_path / "games.jsonl"
    subprocess.run([sys.executable, "-c", "from theogony.cli import main; main()", "simulate", game,
                    "--players", "2", "--games", "4", "--seed", "0", "--agents", "heuristic",
                    "--records", str(records)], check=True, capture_output=True)
    done = subprocess.run([sys.executable, str(tool_path(tool)), str(records), *options, "--json"],
                          capture_output=True, text=True, check=True)
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer
