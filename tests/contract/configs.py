"""Which (game, players, variant) configurations the contract suite runs."""

from __future__ import annotations

from typing import Any

import theogony
from theogony.core import SetupError


def configs(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with the default variant, and every non-default value of each variant
    at every player count where the game accepts it."""
    game = theogony.load(game_id)
    info = game.info
    out: list[tuple[int, dict[str, Any]]] = []
    variants: list[dict[str, Any]] = [{}]
    for name, (choices, default) in info.variants.items():
        for choice in choices:
            if choice != default:
                variants.append({name: choice})
    variants.extend(getattr(game, "contract_variants", lambda: [])())
    for players in range(info.min_players, info.max_players + 1):
        for variant in variants:
            try:
                game.new_state(players, 0, variant)
            except SetupError:
                continue
            out.append((players, variant))
    return out


def all_configs() -> list[tuple[str, int, dict[str, Any]]]:
    return [(g, p, v) for g in theogony.games() for p, v in configs(g)]


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    game, players, variant = config
    extra = ",".join(f"{k}={v}" for k, v in variant.items())
    return f"{game}-{players}p" + (f"-{extra}" if extra else "")
