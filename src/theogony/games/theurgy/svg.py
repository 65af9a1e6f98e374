"""Theurgy: the hex map of settlements with their vertices (faith markers), temples, acolytes,
monsters and the anomaly, then one board per deity. Hexes and vertices are clickable places."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ...core.svg import as_list, esc, get, seat_colour, seat_panels, short, svg, text

TYPE_FILL = {"capital": "#d7bde2", "forest": "#7dcea0", "market": "#f7dc6f", "farmland": "#f5cba7",
             "marsh": "#a2d9ce", "harbour": "#aed6f1", "mine": "#bfc9ca"}
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SIZE = 62.0


def _ring(radius: int) -> list[tuple[int, int]]:
    if radius == 0:
        return [(0, 0)]
    out = []
    q, r = DIRS[4][0] * radius, DIRS[4][1] * radius
    for side in range(6):
        for _ in range(radius):
            out.append((q, r))
            q, r = q + DIRS[side][0], r + DIRS[side][1]
    return out


def _spiral(n: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    radius = 0
    while len(out) < n:
        out += _ring(radius)
        radius += 1
    return out[:n]


def _centre(q: float, r: float) -> tuple[float, float]:
    return SIZE * math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r


def render_svg(view: Mapping[str, Any]) -> str:
    settlements = [s for s in as_list(get(view, "settlements")) if isinstance(s, Mapping)]
    seats = as_list(get(view, "seats"))
    deity_colour = {get(s, "deity"): seat_colour(i) for i, s in enumerate(seats) if get(s, "deity")}
    coords = _spiral(len(settlements))
    width = 900.0
    ox, oy = width / 2, 330.0
    body: list[str] = [f'<rect width="{width}" height="100%" fill="#f6f3ec"/>']
    vertex_xy: dict[int, tuple[float, float]] = {}
    acolytes: dict[str, list[tuple[int, int]]] = {}
    for i, seat in enumerate(seats):
        for k, where in enumerate(as_list(get(seat, "acolytes"))):
            acolytes.setdefault(str(where), []).append((i, k + 1))
    monsters: dict[str, list[tuple[str, Any]]] = {}
    for name, info in (get(view, "monsters") or {}).items():
        monsters.setdefault(str(get(info, "at")), []).append((name, get(info, "owner")))
    anomaly = get(view, "anomaly")

    for index, s in enumerate(settlements):
        q, r = coords[index]
        cx, cy = _centre(q, r)
        cx, cy = cx + ox, cy + oy
        corners = []
        for k in range(6):
            a, b = DIRS[k], DIRS[(k + 1) % 6]
            x1, y1 = _centre(q + a[0], r + a[1])
            x2, y2 = _centre(q + b[0], r + b[1])
            vx = (cx - ox + x1 + x2) / 3 + ox
            vy = (cy - oy + y1 + y2) / 3 + oy
            corners.append((vx, vy))
            vertices = as_list(get(s, "vertices"))
            if k < len(vertices) and isinstance(vertices[k], int):
                vertex_xy.setdefault(vertices[k], (vx, vy))
        name = str(get(s, "name", f"#{index}"))
        kind = str(get(s, "type", ""))
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
        body.append(f'<g class="settlement" data-place="{esc(name)}">')
        body.append(f'<polygon points="{points}" fill="{TYPE_FILL.get(kind, "#eee")}" stroke="#5d4e37" '
                    f'stroke-width="1.5"/>')
        body.append(text(cx, cy - 30, name, 12, weight="bold"))
        mortals = get(s, "mortals") or {}
        line = " ".join(f"{'nb' if k == 'non-believer' else k[:3]}:{v}" for k, v in mortals.items())
        body.append(text(cx, cy - 16, line, 10))
        if get(s, "sceptics"):
            body.append(text(cx, cy - 3, f"sceptics {get(s, 'sceptics')}", 10, fill="#6b6457"))
        temple = get(s, "temple")
        if temple:
            colour = deity_colour.get(temple, "#555")
            body.append(f'<path d="M{cx - 11:.1f},{cy + 22:.1f} L{cx:.1f},{cy + 6:.1f} L{cx + 11:.1f},{cy + 22:.1f} Z" '
                        f'fill="{colour}" stroke="#222"><title>temple of {esc(temple)}</title></path>')
        for ruin in as_list(get(s, "ruins"))[:2]:
            body.append(text(cx, cy + 36, f"ruin {short(ruin, 10)}", 9, fill="#6b6457"))
        for j, (seat, number) in enumerate(acolytes.get(name, [])):
            ax = cx - 26 + j * 14
            body.append(f'<circle cx="{ax:.1f}" cy="{cy + 14:.1f}" r="6" fill="{seat_colour(seat)}" stroke="#222">'
                        f'<title>acolyte {number} of seat {seat}</title></circle>')
        for j, (monster, owner) in enumerate(monsters.get(name, [])):
            mx, my = cx + 24, cy + 10 + j * 14
            colour = deity_colour.get(owner, "#444")
            body.append(f'<rect x="{mx - 5:.1f}" y="{my - 5:.1f}" width="10" height="10" transform="rotate(45 {mx:.1f} {my:.1f})" '
                        f'fill="{colour}" stroke="#000"><title>{esc(monster)}</title></rect>')
            body.append(text(mx + 9, my + 4, short(monster, 12), 9, "start"))
        if anomaly == name:
            body.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="44" fill="none" stroke="#7d3c98" '
                        f'stroke-dasharray="4 3" stroke-width="2"><title>anomaly</title></circle>')
        body.append("</g>")

    faith = get(view, "faith") or {}
    for vid, (vx, vy) in sorted(vertex_xy.items()):
        owner = faith.get(f"V{vid}") if isinstance(faith, Mapping) else None
        fill = deity_colour.get(owner, "#fff") if owner else "#fff"
        body.append(f'<g class="vertex" data-place="V{vid}"><circle cx="{vx:.1f}" cy="{vy:.1f}" '
                    f'r="{7 if owner else 4}" fill="{fill}" stroke="#5d4e37">'
                    f'<title>V{vid}{" faith of " + esc(owner) if owner else ""}</title></circle></g>')

    y = 650.0
    legend = [f"{d}" for d in deity_colour]
    for i, name in enumerate(legend):
        body.append(f'<circle cx="{20 + i * 150}" cy="{y}" r="7" fill="{deity_colour[name]}"/>')
        body.append(text(32 + i * 150, y + 4, name, 12, "start"))
    info = [f"turn {get(view, 'turns_taken', '?')}", f"miracle deck {get(view, 'miracle_deck', '?')}",
            f"monster deck {get(view, 'monster_deck', '?')}",
            "face-up monsters: " + short([get(m, "name", m) for m in as_list(get(view, "faceup_monsters"))], 60)]
    body.append(text(20, y + 26, " · ".join(info), 12, "start"))

    def rows(i: int, seat: Mapping[str, Any]) -> list[tuple[str, Any]]:
        out = [("pawn", get(seat, "pawn")), ("hand", get(seat, "hand", f"{get(seat, 'hand_size', '?')} cards")),
               ("horde", get(seat, "horde")), ("acolytes", get(seat, "acolytes")),
               ("calling", get(seat, "calling", "hidden" if get(seat, "has_calling") else "–"))]
        if get(seat, "supply"):
            out.append(("supply", get(seat, "supply")))
        return out

    parts, bottom = seat_panels(view, y + 44, width, rows,
                                lambda i, s: f"Seat {i}: {get(s, 'deity', '')}")
    body += parts
    return svg(width, bottom + 12, body, "Theurgy map")
