"""Static description of a game: id, title, player range, variants."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import SetupError


@dataclass(frozen=True)
class GameInfo:
    """`variants` maps a variant name to (allowed values, default)."""

    id: str
    title: str
    min_players: int
    max_players: int
    variants: Mapping[str, tuple[tuple[Any, ...], Any]] = field(default_factory=dict)
    variant_help: Mapping[str, str] = field(default_factory=dict)
    summary: str = ""

    def default_variant(self) -> dict[str, Any]:
        return {name: default for name, (_, default) in self.variants.items()}

    def resolve_variant(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Every variant with its value: the given ones checked (strings from a command line are
        converted to the allowed value they name), the others at their defaults."""
        resolved = self.default_variant()
        for name, value in (given or {}).items():
            if name not in self.variants:
                allowed = ", ".join(sorted(self.variants)) or "none"
                raise SetupError(f"{self.title} has no variant {name!r}; variants: {allowed}")
            choices, _ = self.variants[name]
            resolved[name] = _coerce(self.title, name, value, choices)
        return resolved

    def check_players(self, players: Any) -> int:
        if isinstance(players, bool) or not isinstance(players, int):
            raise SetupError(f"players must be an integer, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise SetupError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, got {players}")
        return players


def _coerce(title: str, name: str, value: Any, choices: tuple[Any, ...]) -> Any:
    for choice in choices:
        if value == choice and type(value) is type(choice):
            return choice
    if isinstance(value, str):
        text = value.strip().lower()
        for choice in choices:
            if isinstance(choice, bool):
                if text in (("true", "yes", "on", "1") if choice else ("false", "no", "off", "0")):
                    return choice
            elif str(choice).lower() == text:
                return choice
    else:
        for choice in choices:
            if not isinstance(choice, bool) and not isinstance(value, bool) and value == choice:
                return choice
    allowed = ", ".join(_show(c) for c in choices)
    raise SetupError(f"{title} variant {name!r} takes one of: {allowed}; got {value!r}")


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
