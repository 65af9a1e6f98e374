"""Gymnasium environment: one learning seat against built-in agents.

Importing this module registers every game (`register_envs()`), as Gymnasium documents for
third-party packages: `gymnasium.make("theogony/Kemet-v0", players=4)` after
`import theogony.env.gymnasium` (or in one go, `gymnasium.make("theogony.env.gymnasium:theogony/Kemet-v0",
players=4)`); `gymnasium.make_vec(..., vectorization_mode="sync")` builds a vector of them. Keyword
arguments: `players`, `opponents="heuristic"`, `variant=None`, `seat=0`, `render_mode=None`
("ansi": the game's text rendering of the seat's view), `max_decisions=10_000`.

The observation is the seat's fixed-size vector (a Box over [-1, 5], `encoded.OBSERVATION_LOW/HIGH`);
`info["action_mask"]` marks the legal codes. Rewards come at the end (+1 first to -1 last, by rank).
Opponents that need only the legal actions (`random`) play from them directly; the others see a
determinization for their seat, never the true state.

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

import theogony
from theogony.agents import make_agent
from theogony.arena.match import DEFAULT_MAX_DECISIONS, check_max_decisions
from theogony.core import Action, Agent, Rng

from .encoded import OBSERVATION_HIGH, OBSERVATION_LOW, Encoded

ENTRY_POINT = "theogony.env.gymnasium:TheogonyEnv"


class TheogonyEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str, players: int | None = None, opponents: str = "heuristic",
                 variant: Mapping[str, Any] | None = None, seat: int = 0,
                 render_mode: str | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS) -> None:
        check_max_decisions(max_decisions)
        if players is None:
            players = max(2, theogony.load(game).info.min_players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"got {render_mode!r}")
        self.max_decisions = max_decisions
        self.encoded = Encoded(game, players, variant)
        if not 0 <= seat < players:
            raise ValueError(f"seat must be in 0..{players - 1}, got {seat}")
        self.seat = seat
        self.render_mode = render_mode
        specs = [s.strip() for s in opponents.split(",") if s.strip()]
        if not specs:
            raise ValueError("opponents must name at least one agent, e.g. 'heuristic' or 'random'")
        if specs[0] == "heuristic" and "heuristic" not in self.encoded.game.agents():
            specs = ["random"]
        self.opponent_specs = specs
        self.opponents: dict[int, Agent] = {}
        others = [s for s in range(self.encoded.num_seats) if s != seat]
        for i, other in enumerate(others):
            self.opponents[other] = make_agent(specs[i % len(specs)], self.encoded.game)
        # opponents that need only the legal actions (e.g. random) play from them: no determinization
        self._choosers = {other: agent.choose  # type: ignore[attr-defined]
                          for other, agent in self.opponents.items() if getattr(agent, "legal_only", False)}
        self.observation_space = spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH,
                                            (self.encoded.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.encoded.num_actions)
        self.state_ = None
        self.legal: dict[int, Action] = {}  # the learning seat's legal actions now, by code
        self.cut_off = False  # the game was cut at max_decisions before the rules ended it
        self.rng = Rng(0, stream=17)

    def _info(self) -> dict[str, Any]:
        """A new mask each step (the caller may keep the info)."""
        return {"action_mask": self.encoded.mask_of(self.legal)}

    def _opponent_action(self, other: int) -> Action:
        choose = self._choosers.get(other)
        if choose is not None:
            return choose(self.state_.legal_actions(), self.rng)
        agent = self.opponents[other]
        return self.state_.legal_action(agent.act(self.state_.determinize(other, self.rng), self.rng).text)

    def _advance(self) -> None:
        """Let the opponents play until the learning seat decides, the game ends or is cut off;
        then note the seat's legal actions (none at the end) and whether the game was cut off."""
        state, seat, cap = self.state_, self.seat, self.max_decisions
        self.legal, self.cut_off = {}, False
        while not state.is_terminal():
            if len(state.history) >= cap:
                self.cut_off = True
                return
            player = state.current_player
            if player == seat:
                self.legal = self.encoded.legal_by_code(state)
                return
            state.step(self._opponent_action(player))

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.rng = Rng(game_seed, stream=17)
        self.state_ = self.encoded.new_state(game_seed)
        self._advance()
        return self.encoded.observation(self.state_, self.seat), self._info()

    def step(self, action: int):
        state = self.state_
        if self.cut_off:
            return self.encoded.observation(state, self.seat), 0.0, False, True, self._info()
        chosen = self.legal.get(int(action))
        if chosen is None:  # an illegal code, or the game is over (no legal action)
            info = self._info()
            info["illegal_action"] = True
            return self.encoded.observation(state, self.seat), -1.0, True, False, info
        state.step(chosen)
        self._advance()
        terminated = state.is_terminal()
        reward = self.encoded.rewards(state)[self.seat] if terminated else 0.0
        return self.encoded.observation(state, self.seat), reward, terminated, self.cut_off, self._info()

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.state_ is not None:
            return self.encoded.game.render_text(self.state_.view(self.seat))
        return None


def env_id(game_id: str) -> str:
    """Gymnasium's id of a game: `theogony/Kemet-v0` for `kemet`."""
    return f"theogony/{game_id.capitalize()}-v0"


def register_envs(game_ids: list[str] | None = None) -> list[str]:
    """Register the games (all by default; run on import) with Gymnasium; returns their ids.
    Nothing is loaded until an environment is made; `players` defaults to the game's smallest
    count of at least two."""
    ids = []
    for game_id in game_ids or theogony.games():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=ENTRY_POINT, kwargs={"game": game_id})
        ids.append(name)
    return ids


def make(game: str, players: int, opponents: str = "heuristic",
         variant: Mapping[str, Any] | None = None, seat: int = 0,
         render_mode: str | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS) -> TheogonyEnv:
    return TheogonyEnv(game, players, opponents, variant, seat, render_mode, max_decisions)


register_envs()
