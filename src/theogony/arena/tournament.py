"""Many matches: seat rotation, a distinct seed per game, worker processes, a progress bar, and a
summary with win rates and 95% intervals per seat and per agent, ratings, game length and speed.
Games stopped at the decision cap (`truncated`) and failed games are counted apart; win rates,
ratings and designer statistics are over completed games only."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import theogony
from theogony.agents import make_agent

from .match import DEFAULT_MAX_DECISIONS, MatchResult, check_max_decisions, play_match
from .progress import Progress
from .stats import Ratings, wilson_interval


def seat_agents(specs: Sequence[str], players: int, game_index: int, rotate: bool = True) -> list[str]:
    """Agents of each seat for one game. One spec fills every seat; otherwise specs are cycled to
    fill the seats, then rotated by the game index so each agent plays each seat equally often."""
    if not specs:
        raise ValueError("at least one agent is needed")
    filled = [specs[i % len(specs)] for i in range(players)]
    if not rotate or len(set(filled)) == 1:
        return filled
    shift = game_index % players
    return filled[shift:] + filled[:shift]


_Task = tuple[str, list[str], int, dict[str, Any] | None, int]


def _run(args: _Task) -> MatchResult:
    game_id, agents, seed, variant, max_decisions = args
    return play_match(game_id, list(agents), seed, variant, max_decisions=max_decisions,
                      capture_errors=True)


@dataclass
class TournamentResult:
    game: str
    players: int
    variant: dict[str, Any]
    agents: list[str]
    matches: list[MatchResult] = field(default_factory=list)
    wall_seconds: float = 0.0
    max_decisions: int = DEFAULT_MAX_DECISIONS
    content: str | None = None   # the content override directory the games ran with

    @property
    def errors(self) -> list[MatchResult]:
        return [m for m in self.matches if m.error]

    @property
    def truncated(self) -> list[MatchResult]:
        return [m for m in self.matches if m.truncated]

    def summary(self) -> dict[str, Any]:
        """Win counts per seat include engine-driven seats (a rulebook automaton playing as an
        extra seat), which appear as the agent `automaton`."""
        done = [m for m in self.matches if m.outcome is not None]
        n = len(done)
        seats = max([len(m.outcome.ranks) for m in done if m.outcome] or [self.players])
        seat_wins = [0.0] * seats
        agent_wins: dict[str, float] = {}
        agent_games: dict[str, int] = {}
        ratings = Ratings()
        for m in done:
            assert m.outcome is not None
            share = 1.0 / len(m.outcome.winners) if m.outcome.winners else 0.0
            names = m.agents + ["automaton"] * (len(m.outcome.ranks) - len(m.agents))
            for seat in m.outcome.winners:
                seat_wins[seat] += share
            for seat, name in enumerate(names):
                agent_games[name] = agent_games.get(name, 0) + 1
                if seat in m.outcome.winners:
                    agent_wins[name] = agent_wins.get(name, 0.0) + share
            ratings.update(names, m.outcome.ranks)
        decisions = sum(m.decisions for m in self.matches)
        busy = sum(m.wall_seconds for m in self.matches)
        think_by_agent: dict[str, float] = {}
        for m in self.matches:
            for seat, name in enumerate(m.agents):
                think_by_agent[name] = think_by_agent.get(name, 0.0) + m.think_seconds[seat]
        return {
            "game": self.game,
            "players": self.players,
            "seats": seats,
            "variant": self.variant,
            "content": self.content,
            "agents": self.agents,
            "games": len(self.matches),
            "completed": n,
            "truncated": len(self.truncated),
            "truncated_seeds": [m.seed for m in self.truncated],
            "max_decisions": self.max_decisions,
            "errors": len(self.errors),
            "error_cases": [
                {"seed": m.seed, "agents": m.agents, "variant": m.variant, "error": m.error,
                 "actions": m.actions, "traceback": m.traceback} for m in self.errors],
            "wins_by_seat": [round(w, 3) for w in seat_wins],
            "win_rate_by_seat": [
                {"rate": round(w / n, 4) if n else 0.0,
                 "ci95": [round(x, 4) for x in wilson_interval(w, n)]} for w in seat_wins],
            "wins_by_agent": {a: round(agent_wins.get(a, 0.0), 3) for a in agent_games},
            "win_rate_by_agent": {
                a: {"rate": round(agent_wins.get(a, 0.0) / g, 4), "games_seated": g,
                    "ci95": [round(x, 4) for x in wilson_interval(agent_wins.get(a, 0.0), g)]}
                for a, g in agent_games.items()},
            "ratings": ratings.table(),
            "mean_decisions": round(decisions / len(self.matches), 2) if self.matches else 0.0,
            "decisions_per_second": round(decisions / busy, 1) if busy else 0.0,
            "think_seconds_by_agent": {a: round(t, 3) for a, t in think_by_agent.items()},
            "wall_seconds": round(self.wall_seconds, 3),
            **_designer_stats(done),
        }


def _designer_stats(done: list[MatchResult]) -> dict[str, Any]:
    """Aggregate the games' `match_stats`: win rate per seat label (a seat's share of a shared win
    counts, as in the seat table), mean of each number, and each count per game."""
    label_games: dict[str, dict[str, int]] = {}
    label_wins: dict[str, dict[str, float]] = {}
    numbers: dict[str, list[float]] = {}
    counts: dict[str, float] = {}
    reporting = 0
    for m in done:
        if m.stats is None or m.outcome is None:
            continue
        reporting += 1
        share = 1.0 / len(m.outcome.winners) if m.outcome.winners else 0.0
        for category, per_seat in m.stats.get("labels", {}).items():
            games_of = label_games.setdefault(category, {})
            wins_of = label_wins.setdefault(category, {})
            for seat, label in enumerate(per_seat):
                games_of[label] = games_of.get(label, 0) + 1
                wins_of[label] = wins_of.get(label, 0.0) + (share if seat in m.outcome.winners else 0.0)
        for name, value in m.stats.get("numbers", {}).items():
            numbers.setdefault(name, []).append(float(value))
        for name, value in m.stats.get("counts", {}).items():
            counts[name] = counts.get(name, 0.0) + value
    if not reporting:
        return {}
    return {
        "win_rate_by_label": {
            category: {
                label: {"games": g, "wins": round(label_wins[category][label], 3),
                        "rate": round(label_wins[category][label] / g, 4),
                        "ci95": [round(x, 4) for x in wilson_interval(label_wins[category][label], g)]}
                for label, g in sorted(games_of.items())}
            for category, games_of in label_games.items()},
        "numbers": {name: {"mean": round(sum(v) / len(v), 3), "min": min(v), "max": max(v)}
                    for name, v in numbers.items()},
        "counts_per_game": {name: round(total / reporting, 3) for name, total in sorted(counts.items())},
    }


def tournament(game_id: str, agents: Sequence[str], games: int, players: int | None = None,
               seed: int = 0, variant: dict[str, Any] | None = None, jobs: int = 1,
               rotate: bool = True, progress: bool | None = None,
               on_result: Callable[[MatchResult], None] | None = None,
               backend: str = "local", address: str | None = None,
               max_decisions: int = DEFAULT_MAX_DECISIONS,
               content: str | Path | None = None) -> TournamentResult:
    """Run `games` matches. Game i uses seed `seed + i`; a game still going after `max_decisions`
    decisions is stopped and counted as truncated. `jobs` > 1 runs worker processes;
    `backend="ray"` runs them on a Ray cluster (`address`, or a local Ray started on demand).
    Every match depends only on its seed, seating and variant, so all backends give the same results.
    `content` (a `--content` override directory) runs the games in fresh worker processes that read
    that content: games read their content once, when first imported, so a process that already
    played with other content cannot switch. `progress`: see `Progress` (None: by the terminal)."""
    if backend not in ("local", "ray"):
        raise ValueError(f"backend is 'local' or 'ray', got {backend!r}")
    check_max_decisions(max_decisions)
    if content is not None and backend == "ray":
        raise ValueError("content overrides run on the local backend only")
    if content is not None and not Path(content).is_dir():
        raise ValueError(f"content directory {content} does not exist")
    game = theogony.load(game_id)
    players = players or max(game.info.min_players, len(agents))
    game.new_state(players, seed, variant)  # refuse a bad setup before starting workers
    for spec in set(agents):
        make_agent(spec, game)  # refuse a bad agent spec early, with its reason
    tasks: list[_Task] = [(game_id, seat_agents(agents, players, i, rotate), seed + i, variant,
                           max_decisions) for i in range(games)]
    result = TournamentResult(game_id, players, game.info.resolve_variant(variant), list(agents),
                              max_decisions=max_decisions,
                              content=None if content is None else str(content))
    started = time.perf_counter()
    label = f"{game_id} {players}p" + ("" if content is None else f" ({Path(content).name})")
    with Progress(progress, label, games) as advance:
        if backend == "ray":
            for match in _run_on_ray(tasks, address):
                result.matches.append(match)
                if on_result:
                    on_result(match)
                advance()
        elif jobs <= 1 and content is None:
            for task in tasks:
                match = _run(task)
                result.matches.append(match)
                if on_result:
                    on_result(match)
                advance()
        else:
            with _pool(jobs, games, content) as pool:
                futures = [pool.submit(_run, t) for t in tasks]
                for future in as_completed(futures):
                    match = future.result()
                    result.matches.append(match)
                    if on_result:
                        on_result(match)
                    advance()
    result.matches.sort(key=lambda m: m.seed)
    result.wall_seconds = time.perf_counter() - started
    return result


def _run_on_ray(tasks: list[_Task], address: str | None) -> Any:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install -e '.[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, include_dashboard=False, log_to_driver=False,
                 ignore_reinit_error=True)
    remote = ray.remote(_run)
    pending = [remote.remote(task) for task in tasks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        if started_here:
            ray.shutdown()


def _pool(jobs: int, games: int, content: str | Path | None) -> ProcessPoolExecutor:
    workers = max(1, min(jobs, os.cpu_count() or 1, games or 1))
    if content is None:
        return ProcessPoolExecutor(max_workers=workers)
    # spawned, not forked: a forked worker would keep the content this process already read
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_read_content_from, initargs=(str(content),))


def _read_content_from(directory: str) -> None:
    from theogony.core.content import set_override_dir

    set_override_dir(directory)
