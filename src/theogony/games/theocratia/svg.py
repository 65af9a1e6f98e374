"""Theocratia: the table as it is laid out. The island (61 hexes around the Volcano) with terrain
colours, buildings of the four Civs, monsters and crystals, every hex labelled legibly on any
colour; beside it the Actions table with the dice, the held die, the End Round Bonus card, the
Power deck, the Round Bonus cards and the Pyramid tokens on offer; under it the Civ areas (their
row in the Civ selection area, pieces, crystals, Chronicles page and Development card), each
player's Temple track with the four priests, the players' boards (Cosmo, Malus, Conversion tiles,
first-player markers) with the seat's own Power cards by name and text, and the Bot's board in
solo play. Every element an action can name is a `data-place` (keys in places.py)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ...core.content import read_toml
from ...core.svg import as_list, attrs, button, card_box, esc, get, short, svg, text, wrap
from .content import (ACTION_NAMES, CIV_NAMES, CONVERSION_TILES, CRYSTAL_NAMES, DEVELOPMENTS, HERE, HEXES,
                      KIND_NAMES, MARKS, PAGES, POWER_CARDS, ROUND_BONUSES, TOKENS, TRACK_END)
from .places import die_keys

WIDTH = 1000.0
SIZE = 33.0
OX, OY = 300.0, 400.0
PLAYER_FILL = {"Red": "#d9593d", "Brown": "#9c6b3e", "Blue": "#4a90c9", "White": "#eef2f3"}
PLAYER_COLOURS = ("Red", "Brown", "Blue", "White")
TERRAIN = {-1: ("#8fce7a", "plains"), -2: ("#f2d98b", "desert"), -3: ("#4a2511", "Volcano"),
           -4: ("#9aa5a6", "fortress ground")}
TERRAIN_OF_PLAYER = {"Red": "lava", "Brown": "rocky", "Blue": "lakes", "White": "cloudy mountains"}
CIV_FILL = {"Magenta": "#c2185b", "Turquoise": "#12a393", "Violet": "#6c3483", "Pink": "#f06292"}
CRYSTAL_FILL = {"Red": "#e74c3c", "Brown": "#8b5a2b", "Blue": "#2e86c1", "White": "#fdfefe",
                "Green": "#27ae60", "Black": "#1c2833"}
KIND_LETTER = {1: "Fo", 2: "H", 3: "Fa", 4: "B", 5: "Py", 6: "M", 7: "M"}
TILE_STATES = ("locked", "unlocked", "held", "used")
DIE_LABEL = {1: "First", 2: "War", 3: "Expand", 4: "Factory", 5: "Barrack", 6: "Divine"}
BONUS_BY_ID = {b.id: b for b in ROUND_BONUSES}
DEV_BY_EFFECT = {d.effect: d for d in DEVELOPMENTS}


def halo(x: float, y: float, content: Any, size: float = 12, anchor: str = "middle",
         weight: str = "bold", fill: str = "#222", ground: str = "#fffdf8") -> str:
    """A label readable on any hex colour: letters over an outline of the contrasting colour."""
    return text(x, y, content, size, anchor, weight, fill,  # type: ignore[arg-type]
                f'stroke="{ground}" stroke-width="3" paint-order="stroke" stroke-linejoin="round"')


def civ_fill(civ: Any) -> str:
    return CIV_FILL.get(CIV_NAMES[civ], "#555") if isinstance(civ, int) and 0 <= civ < len(CIV_NAMES) else "#555"


def seat_fill(view: Mapping[str, Any], seat: Any) -> str:
    seats = as_list(get(view, "seats"))
    colour = get(seats[seat], "colour") if isinstance(seat, int) and 0 <= seat < len(seats) else None
    return PLAYER_FILL.get(str(colour), "#888")


def _dark(fill: str) -> bool:
    r, g, b = (int(fill[k:k + 2], 16) for k in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


# ---- the island ---------------------------------------------------------------------------------

def _hex_centre(q: int, r: int) -> tuple[float, float]:
    return OX + SIZE * math.sqrt(3) * (q + r / 2), OY + SIZE * 1.5 * r


def _hex(body: list[str], hex_id: str, q: int, r: int, cell: list[Any]) -> None:
    colour, civ, kind, crystal = (cell + [None] * 4)[:4]
    cx, cy = _hex_centre(q, r)
    if isinstance(colour, int) and 0 <= colour < len(PLAYER_COLOURS):
        name = PLAYER_COLOURS[colour]
        fill, terrain = PLAYER_FILL[name], f"{name} ({TERRAIN_OF_PLAYER[name]})"
    else:
        fill, terrain = TERRAIN.get(colour, ("#eeeeee", "?"))
    points = " ".join(f"{cx + SIZE * math.cos(math.radians(60 * k - 30)):.1f},"
                      f"{cy + SIZE * math.sin(math.radians(60 * k - 30)):.1f}" for k in range(6))
    what = KIND_NAMES[kind] if isinstance(kind, int) and 0 < kind < len(KIND_NAMES) else ""
    owner = CIV_NAMES[civ] if isinstance(civ, int) and 0 <= civ < len(CIV_NAMES) else ""
    crystal_name = CRYSTAL_NAMES[crystal] if isinstance(crystal, int) and 0 <= crystal < len(CRYSTAL_NAMES) else ""
    tip = f"{hex_id}: {terrain}" + (f", {owner} {what}".rstrip() if what else "") + (
        f", {crystal_name} crystal" if crystal_name else "")
    dark = _dark(fill)
    body.append(f'<g class="hex"{attrs(hex_id)}><polygon points="{points}" fill="{fill}" stroke="#5d4e37" '
                f'stroke-width="1.2"><title>{esc(tip)}</title></polygon>')
    body.append(halo(cx, cy - 15, hex_id, 10, fill="#fff" if dark else "#1b1b1b",
                     ground="#1b1b1b" if dark else "#fffdf8"))
    if what:
        _piece(body, cx, cy, kind, civ, hex_id, what, owner)
    if crystal_name:
        body.append(f'<path d="M{cx + 14},{cy + 8} l5,6 l-5,6 l-5,-6 Z" fill="{CRYSTAL_FILL[crystal_name]}" '
                    f'stroke="#1b1b1b"><title>{crystal_name} crystal</title></path>')
    body.append("</g>")


def _piece(body: list[str], cx: float, cy: float, kind: int, civ: Any, hex_id: str, what: str, owner: str) -> None:
    """A building in its Civ's colour (its initials on it), or a monster."""
    if kind in (6, 7):
        fill = "#4e342e" if kind == 7 else "#1e8449"
        body.append(f'<g{attrs(None, f"monster-{hex_id}")}><title>{what}</title>'
                    f'<circle cx="{cx:.1f}" cy="{cy + 3:.1f}" r="11" fill="{fill}" stroke="#fdfefe" stroke-width="2"/>'
                    + text(cx, cy + 7.5, "M", 12, weight="bold", fill="#fff") + "</g>")
        return
    fill = civ_fill(civ) if isinstance(civ, int) and civ >= 0 else "#333"
    pyramid = f'<path d="M{cx - 13:.1f},{cy + 11:.1f} L{cx:.1f},{cy - 8:.1f} L{cx + 13:.1f},{cy + 11:.1f} Z"'
    block = f'<rect x="{cx - 13:.1f}" y="{cy - 7:.1f}" width="26" height="18" rx="{2 if kind == 1 else 4}"'
    shape = pyramid if kind == 5 else block
    body.append(f'<g{attrs(None, f"{what.lower()}-{hex_id}")}><title>{owner} {what}</title>{shape} fill="{fill}" '
                f'stroke="#1b1b1b" stroke-width="{2.5 if kind == 1 else 1.2}"/>'
                + text(cx, cy + 7, KIND_LETTER.get(kind, "?"), 11, weight="bold", fill="#fff") + "</g>")


def _island(body: list[str], view: Mapping[str, Any]) -> None:
    hexes = [h for h in as_list(get(view, "hexes")) if isinstance(h, (list, tuple))]
    body.append(f'<ellipse cx="{OX}" cy="{OY}" rx="300" ry="290" fill="#a9cce3"/>')
    for definition, cell in zip(HEXES, hexes):
        _hex(body, definition.id, definition.q, definition.r, list(cell))
    legend = "Fo Fortress · H House · Fa Factory · B Barrack · Py Pyramid · M Monster · ◆ crystal"
    body.append(text(OX, OY + 300, legend, 11, fill="#1b4f72", weight="bold"))


# ---- the table beside the island ----------------------------------------------------------------

def _die(x: float, y: float, code: Any, place: str | None, label: str = "", piece: str | None = None) -> str:
    civ, number = (code // 10, code % 10) if isinstance(code, int) and code >= 0 else (None, "?")
    name = CIV_NAMES[civ] if isinstance(civ, int) and civ < len(CIV_NAMES) else "?"
    action = ACTION_NAMES.get(number, "") if isinstance(number, int) else ""
    return (f'<g class="die"{attrs(place, piece or place)}><title>{name} die showing {number}: {action}</title>'
            f'<rect x="{x}" y="{y}" width="40" height="40" rx="7" fill="{civ_fill(civ)}" stroke="#1b1b1b" '
            f'stroke-width="1.5"/>'
            + text(x + 20, y + 27, number, 20, weight="bold", fill="#fff")
            + (text(x + 20, y + 52, label, 9, fill="#333") if label else "") + "</g>")


def _holds_die(view: Mapping[str, Any]) -> int:
    held = get(get(view, "pending"), "die")
    return 1 if isinstance(held, int) and held >= 0 else 0


def die_pieces(view: Mapping[str, Any]) -> list[str]:
    """A piece id for every die: those on the Actions table, the die in hand, then each Civ row's,
    numbered per face as the table's place keys are, so a die keeps its id when it moves."""
    held = get(get(view, "pending"), "die")
    dice = as_list(get(view, "table")) + [held] * _holds_die(view)
    for info in as_list(get(view, "civs"))[:4]:
        dice += as_list(get(info, "row"))
    return die_keys(dice)


def _table(body: list[str], view: Mapping[str, Any], x: float, y: float) -> float:
    dice = as_list(get(view, "table"))
    body.append(text(x, y, f"Actions table: {len(dice)} dice · bag {len(as_list(get(view, 'bag')))}", 13, "start", "bold"))
    for k, (die, key) in enumerate(zip(dice, die_keys(dice))):
        number = die % 10 if isinstance(die, int) else 0
        body.append(_die(x + (k % 8) * 48, y + 10 + (k // 8) * 62, die, key, DIE_LABEL.get(number, "")))
    y += 16 + 62 * ((len(dice) + 7) // 8 or 1)
    held = get(get(view, "pending"), "die")
    if isinstance(held, int) and held >= 0:
        body.append(text(x, y + 8, "Die in hand:", 12, "start", "bold"))
        body.append(_die(x + 86, y - 14, held, "held-die", piece=die_pieces(view)[len(dice)]))
        body.append(button(x + 136, y - 8, 88, "+1 (2 Cosmo)", "die-up", h=24))
        body.append(button(x + 230, y - 8, 88, "−1 (2 Cosmo)", "die-down", h=24))
        y += 36
    erb_die = get(view, "erb_die")
    holder = get(view, "erb_holder")
    held_by = f"held by seat {holder}" if isinstance(holder, int) and holder >= 0 else "not taken"
    body.append(f'<g class="card"{attrs("erb")}><rect x="{x}" y="{y}" width="180" height="54" rx="6" fill="#fef9e7" '
                f'stroke="#b9770e" stroke-width="2"/>' + text(x + 8, y + 16, "End Round Bonus card", 10, "start", "bold")
                + text(x + 8, y + 30, held_by, 10, "start")
                + (text(x + 8, y + 44, f"with the {CIV_NAMES[erb_die]} die", 10, "start")
                   if isinstance(erb_die, int) and 0 <= erb_die < len(CIV_NAMES) else "") + "</g>")
    body.append(f'<g class="deck"{attrs("deck")}><rect x="{x + 190}" y="{y}" width="70" height="54" rx="6" fill="#5d4e37" '
                f'stroke="#2e2418"/>' + text(x + 225, y + 24, "Power", 11, weight="bold", fill="#fff")
                + text(x + 225, y + 40, f"deck {get(view, 'deck_size', '?')}", 10, fill="#fff") + "</g>")
    discard = as_list(get(view, "discard"))
    if discard and isinstance(discard[-1], int) and 0 <= discard[-1] < len(POWER_CARDS):
        top = POWER_CARDS[discard[-1]]
        body.append(card_box(x + 270, y, 120, 54, title=top.name, cost=f"discard ({len(discard)})",
                             component=f"power:{top.id}", edge="#7d6608"))
    return y + 64


def _round_bonus(body: list[str], view: Mapping[str, Any], x: float, y: float) -> float:
    bonuses = as_list(get(view, "round_bonus"))
    now = get(view, "round")
    body.append(text(x, y, f"Round {now}/{get(view, 'rounds', '?')} · Round Bonus cards", 13, "start", "bold"))
    for k, bonus_id in enumerate(bonuses[:5]):
        bonus = BONUS_BY_ID.get(str(bonus_id))
        body.append(card_box(x + k * 78, y + 8, 74, 96, title=f"{k + 1}. {bonus.name if bonus else bonus_id}",
                             body=bonus.text if bonus else "", component=f"bonus:{bonus_id}",
                             highlight=now == k + 1, edge="#b9770e"))
    tokens = as_list(get(view, "tokens"))
    y += 118
    body.append(text(x, y, f"Pyramid tokens on offer ({len(tokens)})", 13, "start", "bold"))
    for k, token in enumerate(tokens):
        definition = TOKENS[token] if isinstance(token, int) and 0 <= token < len(TOKENS) else None
        tx, ty = x + (k % 5) * 78, y + 8 + (k // 5) * 58
        body.append(card_box(tx, ty, 74, 54, title=definition.name if definition else token,
                             place=f"token-{k}", component=f"token:{definition.id}" if definition else None,
                             edge="#5d6d7e"))
    return y + 12 + 58 * ((len(tokens) + 4) // 5 or 1)


# ---- Civ areas, Temple tracks, players ----------------------------------------------------------

def _civ_area(body: list[str], civ: int, info: Mapping[str, Any], x: float, y: float, w: float,
              pieces: list[str]) -> None:
    name = CIV_NAMES[civ]
    fill = CIV_FILL[name]
    body.append(f'<rect x="{x}" y="{y}" width="{w}" height="208" rx="8" fill="#fffdf8" stroke="{fill}" '
                f'stroke-width="2.5"/>')
    body.append(f'<g class="civ-row"{attrs(f"civ-{name}")}>'
                f'<rect x="{x}" y="{y}" width="{w}" height="64" rx="8" fill="{fill}"/>'
                + halo(x + 10, y + 18, f"{name} Civ", 14, "start", fill="#fff", ground="#1b1b1b"))
    for k, die in enumerate(as_list(get(info, "row"))[:5]):
        body.append(_die(x + 8 + k * 44, y + 22, die, None, piece=pieces[k] if k < len(pieces) else None))
    body.append("</g>")
    pieces = (f"in the Civ area: {get(info, 'houses', '?')} Houses · {get(info, 'factories', '?')} Factories · "
              f"{get(info, 'barracks', '?')} Barracks · {get(info, 'pyramids', '?')} Pyramids")
    for k, line in enumerate(wrap(pieces, 40, 2)):
        body.append(text(x + 8, y + 80 + 13 * k, line, 10, "start"))
    warriors = f"warriors: {get(info, 'supply', '?')} in supply, {get(info, 'warriors', '?')} in area"
    body.append(text(x + 8, y + 110, warriors, 10, "start"))
    crystals = as_list(get(info, "crystals"))
    for k, count in enumerate(crystals[:len(CRYSTAL_NAMES)]):
        colour = CRYSTAL_NAMES[k]
        cx = x + 14 + k * ((w - 20) / 6)
        body.append(f'<g{attrs(f"crystal-{civ}-{colour}")}><title>{count} {colour} crystals</title>'
                    f'<path d="M{cx:.1f},{y + 120} l8,9 l-8,9 l-8,-9 Z" fill="{CRYSTAL_FILL[colour]}" stroke="#1b1b1b"/>'
                    + text(cx + 16, y + 134, count, 11, "start", "bold") + "</g>")
    page = get(info, "page")
    spaces = next((p.spaces for p in PAGES if p.page == page), 0)
    items = as_list(get(info, "items"))
    body.append(text(x + 8, y + 158, f"Chronicles page {page}: {len(items)}/{spaces} spaces filled", 10, "start", "bold"))
    for k in range(spaces):
        filled = k < len(items)
        item = items[k] if filled else None
        crystal = isinstance(item, int) and 0 <= item < len(CRYSTAL_NAMES)
        colour = CRYSTAL_FILL.get(CRYSTAL_NAMES[item], "#ccc") if crystal else fill
        body.append(f'<rect x="{x + 8 + k * 22}" y="{y + 164}" width="18" height="14" rx="3" '
                    f'fill="{colour if filled else "none"}" stroke="#777"/>')
    dev = DEV_BY_EFFECT.get(str(get(info, "dev")))
    if dev is not None:
        body.append(f'<g class="card"{attrs(None, None, f"development:{dev.id}")}>'
                    f'<title>{esc(dev.name)}: {esc(dev.text)}</title>'
                    + text(x + 8, y + 198, f"Development: {short(dev.name, 30)}", 10, "start", "bold", "#7d6608") + "</g>")


def _temple_tracks(body: list[str], view: Mapping[str, Any], y: float) -> float:
    """One Temple track per player: spaces 0..end with their multipliers and the Conversion-tile
    marks; the four Civ priests where the player's worshippers stand (start: below 0)."""
    seats = as_list(get(view, "seats"))
    viewer = get(view, "viewer")
    body.append(text(10, y + 14, "Temples board: each player's Temple track (priests of the four Civs; × = "
                                 "the multiplier of a space; ★ unlocks a Conversion tile)", 13, "start", "bold"))
    y += 24
    step = (WIDTH - 150) / (TRACK_END + 2)
    marks = {m.position: m for m in MARKS}
    for i, seat in enumerate(seats):
        ty = y + i * 50
        body.append(f'<rect x="6" y="{ty}" width="{WIDTH - 12}" height="46" rx="6" fill="#fbf6ea" '
                    f'stroke="{seat_fill(view, i)}" stroke-width="2"/>')
        name = f"{get(seat, 'colour', '?')}" + (" (you)" if i == viewer else "")
        body.append(text(14, ty + 20, name, 12, "start", "bold"))
        body.append(text(14, ty + 36, f"Cosmo {get(seat, 'cosmo', '?')} · Malus {get(seat, 'malus', 0)}", 10, "start"))
        for pos in range(-1, TRACK_END + 1):
            sx = 140 + (pos + 1) * step
            mark = marks.get(pos)
            body.append(f'<rect x="{sx:.1f}" y="{ty + 4}" width="{step - 3:.1f}" height="38" rx="4" '
                        f'fill="{"#f9e79f" if mark and mark.unlock else "#fdfefe"}" stroke="#b7950b" stroke-width="0.8"/>'
                        + text(sx + 10, ty + 14, "start" if pos < 0 else pos, 8, fill="#7d6608")
                        + (text(sx + step - 8, ty + 14, f"×{mark.multiplier}" + ("★" if mark.unlock else ""), 8, "end",
                                "bold", "#7d6608") if mark and pos >= 0 else ""))
        for civ, pos in enumerate(as_list(get(seat, "priests"))[:4]):
            if not isinstance(pos, int):
                continue
            sx = 140 + (min(pos, TRACK_END) + 1) * step + 6 + (civ % 2) * 14
            sy = ty + 22 + (civ // 2) * 10
            own = i == viewer
            body.append(f'<g{attrs(f"priest-{CIV_NAMES[civ]}" if own else None, f"priest-{i}-{civ}")}>'
                        f'<title>{CIV_NAMES[civ]} priest of {get(seat, "colour", "?")}: {pos}</title>'
                        f'<circle cx="{sx:.1f}" cy="{sy:.1f}" r="6" fill="{civ_fill(civ)}" stroke="#1b1b1b"/></g>')
    return y + 50 * len(seats)


def _player_boards(body: list[str], view: Mapping[str, Any], y: float) -> float:
    seats = as_list(get(view, "seats"))
    viewer = get(view, "viewer")
    w = (WIDTH - 12) / max(1, len(seats)) - 6
    for i, seat in enumerate(seats):
        x = 6 + i * (w + 6)
        colour = seat_fill(view, i)
        title = f"{get(seat, 'colour', '?')}" + (" (you)" if i == viewer else "") + (
            " · Bot" if i == get(view, "bot_seat") else "")
        markers = [m for m, on in (("first player", get(view, "first") == i),
                                   ("next first", get(view, "next_first") == i)) if on]
        edge = 4 if get(view, "current_player") == i else 2
        body.append(f'<g><rect x="{x}" y="{y}" width="{w}" height="150" rx="8" fill="#fffdf8" stroke="{colour}" '
                    f'stroke-width="{edge}"/><rect x="{x}" y="{y}" width="{w}" height="24" rx="8" fill="{colour}"/>'
                    + halo(x + 8, y + 17, title, 12, "start", fill="#1b1b1b") + "</g>")
        for k, marker in enumerate(markers):
            mx = x + w - 16 - 28 * k
            body.append(f'<g><title>{marker} token</title><circle cx="{mx}" cy="{y + 12}" r="10" fill="#f1c40f" '
                        f'stroke="#7d6608" stroke-width="2"/>'
                        + text(mx, y + 16, "1st" if k == 0 else "nx", 8, weight="bold") + "</g>")
        lines = [f"score now {get(seat, 'score', '?')} · Cosmo {get(seat, 'cosmo', '?')}",
                 f"Malus {get(seat, 'malus', 0)}{' (flipped: −13)' if get(seat, 'flipped') else ''} · "
                 f"pyramids built {get(seat, 'pyramids_built', 0)}",
                 f"Power cards in hand: {get(seat, 'hand_size', '?')}",
                 "Pyramid tokens: " + short([TOKENS[t].name for t in as_list(get(seat, "tokens"))
                                             if isinstance(t, int) and 0 <= t < len(TOKENS)], 40)]
        for k, line in enumerate(lines):
            body.append(text(x + 8, y + 40 + 14 * k, short(line, int(w / 5.6)), 10, "start"))
        for t, state in enumerate(as_list(get(seat, "tiles"))[:4]):
            tw = (w - 16) / 4
            place = f"conv-{t}" if i == viewer else None
            body.append(_conversion_tile(x + 8 + t * tw, y + 100, tw - 4, t, state, place))
    return y + 160


def _conversion_tile(x: float, y: float, w: float, t: int, state: Any, place: str | None) -> str:
    """One of a player's four Conversion tiles with its state (locked, unlocked, held, used)."""
    tile = CONVERSION_TILES[t] if t < len(CONVERSION_TILES) else None
    label = TILE_STATES[state] if isinstance(state, int) and 0 <= state < 4 else "?"
    fill = {"held": "#d5f5e3", "unlocked": "#fef9e7", "used": "#d5d8dc"}.get(label, "#f2f3f4")
    return (f'<g class="tile"{attrs(place, None, f"conversion:{tile.id}" if tile else None)}>'
            f'<title>{esc(tile.name if tile else t)}: {label}</title><rect x="{x:.1f}" y="{y}" '
            f'width="{w:.1f}" height="40" rx="5" fill="{fill}" stroke="#7b7d7d"/>'
            + text(x + w / 2, y + 16, "start" if t == 0 else f"tile {t}", 9, weight="bold")
            + text(x + w / 2, y + 30, label, 9) + "</g>")


def _hand(body: list[str], view: Mapping[str, Any], y: float) -> float:
    seats = as_list(get(view, "seats"))
    viewer = get(view, "viewer")
    if not isinstance(viewer, int) or not 0 <= viewer < len(seats):
        return y
    hand = [c for c in as_list(get(seats[viewer], "hand")) if isinstance(c, int) and 0 <= c < len(POWER_CARDS)]
    body.append(text(10, y + 14, f"Your Power cards ({len(hand)})", 13, "start", "bold"))
    for k, index in enumerate(hand):
        card = POWER_CARDS[index]
        need = "any action" if not card.actions else "actions " + ", ".join(
            ACTION_NAMES.get(a, str(a)) for a in card.actions)
        body.append(card_box(10 + (k % 6) * 164, y + 22 + (k // 6) * 112, 158, 106, title=card.name,
                             cost=f"{card.cost} Cosmo · {need}", body=card.text, place=f"hand-{k}",
                             component=f"power:{card.id}", edge="#7d3c98"))
    return y + 28 + 112 * ((len(hand) + 5) // 6 or 1)


def _bot_cards() -> list[dict[str, Any]]:
    """The Bot cards as content data (read from the content file: the drawing imports no rules)."""
    try:
        return list(read_toml(HERE / "bot_cards.toml").get("bot_card", []))
    except Exception:  # pragma: no cover - the drawing still works without them
        return []


def _bot(body: list[str], view: Mapping[str, Any], y: float) -> float:
    """The Bot's board in solo play: its deck, its revealed cards, its Pyramid-token grid."""
    if get(view, "bot") in (None, "", "none"):
        return y
    cards = _bot_cards()
    body.append(f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="176" rx="8" fill="#eaf2f8" stroke="#1b4f72" '
                f'stroke-width="2.5"/>')
    level = "high" if get(view, "high") else "standard"
    body.append(text(16, y + 20, f"Bot {get(view, 'bot')} ({level} difficulty) playing seat "
                                 f"{get(view, 'bot_seat', '?')} · deck {get(view, 'bot_deck_size', '?')} cards",
                     13, "start", "bold", "#1b4f72"))
    for k, index in enumerate(as_list(get(view, "bot_revealed"))[:5]):
        card = cards[index] if isinstance(index, int) and 0 <= index < len(cards) else None
        if card is None:
            continue
        body.append(card_box(16 + k * 124, y + 30, 118, 136, title=f"Bot card {card.get('number', '?')}",
                             cost=f"{card.get('arrow', '')} · die {card.get('die', '?')} · {card.get('action', '')}",
                             body=card.get("text", ""), component=f"bot:{card.get('id')}", edge="#1b4f72"))
    grid = as_list(get(view, "grid"))
    body.append(text(650, y + 44, "Pyramid-token grid (a row per Civ)", 11, "start", "bold"))
    for v in range(min(4, len(grid) // 3)):
        row = [TOKENS[t].name if isinstance(t, int) and 0 <= t < len(TOKENS) else "—" for t in grid[3 * v:3 * v + 3]]
        body.append(text(650, y + 62 + 16 * v, f"{CIV_NAMES[v]}: " + short(row, 46), 10, "start",
                         fill=CIV_FILL[CIV_NAMES[v]]))
    return y + 186


CHIPS = {"endturn": [("done", "end turn")], "prepare": [("aside", "set the die aside")],
         "dev_kind": [("upgrade-factory", "upgrade to a Factory"), ("upgrade-barrack", "upgrade to a Barrack")]}


def _choice_bar(body: list[str], view: Mapping[str, Any]) -> None:
    decision = get(view, "decision")
    body.append(text(10, 20, f"Theocratia · round {get(view, 'round', '?')}/{get(view, 'rounds', '?')} · "
                             f"turn {get(view, 'turn_index', '?')}", 13, "start", "bold", "#5d4e37"))
    if not isinstance(decision, Mapping):
        if get(view, "terminal"):
            body.append(text(10, 42, "Game over", 14, "start", "bold", "#922b21"))
        return
    mine = get(decision, "player") == get(view, "viewer")
    player = get(decision, "player")
    seats = as_list(get(view, "seats"))
    colour = get(seats[player], "colour", "seat") if isinstance(player, int) and 0 <= player < len(seats) else "seat"
    who = "Your decision" if mine else f"{colour} decides"
    body.append(text(10, 42, short(f"{who}: {get(decision, 'prompt', '')}", 120), 12, "start", fill="#1b2631"))
    if mine:
        x = 10.0
        for place, label in CHIPS.get(str(get(decision, "kind")), []):
            w = 20 + 7.4 * len(label)
            body.append(button(x, 52, w, label, place, h=32))  # a tap target on phones too
            x += w + 8


def render_svg(view: Mapping[str, Any]) -> str:
    body: list[str] = [f'<rect width="{WIDTH}" height="100%" fill="#f6f3ec"/>']
    _choice_bar(body, view)
    _island(body, view)
    y = _table(body, view, 600, 100)
    _round_bonus(body, view, 600, y + 10)
    y = 720.0
    civs = [c for c in as_list(get(view, "civs")) if isinstance(c, Mapping)]
    w = (WIDTH - 12) / 4 - 6
    pieces = die_pieces(view)
    start = len(as_list(get(view, "table"))) + _holds_die(view)
    for civ, info in enumerate(civs[:4]):
        count = len(as_list(get(info, "row")))
        _civ_area(body, civ, info, 6 + civ * (w + 6), y, w, pieces[start:start + count])
        start += count
    y = _temple_tracks(body, view, y + 218)
    y = _player_boards(body, view, y + 6)
    y = _hand(body, view, y)
    y = _bot(body, view, y + 6)
    return svg(WIDTH, y + 10, body, "Theocratia table")
