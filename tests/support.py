"""Helpers shared by the games' tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from theogony.core import Game, State


def random_states(game: Game, players: int, variant: dict[str, Any], seed: int, every: int = 1,
                  limit: int | None = None) -> Iterator[State]:
    """Every `every`-th state of a seeded random game (the same object, moving on), until the end or
    `limit` decisions."""
    state = game.new_state(players, seed, variant)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0:
            yield state
        if state.is_terminal() or (limit is not None and step >= limit):
            return
        state.apply(rng.choice(state.legal_actions()))
        step += 1


def assert_contiguous(layout: dict[str, tuple[int, int]], size: int) -> None:
    """An encoding layout ({name: (offset, length)}) tiles [0, size) in order, without gaps."""
    offset = 0
    for name, (start, length) in layout.items():
        assert start == offset, name
        offset += length
    assert offset == size
