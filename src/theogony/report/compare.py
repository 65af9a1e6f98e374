"""A/B of content: the same figure's rows of two runs on the same seeds, with the significance of
each difference. Rates use the pooled two-proportion z-test (it accepts the fractional wins of a
shared first place, which Fisher's exact test does not); per-game means use Welch's test with the
normal approximation."""

from __future__ import annotations

import math
from dataclasses import dataclass

from theogony.arena.stats import two_proportion_test

from .analysis import Mean, Rate, Section

SIGNIFICANT = 0.05


@dataclass(frozen=True)
class Difference:
    name: str
    baseline: Rate | Mean | None
    variant: Rate | Mean | None
    p_value: float | None   # None when one side lacks the row

    @property
    def significant(self) -> bool:
        return self.p_value is not None and self.p_value < SIGNIFICANT

    @property
    def change(self) -> float | None:
        if self.baseline is None or self.variant is None:
            return None
        return _value(self.variant) - _value(self.baseline)


def _value(row: Rate | Mean) -> float:
    return row.rate if isinstance(row, Rate) else row.mean


def welch_test(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """Two-sided p-value that two means are equal (Welch's statistic, normal approximation)."""
    if len(a) < 2 or len(b) < 2:
        return 1.0
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    var_a = sum((x - mean_a) ** 2 for x in a) / (len(a) - 1)
    var_b = sum((x - mean_b) ** 2 for x in b) / (len(b) - 1)
    spread = var_a / len(a) + var_b / len(b)
    if spread <= 0:
        return 1.0 if mean_a == mean_b else 0.0
    return math.erfc(abs(mean_a - mean_b) / math.sqrt(spread) / math.sqrt(2))


def compare(baseline: Section | None, variant: Section | None) -> list[Difference]:
    """Row by row (by name, baseline order first) the two sections' values and the p-value."""
    rows_a = _rows(baseline)
    rows_b = _rows(variant)
    names = list(rows_a) + [n for n in rows_b if n not in rows_a]
    return [_difference(name, rows_a.get(name), rows_b.get(name)) for name in names]


def _rows(section: Section | None) -> dict[str, Rate | Mean]:
    if section is None:
        return {}
    return {row.name: row for row in [*section.rates, *section.means]}


def _difference(name: str, a: Rate | Mean | None, b: Rate | Mean | None) -> Difference:
    if a is None or b is None:
        return Difference(name, a, b, None)
    if isinstance(a, Rate) and isinstance(b, Rate):
        return Difference(name, a, b, two_proportion_test(a.wins, a.trials, b.wins, b.trials))
    assert isinstance(a, Mean) and isinstance(b, Mean)
    return Difference(name, a, b, welch_test(a.values, b.values))
