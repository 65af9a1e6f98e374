"""Building agents from their text specs: `name[:key=value[:key=value...]]`.

Every agent's options are parsed here, by `parse_options` against the agent's option schema, so the
CLI, the arena and the web server share one validation. A game's own agent factory
(`Game.agents()`) declares its options as an `options` attribute (a mapping of option name to
`Option`); a factory without one takes no options. It is called with the validated option texts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from theogony.core import Agent, Game

from .errors import AgentSpecError
from .levels import DEFAULT_LEVELS, EASY_SLIP, LEVEL_NAMES, SlipAgent
from .mcts import MCTS_OPTIONS, MCTSAgent
from .options import Option, OptionSchema, OptionValue, parse_options
from .random_agent import RandomAgent

__all__ = ["AgentSpec", "AgentSpecError", "Option", "agent_names", "make_agent", "parse_agent",
           "parse_options", "parse_spec"]


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """'mcts:iterations=200:rollout=heuristic' -> ('mcts', {'iterations': '200', ...}).
    Values are kept exactly as written (no trimming): their meaning is checked by `parse_agent`."""
    parts = spec.strip().replace(";", ":").split(":")
    name = parts[0].strip().lower()
    if not name:
        raise AgentSpecError(f"empty agent name in {spec!r}")
    options: dict[str, str] = {}
    for part in parts[1:]:
        if "=" not in part:
            raise AgentSpecError(f"agent option {part!r} in {spec!r} is not key=value")
        key, value = part.split("=", 1)
        key = key.lower()
        if key in options:
            raise AgentSpecError(f"agent option {key!r} is given twice in {spec!r}")
        options[key] = value
    return name, options


@dataclass(frozen=True)
class AgentSpec:
    """A spec checked against its agent: the name, the typed option values and the spec text."""

    name: str
    options: dict[str, OptionValue]
    text: str
    _build: Callable[[], Agent] = field(repr=False, compare=False)

    def build(self) -> Agent:
        agent = self._build()
        agent.spec = self.text  # type: ignore[attr-defined]
        return agent


@dataclass(frozen=True)
class _Builtin:
    schema: OptionSchema
    build: Callable[[Game, Mapping[str, str]], Agent]


def _builtin() -> dict[str, _Builtin]:
    from .human import HumanAgent

    mcts = _Builtin(MCTS_OPTIONS, lambda game, opts: MCTSAgent.from_options(
        game, {**mcts_defaults(game), **opts}))
    return {
        "random": _Builtin({}, lambda game, opts: RandomAgent()),
        "mcts": mcts,
        "ismcts": mcts,
        "human": _Builtin({}, lambda game, opts: HumanAgent(game)),
    }


def _bots_table(game: Game, name: str) -> Mapping[str, str]:
    """A table the game's bots part may declare (`LEVELS`, `MCTS_DEFAULTS`); empty if it has none."""
    return getattr(game, "_part_attr", lambda part, attribute: None)("bots", name) or {}


def mcts_defaults(game: Game) -> dict[str, str]:
    """The search settings that work for `game` (`MCTS_DEFAULTS` in its bots part, e.g. heuristic
    rollouts where random ones lose to the heuristic): a plain `mcts` spec uses them, an option the
    spec gives wins."""
    return dict(_bots_table(game, "MCTS_DEFAULTS"))


def agent_names(game: Game) -> list[str]:
    levels = set(LEVEL_NAMES) if "heuristic" in game.agents() else set()   # levels build on it
    return sorted(set(_builtin()) | set(game.agents()) | levels)


def level_spec(level: str, game: Game) -> str:
    """The agent spec a difficulty level stands for in `game` (its own `LEVELS`, else ours)."""
    return _bots_table(game, "LEVELS").get(level, DEFAULT_LEVELS[level])


def _level(level: str, game: Game) -> Agent:
    agent = parse_agent(level_spec(level, game), game).build()
    if level == "easy":
        agent = SlipAgent(agent, EASY_SLIP)
    agent.name = level
    return agent


def parse_agent(spec: str, game: Game) -> AgentSpec:
    """`spec` checked for `game`: a known agent and options its schema accepts, or AgentSpecError."""
    name, texts = parse_spec(spec)
    own = game.agents()
    if name in LEVEL_NAMES and name not in own:
        if "heuristic" not in own:
            raise AgentSpecError(f"{game.info.title} has no heuristic, so no difficulty levels; "
                                 f"agents: {', '.join(agent_names(game))}")
        if texts:
            raise AgentSpecError(f"the level {name!r} takes no options (it stands for "
                                 f"{level_spec(name, game)!r}); give that spec to tune it")
        return AgentSpec(name, {}, spec, lambda: _level(name, game))
    if name in own:
        factory = own[name]
        schema: OptionSchema = getattr(factory, "options", {})
        values = parse_options(name, texts, schema)

        def build() -> Agent:
            try:
                return factory(dict(texts))
            except (TypeError, ValueError) as exc:
                raise AgentSpecError(f"agent {spec!r}: {exc}") from None
    else:
        builtin = _builtin().get(name)
        if builtin is None:
            raise AgentSpecError(
                f"unknown agent {name!r} for {game.info.title}; agents: {', '.join(agent_names(game))}")
        values = parse_options(name, texts, builtin.schema)

        def build() -> Agent:
            return builtin.build(game, texts)
    return AgentSpec(name, values, spec, build)


def make_agent(spec: str | Agent, game: Game) -> Agent:
    """An agent from its spec for `game`. Unknown names or options are refused with the known ones."""
    if isinstance(spec, Agent):
        return spec
    return parse_agent(spec, game).build()
