"""Terminal rendering of one seat's view of Teomachia."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

TOKEN_SHORT = ("P", "p", "f")  # prophet, priest, faithful


def tokens(counts: list[int]) -> str:
    return " ".join(f"{n}{TOKEN_SHORT[k]}" for k, n in enumerate(counts)) if any(counts) else "-"


def render_text(view: Mapping[str, Any]) -> str:
    lines: list[str] = []
    viewer = view.get("viewer")
    head = (f"Teomachia - deal {view['deal']} - phase {view['phase']}"
            + (f" (bidding phase {view['bid_round']})" if view["phase"] == "bid" else "")
            + f" - conflict level {view['conflict']} - initiative: seat {view['initiative']}")
    lines.append(head)
    if view.get("terminal"):
        out = view["outcome"]
        lines.append(f"GAME OVER - winners: {', '.join('seat ' + str(w) for w in out['winners'])}")
    lines.append("Elements: " + (", ".join(view["layout"]) or "-")
                 + (f" + {view['face_down']} face down" if view["face_down"] else "")
                 + f"   (deck {view['elements_deck']})")
    track = ["(empty)" if c is None else c for c in view["track"]]
    costs = ["priest", "priest", "faithful", "faithful", "free", "free"]
    lines.append("Prayer track: " + " | ".join(f"{i + 1}:{c} [{costs[i]}]" for i, c in enumerate(track))
                 + f"   (prayer deck {view['prayer_deck']})")
    if view.get("pending"):
        p, name, t = view["pending"]
        lines.append(f"Waiting for responses to {name} played by seat {p}"
                     + (f" on seat {t}" if t is not None and t >= 0 else ""))
    if "bank" in view:
        lines.append(f"Bank: {tokens(view['bank'])}")
    if "miracle_supply" in view:
        lines.append(f"Miracle tokens in supply: {view['miracle_supply']}")
    lines.append("")
    for i, s in enumerate(view["seats"]):
        tag = " (you)" if i == viewer else ""
        status = "out" if not s["alive"] else ("in the deal" if s["in_deal"] else "not in the deal")
        title = f"Seat {i}{tag}: {status}"
        if s.get("deity"):
            title += f" - {s['deity']}"
        elif s.get("deity_options"):
            title += f" - deities {'/'.join(s['deity_options'])}" + (" (chosen)" if s.get("deity_chosen") else "")
        if view["variant"].get("no_elimination"):
            title += f" - {s['vp']} VP"
        lines.append(title)
        lines.append(f"  community {tokens(s['community'])}   stake {tokens(s['stake'])}"
                     + (f" (bank: {tokens(s['desperation'])})" if any(s["desperation"]) else "")
                     + (f"   strength {view['strengths'][i]}" if view["strengths"][i] else ""))
        if s["places"]:
            lines.append("  places: " + ", ".join(f"{n} [{t}{', damaged' if d else ''}]" for n, t, d in s["places"]))
        if s["power"]:
            lines.append("  power: " + ", ".join(s["power"]))
        if s["lasting"] or s["attacks"]:
            lines.append("  in play: " + ", ".join(s["lasting"] + s["attacks"]))
        lines.append(f"  cards: hand {s['hand_size']}, deck {s['deck_size']}, discard {s['discard_size']}"
                     + (f" (top: {s['discard_top']})" if s["discard_top"] else ""))
        if s.get("myths") or s.get("myth_top"):
            lines.append(f"  myths: {', '.join(s['myths']) or '-'}; miracles {s['miracles']}; "
                         f"myth deck top {s['myth_top']} ({s['myth_deck_size']})")
        if "hand" in s:
            lines.append("  hand: " + (", ".join(s["hand"]) or "-"))
            if s.get("draft_hand"):
                lines.append("  draft hand: " + ", ".join(s["draft_hand"]))
            if s.get("picked"):
                lines.append("  picked: " + ", ".join(s["picked"]))
    dec = view.get("decision")
    if dec:
        lines.append("")
        lines.append(f"Seat {dec['player']} to decide: {dec['prompt']}")
    return "\n".join(lines)
