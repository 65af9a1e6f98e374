"""Uniformly random legal play."""

from __future__ import annotations

from theogony.core import Action, Agent, Rng, State


class RandomAgent(Agent):
    """Needs nothing but the legal actions, which are public to the deciding seat."""

    name = "random"
    legal_only = True

    def act(self, state: State, rng: Rng) -> Action:
        return rng.choice(state.legal_actions())

    def choose(self, legal: list[Action], rng: Rng) -> Action:
        return rng.choice(legal)
