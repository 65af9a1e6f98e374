"""Strict, typed agent options: the one parser every agent factory uses.

An option accepts some fixed words, whole numbers in an inclusive range, decimals in an inclusive
range, or a mix of these. Numbers are written plainly: digits with an optional leading minus, and
for decimals one optional decimal point. Anything Python's int()/float() would also take (`+5`, `1_000`,
` 5`, `0x10`, `1e3`, `nan`, `inf`) is refused, so the CLI, the arena and the web server see the
same values and no cap can be slipped past.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .errors import AgentSpecError

OptionValue = int | float | str

_WHOLE = re.compile(r"-?[0-9]+")
_DECIMAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_LONGEST_NUMBER = 32   # longer texts are refused before int() (which caps digits) sees them


@dataclass(frozen=True)
class Option:
    """What one option accepts. `whole` and `decimal` are inclusive (low, high) bounds."""

    words: tuple[str, ...] = ()
    whole: tuple[int, int] | None = None
    decimal: tuple[float, float] | None = None

    def expected(self) -> str:
        kinds = list(self.words)
        if self.whole is not None:
            kinds.append(f"a whole number from {self.whole[0]} to {self.whole[1]}")
        if self.decimal is not None:
            kinds.append(f"a decimal number from {self.decimal[0]:g} to {self.decimal[1]:g}")
        return kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " or " + kinds[-1]

    def parse(self, text: str) -> OptionValue | None:
        """The value `text` stands for, or None where this option does not accept it."""
        if text in self.words:
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


def parse_options(agent: str, options: Mapping[str, str], schema: OptionSchema) -> dict[str, OptionValue]:
    """Each option of `agent` parsed by its schema entry; an unknown option or a value the entry
    refuses raises AgentSpecError naming the option, the value and what was expected."""
    parsed: dict[str, OptionValue] = {}
    for key, text in options.items():
        option = schema.get(key)
        if option is None:
            known = f"options: {', '.join(schema)}" if schema else "it takes no options"
            raise AgentSpecError(f"agent {agent!r} has no option {key!r}; {known}")
        value = option.parse(text)
        if value is None:
            raise AgentSpecError(
                f"agent {agent!r} option {key}={text!r} is refused: expected {option.expected()}")
        parsed[key] = value
    return parsed
