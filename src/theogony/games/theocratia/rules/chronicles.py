"""TC-13 the Chronicles: Warriors and Crystals written on a Civ's visible page, full pages turned."""

from __future__ import annotations

from theogony.core import Event

from ..content import CIV_NAMES, LAST_PAGE, PAGE_SPACES, WARRIOR
from ..state import TheocratiaState


def chronicle(s: TheocratiaState, v: int, items: list[int], events: list[Event]) -> None:
    """TC-13.2 write Warriors/Crystals on the visible page, turning full pages."""
    c = s.civs[v]
    for item in items:
        if PAGE_SPACES[c.page] == 0:  # the last page has no spaces: the item goes back
            _return_item(s, v, item)
            continue
        c.items.append(item)
        if len(c.items) >= PAGE_SPACES[c.page]:
            turn_page(s, v, events)


def _return_item(s: TheocratiaState, v: int, item: int) -> None:
    if item == WARRIOR:
        s.civs[v].warriors += 1
    else:
        s.reserve[item] += 1


def turn_page(s: TheocratiaState, v: int, events: list[Event]) -> None:
    c = s.civs[v]
    for item in c.items:
        _return_item(s, v, item)
    c.items = []
    if c.page < LAST_PAGE:
        c.page += 1
        events.append(Event("chronicle", f"{CIV_NAMES[v]} Chronicles turn to page {c.page}",
                            actor=Event.BY_GAME))
