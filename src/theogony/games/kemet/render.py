"""Terminal rendering of one seat's Kemet view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .content import ZONES

_ORDER = [z.id for z in ZONES]


def _zone_line(zid: str, d: Mapping[str, Any]) -> str:
    parts = [f"{zid:<13}"]
    if "owner" in d:
        mix = d.get("by_seat", [])
        if len(mix) > 1:  # team mode: a mixed troop
            parts.append("mixed " + " + ".join(f"seat {s} x{n}" for s, n in mix)
                         + f" (= {d['warriors']})")
        elif "god" in d:  # Gods of Egypt: the God's troop, its count is its LP
            parts.append(f"seat {d['owner']} God {d['god']} ({d['warriors']} LP)")
        else:
            parts.append(f"seat {d['owner']} x{d['warriors']}")
    if "pyramid" in d:
        colour, level = d["pyramid"]
        parts.append(f"pyramid {colour or '-'} L{level}")
    if d.get("companions"):
        parts.append("with " + ", ".join(d["companions"]))
    return "  " + "  ".join(parts)


def render_text(view: Mapping[str, Any]) -> str:
    lines = []
    lines.append(f"KEMET  round {view.get('round')}  {view.get('phase')}  "
                 f"turn order {view.get('order')}")
    dec = view.get("decision")
    if dec:
        lines.append(f"  -> seat {dec['player']}: {dec['prompt']}")
    if "teams" in view:
        glory = view.get("team_glory", [])
        lines.append("Teams (12 team Glory wins): " + "   ".join(
            f"team {t}: seats {', '.join(map(str, seats))} - Glory {glory[t] if t < len(glory) else '?'}"
            for t, seats in enumerate(view["teams"])))
    if "solo" in view:
        lines += _solo_lines(view["solo"])
    if "ascension" in view:
        a = view["ascension"]
        lines.append(f"Gods of Egypt: Ascension marker at {a['glory']} Glory "
                     f"{'reached' if a['reached'] else 'not reached yet'}")
    lines.append("Board:")
    zones = view.get("zones", {})
    for zid in _ORDER:
        if zid in zones:
            lines.append(_zone_line(zid, zones[zid]))
    lines.append("Players:")
    for i, s in enumerate(view.get("seats", [])):
        me = " (you)" if view.get("viewer") == i else ""
        if "team" in s:
            me += f" [team {s['team']}]"
        lines.append(f"  seat {i}{me}: city {s['city']}  Glory {s['glory']} "
                     f"(permanent {s['permanent_glory']})  PP {s['pp']}  veterans {s['veterans']}  "
                     f"supply {s['supply']}  tokens {s['tokens']}")
        lines.append(f"      board: {', '.join(s['spaces']) or '-'}  acquisition slots: "
                     f"{', '.join(c or '-' for c in s['slots'])}  silver {s['silver']}")
        lines.append(f"      tiles: {', '.join(s['tiles']) or '-'}")
        if s.get("mercenaries"):
            lines.append(f"      mercenaries on the board: {s['mercenaries']}")
        if "god" in s:
            g = s["god"]
            lines.append(f"      God {g['name']} (strength {g['strength']}, {g['max_lp']} LP): "
                         f"{'tile acquired' if g['tile_acquired'] else 'tile not acquired'}, at "
                         f"{g['at']}" + (f", {g['lp']} LP left" if g["lp"] is not None else ""))
        if s.get("supply_companions"):
            lines.append(f"      companions in supply: {', '.join(s['supply_companions'])}")
        lines.append(f"      battle cards {s['battle_hand']} in hand, {s['battle_down']} face down, "
                     f"played: {', '.join(s['battle_up']) or '-'};  DI cards {s['di_hand']}")
        if "battle_cards" in s:
            lines.append(f"      your battle cards: {', '.join(s['battle_cards'])}")
            lines.append(f"      your DI cards: {', '.join(s['di_cards']) or '-'}")
    if "movement" in view:
        m = view["movement"]
        lines.append(f"Movement: seat {m['player']} from {m['from']} now at {m['at']} with "
                     f"{m['warriors']} warriors, {m['moves_left']} land moves left"
                     + (", teleport used" if m["teleported"] else ""))
        if len(m.get("group", [])) > 1:
            lines.append("  group: " + " + ".join(f"seat {s} x{n}" for s, n in m["group"]))
    if "battle" in view:
        b = view["battle"]
        lines.append(f"Battle in {b['zone']}: seat {b['attacker']} ({b['attackers']}) attacks "
                     f"seat {b['defender']}; stage {b['stage']}; cards "
                     f"{b.get('attacker_card')} / {b.get('defender_card')}; DI committed "
                     f"{b['attacker_di']} / {b['defender_di']}")
        if "strengths" in b:
            lines.append(f"  strengths {b['strengths'][0]} vs {b['strengths'][1]}, winner seat {b['winner']}")
    if view.get("pending"):
        lines.append(f"Pending actions: {', '.join(view['pending'])}")
    lines.append(f"DI deck {view.get('di_deck')}  discard: {', '.join(view.get('di_discard', [])) or '-'}")
    if view.get("terminal"):
        lines.append(f"GAME OVER: {view.get('outcome')}")
    return "\n".join(lines)


def _solo_lines(solo: Mapping[str, Any]) -> list[str]:
    """The solo mode's Amon board (KM-S): objective, round track, War table, cards in play."""
    o = solo["objective"]
    goals = ", ".join(f"{name} {have}/{need}" for name, have, need in o["progress"])
    war = "  ".join(f"{k} {v:+d}" for k, v in solo["war_table"].items())
    troops = "   ".join(f"{k}: {t['zone'] or 'off the board'} with {t['creature']} "
                       f"({t['moves']} moves)" for k, t in solo["troops"].items())
    lines = [f"SOLO vs Amon - Objective {o['number']} \"{o['name']}\" ({o['when']}): {goals}",
             f"  rounds left {solo['round_marker']}   War table: {war}",
             f"  Amon's troops  {troops}",
             f"  Event on top: {solo['event'] or '-'}   Calamities: "
             f"{', '.join(solo['calamities']) or '-'}   Event deck {solo['event_deck']} "
             f"({solo['calamities_in_deck']} calamities)   Action deck {solo['action_deck']}",
             f"  plundered: {', '.join(solo['plundered']) or '-'}"
             + (f"   Amon's last battle card: {solo['amon_card']}" if solo.get("amon_card") else "")]
    if solo.get("lost"):
        lines.append(f"  LOST: {solo['lost']}")
    elif solo.get("won"):
        lines.append("  OBJECTIVE COMPLETED")
    return lines
