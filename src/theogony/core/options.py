"""The schema of an agent option: what values it accepts, written plainly.

An option accepts some fixed words, whole numbers in an inclusive range, decimals in an inclusive
range, a name (lower-case letters, digits and underscores, starting with a letter: for choices
whose list depends on the game, which the agent then checks), or a mix of these. Numbers are
written plainly: digits with an optional leading minus, and for decimals one optional decimal
point. Anything Python's int()/float() would also take (`+5`, `1_000`, ` 5`, `0x10`, `1e3`, `nan`,
`inf`) is refused, so the CLI, the arena and the web server see the same values and no cap can be
slipped past. It lives in the core so a game can declare the options of
its own agents (a factory's `options` attribute) without importing the agents layer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

OptionValue = int | float | str

_WHOLE = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
_LONGEST_NUMBER = 32   # longer texts are refused before int() (which caps digits) sees them


@dataclass(frozen=True)
class Option:
    """What one option accepts. `whole` and `decimal` are inclusive (low, high) bounds; `name`
    accepts any name (see the module's docstring)."""

    words: tuple[str, ...] = ()
    whole: tuple[int, int] | None = None
    decimal: tuple[float, float] | None = None
    name: bool = False

    def expected(self) -> str:
        kinds = list(self.words)
        if self.name:
            kinds.append("a name (lower-case letters, digits and _, starting with a letter)")
        if self.whole is not None:
            kinds.append(f"a whole number from {self.whole[0]} to {self.whole[1]}")
        if self.decimal is not None:
            kinds.append(f"a decimal number from {self.decimal[0]:g} to {self.decimal[1]:g}")
        return kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " or " + kinds[-1]

    def parse(self, text: str) -> OptionValue | None:
        """The value `text` stands for, or None where this option does not accept it."""
        if text in self.words or (self.name and _NAME.fullmatch(text)):
            return text
        if len(text) > _LONGEST_NUMBER:
            return None
        if self.whole is not None and _WHOLE.fullmatch(text):
            value = int(text)
            return value if self.whole[0] <= value <= self.whole[1] else None
        if self.decimal is not None and _DECIMAL.fullmatch(text):
            number = float(text)
            return number if self.decimal[0] <= number <= self.decimal[1] else None
        return None


OptionSchema = Mapping[str, Option]
