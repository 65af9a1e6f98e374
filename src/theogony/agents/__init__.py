"""Game-independent agents, addressable by name with options: `random`, `heuristic`,
`mcts:iterations=400`, `mcts:seconds=1.5:rollout=heuristic`, `human`, and each game's own agents."""

from .registry import (AgentSpec, AgentSpecError, Option, agent_names, make_agent, parse_agent,
                       parse_options, parse_spec)
from .random_agent import RandomAgent
from .mcts import MCTSAgent

__all__ = ["AgentSpec", "AgentSpecError", "MCTSAgent", "Option", "RandomAgent", "agent_names",
           "make_agent", "parse_agent", "parse_options", "parse_spec"]
