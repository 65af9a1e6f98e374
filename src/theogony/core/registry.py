"""Finds games: every subpackage of `theogony.games` that defines `GAME`, plus any package
registered under the `theogony.games` entry-point group. No game is named here."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from .errors import UnknownGame

if TYPE_CHECKING:
    from .game import Game

GAMES_PACKAGE = "theogony.games"   # the built-in games: one subpackage each
_registered: dict[str, Game] = {}


def register(game: Game) -> Game:
    _registered[game.info.id] = game
    return game


@cache
def _discovered() -> dict[str, str]:
    """Game id -> module path, without importing anything."""
    found: dict[str, str] = {}
    # the package's folder, without importing the package (the core imports no game)
    spec = importlib.util.find_spec(GAMES_PACKAGE)
    for module in pkgutil.iter_modules(spec.submodule_search_locations if spec else []):
        if module.ispkg and not module.name.startswith("_"):
            found[module.name] = f"{GAMES_PACKAGE}.{module.name}"
    for ep in entry_points(group="theogony.games"):
        found.setdefault(ep.name, ep.value)
    return found


def installed_games() -> list[str]:
    """The games found by package and entry point, without those registered at run time."""
    return sorted(_discovered())


def games() -> list[str]:
    return sorted(set(_discovered()) | {k for k in _registered if ":" not in k})


def load(game_id: str) -> Game:
    """The game with this id; `package.module:NAME` also loads (and registers) a game defined
    outside `theogony.games`, which is how worker processes find one registered at run time."""
    game = _registered.get(game_id)
    if game is not None:
        return game
    if ":" in game_id:
        module_name, _, attribute = game_id.partition(":")
        try:
            game = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as exc:
            raise UnknownGame(f"cannot load game {game_id!r}: {exc}") from None
        register(game)
        _registered[game_id] = game
        return game
    module_path = _discovered().get(game_id)
    if module_path is None:
        raise UnknownGame(f"unknown game {game_id!r}; games: {', '.join(games()) or 'none'}")
    module = importlib.import_module(module_path.split(":")[0])
    game = getattr(module, "GAME", None)
    if game is None:
        raise UnknownGame(f"package {module_path} defines no GAME")
    return register(game)
