"""Gymnasium environment: one learning seat against built-in agents.

`make(game, players=N, opponents="heuristic", variant=None, seat=0, max_decisions=10_000)`. The
observation is the seat's fixed-size vector; `info["action_mask"]` marks the legal codes. Rewards come
at the end (+1 first to -1 last, by rank).

A game still going after `max_decisions` decisions (all seats' together, as in the arena) is cut off:
`truncated=True`, `terminated=False`, reward 0. The rules did not end it, so it is not a terminal state.

An illegal action (a code outside the mask) ends the episode at once as a loss: reward -1,
`terminated=True`, `info["illegal_action"]=True`; the game state is not changed by it. That keeps
unmasked exploration (and gymnasium's env_checker, which steps random codes) well defined.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from theogony.agents import make_agent
from theogony.arena.match import DEFAULT_MAX_DECISIONS, check_max_decisions
from theogony.core import Rng

from .encoded import Encoded


class TheogonyEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, players: int, opponents: str = "heuristic",
                 variant: Mapping[str, Any] | None = None, seat: int = 0,
                 render_mode: str | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS) -> None:
        check_max_decisions(max_decisions)
        self.max_decisions = max_decisions
        self.encoded = Encoded(game, players, variant)
        if not 0 <= seat < players:
            raise ValueError(f"seat must be in 0..{players - 1}, got {seat}")
        self.seat = seat
        self.render_mode = render_mode
        specs = [s.strip() for s in opponents.split(",") if s.strip()]
        if specs[0] == "heuristic" and "heuristic" not in self.encoded.game.agents():
            specs = ["random"]
        self.opponent_specs = specs
        self.opponents = {}
        others = [s for s in range(self.encoded.num_seats) if s != seat]
        for i, other in enumerate(others):
            self.opponents[other] = make_agent(specs[i % len(specs)], self.encoded.game)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.encoded.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.encoded.num_actions)
        self.state_ = None
        self.rng = Rng(0, stream=17)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.encoded.mask(self.state_, self.seat)}

    def _cut_off(self) -> bool:
        return not self.state_.is_terminal() and len(self.state_.history) >= self.max_decisions

    def _advance(self) -> None:
        state = self.state_
        while not state.is_terminal() and state.current_player != self.seat and not self._cut_off():
            other = state.current_player
            agent = self.opponents[other]
            action = agent.act(state.determinize(other, self.rng), self.rng)
            state.apply(action.text)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.rng = Rng(game_seed, stream=17)
        self.state_ = self.encoded.new_state(game_seed)
        self._advance()
        return self.encoded.observation(self.state_, self.seat), self._info()

    def step(self, action: int):
        state = self.state_
        if self._cut_off():
            return self.encoded.observation(state, self.seat), 0.0, False, True, self._info()
        legal = self.encoded.legal_by_code(state)
        chosen = legal.get(int(action))
        if chosen is None or state.is_terminal():
            info = self._info()
            info["illegal_action"] = True
            return self.encoded.observation(state, self.seat), -1.0, True, False, info
        state.step(chosen)
        self._advance()
        reward = 0.0
        terminated = state.is_terminal()
        if terminated:
            reward = self.encoded.rewards(state)[self.seat]
        return (self.encoded.observation(state, self.seat), reward, terminated, self._cut_off(),
                self._info())

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.encoded.game.render_text(self.state_.view(self.seat))
        return None


def make(game: str, players: int, opponents: str = "heuristic",
         variant: Mapping[str, Any] | None = None, seat: int = 0,
         render_mode: str | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS) -> TheogonyEnv:
    return TheogonyEnv(game, players, opponents, variant, seat, render_mode, max_decisions)
