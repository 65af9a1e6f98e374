"""Decisions per second of uniformly random play: the engine's own loop against each adapter.

`python -m theogony.env.speed [--seconds S] [--games g1,g2] [--players N] [--repeats R]
[--compare PACKAGE]`. Every loop plays random legal moves for about S seconds per game and counts
engine decisions (every seat's), so the numbers compare directly: the adapters' share is their
overhead over `state.step`. Gymnasium plays one masked random seat against `random` opponents and
builds the seat's observation after every step, as a learner would; PettingZoo builds the acting
agent's observation and mask; OpenSpiel plays `legal_actions` / `apply_action` (chance nodes
sampled, no observation). Rates are decisions per CPU second of this process (other jobs on the
machine do not count); in brackets, Gymnasium and PettingZoo run again with the observation a
constant vector, so the game's `view` and `encode_view` (and turning it into float32) drop out and
what remains is the adapter's own cost. With `--repeats R` the loops take turns R times (S seconds
each); a rate is the median of its runs, an overhead the median of its runs' overheads over the
engine run of the same round. `--compare PACKAGE` also measures
another copy of these adapters, importable as PACKAGE (e.g. an older `theogony/env` copied to
`/tmp/old/envbefore` and `PYTHONPATH=/tmp/old`), in the same run against the same engine row.
Timing is never a test: this is a measuring tool (docs/research.md).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from types import ModuleType

import numpy as np

import theogony
from theogony.core import Rng

OWN = "theogony.env"
#: Each round plays other games (seeds from round * GAMES_PER_ROUND, other random choices): the
#: loops play from the same seeds every run otherwise, and short runs would measure the same few
#: games each time, not the same ones for the engine and an adapter.
GAMES_PER_ROUND = 10_007
Loop = Callable[..., float]


class Clock:
    """A loop's budget of wall seconds, and the CPU seconds this process spent meanwhile: the
    rates divide by CPU time, so the machine's other work does not count against a loop."""

    def __init__(self, seconds: float) -> None:
        self.deadline = time.perf_counter() + seconds
        self.cpu_started = time.process_time()

    def running(self) -> bool:
        return time.perf_counter() < self.deadline

    def rate(self, decisions: int) -> float:
        return decisions / max(time.process_time() - self.cpu_started, 1e-9)


class Rate:
    """Decisions per CPU second, and the same with the game's observation replaced by a constant
    vector (`adapter`: what is left is the adapter's own cost, not the encoder's)."""

    def __init__(self, total: float, adapter: float | None = None) -> None:
        self.total = total
        self.adapter = total if adapter is None else adapter


def _without_encoder(encoded) -> None:
    """Make `encoded.observation` a constant vector: the game's view, its `encode_view` and the
    conversion to float32 (with their garbage) leave the loop."""
    constant = np.zeros(encoded.observation_size, dtype=np.float32)
    encoded.observation = lambda state, seat: constant


def legal_codes(mask: np.ndarray) -> np.ndarray:
    """The codes a 0/1 int8 mask marks, read through a bool view: `np.flatnonzero` of the int8
    array itself takes a slow path (10-20 us for a few thousand codes, more than the adapter)."""
    return mask.view(np.bool_).nonzero()[0]


def engine_loop(game_id: str, players: int, seconds: float, start: int = 0) -> float:
    game = theogony.load(game_id)
    rng = Rng(1 + start)
    decisions, seed = 0, start * GAMES_PER_ROUND
    clock = Clock(seconds)
    while clock.running():
        state = game.new_state(players, seed)
        seed += 1
        while not state.is_terminal() and clock.running():
            state.step(rng.choice(state.legal_actions()))
            decisions += 1
    return clock.rate(decisions)


def _adapter(package: str, name: str) -> ModuleType:
    return importlib.import_module(f"{package}.{name}")


def gymnasium_loop(game_id: str, players: int, seconds: float, package: str = OWN,
                   encoder: bool = True, start: int = 0) -> float:
    env = _adapter(package, "gymnasium").TheogonyEnv(game_id, players, opponents="random")
    if not encoder:
        _without_encoder(env.encoded)
    chooser = random.Random(1 + start)
    decisions, seed = 0, start * GAMES_PER_ROUND
    clock = Clock(seconds)
    while clock.running():
        obs, info = env.reset(seed=seed)
        seed += 1
        done = False
        while not done and clock.running():
            codes = legal_codes(info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(int(codes[chooser.randrange(len(codes))]))
            done = terminated or truncated
        decisions += len(env.state_.history)
    return clock.rate(decisions)


def pettingzoo_loop(game_id: str, players: int, seconds: float, package: str = OWN,
                    encoder: bool = True, start: int = 0) -> float:
    env = _adapter(package, "pettingzoo").TheogonyAEC(game_id, players)
    if not encoder:
        _without_encoder(env.encoded)
    chooser = random.Random(1 + start)
    decisions, seed = 0, start * GAMES_PER_ROUND
    clock = Clock(seconds)
    while clock.running():
        env.reset(seed=seed)
        seed += 1
        for _agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            if not clock.running():
                break
            codes = legal_codes(obs["action_mask"])
            env.step(int(codes[chooser.randrange(len(codes))]))
        decisions += len(env.state_.history)
    return clock.rate(decisions)


def spiel_game(game_id: str, players: int, package: str = OWN, seed: int = 0):
    """A loaded OpenSpiel game of `package`'s adapter, made from its game class directly (two
    copies of the adapter cannot both register the same name with pyspiel)."""
    module = _adapter(package, "openspiel")
    creator = type(f"Spiel_{game_id}", (module.SpielGame,), {"GAME_ID": game_id})
    return creator({"players": players, "seed": seed})


def openspiel_loop(game_id: str, players: int, seconds: float, package: str = OWN,
                   start: int = 0) -> float:
    game = spiel_game(game_id, players, package, seed=start)
    chooser = random.Random(1 + start)
    decisions = 0
    clock = Clock(seconds)
    while clock.running():
        state = game.new_initial_state()
        while not state.is_terminal() and clock.running():
            if state.is_chance_node():
                state.apply_action(chooser.choice(state.chance_outcomes())[0])
                continue
            state.apply_action(chooser.choice(state.legal_actions()))
            decisions += 1
    return clock.rate(decisions)


def clone_cost(game_id: str, players: int, repeats: int = 200) -> tuple[float, float]:
    """Microseconds per `State.clone()` and per OpenSpiel `state.clone()`, some way into a game."""
    spiel = spiel_game(game_id, players).new_initial_state()
    chooser = random.Random(2)
    for _ in range(40):
        if spiel.is_terminal():
            break
        moves = [a for a, _ in spiel.chance_outcomes()] if spiel.is_chance_node() else spiel.legal_actions()
        spiel.apply_action(chooser.choice(moves))
    inner = spiel.inner
    started = time.process_time()
    for _ in range(repeats):
        inner.clone()
    engine = (time.process_time() - started) / repeats * 1e6
    started = time.process_time()
    for _ in range(repeats):
        spiel.clone()
    return engine, (time.process_time() - started) / repeats * 1e6


def _cell(name: str, runs: list[Rate], engine: list[Rate]) -> str:
    """A loop's median rate and its median overhead over the engine run of the same round."""
    total = statistics.median(r.total for r in runs)
    if name == "engine":
        return f"{name} {total:,.0f}"
    text = f"{name} {total:,.0f} ({_overhead(runs, engine, 'total'):+.0%})"
    if any(r.adapter != r.total for r in runs):
        adapter = statistics.median(r.adapter for r in runs)
        text += f" [{adapter:,.0f} ({_overhead(runs, engine, 'adapter'):+.0%})]"
    return text


def _overhead(runs: list[Rate], engine: list[Rate], field: str) -> float:
    return statistics.median(e.total / getattr(r, field) - 1 for r, e in zip(runs, engine))


def loops(compare: str | None = None) -> dict[str, Loop]:
    """The loops to measure, by name: the engine's, these adapters' and those of `compare`."""
    out: dict[str, Loop] = {"engine": engine_loop}
    for package in [OWN] + ([compare] if compare else []):
        suffix = "" if package == OWN else f" ({package})"
        for name, loop in (("gymnasium", gymnasium_loop), ("pettingzoo", pettingzoo_loop),
                           ("openspiel", openspiel_loop)):
            out[name + suffix] = partial(loop, package=package)
    return out


def measure(loop: Loop, game_id: str, players: int, seconds: float, start: int = 0) -> Rate:
    """One run of a loop from round `start`'s games; those that build observations run again
    without the encoder."""
    total = loop(game_id, players, seconds, start=start)
    observes = isinstance(loop, partial) and loop.func in (gymnasium_loop, pettingzoo_loop)
    return Rate(total, loop(game_id, players, seconds, encoder=False, start=start) if observes else None)


def rounds(game_id: str, players: int, seconds: float, repeats: int,
           measured: dict[str, Loop]) -> dict[str, list[Rate]]:
    """Every loop's runs, the loops taking turns `repeats` times: each round's runs are close in
    time, so the machine's other work weighs on a round's engine run and adapter runs alike."""
    runs: dict[str, list[Rate]] = {name: [] for name in measured}
    for start in range(repeats):
        for name, loop in measured.items():
            runs[name].append(measure(loop, game_id, players, seconds, start))
    return runs


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", default=",".join(theogony.games()))
    parser.add_argument("--players", type=int, default=None, help="default: the game's minimum, at least 2")
    parser.add_argument("--repeats", type=int, default=1,
                        help="rounds of runs, the loops taking turns; medians are shown")
    parser.add_argument("--compare", default=None, metavar="PACKAGE",
                        help="also measure the adapters of this importable copy of theogony.env")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error(f"--repeats must be at least 1, got {args.repeats}")
    measured = loops(args.compare)
    print("game, players, decisions per CPU second (overhead over the engine; in brackets with the "
          "observation a constant vector, without the game's encoder): " + ", ".join(measured) + "; clone us: engine, openspiel")
    for game_id in args.games.split(","):
        info = theogony.load(game_id).info
        players = args.players or max(2, info.min_players)
        runs = rounds(game_id, players, args.seconds, args.repeats, measured)
        engine_clone, spiel_clone = clone_cost(game_id, players)
        cells = ", ".join(_cell(name, loop_runs, runs["engine"]) for name, loop_runs in runs.items())
        print(f"{game_id}, {players}p: {cells}; clone {engine_clone:.1f} / {spiel_clone:.1f}", flush=True)


if __name__ == "__main__":
    main()
