"""The Game object of each game package: static info, setup, parsing, replay, loading."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TypedDict

from .agent import Agent
from .components import Component
from .errors import IllegalAction, SaveFormatError, SetupError
from .info import GameInfo
from .rng import Rng
from .save import state_from_document
from .state import State
from .types import Action

AgentFactory = Callable[[dict[str, str]], Agent]


class MatchStats(TypedDict, total=False):
    labels: dict[str, list[str]]
    numbers: dict[str, float]
    counts: dict[str, int]


def tally(texts: Iterable[str], name_of: Callable[[str], str | None]) -> dict[str, int]:
    """The `counts` of a MatchStats: how many of `texts` (usually the action history) each name
    covers; texts named None are not counted."""
    counts: dict[str, int] = {}
    for text in texts:
        name = name_of(text)
        if name is not None:
            counts[name] = counts.get(name, 0) + 1
    return counts


class Game:
    """Subclass per game: set `info`, `state_class`, and implement `setup` and
    `num_action_codes`; optionally `check_setup`, `agents`, `evaluate`, `render_text`."""

    info: GameInfo
    state_class: type[State]
    schema_version: int = 1

    # ---- hooks ---------------------------------------------------------------------------------

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> State:
        raise NotImplementedError

    def check_setup(self, players: int, variant: dict[str, Any]) -> None:
        """Refuse combinations of player count and variants the rules do not allow (SetupError)."""

    def num_action_codes(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        """Size of the fixed integer action range; every Action.code lies in [0, this)."""
        raise NotImplementedError

    def observation_size(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        """Length of the fixed numeric observation of one seat (see `encode_view`)."""
        raise NotImplementedError(f"{self.info.title} has no fixed observation encoding yet")

    def encode_view(self, view: Mapping[str, Any]) -> list[float]:
        """A seat's `view` as a flat list of `observation_size` numbers. Encoding the view (never the
        state) guarantees that an observation carries nothing hidden from its seat."""
        raise NotImplementedError(f"{self.info.title} has no fixed observation encoding yet")

    def agents(self) -> Mapping[str, AgentFactory]:
        """The game's own agents by name (at least `heuristic`): factory(options) -> Agent."""
        return {}

    def evaluate(self, state: State) -> tuple[float, ...] | None:
        """Estimated reward per seat in [0, 1] for a non-terminal state (MCTS depth cut-off)."""
        return None

    def turn_plans(self, state: State, rng: Rng, width: int) -> list[tuple[str, ...]] | None:
        """Candidate ways for the current seat to play the rest of its own turn, each as the texts of
        its actions in order, the heuristic's own plan first; MCTS `plans=W` searches over these
        whole turns instead of single decisions. `width` bounds how many alternatives are kept per
        option of the current decision. None where the seat is not playing its own turn (setup, an
        answer inside another seat's turn) or the game has no planner."""
        return None

    def turn_count(self, state: State) -> int:
        """How many turns have ended so far (a game with `turn_plans` must implement it)."""
        raise NotImplementedError(f"{self.info.title} does not count turns")

    def match_stats(self, state: State) -> MatchStats | None:
        """What a designer wants to know of a finished game, aggregated by `simulate`: `labels` names
        each seat's asymmetric side per category (deity, Civ, colour) so win rates are reported per
        label; `numbers` are per-game measures (rounds, deals) reported as means; `counts` tally
        choices (actions taken, cards bought) reported per game. None when the game reports nothing."""
        return None

    def components(self) -> list[Component]:
        """Every player-facing component of the game's content, with its text (see core.components)."""
        return []

    def components_in_view(self, view: Mapping[str, Any]) -> dict[str, list[str]]:
        """Where `view` shows components: a group name ("your hand", "market", "face-up monsters",
        "Blue's tiles") mapped to the ids of `components()` shown there. Only what the view shows."""
        return {}

    def render_text(self, view: Mapping[str, Any]) -> str:
        """The view of one seat as text for a terminal."""
        import json

        return json.dumps(view, indent=1, default=str)

    def validate_state(self, state: State) -> None:
        """Extra consistency checks on a loaded state (raise SaveFormatError)."""
        if not isinstance(state.players, int):
            raise SaveFormatError("state.players must be an integer")

    def rules_path(self) -> Path | None:
        for parent in Path(__file__).resolve().parents:
            candidate = parent / "docs" / "rules" / f"{self.info.id}.md"
            if candidate.exists():
                return candidate
        return None

    # ---- provided ------------------------------------------------------------------------------

    def new_state(self, players: int, seed: int = 0,
                  variant: Mapping[str, Any] | None = None) -> State:
        resolved = self.info.resolve_variant(variant)
        self.info.check_players(players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise SetupError(f"seed must be an integer, got {seed!r}")
        self.check_setup(players, resolved)
        return self.setup(players, seed, resolved)

    def from_json(self, document: Any) -> State:
        return state_from_document(self, document)

    def parse_action(self, state: State, text: str) -> Action:
        """The legal action whose text is `text` (case and spacing forgiven), or IllegalAction."""
        if not isinstance(text, str):
            raise IllegalAction(f"an action is given as text, got {type(text).__name__}")
        return state.legal_action(text)

    def replay(self, players: int, seed: int, variant: Mapping[str, Any] | None,
               actions: Iterable[str | Action]) -> State:
        state = self.new_state(players, seed, variant)
        for index, action in enumerate(actions):
            try:
                state.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(f"replay failed at action {index + 1} ({action}): {exc.reason}",
                                    decision=exc.decision, rule=exc.rule,
                                    expected=exc.expected) from None
        return state

    def __repr__(self) -> str:
        return f"<Game {self.info.id}>"
