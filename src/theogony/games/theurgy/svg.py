"""Theurgy: the hex map of settlements with their vertices (faith tokens, labelled as the actions
name them), temples, ruins, acolytes, monsters and the Anomaly; beside it the action board with every
seat's pawn, the face-up monsters with their markers, the decks and the monster discard; then the
seat's own miracles and Divine Calling(s) as cards with their text, the markers of its decision, the
miracle discard, and one board per deity (temples and ruins against X, horde, supply).
The keys of the places are listed in places.py; pieces carry `data-piece`, cards `data-component`."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ...core.svg import (as_list, attrs, button, card_back, card_box, esc, get, seat_colour, short, slot,
                         svg, text, unique_keys, wrap)
from .components import components
from .places import ACTIONS
from .render import progress_texts, staying_marks

TYPE_FILL = {"capital": "#d7bde2", "forest": "#7dcea0", "market": "#f7dc6f", "farmland": "#f5cba7",
             "marsh": "#a2d9ce", "harbour": "#aed6f1", "mine": "#bfc9ca"}
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SIZE = 62.0
ACOLYTES_PER_ROW = 4
WIDTH = 1120.0
MAP_W, MAP_CY = 660.0, 330.0
SIDE_X = 680.0
CARD_W, CARD_H = 132.0, 118.0
MON_W, MON_H = 134.0, 100.0
GAP = 8.0
COMPONENT_BY_NAME = {c.name: c for c in components()}
KIND_EDGE = {"miracle": "#7d3c98", "monster": "#6e2c00", "Divine Calling": "#b7950b", "deity": "#1f618d",
             "capital event": "#922b21"}
MARKERS = {"pilgrimage": (("done", "done"),), "di": (("done", "done"),), "stw": (("pass", "pass"),),
           "discard": (("keep the rest", "keep"),)}
NO_MARKER = ("turn", "deity", "start", "start_faith", "calling", "ttf", "place_monster", "summon_pick",
             "eseryn", "peek_card", "peek_who")


def component_card(x: float, y: float, name: Any, place: str | None = None, w: float = CARD_W,
                   h: float = CARD_H, note: Any = "", highlight: bool = False) -> str:
    """A miracle, monster, Divine Calling or deity as a card with its text."""
    found = COMPONENT_BY_NAME.get(str(name))
    if found is None:
        return card_box(x, y, w, h, title=name, place=place, note=note)
    details = dict(found.details)
    cost = " · ".join(v for k, v in details.items() if k in ("type", "ability", "movement"))
    if found.kind == "Divine Calling":
        cost = "Divine Calling"
    return card_box(x, y, w, h, title=found.name, cost=cost or found.kind, body=found.text, place=place,
                    component=found.id, edge=KIND_EDGE.get(found.kind, "#8d6e63"), note=note,
                    highlight=highlight)


# ---------------------------------------------------------------- the map

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


def _deity_colours(view: Mapping[str, Any]) -> dict[Any, str]:
    return {get(s, "deity"): seat_colour(i) for i, s in enumerate(as_list(get(view, "seats"))) if get(s, "deity")}


def _corners(q: int, r: int, ox: float, oy: float) -> list[tuple[float, float]]:
    cx, cy = _centre(q, r)
    out = []
    for k in range(6):
        a, b = DIRS[k], DIRS[(k + 1) % 6]
        x1, y1 = _centre(q + a[0], r + a[1])
        x2, y2 = _centre(q + b[0], r + b[1])
        out.append(((cx + x1 + x2) / 3 + ox, (cy + y1 + y2) / 3 + oy))
    return out


def _pieces_by_place(view: Mapping[str, Any]) -> tuple[dict[str, list[tuple[int, int, bool]]],
                                                       dict[str, list[tuple[str, Any]]]]:
    acolytes: dict[str, list[tuple[int, int, bool]]] = {}
    for i, seat in enumerate(as_list(get(view, "seats"))):
        wounded = as_list(get(seat, "wounded"))
        for k, where in enumerate(as_list(get(seat, "acolytes"))):
            if where is not None:
                acolytes.setdefault(str(where), []).append((i, k + 1, bool(k < len(wounded) and wounded[k])))
    monsters: dict[str, list[tuple[str, Any]]] = {}
    for name, info in (get(view, "monsters") or {}).items():
        monsters.setdefault(str(get(info, "at")), []).append((name, get(info, "owner")))
    return acolytes, monsters


def svg_count(colour: Any, k: Any) -> str:
    """k mortals of a colour as the map writes them (`Lut:3`, `nb:2`)."""
    return f"{'nb' if colour == 'non-believer' else str(colour)[:3]}:{k}"


def _settlement(body: list[str], s: Mapping[str, Any], index: int, centre: tuple[float, float],
                corners: list[tuple[float, float]], colours: dict[Any, str],
                staying: tuple[str, str] | None = None) -> None:
    """`staying`: the pilgrim's colour and the mark of its followers here that stay (render.staying_marks)."""
    cx, cy = centre
    name = str(get(s, "name", f"#{index}"))
    kind = str(get(s, "type", ""))
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    body.append(f'<g class="settlement" data-place="{esc(name)}">')
    body.append(f'<polygon points="{points}" fill="{TYPE_FILL.get(kind, "#eee")}" stroke="#5d4e37" '
                f'stroke-width="1.5"/>')
    body.append(text(cx, cy - 30, name, 12, weight="bold"))
    mortals = get(s, "mortals") or {}
    line = " ".join(svg_count(k, v) + (f"({staying[1]})" if staying and k == staying[0] else "")
                    for k, v in mortals.items())
    body.append(text(cx, cy - 16, line, 10))
    if get(s, "sceptics"):
        body.append(text(cx, cy - 3, f"sceptics {get(s, 'sceptics')}", 10, fill="#6b6457"))
    temple = get(s, "temple")
    if temple:
        colour = colours.get(temple, "#555")
        body.append(f'<path d="M{cx - 11:.1f},{cy + 22:.1f} L{cx:.1f},{cy + 6:.1f} L{cx + 11:.1f},{cy + 22:.1f} Z" '
                    f'fill="{colour}" stroke="#222"><title>temple of {esc(temple)}</title></path>')
    for k, ruin in enumerate(as_list(get(s, "ruins"))[:3]):
        rx = cx - 26 + k * 12
        body.append(f'<rect x="{rx:.1f}" y="{cy + 28:.1f}" width="9" height="7" fill="{colours.get(ruin, "#555")}" '
                    f'stroke="#222" stroke-dasharray="2 1"><title>ruin of {esc(ruin)}</title></rect>')
    body.append("</g>")


def _pieces(body: list[str], centre: tuple[float, float], name: str, acolytes: list[tuple[int, int, bool]],
            monsters: list[tuple[str, Any]], colours: dict[Any, str]) -> None:
    """Acolytes in rows of ACOLYTES_PER_ROW left of the centre, monsters in a column right of them:
    no piece covers another, however many share the settlement, so each stays clickable (the
    monster's name never takes a click from what lies under it)."""
    cx, cy = centre
    for j, (seat, number, wounded) in enumerate(acolytes):
        ax, ay = cx - 30 + (j % ACOLYTES_PER_ROW) * 14, cy + 14 + (j // ACOLYTES_PER_ROW) * 14
        mark = f'<line x1="{ax - 6:.1f}" y1="{ay + 6:.1f}" x2="{ax + 6:.1f}" y2="{ay - 6:.1f}" stroke="#000" stroke-width="2"/>'
        body.append(f'<g class="acolyte"{attrs(f"acolyte:{seat}:{number}", f"acolyte-{seat}-{number}")}>'
                    f'<circle cx="{ax:.1f}" cy="{ay:.1f}" r="7" fill="{seat_colour(seat)}" stroke="#222">'
                    f'<title>acolyte {number} of seat {seat}{" (wounded)" if wounded else ""} in {esc(name)}</title>'
                    f'</circle>{text(ax, ay + 3.5, number, 9, weight="bold", fill="#fff")}{mark if wounded else ""}</g>')
    for j, (monster, owner) in enumerate(monsters):
        mx, my = cx + 32, cy + 4 + j * 17
        found = COMPONENT_BY_NAME.get(str(monster))
        body.append(f'<g class="monster"{attrs(f"monster:{monster}", f"monster-{monster}", found.id if found else None)}>'
                    f'<rect x="{mx - 6:.1f}" y="{my - 6:.1f}" width="12" height="12" transform="rotate(45 {mx:.1f} {my:.1f})" '
                    f'fill="{colours.get(owner, "#444")}" stroke="#000"><title>{esc(monster)} ({esc(owner)})</title></rect>'
                    + text(mx + 9, my + 4, short(monster, 12), 9, "start", "bold", extra='pointer-events="none"') + "</g>")


def _vertices(body: list[str], view: Mapping[str, Any], vertex_xy: dict[int, tuple[float, float]],
              colours: dict[Any, str]) -> None:
    faith = get(view, "faith") or {}
    for vid, (vx, vy) in sorted(vertex_xy.items()):
        owner = faith.get(f"V{vid}") if isinstance(faith, Mapping) else None
        title = f"V{vid}" + (f": faith of {owner}" if owner else ": vacant")
        piece = f' data-piece="faith-V{vid}"' if owner else ""
        body.append(f'<g class="vertex" data-place="V{vid}"><circle cx="{vx:.1f}" cy="{vy:.1f}" r="10" fill="#fff" '
                    f'fill-opacity="0.01"/><circle{piece} cx="{vx:.1f}" cy="{vy:.1f}" r="{9 if owner else 7}" '
                    f'fill="{colours.get(owner, "#fff") if owner else "#fff"}" stroke="#5d4e37"><title>{esc(title)}</title>'
                    f'</circle>' + text(vx, vy + 2.5, f"V{vid}", 6.5, weight="bold", fill="#fff" if owner else "#6b6457",
                                        extra='pointer-events="none"') + "</g>")


def _map(body: list[str], view: Mapping[str, Any]) -> float:
    settlements = [s for s in as_list(get(view, "settlements")) if isinstance(s, Mapping)]
    colours = _deity_colours(view)
    acolytes, monsters = _pieces_by_place(view)
    ox, oy = MAP_W / 2, MAP_CY
    vertex_xy: dict[int, tuple[float, float]] = {}
    centres = []
    staying = staying_marks(view)
    for index, (s, (q, r)) in enumerate(zip(settlements, _spiral(len(settlements)))):
        corners = _corners(q, r, ox, oy)
        vertices = as_list(get(s, "vertices"))
        for k, corner in enumerate(corners):
            if k < len(vertices) and isinstance(vertices[k], int):
                vertex_xy.setdefault(vertices[k], corner)
        cx, cy = _centre(q, r)
        centres.append((cx + ox, cy + oy))
        _settlement(body, s, index, centres[-1], corners, colours, staying.get(str(get(s, "name"))))
    anomaly = get(view, "anomaly")
    for s, centre in zip(settlements, centres):
        name = str(get(s, "name"))
        _pieces(body, centre, name, acolytes.get(name, []), monsters.get(name, []), colours)
        if anomaly == name:
            body.append(f'<g class="anomaly" data-piece="anomaly"><circle cx="{centre[0]:.1f}" cy="{centre[1]:.1f}" r="44" '
                        f'fill="none" stroke="#7d3c98" stroke-dasharray="4 3" stroke-width="3"><title>the Anomaly</title>'
                        f'</circle>{text(centre[0], centre[1] + 48, "Anomaly", 10, weight="bold", fill="#7d3c98")}</g>')
    _vertices(body, view, vertex_xy, colours)
    return max((vy for _, vy in vertex_xy.values()), default=MAP_CY) + 16


# ---------------------------------------------------------------- beside the map

def _action_board(body: list[str], view: Mapping[str, Any], y: float) -> float:
    """The four action spaces with the pawns standing on them (TU-3)."""
    body.append(text(SIDE_X, y + 12, "Actions (your pawn must move)", 12, "start", "bold"))
    y += 18
    seats = as_list(get(view, "seats"))
    viewer = get(view, "viewer")
    own_pawn = get(seats[viewer], "pawn") if isinstance(viewer, int) and 0 <= viewer < len(seats) else None
    w = (WIDTH - SIDE_X - 12 - GAP) / 2
    for k, action in enumerate(ACTIONS):
        x, top = SIDE_X + (k % 2) * (w + GAP), y + (k // 2) * 52
        body.append(f'<g class="action-space" data-place="action:{esc(action)}"><rect x="{x:.1f}" y="{top:.1f}" '
                    f'width="{w:.1f}" height="46" rx="8" fill="#fdf2e9" stroke="#5d4e37" stroke-width="1.5"/>'
                    + text(x + w / 2, top + 17, action.title(), 12, weight="bold") + "</g>")
        if action == own_pawn:
            body.append(text(x + w - 8, top + 38, "your pawn: it must move", 10, "end", fill="#6b6457"))
        for j, i in enumerate(i for i, s in enumerate(seats) if get(s, "pawn") == action):
            px = x + 14 + j * 22
            body.append(f'<g class="pawn" data-piece="pawn-{i}"><path d="M{px - 7:.1f},{top + 42:.1f} L{px:.1f},{top + 24:.1f} '
                        f'L{px + 7:.1f},{top + 42:.1f} Z" fill="{seat_colour(i)}" stroke="#222">'
                        f'<title>pawn of seat {i}</title></path></g>')
    return y + 2 * 52 + 6


def _monster_row(body: list[str], view: Mapping[str, Any], y: float) -> float:
    body.append(text(SIDE_X, y + 12, "Face-up monsters (markers: a third one discards the card)", 11, "start", "bold"))
    y += 18
    faceup = [m for m in as_list(get(view, "faceup_monsters")) if isinstance(m, Mapping)]
    for k in range(3):
        x = SIDE_X + k * (MON_W + GAP)
        if k >= len(faceup):
            body.append(slot(x, y, MON_W, MON_H, "empty"))
            continue
        name, markers = get(faceup[k], "name"), int(get(faceup[k], "markers", 0) or 0)
        body.append(component_card(x, y, name, f"monster:{name}", MON_W, MON_H))
        for j in range(markers):
            body.append(f'<circle cx="{x + MON_W - 10 - j * 14:.1f}" cy="{y + MON_H - 9:.1f}" r="5" fill="#e74c3c" '
                        f'stroke="#000"><title>marker</title></circle>')
    y += MON_H + GAP
    body.append(card_back(SIDE_X, y, 96, 60, f"monsters {get(view, 'monster_deck', 0)}", "monster deck", "#6e2c00"))
    body.append(card_back(SIDE_X + 104, y, 96, 60, f"miracles {get(view, 'miracle_deck', 0)}", None, "#4a235a"))
    discard = as_list(get(view, "monster_discard"))
    x = SIDE_X + 208
    if discard:
        body.append(component_card(x, y, discard[-1], None, MON_W + 90, 60, note=f"monster discard ({len(discard)})"))
    else:
        body.append(slot(x, y, MON_W + 90, 60, "monster discard"))
    return y + 68


def _facts(body: list[str], view: Mapping[str, Any], y: float) -> float:
    facts = [f"turn {get(view, 'turns_taken', '?')}", f"X = {get(view, 'temples_x', '?')} temples",
             f"the Anomaly: {get(view, 'anomaly', '?')}"]
    body.append(text(SIDE_X, y + 12, " · ".join(facts), 12, "start", "bold"))
    decision = get(view, "decision")
    if isinstance(decision, Mapping):
        who = get(decision, "player")
        seats = as_list(get(view, "seats"))
        name = get(seats[who], "deity", f"seat {who}") if isinstance(who, int) and who < len(seats) else who
        lead = "Your decision: " if who == get(view, "viewer") else f"{name} decides: "
        for k, line in enumerate(wrap(lead + str(get(decision, "prompt", "")), 64, 2)):
            body.append(text(SIDE_X, y + 30 + 15 * k, line, 12, "start", fill=seat_colour(who)))
    outcome = get(view, "outcome")
    if isinstance(outcome, Mapping):
        winners = ", ".join(str(get(as_list(get(view, "seats"))[w], "deity", w)) for w in as_list(get(outcome, "winners"))
                            if isinstance(w, int) and w < len(as_list(get(view, "seats"))))
        body.append(text(SIDE_X, y + 62, f"Game over · won by {winners}", 13, "start", "bold"))
    return _progress(body, view, y + 62)


def _progress(body: list[str], view: Mapping[str, Any], y: float) -> float:
    """The action under way and what it still allows (render.progress_texts), as a small legend."""
    lines = [line for entry in progress_texts(view, svg_count) for line in wrap(entry, 70, 3)]
    if lines:
        body.append('<g class="in-progress">' + "".join(
            text(SIDE_X, y + 14 * k, line, 11, "start", fill="#4a235a") for k, line in enumerate(lines)) + "</g>")
    return y + 6 + 14 * max(len(lines) - 1, 0) + (10 if lines else 0)


# ---------------------------------------------------------------- the seat's own cards and markers

def _row(body: list[str], y: float, title: str, names: list[Any], prefix: str, left: float = 12) -> float:
    body.append(text(left, y + 13, title, 13, "start", "bold"))
    y += 20
    per_row = max(1, int((WIDTH - left) // (CARD_W + GAP)))
    for k, (name, place) in enumerate(zip(names, unique_keys(names, prefix))):
        x, top = left + (k % per_row) * (CARD_W + GAP), y + (k // per_row) * (CARD_H + GAP)
        body.append(component_card(x, top, name, place))
    return y + max(1, (len(names) + per_row - 1) // per_row) * (CARD_H + GAP)


def _own(body: list[str], view: Mapping[str, Any], y: float) -> float:
    seats = as_list(get(view, "seats"))
    viewer = get(view, "viewer")
    decision = get(view, "decision")
    kind = get(decision, "kind") if isinstance(decision, Mapping) else None
    if kind == "deity" and get(decision, "player") == viewer:
        taken = {get(s, "deity") for s in seats}
        free = [c.name for c in COMPONENT_BY_NAME.values() if c.kind == "deity" and c.name not in taken]
        y = _row(body, y, "Choose your deity", free, "deity")
    if not (isinstance(viewer, int) and 0 <= viewer < len(seats) and isinstance(seats[viewer], Mapping)):
        return y
    mine = seats[viewer]
    hand = as_list(get(mine, "hand"))
    offer, calling = as_list(get(mine, "offer")), get(mine, "calling")
    callings, title = ([calling], "Your Divine Calling (hidden)") if calling else (
        offer, "Divine Callings dealt to you: keep one")
    beside = 12 + len(hand) * (CARD_W + GAP) + 16   # the callings go beside the hand when they fit
    if hand and callings and beside + len(callings) * (CARD_W + GAP) <= WIDTH:
        y = max(_row(body, y, f"Your miracles ({len(hand)})", hand, "miracle"),
                _row(body, y, title, callings, "calling", beside))
    else:
        y = _row(body, y, f"Your miracles ({len(hand)})", hand, "miracle") if hand else y
        y = _row(body, y, title, callings, "calling") if callings else y
    supply = as_list(get(mine, "supply"))
    if supply:
        y = _row(body, y, "Your supply (Aeoris)", supply, "supply")
    for i, seat in enumerate(seats):
        if i != viewer and isinstance(seat, Mapping) and "hand" in seat:
            y = _row(body, y, f"{get(seat, 'deity')}'s hand (you are looking at it)", as_list(get(seat, "hand")), "peek")
    return y


def _markers(body: list[str], view: Mapping[str, Any], y: float) -> float:
    decision = get(view, "decision")
    if not isinstance(decision, Mapping) or get(decision, "player") != get(view, "viewer"):
        return y
    kind = str(get(decision, "kind"))
    markers = MARKERS.get(kind, () if kind in NO_MARKER else (("stop", "stop"),))
    for k, (label, place) in enumerate(markers):
        body.append(button(12 + k * 170, y, 160, label, place, 30))
    return y + (40 if markers else 0)


def _miracle_discard(body: list[str], view: Mapping[str, Any], y: float) -> float:
    discard = as_list(get(view, "miracle_discard"))
    body.append(text(12, y + 12, f"Miracle discard ({len(discard)}, most recent first)", 12, "start", "bold"))
    y += 18
    newest = list(reversed(discard))
    keys = unique_keys(newest, "discarded")
    w, per_row = 178.0, 6
    for k, (name, key) in enumerate(zip(newest, keys)):
        x, top = 12 + (k % per_row) * (w + 4), y + (k // per_row) * 24
        found = COMPONENT_BY_NAME.get(str(name))
        body.append(f'<g class="chip"{attrs(key, None, found.id if found else None)}><rect x="{x:.1f}" y="{top:.1f}" '
                    f'width="{w}" height="20" rx="4" fill="#f4ecf7" stroke="#7d3c98"/>'
                    f'<title>{esc(name)}{": " + esc(found.text) if found else ""}</title>'
                    + text(x + 5, top + 14, short(name, 32), 10, "start") + "</g>")
    return y + max(1, (len(newest) + per_row - 1) // per_row) * 24 + 6


# ---------------------------------------------------------------- one board per deity

def temple_count(view: Mapping[str, Any], deity: Any) -> tuple[int, int, bool]:
    """(temples, ruins, a temple in the Capital) of one deity on the map (TU-4)."""
    temples = ruins = 0
    capital = False
    for s in as_list(get(view, "settlements")):
        if get(s, "temple") == deity:
            temples += 1
            capital = capital or get(s, "type") == "capital"
        ruins += as_list(get(s, "ruins")).count(deity)
    return temples, ruins, capital


def _seat_board(body: list[str], view: Mapping[str, Any], i: int, seat: Mapping[str, Any], x: float, y: float,
                w: float) -> float:
    deity = get(seat, "deity")
    colour = seat_colour(i)
    viewer, current = get(view, "viewer"), get(view, "current_player")
    title = f"{deity or f'Seat {i}'}" + (" (you)" if i == viewer else "") + (" ◀ deciding" if i == current else "")
    temples, ruins, capital = temple_count(view, deity)
    x_needed = get(view, "temples_x", "?")
    rows = [f"temples {temples} + ruins {ruins} (½ each) = {temples + ruins / 2:g} of X = {x_needed}"
            + (" · one in the Capital" if capital else ""),
            f"pawn on: {get(seat, 'pawn') or '–'} · miracles in hand: {get(seat, 'hand_size', '?')}",
            "acolytes: " + ", ".join(f"{k + 1} in {a}" + (" (wounded)" if k < len(as_list(get(seat, 'wounded')))
                                                          and as_list(get(seat, 'wounded'))[k] else "")
                                     for k, a in enumerate(as_list(get(seat, "acolytes"))) if a)]
    calling = "kept (hidden)" if get(seat, "has_calling") else "not yet kept"
    rows.append(f"Divine Calling: {calling}")
    if i == get(view, "first"):
        rows.append("starting player: takes the first turn of each round")
    for key, label in (("forced", "must take"), ("banned", "may not take")):
        if get(seat, key):
            rows.append(f"{label}: {get(seat, key)}")
    horde = as_list(get(seat, "horde"))
    height = 30 + 15 * len(rows) + (30 if horde else 0)
    body.append(f'<g class="seat" data-place="seat:{i}"><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{height}" '
                f'rx="8" fill="#fffdf8" stroke="{colour}" stroke-width="{4 if i == current else 2}"/>'
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="22" rx="8" fill="{colour}"/>'
                + "</g>")
    found = COMPONENT_BY_NAME.get(str(deity))
    tooltip = f"<title>{esc(found.name)}: {esc(found.text)}</title>" if found else ""
    body.append(f'<g class="deity"{attrs(None, None, found.id if found else None)}>{tooltip}'
                + text(x + 10, y + 16, title, 13, "start", "bold", "#fff") + "</g>")
    if found is not None:
        body.append(text(x + w - 10, y + 16, short(found.text, int(w / 9)), 10, "end", fill="#fff"))
    for k, row in enumerate(rows):
        body.append(text(x + 10, y + 38 + 15 * k, short(row, int(w / 5.6)), 11, "start"))
    for k, name in enumerate(horde):
        mon = COMPONENT_BY_NAME.get(str(name))
        cx = x + 10 + k * 88
        body.append(f'<g class="horde"{attrs(None, None, mon.id if mon else None)}><rect x="{cx:.1f}" y="{y + height - 26:.1f}" '
                    f'width="84" height="20" rx="4" fill="#f6ddcc" stroke="#6e2c00"/>'
                    f'<title>{esc(name)}{": " + esc(mon.text) if mon else ""}</title>'
                    + text(cx + 42, y + height - 12, short(name, 14), 10) + "</g>")
    return height


def _seat_boards(body: list[str], view: Mapping[str, Any], y: float) -> float:
    seats = [s for s in as_list(get(view, "seats"))]
    per_row = 2 if len(seats) <= 4 else 3
    w = (WIDTH - 12 * (per_row + 1)) / per_row
    bottom = y
    row_top, row_height = y, 0.0
    for i, seat in enumerate(seats):
        if i and i % per_row == 0:
            row_top += row_height + 10
            row_height = 0.0
        if isinstance(seat, Mapping):
            height = _seat_board(body, view, i, seat, 12 + (i % per_row) * (w + 12), row_top, w)
            row_height = max(row_height, height)
            bottom = row_top + row_height
    return bottom


def render_svg(view: Mapping[str, Any]) -> str:
    body: list[str] = ['<rect width="100%" height="100%" fill="#f6f3ec"/>']
    map_bottom = _map(body, view)
    side = _facts(body, view, 8.0)
    side = _action_board(body, view, side)
    side = _monster_row(body, view, side)
    y = max(map_bottom, side) + 6
    y = _markers(body, view, y)
    y = _own(body, view, y)
    y = _miracle_discard(body, view, y)
    y = _seat_boards(body, view, y + 4)
    return svg(WIDTH, y + 12, body, "Theurgy map")
