"""Small helpers shared by the board drawings: escaping, colours, text, panels. A drawing reads
only the view it is given, and tolerates missing keys (views may still change)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

SEAT_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b7950b", "#7d3c98", "#ca6f1e", "#17a589",
                "#5d6d7e")
NAMED = {"red": "#c0392b", "brown": "#8b5a2b", "blue": "#2471a3", "white": "#f4f6f7",
         "green": "#28b463", "black": "#273746", "magenta": "#c2185b", "turquoise": "#1abc9c",
         "violet": "#7d3c98", "pink": "#f1948a", "ruby": "#c0392b", "sapphire": "#2471a3",
         "diamond": "#d5dbdb", "amethyst": "#8e44ad", "fire": "#e74c3c", "water": "#3498db",
         "air": "#aed6f1", "earth": "#a0522d"}


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def seat_colour(seat: Any) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if isinstance(seat, int) and seat >= 0 else "#888"


def named_colour(name: Any, default: str = "#bbb") -> str:
    return NAMED.get(str(name).lower(), default)


def get(mapping: Any, key: str, default: Any = None) -> Any:
    return mapping.get(key, default) if isinstance(mapping, Mapping) else default


def as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else []


def text(x: float, y: float, content: Any, size: int = 12, anchor: str = "middle",
         weight: str = "normal", fill: str = "#222", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}" {extra}>{esc(content)}</text>')


def svg(width: float, height: float, body: Sequence[str], title: str = "") -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{esc(title)}" '
            f'font-family="system-ui, sans-serif">' + "".join(body) + "</svg>")


def short(value: Any, limit: int = 42) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        value = ", ".join(str(v) for v in value) or "–"
    elif isinstance(value, Mapping):
        value = ", ".join(f"{k}: {v}" for k, v in value.items()) or "–"
    elif value is None:
        value = "–"
    value = str(value)
    return value if len(value) <= limit else value[: limit - 1] + "…"


def panel(x: float, y: float, width: float, title: str, rows: Sequence[tuple[str, Any]],
          colour: str = "#888", highlight: bool = False, place: str | None = None) -> tuple[str, float]:
    """A player board: a titled box of `label: value` rows. Returns (svg, height)."""
    height = 24 + 16 * len(rows) + 6
    attrs = f' data-place="{esc(place)}"' if place else ""
    out = [f'<g class="panel"{attrs}>',
           f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="8" fill="#fffdf8" '
           f'stroke="{colour}" stroke-width="{4 if highlight else 2}"/>',
           f'<rect x="{x}" y="{y}" width="{width}" height="22" rx="8" fill="{colour}"/>',
           text(x + 10, y + 16, title, 13, "start", "bold", "#fff")]
    for i, (label, value) in enumerate(rows):
        out.append(text(x + 10, y + 38 + 16 * i, f"{label}:", 11, "start", "normal", "#6b6457"))
        shown = short(value, int((width - 110) / 6.2))
        row = text(x + 100, y + 38 + 16 * i, shown, 11, "start")
        full = short(value, 10**6)
        # a cut value keeps its whole text as the row's tooltip
        out.append(row if shown == full else
                   f'<g data-full="{esc(full)}"><title>{esc(full)}</title>{row}</g>')
    out.append("</g>")
    return "".join(out), height


def seat_panels(view: Mapping[str, Any], y: float, width: float,
                rows_of: Any, title_of: Any, per_row: int = 3) -> tuple[list[str], float]:
    """One panel per seat, laid out `per_row` to a row, starting at y. Returns (svg parts, bottom)."""
    seats = as_list(get(view, "seats"))
    viewer = get(view, "viewer")
    current = get(view, "current_player")
    gap = 12
    w = (width - gap * (per_row + 1)) / per_row
    parts: list[str] = []
    bottom = y
    row_height = 0.0
    for i, seat in enumerate(seats):
        col = i % per_row
        if col == 0 and i:
            y = y + row_height + gap
            row_height = 0
        title = title_of(i, seat) + (" (you)" if i == viewer else "") + (" ◀" if i == current else "")
        part, h = panel(gap + col * (w + gap), y, w, title, rows_of(i, seat) if isinstance(seat, Mapping) else [],
                        seat_colour(i), i == current)
        parts.append(part)
        row_height = max(row_height, h)
        bottom = y + row_height
    return parts, bottom


# ---- cards, buttons and places (the board contract: data-place, data-piece, data-component) ----

def wrap(content: Any, chars: int, lines: int = 99) -> list[str]:
    """Greedy word wrap of `content` into at most `lines` lines of about `chars` characters; the
    last line ends with an ellipsis when the text does not fit."""
    words = str(content or "").split()
    out: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if len(candidate) <= chars or not line:
            line = candidate
            continue
        out.append(line)
        line = word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = short(out[-1] + " …", chars)
    return [short(row, chars) for row in out]


def attrs(place: str | None = None, piece: str | None = None, component: str | None = None) -> str:
    """The contract attributes of a board element (empty ones left out)."""
    found = (("data-place", place), ("data-piece", piece), ("data-component", component))
    return "".join(f' {name}="{esc(value)}"' for name, value in found if value)


def card_box(x: float, y: float, w: float, h: float, *, title: Any, cost: Any = "", body: Any = "",
             place: str | None = None, component: str | None = None, edge: str = "#8d6e63",
             fill: str = "#fffdf8", highlight: bool = False, note: Any = "") -> str:
    """A card: a coloured edge, its name in bold, a cost/requirement line and its text wrapped to
    the card's width (cut with an ellipsis; the whole text stays in the tooltip)."""
    chars = max(6, int((w - 10) / 5.3))
    out = [f'<g class="card"{attrs(place, None, component)}>',
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6" fill="{fill}" '
           f'stroke="{"#f39c12" if highlight else edge}" stroke-width="{4 if highlight else 2.5}"/>',
           f'<title>{esc(title)}{(" — " + esc(cost)) if cost else ""}{(": " + esc(body)) if body else ""}</title>']
    title_lines = wrap(title, max(6, int((w - 8) / 6.4)), 2)
    for k, line in enumerate(title_lines):
        out.append(text(x + w / 2, y + 14 + 12 * k, line, 11, weight="bold"))
    top = y + 14 + 12 * len(title_lines)
    for line in wrap(cost, int(chars * 0.95), 2):
        out.append(text(x + w / 2, top, line, 9, fill="#7b5e2a", weight="bold"))
        top += 11
    room = max(0, int((y + h - 4 - top) / 10))
    for k, line in enumerate(wrap(body, chars, room)):
        out.append(text(x + 5, top + 1 + 10 * k, line, 8.5, "start", fill="#333"))
    if note:
        out.append(text(x + w - 5, y + h - 5, short(note, chars), 9, "end", "bold", "#a93226"))
    out.append("</g>")
    return "".join(out)


def card_back(x: float, y: float, w: float, h: float, label: Any = "", place: str | None = None,
              fill: str = "#5d4e37") -> str:
    """A face-down card (or a deck): no name, an optional count or label."""
    return (f'<g class="card back"{attrs(place)}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
            f'rx="6" fill="{fill}" stroke="#2e2418" stroke-width="2"/>'
            + (text(x + w / 2, y + h / 2 + 4, label, 11, weight="bold", fill="#f6f3ec") if label != "" else "")
            + "</g>")


def slot(x: float, y: float, w: float, h: float, label: Any = "", place: str | None = None) -> str:
    """An empty space of the table (dashed outline)."""
    return (f'<g class="slot"{attrs(place)}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6" '
            f'fill="none" stroke="#b0a58f" stroke-dasharray="5 4"/>'
            + (text(x + w / 2, y + h / 2 + 4, label, 10, fill="#8a7f6a") if label != "" else "") + "</g>")


def button(x: float, y: float, w: float, label: Any, place: str, h: float = 26,
           fill: str = "#5d4e37", active: bool = True) -> str:
    """A drawn marker for a decision with no natural place on the table (pass, done, wait)."""
    colour = fill if active else "#b9b2a4"
    return (f'<g class="button"{attrs(place)}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
            f'rx="{h / 2:.1f}" fill="{colour}" stroke="#2e2418"/>'
            + text(x + w / 2, y + h / 2 + 4, label, 12, weight="bold", fill="#fff") + "</g>")


def unique_keys(names: Sequence[Any], prefix: str) -> list[str]:
    """Place keys for a row of named cards: `prefix:name`, a repeated name `prefix:name:2`, ...
    (an action names the card, so it involves the first copy's key)."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[str(name)] = seen.get(str(name), 0) + 1
        count = seen[str(name)]
        out.append(f"{prefix}:{name}" + (f":{count}" if count > 1 else ""))
    return out
