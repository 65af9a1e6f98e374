"""The toy's components (the nine cards), the components part (core.game.PARTS)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core import Component

CARD_NAMES = ("", "Acorn", "Anvil", "Beacon [first]", "Bell", "Crown [priest]", "Crown of Ash",
              "Ember", "Feather", "Gale")


def card_id(value: int) -> str:
    return f"card-{value}"


def card_word(value: int, variant: Mapping[str, Any]) -> str:
    return CARD_NAMES[value] if variant.get("names") else str(value)


def components() -> list[Component]:
    return [Component("card", card_id(v), CARD_NAMES[v], f"Worth {v} when played.",
                      (("value", str(v)),)) for v in range(1, 10)]
