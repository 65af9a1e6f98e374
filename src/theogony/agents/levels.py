"""Difficulty levels for people: `easy`, `normal`, `hard`, `expert`, in every game.

Each level is an agent spec over the agents every game has (its `heuristic`, MCTS); a game may
replace a level's spec with its own tuned one (`LEVELS` in its `bots.py`, a part). The defaults:

- **easy**: the heuristic with slips. On half of its decisions it keeps the heuristic's idea
  but fumbles the detail: it plays another action of the same kind (the same first word: another
  zone to move to, another card to buy), or where that kind has no other action it misses the
  chance (waits, passes or ends its turn instead of acting): the mistakes of a beginner, never a
  random flail across kinds. Quick. (Slips within the kind alone left Teomachia's easy nearly as
  strong as normal: its decisive choices, act now or wait, are across kinds; docs/bots.md.)
- **normal**: the heuristic as it is. Quick.
- **hard**: MCTS, the default search, capped at one second a decision (Kemet: a lighter search
  of 150 iterations, where the default left `expert` too little room above it).
- **expert**: MCTS with more thinking, capped at 2.5 seconds a decision (a game's whole-turn
  planner where it has one), within the 3-second bound of issue 21. A game may give it a better
  use of that time (Theocratia: halving over the plans and a longer look; Teomachia: longer
  rollouts) or more knowledge (Theurgy: its fitted evaluation) where more time alone did not make
  it stronger than `hard`.

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
EASY_SLIP = 0.5
# The words that start a "do nothing now" action in our games (wait, pass, end turn, done).
PASSIVE_KINDS = frozenset({"wait", "pass", "end", "done"})


def action_kind(text: str) -> str:
    return text.split(" ", 1)[0]


def slipped_action(chosen: Action, legal: list[Action], rng: Rng) -> Action:
    """A beginner's version of `chosen`: another action of its kind, or where it has none, a missed
    chance (holding back with a passive action instead of acting), else `chosen` itself."""
    kind = action_kind(chosen.text)
    same_kind = [a for a in legal if a.text != chosen.text and action_kind(a.text) == kind]
    if same_kind:
        return rng.choice(same_kind)
    if kind in PASSIVE_KINDS:
        return chosen
    passive = [a for a in legal if action_kind(a.text) in PASSIVE_KINDS]
    return passive[0] if passive else chosen


class SlipAgent(Agent):
    """Another agent's choice, but with probability `slip` a beginner's version of it
    (`slipped_action`)."""

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
        return slipped_action(chosen, state.legal_actions(), rng)
