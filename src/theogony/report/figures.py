"""The report's figures as PNG bytes (matplotlib, the `report` extra). A flagged row (its 95%
interval misses the fair share) is drawn red and marked "(!)"; in an A/B figure a row whose
difference is significant gets its p-value and "*"."""

from __future__ import annotations

import io
from typing import Any

from .analysis import Mean, Rate, Section
from .compare import Difference

INSTALL_HINT = "pip install -e '.[report]'"
BASELINE_COLOUR, VARIANT_COLOUR, FLAG_COLOUR, PLAIN_COLOUR = "#4c72b0", "#dd8452", "#c44e52", "#4c72b0"
FLAG = " (!)"


def pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ValueError(f"the report's figures need matplotlib: {INSTALL_HINT}") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    pyplot().close(figure)
    return buffer.getvalue()


def _height(rows: int, per_row: float) -> float:
    return 1.4 + per_row * max(rows, 1)


def rate_figure(section: Section) -> bytes:
    plt = pyplot()
    rates = section.rates
    figure, axes = plt.subplots(figsize=(8, _height(len(rates), 0.32)))
    positions = list(range(len(rates)))[::-1]
    colours = [FLAG_COLOUR if r.flagged else PLAIN_COLOUR for r in rates]
    axes.barh(positions, [r.rate for r in rates], xerr=_errors(rates), color=colours, alpha=0.85,
              capsize=3, height=0.6)
    axes.set_yticks(positions, [f"{r.name}{FLAG if r.flagged else ''}  (n={r.trials}"
                                + (f"/{r.out_of})" if r.out_of else ")") for r in rates])
    _fair_lines(axes, rates)
    axes.set_xlabel("win rate (bars: 95% interval; dashed: fair share)")
    axes.set_xlim(0, _right_edge(rates))
    flagged = len(section.flagged)
    axes.set_title(f"{section.title}" + (f": {flagged} outside the fair share" if flagged else ""),
                   color=FLAG_COLOUR if flagged else "black")
    return _png(figure)


def _errors(rates: list[Rate]) -> list[list[float]]:
    return [[max(0.0, r.rate - r.interval[0]) for r in rates],
            [max(0.0, r.interval[1] - r.rate) for r in rates]]


def _fair_lines(axes: Any, rates: list[Rate]) -> None:
    for fair in sorted({round(r.fair, 6) for r in rates}):
        axes.axvline(fair, color="black", linestyle="--", linewidth=1)


def _right_edge(rates: list[Rate]) -> float:
    return min(1.0, max([r.interval[1] for r in rates] + [r.fair for r in rates] + [0.1]) * 1.1)


def mean_figure(section: Section) -> bytes:
    plt = pyplot()
    means = section.means
    figure, axes = plt.subplots(figsize=(8, _height(len(means), 0.28)))
    positions = list(range(len(means)))[::-1]
    errors = [[max(0.0, m.mean - m.interval[0]) for m in means],
              [max(0.0, m.interval[1] - m.mean) for m in means]]
    axes.barh(positions, [m.mean for m in means], xerr=errors,
              color=PLAIN_COLOUR, alpha=0.85, capsize=3, height=0.6)
    axes.set_yticks(positions, [m.name for m in means])
    axes.set_xlabel("mean per game (bars: 95% interval)")
    axes.set_title(section.title)
    return _png(figure)


def distribution_figure(section: Section, other: Section | None = None,
                        names: tuple[str, str] = ("", "")) -> bytes:
    plt = pyplot()
    means = section.means
    columns = min(3, len(means))
    rows = (len(means) + columns - 1) // columns
    figure, grid = plt.subplots(rows, columns, figsize=(4 * columns, 2.8 * rows), squeeze=False)
    others = {m.name: m for m in (other.means if other else [])}
    for index, mean in enumerate(means):
        axes = grid[index // columns][index % columns]
        twin = others.get(mean.name)
        values = [v for v in mean.values] + ([v for v in twin.values] if twin else [])
        bins = _bins(values)
        axes.hist(mean.values, bins=bins, color=BASELINE_COLOUR, alpha=0.6 if twin else 0.85,
                  label=names[0] or None)
        axes.axvline(mean.mean, color=BASELINE_COLOUR, linestyle="--", linewidth=1)
        if twin:
            axes.hist(twin.values, bins=bins, color=VARIANT_COLOUR, alpha=0.6, label=names[1])
            axes.axvline(twin.mean, color=VARIANT_COLOUR, linestyle="--", linewidth=1)
            axes.legend(fontsize=7)
        axes.set_title(f"{mean.name} (mean {mean.mean:.4g}" + (f" / {twin.mean:.4g})" if twin else ")"),
                       fontsize=9)
        axes.set_ylabel("games", fontsize=8)
    for index in range(len(means), rows * columns):
        grid[index // columns][index % columns].axis("off")
    figure.suptitle(section.title + " (dashed: mean)")
    figure.tight_layout()
    return _png(figure)


def _bins(values: list[float]) -> Any:
    low, high = min(values, default=0), max(values, default=1)
    if high == low:
        return [low - 0.5, low + 0.5]
    if all(float(v).is_integer() for v in values) and high - low <= 40:
        return [x - 0.5 for x in range(int(low), int(high) + 2)]
    return 30


def comparison_figure(section: Section, differences: list[Difference], names: tuple[str, str]) -> bytes:
    """Both runs side by side, row by row: rates with their intervals and the fair share, or
    means with their intervals; the p-value of each difference at the right."""
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(9, _height(len(differences), 0.5)))
    count = len(differences)
    for offset, side, colour, label in ((0.18, "baseline", BASELINE_COLOUR, names[0]),
                                        (-0.18, "variant", VARIANT_COLOUR, names[1])):
        rows = [getattr(d, side) for d in differences]
        positions = [count - 1 - i + offset for i, row in enumerate(rows) if row is not None]
        present = [row for row in rows if row is not None]
        values = [_value(row) for row in present]
        # an interval rounded past its value would give matplotlib a negative bar: clamp at 0
        errors = [[max(0.0, _value(r) - _low(r)) for r in present],
                  [max(0.0, _high(r) - _value(r)) for r in present]]
        axes.barh(positions, values, xerr=errors, color=colour, alpha=0.85, capsize=2, height=0.34,
                  label=label)
    rates = [row for d in differences for row in (d.baseline, d.variant) if isinstance(row, Rate)]
    if rates:
        _fair_lines(axes, rates)
    axes.set_yticks(list(range(count))[::-1], [_row_label(d) for d in differences])
    right = max([_high(r) for d in differences for r in (d.baseline, d.variant) if r is not None] + [0.1])
    axes.set_xlim(0, right * 1.3)
    for i, difference in enumerate(differences):
        if difference.p_value is not None:
            axes.text(right * 1.28, count - 1 - i, f"p={difference.p_value:.3f}"
                      + (" *" if difference.significant else ""), va="center", ha="right", fontsize=8,
                      color=FLAG_COLOUR if difference.significant else "black")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)  # clear of the p-values
    kind = "win rate" if rates else "mean per game"
    axes.set_xlabel(f"{kind} (bars: 95% interval" + ("; dashed: fair share)" if rates else ")"))
    significant = sum(1 for d in differences if d.significant)
    axes.set_title(section.title + (f": {significant} significant differences (* p<0.05)" if significant
                                    else ": no significant difference"),
                   color=FLAG_COLOUR if significant else "black")
    return _png(figure)


def _row_label(difference: Difference) -> str:
    flagged = any(isinstance(r, Rate) and r.flagged for r in (difference.baseline, difference.variant))
    return difference.name + (FLAG if flagged else "")


def _value(row: Rate | Mean) -> float:
    return row.rate if isinstance(row, Rate) else row.mean


def _low(row: Rate | Mean) -> float:
    return row.interval[0]


def _high(row: Rate | Mean) -> float:
    return row.interval[1]
