"""TC-11 Conversion tiles: claiming an unlocked tile for 2 Cosmo, at any decision of one's own
turn (R15); the decision in progress stays pending."""

from __future__ import annotations

from theogony.core import Action, Event

from ..codes import C_CLAIM
from ..content import PLAYER_COLOURS
from ..state import TheocratiaFrame, TheocratiaState
from .tracks import cosmo


def with_claims(s: TheocratiaState, f: TheocratiaFrame, actions: list[Action]) -> list[Action]:
    """`actions` plus the tile claims open to the frame's seat when it is that seat's turn."""
    if f.seat != s.turn_seat():
        return actions
    p = s.seats[f.seat]
    if p.cosmo < 2:
        return actions
    return actions + [Action(f"claim conversion tile {t}", C_CLAIM + t, ("claim", t))
                      for t in (1, 2, 3) if p.tiles[t] == 1]


def claimed(s: TheocratiaState, f: TheocratiaFrame, a: Action, events: list[Event]) -> bool:
    """Carry out `a` if it is a tile claim (TC-11.3); whether it was."""
    if a.data[0] != "claim":
        return False
    t = a.data[1]
    p = s.seats[f.seat]
    p.tiles[t] = 2
    cosmo(s, f.seat, -2)
    events.append(Event("claim", f"{PLAYER_COLOURS[p.colour]} claims Conversion tile {t}", f.seat))
    return True
