"""Decisions per second of uniformly random play: the engine's own loop against each adapter.

`python -m theogony.env.speed [--seconds S] [--games g1,g2] [--players N]`. Every loop plays
random legal moves for about S seconds per game and counts engine decisions (every seat's), so the
numbers compare directly: the adapters' share is their overhead over `state.step`. Gymnasium plays
one masked random seat against `random` opponents and builds the seat's observation after every
step, as a learner would; PettingZoo builds the acting agent's observation and mask; OpenSpiel
plays `legal_actions` / `apply_action` (chance nodes sampled, no observation). Timing is never a
test: this is a measuring tool (docs/research.md).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import theogony
from theogony.core import Rng

Loop = Callable[[str, int, float], "Rate"]


class Rate:
    """Decisions per second, and the same without the time the game's encoder spent building
    observations (the game's own cost, not the adapter's)."""

    def __init__(self, decisions: int, started: float, encoding: float = 0.0) -> None:
        elapsed = max(time.perf_counter() - started, 1e-9)
        self.total = decisions / elapsed
        self.adapter = decisions / max(elapsed - encoding, 1e-9)


def _timed_observations(encoded) -> list[float]:
    """Make `encoded.observation` add its time to the returned one-item list."""
    spent = [0.0]
    observe = encoded.observation

    def timed(state, seat):
        tick = time.perf_counter()
        try:
            return observe(state, seat)
        finally:
            spent[0] += time.perf_counter() - tick

    encoded.observation = timed
    return spent


def _rate(decisions: int, started: float, encoding: float = 0.0) -> Rate:
    return Rate(decisions, started, encoding)


def engine_loop(game_id: str, players: int, seconds: float) -> Rate:
    game = theogony.load(game_id)
    rng = Rng(1)
    decisions, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_state(players, seed)
        seed += 1
        while not state.is_terminal() and time.perf_counter() - started < seconds:
            state.step(rng.choice(state.legal_actions()))
            decisions += 1
    return _rate(decisions, started)


def gymnasium_loop(game_id: str, players: int, seconds: float) -> Rate:
    from .gymnasium import TheogonyEnv

    env = TheogonyEnv(game_id, players, opponents="random")
    spent = _timed_observations(env.encoded)
    chooser = random.Random(1)
    decisions, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        obs, info = env.reset(seed=seed)
        seed += 1
        done = False
        while not done and time.perf_counter() - started < seconds:
            codes = info["action_mask"].nonzero()[0]
            obs, reward, terminated, truncated, info = env.step(int(chooser.choice(codes)))
            done = terminated or truncated
        decisions += len(env.state_.history)
    return _rate(decisions, started, spent[0])


def pettingzoo_loop(game_id: str, players: int, seconds: float) -> Rate:
    from .pettingzoo import TheogonyAEC

    env = TheogonyAEC(game_id, players)
    spent = _timed_observations(env.encoded)
    chooser = random.Random(1)
    decisions, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            if time.perf_counter() - started >= seconds:
                break
            env.step(int(chooser.choice(obs["action_mask"].nonzero()[0])))
        decisions += len(env.state_.history)
    return _rate(decisions, started, spent[0])


def openspiel_loop(game_id: str, players: int, seconds: float) -> Rate:
    import pyspiel

    from .openspiel import register

    (name,) = register([game_id])
    game = pyspiel.load_game(name, {"players": players})
    chooser = random.Random(1)
    decisions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal() and time.perf_counter() - started < seconds:
            if state.is_chance_node():
                state.apply_action(chooser.choice(state.chance_outcomes())[0])
                continue
            state.apply_action(chooser.choice(state.legal_actions()))
            decisions += 1
    return _rate(decisions, started)


def clone_cost(game_id: str, players: int, repeats: int = 200) -> tuple[float, float]:
    """Microseconds per `State.clone()` and per OpenSpiel `state.clone()`, some way into a game."""
    import pyspiel

    from .openspiel import register

    (name,) = register([game_id])
    spiel = pyspiel.load_game(name, {"players": players}).new_initial_state()
    chooser = random.Random(2)
    for _ in range(40):
        if spiel.is_terminal():
            break
        moves = [a for a, _ in spiel.chance_outcomes()] if spiel.is_chance_node() else spiel.legal_actions()
        spiel.apply_action(chooser.choice(moves))
    inner = spiel.inner
    started = time.perf_counter()
    for _ in range(repeats):
        inner.clone()
    engine = (time.perf_counter() - started) / repeats * 1e6
    started = time.perf_counter()
    for _ in range(repeats):
        spiel.clone()
    return engine, (time.perf_counter() - started) / repeats * 1e6


def _cell(name: str, rate: Rate, base: float) -> str:
    if name == "engine":
        return f"{name} {rate.total:,.0f}"
    text = f"{name} {rate.total:,.0f} ({base / rate.total - 1:+.0%})"
    if rate.adapter != rate.total:
        text += f" [{rate.adapter:,.0f} ({base / rate.adapter - 1:+.0%})]"
    return text


LOOPS: dict[str, Loop] = {"engine": engine_loop, "gymnasium": gymnasium_loop,
                          "pettingzoo": pettingzoo_loop, "openspiel": openspiel_loop}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", default=",".join(theogony.games()))
    parser.add_argument("--players", type=int, default=None, help="default: the game's minimum, at least 2")
    args = parser.parse_args(argv)
    print("game, players, decisions/s (overhead over the engine; in brackets without the game's "
          "encoder): " + ", ".join(LOOPS) + "; clone us: engine, openspiel")
    for game_id in args.games.split(","):
        info = theogony.load(game_id).info
        players = args.players or max(2, info.min_players)
        rates = {name: loop(game_id, players, args.seconds) for name, loop in LOOPS.items()}
        engine_clone, spiel_clone = clone_cost(game_id, players)
        base = rates["engine"].total
        cells = ", ".join(_cell(name, rate, base) for name, rate in rates.items())
        print(f"{game_id}, {players}p: {cells}; clone {engine_clone:.1f} / {spiel_clone:.1f}", flush=True)


if __name__ == "__main__":
    main()
