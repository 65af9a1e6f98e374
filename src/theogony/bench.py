"""`theogony bench`: speed of each game's engine, and of a peer engine when OpenSpiel is installed."""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from typing import Any

import theogony
from theogony.agents import MCTSAgent
from theogony.arena.progress import Progress
from theogony.core import Rng, State


def random_playouts(game_id: str, players: int, seconds: float, seed: int = 0) -> dict[str, float]:
    game = theogony.load(game_id)
    rng = Rng(seed, stream=11)
    decisions = games = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline or games == 0:
        state = game.new_state(players, seed + games)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.step(legal[rng.below(len(legal))])
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - started
    return {"decisions_per_second": decisions / elapsed, "games_per_second": games / elapsed,
            "mean_decisions": decisions / games}


def midgame_state(game_id: str, players: int, seed: int = 0) -> State:
    """A state about a third into a random game (a typical size for cloning)."""
    game = theogony.load(game_id)
    rng = Rng(seed, stream=13)
    probe = game.new_state(players, seed)
    length = 0
    while not probe.is_terminal():
        probe.step(rng.choice(probe.legal_actions()))
        length += 1
    rng = Rng(seed, stream=13)
    state = game.new_state(players, seed)
    for _ in range(length // 3):
        state.step(rng.choice(state.legal_actions()))
    return state


def per_call_us(fn: Any, budget: float = 0.3) -> float:
    calls = 0
    started = time.perf_counter()
    while True:
        fn()
        calls += 1
        elapsed = time.perf_counter() - started
        if elapsed >= budget and calls >= 3:
            return elapsed / calls * 1e6


def mcts_rate(game_id: str, players: int, seconds: float) -> float:
    game = theogony.load(game_id)
    state = midgame_state(game_id, players, 1)
    rng = Rng(5)
    while len(state.legal_actions()) < 2 and not state.is_terminal():
        state.step(state.legal_actions()[0])
    if state.is_terminal():
        return 0.0
    agent = MCTSAgent(game, seconds=seconds, plans=0)          # the tree itself, comparable across games
    seat = state.current_player
    assert seat is not None
    started = time.perf_counter()
    agent.act(state.determinize(seat, rng), rng)
    return agent.last_iterations / (time.perf_counter() - started)


def openspiel_tictactoe(seconds: float) -> float | None:
    """Random-playout steps per second of OpenSpiel's Python tic-tac-toe, or None if not installed."""
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import tic_tac_toe  # noqa: F401 - registers python_tic_tac_toe
    except ImportError:
        return None
    import random

    game = pyspiel.load_game("python_tic_tac_toe")
    rand = random.Random(0)
    steps = 0
    started = time.perf_counter()
    deadline = started + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rand.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - started)


def player_counts(game_id: str) -> list[int]:
    """The player counts that can be set up (without variants)."""
    game = theogony.load(game_id)
    counts = []
    for n in range(game.info.min_players, game.info.max_players + 1):
        try:
            game.new_state(n, 0)
        except ValueError:
            continue
        counts.append(n)
    return counts


def bench_game(game_id: str, seconds: float = 1.0, players: list[int] | None = None,
               advance: Callable[[], None] = lambda: None) -> list[dict[str, Any]]:
    game = theogony.load(game_id)
    counts = players or player_counts(game_id)
    rows = []
    for n in counts:
        try:
            game.new_state(n, 0)
        except ValueError:
            advance()
            continue
        row: dict[str, Any] = {"game": game_id, "players": n}
        row.update({k: round(v, 2) for k, v in random_playouts(game_id, n, seconds).items()})
        state = midgame_state(game_id, n)
        clone_us = per_call_us(state.clone)
        deep_us = per_call_us(lambda: copy.deepcopy(state))
        row["clone_us"] = round(clone_us, 2)
        row["deepcopy_us"] = round(deep_us, 2)
        row["clone_speedup"] = round(deep_us / clone_us, 1)
        row["to_json_us"] = round(per_call_us(state.to_json), 2)
        row["mcts_iterations_per_second"] = round(mcts_rate(game_id, n, seconds), 1)
        rows.append(row)
        advance()
    return rows


def run(game_ids: list[str], seconds: float = 1.0, progress: bool | str | None = None) -> dict[str, Any]:
    """`progress`: a bar on a terminal, plain lines on stderr otherwise (see arena.progress)."""
    results: dict[str, Any] = {"engine_version": theogony.__version__, "rows": []}
    counts = {game_id: player_counts(game_id) for game_id in game_ids}
    with Progress(progress, "bench", sum(len(c) for c in counts.values())) as advance:
        for game_id in game_ids:
            results["rows"].extend(bench_game(game_id, seconds, counts[game_id], advance))
    peer = openspiel_tictactoe(seconds)
    results["openspiel_python_tic_tac_toe_steps_per_second"] = None if peer is None else round(peer, 1)
    if peer:
        for row in results["rows"]:
            row["ratio_to_openspiel_ttt"] = round(row["decisions_per_second"] / peer, 3)
    return results


def as_json(results: dict[str, Any]) -> str:
    return json.dumps(results, indent=1)


def peers(game_ids: list[str], seconds: float = 2.0, progress: bool | str | None = None) -> dict[str, Any]:
    """Side by side in one process: our MCTS and OpenSpiel's MCTSBot (through our adapter) on the
    same game and position, both with random rollouts to the end; and our random playouts against
    OpenSpiel's Python tic-tac-toe."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts as spiel_mcts
    except ImportError:
        return {"error": "open_spiel is not installed: pip install -e '.[openspiel]'"}
    from theogony.env.openspiel import SpielState, register

    ttt = openspiel_tictactoe(seconds)
    rows = []
    with Progress(progress, "bench --peers", len(game_ids)) as advance:
        for game_id in game_ids:
            row = _peer_row(game_id, seconds, ttt, np, pyspiel, spiel_mcts, SpielState, register)
            if row is not None:
                rows.append(row)
            advance()
    return {"openspiel_python_tic_tac_toe_steps_per_second": round(ttt or 0, 1), "rows": rows}


def _peer_row(game_id: str, seconds: float, ttt: float | None, np: Any, pyspiel: Any, spiel_mcts: Any,
              SpielState: Any, register: Any) -> dict[str, Any] | None:
    """One game's row of `peers`; None when its probe position is already over."""
    game = theogony.load(game_id)
    players = game.info.min_players
    (name,) = register([game_id])
    spiel_game = pyspiel.load_game(name, {"players": players})
    position = midgame_state(game_id, players, 2)
    while not position.is_terminal() and len(position.legal_actions()) < 2:
        position.step(position.legal_actions()[0])
    if position.is_terminal():
        return None
    seat = position.current_player
    ours = MCTSAgent(game, seconds=seconds, depth="full", plans=0)
    rng = Rng(3)
    started = time.perf_counter()
    ours.act(position.determinize(seat, rng), rng)
    our_rate = ours.last_iterations / (time.perf_counter() - started)
    theirs = spiel_mcts.MCTSBot(spiel_game, 1.4, 1, spiel_mcts.RandomRolloutEvaluator(
        1, np.random.RandomState(0)), random_state=np.random.RandomState(1))
    spiel_state = SpielState.from_state(spiel_game, position.clone())
    iterations = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        theirs.mcts_search(spiel_state)
        iterations += 1
    their_rate = iterations / (time.perf_counter() - started)
    playouts = random_playouts(game_id, players, seconds)["decisions_per_second"]
    return {
        "game": game_id, "players": players,
        "our_mcts_iterations_per_second": round(our_rate, 2),
        "openspiel_mcts_iterations_per_second": round(their_rate, 2),
        "mcts_ratio": round(our_rate / their_rate, 2) if their_rate else None,
        "random_decisions_per_second": round(playouts, 1),
        "ratio_to_openspiel_ttt": round(playouts / ttt, 3) if ttt else None,
    }
