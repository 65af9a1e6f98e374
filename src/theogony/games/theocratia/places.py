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
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .content import CIV_NAMES, CRYSTAL_NAMES, POWER_CARDS, TOKENS

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


# ---- the text board's labels (core.game.Game.text_labels) --------------------------------------------

#: The choice bar of the drawing: on a text screen the list of actions offers these itself.
CHOICES = frozenset({"done", "aside", "die-up", "die-down", "upgrade-factory", "upgrade-barrack"})
FIXED_LABELS = {"erb": "End Round Bonus card", "deck": "Power deck"}
TILE_NAMES = ("start", "1", "2", "3")
TILE_STATES = ("locked", "unlocked", "held", "used")


def _me(view: Mapping[str, Any]) -> Mapping[str, Any]:
    seats, viewer = view.get("seats"), view.get("viewer")
    if isinstance(seats, list) and isinstance(viewer, int) and 0 <= viewer < len(seats):
        return seats[viewer] if isinstance(seats[viewer], Mapping) else {}
    return {}


def _die_label(code: str) -> str:
    die = int(code)
    return f"{CIV_NAMES[die // 10]} {die % 10}"


def _tile_label(view: Mapping[str, Any], tile: int) -> str:
    """As render.py prints the seat's Conversion tiles: "1:locked"."""
    states = _me(view).get("tiles") or []
    state = states[tile] if tile < len(states) else 0
    return f"{TILE_NAMES[tile]}:{TILE_STATES[state]}"


def _crystal_label(view: Mapping[str, Any], civ: int, colour: str) -> str:
    """As the Civ's row prints its crystals: "Green:2"."""
    civs = view.get("civs") or []
    counts = civs[civ].get("crystals", []) if civ < len(civs) else []
    index = CRYSTAL_NAMES.index(colour) if colour in CRYSTAL_NAMES else -1
    return f"{colour}:{counts[index] if 0 <= index < len(counts) else 0}"


LABEL_RULES: list[tuple[re.Pattern[str], Callable[[Mapping[str, Any], re.Match[str]], str]]] = [
    (re.compile(r"die-(\d+)(?:-\d+)?"), lambda v, m: _die_label(m[1])),
    (re.compile(r"(?:civ|priest)-(\w+)"), lambda v, m: m[1]),
    (re.compile(r"crystal-(\d+)-(\w+)"), lambda v, m: _crystal_label(v, int(m[1]), m[2])),
    (re.compile(r"hand-(\d+)"), lambda v, m: _power_name(v, int(m[1])) or m[0]),
    (re.compile(r"conv-(\d)"), lambda v, m: _tile_label(v, int(m[1]))),
    (re.compile(r"token-(\d+)"), lambda v, m: _token_name(v, int(m[1])) or m[0]),
]


def _power_name(view: Mapping[str, Any], index: int) -> str | None:
    hand = _hand(view)
    return POWER_CARDS[hand[index]].name if 0 <= index < len(hand) else None


def _token_name(view: Mapping[str, Any], index: int) -> str | None:
    offered = view.get("tokens")
    if isinstance(offered, list) and 0 <= index < len(offered):
        return TOKENS[offered[index]].name
    return None


def text_label(view: Mapping[str, Any], key: str) -> str | None:
    """Under which text render.py and the components in view show `key` (None: a choice)."""
    if key in CHOICES:
        return None
    if key in FIXED_LABELS:
        return FIXED_LABELS[key]
    for pattern, label in LABEL_RULES:
        match = pattern.fullmatch(key)
        if match:
            return label(view, match)
    return key  # a hex: the map prints its id


def text_labels(view: Mapping[str, Any], keys: Iterable[str]) -> dict[str, str | None]:
    return {key: text_label(view, key) for key in keys}
