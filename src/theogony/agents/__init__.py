"""Game-independent agents, addressable by name with options: `random`, `heuristic`,
`mcts:iterations=400`, `mcts:seconds=1.5:rollout=heuristic`, `human`, and each game's own agents."""

from .registry import AgentSpecError, agent_names, make_agent, parse_spec
from .random_agent import RandomAgent
from .mcts import MCTSAgent

__all__ = ["AgentSpecError", "MCTSAgent", "RandomAgent", "agent_names", "make_agent", "parse_spec"]
