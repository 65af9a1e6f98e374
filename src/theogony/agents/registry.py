"""Building agents from their text specs: `name[:key=value[:key=value...]]`."""

from __future__ import annotations

from collections.abc import Callable

from theogony.core import Agent, Game

from .errors import AgentSpecError
from .mcts import MCTSAgent
from .random_agent import RandomAgent


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """'mcts:iterations=200:rollout=heuristic' -> ('mcts', {'iterations': '200', ...})."""
    parts = [p for p in spec.strip().replace(";", ":").split(":")]
    name = parts[0].strip().lower()
    if not name:
        raise AgentSpecError(f"empty agent name in {spec!r}")
    options: dict[str, str] = {}
    for part in parts[1:]:
        if "=" not in part:
            raise AgentSpecError(f"agent option {part!r} in {spec!r} is not key=value")
        key, value = part.split("=", 1)
        options[key.strip().lower()] = value.strip()
    return name, options


def _builtin() -> dict[str, Callable[[Game, dict[str, str]], Agent]]:
    from .human import HumanAgent

    return {
        "random": lambda game, opts: _no_options("random", opts) or RandomAgent(),
        "mcts": lambda game, opts: MCTSAgent.from_options(game, opts),
        "ismcts": lambda game, opts: MCTSAgent.from_options(game, opts),
        "human": lambda game, opts: _no_options("human", opts) or HumanAgent(game),
    }


def _no_options(name: str, options: dict[str, str]) -> None:
    if options:
        raise AgentSpecError(f"agent {name!r} takes no options, got {sorted(options)}")


def agent_names(game: Game) -> list[str]:
    return sorted(set(_builtin()) | set(game.agents()))


def make_agent(spec: str | Agent, game: Game) -> Agent:
    """An agent from its spec for `game`. Unknown names or options are refused with the known ones."""
    if isinstance(spec, Agent):
        return spec
    name, options = parse_spec(spec)
    own = game.agents()
    if name in own:
        try:
            agent = own[name](options)
        except (TypeError, ValueError) as exc:
            raise AgentSpecError(f"agent {spec!r}: {exc}") from None
    else:
        factory = _builtin().get(name)
        if factory is None:
            raise AgentSpecError(
                f"unknown agent {name!r} for {game.info.title}; agents: {', '.join(agent_names(game))}")
        agent = factory(game, options)
    agent.spec = spec  # type: ignore[attr-defined]
    return agent
