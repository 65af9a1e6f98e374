"""Kemet: the board as on the table. At the top the Glory and turn-order tracks and the choice bar
of the deciding seat; then the map in its geography (the Delta under the sea in the north, the Nile
down the middle with its banks and temples, the deserts, the walled cities on the east and west
edges with their quarters, storms over the zones the player count leaves out), with pyramids by
colour and level, troops, companions and Gods; then the seat's pyramid action board with its
tokens, its Prayer track, its cards and tiles; the tile market by colour and level; the other
seats' boards; Amon's board in solo play. Every element an action can name is a `data-place`
(keys in places.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.content import read_toml
from ...core.svg import as_list, attrs, button, card_box, esc, get, seat_colour, short, svg, text
from .content import (BATTLE_CARDS, CITIES, DI_CARDS, GODS, HERE, SPACES, STORMS, TILES, ZONES,
                      board_for)
from .places import BATTLE_KEY, COMPANION_KEY, GOD_KEY, tile_key
from .state import WIN_GLORY

WIDTH = 1000.0
MAP_TOP = 118.0
MAP_HEIGHT = 760.0
PYRAMID = {"ruby": "#c0392b", "sapphire": "#2471a3", "diamond": "#dfe6e9", "onyx": "#2d3436",
           "amethyst": "#8e44ad", "amber": "#e67e22"}
FILL = {"desert": "#f3dfb0", "bank": "#cfe3a8", "temple": "#d9e8b8", "delta": "#bcd99a",
        "quarter": "#fbf3e2"}
ZONE_BY_ID = {z.id: z for z in ZONES}
TILE_BY_ID = {t.id: t for t in TILES}
BATTLE_BY_NAME = {c.name: c for c in BATTLE_CARDS}
DI_BY_NAME = {c.name: c for c in DI_CARDS}
GOD_BY_NAME = {g.name: g for g in GODS}
TILE_BY_NAME = {t.name: t for t in TILES}
# map geometry (x0, y0, x1, y1) in map coordinates, north up: the printed board's topology
RECTS = {
    "delta-temple": (330, 40, 450, 200), "delta-desert": (450, 40, 550, 200),
    "sanctuary": (550, 40, 670, 200),
    "temple-wn": (300, 200, 484, 350), "nile-w": (300, 350, 484, 560), "temple-ws": (300, 560, 484, 760),
    "temple-en": (516, 200, 700, 350), "nile-e": (516, 350, 700, 560), "temple-es": (516, 560, 700, 760),
    "nw-desert": (150, 80, 300, 350), "w-desert": (150, 350, 300, 560), "sw-desert": (150, 560, 300, 760),
    "ne-desert": (700, 80, 850, 350), "e-desert": (700, 350, 850, 560), "se-desert": (700, 560, 850, 760),
}
CITY_BOX = {"NW": (8, 150), "W": (8, 362), "SW": (8, 566), "NE": (852, 150), "E": (852, 362),
            "SE": (852, 566)}
CITY_W, QUARTER_H = 140.0, 58.0


def halo(x: float, y: float, content: Any, size: int = 12, anchor: str = "middle",
         weight: str = "bold", fill: str = "#222") -> str:
    """A label readable on any ground: a light outline under the letters."""
    return text(x, y, content, size, anchor, weight, fill,
                'stroke="#fffdf8" stroke-width="3" paint-order="stroke" stroke-linejoin="round"')


def _component(kind: str, name: Any) -> str | None:
    table = {"tile": TILE_BY_NAME, "battle": BATTLE_BY_NAME, "di": DI_BY_NAME, "god": GOD_BY_NAME}
    entry = table[kind].get(str(name))
    return f"{kind}:{entry.id}" if entry is not None else None


SOLO_TABLES = {"objective": "objective", "event": "event", "action": "action", "plunder": "plunder",
               "amon": "amon_battle"}


def _solo_entry(kind: str, name: Any) -> dict[str, Any]:
    """A solo card's content entry by name, read from the solo content file (the drawing imports
    content data only); {} when there is none."""
    try:
        entries = read_toml(HERE / "solo.toml").get(SOLO_TABLES[kind], [])
    except Exception:  # pragma: no cover - the solo content is optional for a drawing
        return {}
    return next((e for e in entries if isinstance(e, dict) and e.get("name") == name), {})


def _solo_component(kind: str, name: Any) -> str | None:
    entry = _solo_entry(kind, name)
    return f"{kind}:{entry['id']}" if "id" in entry else None


def _players(view: Mapping[str, Any]) -> int:
    players = get(view, "players")
    if not isinstance(players, int):
        players = len(as_list(get(view, "seats"))) or 2
    return 1 if get(get(view, "variant"), "mode") == "solo" else max(1, min(6, players))


def _active(view: Mapping[str, Any]) -> tuple[set[str], set[str]]:
    """The zones in play and the zones under a storm for this player count."""
    players = _players(view)
    board = board_for(players)
    active = {z.id for i, z in enumerate(ZONES) if board.active[i]}
    storms = {z for s in STORMS if s.players == players for z in s.zones}
    return active, storms


# ---- the map ------------------------------------------------------------------------------------

def _ground(body: list[str]) -> None:
    y = MAP_TOP
    body.append(f'<rect x="0" y="{y}" width="{WIDTH}" height="{MAP_HEIGHT}" fill="#e9d3a0"/>')
    body.append(f'<path d="M0,{y} H{WIDTH} V{y + 40} C800,{y + 70} 700,{y + 30} 500,{y + 36} '
                f'C300,{y + 30} 200,{y + 70} 0,{y + 40} Z" fill="#7fb3d5"/>')
    body.append(halo(500, y + 20, "Mediterranean Sea", 12, fill="#1b4f72"))


def _nile(body: list[str]) -> None:
    """The river from the south edge to its delta, over the banks' inner edges."""
    y = MAP_TOP
    # the mouth widens under the Delta Desert: it touches neither bank temple
    body.append(f'<path d="M478,{y + MAP_HEIGHT} C468,{y + 600} 488,{y + 420} 474,{y + 236} '
                f'C470,{y + 214} 456,{y + 204} 448,{y + 199} L552,{y + 199} C544,{y + 204} 530,{y + 214} '
                f'526,{y + 236} C512,{y + 420} 532,{y + 600} 522,{y + MAP_HEIGHT} Z" fill="#3f8fc9" '
                f'stroke="#2e6f9e" stroke-width="1.5"/>')
    body.append(f'<text x="500" y="{y + 480:.1f}" font-size="13" font-weight="bold" fill="#eaf2f8" '
                f'text-anchor="middle" transform="rotate(-90 500 {y + 480:.1f})">NILE</text>')


def _icons(zone_id: str, x0: float, y0: float, x1: float, y1: float) -> list[str]:
    zone = ZONE_BY_ID.get(zone_id)
    if zone is None:
        return []
    out: list[str] = []
    if zone.kind in ("temple", "delta_temple", "sanctuary"):
        cx, cy = x0 + 22, y0 + 34
        roof = "#f5cba7" if zone.kind == "sanctuary" else "#fdfefe"
        out.append(f'<path d="M{cx - 14},{cy} L{cx},{cy - 10} L{cx + 14},{cy} Z" fill="{roof}" stroke="#7e5109"/>'
                   + "".join(f'<rect x="{cx - 12 + 8 * k}" y="{cy}" width="4" height="14" fill="#fdfefe" '
                             f'stroke="#7e5109" stroke-width="0.8"/>' for k in range(4)))
        gain = {"sanctuary": ("night:", "2 warriors → 1 Glory"), "delta_temple": ("night:", "1 warrior → 5 PP")}
        for k, line in enumerate(gain.get(zone.kind, (f"+{zone.temple_pp} PP at night",))):
            out.append(text(x0 + 40, y0 + 36 + 11 * k, line, 9, "start", fill="#4d3a0b"))
    if zone.obelisk:
        ox, oy = x1 - 16, y0 + 22
        out.append(f'<path d="M{ox - 5},{oy + 30} L{ox - 3},{oy} L{ox},{oy - 6} L{ox + 3},{oy} L{ox + 5},{oy + 30} Z" '
                   f'fill="#d4ac0d" stroke="#7d6608"><title>Obelisk: troops teleport here</title></path>')
    if zone.port:
        colour, label = ("#2471a3", "trade port") if zone.port == "trade" else ("#a93226", "military port")
        px = x1 - 14 if x0 < 500 else x0 + 14
        out.append(f'<g><title>{label}</title><circle cx="{px}" cy="{y1 - 16}" r="7" fill="{colour}" stroke="#fff" '
                   f'stroke-width="1.5"/>{text(px, y1 - 12.5, "⚓", 9, fill="#fff")}</g>')
    return out


def _troop(x: float, y: float, info: Mapping[str, Any], zone_id: str, view: Mapping[str, Any],
          label_chars: int = 30) -> list[str]:
    """Warriors as a disc in the owner's colour with their count (a mixed team troop: one disc per
    ally), then the attached companions as named figures."""
    out: list[str] = []
    owner = get(info, "owner")
    groups = [g for g in as_list(get(info, "by_seat")) if isinstance(g, (list, tuple)) and len(g) == 2]
    if not groups and isinstance(owner, int) and get(info, "warriors"):
        groups = [(owner, get(info, "warriors"))]
    amon = _amon_troop(view, zone_id)
    for k, (seat, count) in enumerate(groups):
        cx = x + 16 + 30 * k
        label = f"Amon {amon}" if amon else f"seat {seat}"
        out.append(f'<g class="troop"{attrs(None, f"troop-{seat}-{zone_id}")}><title>{label}: {count} warriors</title>'
                   f'<circle cx="{cx:.1f}" cy="{y:.1f}" r="13" fill="{seat_colour(seat)}" stroke="#1b1b1b" '
                   f'stroke-width="1.5"/>'
                   + text(cx, y + 4.5, count, 13, weight="bold", fill="#fff") + "</g>")
    comp_x = x + 8 + 30 * max(1, len(groups))
    for k, name in enumerate(as_list(get(info, "companions"))):
        out.append(_companion(comp_x, y - 9 + 19 * k - (9 if len(as_list(get(info, "companions"))) > 1 else 0), name,
                              label_chars))
    return out


def _amon_troop(view: Mapping[str, Any], zone_id: str) -> str:
    troops = get(get(view, "solo"), "troops") or {}
    if isinstance(troops, Mapping):
        for label, troop in troops.items():
            if get(troop, "zone") == zone_id:
                return str(label)
    return ""


def _companion(x: float, y: float, name: Any, chars: int = 30) -> str:
    key = COMPANION_KEY.get(str(name))
    tile = TILE_BY_NAME.get(str(name))
    label = short(name, chars)
    w = 7 + 5.6 * len(label)
    shape = "creature" if tile is not None and tile.kind == "creature" else "servant"
    fill = "#6e2c00" if shape == "creature" else "#1a5276"
    return (f'<g class="companion"{attrs(key, key, _component("tile", name))}><title>{esc(name)} ({shape})</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="17" rx="8" fill="{fill}" stroke="#fff"/>'
            + text(x + w / 2, y + 12.5, label, 10, weight="bold", fill="#fff") + "</g>")


def _god_figure(x: float, y: float, god: Mapping[str, Any], seat: int) -> str:
    name = get(god, "name", "?")
    key = GOD_KEY.get(str(name))
    lp = get(god, "lp")
    return (f'<g class="god"{attrs(None, key, _component("god", name))}><title>God {esc(name)} of seat {seat}: '
            f'{esc(lp)} LP</title><path d="M{x},{y - 14} L{x + 12},{y} L{x},{y + 14} L{x - 12},{y} Z" '
            f'fill="{seat_colour(seat)}" stroke="#f1c40f" stroke-width="2.5"/>'
            + text(x, y + 4, str(name)[:2], 10, weight="bold", fill="#fff")
            + halo(x, y + 27, f"{name} {lp if lp is not None else ''}♥", 10) + "</g>")


def _gods_at(view: Mapping[str, Any], zone_id: str) -> list[tuple[int, Mapping[str, Any]]]:
    return [(i, get(s, "god")) for i, s in enumerate(as_list(get(view, "seats")))
            if isinstance(get(s, "god"), Mapping) and get(get(s, "god"), "at") == zone_id]


def _zone(body: list[str], view: Mapping[str, Any], zone_id: str, storm: bool) -> None:
    x0, y0, x1, y1 = RECTS[zone_id]
    y0, y1 = y0 + MAP_TOP, y1 + MAP_TOP
    zone = ZONE_BY_ID[zone_id]
    kind = "delta" if zone.delta else "temple" if zone.kind == "temple" else "bank" if zone.nile else "desert"
    info = get(get(view, "zones"), zone_id) or {}
    body.append(f'<g class="zone"{attrs(None if storm else zone_id)}>'
                f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="3" '
                f'fill="{FILL[kind]}" stroke="#fffdf8" stroke-width="3"><title>{esc(zone.name)}</title></rect>')
    body.append(halo((x0 + x1) / 2, y0 + 18, zone.name, 12))
    if storm:
        body.append(f'<rect x="{x0 + 6}" y="{y0 + 24}" width="{x1 - x0 - 12}" height="{y1 - y0 - 30}" rx="8" '
                    f'fill="#8a7f6a" opacity="0.55"/>' + halo((x0 + x1) / 2, (y0 + y1) / 2 + 4, "Storm: out of play", 12))
        body.append("</g>")
        return
    body += _icons(zone_id, x0, y0, x1, y1)
    body += _troop(x0 + 12, (y0 + y1) / 2 + 16, info, zone_id, view)
    for k, (seat, god) in enumerate(_gods_at(view, zone_id)):
        body.append(_god_figure(x1 - 30 - 34 * k, y1 - 46, god, seat))
    body.append("</g>")


def _pyramid(x: float, y: float, colour: Any, level: Any, zone_id: str) -> str:
    """A stepped pyramid: one course per level, in its colour (a level-0 pyramid has no colour)."""
    fill = PYRAMID.get(str(colour), "#d5c4a1")
    level = level if isinstance(level, int) else 0
    parts = [f'<g class="pyramid"{attrs(None, f"pyramid-{zone_id}")}><title>{esc(colour)} pyramid, level {level}</title>']
    for k in range(level):
        w = 34 - 7 * k
        parts.append(f'<rect x="{x - w / 2:.1f}" y="{y - 8 * (k + 1):.1f}" width="{w:.1f}" height="8" '
                     f'fill="{fill}" stroke="#1b1b1b" stroke-width="1"/>')
    parts.append(halo(x + 20, y + 12, f"{colour or ''} {level}".strip(), 9, "end"))
    parts.append("</g>")
    return "".join(parts)


def _city(body: list[str], view: Mapping[str, Any], city: str, active: set[str]) -> None:
    x, y = CITY_BOX[city]
    y += MAP_TOP
    seats = as_list(get(view, "seats"))
    owner = next((i for i, s in enumerate(seats) if get(s, "city") == city), None)
    in_play = f"{city}-1" in active
    wall = seat_colour(owner) if owner is not None else "#7b6a4f"
    name = next((c.name for c in CITIES if c.id == city), city)
    h = 20 + 3 * QUARTER_H + 4
    body.append(f'<g class="city"{attrs(f"city-{city}" if in_play else None)}>'
                f'<rect x="{x}" y="{y}" width="{CITY_W}" height="{h}" rx="2" fill="#a08c6c" stroke="{wall}" '
                f'stroke-width="{7 if owner is not None else 3}" stroke-dasharray="7 4" opacity="{1 if in_play else 0.35}">'
                f'<title>{esc(name)}: a walled city</title></rect>')
    label = f"{city} city" + (f" · seat {owner}" if owner is not None else "")
    body.append(halo(x + CITY_W / 2, y + 15, short(label, 24), 11, fill=wall if owner is not None else "#222"))
    body.append("</g>")
    if not in_play:
        body.append(halo(x + CITY_W / 2, y + h / 2, "not in play", 11, fill="#555"))
        return
    for k in range(3):
        quarter = f"{city}-{k + 1}"
        qy = y + 20 + k * QUARTER_H
        info = get(get(view, "zones"), quarter) or {}
        body.append(f'<g class="zone quarter"{attrs(quarter)}><rect x="{x + 4}" y="{qy}" width="{CITY_W - 8}" '
                    f'height="{QUARTER_H - 4}" rx="4" fill="{FILL["quarter"]}" stroke="#5d4e37"/>')
        body.append(text(x + 10, qy + 12, quarter, 9, "start", "bold", "#6b5a3e"))
        pyramid = get(info, "pyramid")
        if isinstance(pyramid, (list, tuple)) and len(pyramid) >= 2:
            body.append(_pyramid(x + CITY_W - 26, qy + 38, pyramid[0], pyramid[1], quarter))
        body += _troop(x + 2, qy + 32, info, quarter, view, label_chars=9)
        for j, (seat, god) in enumerate(_gods_at(view, quarter)):
            body.append(_god_figure(x + 60 + 20 * j, qy + 26, god, seat))
        body.append("</g>")


def _map(body: list[str], view: Mapping[str, Any]) -> None:
    _ground(body)
    active, storms = _active(view)
    for zone_id in RECTS:
        _zone(body, view, zone_id, zone_id in storms or zone_id not in active)
    _nile(body)
    for city in CITY_BOX:
        _city(body, view, city, active)


# ---- tracks and the choice bar -------------------------------------------------------------------

def _glory_mark(view: Mapping[str, Any]) -> int | None:
    """The Glory the track marks: 9 (KM-3.2), the Objective's in solo (KM-S.9), none for teams."""
    if "solo" not in view:
        return None if "teams" in view else WIN_GLORY
    return next((r[2] for r in as_list(get(get(get(view, "solo"), "objective"), "progress")) if r and r[0] == "glory"), None)


def _tracks(body: list[str], view: Mapping[str, Any]) -> None:
    seats = as_list(get(view, "seats"))
    glory = [get(s, "glory", 0) if isinstance(get(s, "glory", 0), int) else 0 for s in seats]
    top = max([12, *glory])
    step = min(34.0, 560 / (top + 1))
    body.append(text(10, 18, "Glory", 12, "start", "bold"))
    mark = _glory_mark(view)
    for k in range(top + 1):
        x = 60 + k * step
        body.append(f'<rect x="{x:.1f}" y="6" width="{step - 2:.1f}" height="18" rx="3" '
                    f'fill="{"#f5b041" if k == mark else "#f9e79f"}" stroke="#9a7d0a"/>' + text(x + step / 2 - 1, 19, k, 10))
    for i, value in enumerate(glory):
        x = 60 + min(value, top) * step + step / 2 - 1 + (i % 3 - 1) * 6
        body.append(f'<circle cx="{x:.1f}" cy="{30 + 6 * (i // 3)}" r="5" fill="{seat_colour(i)}" stroke="#222">'
                    f'<title>seat {i}: {value} Glory</title></circle>')
    order = as_list(get(view, "order"))
    body.append(text(650, 18, "Turn order", 12, "start", "bold"))
    for k in range(max(len(order), len(seats))):
        x = 730 + k * 44
        seat = order[k] if k < len(order) else None
        body.append(f'<g{attrs(f"order-{k + 1}")}><rect x="{x}" y="4" width="40" height="30" rx="4" fill="#fdf2e9" '
                    f'stroke="#935116"/>{text(x + 8, 15, k + 1, 9, fill="#935116")}'
                    + (f'<circle cx="{x + 24}" cy="21" r="9" fill="{seat_colour(seat)}" stroke="#222"/>'
                       + text(x + 24, 25, seat, 10, weight="bold", fill="#fff") if isinstance(seat, int) else "")
                    + "</g>")


CHOICE_LABELS = {"turn": "end turn", "post": "end turn", "extras": "begin actions", "move": "stop here",
                 "move_comp": "set out", "move_di": "start moving", "recruit": "done recruiting",
                 "summon": "done summoning", "gather": "done gathering", "build": "skip construction",
                 "acquire": "skip acquisition", "move_troop": "skip movement", "delta": "decline",
                 "devotion": "decline", "amon_event": "draw an Event card",
                 "amon_action": "draw an Amon Action card"}


# the battle's choices without a place, by the battle's stage (the loser's, then the winner's)
BATTLE_CHIPS = {"loser": [("recall", "recall"), ("retreat", "retreat")],
                "winner": [("stay", "stay"), ("recall", "recall")]}


def _numbers(view: Mapping[str, Any], kind: str, seat: Mapping[str, Any]) -> range:
    veterans = get(seat, "veterans", 0) if isinstance(get(seat, "veterans", 0), int) else 0
    if kind == "prayers":
        return range(veterans + 1)
    if kind == "di_buy":
        return range(veterans // 2 + 1)
    if kind == "move_take":
        start = get(get(view, "movement"), "from")
        count = get(get(get(view, "zones"), start), "warriors", 5)
        return range(1, (count if isinstance(count, int) else 5) + 1)
    if kind == "move_tally" or (kind == "battle" and get(get(view, "battle"), "stage") == "split"):
        return range(0, 6)  # a mixed troop holds at most 5 warriors
    return range(0)


def _choice_bar(body: list[str], view: Mapping[str, Any]) -> None:
    """The seat's decision in words and the drawn markers for the choices with no natural place."""
    decision = get(view, "decision")
    viewer = get(view, "viewer")
    y = 46.0
    body.append(f'<rect x="0" y="{y - 6}" width="{WIDTH}" height="{MAP_TOP - y + 2}" fill="#f6f3ec"/>')
    status = f"Round {get(view, 'round', '?')} · {get(view, 'phase', '')} {get(view, 'step', '')}".strip()
    teams = as_list(get(view, "teams"))
    if teams:
        glory = as_list(get(view, "team_glory"))
        status += " · teams " + ", ".join(
            f"{'+'.join(map(str, as_list(t)))}: {glory[k] if k < len(glory) else '?'} Glory" for k, t in enumerate(teams))
    body.append(text(10, y + 10, status, 12, "start", "bold", "#5d4e37"))
    if not isinstance(decision, Mapping):
        return
    who = get(decision, "player")
    mine = who == viewer and isinstance(viewer, int)
    prompt = f"{'Your decision' if mine else f'Seat {who} decides'}: {get(decision, 'prompt', '')}"
    if get(decision, "kind") == "pyramids":
        prompt += " (the levels in quarters 1/2/3 of your city)"
    body.append(text(10, y + 28, short(prompt, 120), 12, "start", fill=seat_colour(who)))
    if not mine:
        return
    kind = str(get(decision, "kind", ""))
    seat = as_list(get(view, "seats"))[viewer] if viewer < len(as_list(get(view, "seats"))) else {}
    chips: list[tuple[str, str]] = []
    stage = str(get(get(view, "battle"), "stage", "")) if kind == "battle" else ""
    if kind in CHOICE_LABELS or stage in ("a_di", "d_di"):
        chips.append(("done", CHOICE_LABELS.get(kind, "no more cards")))
    if kind == "pyramids":
        chips += [(f"layout-{a}/{b}/{c}", f"pyramids {a}/{b}/{c}") for a in range(3) for b in range(3)
                  for c in range(3) if a + b + c == 3 and max(a, b, c) <= 2]
    chips += [(f"n-{k}", str(k)) for k in _numbers(view, kind, seat)]
    if kind == "move":
        chips += [("leave-warrior", "leave 1 warrior"), ("pickup-warrior", "pick up 1 warrior")]
        for s in as_list(get(view, "teams")):
            for ally in as_list(s):
                if ally != viewer and viewer in as_list(s):
                    chips += [(f"leave-warrior-{ally}", f"leave 1 of seat {ally}"),
                              (f"pickup-warrior-{ally}", f"pick up 1 of seat {ally}")]
    chips += BATTLE_CHIPS.get(stage, [])
    x = 10.0
    for place, label in chips:
        w = 20 + 7.6 * len(label)
        if x + w > WIDTH - 10:
            break
        body.append(button(x, y + 36, w, label, place, h=32))  # a tap target on phones too
        x += w + 6


# ---- the seat's own board -----------------------------------------------------------------------

FLOOR_ROWS = {f: [s for s in SPACES if s.floor == f] for f in (1, 2, 3)}


def _action_board(body: list[str], x: float, y: float, seat: Mapping[str, Any], i: int, scale: float = 1.0) -> float:
    """The pyramid of action spaces, floor 1 at the top under the Divine Power space; tokens placed
    (a silver one marked), acquisition slots with the colour token they hold."""
    own = scale == 1.0  # only the seat's own board is clickable: its spaces are the places
    taken = {str(s).rstrip("*"): str(s).endswith("*") for s in as_list(get(seat, "spaces"))}
    slots = as_list(get(seat, "slots"))
    cw, ch = 92 * scale, 34 * scale
    centre = x + 2 * cw + 4
    gold = "#f1c40f" if not get(seat, "gold_used") else "#b7950b"
    body.append(f'<g{attrs("space-gold" if own else None)}>'
                "<title>Divine Power: the gold token performs a tile's gold action</title>"
                f'<path d="M{centre - cw / 2},{y + ch} L{centre},{y} L{centre + cw / 2},{y + ch} Z" fill="{gold}" '
                f'stroke="#7d6608"/>{text(centre, y + ch - 6, "Divine Power", 9 * scale, weight="bold")}</g>')
    for floor, spaces in FLOOR_ROWS.items():
        row_y = y + ch * floor + 2
        row_x = centre - len(spaces) * cw / 2
        for k, space in enumerate(spaces):
            sx = row_x + k * cw
            colour = slots[space.slot] if 0 <= space.slot < len(slots) else None
            body.append(f'<g{attrs(f"space-{space.id}" if own else None)}><rect x="{sx + 1:.1f}" y="{row_y:.1f}" '
                        f'width="{cw - 2:.1f}" height="{ch - 2:.1f}" rx="4" fill="#e5d3b3" stroke="#7e5109"/>'
                        + text(sx + cw / 2, row_y + 12 * scale, space.name.replace("Acquisition", "Acquire"),
                               int(9 * scale) or 8, weight="bold"))
            if colour:
                body.append(f'<rect x="{sx + 6:.1f}" y="{row_y + ch - 14 * scale:.1f}" width="{14 * scale:.1f}" '
                            f'height="{9 * scale:.1f}" fill="{PYRAMID.get(str(colour), "#999")}" stroke="#222">'
                            f'<title>{esc(colour)} acquisition token</title></rect>')
            if space.id in taken:
                silver = taken[space.id]
                body.append(f'<circle cx="{sx + cw - 14 * scale:.1f}" cy="{row_y + ch - 12 * scale:.1f}" '
                            f'r="{7 * scale:.1f}" fill="{"#bdc3c7" if silver else seat_colour(i)}" stroke="#1b1b1b">'
                            f'<title>{"silver" if silver else "action"} token</title></circle>')
            body.append("</g>")
        body.append(text(centre - len(spaces) * cw / 2 - 4, row_y + ch / 2 + 3, f"floor {floor}", 8, "end", fill="#6b5a3e"))
    return y + ch * 4 + 6


def _prayer_track(body: list[str], x: float, y: float, seat: Mapping[str, Any], i: int, width: float) -> None:
    pp = get(seat, "pp", 0)
    step = width / 12
    body.append(text(x, y - 4, "Prayer points", 10, "start", "bold", "#6b5a3e"))
    for k in range(12):
        filled = isinstance(pp, int) and k == pp
        body.append(f'<rect x="{x + k * step:.1f}" y="{y}" width="{step - 2:.1f}" height="18" rx="3" '
                    f'fill="{seat_colour(i) if filled else "#fbeee6"}" stroke="#935116"/>'
                    + text(x + k * step + step / 2 - 1, y + 13, k, 10, weight="bold" if filled else "normal",
                           fill="#fff" if filled else "#6b5a3e"))


def _battle_card(x: float, y: float, name: str, place: bool, note: str = "") -> str:
    card = BATTLE_BY_NAME.get(name)
    if card is None:
        return card_box(x, y, 96, 96, title=name, note=note)
    numbers = [("str", card.strength, "#922b21"), ("dmg", card.damage, "#1b2631"),
               ("shield", card.shield, "#1a5276")]
    extra = ([f"+{card.unblockable} unblockable"] * bool(card.unblockable)
             + [f"+{card.impenetrable} impenetrable"] * bool(card.impenetrable))
    out = [card_box(x, y, 96, 100, title=name, body=" ".join(extra) or "", note=note,
                    place=BATTLE_KEY.get(name) if place else None, component=f"battle:{card.id}")]
    for k, (label, value, colour) in enumerate(numbers):
        cx = x + 18 + 30 * k
        out.append(f'<circle cx="{cx}" cy="{y + 66}" r="12" fill="{colour}"/>'
                   + text(cx, y + 71, value, 13, weight="bold", fill="#fff")
                   + text(cx, y + 91, label, 9, fill="#555"))
    return "".join(out)


def _hand(body: list[str], x: float, y: float, seat: Mapping[str, Any]) -> float:
    """The seat's own battle cards (numbers drawn big), played and discarded ones, its DI cards."""
    cards = [str(c) for c in as_list(get(seat, "battle_cards"))]
    body.append(text(x, y, f"Your battle cards ({len(cards)} in hand)", 12, "start", "bold"))
    for k, name in enumerate(cards):
        body.append(_battle_card(x + (k % 9) * 102, y + 8 + (k // 9) * 106, name, True))
    y += 8 + 106 * ((len(cards) + 8) // 9 or 1)
    gone = [(str(c), "played") for c in as_list(get(seat, "battle_up"))] + \
        [(str(c), "discarded") for c in as_list(get(seat, "battle_down_cards"))]
    if gone:
        body.append(text(x, y + 4, "Out of your hand until it runs out: " + ", ".join(f"{n} ({w})" for n, w in gone),
                         10, "start", fill="#6b5a3e"))
        y += 14
    di = [str(c) for c in as_list(get(seat, "di_cards"))]
    body.append(text(x, y + 8, f"Your Divine Intervention cards ({len(di)})", 12, "start", "bold"))
    for k, name in enumerate(di):
        card = DI_BY_NAME.get(name)
        cost = f"{card.timing} · {card.cost} PP" if card is not None else ""
        body.append(card_box(x + (k % 7) * 140, y + 16 + (k // 7) * 96, 134, 90, title=name, cost=cost,
                             body=card.text if card is not None else "", place=f"di-{k}",
                             component=_component("di", name), edge="#6c3483"))
    return y + 16 + 96 * ((len(di) + 6) // 7 or 1)


def _own_extras(body: list[str], x: float, y: float, seat: Mapping[str, Any]) -> float:
    tiles = [str(t) for t in as_list(get(seat, "tiles"))]
    if tiles:
        body.append(text(x, y + 4, "Your Mightiness tiles", 12, "start", "bold"))
        for k, name in enumerate(tiles):
            tile = TILE_BY_NAME.get(name)
            key = tile_key(name)
            body.append(card_box(x + (k % 7) * 140, y + 12 + (k // 7) * 78, 134, 72, title=name,
                                 cost=f"{tile.colour} {tile.level}" if tile else "", body=tile.text if tile else "",
                                 place="own-" + key[5:] if key else None, component=_component("tile", name),
                                 edge=PYRAMID.get(tile.colour, "#888") if tile else "#888"))
        y += 12 + 78 * ((len(tiles) + 6) // 7)
    comps = as_list(get(seat, "supply_companions"))
    supply = (f"Supply: {get(seat, 'supply', '?')} warriors · {get(seat, 'veterans', 0)} veterans · "
              f"{get(seat, 'mercenaries', 0)} mercenaries · silver tokens {get(seat, 'silver', 0)}"
              f"{' (used)' if get(seat, 'silver_used') else ''} · action tokens left {get(seat, 'tokens', '?')}")
    body.append(text(x, y + 16, supply, 11, "start"))
    for k, name in enumerate(comps):
        body.append(_companion(x + 10 + k * 150, y + 22, name))
    return y + 22 + (22 if comps else 4)


def _own_board(body: list[str], view: Mapping[str, Any], y: float) -> float:
    seats = as_list(get(view, "seats"))
    viewer = get(view, "viewer")
    if not isinstance(viewer, int) or not 0 <= viewer < len(seats) or not isinstance(seats[viewer], Mapping):
        return y
    seat = seats[viewer]
    body.append(f'<g{attrs(f"seat-{viewer}")}><rect x="4" y="{y}" width="{WIDTH - 8}" height="30" rx="6" '
                f'fill="{seat_colour(viewer)}"/>' + text(14, y + 20, _seat_title(view, viewer, seat) + " (you)",
                                                        14, "start", "bold", "#fff") + "</g>")
    bottom = _action_board(body, 40, y + 40, seat, viewer)
    _prayer_track(body, 470, y + 60, seat, viewer, 500)
    body.append(text(470, y + 106, f"Glory {get(seat, 'glory', 0)} ({get(seat, 'permanent_glory', 0)} permanent)"
                                   f" · DI cards {get(seat, 'di_hand', 0)} · battle cards {get(seat, 'battle_hand', 0)}",
                     12, "start", "bold"))
    god = get(seat, "god")
    if isinstance(god, Mapping):
        _god_tile(body, 470, y + 116, god)
    y = _hand(body, 20, bottom + 16, seat)
    return _own_extras(body, 20, y + 6, seat)


def _god_tile(body: list[str], x: float, y: float, god: Mapping[str, Any]) -> None:
    name = str(get(god, "name", "?"))
    entry = GOD_BY_NAME.get(name)
    state = "tile acquired" if get(god, "tile_acquired") else "tile face down"
    body.append(card_box(x, y, 300, 70, title=f"God {name}", cost=f"strength {get(god, 'strength', '?')} · "
                         f"LP {get(god, 'lp') or '-'} / {get(god, 'max_lp', '?')} · {state} · at {get(god, 'at', '?')}",
                         body=entry.text if entry else "", place=GOD_KEY.get(name), component=_component("god", name),
                         edge="#f1c40f"))


def _seat_title(view: Mapping[str, Any], i: int, seat: Mapping[str, Any]) -> str:
    city = get(seat, "city")
    team = get(seat, "team")
    amon = get(get(view, "variant"), "mode") == "solo" and i == 1
    return (f"Seat {i}" + (" · Amon" if amon else "") + (f" · {city} city" if city else "")
            + (f" · team {team}" if team is not None else "")
            + (f" · God {get(get(seat, 'god'), 'name')}" if isinstance(get(seat, "god"), Mapping) else ""))


# ---- the other seats, the market, the Gods and Amon ----------------------------------------------

def _other_seats(body: list[str], view: Mapping[str, Any], y: float) -> float:
    """Each other seat's board: its action pyramid (small), Prayer points, Glory, tiles, and only
    the number of its cards (their names are hidden, except the battle cards it has played)."""
    seats = as_list(get(view, "seats"))
    viewer = get(view, "viewer")
    others = [(i, s) for i, s in enumerate(seats) if i != viewer and isinstance(s, Mapping)]
    w = (WIDTH - 12) / 2
    for k, (i, seat) in enumerate(others):
        x = 6 + (k % 2) * w
        top = y + (k // 2) * 196
        body.append(f'<g{attrs(f"seat-{i}")}><rect x="{x}" y="{top}" width="{w - 6}" height="188" rx="8" fill="#fffdf8" '
                    f'stroke="{seat_colour(i)}" stroke-width="{4 if get(view, "current_player") == i else 2}"/>'
                    f'<rect x="{x}" y="{top}" width="{w - 6}" height="22" rx="8" fill="{seat_colour(i)}"/>'
                    + text(x + 10, top + 16, _seat_title(view, i, seat), 12, "start", "bold", "#fff") + "</g>")
        _action_board(body, x - 16, top + 28, seat, i, 0.5)
        lines = [f"PP {get(seat, 'pp', '?')} · Glory {get(seat, 'glory', 0)} "
                 f"({get(seat, 'permanent_glory', 0)} permanent)",
                 f"battle cards {get(seat, 'battle_hand', '?')} in hand · DI cards {get(seat, 'di_hand', '?')}",
                 f"warriors in supply {get(seat, 'supply', '?')} · veterans {get(seat, 'veterans', 0)}",
                 f"tokens left {get(seat, 'tokens', '?')} · silver {get(seat, 'silver', 0)}"]
        if get(seat, "battle_up"):
            lines.append("played: " + short(get(seat, "battle_up"), 50))
        if get(seat, "supply_companions"):
            lines.append("companions in supply: " + short(get(seat, "supply_companions"), 40))
        for n, line in enumerate(lines):
            body.append(text(x + 226, top + 42 + 15 * n, line, 10.5, "start"))
        tiles = [str(t) for t in as_list(get(seat, "tiles"))]
        for n, name in enumerate(tiles[:8]):
            tile = TILE_BY_NAME.get(name)
            tx, ty = x + 10 + (n % 4) * 118, top + 126 + (n // 4) * 30
            body.append(f'<g class="tile"{attrs(None, None, _component("tile", name))}><title>{esc(name)}: '
                        f'{esc(tile.text if tile else "")}</title><rect x="{tx}" y="{ty}" width="114" height="26" rx="4" '
                        f'fill="#fbf3e2" stroke="{PYRAMID.get(tile.colour, "#888") if tile else "#888"}" '
                        f'stroke-width="2.5"/>'
                        + text(tx + 57, ty + 17, short(name, 18), 10, weight="bold") + "</g>")
    return y + 196 * ((len(others) + 1) // 2)


MARKET_COLOURS = ("ruby", "sapphire", "diamond", "onyx", "amethyst", "amber")


def _market(body: list[str], view: Mapping[str, Any], y: float) -> float:
    """The Mightiness tiles on offer, a band per colour (its pyramid top: the colour choice), sorted
    by level; each tile with its name, level, cost and text."""
    market = get(view, "market")
    if not isinstance(market, Mapping) or not market:
        return y
    body.append(text(10, y + 16, "Mightiness tiles for sale (cost = level in PP; you need a pyramid of that "
                                 "colour and at least that level)", 13, "start", "bold"))
    y += 26
    tw, th = 118.0, 84.0
    for colour in MARKET_COLOURS:
        tiles = sorted((TILE_BY_ID[t] for t in market if t in TILE_BY_ID and TILE_BY_ID[t].colour == colour),
                       key=lambda t: (t.level, t.name))
        if not tiles:
            continue
        per_row = 7
        rows = (len(tiles) + per_row - 1) // per_row
        edge = PYRAMID[colour]
        body.append(f'<g{attrs(f"colour-{colour}")}><title>{colour} pyramid top</title>'
                    f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="{rows * (th + 6) + 6}" rx="8" fill="#f4ecd8" '
                    f'stroke="{edge}" stroke-width="2"/>'
                    f'<path d="M16,{y + 44} L46,{y + 10} L76,{y + 44} Z" fill="{edge}" stroke="#1b1b1b"/>'
                    + halo(46, y + 62, colour, 12) + "</g>")
        for k, tile in enumerate(tiles):
            tx = 92 + (k % per_row) * (tw + 6)
            ty = y + 6 + (k // per_row) * (th + 6)
            copies = market.get(tile.id, 1)
            figure = f" · {tile.kind}" if tile.kind != "tile" else ""
            body.append(card_box(tx, ty, tw, th, title=tile.name, cost=f"level {tile.level} · {tile.level} PP{figure}",
                                 body=tile.text, place=f"tile-{tile.id}", component=f"tile:{tile.id}", edge=edge,
                                 note=f"×{copies}" if isinstance(copies, int) and copies > 1 else ""))
        y += rows * (th + 6) + 14
    return y


def _gods_to_choose(body: list[str], view: Mapping[str, Any], y: float) -> float:
    if get(get(view, "decision"), "kind") != "god" or get(get(view, "decision"), "player") != get(view, "viewer"):
        return y
    taken = {get(get(s, "god"), "name") for s in as_list(get(view, "seats"))}
    body.append(text(10, y + 16, "Gods of Egypt: choose the God you embody", 13, "start", "bold"))
    free = [g for g in GODS if g.name not in taken]
    for k, god in enumerate(free):
        body.append(card_box(10 + k * 164, y + 24, 158, 104, title=god.name,
                             cost=f"strength {god.strength} · {god.lp} LP", body=god.text,
                             place=GOD_KEY.get(god.name), component=f"god:{god.id}", edge="#f1c40f"))
    return y + 136


def _amon(body: list[str], view: Mapping[str, Any], y: float) -> float:
    """Amon's board in solo play: the Objective, the round marker, the War table, his troops, the
    Event (and Calamities) in force, his decks and his battle cards."""
    solo = get(view, "solo")
    if not isinstance(solo, Mapping):
        return y
    body.append(f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="250" rx="8" fill="#f2ebe1" '
                f'stroke="#6e2c00" stroke-width="3"/>')
    outcome = (" · WON" if get(solo, "won") else "") + (f" · lost: {get(solo, 'lost')}" if get(solo, "lost") else "")
    body.append(text(16, y + 20, f"Amon's board · round marker {get(solo, 'round_marker', '?')}{outcome}",
                     14, "start", "bold", "#6e2c00"))
    objective = get(solo, "objective") or {}
    name = get(objective, "name")
    progress = "; ".join(f"{p[0]} {p[1]}/{p[2]}" for p in as_list(get(objective, "progress")) if len(as_list(p)) == 3)
    hard = " · hard Amon" if get(objective, "difficulty") == "hard" else ""   # KM-S.R13
    body.append(card_box(16, y + 30, 220, 100, title=f"Objective {get(objective, 'number', '?')}: {name}{hard}",
                         cost=f"{get(objective, 'rounds', '?')} rounds · {progress}",
                         body=get(objective, "text", ""),
                         component=_solo_component("objective", name), edge="#b9770e"))
    war = get(solo, "war_table") or {}
    body.append(text(250, y + 44, "War table: " + ", ".join(f"{k} {v:+d}" if isinstance(v, int) else f"{k} {v}"
                                                           for k, v in war.items()), 12, "start", "bold"))
    troops = get(solo, "troops") or {}
    for k, (label, troop) in enumerate(troops.items() if isinstance(troops, Mapping) else []):
        line = (f"Troop {label}: in {get(troop, 'zone', '?')}, creature {get(troop, 'creature', '-')}, "
                f"{get(troop, 'moves', '?')} moves")
        body.append(text(250, y + 64 + 16 * k, line, 11, "start"))
    _amon_cards(body, solo, y)
    return y + 262


def _amon_cards(body: list[str], solo: Mapping[str, Any], y: float) -> None:
    """The Event and Calamities in force, Amon's decks (the draws are places) and battle cards."""
    event = get(solo, "event")
    cards = [("Event", event)] * bool(event) + [("Calamity", c) for c in as_list(get(solo, "calamities"))]
    for k, (kind, name) in enumerate(cards[:5]):
        body.append(card_box(250 + k * 146, y + 92, 140, 76, title=name, cost=kind,
                             component=_solo_component("event", name),
                             body=_solo_entry("event", name).get("text", ""), edge="#922b21"))
    decks = [("amon-events", f"Events {get(solo, 'event_deck', '?')}"),
             ("amon-actions", f"Actions {get(solo, 'action_deck', '?')}"),
             (None, f"Plunder {get(solo, 'plunder_deck', '?')}")]
    for k, (place, label) in enumerate(decks):
        body.append(f'<g class="deck"{attrs(place)}><rect x="{16 + k * 76}" y="{y + 140}" width="70" height="46" '
                    f'rx="6" fill="#5d4e37" stroke="#2e2418"/>'
                    + text(51 + k * 76, y + 167, label, 10, weight="bold", fill="#fff") + "</g>")
    played = get(solo, "amon_card")
    hand = [str(c) for c in as_list(get(solo, "amon_battle_cards"))]
    body.append(text(250, y + 184, f"Amon's battle cards ({len(hand)}): " + short(hand, 90), 11, "start"))
    if played:
        body.append(text(250, y + 200, f"revealed: {played}", 11, "start", "bold", "#922b21"))
    body.append(text(16, y + 212, "Actions discarded: " + short(get(solo, "action_discard"), 70), 10, "start",
                     fill="#555"))
    body.append(text(16, y + 228, "Plundered tiles: " + short(get(solo, "plundered"), 90), 10, "start", fill="#555"))


def _battle(body: list[str], view: Mapping[str, Any], y: float) -> float:
    """The battle in progress: where, who, the cards played (face down until revealed)."""
    battle = get(view, "battle")
    if not isinstance(battle, Mapping):
        return y
    body.append(f'<rect x="6" y="{y}" width="{WIDTH - 12}" height="128" rx="8" fill="#fdedec" '
                f'stroke="#922b21" stroke-width="2"/>')
    zone = ZONE_BY_ID.get(str(get(battle, "zone")))
    body.append(text(16, y + 20, f"Battle in {zone.name if zone else get(battle, 'zone', '?')}: seat "
                                 f"{get(battle, 'attacker', '?')} attacks with {get(battle, 'attackers', '?')} warriors "
                                 f"seat {get(battle, 'defender', '?')}", 14, "start", "bold", "#922b21"))
    for k, side in enumerate(("attacker", "defender")):
        x = 16 + k * 490
        card = get(battle, side + "_card")
        di = get(battle, side + "_di_cards")
        count = len(di) if isinstance(di, list) else get(battle, side + "_di", 0)
        line = f"{side} seat {get(battle, side, '?')}: DI cards {count}"
        if isinstance(di, list) and di:
            line += " (" + ", ".join(map(str, di)) + ")"
        body.append(text(x + 110, y + 44, short(line, 60), 11, "start"))
        if get(battle, side + "_discard"):
            body.append(text(x + 110, y + 62, f"discarded face down: {get(battle, side + '_discard')}", 11, "start",
                             fill="#6b5a3e"))
        if isinstance(card, str) and card != "hidden":
            body.append(_battle_card(x, y + 26, card, False, side))
        elif card == "hidden":
            body.append(f'<rect x="{x}" y="{y + 26}" width="96" height="96" rx="6" fill="#5d4e37"/>'
                        + text(x + 48, y + 78, "face down", 10, fill="#fff"))
    strengths = get(battle, "strengths")
    if isinstance(strengths, list):
        body.append(text(500, y + 110, f"strength {strengths} · winner seat {get(battle, 'winner', '?')}", 12,
                         weight="bold", fill="#922b21"))
    return y + 138


def _zone_centre(zone_id: str) -> tuple[float, float] | None:
    """Where the moving troop is drawn: right of a zone's centre, or on a quarter's right half."""
    if zone_id in RECTS:
        x0, y0, x1, y1 = RECTS[zone_id]
        return (x0 + x1) / 2 + 30, MAP_TOP + (y0 + y1) / 2 + 16
    city, _, number = zone_id.partition("-")
    if city in CITY_BOX and number.isdigit():
        x, y = CITY_BOX[city]
        return x + CITY_W / 2 - 4, MAP_TOP + y + 20 + (int(number) - 1) * QUARTER_H + 28
    return None


def _movement(body: list[str], view: Mapping[str, Any]) -> None:
    """The troop on the move: where from, where now, the moves left and the companions with it."""
    movement = get(view, "movement")
    if not isinstance(movement, Mapping):
        return
    y = MAP_TOP + MAP_HEIGHT - 30
    line = (f"Moving {get(movement, 'warriors', '?')} warriors from {get(movement, 'from', '?')}, now at "
            f"{get(movement, 'at', '?')}, {get(movement, 'moves_left', '?')} land moves left")
    comps = [str(c) for c in as_list(get(movement, "companions"))]
    at = _zone_centre(str(get(movement, "at")))
    if at is not None and get(movement, "warriors"):
        seat = get(movement, "player")
        body.append(f'<g class="troop moving"{attrs(None, f"moving-{seat}")}><title>the moving troop</title>'
                    f'<circle cx="{at[0]:.1f}" cy="{at[1]:.1f}" r="15" fill="{seat_colour(seat)}" stroke="#f1c40f" '
                    f'stroke-width="3" stroke-dasharray="4 2"/>'
                    + text(at[0], at[1] + 5, get(movement, "warriors"), 14, weight="bold", fill="#fff") + "</g>")
    width = 12 + 6.4 * len(line) + sum(16 + 5.6 * len(c) for c in comps)
    body.append(f'<rect x="{500 - width / 2:.1f}" y="{y - 4}" width="{width:.1f}" height="26" rx="12" fill="#fdfefe" '
                f'stroke="{seat_colour(get(movement, "player"))}" stroke-width="2.5"/>')
    x = 500 - width / 2 + 8
    body.append(text(x, y + 13, line, 11, "start", "bold", "#1b4f72"))
    x += 6.4 * len(line)
    for name in comps:
        body.append(_companion(x, y, name))
        x += 16 + 5.6 * len(name)


def render_svg(view: Mapping[str, Any]) -> str:
    body: list[str] = [f'<rect width="{WIDTH}" height="100%" fill="#f6f3ec"/>']
    _tracks(body, view)
    _choice_bar(body, view)
    _map(body, view)
    _movement(body, view)
    mercs = get(view, "mercenary_bank")
    y = MAP_TOP + MAP_HEIGHT + 8
    body.append(f'<g{attrs("merc")}><rect x="6" y="{y}" width="240" height="24" rx="6" fill="#fdebd0" stroke="#935116"/>'
                + text(126, y + 16, f"Mercenary bank: {mercs if mercs is not None else '?'}", 11, weight="bold") + "</g>")
    body.append(text(260, y + 16, f"DI deck {get(view, 'di_deck', '?')} · DI discard: "
                     + short(get(view, "di_discard"), 80), 11, "start"))
    y = _battle(body, view, y + 34)
    y = _gods_to_choose(body, view, y)
    y = _own_board(body, view, y)
    y = _amon(body, view, y + 8)
    y = _market(body, view, y + 8)
    y = _other_seats(body, view, y + 8)
    if get(view, "terminal"):
        body.append(halo(500, MAP_TOP + 400, f"Game over · winner {short(get(view, 'winner'), 20)}", 28, fill="#922b21"))
    return svg(WIDTH, y + 12, body, "Kemet board")
