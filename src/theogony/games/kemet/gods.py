"""Kemet module Gods of Egypt (rulebook section 6; rule ids KM-G… in docs/rules/kemet.md).

The module runs on the classic state with one extra field, `KemetState.gods` (a `GodData`, None
when the module is off). A God on the board is an ordinary troop of the shared troop code paths:
`owner[z]` is its seat and `count[z]` its remaining Life Points (so battle losses, control,
temporary Glory and night sacrifices need no second bookkeeping); `GodData.zone` says which of a
seat's troops is its God. While it moves or attacks, its LP ride in `Move.carried` /
`Battle.att_count` exactly like warriors. This module holds the data; the rules are in `rules/gods.py`."""

from __future__ import annotations

from dataclasses import dataclass

TILE = -1          # the God figure stands on its God tile (its owner's supply)
MOVING = -2        # with the moving or attacking group (same value as state.MOVING)
PENDING = -10      # deployed by a recruitment into an enemy-held quarter q: PENDING - q
GOD_COST = 4       # KM-G4.3: the God tile always costs 4 PP
ASCENSION = 4      # KM-G1.2: the Ascension marker's Glory (7 in team mode)
ASCENSION_TEAM = 7


@dataclass(slots=True)
class GodData:
    god: list[int]        # per seat: the God it embodies (-1 not chosen yet)
    zone: list[int]       # per seat: zone of its God figure, TILE, MOVING or PENDING - q
    active: list[bool]    # per seat: its God tile has been acquired (KM-G4)
    ascended: bool        # KM-G1.2: some player (team) has reached the Ascension marker


def new(players: int) -> GodData:
    return GodData([-1] * players, [TILE] * players, [False] * players, False)
