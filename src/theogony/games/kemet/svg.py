"""Kemet: the zones of the map (cities with their three quarters, deserts, temples, the Nile banks,
the Delta and the Sanctuary) with troops and pyramids, then each player's board. Zones are
clickable places."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.svg import as_list, esc, get, named_colour, seat_colour, seat_panels, short, svg, text

WIDTH = 1000.0
# designed layout (the board has no printed geometry): west bank left, east bank right, Nile centre
ZONES = {
    "delta-temple": (500, 50), "delta-desert": (500, 130), "sanctuary": (500, 330),
    "nile-w": (400, 420), "nile-e": (600, 420),
    "temple-wn": (330, 200), "temple-ws": (330, 520), "temple-en": (670, 200), "temple-es": (670, 520),
    "nw-desert": (200, 110), "w-desert": (160, 330), "sw-desert": (200, 550),
    "ne-desert": (800, 110), "e-desert": (840, 330), "se-desert": (800, 550),
}
CITIES = {"NW": (60, 110), "W": (60, 330), "SW": (60, 550), "NE": (940, 110), "E": (940, 330),
          "SE": (940, 550)}
NAMES = {"delta-temple": "Delta Temple", "delta-desert": "Delta Desert", "sanctuary": "Sanctuary",
         "nile-w": "West Nile Bank", "nile-e": "East Nile Bank", "temple-wn": "Temple (WN)",
         "temple-ws": "Temple (WS)", "temple-en": "Temple (EN)", "temple-es": "Temple (ES)"}


def _zone(body: list[str], zone_id: str, x: float, y: float, w: float, h: float,
          info: Mapping[str, Any], city_owner: int | None = None) -> None:
    owner = get(info, "owner")
    fill = "#fdebd0" if "desert" in zone_id else "#d6eaf8" if "nile" in zone_id else \
        "#f9e79f" if "temple" in zone_id or zone_id == "sanctuary" else "#fffdf8"
    stroke = seat_colour(city_owner) if city_owner is not None else "#8d6e63"
    body.append(f'<g class="zone" data-place="{esc(zone_id)}">')
    body.append(f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w}" height="{h}" rx="7" '
                f'fill="{fill}" stroke="{stroke}" stroke-width="{3 if city_owner is not None else 1.5}"/>')
    body.append(text(x, y - h / 2 + 14, NAMES.get(zone_id, zone_id), 11, weight="bold"))
    if isinstance(owner, int) and get(info, "warriors"):
        body.append(f'<circle cx="{x - w / 2 + 16:.1f}" cy="{y + 8:.1f}" r="10" fill="{seat_colour(owner)}" stroke="#222"/>')
        body.append(text(x - w / 2 + 16, y + 12, get(info, "warriors"), 11, weight="bold", fill="#fff"))
    pyramid = get(info, "pyramid")
    if isinstance(pyramid, (list, tuple)) and len(pyramid) >= 2:
        px, py = x + w / 2 - 22, y + 14
        body.append(f'<path d="M{px - 12:.1f},{py:.1f} L{px:.1f},{py - 18:.1f} L{px + 12:.1f},{py:.1f} Z" '
                    f'fill="{named_colour(pyramid[0])}" stroke="#222"><title>{esc(pyramid[0])} pyramid level {esc(pyramid[1])}</title></path>')
        body.append(text(px, py + 12, f"{pyramid[0]} {pyramid[1]}", 9))
    extras = [short(get(info, "companions"), 22)] if get(info, "companions") else []
    for key in ("temple", "obelisk", "sanctuary"):
        if get(info, key):
            extras.append(f"{key}: {short(get(info, key), 14)}")
    if extras:
        body.append(text(x, y + h / 2 - 4, " · ".join(extras), 9, fill="#6b6457"))
    body.append("</g>")


def render_svg(view: Mapping[str, Any]) -> str:
    zones = get(view, "zones") or {}
    seats = as_list(get(view, "seats"))
    body: list[str] = [f'<rect width="{WIDTH}" height="100%" fill="#f6f3ec"/>',
                       f'<rect x="470" y="160" width="60" height="450" fill="#85c1e9" opacity="0.5"/>',
                       text(500, 630, "Nile", 12, fill="#1f618d")]
    city_owner = {str(get(s, "city")): i for i, s in enumerate(seats) if get(s, "city")}
    drawn = set()
    for zone_id, (x, y) in ZONES.items():
        _zone(body, zone_id, x, y, 130, 62, zones.get(zone_id, {}) if isinstance(zones, Mapping) else {})
        drawn.add(zone_id)
    for city, (x, y) in CITIES.items():
        quarters = [f"{city}-{k}" for k in (1, 2, 3)]
        if city not in city_owner and not any(q in zones for q in quarters):
            continue
        owner = city_owner.get(city)
        body.append(text(x, y - 78, f"{city} city", 11, weight="bold", fill=seat_colour(owner)))
        for k, quarter in enumerate(quarters):
            _zone(body, quarter, x, y - 52 + k * 52, 104, 48, zones.get(quarter, {}), owner)
            drawn.add(quarter)
    others = [z for z in (zones if isinstance(zones, Mapping) else {}) if z not in drawn]
    for k, zone_id in enumerate(others):  # zones this drawing does not know yet
        _zone(body, zone_id, 80 + (k % 7) * 140, 680 + (k // 7) * 70, 130, 62, zones[zone_id])
    y = 660 + (70 * ((len(others) + 6) // 7) if others else 0)
    status = [f"round {get(view, 'round', '?')}", f"{get(view, 'phase', '')} {get(view, 'step', '')}".strip(),
              f"turn order {short(get(view, 'order'), 20)}", f"DI deck {get(view, 'di_deck', '?')}"]
    body.append(text(20, y + 10, " · ".join(status), 12, "start"))
    market = get(view, "market") or {}
    if isinstance(market, Mapping) and market:
        body.append(text(20, y + 28, "tiles for sale: " + short([k for k, v in market.items() if v], 150),
                         10, "start", fill="#6b6457"))

    def rows(i: int, seat: Mapping[str, Any]) -> list[tuple[str, Any]]:
        out = [("prayer points", get(seat, "pp")), ("glory", f"{get(seat, 'glory', 0)} (+{get(seat, 'permanent_glory', 0)} permanent)"),
               ("action spaces", get(seat, "spaces")), ("tiles", get(seat, "tiles")),
               ("supply / tokens", f"{get(seat, 'supply', '?')} warriors, {get(seat, 'tokens', '?')} tokens"),
               ("battle cards", get(seat, "battle_cards", f"{get(seat, 'battle_hand', '?')} in hand")),
               ("DI cards", get(seat, "di_cards", f"{get(seat, 'di_hand', '?')} in hand"))]
        if get(seat, "battle_up"):
            out.append(("played", get(seat, "battle_up")))
        return out

    parts, bottom = seat_panels(view, y + 42, WIDTH, rows,
                                lambda i, s: f"Seat {i}: {get(s, 'city', '')} city")
    body += parts
    return svg(WIDTH, bottom + 12, body, "Kemet map")
