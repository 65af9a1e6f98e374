"""Teomachia: the board places (the `data-place` keys of games/teomachia/svg.py) a legal action
involves, read from its text and the deciding seat's view.

Keys: `hand:<card>` (the seat's hand), `draft:<card>`, `picked:<card>`, `track:<1-6>`,
`prayer deck`, `deity:<name>`, `myth:<name>` (laid-out myths), `myth top`, `myth deck`,
`token:<prophet|priest|faithful>` (the seat's community), `stake`, `power` (where power is
laid out), `discard`,
`seat:<i>` (a seat's board, as a target) and the markers `wait`, `call`, `withdraw`, `pass`,
`end turn`, `done`, `leave`."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from .content import DEITY_ID_BY_NAME

MARKERS = {"wait": "wait", "withdraw": "withdraw", "pass": "pass", "end turn": "end turn",
           "done": "done", "leave myth deck": "leave", "call": "call",
           "take top of prayer deck": "prayer deck", "cycle myth deck": "myth deck"}
TARGET = re.compile(r"^(?P<what>.+?) (?:on|against) seat (?P<seat>\d+)$")
TAKE = re.compile(r"^take .+ from slot (?P<slot>\d+)$")
TOP = re.compile(r"^put (?P<card>.+) on top of the discard pile$")


def _targeted(rest: str) -> tuple[str, list[str]]:
    """`X on seat 2` -> ("X", ["seat:2"]); an untargeted text keeps no seat."""
    found = TARGET.match(rest)
    return (found["what"], [f"seat:{found['seat']}"]) if found else (rest, [])


def _use(rest: str) -> list[str]:
    name, seats = _targeted(rest)
    return [f"deity:{name}" if name in DEITY_ID_BY_NAME else f"myth:{name}", *seats]


def _by_prefix(view: Mapping[str, Any], action_text: str) -> list[str]:
    for prefix, key in (("pick ", "draft"), ("set aside ", "picked"), ("respond ", "hand")):
        if action_text.startswith(prefix):
            return [f"{key}:{action_text[len(prefix):]}"]
    if action_text.startswith("choose "):
        return [f"deity:{action_text[len('choose '):]}"]
    if action_text.startswith("raise "):
        return [f"token:{action_text[len('raise '):]}", "stake"]
    if action_text.startswith("lay out "):
        return [f"hand:{action_text[len('lay out '):]}", "power"]
    if action_text.startswith("play "):
        card, seats = _targeted(action_text[len("play "):])
        return [f"hand:{card}", *seats]
    if action_text.startswith("use "):
        return _use(action_text[len("use "):])
    if action_text.startswith("add hero "):
        hero, seats = _targeted(action_text[len("add hero "):])
        return [f"myth:{hero}", "stake", *seats]
    if action_text.startswith("buy "):
        return ["myth top"]
    return []


def action_places(view: Mapping[str, Any], action_text: str) -> list[str]:
    """The places of one action, source first (the card or token), then its destination."""
    if action_text in MARKERS:
        return [MARKERS[action_text]]
    take = TAKE.match(action_text)
    if take:
        return [f"track:{take['slot']}"]
    top = TOP.match(action_text)
    if top:
        return [f"hand:{top['card']}", "discard"]
    return _by_prefix(view, action_text)


# ---- the text board's labels (core.game.Game.text_labels) --------------------------------------------

#: The markers of the drawing's choice bar: on a text screen the list of actions offers them itself.
CHOICES = frozenset({"wait", "call", "withdraw", "pass", "end turn", "done", "leave"})
FIXED_LABELS = {"prayer deck": "prayer deck", "myth deck": "myth deck", "stake": "stake",
                "power": "power", "discard": "discard"}


def _myth_top(view: Mapping[str, Any]) -> str | None:
    seats, viewer = view.get("seats") or [], view.get("viewer")
    if isinstance(viewer, int) and 0 <= viewer < len(seats):
        return seats[viewer].get("myth_top")
    return None


def text_label(view: Mapping[str, Any], key: str) -> str | None:
    """Under which text render.py and the components in view show `key` (None: a choice): a card
    by its name, a track slot as "slot 3", a seat as "Seat 1", a token by its kind."""
    if key in CHOICES:
        return None
    if key in FIXED_LABELS:
        return FIXED_LABELS[key]
    if key == "myth top":
        return _myth_top(view) or "myth deck"
    kind, _, rest = key.partition(":")
    if kind == "track":
        return f"slot {rest}"
    if kind == "seat":
        return f"Seat {rest}"
    return rest or key  # hand:, draft:, picked:, deity:, myth:, token: name the card or token


def text_labels(view: Mapping[str, Any], keys: Iterable[str]) -> dict[str, str | None]:
    return {key: text_label(view, key) for key in keys}
