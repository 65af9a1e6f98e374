"""Theurgy: the board places (the `data-place` keys of games/theurgy/svg.py) a legal action
involves, read from its text and the deciding seat's view.

Keys: a settlement's name (`Forest-2`, `Capital`), a vertex (`V12`), an acolyte
(`acolyte:<seat>:<1|2>`), a monster token on the map or a face-up monster card (`monster:<name>`),
the monster deck (`monster deck`), an action space (`action:<action>`), the seat's miracles
(`miracle:<name>`, Aeoris's supply `supply:<name>`), a hand being looked at (`peek:<name>`), the
miracle discard (`discarded:<name>`), Divine Callings offered (`calling:<name>`), a deity to choose
(`deity:<name>`), a seat's board (`seat:<i>`) and the markers `done`, `pass`, `stop`, `keep`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .render import ACTION_TITLES, acolyte_tag

ACTIONS = ("pilgrimage", "spread the word", "divine intervention", "test the faith")
MARKERS = {"done": "done", "pass": "pass", "stop": "stop", "keep the rest": "keep",
           "summon blind": "monster deck"}


def seat_of(view: Mapping[str, Any], deity: str) -> int | None:
    for i, seat in enumerate(view.get("seats") or []):
        if isinstance(seat, Mapping) and seat.get("deity") == deity:
            return i
    return None


def _me(view: Mapping[str, Any]) -> Any:
    viewer = view.get("viewer")
    return viewer if viewer is not None else view.get("current_player")


def _acolyte(view: Mapping[str, Any], number: str, deity: str | None = None) -> str:
    seat = _me(view) if deity is None else seat_of(view, deity)
    return f"acolyte:{seat}:{number}"


Rule = tuple[re.Pattern[str], Callable[[Mapping[str, Any], re.Match[str]], list[str]]]


def _rule(pattern: str, places: Callable[[Mapping[str, Any], re.Match[str]], list[str]]) -> Rule:
    return re.compile(pattern), places


RULES: tuple[Rule, ...] = (
    # the turn, setup and the map moves (rules.py)
    _rule(r"^choose (?P<d>.+)$", lambda v, m: [f"deity:{m['d']}"]),
    _rule(r"^start in (?P<a>\S+)(?: and (?P<b>\S+))?$", lambda v, m: [m["a"], *([m["b"]] if m["b"] else [])]),
    _rule(r"^faith (?P<v>V\d+) in \S+$", lambda v, m: [m["v"]]),
    _rule(r"^keep (?P<c>.+)$", lambda v, m: [f"calling:{m['c']}"]),
    _rule(r"^move (?:unmoved )?follower (?P<a>\S+) -> (?P<b>\S+)$", lambda v, m: [m["a"], m["b"]]),
    _rule(r"^move acolyte (?P<i>\d) \S+ -> (?P<b>\S+)$", lambda v, m: [_acolyte(v, m["i"]), m["b"]]),
    _rule(r"^acolyte (?P<i>\d) preaches to .+ in (?P<q>\S+)$", lambda v, m: [_acolyte(v, m["i"]), m["q"]]),
    _rule(r"^acolytes? (?P<i>\d)(?:\+2)? fights? (?P<mon>.+) in \S+$",
          lambda v, m: [_acolyte(v, m["i"]), f"monster:{m['mon']}"]),
    _rule(r"^test the faith in (?P<q>\S+)$", lambda v, m: [m["q"]]),
    _rule(r"^(?:place|replace .+|remove .+) faith (?P<v>V\d+)( \(.*\))?$", lambda v, m: [m["v"]]),
    _rule(r"^miracle (?P<c>.+) from supply by acolyte (?P<i>\d) in \S+$",
          lambda v, m: [f"supply:{m['c']}", _acolyte(v, m["i"])]),
    _rule(r"^miracle (?P<c>.+) by acolyte (?P<i>\d) in \S+$",
          lambda v, m: [f"miracle:{m['c']}", _acolyte(v, m["i"])]),
    _rule(r"^activate (?P<mon>.+)$", lambda v, m: [f"monster:{m['mon']}"]),
    _rule(r"^summon (?P<mon>.+)$", lambda v, m: [f"monster:{m['mon']}"]),
    _rule(r"^place (?P<mon>.+) in (?P<q>\S+)$", lambda v, m: [m["q"]]),
    _rule(r"^discard (?P<c>.+)$", lambda v, m: [f"miracle:{m['c']}"]),
    _rule(r"^sceptic -> (?P<q>\S+)$", lambda v, m: [m["q"]]),
    # the steps of miracles and monster abilities (effects.py)
    _rule(r"^(?:convert|remove) .+ in (?P<q>\S+)$", lambda v, m: [m["q"]]),
    _rule(r"^wound (?P<d>.+) acolyte (?P<i>\d) in (?P<q>\S+)$", lambda v, m: [_acolyte(v, m["i"], m["d"]), m["q"]]),
    _rule(r"^(?:bring|send) (?:.+ )?(?P<a>\S+) -> (?P<b>\S+)$", lambda v, m: _send(v, m)),
    _rule(r"^add \d+ sceptics to (?P<q>\S+)$", lambda v, m: [m["q"]]),
    _rule(r"^add follower in (?P<q>\S+)$", lambda v, m: [m["q"]]),
    _rule(r"^(?:take|banish) (?P<mon>.+)$", lambda v, m: [f"monster:{m['mon']}"]),
    _rule(r"^remove own follower in (?P<q>\S+)$", lambda v, m: [m["q"]]),
    _rule(r"^everyone else must (?P<a>.+)$", lambda v, m: [f"action:{m['a']}"]),
    _rule(r"^(?P<d>.+) may not (?P<a>.+)$", lambda v, m: [f"action:{m['a']}", *_seat(v, m["d"])]),
    _rule(r"^look at (?P<d>.+)'s hand$", lambda v, m: _seat(v, m["d"])),
    _rule(r"^.+ discards (?P<c>.+)$", lambda v, m: [f"peek:{m['c']}"]),
    _rule(r"^recall (?P<c>.+)$", lambda v, m: [f"discarded:{m['c']}"]),
    _rule(r"^restore ruin in (?P<q>\S+)$", lambda v, m: [m["q"]]),
    _rule(r"^heal acolyte (?P<i>\d) in \S+$", lambda v, m: [_acolyte(v, m["i"])]),
    _rule(r"^walk to (?P<q>\S+) with \d+ followers?$", lambda v, m: [m["q"]]),
    _rule(r"^fly (?P<mon>.+) -> (?P<q>[^\s(]+)", lambda v, m: [f"monster:{m['mon']}", m["q"]]),
    _rule(r"^use (?P<mon>.+)'s when-summoned ability$", lambda v, m: [f"monster:{m['mon']}"]),
)


def _seat(view: Mapping[str, Any], deity: str) -> list[str]:
    seat = seat_of(view, deity)
    return [] if seat is None else [f"seat:{seat}"]


def _send(view: Mapping[str, Any], found: re.Match[str]) -> list[str]:
    """`send Dryad -> Forest-1` moves a monster (its token, then the settlement); `send Kirjani
    Farmland-2 -> Market-1` and `bring ...` move mortals between two settlements."""
    text = found.string
    monsters = view.get("monsters") or {}
    head = text.split(" -> ")[0].split(" ", 1)[1] if " " in text else ""
    if head in monsters:
        return [f"monster:{head}", found["b"]]
    return [found["a"], found["b"]]


def _monster_move(view: Mapping[str, Any], action_text: str) -> list[str] | None:
    """`move <monster> <from> -> <to>`: the monster's token, then where it goes."""
    if not action_text.startswith("move ") or " -> " not in action_text:
        return None
    left, destination = action_text[len("move "):].rsplit(" -> ", 1)
    name = left.rsplit(" ", 1)[0]
    return [f"monster:{name}", destination] if name in (view.get("monsters") or {}) else None


def action_places(view: Mapping[str, Any], action_text: str) -> list[str]:
    """The places of one action, source first (the piece or card), then its destination."""
    if action_text in MARKERS:
        return [MARKERS[action_text]]
    if action_text in ACTIONS:
        return [f"action:{action_text}"]
    moved = _monster_move(view, action_text)
    if moved is not None:
        return moved
    for pattern, places in RULES:
        found = pattern.match(action_text)
        if found:
            return places(view, found)
    return []


# ---- the text board's labels (core.game.Game.text_labels) --------------------------------------------

#: The markers of the drawing's choice bar: on a text screen the list of actions offers them itself.
CHOICES = frozenset({"done", "pass", "stop", "keep"})
SEAT_KEY = re.compile(r"seat:(\d+)")
ACOLYTE_KEY = re.compile(r"acolyte:(\d+):(\d)")


def _acolyte_label(view: Mapping[str, Any], seat: int, number: int) -> str | None:
    """The map's tag of one acolyte (`@Ki2`)."""
    seats = view.get("seats") or []
    deity = seats[seat].get("deity") if 0 <= seat < len(seats) else None
    return acolyte_tag(deity, number) if deity else None


def text_label(view: Mapping[str, Any], key: str) -> str | None:
    """Under which text render.py and the components in view show `key` (None: a choice): a card,
    monster or deity by its name, a seat as "Seat 1", an acolyte by its map tag, an action by its
    name on the action board line ("Spread the Word")."""
    if key in CHOICES:
        return None
    found = SEAT_KEY.fullmatch(key)
    if found:
        return f"Seat {found[1]}"
    found = ACOLYTE_KEY.fullmatch(key)
    if found:
        return _acolyte_label(view, int(found[1]), int(found[2])) or key
    kind, _, rest = key.partition(":")
    if kind == "action":
        return ACTION_TITLES.get(rest, rest)
    return rest or key  # monster:, miracle:, supply:, peek:, discarded:, calling:, deity:


def text_labels(view: Mapping[str, Any], keys: Iterable[str]) -> dict[str, str | None]:
    return {key: text_label(view, key) for key in keys}
