"""Train a masked-action agent (sb3-contrib's MaskablePPO) on one game and measure it against random.

    python examples/train_maskable_ppo.py [--game teomachia] [--players 2] [--timesteps 50000]
        [--seed 0] [--eval-games 200] [--output models/teomachia_2p_ppo.zip] [--threads 1]

The learning seat (seat 0) plays the Gymnasium environment `theogony/<Game>-v0` against uniformly
random opponents. Before training, the freshly initialised policy plays `--eval-games` games against
random; after training, the trained one plays games from the same seeds (the same deals), and so
does a uniformly random seat 0 for reference (the seat's share when it plays no better than its
opponents). The win rates are printed with 95% Wilson intervals; a shared first place counts as a
share of a win, as in the arena. The trained model is saved to `--output` (reload it with
`MaskablePPO.load`).

Needs the `train` extra; on a machine without a GPU install the CPU build of torch first:
    pip install torch --index-url https://download.pytorch.org/whl/cpu
    pip install -e '.[train]'
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import theogony
import theogony.env.gymnasium as theogony_gymnasium
from theogony.arena import wilson_interval

EVAL_SEED_BASE = 1_000_000  # evaluation deals lie far from the training ones (seeds 0, 1, 2, ...)


class LatestMask(gymnasium.Wrapper):
    """Exposes `action_masks()`, which MaskablePPO calls before each action: the mask that came
    in the info of the latest `reset` or `step`, so it is never computed twice."""

    def __init__(self, env: gymnasium.Env) -> None:
        super().__init__(env)
        self.mask = np.zeros(env.action_space.n, dtype=bool)

    def reset(self, **kwargs: Any):
        observation, info = self.env.reset(**kwargs)
        self.mask = info["action_mask"].astype(bool)
        return observation, info

    def step(self, action: int):
        observation, reward, terminated, truncated, info = self.env.step(action)
        self.mask = info["action_mask"].astype(bool)
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.mask


class UniformRandomPolicy:
    """A uniformly random legal code each decision, with MaskablePPO's `predict` signature: the
    reference an untrained or trained policy is read against on the same deals."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def predict(self, observation: np.ndarray, action_masks: np.ndarray,
                deterministic: bool = True) -> tuple[int, None]:
        return int(self.rng.choice(np.flatnonzero(action_masks))), None


@dataclass(frozen=True)
class Evaluation:
    games: int
    wins: float  # a shared first place counts 1/len(winners)
    truncated: int
    illegal_actions: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def line(self) -> str:
        low, high = self.ci95
        return (f"{self.rate:.3f} [{low:.3f}, {high:.3f}] over {self.games} games "
                f"({self.truncated} cut off, {self.illegal_actions} illegal actions)")


@dataclass(frozen=True)
class TrainingReport:
    game: str
    players: int
    timesteps: int
    seed: int
    random_seat: Evaluation
    before: Evaluation
    after: Evaluation
    train_seconds: float
    model_path: Path


def make_env(game: str, players: int, opponents: str = "random") -> LatestMask:
    env = gymnasium.make(theogony_gymnasium.env_id(game), players=players, opponents=opponents)
    return LatestMask(env)


def check_arguments(game: str, players: int, timesteps: int, eval_games: int) -> None:
    if game not in theogony.games():
        raise ValueError(f"game must be one of {', '.join(theogony.games())}, got {game!r}")
    if players < 2:
        raise ValueError(f"players must be at least 2 (a seat against random opponents), got {players}")
    theogony.load(game).info.check_players(players)
    if timesteps < 1:
        raise ValueError(f"timesteps must be a positive number of learning-seat decisions, got {timesteps}")
    if eval_games < 1:
        raise ValueError(f"eval games must be at least 1, got {eval_games}")


def seat_win_share(env: LatestMask, seat: int) -> float:
    outcome = env.unwrapped.state_.outcome()
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


def play_one(model: Any, env: LatestMask, seed: int) -> tuple[float, bool, bool]:
    """One game of the model (greedy, masked) from deal `seed`: (win share, cut off, illegal)."""
    observation, info = env.reset(seed=seed)
    while True:
        action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
        observation, _, terminated, truncated, info = env.step(int(action))
        if info.get("illegal_action"):
            return 0.0, False, True
        if truncated:
            return 0.0, True, False
        if terminated:
            return seat_win_share(env, env.unwrapped.seat), False, False


def evaluate(model: Any, game: str, players: int, games: int,
             opponents: str = "random") -> Evaluation:
    """`games` games of `model` in seat 0 from the evaluation seeds against `opponents` (an agent
    spec, e.g. "heuristic" to read a saved model against the built-in bots)."""
    env = make_env(game, players, opponents)
    wins, truncated, illegal = 0.0, 0, 0
    for i in range(games):
        share, cut_off, was_illegal = play_one(model, env, EVAL_SEED_BASE + i)
        wins += share
        truncated += cut_off
        illegal += was_illegal
    env.close()
    return Evaluation(games, wins, truncated, illegal)


def train_and_evaluate(game: str, players: int, timesteps: int, seed: int, eval_games: int,
                       output: Path, ppo_kwargs: dict[str, Any] | None = None) -> TrainingReport:
    """Evaluate a uniformly random seat and the untrained policy, train it for `timesteps` learning-seat decisions, evaluate it
    again on the same deals, save it to `output`."""
    from sb3_contrib import MaskablePPO

    check_arguments(game, players, timesteps, eval_games)
    model = MaskablePPO("MlpPolicy", make_env(game, players), seed=seed, verbose=0,
                        **(ppo_kwargs or {}))
    random_seat = evaluate(UniformRandomPolicy(seed), game, players, eval_games)
    before = evaluate(model, game, players, eval_games)
    started = time.perf_counter()
    model.learn(total_timesteps=timesteps)
    train_seconds = time.perf_counter() - started
    after = evaluate(model, game, players, eval_games)
    output.parent.mkdir(parents=True, exist_ok=True)
    model.save(output)
    return TrainingReport(game, players, timesteps, seed, random_seat, before, after, train_seconds,
                          output)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="teomachia", help="game id (default: teomachia)")
    parser.add_argument("--players", type=int, default=2, help="seats, the learner's included (default: 2)")
    parser.add_argument("--timesteps", type=int, default=50_000,
                        help="learning-seat decisions to train on (default: 50000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the policy and the training deals")
    parser.add_argument("--eval-games", type=int, default=200,
                        help="games against random before and after (default: 200)")
    parser.add_argument("--output", type=Path, default=None,
                        help="where to save the model (default: models/<game>_<players>p_ppo.zip)")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads (default: 1)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> TrainingReport:
    args = parse_args(argv)
    try:
        check_arguments(args.game, args.players, args.timesteps, args.eval_games)
    except ValueError as error:
        raise SystemExit(f"error: {error}") from None
    import torch

    torch.set_num_threads(args.threads)
    output = args.output or Path("models") / f"{args.game}_{args.players}p_ppo.zip"
    report = train_and_evaluate(args.game, args.players, args.timesteps, args.seed,
                                args.eval_games, output)
    print(f"{report.game}, {report.players} players, seat 0 against random, seed {report.seed}")
    print(f"a uniformly random seat 0: win rate {report.random_seat.line()}")
    print(f"before training: win rate {report.before.line()}")
    print(f"after {report.timesteps} timesteps ({report.train_seconds:.0f} s): "
          f"win rate {report.after.line()}")
    print(f"model saved to {report.model_path}")
    return report


if __name__ == "__main__":
    main()
