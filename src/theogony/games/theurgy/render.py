"""Text rendering of a Theurgy view for a terminal player."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_text(view: Mapping[str, Any]) -> str:
    lines = []
    seats = view["seats"]
    lines.append(f"Theurgy - {view['players']} players - X = {view['temples_x']} - "
                 f"turns taken {view['turns_taken']} - Anomaly in {view['anomaly']}")
    monsters_at: dict[str, list[str]] = {}
    for name, m in view["monsters"].items():
        monsters_at.setdefault(m["at"], []).append(f"{name}({m['owner']})")
    acolytes_at: dict[str, list[str]] = {}
    for seat in seats:
        for i, (where, hurt) in enumerate(zip(seat["acolytes"], seat["wounded"])):
            if where is None:
                continue
            acolytes_at.setdefault(where, []).append(f"{seat['deity']}#{i + 1}{' (wounded)' if hurt else ''}")
    for st in view["settlements"]:
        mortals = ", ".join(f"{k} {v}" for k, v in st["mortals"].items()) or "empty"
        extra = []
        if st["temple"]:
            extra.append(f"TEMPLE {st['temple']}")
        if st["ruins"]:
            extra.append("ruins " + "/".join(st["ruins"]))
        if st["sceptics"]:
            extra.append(f"sceptics {st['sceptics']}")
        if st["name"] in acolytes_at:
            extra.append("acolytes " + ", ".join(acolytes_at[st["name"]]))
        if st["name"] in monsters_at:
            extra.append("monsters " + ", ".join(monsters_at[st["name"]]))
        faith = [view["faith"].get(f"V{v}") for v in st["vertices"]]
        tokens = ", ".join(f"V{v}:{o}" for v, o in zip(st["vertices"], faith) if o)
        lines.append(f"  {st['name']:<12} {mortals}" + (f" | {' | '.join(extra)}" if extra else "")
                     + (f" | faith {tokens}" if tokens else ""))
        lines.append(f"  {'':<12} next to {', '.join(st['neighbours'])}")
    lines.append("Face-up monsters: " + ", ".join(f"{m['name']} [{m['markers']}]" for m in view["faceup_monsters"]))
    lines.append(f"Miracle deck {view['miracle_deck']}, discard: {', '.join(view['miracle_discard'][-5:]) or '-'}")
    for i, seat in enumerate(seats):
        me = " (you)" if i == view.get("viewer") else ""
        deity = seat["deity"] or "(deity not chosen yet)"
        lines.append(f"Seat {i} {deity}{me}: pawn on {seat['pawn'] or '-'}, {seat['hand_size']} miracles, "
                     f"horde: {', '.join(seat['horde']) or '-'}"
                     + (f", supply: {', '.join(seat['supply'])}" if seat["supply"] else "")
                     + (f", must {seat['forced']}" if seat["forced"] else "")
                     + (f", may not {seat['banned']}" if seat["banned"] else ""))
        if "hand" in seat:
            lines.append(f"    hand: {', '.join(seat['hand']) or '-'}")
        if seat.get("calling"):
            lines.append(f"    Divine Calling: {seat['calling']}")
    if view.get("decision"):
        d = view["decision"]
        lines.append(f"Seat {d['player']} to decide: {d['prompt']}")
    return "\n".join(lines)
