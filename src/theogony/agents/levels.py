"""Difficulty levels for people: `easy`, `normal`, `hard`, `expert`, in every game.

Each level is an agent spec over the agents every game has (its `heuristic`, MCTS); a game may
replace a level's spec with its own tuned one (`LEVELS` in its `bots.py`, a part). The defaults:

- **easy**: the heuristic with slips. On a quarter of its decisions it keeps the heuristic's idea
  but fumbles the detail: it plays another action of the same kind (the same first word: another
  zone to move to, another card to buy), the mistake of a beginner, never a random flail across
  kinds. Quick.
- **normal**: the heuristic as it is. Quick.
- **hard**: MCTS, the default search, capped at one second a decision.
- **expert**: MCTS with more thinking, capped at 2.5 seconds a decision (a game's whole-turn
  planner where it has one), within the 3-second bound of issue 21.

docs/bots.md holds the measured ladder (each level against the one below).
"""

from __future__ import annotations

from theogony.core import Action, Agent, Rng, State

LEVEL_NAMES = ("easy", "normal", "hard", "expert")
DEFAULT_LEVELS: dict[str, str] = {
    "easy": "heuristic",        # wrapped in SlipAgent below
    "normal": "heuristic",
    "hard": "mcts:iterations=400:seconds=1",
    "expert": "mcts:iterations=4000:seconds=2.5",
}
EASY_SLIP = 0.25


def action_kind(text: str) -> str:
    return text.split(" ", 1)[0]


class SlipAgent(Agent):
    """Another agent's choice, but with probability `slip` another legal action of the same kind."""

    def __init__(self, base: Agent, slip: float, name: str = "easy") -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"slip is a probability in [0, 1], got {slip!r}")
        self.base, self.slip, self.name = base, slip, name

    def reset(self) -> None:
        self.base.reset()

    def act(self, state: State, rng: Rng) -> Action:
        chosen = self.base.act(state, rng)
        if rng.random() >= self.slip:
            return chosen
        kind = action_kind(chosen.text)
        others = [a for a in state.legal_actions() if a.text != chosen.text
                  and action_kind(a.text) == kind]
        return rng.choice(others) if others else chosen
