"""The toy's fixed numeric observation of one seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def observation_size(players: int, variant: Any = None) -> int:
    return 1 + 9 + 2 * 3


def encode_view(view: Mapping[str, Any]) -> list[float]:
    hand = [0.0] * 9
    me = view["viewer"]
    if me is not None:
        for value in view["seats"][me].get("hand", []):
            hand[value - 1] += 1
    seats = [0.0] * 6
    for i, seat in enumerate(view["seats"]):
        seats[2 * i] = seat["score"] / 50
        seats[2 * i + 1] = seat["hand_size"] / 10
    return [view["deck_size"] / 18] + hand + seats
