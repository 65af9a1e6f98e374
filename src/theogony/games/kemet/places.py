"""Kemet: the board places (`data-place` keys of svg.py) that an action involves, read from the
action's text and the deciding seat's view (the board contract, core.game.Game.action_places).

Keys: zones by their id ("NE-1", "nw-desert"), "city-NE", action-board spaces "space-<id>" and
"space-gold", market tiles "tile-<id>", pyramid colours "colour-<c>", the seat's own tiles
"own-<id>", DI cards in hand "di-<i>", battle cards in hand "battle-<id>", companions
"comp-<tile id>", Gods "god-<id>", turn-order spaces "order-<i>", seat boards "seat-<s>", the
mercenary bank "merc", Amon's decks "amon-events"/"amon-actions", and the decision chips of the
choice bar: "done", "n-<k>", "layout-a/b/c", "recall", "retreat", "stay", "leave-warrior",
"pickup-warrior" (with "-<s>" for an ally's warrior)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .content import BATTLE_CARDS, CITY_INDEX, CITY_QUARTERS, GODS, SPACES, TILES, ZONES

SPACE_KEY = {s.name: "space-" + s.id for s in SPACES}
BATTLE_KEY = {c.name: "battle-" + c.id for c in BATTLE_CARDS}
GOD_KEY = {g.name: "god-" + g.id for g in GODS}
COMPANION_KEY = {t.name: "comp-" + t.id for t in TILES if t.kind != "tile"}
ACTION_SPACES = {"movement": "move", "recruitment": "recruit", "construction": "build",
                 "prayer": "pray"}
DONE_TEXTS = frozenset({
    "end turn", "begin actions", "skip construction", "skip acquisition", "skip movement",
    "done recruiting", "done summoning", "done gathering", "stop here", "set out", "start moving",
    "commit no more cards", "decline", "draw an Event card", "draw an Amon Action card"})
CHIP_TEXTS = {"recall": "recall", "retreat": "retreat", "stay": "stay",
              "leave 1 warrior here": "leave-warrior", "pick up 1 warrior here": "pickup-warrior"}


def tile_key(name: str, colour: str | None = None) -> str | None:
    """The market key of a tile by its name (and colour: the five Dominions share a name)."""
    for tile in TILES:
        if tile.name == name and (colour is None or tile.colour == colour):
            return "tile-" + tile.id
    return None


def _seat(view: Mapping[str, Any]) -> Mapping[str, Any]:
    seats = view.get("seats")
    viewer = view.get("viewer")
    if isinstance(seats, list) and isinstance(viewer, int) and 0 <= viewer < len(seats):
        seat = seats[viewer]
        return seat if isinstance(seat, Mapping) else {}
    return {}


def di_key(view: Mapping[str, Any], name: str) -> list[str]:
    cards = _seat(view).get("di_cards")
    if isinstance(cards, list) and name in cards:
        return [f"di-{cards.index(name)}"]
    return []


def _card(view: Mapping[str, Any], name: str) -> list[str]:
    """A card or figure the seat plays by name: a DI card in hand, a battle card, a companion."""
    if name in BATTLE_KEY and name in (_seat(view).get("battle_cards") or []):
        return [BATTLE_KEY[name]]
    found = di_key(view, name)
    if found:
        return found
    return [COMPANION_KEY[name]] if name in COMPANION_KEY else []


def _resolve(view: Mapping[str, Any], what: str) -> list[str]:
    """`resolve <action>`: the action-board spaces holding a token for that action."""
    if what.startswith("gold "):
        return ["space-gold"]
    match = re.fullmatch(r"acquisition \(slot (\d)\)", what)
    if match:
        return [f"space-acquire-{match.group(1)}"]
    prefix = ACTION_SPACES.get(what)
    if prefix is None:
        return []
    taken = [str(s).rstrip("*") for s in _seat(view).get("spaces") or []]
    held = [f"space-{s}" for s in taken if s.startswith(prefix + "-")]
    return held or [f"space-{s.id}" for s in SPACES if s.action == prefix]


def _god_tile(view: Mapping[str, Any], _name: str) -> list[str]:
    god = _seat(view).get("god")
    name = god.get("name") if isinstance(god, Mapping) else None
    return [GOD_KEY[name]] if name in GOD_KEY else []


def _city(city: str) -> list[str]:
    """A city and its three quarters: the board draws the quarters over the city's area, so a
    click anywhere on the city chooses it."""
    index = CITY_INDEX.get(city)
    quarters = [] if index is None else [ZONES[z].id for z in CITY_QUARTERS[index]]
    return [f"city-{city}", *quarters]


def _team_warrior(view: Mapping[str, Any], verb: str, seat: int) -> list[str]:
    """A team's carried warrior: the seat's own is the plain chip, an ally's has the ally's number
    (the board draws a chip per ally, svg._choice_bar)."""
    chip = f"{'leave' if verb == 'leave' else 'pickup'}-warrior"
    return [chip if seat == view.get("viewer") else f"{chip}-{seat}"] + _movement_at(view)


def _movement_at(view: Mapping[str, Any]) -> list[str]:
    movement = view.get("movement")
    at = movement.get("at") if isinstance(movement, Mapping) else None
    return [at] if isinstance(at, str) else []


Rule = tuple[re.Pattern[str], Callable[[Mapping[str, Any], re.Match[str]], list[str]]]
RULES: list[Rule] = [(re.compile(p), f) for p, f in [
    (r"city (\w+)", lambda v, m: _city(m[1])),
    (r"leave (\S+) empty(?:, seat \d+ joins (?:both troops|(\S+),.*))?",
     lambda v, m: [m[1]] + ([m[2]] if m[2] else [])),
    (r"pyramids (\d/\d/\d)", lambda v, m: [f"layout-{m[1]}"]),
    (r"colour (\w+)", lambda v, m: [f"colour-{m[1]}"]),
    (r"take (.+) \((\w+)\)", lambda v, m: [k for k in [tile_key(m[1], m[2])] if k]),
    (r"acquire the God tile of (.+) for \d+ PP", lambda v, m: _god_tile(v, m[1])),
    (r"acquire (.+) \((\w+) \d\) for \d+ PP", lambda v, m: [k for k in [tile_key(m[1], m[2])] if k]),
    (r"(?:place token|silver token) on (.+)", lambda v, m: [SPACE_KEY[m[1]]] if m[1] in SPACE_KEY else []),
    (r"gold token: (.+) \(\w+\)", lambda v, m: ["space-gold"] + [
        "own-" + k[5:] for k in [tile_key(m[1])] if k]),
    (r"resolve (.+)", lambda v, m: _resolve(v, m[1])),
    (r"attach (.+) to (\S+)(?: in place of .*)?", lambda v, m: _card(v, m[1]) + [m[2]]),
    (r"(?:return|keep) (.+) (?:to|in) supply", lambda v, m: _card(v, m[1])),
    (r"(?:play|commit|discard) (.+)", lambda v, m: _card(v, m[1])),
    (r"raise (\S+) pyramid \d -> \d for \d+ PP", lambda v, m: [m[1]]),
    (r"new (\w+) pyramid in (\S+) 0 -> \d for \d+ PP", lambda v, m: [m[2]]),
    (r"(?:recruit|battle|summon a warrior|gather a warrior) in (\S+)", lambda v, m: [m[1]]),
    (r"hire a mercenary in (\S+)", lambda v, m: ["merc", m[1]]),
    (r"move \w+ from (\S+)", lambda v, m: [m[1]]),
    (r"take (\d+) warriors?", lambda v, m: [f"n-{m[1]}"]),
    (r"take (\d+) of seat (\d+)'s warriors", lambda v, m: [f"seat-{m[2]}", f"n-{m[1]}"]),
    (r"(?:go|retreat) to (\S+)", lambda v, m: [m[1]]),
    (r"teleport to (\S+) for \d+ PP", lambda v, m: [m[1]]),
    (r"(leave|pick up) 1 warrior of seat (\d+) here", lambda v, m: _team_warrior(v, m[1], int(m[2]))),
    (r"(?:leave (.+) here|pick up (.+)|bring (.+))", lambda v, m: _card(v, m[1] or m[2] or m[3])),
    (r"sacrifice 2 warriors for 1 Glory", lambda v, m: ["sanctuary"]),
    (r"sacrifice 1 warrior for 5 PP", lambda v, m: ["delta-temple"]),
    (r"(?:convert (\d+) veterans to PP|buy (\d+) more DI cards)", lambda v, m: [f"n-{m[1] or m[2]}"]),
    (r"take turn position (\d+)", lambda v, m: [f"order-{m[1]}"]),
    (r"seat (\d+) takes turn position (\d+)", lambda v, m: [f"seat-{m[1]}", f"order-{m[2]}"]),
    (r"give 1 (?:PP|veteran token) to seat (\d+)", lambda v, m: [f"seat-{m[1]}"]),
    (r"seat (\d+) (?:defends|takes a veteran token)", lambda v, m: [f"seat-{m[1]}"]),
    (r"seat (\d+) loses (\d+) warriors?", lambda v, m: [f"seat-{m[1]}", f"n-{m[2]}"]),
    (r"embody (.+)", lambda v, m: [GOD_KEY[m[1]]] if m[1] in GOD_KEY else []),
    (r"(?:deploy|place) .+ in (\S+)", lambda v, m: [m[1]]),
]]


def action_places(view: Mapping[str, Any], action_text: str) -> list[str]:
    """The `data-place` keys of the drawing that the action `action_text` involves (source first),
    [] for an action with no place."""
    text = action_text.strip()
    if text in DONE_TEXTS:
        return ["done"]
    if text in CHIP_TEXTS:
        return [CHIP_TEXTS[text]] + (_movement_at(view) if "warrior" in text else [])
    for pattern, places in RULES:
        match = pattern.fullmatch(text)
        if match:
            return places(view, match)
    return []


# ---- the text board's labels (core.game.Game.text_labels) --------------------------------------------

SPACE_NAME = {"space-" + s.id: s.name for s in SPACES} | {"space-gold": "gold token"}
NAMED = (SPACE_NAME | {"tile-" + t.id: t.name for t in TILES}
         | {"own-" + t.id: t.name for t in TILES} | {"comp-" + t.id: t.name for t in TILES}
         | {"battle-" + c.id: c.name for c in BATTLE_CARDS} | {"god-" + g.id: g.name for g in GODS}
         | {"merc": "mercenary bank", "amon-events": "Event deck", "amon-actions": "Action deck"})
#: The choice bar of the drawing: on a text screen the list of actions offers these itself.
CHOICES = re.compile(r"done|n-\d+|layout-\d/\d/\d|recall|retreat|stay|(leave|pickup)-warrior(-\d+)?")
LABEL_RULES: list[tuple[re.Pattern[str], Callable[[Mapping[str, Any], re.Match[str]], str | None]]] = [
    (re.compile(r"colour-(\w+)"), lambda v, m: m[1]),
    (re.compile(r"order-(\d+)"), lambda v, m: f"position {m[1]}"),
    (re.compile(r"seat-(\d+)"), lambda v, m: f"seat {m[1]}"),
    (re.compile(r"di-(\d+)"), lambda v, m: _di_name(v, int(m[1])) or m[0]),
]


def _di_name(view: Mapping[str, Any], index: int) -> str | None:
    cards = _seat(view).get("di_cards")
    return cards[index] if isinstance(cards, list) and 0 <= index < len(cards) else None


def text_label(view: Mapping[str, Any], key: str) -> str | None:
    """Under which text render.py and the components in view show `key` (None: a choice)."""
    if key in NAMED:
        return NAMED[key]
    if CHOICES.fullmatch(key):
        return None
    for pattern, label in LABEL_RULES:
        match = pattern.fullmatch(key)
        if match:
            return label(view, match)
    return key  # a zone, "city-NE": the board prints the id


def text_labels(view: Mapping[str, Any], keys: Iterable[str]) -> dict[str, str | None]:
    return {key: text_label(view, key) for key in keys}
