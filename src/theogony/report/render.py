"""The report as one self-contained HTML file (figures embedded as base64 PNG) and as Markdown
with its PNG figures beside it (figures/...)."""

from __future__ import annotations

import base64
import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from .analysis import Analysis, Mean, Rate, Section
from .compare import SIGNIFICANT, Difference, compare
from .figures import FLAG, comparison_figure, distribution_figure, mean_figure, rate_figure

METHOD = (
    "Win rates count a shared first place as a fraction of a win (1/number of winners) and are "
    "over completed games only (a game stopped at the decision cap is truncated, a failed game an "
    "error; both are counted apart). Intervals are 95% Wilson score intervals; the fair share of a "
    "seat-game is 1/seats. A row is flagged (!) when the fair share lies outside its interval: with "
    "many rows, about one in twenty is flagged by chance alone, so rerun with more games before "
    "changing a card for one flag.")
AB_METHOD = (
    "A/B: both content sets play the same seeds with the same agents. Each row's difference is "
    "tested with the pooled two-proportion z-test for win rates (it takes the fractional wins of a "
    "shared first place, which Fisher's exact test does not) and with Welch's test (normal "
    "approximation) for means per game; * marks p < 0.05.")


@dataclass
class Part:
    """One figure with its heading, explanation and table."""

    key: str
    title: str
    explanation: str
    png: bytes
    header: list[str]
    rows: list[list[str]]
    notes: list[str]   # per row: why it is flagged (outside the fair share, a significant change), or ""
    filename: str = ""

    @property
    def comparison(self) -> bool:
        return "significant" in self.header


@dataclass
class Chapter:
    """All the figures of one game and player count (one content set, or an A/B pair)."""

    title: str
    facts: list[str]
    parts: list[Part] = field(default_factory=list)

    @property
    def flags(self) -> list[str]:
        return [f"{part.title}: {row[0]}" + (f" ({note})" if part.comparison else "")
                for part in self.parts for row, note in zip(part.rows, part.notes) if note]


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(row: Rate | Mean) -> str:
    if isinstance(row, Rate):
        low, high = row.interval
        return f"{_percent(low)}–{_percent(high)}"
    low, high = row.interval
    return f"{low:.3g}–{high:.3g}"


def _facts(analysis: Analysis) -> list[str]:
    return [f"{analysis.games} games, {analysis.completed} completed, {analysis.truncated} truncated, "
            f"{analysis.errors} errors; {analysis.seats} seats",
            "agents: " + ", ".join(analysis.agents),
            "content: " + (analysis.content or "built-in"), *_headline(analysis)]


def _headline(analysis: Analysis) -> list[str]:
    """The first player's win rate and the mean length, in words, for the top of a chapter."""
    lines = []
    first = analysis.section("first player")
    if first is not None and first.rates:
        row = first.rates[0]
        lines.append(f"first player ({row.name}) wins {_percent(row.rate)} ({_interval(row)}), "
                     f"fair share {_percent(row.fair)}" + (": outside (!)" if row.flagged else ""))
    length = analysis.section("length")
    if length is not None and length.means:
        decisions = length.means[0]
        lines.append(f"mean length {decisions.mean:.0f} decisions ({_interval(decisions)})")
    return lines


def single_chapter(analysis: Analysis) -> Chapter:
    chapter = Chapter(f"{analysis.game}, {analysis.players} players", _facts(analysis))
    for section in analysis.sections:
        chapter.parts.append(_single_part(section))
    return chapter


def _single_part(section: Section) -> Part:
    if section.rates:
        rows = [[r.name, str(r.trials), f"{r.wins:g}", _percent(r.rate), _interval(r), _percent(r.fair),
                 ("outside" + FLAG) if r.flagged else ""] for r in section.rates]
        return Part(section.key, section.title, section.explanation, rate_figure(section),
                    ["", "seat-games", "wins", "win rate", "95% interval", "fair share", "flag"], rows,
                    ["outside the fair share" if r.flagged else "" for r in section.rates])
    figure = distribution_figure(section) if section.distribution else mean_figure(section)
    rows = [[m.name, f"{m.mean:.3g}", _interval(m), f"{min(m.values, default=0):g}",
             f"{max(m.values, default=0):g}"] for m in section.means]
    return Part(section.key, section.title, section.explanation, figure,
                ["", "mean", "95% interval", "min", "max"], rows, [""] * len(rows))


def ab_chapter(baseline: Analysis, variant: Analysis) -> Chapter:
    names = ("built-in", f"override {Path(variant.content or '').name}")
    facts = [f"{names[0]}: " + fact for fact in [_facts(baseline)[0], *_headline(baseline)]]
    facts += [f"{names[1]}: " + fact for fact in [_facts(variant)[0], *_headline(variant)]]
    facts += ["agents: " + ", ".join(baseline.agents), f"override content: {variant.content}"]
    chapter = Chapter(f"{baseline.game}, {baseline.players} players: built-in against {names[1]}", facts)
    keys = [s.key for s in baseline.sections] + [s.key for s in variant.sections
                                                 if baseline.section(s.key) is None]
    for key in keys:
        a, b = baseline.section(key), variant.section(key)
        section = a or b
        assert section is not None
        differences = compare(a, b)
        if section.distribution:
            png = distribution_figure(a or b, b if a else None, names)  # type: ignore[arg-type]
        else:
            png = comparison_figure(section, differences, names)
        chapter.parts.append(Part(key, section.title, section.explanation, png,
                                  ["", names[0], names[1], "change", "p", "significant"],
                                  [_ab_row(d) for d in differences], [_ab_note(d, names) for d in differences]))
    return chapter


def _ab_note(d: Difference, names: tuple[str, str]) -> str:
    """Why an A/B row is flagged: a side outside the fair share, a significant difference."""
    notes = [f"{name} outside the fair share" for name, row in zip(names, (d.baseline, d.variant))
             if isinstance(row, Rate) and row.flagged]
    if d.significant:
        notes.append(f"difference p={d.p_value:.3f}")
    return ", ".join(notes)


def _ab_row(d: Difference) -> list[str]:
    def cell(row: Rate | Mean | None) -> str:
        if row is None:
            return "-"
        if isinstance(row, Rate):
            return f"{_percent(row.rate)} ({_interval(row)}, n={row.trials})" + (FLAG if row.flagged else "")
        return f"{row.mean:.3g} ({_interval(row)})"

    change = d.change
    is_rate = isinstance(d.baseline or d.variant, Rate)
    shown = "-" if change is None else (f"{100 * change:+.1f} pts" if is_rate else f"{change:+.3g}")
    p = "-" if d.p_value is None else f"{d.p_value:.3f}"
    return [d.name, cell(d.baseline), cell(d.variant), shown, p, f"yes (p<{SIGNIFICANT})" if d.significant else ""]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def write(chapters: list[Chapter], out_dir: Path, title: str) -> tuple[Path, Path]:
    """report.html (self-contained) and report.md with figures/*.png in `out_dir`."""
    figures = out_dir / "figures"
    figures.mkdir(parents=True, exist_ok=True)
    for c, chapter in enumerate(chapters):
        for part in chapter.parts:
            part.filename = f"figures/{c + 1}-{_slug(part.key)}.png"
            (out_dir / part.filename).write_bytes(part.png)
    html_path, md_path = out_dir / "report.html", out_dir / "report.md"
    html_path.write_text(to_html(chapters, title), encoding="utf-8")
    md_path.write_text(to_markdown(chapters, title), encoding="utf-8")
    return html_path, md_path


def _method(chapters: list[Chapter]) -> list[str]:
    ab = any(part.comparison for chapter in chapters for part in chapter.parts)
    return [METHOD] + ([AB_METHOD] if ab else [])


def to_markdown(chapters: list[Chapter], title: str) -> str:
    lines = [f"# {title}", "", *_method(chapters), ""]
    for chapter in chapters:
        lines += [f"## {chapter.title}", "", *[f"- {fact}" for fact in chapter.facts], ""]
        flags = chapter.flags
        lines += [f"**Flags ({len(flags)})**: " + ("; ".join(flags) if flags else "none"), ""]
        for part in chapter.parts:
            lines += [f"### {part.title}", "", part.explanation, "", f"![{part.title}]({part.filename})", "",
                      "| " + " | ".join(part.header) + " |", "|" + "---|" * len(part.header)]
            lines += ["| " + " | ".join(cell.replace("|", "/") for cell in row) + " |" for row in part.rows]
            lines.append("")
    return "\n".join(lines)


_STYLE = """body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 2em;font-size:13px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}tr.mark td{color:#c44e52;font-weight:600}
img{max-width:100%;display:block;margin:.5em 0}.flags{background:#fdf0f0;border-left:4px solid #c44e52;padding:.5em 1em}
.method{color:#555;font-size:14px}nav a{margin-right:1em}"""


def to_html(chapters: list[Chapter], title: str) -> str:
    out = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>",
           f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]
    out += [f"<p class='method'>{html.escape(text)}</p>" for text in _method(chapters)]
    for c, chapter in enumerate(chapters):
        out.append(f"<h2 id='c{c}'>{html.escape(chapter.title)}</h2><ul>"
                   + "".join(f"<li>{html.escape(f)}</li>" for f in chapter.facts) + "</ul>")
        flags = chapter.flags
        out.append(f"<div class='flags'><b>Flags ({len(flags)})</b>: "
                   + (html.escape("; ".join(flags)) if flags else "none") + "</div>")
        out.append("<nav>" + "".join(f"<a href='#c{c}-{_slug(p.key)}'>{html.escape(p.title)}</a>"
                                     for p in chapter.parts) + "</nav>")
        for part in chapter.parts:
            encoded = base64.b64encode(part.png).decode("ascii")
            out.append(f"<h3 id='c{c}-{_slug(part.key)}'>{html.escape(part.title)}</h3>"
                       f"<p>{html.escape(part.explanation)}</p>"
                       f"<img alt='{html.escape(part.title)}' src='data:image/png;base64,{encoded}'>")
            out.append("<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in part.header) + "</tr>")
            for row, mark in zip(part.rows, part.notes):
                out.append(f"<tr{' class=mark' if mark else ''}>"
                           + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>")
            out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out)
