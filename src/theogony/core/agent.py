"""The agent protocol. Agents live in `theogony.agents`; games may provide their own (heuristics)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .rng import Rng
from .types import Action

if TYPE_CHECKING:
    from .state import State


class Agent:
    """Chooses actions. `act` receives a state already determinized for the acting seat."""

    name: str = "agent"

    def act(self, state: State, rng: Rng) -> Action:
        raise NotImplementedError

    def reset(self) -> None:
        """Forget anything kept between decisions (called at the start of each match)."""


class PolicyAgent(Agent):
    """An agent from a plain function (state, rng) -> Action, e.g. a game's heuristic."""

    def __init__(self, name: str, policy: Callable[[State, Rng], Action]) -> None:
        self.name = name
        self.policy = policy

    def act(self, state: State, rng: Rng) -> Action:
        return self.policy(state, rng)
