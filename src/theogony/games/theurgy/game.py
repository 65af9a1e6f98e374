"""The Theurgy Game object (DESIGN §3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import Component, Game, GameInfo, Rng, SaveFormatError, State
from . import board, cards, rules
from .state import TheurgyState


class TheurgyGame(Game):
    info = GameInfo(
        id="theurgy",
        title="Theurgy",
        min_players=2,
        max_players=6,
        variants={"capital_events": ((False, True), False), "deities": (("random", "choose"), "random")},
        variant_help={"capital_events": "shuffle capital events into the lower miracle deck (rulebook "
                                        "section 2 with Capital Events)",
                      "deities": "deal the deities at random, or let the seats choose them one after "
                                 "another, last player first (rulebook setup step 5)"},
        summary="Half-forgotten deities compete to have temples built in their honour.",
    )
    state_class = TheurgyState

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> State:
        s = rules.setup(players, seed, variant)
        rules.settle(s, [])
        return s

    def num_action_codes(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return rules.N_CODES

    def observation_size(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        from .encoding import observation_size

        return observation_size(players, variant)

    def encode_view(self, view: Mapping[str, Any]) -> list[float]:
        from .encoding import encode_view

        return encode_view(view)

    def agents(self):
        from .bots import heuristic_agent

        return {"heuristic": heuristic_agent}

    def evaluate(self, state: State) -> tuple[float, ...] | None:
        from .bots import evaluate

        return evaluate(state)

    def turn_plans(self, state: State, rng: Rng, width: int) -> list[tuple[str, ...]] | None:
        from .bots import turn_plans

        return turn_plans(state, rng, width)

    def turn_count(self, state: State) -> int:
        return state.turns_taken

    def match_stats(self, state: Any) -> Any:
        from .stats import match_stats

        return match_stats(state)

    def components(self) -> list[Component]:
        return cards.components()

    def components_in_view(self, view: Mapping[str, Any]) -> dict[str, list[str]]:
        from .render import components_in_view

        return components_in_view(view)

    def render_text(self, view: Mapping[str, Any]) -> str:
        from .render import render_text

        return render_text(view)

    def validate_state(self, state: State) -> None:
        super().validate_state(state)
        s = state
        if not isinstance(s, TheurgyState) or not 2 <= s.players <= 6 or len(s.seats) != s.players:
            raise SaveFormatError("theurgy state: seats do not match the player count")
        if len(s.types) != board.N_POS or len(s.mortals) != board.N_POS or len(s.faith) != board.N_VERTICES:
            raise SaveFormatError("theurgy state: the board has the wrong size")
        for m in s.mon_pos:
            if m not in cards.MONSTER or m not in s.mon_owner:
                raise SaveFormatError(f"theurgy state: unknown monster {m!r} on the board")
