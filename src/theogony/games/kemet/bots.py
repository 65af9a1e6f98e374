"""Kemet agents: a hand-written heuristic player (placeholder, completed below)."""
from __future__ import annotations

from theogony.core import PolicyAgent


def evaluate(state):
    return None


def heuristic_factory(options=None):
    return PolicyAgent("kemet-heuristic", lambda s, rng: rng.choice(s.legal_actions()))
