"""Teomachia: the table as the physical game lays it out, from one seat's view.

Top: the deal's figures and the conflict level; the elements layout (face-up cards and backs) with
the elements deck and its discard; the prayer deck and the prayer track with the worshipper each
space costs. Then a battle band (the card waiting for responses, the running strength of each seat in
the battle, who has withdrawn), one board per seat (community and stake as tokens, deity, myths, laid
out power cards, lasting effects, attacks, places with their token and damage mark, deck, hand and
discard top) and, for the seat itself, its hand, draft and the markers of the decision it is taking.
Every card carries its `data-component`; the keys of the places are listed in places.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.svg import (as_list, button, card_back, card_box, esc, get, named_colour, seat_colour,
                         short, slot, svg, text, unique_keys)
from .components import COMPONENT_BY_ID, requirement
from .content import (CARD_ID_BY_NAME, DEFS, DEITIES, DEITY_ID_BY_NAME, ELEMENT_ID_BY_NAME, ELEMENTS,
                      MYTH_ID_BY_NAME, MYTHS)

WIDTH = 1040.0
CARD_W, CARD_H = 122.0, 124.0
SMALL_W, SMALL_H = 112.0, 84.0
DEITY_W = CARD_W + 40
GAP = 8.0
TOKENS = ("prophet", "priest", "faithful")
TOKEN_STYLE = {"prophet": ("#f4d03f", 13, "P"), "priest": ("#aab7b8", 11, "p"), "faithful": ("#d7ccc8", 9, "f")}
TRACK_PRICE = ("priest", "priest", "faithful", "faithful", None, None)  # TM-9.1, left to right
LAY_OUT_PHASES = ("bid", "battle", "respond", "settle")
SETUP_PHASES = ("draft", "aside", "deity")
DEF_BY_NAME = {d.name: d for d in DEFS}
ELEMENT_BY_NAME = {e.name: e for e in ELEMENTS}
DEITY_BY_NAME = {d.name: d for d in DEITIES}
MYTH_BY_NAME = {m.name: m for m in MYTHS}
PHASE_LABEL = {"draft": "draft", "aside": "set aside to keep 8", "deity": "choosing deities",
               "prebid": "before bidding", "bid": "bidding", "prebattle": "before the battle",
               "battle": "battle", "respond": "responses", "settle": "settlement", "discard": "settlement",
               "prayer": "prayer", "myth": "myth phase", "over": "game over"}


# ---------------------------------------------------------------- cards of each kind

def _text_of(component_id: str | None) -> str:
    found = COMPONENT_BY_ID.get(component_id or "")
    return found.text if found else ""


def prayer_card(x: float, y: float, name: Any, place: str | None = None, small: bool = False,
                note: Any = "") -> str:
    """A prayer card (power or deed) with its sphere edge, requirement and text."""
    w, h = (SMALL_W, SMALL_H) if small else (CARD_W, CARD_H)
    card = DEF_BY_NAME.get(str(name))
    if card is None:
        return card_box(x, y, w, h, title=name, place=place, note=note)
    if card.kind == "power":
        cost, body = f"power · {card.symbols} {card.aspect}", f"counts as one {card.sphere} card"
    else:
        cost = f"{card.kind} · {requirement(card)}"
        body = _text_of(card.id) + (f" Place: put a {card.token} on it." if card.kind == "place" else "")
    return card_box(x, y, w, h, title=card.name, cost=cost, body=body, place=place, component=card.id,
                    edge=named_colour(card.sphere, "#8d6e63"), note=note)


def element_card(x: float, y: float, name: Any) -> str:
    element = ELEMENT_BY_NAME.get(str(name))
    if element is None:
        return card_box(x, y, SMALL_W, SMALL_H, title=name)
    marks = ("○ " if element.aspect == "order" else "● ") * element.symbols
    return card_box(x, y, SMALL_W, SMALL_H, title=element.name, cost=f"{element.symbols} {element.aspect}",
                    body=f"{marks.strip()} {element.sphere}", component=ELEMENT_ID_BY_NAME.get(element.name),
                    edge=named_colour(element.sphere), fill="#fbf6e9")


def deity_card(x: float, y: float, name: Any, place: str | None, small: bool = False) -> str:
    deity = DEITY_BY_NAME.get(str(name))
    w, h = (SMALL_W, SMALL_H) if small else (DEITY_W, CARD_H)
    if deity is None:
        return card_box(x, y, w, h, title=name, place=place)
    cost = f"{deity.mythology} · {deity.attr_kind}"   # what an activation costs, its text says
    return card_box(x, y, w, h, title=deity.name, cost=cost, body=f"{deity.text} Demand: {deity.demand_text}",
                    place=place, component=DEITY_ID_BY_NAME[deity.name], edge="#6c3483", fill="#f5eef8")


def myth_card(x: float, y: float, name: Any, place: str | None, note: Any = "") -> str:
    myth = MYTH_BY_NAME.get(str(name))
    if myth is None:
        return card_box(x, y, SMALL_W, SMALL_H, title=name, place=place, note=note)
    return card_box(x, y, SMALL_W, SMALL_H, title=myth.name,
                    cost=f"{'hero' if myth.hero else 'myth'} · {myth.cost} miracle", body=myth.text,
                    place=place, component=MYTH_ID_BY_NAME[myth.name], edge="#1f618d", fill="#eaf2f8", note=note)


def token(x: float, y: float, kind: str, count: Any, place: str | None = None, label: str = "") -> str:
    fill, radius, letter = TOKEN_STYLE.get(kind, ("#ddd", 10, "?"))
    attr = f' data-place="{esc(place)}"' if place else ""
    return (f'<g class="token"{attr}><circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{fill}" stroke="#5d4e37" '
            f'stroke-width="1.5"><title>{esc(kind)}: {esc(count)}</title></circle>'
            + text(x, y + 4, letter, 10, weight="bold")
            + text(x + radius + 3, y + 4, f"×{count}{label}", 11, "start", "bold") + "</g>")


# ---------------------------------------------------------------- the middle of the table

def _header(body: list[str], view: Mapping[str, Any]) -> float:
    phase = str(get(view, "phase", "?"))
    round_ = f" {get(view, 'bid_round')}/3" if phase == "bid" else ""
    if phase in SETUP_PHASES:
        facts = ["Setup", PHASE_LABEL.get(phase, phase)]
    else:
        facts = [f"Deal {get(view, 'deal', '?')}", PHASE_LABEL.get(phase, phase) + round_,
                 f"initiative: seat {get(view, 'initiative', '?')}"]
    if get(view, "raised"):
        facts.append("the stake has been raised")
    if get(view, "miracle_supply") is not None:
        facts.append(f"miracle tokens in the bank: {get(view, 'miracle_supply')}")
    body.append(text(12, 20, " · ".join(facts), 14, "start", "bold"))
    decision = get(view, "decision")
    if isinstance(decision, Mapping):
        who = get(decision, "player")
        you = who == get(view, "viewer")
        body.append(text(12, 40, ("Your decision: " if you else f"Seat {who} decides: ") + str(get(decision, "prompt", "")),
                         12, "start", fill=seat_colour(who)))
    outcome = get(view, "winners") if get(view, "terminal") else None
    if outcome:
        body.append(text(12, 40, f"Game over · winner: seat {', '.join(str(w) for w in outcome)}", 13, "start", "bold"))
    conflict = get(view, "conflict", 1)
    for level in (1, 2, 3):
        cx = WIDTH - 110 + level * 26
        fill = "#c0392b" if level == conflict else "#f6f3ec"
        body.append(f'<circle cx="{cx}" cy="24" r="10" fill="{fill}" stroke="#5d4e37"><title>conflict level</title></circle>')
        body.append(text(cx, 28, level, 10, weight="bold", fill="#fff" if level == conflict else "#5d4e37"))
    body.append(text(WIDTH - 96, 46, "conflict", 10, fill="#6b6457"))
    return 54.0


def _elements(body: list[str], view: Mapping[str, Any], y: float) -> float:
    body.append(text(12, y + 12, "Elements layout", 12, "start", "bold"))
    y += 18
    shown = as_list(get(view, "layout"))
    hidden = int(get(view, "face_down", 0) or 0)
    for k in range(5):
        x = 12 + k * (SMALL_W + GAP)
        if k < len(shown):
            body.append(element_card(x, y, shown[k]))
        elif k < len(shown) + hidden:
            body.append(card_back(x, y, SMALL_W, SMALL_H, "face down", fill="#34495e"))
        else:
            body.append(slot(x, y, SMALL_W, SMALL_H))
    x = 12 + 5 * (SMALL_W + GAP) + 20
    body.append(card_back(x, y, SMALL_W * 0.8, SMALL_H, f"deck {get(view, 'elements_deck', 0)}", fill="#34495e"))
    discard = as_list(get(view, "elements_discard"))
    x += SMALL_W * 0.8 + GAP
    body.append(element_card(x, y, discard[-1]) if discard else slot(x, y, SMALL_W, SMALL_H, "discard"))
    body.append(text(x + SMALL_W / 2, y + SMALL_H + 12, f"element discard ({len(discard)})", 10, fill="#6b6457"))
    boxed = as_list(get(view, "boxed"))
    if boxed:
        body.append(text(x + SMALL_W + 14, y + 14, f"out of the game: {len(boxed)}", 10, "start", fill="#6b6457"))
    return y + SMALL_H + 16


def _track(body: list[str], view: Mapping[str, Any], y: float) -> float:
    body.append(text(12, y + 12, "Prayer track (the price is the worshipper above each space)", 12, "start", "bold"))
    y += 18
    body.append(card_back(12, y + 24, CARD_W * 0.8, CARD_H, f"deck {get(view, 'prayer_deck', 0)}", "prayer deck"))
    track = as_list(get(view, "track"))
    for k in range(6):
        x = 12 + CARD_W * 0.8 + GAP * 2 + k * (CARD_W + GAP)
        price = TRACK_PRICE[k]
        if price:
            body.append(token(x + CARD_W / 2 - 14, y + 11, price, 1, label=""))
        else:
            body.append(text(x + CARD_W / 2, y + 15, "free", 11, weight="bold", fill="#6b6457"))
        name = track[k] if k < len(track) else None
        place = f"track:{k + 1}"
        body.append(prayer_card(x, y + 24, name, place) if name
                    else slot(x, y + 24, CARD_W, CARD_H, "empty", place))
    return y + 24 + CARD_H + 10


def _battle_band(body: list[str], view: Mapping[str, Any], y: float) -> float:
    """The card waiting for responses, the running strength of the battle, who has withdrawn."""
    lines = []
    pending = as_list(get(view, "pending"))
    if len(pending) >= 2:
        target = f" against seat {pending[2]}" if len(pending) > 2 and isinstance(pending[2], int) and pending[2] >= 0 else ""
        lines.append(f"Waiting for responses: seat {pending[0]} plays {pending[1]}{target}")
    chain = [f"seat {c[0]}: {c[1]}" for c in as_list(get(view, "response_chain")) if len(as_list(c)) >= 2]
    if len(chain) > 1:
        lines.append("Response chain: " + " → ".join(chain))
    strength = as_list(get(view, "running_strength"))
    fighting = [f"seat {i}: {s}" for i, s in enumerate(strength) if s is not None]
    if fighting:
        lines.append("Battle strength: " + " · ".join(fighting))
    if get(view, "gods_people"):
        lines.append("God's People: priests and prophets count 0 in this battle")
    if not lines:
        return y
    height = 10 + 18 * len(lines)
    body.append(f'<rect x="6" y="{y:.1f}" width="{WIDTH - 12}" height="{height}" rx="8" fill="#fdebd0" stroke="#ca6f1e"/>')
    for k, line in enumerate(lines):
        body.append(text(16, y + 20 + 18 * k, short(line, 150), 13, "start", "bold" if k == 0 else "normal"))
    return y + height + 8


# ---------------------------------------------------------------- the seats

def _status(view: Mapping[str, Any], i: int, seat: Mapping[str, Any]) -> str:
    if get(seat, "alive") is False:
        return "eliminated"
    phase = get(view, "phase")
    if i in as_list(get(view, "winners")) and phase in ("settle", "discard", "prayer", "myth", "over"):
        return "won the deal"
    if phase in ("bid", "battle", "respond", "prebattle"):
        return "in the deal" if get(seat, "in_deal") else "withdrawn"
    return ""


def _seat_header(body: list[str], view: Mapping[str, Any], i: int, seat: Mapping[str, Any], y: float) -> None:
    colour = seat_colour(i)
    you = i == get(view, "viewer")
    deciding = i == get(view, "current_player")
    title = f"Seat {i}" + (" (you)" if you else "") + (f" · {get(seat, 'deity')}" if get(seat, "deity") else "")
    status = _status(view, i, seat)
    body.append(f'<g class="seat" data-place="seat:{i}"><rect x="6" y="{y:.1f}" width="{WIDTH - 12}" height="24" '
                f'rx="8" fill="{colour}"/>' + text(16, y + 17, title, 13, "start", "bold", "#fff"))
    if status:
        body.append(text(WIDTH / 2, y + 17, status.upper(), 12, weight="bold", fill="#fff"))
    if deciding:
        body.append(text(WIDTH - 16, y + 17, "◀ deciding", 12, "end", "bold", "#fff"))
    body.append("</g>")


def _seat_tokens(body: list[str], view: Mapping[str, Any], i: int, seat: Mapping[str, Any], y: float) -> None:
    you = i == get(view, "viewer")
    community, stake = as_list(get(seat, "community")), as_list(get(seat, "stake"))
    desperation = as_list(get(seat, "desperation"))
    body.append(text(16, y + 4, "community", 10, "start", fill="#6b6457"))
    for k, kind in enumerate(TOKENS):
        count = community[k] if k < len(community) else 0
        body.append(token(30 + k * 64, y + 22, kind, count, f"token:{kind}" if you else None))
    x0 = 230
    stake_attr = ' data-place="stake"' if you else ""
    body.append(f'<g class="stake"{stake_attr}><rect x="{x0 - 8}" y="{y - 8}" width="214" height="44" rx="6" '
                f'fill="#fef9e7" stroke="#b7950b"/>' + text(x0, y + 4, "stake", 10, "start", fill="#6b6457"))
    for k, kind in enumerate(TOKENS):
        extra = f"+{desperation[k]}b" if k < len(desperation) and desperation[k] else ""
        body.append(token(x0 + 14 + k * 66, y + 22, kind, stake[k] if k < len(stake) else 0, label=extra))
    body.append("</g>")
    if get(view, "phase") in SETUP_PHASES:
        facts = [f"draft hand {get(seat, 'draft_hand_size', 0)}", f"picked {get(seat, 'picks', 0)}"]
    else:
        facts = [f"hand {get(seat, 'hand_size', '?')}", f"deck {get(seat, 'deck_size', '?')}",
                 f"discard {get(seat, 'discard_size', '?')}"]
    for key, label in (("vp", "VP"), ("unity", "unity"), ("bonus", "bonus strength"), ("miracles", "miracle tokens")):
        if get(seat, key):
            facts.append(f"{label} {get(seat, key)}")
    if any(desperation):
        facts.append("b = from the bank (desperation)")
    strength = as_list(get(view, "running_strength"))
    if i < len(strength) and strength[i] is not None:
        facts.append(f"battle strength {strength[i]}")
    body.append(text(460, y + 12, " · ".join(facts), 11, "start"))
    options = as_list(get(seat, "deity_options"))
    if options and not get(seat, "deity"):
        body.append(text(460, y + 30, "deities offered: " + ", ".join(map(str, options)), 11, "start", fill="#6c3483"))


def _seat_cards(view: Mapping[str, Any], i: int, seat: Mapping[str, Any]) -> list[tuple[str, Any, str | None, str]]:
    """(kind, name, place, note) of every face-up card in front of a seat, in table order."""
    you = i == get(view, "viewer")
    out: list[tuple[str, Any, str | None, str]] = []
    if get(seat, "deity"):
        out.append(("deity", get(seat, "deity"), f"deity:{get(seat, 'deity')}", "deity"))
    heroes = set(map(str, as_list(get(seat, "heroes_in_stake"))))
    for name in as_list(get(seat, "myths")):
        out.append(("myth", name, f"myth:{name}" if you else None, "in the stake" if str(name) in heroes else ""))
    if get(seat, "myth_top"):
        out.append(("myth", get(seat, "myth_top"), "myth top" if you else None,
                    f"myth deck top ({get(seat, 'myth_deck_size', '?')})"))
    if you and get(view, "phase") in LAY_OUT_PHASES:
        out.append(("prayer", None, "power", "lay out power here"))
    for key, note in (("power", "laid out"), ("lasting", "lasting"), ("attacks", "attack")):
        out += [("prayer", name, None, note) for name in as_list(get(seat, key))]
    for entry in as_list(get(seat, "places")):
        item = as_list(entry)
        if item:
            damaged = len(item) > 2 and bool(item[2])
            kind = item[1] if len(item) > 1 else ''
            note = f"DAMAGED · {kind}" if damaged else f"{kind} on it"
            out.append(("prayer", item[0], None, note))
    top = get(seat, "discard_top")
    if top or (you and get(view, "phase") not in SETUP_PHASES):
        out.append(("prayer", top, "discard" if you else None, "discard top"))
    return out


def _draw_card(kind: str, x: float, y: float, name: Any, place: str | None, note: str) -> str:
    if kind == "deity":
        return deity_card(x, y, name, place, small=True)
    if kind == "myth":
        return myth_card(x, y, name, place, note)
    if name is None:
        return slot(x, y, SMALL_W, SMALL_H, note, place)
    return prayer_card(x, y, name, place, small=True, note=note)


def _seat_board(body: list[str], view: Mapping[str, Any], i: int, seat: Mapping[str, Any], y: float) -> float:
    top = y
    _seat_header(body, view, i, seat, y)
    _seat_tokens(body, view, i, seat, y + 40)
    y += 84
    cards = _seat_cards(view, i, seat)
    per_row = int((WIDTH - 24) // (SMALL_W + GAP))
    for k, (kind, name, place, note) in enumerate(cards):
        x = 12 + (k % per_row) * (SMALL_W + GAP)
        body.append(_draw_card(kind, x, y + (k // per_row) * (SMALL_H + GAP), name, place, note))
    if cards:
        y += ((len(cards) + per_row - 1) // per_row) * (SMALL_H + GAP)
    colour = seat_colour(i)
    width = 4 if i == get(view, "current_player") else 2
    body.append(f'<rect x="6" y="{top:.1f}" width="{WIDTH - 12}" height="{y - top + 4:.1f}" rx="8" fill="none" '
                f'stroke="{colour}" stroke-width="{width}"/>')
    return y + 12


# ---------------------------------------------------------------- the seat's own hand and markers

def _card_row(body: list[str], y: float, title: str, names: list[Any], prefix: str) -> float:
    body.append(text(12, y + 13, title, 13, "start", "bold"))
    y += 20
    if not names:
        body.append(text(12, y + 12, "none", 11, "start", fill="#6b6457"))
        return y + 22
    step = (DEITY_W if prefix == "deity" else CARD_W) + GAP
    per_row = int((WIDTH - 12) // step)
    for k, (name, place) in enumerate(zip(names, unique_keys(names, prefix))):
        x, row_y = 12 + (k % per_row) * step, y + (k // per_row) * (CARD_H + GAP)
        body.append(deity_card(x, row_y, name, place) if prefix == "deity" else prayer_card(x, row_y, name, place))
    return y + ((len(names) + per_row - 1) // per_row) * (CARD_H + GAP) + 4


def _own_rows(body: list[str], view: Mapping[str, Any], seat: Mapping[str, Any], y: float) -> float:
    phase = get(view, "phase")
    if phase == "deity" and not get(seat, "deity"):
        y = _card_row(body, y, "Choose your deity", as_list(get(seat, "deity_options")), "deity")
    if get(seat, "draft_hand"):
        y = _card_row(body, y, "Draft: pick one card, pass the rest", as_list(get(seat, "draft_hand")), "draft")
    if get(seat, "picked") and phase in ("draft", "aside"):
        title = "Your picks: set aside until you keep 8" if phase == "aside" else "Your picks"
        y = _card_row(body, y, title, as_list(get(seat, "picked")), "picked")
    if phase not in SETUP_PHASES:
        y = _card_row(body, y, f"Your hand ({len(as_list(get(seat, 'hand')))})", as_list(get(seat, "hand")), "hand")
    discard = as_list(get(seat, "discard"))
    if discard:
        body.append(text(12, y + 12, short("Your discard pile: " + ", ".join(map(str, discard)), 170), 11, "start",
                         fill="#6b6457"))
        y += 20
    return y


MARKER_SETS = {"bid": (("wait", "wait"), ("call", "call"), ("withdraw", "withdraw")),
               "battle": (("pass", "pass"), ("end turn", "end turn")), "respond": (("pass", "pass"),),
               "settle": (("done", "done"),), "prebid": (("done", "done"),), "prebattle": (("done", "done"),),
               "myth": (("cycle the myth deck", "myth deck"), ("leave the myth deck", "leave"))}


def _markers(body: list[str], view: Mapping[str, Any], y: float) -> float:
    """The markers of the seat's own decision that have no card or token on the table."""
    decision = get(view, "decision")
    if not isinstance(decision, Mapping) or get(decision, "player") != get(view, "viewer"):
        return y
    markers = MARKER_SETS.get(str(get(view, "phase")), ())
    for k, (label, place) in enumerate(markers):
        active = not ((place == "wait" and get(view, "raised")) or (place == "call" and not get(view, "raised")))
        body.append(button(12 + k * 170, y, 160, label, place, 30, active=active))
    if get(view, "phase") == "bid":
        body.append(text(12 + len(markers) * 170, y + 20, "to raise, click a worshipper of your community", 12,
                         "start", fill="#6b6457"))
    return y + (40 if markers else 0)


def render_svg(view: Mapping[str, Any]) -> str:
    body: list[str] = ['<rect width="100%" height="100%" fill="#f6f3ec"/>']
    y = _header(body, view)
    if get(view, "phase") not in SETUP_PHASES:
        y = _elements(body, view, y)
        y = _track(body, view, y)
    y = _battle_band(body, view, y)
    seats = as_list(get(view, "seats"))
    viewer = get(view, "viewer")
    y = _markers(body, view, y)
    if isinstance(viewer, int) and 0 <= viewer < len(seats) and isinstance(seats[viewer], Mapping):
        y = _own_rows(body, view, seats[viewer], y)
    # the seat's own board first, in front of it, then the others in seat order
    order = sorted(range(len(seats)), key=lambda i: i != viewer)
    for i in order:
        if isinstance(seats[i], Mapping):
            y = _seat_board(body, view, i, seats[i], y + 4)
    return svg(WIDTH, y + 8, body, "Teomachia table")
