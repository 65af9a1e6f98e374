"""Teomachia: the table — the element layout and the track in the middle, each god's stake
(prophet, priest, faithful), community, desperation, power cards and places, and your own hand.
Cards in your hand and in the layout are clickable places (by card name)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.svg import as_list, esc, get, named_colour, seat_colour, short, svg, text

WIDTH = 960.0
CARD_W, CARD_H = 104.0, 58.0
STAKE = ("prophet", "priest", "faithful")


def _card(body: list[str], x: float, y: float, name: Any, colour: str = "#fffdf8",
          hidden: bool = False) -> None:
    if name is None and not hidden:  # an empty slot
        body.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" height="{CARD_H}" rx="6" fill="none" '
                    f'stroke="#b0a58f" stroke-dasharray="5 4"/>')
        return
    label = str(name)
    element = label.split()[0].lower() if label else ""
    edge = named_colour(element, "#8d6e63")
    place = "" if hidden else f' data-place="{esc(label)}"'
    body.append(f'<g class="card"{place}><rect x="{x:.1f}" y="{y:.1f}" width="{CARD_W}" height="{CARD_H}" rx="6" '
                f'fill="{"#5d4e37" if hidden else colour}" stroke="{edge}" stroke-width="3"><title>{esc(label)}</title></rect>')
    if not hidden:
        words = label.split()
        first, second = " ".join(words[:2]), " ".join(words[2:])
        body.append(text(x + CARD_W / 2, y + 24, short(first, 16), 11, weight="bold"))
        if second:
            body.append(text(x + CARD_W / 2, y + 40, short(second, 16), 11))
    body.append("</g>")


def _row(body: list[str], x: float, y: float, title: str, cards: list[Any], per_row: int = 8,
         hidden: int = 0) -> float:
    body.append(text(x, y + 12, title, 12, "start", "bold"))
    y += 18
    items = [(c, False) for c in cards] + [("", True)] * hidden
    if not items:
        body.append(text(x, y + 12, "none", 11, "start", fill="#6b6457"))
        return y + 22
    for k, (card, is_hidden) in enumerate(items):
        _card(body, x + (k % per_row) * (CARD_W + 8), y + (k // per_row) * (CARD_H + 8), card, hidden=is_hidden)
    return y + ((len(items) + per_row - 1) // per_row) * (CARD_H + 8)


def render_svg(view: Mapping[str, Any]) -> str:
    body: list[str] = [f'<rect width="{WIDTH}" height="100%" fill="#f6f3ec"/>']
    status = [f"phase {get(view, 'phase', '?')}", f"deal {get(view, 'deal', '?')}",
              f"conflict {get(view, 'conflict', '?')}", f"bid round {get(view, 'bid_round', '?')}",
              f"initiative: seat {get(view, 'initiative', '?')}", f"prayer deck {get(view, 'prayer_deck', '?')}",
              f"elements deck {get(view, 'elements_deck', '?')}"]
    body.append(text(12, 20, " · ".join(status), 12, "start"))
    y = 30.0
    layout = as_list(get(view, "layout"))
    y = _row(body, 12, y, "Layout (elements in play)", layout, hidden=int(get(view, "face_down", 0) or 0))
    track = as_list(get(view, "track"))
    if track:
        y = _row(body, 12, y + 6, "Track", track)
    seats = as_list(get(view, "seats"))
    viewer = get(view, "viewer")
    current = get(view, "current_player")
    strengths = as_list(get(view, "strengths"))
    for i, seat in enumerate(seats):
        if not isinstance(seat, Mapping):
            continue
        y += 12
        top = y
        colour = seat_colour(i)
        title = f"Seat {i}" + (" (you)" if i == viewer else "") + (" ◀ deciding" if i == current else "")
        if get(seat, "alive") is False:
            title += " — eliminated"
        body.append(f'<rect x="6" y="{top:.1f}" width="{WIDTH - 12}" height="__H{i}__" rx="8" fill="none" '
                    f'stroke="{colour}" stroke-width="{4 if i == current else 2}"/>')
        body.append(text(16, top + 18, title, 13, "start", "bold", colour))
        stake = as_list(get(seat, "stake"))
        community = as_list(get(seat, "community"))
        desperation = as_list(get(seat, "desperation"))
        x = 16.0
        for k, name in enumerate(STAKE):
            body.append(text(x + 220 + k * 235, top + 18,
                             f"{name}: {stake[k] if k < len(stake) else '?'} staked, "
                             f"{community[k] if k < len(community) else '?'} left"
                             + (f", {desperation[k]} desp." if k < len(desperation) and desperation[k] else ""),
                             11, "start"))
        facts = [f"hand {get(seat, 'hand_size', '?')}", f"deck {get(seat, 'deck_size', '?')}",
                 f"discard {get(seat, 'discard_size', '?')}", f"VP {get(seat, 'vp', 0)}",
                 f"unity {get(seat, 'unity', 0)}", f"bonus {get(seat, 'bonus', 0)}"]
        if i < len(strengths):
            facts.append(f"strength {strengths[i]}")
        body.append(text(16, top + 36, " · ".join(facts), 11, "start", fill="#6b6457"))
        y = top + 40
        power = as_list(get(seat, "power"))
        places = [p[0] if isinstance(p, (list, tuple)) and p else p for p in as_list(get(seat, "places"))]
        if power or places or get(seat, "lasting"):
            y = _row(body, 16, y, "In play: power cards, lasting effects, places",
                     power + as_list(get(seat, "lasting")) + places)
        if "hand" in seat:
            y = _row(body, 16, y, "Your hand", as_list(get(seat, "hand")))
        if get(seat, "draft_hand"):
            y = _row(body, 16, y, "Your draft", as_list(get(seat, "draft_hand")))
        if get(seat, "picked"):
            y = _row(body, 16, y, "Picked", as_list(get(seat, "picked")))
        y += 8
        body[:] = [part.replace(f"__H{i}__", f"{y - top:.0f}") for part in body]
    return svg(WIDTH, y + 12, body, "Teomachia table")
