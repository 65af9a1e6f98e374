"""One seat's view of Teomachia as a compact text table, and the components that view shows.

The text is plain (no rich markup): "[priest]" prices are literal and the face printing it escapes.
Rule ids (TM-x.y) refer to docs/rules/teomachia.md.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from typing import Any

from theogony.core import Component

from .components import COMPONENT_BY_ID
from .content import (CARD_ID_BY_NAME, DEITY_ID_BY_NAME, ELEMENT_ID_BY_NAME, MYTH_ID_BY_NAME,
                      SPHERES, TOKEN_DEFS, VALUES)

WIDTH = 120
TOKEN_SHORT = ("P", "p", "f")  # prophet, priest, faithful
TRACK_PRICES = ("priest", "priest", "faithful", "faithful", "free", "free")  # TM-9.1
DEAL_PHASES = ("prebid", "bid", "prebattle", "battle", "respond")
PHASE_NAMES = {
    "draft": "draft", "aside": "setting aside", "deity": "choosing deities", "prebid": "before bidding",
    "bid": "bidding", "prebattle": "before the battle", "battle": "battle", "respond": "responses",
    "settle": "settlement", "discard": "discarding", "prayer": "prayer", "myth": "myth phase", "over": "game over",
}


def tokens(counts: list[int]) -> str:
    return " ".join(f"{n}{TOKEN_SHORT[k]}" for k, n in enumerate(counts) if n) or "-"


def worth(counts: list[int]) -> int:
    return sum(n * VALUES[k] for k, n in enumerate(counts))


def seat_name(i: int, viewer: int | None) -> str:
    return "you" if i == viewer else f"seat {i}"


# ---------------------------------------------------------------- components in a view
def _ids(names: Iterable[str | None], by_name: Mapping[str, str]) -> list[str]:
    out: list[str] = []
    for name in names:
        ident = by_name.get(name) if name else None
        if ident is not None and ident not in out:
            out.append(ident)
    return out


def components_in_view(view: Mapping[str, Any]) -> dict[str, list[str]]:
    """Group name -> component ids, for what `view` shows and nothing else (issue 18)."""
    viewer = view.get("viewer")
    groups: dict[str, list[str]] = {}

    def put(group: str, names: Iterable[str | None], by_name: Mapping[str, str]) -> None:
        ids = _ids(names, by_name)
        if ids:
            groups[group] = ids

    if viewer is not None:
        me = view["seats"][viewer]
        put("your hand", me.get("hand", []), CARD_ID_BY_NAME)
        put("your draft hand", me.get("draft_hand", []), CARD_ID_BY_NAME)
        put("your picked cards", me.get("picked", []), CARD_ID_BY_NAME)
        put("your discard pile", me.get("discard", []), CARD_ID_BY_NAME)
    put("elements layout (face up)", view["layout"], ELEMENT_ID_BY_NAME)
    put("prayer track", view["track"], CARD_ID_BY_NAME)
    put("response chain", [name for _, name in view.get("response_chain", [])], CARD_ID_BY_NAME)
    for i, s in enumerate(view["seats"]):
        whose = "your" if i == viewer else f"seat {i}'s"
        put(f"{whose} deity", [s.get("deity")], DEITY_ID_BY_NAME)
        if not s.get("deity"):
            put(f"{whose} deity options", s.get("deity_options", []), DEITY_ID_BY_NAME)
        put(f"{whose} places", [name for name, _, _ in s["places"]], CARD_ID_BY_NAME)
        put(f"{whose} power in play", s["power"], CARD_ID_BY_NAME)
        put(f"{whose} lasting effects and attacks", s["lasting"] + s["attacks"], CARD_ID_BY_NAME)
        if i != viewer:
            put(f"{whose} discard top", [s["discard_top"]], CARD_ID_BY_NAME)
        put(f"{whose} myths", s.get("myths", []), MYTH_ID_BY_NAME)
        put(f"{whose} myth deck top", [s.get("myth_top")], MYTH_ID_BY_NAME)
    put("discarded elements", view["elements_discard"], ELEMENT_ID_BY_NAME)
    put("out of the game", view["boxed"], CARD_ID_BY_NAME)
    groups["worshippers"] = [t.id for t in TOKEN_DEFS]
    return groups


# ---------------------------------------------------------------- the table
def _head(view: Mapping[str, Any]) -> list[str]:
    phase = view["phase"]
    name = PHASE_NAMES.get(phase, phase)
    if phase == "bid":
        name += f" phase {view['bid_round']}" + (" (the last)" if not view["face_down"] else "")
    parts = [f"Teomachia - deal {view['deal']}", name, f"conflict level {view['conflict']}",
             f"initiative: {seat_name(view['initiative'], view.get('viewer'))}", "bank: unlimited"]
    if "miracle_supply" in view:
        parts.append(f"miracles in supply {view['miracle_supply']}")
    if view["variant"].get("no_elimination"):
        parts.append("10 VP wins")
    lines = joined(parts[0], parts[1:], " | ")
    if view.get("terminal"):
        winners = view["outcome"]["winners"]
        lines.append("GAME OVER - winner(s): " + ", ".join(seat_name(w, view.get("viewer")) for w in winners))
    return lines


def _table(view: Mapping[str, Any]) -> list[str]:
    layout = [f"[{name}]" for name in view["layout"]] + ["[face down]"] * view["face_down"]
    lines = joined(f"Elements (deck {view['elements_deck']}, {len(view['elements_discard'])} discarded):",
                   layout or ["-"], " ", first_separator=" ")
    slots = [f"slot {i + 1} {name or '(empty)'} [{TRACK_PRICES[i]}]" for i, name in enumerate(view["track"])]
    lines += joined(f"Prayer track (prayer deck {view['prayer_deck']}):", slots, " | ", first_separator=" ")
    viewer = view.get("viewer")
    chain = view.get("response_chain") or []
    if chain:
        links = [f"{seat_name(q, viewer)}: {name}" for q, name in chain]
        pending = view.get("pending")
        target = pending[2] if pending else -1
        if target is not None and target >= 0:
            links[-1] += f" (aimed at {seat_name(target, viewer)})"
        lines += joined("Waiting for responses (the last answer resolves first):", links, " <- ", first_separator=" ")
    running = view.get("running_strength") or []
    fighting = [(i, n) for i, n in enumerate(running) if n is not None]
    if fighting:
        sides = [f"{seat_name(i, viewer)} {n}" for i, n in fighting]
        if view["gods_people"]:
            sides.append("God's People: priests and prophets count 0")
        lines += joined("Battle, running strength (stake, attacks, places, heroes, bonuses):", sides, ", ",
                        first_separator=" ")
    elif view["winners"] and view["phase"] in ("settle", "discard", "prayer", "myth"):
        shown = [f"{seat_name(i, viewer)} {n}" for i, n in enumerate(view["strengths"]) if n]
        lines.append(f"Deal {view['deal']} won by " + ", ".join(seat_name(w, viewer) for w in view["winners"])
                     + (f" (strength {', '.join(shown)})" if shown else " (no battle)"))
    return lines


def _status(view: Mapping[str, Any], i: int) -> str:
    s = view["seats"][i]
    if not s["alive"]:
        return "out of the game"
    if view["phase"] in DEAL_PHASES:
        return "in the deal" if s["in_deal"] else "WITHDRAWN"
    if view["phase"] in ("settle", "discard", "prayer", "myth") and i in view["winners"]:
        return "won the deal"
    return "alive"


def _control(view: Mapping[str, Any], i: int) -> str:
    control = (view.get("control") or [None] * len(view["seats"]))[i]
    if control is None:
        return ""
    spheres = " ".join(f"{n} {SPHERES[k]}" for k, n in enumerate(control[2:]) if n)
    return f"controls {control[0]} order, {control[1]} chaos; {spheres or 'no sphere cards'}"


def _seat_lines(view: Mapping[str, Any], i: int) -> list[str]:
    s, viewer = view["seats"][i], view.get("viewer")
    title = f"Seat {i}" + (" (you)" if i == viewer else "")
    if s.get("deity"):
        title += f" - {s['deity']}" + (" (chosen in secret)" if view["phase"] == "deity" else "")
    elif s.get("deity_options"):
        chosen = "chosen in secret" if s.get("deity_chosen") else "not chosen"
        title += f" - deity {chosen}, of {'/'.join(s['deity_options'])}"
    if not s["alive"]:
        points = f" | {s['vp']} VP" if view["variant"].get("no_elimination") else ""
        return [_fit(f"{title} | out of the game{points}")]
    first = [title, _status(view, i), f"community {tokens(s['community'])}",
             f"stake {tokens(s['stake'])}" + (f" = {worth(s['stake'])}" if any(s["stake"]) else "")
             + (f" (from the bank: {tokens(s['desperation'])})" if any(s["desperation"]) else "")]
    needs = (view.get("call_needs") or [[0, 0, 0]] * len(view["seats"]))[i]
    if view["phase"] == "bid" and view["raised"] and s["in_deal"] and any(needs):
        first.append(f"to call: {tokens(needs)}")
    if s.get("heroes_in_stake"):
        first.append("heroes in stake: " + ", ".join(s["heroes_in_stake"]))
    if view["variant"].get("no_elimination"):
        first.append(f"{s['vp']} VP")
    lines = joined(first[0], first[1:], " | ")
    table = [_control(view, i)] if view["phase"] in DEAL_PHASES + ("settle",) else []
    if s["places"]:
        table.append("places: " + ", ".join(f"{name} [{token}{', damaged' if damaged else ''}]"
                                             for name, token, damaged in s["places"]))
    if s["power"] or (i == viewer and view["phase"] in DEAL_PHASES):  # where the seat lays it out
        table.append("power: " + (", ".join(s["power"]) or "-"))
    if s["lasting"] or s["attacks"]:
        table.append("in play: " + ", ".join(s["lasting"] + s["attacks"]))
    if any(table):
        parts = [part for part in table if part]
        lines += joined("  " + parts[0], parts[1:], " | ")
    cards = [f"hand {s['hand_size']}, deck {s['deck_size']}, discard {s['discard_size']}"
             + (f" (top: {s['discard_top']})" if s["discard_top"] else "")]
    if view["phase"] in ("draft", "aside"):
        cards.append(f"draft hand {s['draft_hand_size']}, picked {s['picks']}")
    if "myths" in s and view["phase"] not in ("draft", "aside", "deity"):
        cards.append(f"myths {', '.join(s['myths']) or '-'}; miracles {s['miracles']}; myth deck "
                     + (f"top {s['myth_top']} ({myth_cost(s['myth_top'])}, {s['myth_deck_size']} cards)"
                        if s.get("myth_top") else "empty"))
    lines += joined("  " + cards[0], cards[1:], " | ")
    return lines


def joined(head: str, parts: list[str], separator: str, first_separator: str | None = None) -> list[str]:
    """`head` then `parts`, wrapped at whole parts onto indented lines of at most WIDTH."""
    lines = [head]
    for k, part in enumerate(parts):
        glue = separator if k or first_separator is None else first_separator
        if len(lines[-1]) + len(glue) + len(part) > WIDTH:
            lines.append("    " + part)
        else:
            lines[-1] += glue + part
    # a part wider than a line on its own wraps at words
    return [piece for line in lines for piece in textwrap.wrap(line, WIDTH, subsequent_indent="    ") or [line]]


def myth_cost(name: str) -> str:
    return dict(COMPONENT_BY_ID[MYTH_ID_BY_NAME[name]].details)["cost"]


def _fit(line: str, width: int = WIDTH) -> str:
    return line if len(line) <= width else line[:width - 3] + "..."


def short_line(comp: Component) -> str:
    """A component in one compact line: "Storm (water attack; needs 2 chaos): +4 strength."."""
    if comp.kind == "power card":
        return f"{comp.name} (power card)"  # the name says its sphere, aspect and symbols
    details = dict(comp.details)
    kind = f"{details.pop('sphere')} {comp.kind}" if "sphere" in details else comp.kind
    labelled = [f"{key} {value}" if key in ("needs", "place", "strength", "costs") else value
                for key, value in details.items()]
    return f"{comp.name} ({'; '.join([kind, *labelled])}): {comp.text}"


def component_lines(ids: list[str], indent: str = "  ", wrap: int = 2) -> list[str]:
    """One entry per component (repeats counted), wrapped to at most `wrap` lines."""
    out: list[str] = []
    for ident in dict.fromkeys(ids):
        copies = ids.count(ident)
        text = ("" if copies == 1 else f"{copies}x ") + short_line(COMPONENT_BY_ID[ident])
        lines = textwrap.wrap(text, WIDTH - len(indent), subsequent_indent="    ", max_lines=wrap,
                              placeholder=" ...")
        out += [indent + line for line in lines]
    return out


def _card_section(view: Mapping[str, Any]) -> list[str]:
    """The cards the viewer decides on now, with their texts."""
    viewer = view.get("viewer")
    if viewer is None:
        return []
    me, phase = view["seats"][viewer], view["phase"]
    lines: list[str] = []

    def section(title: str, names: Iterable[str | None], by_name: Mapping[str, str], wrap: int = 2) -> None:
        ids = [by_name[n] for n in names if n in by_name]
        if ids:
            lines.append(title)
            lines.extend(component_lines(ids, wrap=1 if len(set(ids)) > 6 else wrap))

    if phase == "deity" and not me.get("deity"):
        section("Your deity options:", me.get("deity_options", []), DEITY_ID_BY_NAME, wrap=4)
    elif me.get("deity"):
        section("Your deity:", [me["deity"]], DEITY_ID_BY_NAME, wrap=3)
    if phase == "myth" and me.get("myth_top"):
        section("Your myth deck top:", [me["myth_top"]], MYTH_ID_BY_NAME)
    if phase == "respond" and view.get("response_chain"):
        section("The response chain:", [name for _, name in view["response_chain"]], CARD_ID_BY_NAME)
    if phase == "prayer":
        section("Prayer track:", view["track"], CARD_ID_BY_NAME)
    if phase == "draft":
        section("Your draft hand:", me.get("draft_hand", []), CARD_ID_BY_NAME)
        if me.get("picked"):
            lines += joined("Picked so far:", me["picked"], ", ", first_separator=" ")
    elif phase == "aside":
        section("Your picks (keep 8):", me.get("picked", []), CARD_ID_BY_NAME, wrap=1)
    if phase not in ("draft", "aside"):
        names = me.get("hand", [])
        if phase == "prayer":
            lines += joined("Your hand:", names or ["-"], ", ", first_separator=" ")
        else:
            section("Your hand:", names, CARD_ID_BY_NAME)
    return lines


def render_text(view: Mapping[str, Any]) -> str:
    lines = _head(view) + _table(view) + ["", "Seats (tokens: P prophet 10, p priest 5, f faithful 2):"]
    for i in range(len(view["seats"])):
        lines += _seat_lines(view, i)
    cards = _card_section(view)
    if cards:
        lines += [""] + cards
    return "\n".join(_fit(line) for line in lines)


__all__ = ["components_in_view", "component_lines", "render_text", "tokens"]
