"""One match between agents. Agents see only `state.determinize(seat, rng)`, never the true state."""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass
from typing import Any

import theogony
from theogony.agents import make_agent
from theogony.core import Agent, Game, Outcome, Rng


@dataclass
class MatchResult:
    game: str
    players: int
    seed: int
    variant: dict[str, Any]
    agents: list[str]
    outcome: Outcome | None
    actions: list[str]
    think_seconds: list[float]
    decisions: int
    wall_seconds: float
    error: str | None = None
    traceback: str | None = None
    stats: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "seed": self.seed, "variant": self.variant,
            "agents": self.agents, "outcome": None if self.outcome is None else self.outcome.to_json(),
            "actions": self.actions, "think_seconds": self.think_seconds,
            "decisions": self.decisions, "wall_seconds": self.wall_seconds, "error": self.error,
            "traceback": self.traceback, "stats": self.stats,
        }


def _label(agent: Agent | str) -> str:
    return agent if isinstance(agent, str) else getattr(agent, "spec", agent.name)


def play_match(game: Game | str, agents: list[Agent | str], seed: int = 0,
               variant: dict[str, Any] | None = None, max_decisions: int = 200_000,
               capture_errors: bool = False) -> MatchResult:
    """Play one full game, seat i by agents[i]. With `capture_errors`, an exception ends the match
    and is recorded with the seed and actions needed to reproduce it."""
    game = theogony.load(game) if isinstance(game, str) else game
    players = len(agents)
    labels = [_label(a) for a in agents]
    think = [0.0] * players
    started = time.perf_counter()
    state = None
    try:
        built = [make_agent(a, game) for a in agents]
        for agent in built:
            agent.reset()
        state = game.new_state(players, seed, variant)
        rng = Rng(seed, stream=7)
        decisions = 0
        while not state.is_terminal():
            seat = state.current_player
            assert seat is not None
            agent = built[seat] if seat < players else None
            if agent is None:
                raise RuntimeError(f"seat {seat} asked for a decision but has no agent")
            tick = time.perf_counter()
            if getattr(agent, "legal_only", False):
                action = agent.choose(state.legal_actions(), rng)  # type: ignore[attr-defined]
            else:
                action = agent.act(state.determinize(seat, rng), rng)
            think[seat] += time.perf_counter() - tick
            state.apply(action.text)
            decisions += 1
            if decisions >= max_decisions:
                raise RuntimeError(f"no end after {max_decisions} decisions")
        stats = game.match_stats(state)
        return MatchResult(game.info.id, players, seed, dict(state.variant), labels,
                           state.outcome(), list(state.history), think, decisions,
                           time.perf_counter() - started,
                           stats=None if stats is None else dict(stats))
    except Exception as exc:  # noqa: BLE001 - recorded for reproduction when asked
        if not capture_errors:
            raise
        return MatchResult(game.info.id, players, seed, dict(variant or {}), labels, None,
                           list(state.history) if state is not None else [], think,
                           len(state.history) if state is not None else 0,
                           time.perf_counter() - started, error=f"{type(exc).__name__}: {exc}",
                           traceback=traceback.format_exc())
