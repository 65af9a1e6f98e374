"""Named effect handlers: the one way a game turns the `effect` names of its content files into code.

A game keeps one `EffectRegistry` in its `effects.py` and registers each handler under the name the
content files use:

    EFFECTS = EffectRegistry("kemet")

    @EFFECTS.handler("gain_prayer")
    def gain_prayer(state, seat, amount, events): ...

When content loads, `EFFECTS.check(entries, file, table)` refuses any entry whose effect names no handler,
with the file, the entry and the field, so a typo in a TOML file is an error at load, never an
effect that silently does nothing. The handlers' signature is the game's own.

A field may name several effects (a table of name = amount, or a list), each checked. Names the
content may use that no handler runs, because the rules read them directly (Kemet's ongoing
modifiers), are declared as the registry's `passive` names: known to the check, never dispatched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from .errors import ContentError

H = TypeVar("H", bound=Callable[..., Any])


class EffectRegistry:
    def __init__(self, game_id: str, what: str = "effect", passive: Iterable[str] = ()) -> None:
        self.game_id = game_id
        self.what = what                 # what the names name, for messages ("power effect")
        self.passive = frozenset(passive)   # known names with no handler (see the module text)
        self._handlers: dict[str, Callable[..., Any]] = {}

    def handler(self, name: str) -> Callable[[H], H]:
        """Register the decorated function as the handler of effect `name`."""
        def register(fn: H) -> H:
            if name in self._handlers:
                raise ValueError(f"{self.game_id}: {self.what} {name!r} has two handlers")
            self._handlers[name] = fn
            return fn
        return register

    def __getitem__(self, name: str) -> Callable[..., Any]:
        try:
            return self._handlers[name]
        except KeyError:
            raise LookupError(f"{self.game_id}: no {self.what} handler named {name!r}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._handlers

    def get(self, name: str, default: Any = None) -> Any:
        return self._handlers.get(name, default)

    def items(self) -> list[tuple[str, Callable[..., Any]]]:
        return sorted(self._handlers.items())

    def __len__(self) -> int:
        return len(self._handlers)

    def names(self) -> list[str]:
        return sorted(self._handlers)

    def known(self) -> frozenset[str]:
        """Every name the content may use here: the handlers' and the passive ones."""
        return self.passive.union(self._handlers)

    def check(self, entries: Iterable[Any], file: str, table: str, field: str = "effect",
              allow_empty: bool = False, only: Callable[[Any], bool] | None = None) -> None:
        """Refuse (ContentError) the first entry whose `field` names no registered handler, named
        the way core.content names entries: `file [[table]] #n (id 'x'): field 'f': ...`.
        `entries` are all the table's entries (objects or dicts with `id` and `field`) in file
        order; `only` picks those whose field names a handler of this registry. A field holding
        several names (a mapping or a list) has each checked, in its order."""
        known = self.known()
        for number, entry in enumerate(entries, 1):
            if only is not None and not only(entry):
                continue
            get = entry.get if isinstance(entry, dict) else lambda key: getattr(entry, key, None)
            value = get(field)
            if value in (None, "") and allow_empty:
                continue
            for name in value if isinstance(value, (Mapping, list, tuple)) else (value,):
                if name not in known:
                    raise ContentError(f"{file} [[{table}]] #{number} (id {get('id')!r}): field "
                                       f"{field!r}: unknown {self.what} {name!r}; known: "
                                       f"{', '.join(sorted(known))}")
