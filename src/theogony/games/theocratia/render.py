"""Text rendering of a Theocratia view for a terminal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .content import (CIV_NAMES, CRYSTAL_NAMES, HEXES, KIND_NAMES, N_HEX, PLAYER_COLOURS,
                      POWER_CARDS, TOKENS, multiplier)

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


def render(view: Mapping[str, Any]) -> str:
    if "hexes" not in view:
        return str(view)
    hexes = view["hexes"]
    lines = [f"THEOCRATIA  round {view['round']}/{view['rounds']}  "
             f"round bonus: {view['round_bonus'][view['round'] - 1]}"]
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
    if view.get("erb_die", -1) >= 0:
        holder = view["erb_holder"]
        lines.append(f"End Round Bonus card: {CIV_NAMES[view['erb_die']]} die, "
                     f"held by {'nobody' if holder < 0 else PLAYER_COLOURS[holder]}")
    for v, c in enumerate(view["civs"]):
        row = " ".join(f"{CIV_NAMES[d // 10][0]}{d % 10}" for d in c["row"]) or "-"
        crystals = " ".join(f"{CRYSTAL_NAMES[i]}:{n}" for i, n in enumerate(c["crystals"]) if n)
        lines.append(f"{CIV_NAMES[v]:9} row [{row}] page {c['page']} ({len(c['items'])} on page) "
                     f"warriors {c['supply']} (+{c['warriors']} in area) houses {c['houses']} "
                     f"fact {c['factories']} barr {c['barracks']} pyr {c['pyramids']} "
                     f"dev {c['dev']} crystals {crystals or '-'}")
    for i, s in enumerate(view["seats"]):
        priests = " ".join(f"{CIV_NAMES[v][0]}{p}(x{multiplier(p)})"
                           for v, p in enumerate(s["priests"]))
        first = " [first]" if view["first"] == i else ""
        hand = ""
        if "hand" in s:
            hand = " hand: " + ", ".join(POWER_CARDS[c].name for c in s["hand"])
        lines.append(f"seat {i} {s['colour']}{first}: Cosmo {s['cosmo']} Malus {s['malus']}"
                     f"{' (flipped)' if s['flipped'] else ''} priests {priests} tiles {s['tiles']} "
                     f"cards {s['hand_size']} score now {s['score']}{hand}")
    if view.get("bot"):
        from .solo import BOT_CARDS

        shown = " | ".join(f"#{BOT_CARDS[c].number} {BOT_CARDS[c].arrow} die {BOT_CARDS[c].die} "
                           f"{BOT_CARDS[c].action}" for c in view["bot_revealed"])
        lines.append(f"Bot ({view['bot']}, {'high' if view['high'] else 'standard'}) seat "
                     f"{view['bot_seat']}: deck {view['bot_deck_size']} cards; revealed: {shown or '-'}")
        grid = view["grid"]
        for v in range(4):
            row = ", ".join(TOKENS[k].id if k >= 0 else "--" for k in grid[3 * v:3 * v + 3])
            lines.append(f"  token row {CIV_NAMES[v]}: {row}")
    lines.append("Pyramid tokens: " + ", ".join(TOKENS[k].name for k in view["tokens"]))
    if view.get("decision"):
        d = view["decision"]
        lines.append(f"-> seat {d['player']} ({d['kind']}): {d['prompt']}")
    _ = KIND_NAMES
    return "\n".join(lines)
