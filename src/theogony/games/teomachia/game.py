"""The Teomachia Game object: info, setup, action codes, agents, evaluation, rendering."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core import Component, Game, GameInfo, PolicyAgent, Rng

from .content import CARDS, COMPONENTS, DEITIES_BY_MYTHOLOGY, MYTHOLOGIES
from .state import MIRACLE_TOKENS, NUM_CODES, TeomachiaState, new_seat


class TeomachiaGame(Game):
    info = GameInfo(
        "teomachia", "Teomachia", 2, 4,
        variants={"full": ((False, True), False), "no_elimination": ((False, True), False)},
        variant_help={
            "full": "the full game: deities with attributes and demands, miracle tokens and myth decks",
            "no_elimination": "victory points instead of elimination; play to 10 points",
        },
        summary="Gods draft prayer decks, bid worshippers over three rounds and fight battles; "
                "the last god with worshippers wins.",
    )
    state_class = TeomachiaState

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> TeomachiaState:
        rng = Rng(seed)
        seats = [new_seat() for _ in range(players)]
        deck = [i for i, c in enumerate(CARDS) if not c.removed]  # TM-13.1
        rng.shuffle(deck)
        full = bool(variant.get("full"))
        if full:  # TM-15.1 one mythology per seat, both its deities face up
            order = list(range(len(MYTHOLOGIES)))
            rng.shuffle(order)
            for i, s in enumerate(seats):
                s.mythology = order[i]
                s.deity_options = list(DEITIES_BY_MYTHOLOGY[MYTHOLOGIES[order[i]]])
        state = TeomachiaState(
            players, seed, dict(variant), rng, [], seats, full, bool(variant.get("no_elimination")),
            "draft", 0, 0, 1, [], [], [], 0, deck, [-1] * 6, [], [], 0, 0, [], 0, False, 0, False,
            False, False, [], [0] * players, [], "", MIRACLE_TOKENS, False, [])
        state.start_draft_round([])
        return state

    def contract_variants(self) -> list[dict[str, Any]]:
        """Extra configurations for the contract suite: both variants together."""
        return [{"full": True, "no_elimination": True}]

    def num_action_codes(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return NUM_CODES

    def observation_size(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        from .encoding import observation_size

        return observation_size(players, variant)

    def encode_view(self, view: Mapping[str, Any]) -> list[float]:
        from .encoding import encode_view

        return encode_view(view)

    def agents(self) -> Mapping[str, Any]:
        from .bots import heuristic_policy

        return {"heuristic": lambda options: PolicyAgent("teomachia-heuristic", heuristic_policy)}

    def evaluate(self, state: Any) -> tuple[float, ...] | None:
        from .bots import evaluate

        return evaluate(state)

    def match_stats(self, state: Any) -> Any:
        from .stats import match_stats

        return match_stats(state)

    def components(self) -> list[Component]:
        return list(COMPONENTS)

    def components_in_view(self, view: Mapping[str, Any]) -> dict[str, list[str]]:
        from .render import components_in_view

        return components_in_view(view)

    def render_text(self, view: Mapping[str, Any]) -> str:
        from .render import render_text

        return render_text(view)


__all__ = ["TeomachiaGame"]
