"""Fixed numeric observation of one Theurgy seat (issue 9, "Fixed encodings per game").

The vector is built from the seat's `view` only (never the state), so it carries nothing hidden
from that seat. Its length is the same for every player count and variant (six seat blocks, the
most a game can have, with zero padding), so one network fits all games. The layout is `LAYOUT`
(name -> (offset, length)) and `SEAT_LAYOUT` inside each seat block; docs/encodings.md
("Theurgy") documents it. Seat indices are absolute; a colour is a seat (by its deity) or the
non-believers (index 6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core.encoding import layout

from . import board, cards
from .state import ACTIONS, DEITIES

MAX_SEATS = 6
TURNS_SCALE = 240            # turns_taken is scaled by this (40 rounds of six seats), capped at 5
N_COLOURS = MAX_SEATS + 1                       # seats 0..5, non-believers 6
N_POS = board.N_POS                             # 19 settlements
N_VERTICES = board.N_VERTICES                   # 54 vertices
TYPES = (*board.TYPES, board.CAPITAL)           # 7 settlement types
N_MIR, N_MON, N_CAL, N_EVT = len(cards.MIRACLES), len(cards.MONSTERS), len(cards.CALLINGS), len(cards.EVENTS)
PAWNS = ("", *ACTIONS)
DECISIONS = (
    "begin", "start", "start_faith", "calling", "populate", "turn", "pilgrimage", "stw", "di", "ttf",
    "draw", "discard", "end_turn", "eseryn", "summon_pick", "summon_done", "place_monster", "take", "banish",
    "cull", "force", "ban", "peek_who", "peek_card", "recall", "send_back", "restore", "heal", "walk",
    "fly", "spawn", "push", "convert", "remove", "wound", "faith", "replace", "unfaith", "pull", "sceptics",
    "other")

MIRACLE_BY_NAME = {m.name: i for i, m in enumerate(cards.MIRACLES)}
MONSTER_BY_NAME = {m.name: i for i, m in enumerate(cards.MONSTERS)}
CALLING_BY_NAME = {c.name: i for i, c in enumerate(cards.CALLINGS)}
EVENT_BY_NAME = {e.name: i for i, e in enumerate(cards.EVENTS)}
DEITY_INDEX = {d: i for i, d in enumerate(DEITIES)}

_SEAT_FIELDS: tuple[tuple[str, int], ...] = (
    ("present", 1),
    ("is_viewer", 1),
    ("to_act", 1),
    ("turn", 1),
    ("deity", len(DEITIES)),
    ("pawn", len(PAWNS)),
    ("hand_size", 1),
    ("hand_known", 1),
    ("hand", N_MIR),
    ("supply", N_MIR),
    ("horde", N_MON),
    ("acolyte1", N_POS),
    ("acolyte2", N_POS),
    ("wounded", 2),
    ("forced", len(ACTIONS)),
    ("banned", len(ACTIONS)),
    ("has_calling", 1),
    ("calling", N_CAL),
    ("offer", N_CAL),
    ("followers", 1),
    ("temples", 1),
    ("ruins", 1),
    ("faith", 1),
)

_SETTLEMENT_FIELDS: tuple[tuple[str, int], ...] = (
    ("type", len(TYPES)),
    ("mortals", N_COLOURS),
    ("sceptics", 1),
    ("temple", MAX_SEATS),
    ("ruins", MAX_SEATS),
    ("anomaly", 1),
    ("monsters", 1),
)

_MONSTER_FIELDS: tuple[tuple[str, int], ...] = (
    ("on_board", 1),
    ("at", N_POS),
    ("owner", MAX_SEATS),
    ("faceup", 1),
    ("markers", 1),
    ("discarded", 1),
)


SEAT_LAYOUT = layout(_SEAT_FIELDS)
SEAT_SIZE = sum(n for _, n in _SEAT_FIELDS)
SETTLEMENT_LAYOUT = layout(_SETTLEMENT_FIELDS)
SETTLEMENT_SIZE = sum(n for _, n in _SETTLEMENT_FIELDS)
MONSTER_LAYOUT = layout(_MONSTER_FIELDS)
MONSTER_SIZE = sum(n for _, n in _MONSTER_FIELDS)

_FIELDS: tuple[tuple[str, int], ...] = (
    ("viewer", MAX_SEATS),
    ("current_player", MAX_SEATS),
    ("my_turn", 1),
    ("terminal", 1),
    ("players", MAX_SEATS - 1),
    ("variant_capital_events", 1),
    ("decision", len(DECISIONS)),
    ("turn", MAX_SEATS),
    ("turns_taken", 1),
    ("temples_x", 1),
    ("miracle_deck", 1),
    ("miracle_discard_size", 1),
    ("miracle_discard", N_MIR),
    ("event_discard", N_EVT),
    ("removed_events", N_EVT),
    ("monster_deck", 1),
    ("monster_discard_size", 1),
    ("faceup_count", 1),
    ("settlements", N_POS * SETTLEMENT_SIZE),
    ("faith", N_VERTICES * MAX_SEATS),
    ("monsters", N_MON * MONSTER_SIZE),
    ("seats", MAX_SEATS * SEAT_SIZE),
)
LAYOUT = layout(_FIELDS)
SIZE = sum(n for _, n in _FIELDS)


def observation_size(players: int, variant: Mapping[str, Any] | None = None) -> int:
    return SIZE


def encode_view(view: Mapping[str, Any]) -> list[float]:
    out = [0.0] * SIZE

    def put(name: str, index: int, value: float = 1.0, base: int = 0) -> None:
        offset, length = LAYOUT[name]
        if 0 <= index < length:
            out[offset + base + index] = float(value)

    def seat_put(seat: int, name: str, index: int, value: float = 1.0) -> None:
        offset, length = SEAT_LAYOUT[name]
        if 0 <= seat < MAX_SEATS and 0 <= index < length:
            out[LAYOUT["seats"][0] + seat * SEAT_SIZE + offset + index] = float(value)

    def seat_add(seat: int, name: str, value: float) -> None:
        offset, _ = SEAT_LAYOUT[name]
        if 0 <= seat < MAX_SEATS:
            out[LAYOUT["seats"][0] + seat * SEAT_SIZE + offset] += float(value)

    seats = view["seats"]
    colour = {s["deity"]: i for i, s in enumerate(seats)}
    colour["non-believer"] = MAX_SEATS
    settlements = view["settlements"]
    pos = {st["name"]: p for p, st in enumerate(settlements)}
    viewer = view.get("viewer")
    current = view.get("current_player")
    players = int(view["players"])

    # ---- global
    if isinstance(viewer, int):
        put("viewer", viewer)
    if isinstance(current, int):
        put("current_player", current)
        put("my_turn", 0, float(current == viewer))
    put("terminal", 0, float(bool(view.get("terminal"))))
    put("players", players - 2)
    put("variant_capital_events", 0, float(bool((view.get("variant") or {}).get("capital_events"))))
    decision = view.get("decision")
    if decision:
        kind = decision["kind"]
        put("decision", DECISIONS.index(kind) if kind in DECISIONS else len(DECISIONS) - 1)
    put("turn", int(view["turn"]))
    put("turns_taken", 0, min(view["turns_taken"] / TURNS_SCALE, 5.0))
    put("temples_x", 0, view["temples_x"] / 5)
    put("miracle_deck", 0, view["miracle_deck"] / 40)
    put("miracle_discard_size", 0, len(view["miracle_discard"]) / 40)
    for name in view["miracle_discard"]:
        if name in MIRACLE_BY_NAME:
            out[LAYOUT["miracle_discard"][0] + MIRACLE_BY_NAME[name]] += 1 / 4
        elif name in EVENT_BY_NAME:
            put("event_discard", EVENT_BY_NAME[name])
    for name in view["removed_events"]:
        if name in EVENT_BY_NAME:
            put("removed_events", EVENT_BY_NAME[name])
    put("monster_deck", 0, view["monster_deck"] / N_MON)
    put("monster_discard_size", 0, len(view["monster_discard"]) / N_MON)
    put("faceup_count", 0, len(view["faceup_monsters"]) / 4)

    # ---- settlements
    base = LAYOUT["settlements"][0]
    anomaly = pos.get(view["anomaly"], -1)
    monsters_at = [0] * N_POS
    for info in view["monsters"].values():
        p = pos.get(info["at"], -1)
        if p >= 0:
            monsters_at[p] += 1
    for p, st in enumerate(settlements[:N_POS]):
        b = base + p * SETTLEMENT_SIZE
        if st["type"] in TYPES:
            out[b + SETTLEMENT_LAYOUT["type"][0] + TYPES.index(st["type"])] = 1.0
        for name, k in st["mortals"].items():
            c = colour.get(name, -1)
            if c >= 0:
                out[b + SETTLEMENT_LAYOUT["mortals"][0] + c] = k / 10
                if c < MAX_SEATS:
                    seat_add(c, "followers", k / 40)
        out[b + SETTLEMENT_LAYOUT["sceptics"][0]] = st["sceptics"] / 5
        owner = colour.get(st["temple"], -1) if st["temple"] is not None else -1
        if 0 <= owner < MAX_SEATS:
            out[b + SETTLEMENT_LAYOUT["temple"][0] + owner] = 1.0
            seat_add(owner, "temples", 1 / 5)
        for name in st["ruins"]:
            c = colour.get(name, -1)
            if 0 <= c < MAX_SEATS:
                out[b + SETTLEMENT_LAYOUT["ruins"][0] + c] = 1.0
                seat_add(c, "ruins", 1 / 5)
        out[b + SETTLEMENT_LAYOUT["anomaly"][0]] = float(p == anomaly)
        out[b + SETTLEMENT_LAYOUT["monsters"][0]] = monsters_at[p] / 3

    # ---- faith tokens on vertices
    for label, name in view["faith"].items():
        v = int(str(label).lstrip("V"))
        c = colour.get(name, -1)
        if 0 <= v < N_VERTICES and 0 <= c < MAX_SEATS:
            put("faith", v * MAX_SEATS + c)
            seat_add(c, "faith", 1 / 20)

    # ---- monsters by content index
    base = LAYOUT["monsters"][0]
    for name, info in view["monsters"].items():
        m = MONSTER_BY_NAME.get(name)
        if m is None:
            continue
        b = base + m * MONSTER_SIZE
        out[b + MONSTER_LAYOUT["on_board"][0]] = 1.0
        p = pos.get(info["at"], -1)
        if p >= 0:
            out[b + MONSTER_LAYOUT["at"][0] + p] = 1.0
        c = colour.get(info["owner"], -1)
        if 0 <= c < MAX_SEATS:
            out[b + MONSTER_LAYOUT["owner"][0] + c] = 1.0
    for entry in view["faceup_monsters"]:
        m = MONSTER_BY_NAME.get(entry["name"])
        if m is not None:
            out[base + m * MONSTER_SIZE + MONSTER_LAYOUT["faceup"][0]] = 1.0
            out[base + m * MONSTER_SIZE + MONSTER_LAYOUT["markers"][0]] = entry["markers"] / 5
    for name in view["monster_discard"]:
        m = MONSTER_BY_NAME.get(name)
        if m is not None:
            out[base + m * MONSTER_SIZE + MONSTER_LAYOUT["discarded"][0]] = 1.0

    # ---- seats
    for i, seat in enumerate(seats[:MAX_SEATS]):
        seat_put(i, "present", 0)
        seat_put(i, "is_viewer", 0, float(i == viewer))
        seat_put(i, "to_act", 0, float(i == current))
        seat_put(i, "turn", 0, float(i == view["turn"]))
        seat_put(i, "deity", DEITY_INDEX.get(seat["deity"], -1))
        seat_put(i, "pawn", PAWNS.index(seat["pawn"]) if seat["pawn"] in PAWNS else -1)
        seat_put(i, "hand_size", 0, seat["hand_size"] / 10)
        if "hand" in seat:
            seat_put(i, "hand_known", 0)
            for name in seat["hand"]:
                k = MIRACLE_BY_NAME.get(name)
                if k is not None:
                    seat_add_at(out, i, "hand", k, 1 / 4)
        for name in seat["supply"]:
            k = MIRACLE_BY_NAME.get(name)
            if k is not None:
                seat_add_at(out, i, "supply", k, 1 / 4)
        for name in seat["horde"]:
            seat_put(i, "horde", MONSTER_BY_NAME.get(name, -1))
        for a, field in enumerate(("acolyte1", "acolyte2")):
            where = seat["acolytes"][a] if a < len(seat["acolytes"]) else None
            if where is not None:
                seat_put(i, field, pos.get(where, -1))
        for a, hurt in enumerate(seat["wounded"][:2]):
            seat_put(i, "wounded", a, float(bool(hurt)))
        if seat["forced"] in ACTIONS:
            seat_put(i, "forced", ACTIONS.index(seat["forced"]))
        if seat["banned"] in ACTIONS:
            seat_put(i, "banned", ACTIONS.index(seat["banned"]))
        seat_put(i, "has_calling", 0, float(bool(seat["has_calling"])))
        if seat.get("calling"):
            seat_put(i, "calling", CALLING_BY_NAME.get(seat["calling"], -1))
        for name in seat.get("offer") or ():
            seat_put(i, "offer", CALLING_BY_NAME.get(name, -1))
    return out


def seat_add_at(out: list[float], seat: int, name: str, index: int, value: float) -> None:
    offset, length = SEAT_LAYOUT[name]
    if 0 <= seat < MAX_SEATS and 0 <= index < length:
        out[LAYOUT["seats"][0] + seat * SEAT_SIZE + offset + index] += value
