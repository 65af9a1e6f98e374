"""Terminal rendering of one seat's Kemet view: the board by region with its adjacency, ports,
obelisks and temple values, the tile market with costs, every player board's floors and
Equilibrium (KM-3.3.3), the seat's own cards with their texts, movement and battle in words."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Mapping
from typing import Any

from theogony.core.text import fit_line

from .components import component_ids_by_name
from .content import (BATTLE_CARDS, CITIES, DI_CARDS, DI_MODS, GOD_MODS, GODS, MOD, SPACES,
                      TILE_MODS, TILES, ZONE_INDEX, ZONES, board_for)
from .state import WIN_GLORY
from .team import TEAM_WIN_GLORY

_SPACE = {s.id: s for s in SPACES}
_TILE = {t.id: t for t in TILES}
_TILE_MODS_BY_NAME = {t.name: TILE_MODS[i] for i, t in reversed(list(enumerate(TILES)))}
_DI_MODS_BY_NAME = {c.name: DI_MODS[i] for i, c in enumerate(DI_CARDS)}
_GOD_MODS_BY_NAME = {g.name: GOD_MODS[i] for i, g in enumerate(GODS)}
_BATTLE = {c.name: c for c in BATTLE_CARDS}
_TILE_BY_NAME = {t.name: t for t in TILES}
_DI = {c.name: c for c in DI_CARDS}
_STAGES = {"a_disc": "the attacker discards a battle card face down",
           "a_play": "the attacker chooses the battle card to play",
           "a_di": "the attacker commits DI cards",
           "d_disc": "the defender discards a battle card face down",
           "d_play": "the defender chooses the battle card to play",
           "d_di": "the defender commits DI cards",
           "retreat": "the winner picks the loser's retreat",
           "loser": "the loser retreats or recalls",
           "winner": "the winner stays or recalls"}


def seat_name(view: Mapping[str, Any], seat: int | None) -> str:
    """How a seat is named on screen: "you" for the viewer, "Amon" for the solo automaton."""
    if seat is None or seat < 0:
        return "-"
    if "solo" in view and seat == 1:
        return "Amon"
    return f"you (seat {seat})" if view.get("viewer") == seat else f"seat {seat}"


def zone_name(zid: str | None) -> str:
    if zid is None:
        return "-"
    z = ZONES[ZONE_INDEX[zid]] if zid in ZONE_INDEX else None
    if z is None:
        return zid
    if z.kind == "quarter":
        return zid  # "NW-3", as the actions name it
    return z.name


def _players(view: Mapping[str, Any]) -> int:
    return 1 if "solo" in view else len(view.get("seats", []))


def _marks(zid: str) -> str:
    z = ZONES[ZONE_INDEX[zid]]
    marks = []
    if z.kind == "temple":
        marks.append(f"temple {z.temple_pp} PP")
    if z.kind == "delta_temple":
        marks.append("night: 1 warrior -> 5 PP")
    if z.kind == "sanctuary":
        marks.append("night: 2 warriors -> 1 Glory")
    if z.port:
        marks.append(f"{z.port} port")
    if z.obelisk:
        marks.append("obelisk")
    if z.nile:
        marks.append("Nile")
    return ", ".join(marks)


def _troop(view: Mapping[str, Any], d: Mapping[str, Any]) -> str:
    if "owner" not in d:
        parts = []
    elif len(d.get("by_seat", [])) > 1:  # team mode: a mixed troop
        parts = ["mixed " + " + ".join(f"{seat_name(view, s)} x{n}" for s, n in d["by_seat"])
                 + f" (= {d['warriors']})"]
    elif "god" in d:  # Gods of Egypt: the God's troop, its count is its LP
        parts = [f"{seat_name(view, d['owner'])} God {d['god']} ({d['warriors']} LP)"]
    else:
        parts = [f"{seat_name(view, d['owner'])} x{d['warriors']}"]
    if "pyramid" in d:
        colour, level = d["pyramid"]
        parts.append(f"pyramid {colour or '-'} L{level}")
    if d.get("companions"):
        parts.append("with " + ", ".join(d["companions"]))
    return " ".join(parts)


# ---- the compact map (KM-2: the printed board's layout, north up) -----------------------------------

_CITY_W, _DESERT_W, _BANK_W = 18, 17, 19
_DELTA_W = (13, 12, 12)  # delta-temple | delta-desert | sanctuary, over the two banks and the Nile
_ROWS = (("NW", "nw-desert", "temple-wn", "temple-en", "ne-desert", "NE"),
         ("W", "w-desert", "nile-w", "nile-e", "e-desert", "E"),
         ("SW", "sw-desert", "temple-ws", "temple-es", "se-desert", "SE"))
_PYRAMID = {"ruby": "r", "sapphire": "s", "diamond": "d", "onyx": "o", "amethyst": "a"}
MAP_LEGEND = ("legend: you/s1/s2 seats (Amon), x5 five warriors, ~ Nile (no crossing), M/T military/trade "
              "port, O obelisk, 1PP/3PP temple's night gain, ^R2 pyramid (R/S/D/O/A ruby, sapphire, diamond, onyx, amethyst) of level 2, "
              "+ companion or God, ### storm (out of play), * the moving troop; zones sharing a border "
              "(not = or ~) are next to each other; temples and the Delta Temple give 1 Glory while held")


def _short_seat(view: Mapping[str, Any], seat: int | None) -> str:
    if seat is None or seat < 0:
        return "-"
    if "solo" in view and seat == 1:
        return "Amon"
    return "you" if view.get("viewer") == seat else f"s{seat}"


def _short_marks(zid: str) -> str:
    z = ZONES[ZONE_INDEX[zid]]
    marks = {"temple": f"{z.temple_pp}PP", "delta_temple": "5PP/1w", "sanctuary": "1G/2w"}
    parts = [marks.get(z.kind, ""), {"military": "M", "trade": "T"}.get(z.port or "", ""),
             "O" if z.obelisk else ""]
    return " ".join(p for p in parts if p)


def _short_troop(view: Mapping[str, Any], d: Mapping[str, Any]) -> str:
    if "owner" not in d:
        return ""
    if len(d.get("by_seat", [])) > 1:
        troop = "+".join(f"{_short_seat(view, s)} x{n}" for s, n in d["by_seat"])
    else:
        troop = f"{_short_seat(view, d['owner'])} x{d['warriors']}"
    return troop + (" +" if d.get("companions") or "god" in d else "")


def _cell(view: Mapping[str, Any], zid: str, width: int, active: bool) -> list[str]:
    """A zone's three lines: its id and marks, its troop, and the moving troop or a storm."""
    if not active:
        return [fit(zid, width), "#" * width, "#" * width]
    d = view.get("zones", {}).get(zid, {})
    moving = view.get("movement", {})
    battle = view.get("battle", {})
    here = f"*moving x{moving.get('warriors', '?')}" if moving.get("at") == zid else ""
    if battle.get("zone") == zid:
        here = f"attacker {_short_seat(view, battle.get('attacker'))} x{battle.get('attackers')}"
    return [fit(f"{zid} {_short_marks(zid)}", width), fit(_short_troop(view, d), width),
            fit(here, width)]


def _delta_cell(view: Mapping[str, Any], zid: str, width: int) -> list[str]:
    troop = _short_troop(view, view.get("zones", {}).get(zid, {}))
    moving = "*" if view.get("movement", {}).get("at") == zid else ""
    return [fit(zid, width), fit(f"{_short_marks(zid)} {moving}{troop}", width)]


def _quarter(view: Mapping[str, Any], qid: str) -> str:
    d = view.get("zones", {}).get(qid, {})
    pyramid = ""
    if "pyramid" in d:
        colour, level = d["pyramid"]
        pyramid = f" ^{_PYRAMID.get(colour or '', '-').upper()}{level}"
    return f"{qid}{pyramid} {_short_troop(view, d)}".rstrip()


def _delta_rule(rule: str) -> str:
    """The rule under the Delta: `=` where the Delta Desert borders no zone below it."""
    start = _DESERT_W + 1 + _DELTA_W[0] + 1
    return rule[:start] + "=" * _DELTA_W[1] + rule[start + _DELTA_W[1]:]


def fit(text: str, width: int) -> str:
    return text[:width].ljust(width)


def _city_title(view: Mapping[str, Any], city: str, owners: Mapping[str, int], on: bool) -> str:
    return fit(f"city-{city} ({_short_seat(view, owners.get(city))})" if on else "", _CITY_W)


def _city_lines(view: Mapping[str, Any], city: str, on: bool) -> list[str]:
    return [fit(_quarter(view, f"{city}-{q}") if on else "", _CITY_W) for q in (1, 2, 3)]


def map_lines(view: Mapping[str, Any]) -> list[str]:
    """The board drawn in its real layout in 16 lines: cities west and east, the deserts, the two
    banks of the Nile and the Delta on top; zone ids as the actions name them."""
    board = board_for(_players(view))
    active = {ZONES[i].id for i in range(len(ZONES)) if board.active[i]}
    cities = {CITIES[i].id for i in board.cities}
    owners = {s.get("city"): i for i, s in enumerate(view.get("seats", [])) if s.get("city")}
    inner = _DESERT_W + _BANK_W * 2 + _DESERT_W + 3
    left = " " * (_CITY_W + 1)
    rule = "+" + "-" * _DESERT_W + "+" + "-" * _BANK_W + "~" + "-" * _BANK_W + "+" + "-" * _DESERT_W + "+"
    delta = [_delta_cell(view, zid, w) for zid, w in zip(("delta-temple", "delta-desert", "sanctuary"),
                                                         _DELTA_W)]
    pad = " " * (_DESERT_W + 1)
    lines = [left + pad + "+" + "-" * (sum(_DELTA_W) + 2) + "+"]
    lines += [left + pad + "|" + "|".join(cell[k] for cell in delta) + "|" for k in range(2)]
    for west, *zids, east in _ROWS:
        top = rule if west != "NW" else _delta_rule(rule)
        lines.append(_city_title(view, west, owners, west in cities) + " " + top + " "
                     + _city_title(view, east, owners, east in cities).rstrip())
        cells = [_cell(view, z, w, z in active) for z, w in zip(zids, (_DESERT_W, _BANK_W, _BANK_W,
                                                                       _DESERT_W))]
        wq, eq = _city_lines(view, west, west in cities), _city_lines(view, east, east in cities)
        for k in range(3):
            row = "|" + cells[0][k] + "|" + cells[1][k] + "~" + cells[2][k] + "|" + cells[3][k] + "|"
            lines.append((wq[k] + " " + row + " " + eq[k]).rstrip())
    lines.append(left + "+" + "-" * inner + "+")
    return lines


def _board_lines(view: Mapping[str, Any]) -> list[str]:
    board = board_for(_players(view))
    zones = view.get("zones", {})
    lines = ["The zones in words: zone (id in the actions) [marks] troop | next to (temples and the "
             "Delta Temple: 1 Glory while held)"]
    for i, z in enumerate(ZONES):
        if not board.active[i] or z.kind == "quarter":
            continue
        near = []
        for j in board.adj[i]:
            other = ZONES[j]
            label = other.id.split("-")[0] + " city" if other.kind == "quarter" else other.id
            if label not in near:
                near.append(label)
        marks = _marks(z.id)
        troop = _troop(view, zones.get(z.id, {}))
        lines.append(f"  {z.name} ({z.id}){' [' + marks + ']' if marks else ''}"
                     f"{' ' + troop if troop else ''}"
                     f" | {', '.join(near)}")
    owners = {s.get("city"): i for i, s in enumerate(view.get("seats", []))}
    for c in CITIES:
        if CITIES.index(c) not in board.cities:
            continue
        quarters = "; ".join(f"{c.id}-{q} {_troop(view, zones.get(f'{c.id}-{q}', {})) or 'empty'}"
                             for q in (1, 2, 3))
        lines.append(f"  {c.id} city ({seat_name(view, owners.get(c.id))}): {quarters}"
                     f" | {zone_name(c.desert)}")
    lines.append("  walls: a Movement enters at most one enemy quarter, from a zone next to it")
    if board.storms:
        lines.append("  storms cover (out of the game): "
                     + ", ".join(ZONES[z].name for z in board.storms))
    return lines


def _market_lines(view: Mapping[str, Any]) -> list[str]:
    by_colour: dict[str, dict[int, list[str]]] = {}
    for tid, n in view.get("market", {}).items():
        t = _TILE[tid]
        by_colour.setdefault(t.colour, {}).setdefault(t.level, []).append(
            f"{t.name}{' x' + str(n) if n > 1 else ''}")
    lines = ["Tile market by level (a tile costs its level in PP):"]
    for colour, levels in by_colour.items():
        row = " | ".join(f"{level}: {', '.join(names)}" for level, names in sorted(levels.items()))
        lines += textwrap.wrap(f"{colour} {row}", 118, initial_indent="  ",
                               subsequent_indent="      ")
    return lines


def _equilibrium(seat: Mapping[str, Any]) -> str:
    """KM-3.3.3: a token on every floor, or the floors still without one."""
    held = {sid.rstrip("*") for sid in seat.get("spaces", [])}
    empty = [str(floor) for floor in (1, 2, 3)
             if not any(s.id in held for s in SPACES if s.floor == floor)]
    return "Equilibrium kept" if not empty else (
        f"Equilibrium: floor {', '.join(empty)} still needs a token")


def _floors(seat: Mapping[str, Any]) -> str:
    taken = {sid.rstrip("*"): sid.endswith("*") for sid in seat.get("spaces", [])}
    floors = []
    for floor in (1, 2, 3):
        used = [s.name + (" (silver)" if taken[s.id] else "") for s in SPACES
                if s.floor == floor and s.id in taken]
        floors.append(f"{floor}: {', '.join(used) or '-'}")
    return "floors " + " | ".join(floors) + f"  ({_equilibrium(seat)})"


def _action_board(seat: Mapping[str, Any]) -> str:
    """The seat's whole pyramid action board, floor by floor, the spaces its tokens hold marked."""
    taken = {sid.rstrip("*"): sid.endswith("*") for sid in seat.get("spaces", [])}
    floors = []
    for floor in (1, 2, 3):
        floors.append(f"{floor}: " + ", ".join(
            s.name + ("" if s.id not in taken else " (silver)" if taken[s.id] else " (token)")
            for s in SPACES if s.floor == floor))
    return "action board " + " | ".join(floors)


def _seat_lines(view: Mapping[str, Any], i: int, s: Mapping[str, Any]) -> list[str]:
    name = seat_name(view, i) + (f" [team {s['team']}]" if "team" in s else "")
    if "solo" in view and i == 1:
        return [f"  Amon: city {s['city']}, warriors in supply {s['supply']} "
                "(his War table and troops are under SOLO)"]
    tokens = [f"silver token{' used' if s['silver_used'] else ''}" if s["silver"] else "",
              "gold token used" if s["gold_used"] else "gold token ready"]
    # the seat's own board shows every space (its options); the others' only the taken ones
    floors = (f"{_action_board(s)}  ({_equilibrium(s)})" if view.get("viewer") == i else _floors(s))
    floors += f"  slots {', '.join(c or '-' for c in s['slots'])}"
    lines = [f"  {name}: city {s['city'] or 'not chosen yet'}  Glory {s['glory']} (permanent "
             f"{s['permanent_glory']})  PP {s['pp']}  veterans {s['veterans']}  supply {s['supply']}"
             f"  tokens {s['tokens']}  {', '.join(t for t in tokens if t)}",
             f"      {floors}",
             f"      tiles: {', '.join(s['tiles']) or '-'};  battle cards {s['battle_hand']} in hand,"
             f" {s['battle_down']} face down, played {', '.join(s['battle_up']) or '-'};"
             f"  DI cards {s['di_hand']}"]
    if s.get("mercenaries"):
        lines.append(f"      mercenaries on the board: {s['mercenaries']}")
    if "god" in s:
        g = s["god"]
        lines.append(f"      God {g['name']} (strength {g['strength']}, {g['max_lp']} LP): "
                     f"{'tile acquired' if g['tile_acquired'] else 'tile not acquired'}, at "
                     f"{zone_name(g['at']) if g['at'] in ZONE_INDEX else g['at']}"
                     + (f", {g['lp']} LP left" if g["lp"] is not None else ""))
    if s.get("supply_companions"):
        lines.append(f"      companions on their tiles: {', '.join(s['supply_companions'])}")
    if "battle_cards" in s:
        lines.append("      hand (strength/damage/shield): " + "; ".join(
            f"{n} {_BATTLE[n].strength}/{_BATTLE[n].damage}/{_BATTLE[n].shield}"
            for n in s["battle_cards"]))
        for n in s.get("di_cards", []):
            lines.append(f"      DI {n}: {_DI[n].text}")
    return lines


def _movement_line(view: Mapping[str, Any], m: Mapping[str, Any]) -> str:
    who = seat_name(view, m["player"])
    if m.get("from") is None:
        return f"Movement of {who}: troop not chosen yet"
    if not m.get("set_out"):
        return (f"Movement of {who} from {zone_name(m['from'])}: choosing what goes; the land moves "
                "are counted when the troop sets out")
    return (f"Movement of {who} from {zone_name(m['from'])}, now at {zone_name(m['at'])} with "
            f"{m['warriors']} warriors, {m['moves_left']} land moves left"
            + (", teleport used" if m["teleported"] else ", teleport not used yet")
            + (f"; companions along: {', '.join(m['companions'])}" if m.get("companions") else ""))


def _card(name: Any) -> str:
    if name is None:
        return "not chosen"
    if name == "hidden":
        return "chosen, hidden"
    c = _BATTLE.get(name)
    return f"{name} ({c.strength}/{c.damage}/{c.shield})" if c else str(name)


def _battle_lines(view: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    defenders = view.get("zones", {}).get(b["zone"], {}).get("warriors", "?")
    lines = [f"Battle in {b['zone']}: attacker {seat_name(view, b['attacker'])} x{b['attackers']}, card "
             f"{_card(b.get('attacker_card'))}, {b['attacker_di']} DI; defender "
             f"{seat_name(view, b['defender'])} x{defenders}, card {_card(b.get('defender_card'))}, "
             f"{b['defender_di']} DI",
             f"  now {_STAGES.get(b['stage'], b['stage'])}"]
    if "strengths" in b:
        lines[1] = (f"  strength {b['strengths'][0]} vs {b['strengths'][1]}: "
                    f"{seat_name(view, b['winner'])} wins; {lines[1].strip()}")
    return lines


def _side_bonus(view: Mapping[str, Any], b: Mapping[str, Any], seat: int, attacking: bool
                ) -> tuple[int, list[str]]:
    """KM-3.5.3 from what the view shows: the troop, the seat's tiles, the companions along, the DI
    cards committed (when shown) and the home city; the strength before the battle card."""
    zone = view.get("zones", {}).get(b["zone"], {})
    troop = b["attackers"] if attacking else zone.get("warriors", 0)
    s = view["seats"][seat]
    side = "attacker" if attacking else "defender"
    mods = [_TILE_MODS_BY_NAME[n] for n in s.get("tiles", []) if not _TILE_BY_NAME[n].companion]
    companions = b.get("attacker_companions", []) if attacking else zone.get("companions", [])
    mods += [_TILE_MODS_BY_NAME[n] for n in companions if n in _TILE_MODS_BY_NAME]
    mods += [_DI_MODS_BY_NAME[n] for n in b.get(f"{side}_di_cards", [])]
    god = s.get("god")
    if god and god.get("tile_acquired"):
        mods.append(_GOD_MODS_BY_NAME[god["name"]])
    keys = ("strength", "attack_strength" if attacking else "defense_strength")
    tiles = sum(m[MOD[k]] for m in mods for k in keys)
    home = 1 if b["zone"][:-2] == s.get("city") else 0
    fights = god and god.get("at") == ("moving" if attacking else b["zone"])
    if fights:  # KM-G2.2: the God's printed strength instead of its troop
        troop = god["strength"]
    parts = [f"{'God ' + god['name'] if fights else 'troop'} {troop}"] + (
        [f"tiles {tiles:+d}"] if tiles else []) + (["home city +1"] if home else [])
    hidden = b.get(f"{side}_di", 0) - len(b.get(f"{side}_di_cards", []))
    if hidden > 0:
        parts.append(f"{hidden} DI card{'s' if hidden > 1 else ''} committed face down, not counted")
    return troop + tiles + home, parts


def _battle_preview(view: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    """The sums the rulebook has a player make before choosing a battle card (KM-3.5.3)."""
    viewer = view.get("viewer")
    if viewer not in (b["attacker"], b["defender"]) or "strengths" in b:
        return []
    if "solo" in view and 1 in (b["attacker"], b["defender"]):
        return []  # Amon's War table and card are shown on his board
    sides = []
    for seat, attacking in ((b["attacker"], True), (b["defender"], False)):
        total, parts = _side_bonus(view, b, seat, attacking)
        sides.append(f"{'attacker' if attacking else 'defender'} {seat_name(view, seat)} {total} "
                     f"({', '.join(parts)})")
    lines = ["  strength before the battle cards: " + "; ".join(sides)]
    hand = view["seats"][viewer].get("battle_cards", [])
    mine, _ = _side_bonus(view, b, viewer, viewer == b["attacker"])
    if hand:
        lines.append("  your strength with each card (then damage/shield): " + "; ".join(
            f"{n} {mine + _BATTLE[n].strength} ({_BATTLE[n].damage}/{_BATTLE[n].shield})"
            for n in hand))
    return lines


def render_text(view: Mapping[str, Any]) -> str:
    """What a 120 x 40 table shows without scrolling first: the map, what the current turn is about
    (movement, battle and its preview), the deciding seat's own board; then the other players, the
    legend, the market and the zones in words."""
    order = ", ".join(seat_name(view, s) for s in view.get("order", []))
    lines = [f"KEMET  round {view.get('round')}  {view.get('phase')}  turn order: {order}"]
    lines += map_lines(view)
    lines += _turn_lines(view)
    dec = view.get("decision")
    if dec:
        lines.append(f"  -> {seat_name(view, dec['player'])}: {dec['prompt']}")
    seats = list(enumerate(view.get("seats", [])))
    mine = [(i, s) for i, s in seats if i == view.get("viewer")]
    lines.append(f"Players ({_victory_note(view)}; mercenary bank "
                 f"{view.get('mercenary_bank', '-')}):")
    for i, s in mine:
        lines += _seat_lines(view, i, s)
    lines += _mode_lines(view)
    for i, s in seats:
        if (i, s) not in mine:
            lines += _seat_lines(view, i, s)
    lines.append(MAP_LEGEND)
    lines += _market_lines(view)
    discard = Counter(view.get("di_discard", []))
    lines.append(f"DI deck {view.get('di_deck')}  discard: "
                 + (", ".join(f"{n}{' x' + str(k) if k > 1 else ''}" for n, k in discard.items())
                    or "-"))
    lines += _board_lines(view)
    if view.get("terminal"):
        lines.append(f"GAME OVER: {view.get('outcome')}")
    return "\n".join(fit_line(line) for line in lines)


def _victory_note(view: Mapping[str, Any]) -> str:
    """How the game is won in the view's mode: the Objective card replaces the Glory victory in
    solo (KM-S.9), team Glory decides in team mode (KM-T9), else KM-3.2."""
    if "solo" in view:
        return "the Objective under SOLO decides, not Glory alone"
    if "teams" in view:
        return f"{TEAM_WIN_GLORY} team Glory at the start of an ally's turn wins"
    return f"{WIN_GLORY} Glory at the start of your turn wins"


def _mode_lines(view: Mapping[str, Any]) -> list[str]:
    """The teams' Glory, Amon's board (solo) and the Ascension marker (Gods of Egypt)."""
    lines = []
    if "teams" in view:
        glory = view.get("team_glory", [])
        lines.append(f"Teams ({TEAM_WIN_GLORY} team Glory wins): " + "   ".join(
            f"team {t}: seats {', '.join(map(str, seats))} - Glory {glory[t] if t < len(glory) else '?'}"
            for t, seats in enumerate(view["teams"])))
    if "solo" in view:
        lines += _solo_lines(view["solo"])
    if "ascension" in view:
        a = view["ascension"]
        lines.append(f"Gods of Egypt: Ascension marker at {a['glory']} Glory "
                     f"{'reached' if a['reached'] else 'not reached yet'}")
    return lines


def _positions_line(view: Mapping[str, Any]) -> list[str]:
    """At night, the turn-order track of the next round as the seats take its positions."""
    new_order = view.get("turn", {}).get("new_order")
    if not new_order or view.get("step") not in ("destiny", "tdestiny"):
        return []
    return ["Turn order of the next round: " + ", ".join(
        f"position {k} {seat_name(view, seat) if seat is not None and seat >= 0 else 'free'}"
        for k, seat in enumerate(new_order, 1))]


def _turn_lines(view: Mapping[str, Any]) -> list[str]:
    """The movement, the battle with its preview, and the actions left of the turn."""
    lines = []
    if "movement" in view:
        lines.append(_movement_line(view, view["movement"]))
        if len(view["movement"].get("group", [])) > 1:
            lines.append("  group: " + " + ".join(f"{seat_name(view, s)} x{n}"
                                                  for s, n in view["movement"]["group"]))
    if "battle" in view:
        lines += _battle_lines(view, view["battle"])
        lines += _battle_preview(view, view["battle"])
    if view.get("pending"):
        lines.append(f"Actions still to resolve this turn: {', '.join(view['pending'])}")
    return lines + _positions_line(view)


def components_in_view(view: Mapping[str, Any]) -> dict[str, list[str]]:
    """The components the view shows, grouped by where (core Game.components_in_view)."""
    tiles, battle, di, gods = (component_ids_by_name(k) for k in ("tile", "battle", "di", "god"))
    groups: dict[str, list[str]] = {"tile market": ["tile:" + t for t in view.get("market", {})]}
    for i, s in enumerate(view.get("seats", [])):
        who = "your" if view.get("viewer") == i else seat_name(view, i) + "'s"
        groups[f"{who} tiles"] = [tiles[n] for n in s.get("tiles", [])]
        groups[f"{who} companions on their tiles"] = [tiles[n] for n in s.get("supply_companions", [])]
        groups[f"{who} played battle cards"] = [battle[n] for n in s.get("battle_up", [])]
        groups[f"{who} battle cards in hand"] = [battle[n] for n in s.get("battle_cards", [])]
        groups[f"{who} face-down battle cards"] = [battle[n] for n in s.get("battle_down_cards", [])]
        groups[f"{who} DI cards"] = [di[n] for n in s.get("di_cards", [])]
        if "god" in s:
            groups[f"{who} God"] = [gods[s["god"]["name"]]]
    groups["DI discard"] = [di[n] for n in view.get("di_discard", [])]
    on_board = [n for d in view.get("zones", {}).values() for n in d.get("companions", [])]
    groups["companions on the board"] = [tiles[n] for n in on_board]
    b = view.get("battle", {})
    groups["battle"] = [battle[b[k]] for k in ("attacker_card", "defender_card") if b.get(k) in battle]
    groups["battle"] += [di[n] for k in ("attacker_di_cards", "defender_di_cards") for n in b.get(k, [])]
    if "solo" in view:
        groups.update(_solo_components_in_view(view["solo"]))
    if (view.get("decision") or {}).get("kind") == "god":  # Gods of Egypt: the Gods still free
        taken = {s["god"]["name"] for s in view.get("seats", []) if "god" in s}
        groups["Gods to embody"] = [gods[g.name] for g in GODS if g.name not in taken]
    return {name: list(dict.fromkeys(ids)) for name, ids in groups.items() if ids}


def _solo_components_in_view(solo: Mapping[str, Any]) -> dict[str, list[str]]:
    objective, event, action, plunder, amon = (component_ids_by_name(k) for k in (
        "objective", "event", "action", "plunder", "amon"))
    return {
        "Objective": [objective[solo["objective"]["name"]]],
        "Event on top and Calamities": [event[n] for n in [solo.get("event")] + solo["calamities"] if n],
        "Amon's played Action cards": [action[n] for n in solo.get("action_discard", [])],
        "Plunder discard": [plunder[n] for n in solo.get("plunder_discard", [])],
        "Amon's battle cards": [amon[n] for n in solo.get("amon_battle_cards", [])],
    }


def _solo_lines(solo: Mapping[str, Any]) -> list[str]:
    """The solo mode's Amon board (KM-S): objective, round track, War table, cards in play."""
    o = solo["objective"]
    goals = ", ".join(f"{name} {have}/{need}" for name, have, need in o["progress"])
    war = "  ".join(f"{k} {v:+d}" for k, v in solo["war_table"].items())
    troops = "   ".join(f"{k}: {zone_name(t['zone']) if t['zone'] else 'off the board'} with {t['creature']} "
                       f"({t['moves']} moves)" for k, t in solo["troops"].items())
    texts = {c.name: c.text for c in _solo_cards()}
    amon = "hard Amon" if o.get("difficulty") == "hard" else "Amon"   # KM-S.R13
    lines = [f"SOLO vs {amon} - Objective {o['number']} \"{o['name']}\" ({o['when']}): {goals}",
             f"  {o['text']}",
             f"  rounds left {solo['round_marker']}   War table: {war}",
             f"  Amon's troops  {troops}",
             f"  Event on top: {solo['event'] or '-'}   Calamities: "
             f"{', '.join(solo['calamities']) or '-'}   Event deck {solo['event_deck']} "
             f"({solo['calamities_in_deck']} calamities)   Action deck {solo['action_deck']}",
             f"  plundered: {', '.join(_TILE[t].name for t in solo['plundered']) or '-'}"
             + (f"   Amon's last battle card: {solo['amon_card']}" if solo.get("amon_card") else "")]
    for name in [solo.get("event")] + list(solo["calamities"]):
        if name:
            lines.append(f"  {name}: {texts.get(name, '')}")
    lines.append("  Amon's battle cards (one at random): " + "; ".join(
        f"{c.name} {c.strength}/{c.damage}/{c.shield}" + (f" +{c.unblockable} unblockable"
                                                         if c.unblockable else "")
        for c in _amon_cards()) + "  (strength/damage/shield)")
    if solo.get("lost"):
        lines.append(f"  LOST: {solo['lost']}")
    elif solo.get("won"):
        lines.append("  OBJECTIVE COMPLETED")
    return lines


def _solo_cards() -> list[Any]:
    from .solo import EVENTS, OBJECTIVES

    return [*OBJECTIVES, *EVENTS]


def _amon_cards() -> tuple[Any, ...]:
    from .solo import AMON_CARDS

    return AMON_CARDS
