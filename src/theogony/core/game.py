"""The Game object of each game package: static info, setup, parsing, replay, loading."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, TypedDict

from .agent import Agent
from .components import Component
from .errors import IllegalAction, SaveFormatError, SetupError
from .info import GameInfo
from .rng import Rng
from .frames import FrameRules
from .save import state_document, state_from_document
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


#: The parts a game package may hold, by module convention (docs/contributing.md, "Parts"): the
#: module's name and the functions (or, upper case, constants) the Game looks up in it. A part the
#: package lacks falls back to the Game method's default.
PARTS: dict[str, tuple[str, ...]] = {
    "encoding": ("observation_size", "encode_view"),
    "bots": ("AGENTS", "LEVELS", "MCTS_DEFAULTS", "EVALUATIONS", "evaluate", "turn_plans", "turn_count"),
    "render": ("render_text", "components_in_view"),
    "svg": ("render_svg",),
    "places": ("action_places", "text_labels"),
    "stats": ("match_stats",),
    "components": ("components",),
}


class Game:
    """Subclass per game: set `info`, `state_class` (and `frame_rules` for a game on decision
    frames), implement `setup` and `num_action_codes`, optionally `check_setup`; everything else
    comes from the package's parts (`PARTS`) or keeps the defaults below."""

    info: GameInfo
    state_class: type[State]
    schema_version: int = 1
    frame_rules: FrameRules | None = None

    def __init__(self) -> None:
        # the one place a state class learns its game and its frame rules (no registry lookups,
        # no imports from the state module upwards)
        self.state_class.GAME = self
        if self.frame_rules is not None:
            self.state_class.RULES = self.frame_rules  # type: ignore[attr-defined]
        self._parts: dict[str, ModuleType | None] = {}
        self._found: dict[tuple[str, str], Any] = {}

    # ---- parts by module convention -----------------------------------------------------------

    def part(self, name: str) -> ModuleType | None:
        """The package's module `name` (one of PARTS), or None if the package has none."""
        if name not in self._parts:
            package = type(self).__module__.rpartition(".")[0]
            module_name = f"{package}.{name}"
            try:
                self._parts[name] = importlib.import_module(module_name)
            except ModuleNotFoundError as exc:
                if exc.name != module_name:
                    raise
                self._parts[name] = None
        return self._parts[name]

    def _part_attr(self, part: str, attribute: str) -> Any:
        key = (part, attribute)
        if key not in self._found:
            module = self.part(part)
            self._found[key] = None if module is None else getattr(module, attribute, None)
        return self._found[key]

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
        fn = self._part_attr("encoding", "observation_size")
        if fn is None:
            raise NotImplementedError(f"{self.info.title} has no fixed observation encoding")
        return fn(players, variant)

    def encode_view(self, view: Mapping[str, Any]) -> list[float]:
        """A seat's `view` as a flat list of `observation_size` numbers. Encoding the view (never the
        state) guarantees that an observation carries nothing hidden from its seat."""
        fn = self._part_attr("encoding", "encode_view")
        if fn is None:
            raise NotImplementedError(f"{self.info.title} has no fixed observation encoding")
        return fn(view)

    def agents(self) -> Mapping[str, AgentFactory]:
        """The game's own agents by name (at least `heuristic`): factory(options) -> Agent."""
        return self._part_attr("bots", "AGENTS") or {}

    def evaluate(self, state: State) -> tuple[float, ...] | None:
        """Estimated reward per seat in [0, 1] for a non-terminal state (MCTS depth cut-off)."""
        fn = self._part_attr("bots", "evaluate")
        return None if fn is None else fn(state)

    def evaluation(self, name: str) -> Callable[[State], tuple[float, ...] | None]:
        """The position evaluation called `name`: "default" is `evaluate`, other names are the
        bots part's `EVALUATIONS` (MCTS `evaluation=NAME`). ValueError names the ones there are."""
        if name == "default":
            return self.evaluate
        named = self._part_attr("bots", "EVALUATIONS") or {}
        if name not in named:
            raise ValueError(f"{self.info.title} has no evaluation {name!r}; it has: "
                             + ", ".join(["default", *sorted(named)]))
        return named[name]

    def turn_plans(self, state: State, rng: Rng, width: int,
                   out_of_time: Callable[[], bool] | None = None) -> list[tuple[str, ...]] | None:
        """Candidate ways for the current seat to play the rest of its own turn, each as the texts of
        its actions in order, the heuristic's own plan first; MCTS `plans=W` searches over these
        whole turns instead of single decisions. `width` bounds how many alternatives are kept per
        option of the current decision. None where the seat is not playing its own turn (setup, an
        answer inside another seat's turn) or the game has no planner. `out_of_time` (a search's
        time cap) is asked while the alternatives are built: once it answers True the plans found
        so far are returned."""
        fn = self._part_attr("bots", "turn_plans")
        return None if fn is None else fn(state, rng, width, out_of_time)

    def has_turn_planner(self) -> bool:
        """Whether `turn_plans` can answer (the game overrides it or its bots part has one)."""
        return (type(self).turn_plans is not Game.turn_plans
                or self._part_attr("bots", "turn_plans") is not None)

    def turn_count(self, state: State) -> int:
        """How many turns have ended so far (a game with `turn_plans` must implement it)."""
        fn = self._part_attr("bots", "turn_count")
        if fn is None:
            raise NotImplementedError(f"{self.info.title} does not count turns")
        return fn(state)

    def match_stats(self, state: State) -> MatchStats | None:
        """What a designer wants to know of a finished game, aggregated by `simulate`: `labels` names
        each seat's asymmetric side per category (deity, Civ, colour) so win rates are reported per
        label; `numbers` are per-game measures (rounds, deals) reported as means; `counts` tally
        choices (actions taken, cards bought) reported per game. None when the game reports nothing."""
        fn = self._part_attr("stats", "match_stats")
        return None if fn is None else fn(state)

    def contract_variants(self) -> list[dict[str, Any]]:
        """Variant combinations beyond one-variant-at-a-time that the contract suite must also run
        (modes that need two settings together)."""
        return []

    def components(self) -> list[Component]:
        """Every player-facing component of the game's content, with its text (see core.components)."""
        fn = self._part_attr("components", "components")
        return [] if fn is None else fn()

    def components_in_view(self, view: Mapping[str, Any]) -> dict[str, list[str]]:
        """Where `view` shows components: a group name ("your hand", "market", "face-up monsters",
        "Blue's tiles") mapped to the ids of `components()` shown there. Only what the view shows."""
        fn = self._part_attr("render", "components_in_view")
        return {} if fn is None else fn(view)

    def render_text(self, view: Mapping[str, Any]) -> str:
        """The view of one seat as text for a terminal."""
        fn = self._part_attr("render", "render_text")
        if fn is None:
            import json

            return json.dumps(view, indent=1, default=str)
        return fn(view)

    def render_svg(self, view: Mapping[str, Any]) -> str | None:
        """The view of one seat as an SVG board for the browser (None: the game draws none)."""
        fn = self._part_attr("svg", "render_svg")
        return None if fn is None else fn(view)

    def action_places(self, view: Mapping[str, Any], action_text: str) -> tuple[str, ...]:
        """The board places a legal action involves, as the `data-place` keys of the game's drawings
        (and the place names of its terminal map): for a move, its source first, then its
        destination; () for an action with no place. Read from the action's text and the deciding
        seat's view only (texts are stable; the game's internal action data is not a contract).
        The web client and the terminal table turn places into clicks with it."""
        fn = self._part_attr("places", "action_places")
        return () if fn is None else tuple(fn(view, action_text))

    def text_labels(self, view: Mapping[str, Any], keys: Iterable[str]) -> dict[str, str | None]:
        """Under which text the text board (`render_text`) and the components in view show each
        place key of `keys`: a key left out is shown as itself; None marks a choice of the decision
        (a choice-bar chip of the drawing), which a text screen offers as the action itself."""
        fn = self._part_attr("places", "text_labels")
        return {} if fn is None else dict(fn(view, keys))

    def state_document(self, state: State) -> dict[str, Any]:
        """The versioned JSON document of a full state (core.save)."""
        return state_document(state)

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
