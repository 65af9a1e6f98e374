"""Theocratia: the island (the radius-4 hex map around the Volcano) with terrain colours,
buildings and crystals of the four Civs, the temple tracks of each player's priests, the Civs'
boards and each player's board. Hexes are clickable places (by hex id)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ...core.svg import as_list, esc, get, named_colour, seat_colour, seat_panels, short, svg, text

try:  # static geometry of the board (content data); the drawing still works without it
    from .content import CIV_NAMES, CRYSTAL_NAMES, HEXES, KIND_NAMES
    _GEOMETRY = [(h.id, h.q, h.r) for h in HEXES]
except Exception:  # pragma: no cover - the game package changed or is missing
    CIV_NAMES = ("Magenta", "Turquoise", "Violet", "Pink")
    CRYSTAL_NAMES = ("Red", "Brown", "Blue", "White", "Green", "Black")
    KIND_NAMES = ("empty", "Fortress", "House", "Factory", "Barrack", "Pyramid", "Plain Monster",
                  "Desert Monster")
    _GEOMETRY = []

PLAYER_COLOURS = ("Red", "Brown", "Blue", "White")
TERRAIN = {-1: ("#abebc6", "plains"), -2: ("#f9e79f", "desert"), -3: ("#6e2c00", "volcano"),
           -4: ("#aab7b8", "fortress")}
KIND_LETTER = {1: "F", 2: "H", 3: "Fa", 4: "B", 5: "P", 6: "M", 7: "M"}
SIZE = 30.0
WIDTH = 900.0


def _geometry(n: int) -> list[tuple[str, int, int]]:
    if len(_GEOMETRY) == n:
        return _GEOMETRY
    out: list[tuple[str, int, int]] = []
    radius = 0
    while len(out) < n:  # a spiral of axial coordinates when the content is unavailable
        for q in range(-radius, radius + 1):
            for r in range(-radius, radius + 1):
                if max(abs(q), abs(r), abs(q + r)) == radius:
                    out.append((f"#{len(out)}", q, r))
        radius += 1
    return out[:n]


def _civ_colour(civ: int) -> str:
    return named_colour(CIV_NAMES[civ]) if 0 <= civ < len(CIV_NAMES) else "#555"


def render_svg(view: Mapping[str, Any]) -> str:
    hexes = [h for h in as_list(get(view, "hexes")) if isinstance(h, (list, tuple)) and len(h) >= 4]
    body: list[str] = [f'<rect width="{WIDTH}" height="100%" fill="#d6eaf8"/>']
    ox, oy = 300.0, 290.0
    for (hex_id, q, r), (colour, civ, kind, crystal) in zip(_geometry(len(hexes)), hexes):
        cx = ox + SIZE * math.sqrt(3) * (q + r / 2)
        cy = oy + SIZE * 1.5 * r
        if isinstance(colour, int) and 0 <= colour < len(PLAYER_COLOURS):
            fill, terrain = named_colour(PLAYER_COLOURS[colour]), PLAYER_COLOURS[colour].lower()
        else:
            fill, terrain = TERRAIN.get(colour, ("#eee", "?"))
        points = " ".join(f"{cx + SIZE * math.cos(math.radians(60 * k - 30)):.1f},"
                          f"{cy + SIZE * math.sin(math.radians(60 * k - 30)):.1f}" for k in range(6))
        what = KIND_NAMES[kind] if isinstance(kind, int) and 0 <= kind < len(KIND_NAMES) else ""
        owner = CIV_NAMES[civ] if isinstance(civ, int) and 0 <= civ < len(CIV_NAMES) else ""
        tip = f"{hex_id}: {terrain}" + (f", {owner} {what}" if kind else "")
        body.append(f'<g class="hex" data-place="{esc(hex_id)}"><polygon points="{points}" fill="{fill}" '
                    f'stroke="#5d4e37" stroke-width="1"><title>{esc(tip)}</title></polygon>')
        body.append(text(cx, cy - 14, hex_id, 8, fill="#555"))
        if isinstance(kind, int) and kind > 0:
            piece = _civ_colour(civ) if isinstance(civ, int) and civ >= 0 else "#333"
            body.append(f'<rect x="{cx - 10:.1f}" y="{cy - 8:.1f}" width="20" height="15" rx="3" fill="{piece}" stroke="#222"/>')
            body.append(text(cx, cy + 3, KIND_LETTER.get(kind, "?"), 10, weight="bold", fill="#fff"))
        if isinstance(crystal, int) and 0 <= crystal < len(CRYSTAL_NAMES):
            body.append(f'<circle cx="{cx + 12:.1f}" cy="{cy + 12:.1f}" r="5" fill="{named_colour(CRYSTAL_NAMES[crystal])}" '
                        f'stroke="#222"><title>{esc(CRYSTAL_NAMES[crystal])} crystal</title></circle>')
        body.append("</g>")
    body.append(text(20, 20, "F Fortress · H House · Fa Factory · B Barrack · P Pyramid · M Monster", 11, "start"))

    # temple tracks: one row per Civ, each player's priest at its position
    seats = as_list(get(view, "seats"))
    tx, ty = 600.0, 60.0
    body.append(text(tx, ty - 20, "Temple tracks (priests)", 13, "start", "bold"))
    for civ in range(len(CIV_NAMES)):
        y = ty + civ * 46
        body.append(text(tx, y + 4, CIV_NAMES[civ], 11, "start", "bold", _civ_colour(civ)))
        body.append(f'<line x1="{tx + 80}" y1="{y}" x2="{tx + 280}" y2="{y}" stroke="{_civ_colour(civ)}" stroke-width="3"/>')
        for step in range(11):
            body.append(f'<circle cx="{tx + 80 + step * 20}" cy="{y}" r="3" fill="#fff" stroke="#555"/>')
        for i, seat in enumerate(seats):
            priests = as_list(get(seat, "priests"))
            if civ < len(priests) and isinstance(priests[civ], int) and priests[civ] >= 0:
                px = tx + 80 + min(priests[civ], 10) * 20
                body.append(f'<circle cx="{px}" cy="{y + 12 + 0 * i}" r="6" fill="{named_colour(get(seat, "colour"), seat_colour(i))}" '
                            f'stroke="#222" transform="translate({(i - 1.5) * 5:.1f},0)"><title>seat {i}: {priests[civ]}</title></circle>')
    status = [f"round {get(view, 'round', '?')}/{get(view, 'rounds', '?')}", f"stage {get(view, 'stage', '?')}",
              f"dice on the table {short(get(view, 'table'), 30)}", f"deck {get(view, 'deck_size', '?')}"]
    body.append(text(tx, ty + 200, " · ".join(status[:2]), 11, "start"))
    body.append(text(tx, ty + 216, " · ".join(status[2:]), 11, "start"))
    body.append(text(tx, ty + 232, "round bonus: " + short(get(view, "round_bonus"), 40), 11, "start"))
    if get(view, "bot") not in (None, "none", ""):
        body.append(text(tx, ty + 248, f"bot {get(view, 'bot')} (seat {get(view, 'bot_seat', '?')}), "
                                      f"deck {get(view, 'bot_deck_size', '?')}", 11, "start"))

    y = 560.0
    civs = [c for c in as_list(get(view, "civs")) if isinstance(c, Mapping)]
    cw = (WIDTH - 12 * 5) / 4
    for civ, info in enumerate(civs[:4]):
        x = 12 + civ * (cw + 12)
        body.append(f'<rect x="{x}" y="{y}" width="{cw}" height="86" rx="6" fill="#fffdf8" stroke="{_civ_colour(civ)}" stroke-width="2"/>')
        body.append(text(x + 8, y + 16, CIV_NAMES[civ] if civ < len(CIV_NAMES) else f"Civ {civ}", 12, "start", "bold", _civ_colour(civ)))
        lines = [f"H {get(info, 'houses', '?')} · Fa {get(info, 'factories', '?')} · B {get(info, 'barracks', '?')} · P {get(info, 'pyramids', '?')}",
                 f"warriors {get(info, 'warriors', '?')} · supply {get(info, 'supply', '?')}",
                 f"crystals {short(get(info, 'crystals'), 24)}",
                 f"page {get(info, 'page', '?')} · {short(get(info, 'dev'), 16)}"]
        for k, line in enumerate(lines):
            body.append(text(x + 8, y + 32 + 14 * k, line, 10, "start"))

    def rows(i: int, seat: Mapping[str, Any]) -> list[tuple[str, Any]]:
        return [("score", get(seat, "score")), ("cosmo", get(seat, "cosmo")), ("priests", get(seat, "priests")),
                ("tiles", get(seat, "tiles")), ("pyramids built", get(seat, "pyramids_built")),
                ("hand", get(seat, "hand", f"{get(seat, 'hand_size', '?')} cards")), ("tokens", get(seat, "tokens"))]

    parts, bottom = seat_panels(view, y + 100, WIDTH, rows,
                                lambda i, s: f"Seat {i}: {get(s, 'colour', '')}", per_row=4)
    body += parts
    return svg(WIDTH, bottom + 12, body, "Theocratia island")
