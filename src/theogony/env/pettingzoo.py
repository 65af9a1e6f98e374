"""PettingZoo AEC environment: `env(game, players=N, variant=None, max_decisions=10_000)`.

Observations are PettingZoo's standard masked form `{"observation": float32 vector in [-1, 5],
"action_mask": int8 vector}` (the mask is also in `infos[agent]["action_mask"]`); actions are the
game's integer codes. PettingZoo's `api_test` warns about every dict observation of an environment
outside its own list ("Observation is not a NumPy array" and the hint that the space should be a Box
or Discrete), even of this standard form; those two warnings are expected and no other is raised. Rewards come at the end (+1 first to -1 last, by rank). An illegal code raises
IllegalAction (use the mask); the state is unchanged. A game still going after `max_decisions`
decisions is cut off: every agent is truncated (not terminated), with reward 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from theogony.arena.match import DEFAULT_MAX_DECISIONS, check_max_decisions

from theogony.core import Action

from .encoded import OBSERVATION_HIGH, OBSERVATION_LOW, Encoded


class TheogonyAEC(AECEnv):
    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str, players: int, variant: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS) -> None:
        super().__init__()
        check_max_decisions(max_decisions)
        self.max_decisions = max_decisions
        self.encoded = Encoded(game, players, variant)
        self.metadata = {**self.metadata, "name": f"theogony_{self.encoded.game.info.id}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.encoded.num_seats)]
        size = self.encoded.observation_size
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.encoded.num_actions,), np.int8),
        })
        self._action_space = spaces.Discrete(self.encoded.num_actions)
        self.state_ = None
        self.legal: dict[int, Action] = {}  # the acting seat's legal actions now, by code
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._no_actions = _read_only(np.zeros(self.encoded.num_actions, dtype=np.int8))
        self._mask = self._no_actions  # the acting agent's mask, built once per decision

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.state_ = self.encoded.new_state(int(seed))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"action_mask": self._no_actions} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._next_decision()

    def _next_decision(self) -> None:
        """Select the seat to act, build its mask once (read-only: `observe` and `infos` share it;
        every decision gets a new array, so one kept by the caller never changes) and give the
        agent that acted before the empty mask."""
        state = self.state_
        self.legal = self.encoded.legal_by_code(state)
        self._mask = _read_only(self.encoded.mask_of(self.legal))
        previous = self.agent_selection
        self.agent_selection = self.possible_agents[state.current_player]
        if previous != self.agent_selection:
            self.infos[previous] = {"action_mask": self._no_actions}
        self.infos[self.agent_selection] = {"action_mask": self._mask}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = self._mask if agent == self.agent_selection else self._no_actions
        return {"observation": self.encoded.observation(self.state_, self._seats[agent]),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        state = self.state_
        chosen = self.legal.get(action) if type(action) is int else None
        state.step(chosen if chosen is not None else self.encoded.action(state, action, self.legal))
        # rewards stay 0 until the end (terminal rewards only), so nothing to clear between decisions
        if state.is_terminal():
            for a, r in zip(self.agents, self.encoded.rewards(state)):
                self.rewards[a] = r
                self.terminations[a] = True
            self._end()
        elif len(state.history) >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
            self._end()
        else:
            self._next_decision()

    def _end(self) -> None:
        """The game ended or was cut off: no agent has a legal action any more."""
        self._accumulate_rewards()
        self.legal = {}
        self._mask = self._no_actions
        for agent in self.agents:
            self.infos[agent] = {"action_mask": self._no_actions}
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.encoded.game.render_text(self.state_.view(None))
        return None

    def close(self) -> None:
        pass


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


def env(game: str, players: int, variant: Mapping[str, Any] | None = None,
        render_mode: str | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS) -> TheogonyAEC:
    return TheogonyAEC(game, players, variant, render_mode, max_decisions)
