"""One match between agents. Agents see only `state.determinize(seat, rng)`, never the true state.

The rules end each game (Glory, temples, elimination...); the arena only guards against a game that
runs away, e.g. between random agents that never make progress: after `max_decisions` decisions it
stops the game and reports it as `truncated`, neither a win, a draw nor an error.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass
from typing import Any

import theogony
from theogony.agents import make_agent
from theogony.core import Agent, Game, Outcome, Rng

# More than three times the longest of 470 random games measured with the engines' own caps
# lifted (6-player Kemet 3,037; Theurgy 1,737; Teomachia 355; Theocratia 197 decisions), so only a
# game that is not ending reaches it; a random game of this length takes seconds.
DEFAULT_MAX_DECISIONS = 10_000


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
    truncated: bool = False   # stopped at the arena's decision cap: no outcome, not an error
    # the game's `counts` of the actions each seat chose (stats["counts"] is the whole game's)
    seat_counts: list[dict[str, int]] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "seed": self.seed, "variant": self.variant,
            "agents": self.agents, "outcome": None if self.outcome is None else self.outcome.to_json(),
            "actions": self.actions, "think_seconds": self.think_seconds,
            "decisions": self.decisions, "wall_seconds": self.wall_seconds, "error": self.error,
            "traceback": self.traceback, "stats": self.stats, "truncated": self.truncated,
            "seat_counts": self.seat_counts,
        }


def _label(agent: Agent | str) -> str:
    return agent if isinstance(agent, str) else getattr(agent, "spec", agent.name)


def play_match(game: Game | str, agents: list[Agent | str], seed: int = 0,
               variant: dict[str, Any] | None = None,
               max_decisions: int = DEFAULT_MAX_DECISIONS,
               capture_errors: bool = False) -> MatchResult:
    """Play one full game, seat i by agents[i], or stop it unfinished after `max_decisions`
    decisions (`truncated`, no outcome). With `capture_errors`, an exception ends the match and is
    recorded with the seed and actions needed to reproduce it."""
    check_max_decisions(max_decisions)
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
        deciders: list[int] = []
        while not state.is_terminal():
            if decisions >= max_decisions:
                return MatchResult(game.info.id, players, seed, dict(state.variant), labels, None,
                                   list(state.history), think, decisions,
                                   time.perf_counter() - started, truncated=True)
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
            deciders.append(seat)
            decisions += 1
        stats = game.match_stats(state)
        return MatchResult(game.info.id, players, seed, dict(state.variant), labels,
                           state.outcome(), list(state.history), think, decisions,
                           time.perf_counter() - started,
                           stats=None if stats is None else dict(stats),
                           seat_counts=_seat_counts(game, state, deciders, stats))
    except Exception as exc:  # noqa: BLE001 - recorded for reproduction when asked
        if not capture_errors:
            raise
        return MatchResult(game.info.id, players, seed, dict(variant or {}), labels, None,
                           list(state.history) if state is not None else [], think,
                           len(state.history) if state is not None else 0,
                           time.perf_counter() - started, error=f"{type(exc).__name__}: {exc}",
                           traceback=traceback.format_exc())


def _seat_counts(game: Game, state: Any, deciders: list[int],
                 stats: Any) -> list[dict[str, int]] | None:
    """Each seat's share of the game's `counts`: the game's own statistics of a copy of the final
    state whose history holds only that seat's actions. A count whose seat shares do not add up to
    the game's (one about the whole game, such as how it was won) is left out."""
    if not stats or not stats.get("counts") or len(deciders) != len(state.history):
        return None
    seats = len(state.outcome().ranks)
    shares: list[dict[str, int]] = []
    for seat in range(seats):
        mine = state.clone()
        mine.history = [text for text, who in zip(state.history, deciders) if who == seat]
        shares.append(dict((game.match_stats(mine) or {}).get("counts", {})))
    whole = stats["counts"]
    kept = {name for name, total in whole.items()
            if sum(share.get(name, 0) for share in shares) == total}
    return [{name: n for name, n in share.items() if name in kept and n} for share in shares]


def check_max_decisions(max_decisions: int) -> None:
    if isinstance(max_decisions, bool) or not isinstance(max_decisions, int) or max_decisions < 1:
        raise ValueError(f"max_decisions is a whole number of at least 1, got {max_decisions!r}")
