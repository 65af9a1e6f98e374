"""Text rendering of a Theocratia view for a terminal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core.text import fit_line

from .content import (CIV_NAMES, CONVERSION_TILES, CRYSTAL_NAMES, DEVELOPMENTS, HEXES,
                      N_HEX, PAGES, POWER_CARDS, ROUND_BONUSES, TOKENS, multiplier)

_TILE_STATES = ("locked", "unlocked", "held", "used")
_TILE_NAMES = ("start", "1", "2", "3")


def _tiles(states: list[int]) -> str:
    """Conversion tiles by name and state instead of the raw [2, 0, 0, 0] (TC-11)."""
    return " ".join(f"{_TILE_NAMES[t]}:{_TILE_STATES[v]}" for t, v in enumerate(states))


def _bonus_line(bonus_id: str) -> str:
    bonus = next((b for b in ROUND_BONUSES if b.id == bonus_id), None)
    return bonus_id if bonus is None else f"{bonus.name}: {bonus.text}"


def _priest(position: int) -> str:
    return "start" if position < 0 else f"at {position} (x{multiplier(position)})"


def _capacity(page: int) -> int:
    return next((pg.spaces for pg in PAGES if pg.page == page), 0)


def _seat(view: Mapping[str, Any], seat: int) -> str:
    if seat < 0:
        return "nobody"
    return view["seats"][seat]["colour"] + (" (Bot)" if seat == view.get("bot_seat", -1) else "")

_HEXCOL = {-1: "pl", -2: "de", -3: "VO", -4: "  ", 0: "Re", 1: "Br", 2: "Bl", 3: "Wh"}
_KIND = ("..", "F", "h", "f", "b", "P", "m", "d")
_CIV = "MTVP"


def _cell(h: int, hexes: list[list[int]]) -> str:
    colour, civ, kind, crystal = hexes[h]
    if kind == 0:
        mark = "*" if crystal >= 0 else " "
        return f"{_HEXCOL[colour]}{mark}  "
    piece = _KIND[kind] + (_CIV[civ] if civ >= 0 else " ")
    return f"{_HEXCOL[colour]}{piece} "


def render_text(view: Mapping[str, Any]) -> str:
    if "hexes" not in view:
        return str(view)
    hexes = view["hexes"]
    lines = [f"THEOCRATIA  round {view['round']}/{view['rounds']}  "
             f"round bonus: {_bonus_line(view['round_bonus'][view['round'] - 1])}"]
    rows: dict[int, list[int]] = {}
    for h in range(N_HEX):
        rows.setdefault(HEXES[h].r, []).append(h)
    for r in sorted(rows):
        indent = " " * (3 * abs(r))
        lines.append(indent + " ".join(f"{HEXES[h].id:>3}:{_cell(h, hexes)}" for h in rows[r]))
    lines.append("legend: Re/Br/Bl/Wh player hexes, pl plains, de desert, VO volcano; pieces "
                 "F fortress h house f factory b barrack P pyramid m/d monster; civ M T V P; "
                 "* crystal")
    lines.append("Actions table: " + ", ".join(f"{CIV_NAMES[d // 10]} {d % 10}"
                                                for d in view["table"]))
    die = view.get("erb_die", -1)
    lines.append(f"End Round Bonus card: {CIV_NAMES[die] + ' die' if die >= 0 else 'no die'}, "
                 f"held by {_seat(view, view.get('erb_holder', -1))}   Power deck "
                 f"{view.get('deck_size', '?')} cards")
    for v, c in enumerate(view["civs"]):
        row = " ".join(f"{CIV_NAMES[d // 10][0]}{d % 10}" for d in c["row"]) or "-"
        crystals = " ".join(f"{CRYSTAL_NAMES[i]}:{n}" for i, n in enumerate(c["crystals"]) if n)
        lines.append(f"{CIV_NAMES[v]:9} dice {row}  Chronicles page {c['page']}: "
                     f"{len(c['items'])}/{_capacity(c['page'])} spaces "
                     f"warriors {c['supply']} (+{c['warriors']} in area) houses {c['houses']} "
                     f"fact {c['factories']} barr {c['barracks']} pyr {c['pyramids']} "
                     f"dev {c['dev']} crystals {crystals or '-'}")
    for i, s in enumerate(view["seats"]):
        priests = ", ".join(f"{CIV_NAMES[v]} {_priest(p)}" for v, p in enumerate(s["priests"]))
        marks = [m for m, on in (("first player", view["first"] == i),
                                 ("next round's first player", view.get("next_first") == i),
                                 ("you", view.get("viewer") == i)) if on]
        lines.append(f"{_seat(view, i)}{' (' + ', '.join(marks) + ')' if marks else ''}: "
                     f"Cosmo {s['cosmo']}  Malus {s['malus']}{' (flipped)' if s['flipped'] else ''}"
                     f"  Power cards {s['hand_size']}  score now {s['score']}")
        lines.append(f"  priests {priests}; Conversion tiles {_tiles(s['tiles'])}")
        if "hand" in s:
            lines.append(f"  your hand: {len(s['hand'])} Power card{'s' if len(s['hand']) != 1 else ''}"
                         " (instead of playing one, you may discard it so that a die may sit next "
                         "to the same number, or count as another Civ's colour for the matching "
                         "bonus or a Holiday)")
            lines += [f"    {POWER_CARDS[c].name}: {POWER_CARDS[c].text}" for c in s["hand"]]
    if view.get("bot"):
        from .content import BOT_CARDS

        shown = " | ".join(f"#{BOT_CARDS[c].number} {BOT_CARDS[c].arrow} die {BOT_CARDS[c].die} "
                           f"{BOT_CARDS[c].action}" for c in view["bot_revealed"])
        lines.append(f"Bot ({view['bot']}, {'high' if view['high'] else 'standard'}) playing "
                     f"{_seat(view, view['bot_seat'])}: deck {view['bot_deck_size']} cards; revealed: "
                     f"{shown or '-'}")
        grid = view["grid"]
        for v in range(4):
            row = "; ".join(TOKENS[k].name if k >= 0 else "--" for k in grid[3 * v:3 * v + 3])
            lines.append(f"  token row {CIV_NAMES[v]}: {row}")
    lines.append("Pyramid tokens: " + ", ".join(TOKENS[k].name for k in view["tokens"]))
    pending = view.get("pending") or {}
    if pending.get("die", -1) is not None and pending.get("die", -1) >= 0:
        die = pending["die"]
        lines.append(f"Die in hand: {CIV_NAMES[die // 10]} {die % 10}")
    if view.get("decision"):
        d = view["decision"]
        lines.append(f"-> {_seat(view, d['player'])} ({d['kind']}): {d['prompt']}")
    return "\n".join(fit_line(line) for line in lines)


def components_in_view(view: Mapping[str, Any]) -> dict[str, list[str]]:
    """The components the view shows, grouped by where (core Game.components_in_view); another
    seat's hand and its face-down Pyramid tokens are never listed."""
    from .content import BOT_CARDS

    viewer = view.get("viewer")
    dev_ids: dict[str, str] = {}
    for d in DEVELOPMENTS:
        dev_ids.setdefault(d.effect, "development:" + d.id)
    groups: dict[str, list[str]] = {
        "Round Bonus cards": ["bonus:" + b for b in view.get("round_bonus", [])],
        "Civ Development cards": [dev_ids[c["dev"]] for c in view.get("civs", [])],
        "Pyramid tokens on offer": ["token:" + TOKENS[k].id for k in view.get("tokens", [])],
        "Power card discard": ["power:" + POWER_CARDS[c].id for c in view.get("discard", [])],
        "the Bot's revealed cards": ["bot:" + BOT_CARDS[c].id for c in view.get("bot_revealed", [])],
    }
    for i, s in enumerate(view.get("seats", [])):
        # TC-11: the tiles a seat holds (2) or has used (3) are public
        groups[f"{_seat(view, i)}'s Conversion tiles"] = [
            "conversion:" + CONVERSION_TILES[t].id for t, state in enumerate(s.get("tiles", []))
            if state in (2, 3)]
        if "hand" in s and i == viewer:
            groups["your Power cards"] = ["power:" + POWER_CARDS[c].id for c in s["hand"]]
        if i == viewer:
            groups["your Pyramid tokens"] = ["token:" + TOKENS[k].id for k in s.get("tokens", [])]
    return {name: list(dict.fromkeys(ids)) for name, ids in groups.items() if ids}
