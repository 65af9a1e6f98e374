"""Theocratia: the board places (`data-place` keys of svg.py) that an action involves, read from the
action's text and the deciding seat's view (the board contract, core.game.Game.action_places).

Keys: hexes by their id ("A1"), dice on the Actions table "die-<code>" (a second die of the same
colour and number "die-<code>-2"), the Civ rows of the Civ selection area "civ-<Civ>", crystals in
a Civ area "crystal-<civ index>-<Crystal>", the seat's own Power cards "hand-<i>", Conversion
tiles "conv-<t>", Pyramid tokens on offer "token-<i>", the priests of the seat's Temple track
"priest-<Civ>", the Power deck "deck", the End Round Bonus card "erb", and the decision chips:
"done", "aside", "die-up", "die-down", "upgrade-factory", "upgrade-barrack"."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from .content import CIV_NAMES, POWER_CARDS, TOKENS

CIV_INDEX = {name: i for i, name in enumerate(CIV_NAMES)}
FIXED = {"end turn": ["done"], "set the die aside (no legal use)": ["aside"],
         "die +1 (2 Cosmo)": ["die-up"], "die -1 (2 Cosmo)": ["die-down"],
         "upgrade to a Factory": ["upgrade-factory"], "upgrade to a Barrack": ["upgrade-barrack"],
         "take the End Round Bonus card": ["erb"], "draw a Power card": ["deck"]}


def die_code(civ: str, number: str) -> int | None:
    return CIV_INDEX[civ] * 10 + int(number) if civ in CIV_INDEX else None


def die_keys(table: list[Any]) -> list[str]:
    """The keys of the dice on the Actions table, in the view's order."""
    seen: dict[Any, int] = {}
    out = []
    for die in table:
        seen[die] = seen.get(die, 0) + 1
        out.append(f"die-{die}" + (f"-{seen[die]}" if seen[die] > 1 else ""))
    return out


def _hand(view: Mapping[str, Any]) -> list[int]:
    seats = view.get("seats")
    viewer = view.get("viewer")
    if isinstance(seats, list) and isinstance(viewer, int) and 0 <= viewer < len(seats):
        hand = seats[viewer].get("hand") if isinstance(seats[viewer], Mapping) else None
        return [c for c in hand if isinstance(c, int)] if isinstance(hand, list) else []
    return []


def hand_key(view: Mapping[str, Any], name: str) -> list[str]:
    for k, card in enumerate(_hand(view)):
        if 0 <= card < len(POWER_CARDS) and POWER_CARDS[card].name == name:
            return [f"hand-{k}"]
    return []


def _token(view: Mapping[str, Any], name: str) -> list[str]:
    offered = view.get("tokens")
    for k, token in enumerate(offered if isinstance(offered, list) else []):
        if isinstance(token, int) and 0 <= token < len(TOKENS) and TOKENS[token].name == name:
            return [f"token-{k}"]
    return []


def _crystal(view: Mapping[str, Any], colour: str) -> list[str]:
    pending = view.get("pending")
    civ = pending.get("civ") if isinstance(pending, Mapping) else None
    return [f"crystal-{civ}-{colour}"] if isinstance(civ, int) and civ >= 0 else []


Rule = tuple[re.Pattern[str], Callable[[Mapping[str, Any], re.Match[str]], list[str]]]
RULES: list[Rule] = [(re.compile(p), f) for p, f in [
    (r"take (\w+) (\d)", lambda v, m: [f"die-{die_code(m[1], m[2])}"] if m[1] in CIV_INDEX else []),
    (r"discard (.+) to recolour die to (\w+)", lambda v, m: hand_key(v, m[1]) + [f"civ-{m[2]}"]),
    (r"discard (.+) to ignore the same-number rule", lambda v, m: hand_key(v, m[1])),
    (r"(?:divine \d+|holiday|first player|war/convert|expand|factory|barrack) with (\w+)",
     lambda v, m: [f"civ-{m[1]}"]),
    (r"(?:choose|worship from) (\w+)", lambda v, m: [f"civ-{m[1]}" if m[0].startswith("choose")
                                                     else f"priest-{m[1]}"]),
    (r"claim conversion tile (\d)", lambda v, m: [f"conv-{m[1]}"]),
    (r"play (.+)", lambda v, m: hand_key(v, m[1])),
    (r"token (.+)", lambda v, m: _token(v, m[1])),
    (r"spend (\w+) crystal", lambda v, m: _crystal(v, m[1])),
    (r"attack .+ on (\w+)", lambda v, m: [m[1]]),
    (r"convert (?:.+ on )?(\w+) with tile \d.*", lambda v, m: [m[1]]),
    (r"develop \w+ at (\w+)", lambda v, m: [m[1]]),
    (r"remove (\w+) and (\w+)", lambda v, m: [m[1], m[2]]),
    (r"\w+ on (\w+)", lambda v, m: [m[1]]),
]]


def action_places(view: Mapping[str, Any], action_text: str) -> list[str]:
    """The `data-place` keys of the drawing that the action `action_text` involves (source first),
    [] for an action with no place."""
    text = action_text.strip()
    if text in FIXED:
        return list(FIXED[text])
    for pattern, places in RULES:
        match = pattern.fullmatch(text)
        if match:
            return places(view, match)
    return []
