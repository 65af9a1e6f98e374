"""TOY-1: setup."""

from __future__ import annotations

from typing import Any

from theogony.core import Rng

from ..state import Seat, ToyState, Turn


def setup(players: int, seed: int, variant: dict[str, Any]) -> ToyState:
    rng = Rng(seed)
    deck = list(range(1, 10)) * (2 if variant["big"] else 1)
    rng.shuffle(deck)
    seats = [Seat(hand=[deck.pop() for _ in range(2)], score=0) for _ in range(players)]
    state = ToyState(players=players, seed=seed, variant=variant, rng=rng, history=[],
                     stack=[Turn(0)], deck=deck, seats=seats)
    state.settle([])
    return state
