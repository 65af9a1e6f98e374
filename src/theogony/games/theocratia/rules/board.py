"""TC-1 the board and its pieces: placing and removing buildings, production of Crystals, and
the board queries the rules share (whose a hex is, a Civ's size, where it can grow)."""

from __future__ import annotations

from theogony.core import Event

from ..content import (BARRACK, BONUS_IDS, EMPTY, FACTORY, GREEN, HOUSE, N_HEX, NEIGHBOURS,
                       PYRAMID, VOLCANO)
from ..state import TheocratiaState
from .tracks import worship

BONUS_OF_KIND = {HOUSE: "expansion", FACTORY: "factory", BARRACK: "barrack", PYRAMID: "pyramid"}


def round_bonus_id(s: TheocratiaState) -> str:
    """TC-7.1 the id of the current round's Bonus card."""
    return BONUS_IDS[s.round_bonus[s.round - 1]]


def frontier(s: TheocratiaState, v: int) -> list[int]:
    """Empty hexes (no piece, not Volcano/Fortress) adjacent to a building of Civ v."""
    civs, kinds, colours = s.hex_civ, s.hex_kind, s.hex_colour  # locals: a hot path
    out = []
    seen = set()
    for h in range(N_HEX):
        if civs[h] == v:
            for n in NEIGHBOURS[h]:
                if n not in seen and kinds[n] == EMPTY and colours[n] > VOLCANO:
                    seen.add(n)
                    out.append(n)
    out.sort()
    return out


def owner(s: TheocratiaState, h: int) -> int:
    c = s.hex_colour[h]
    return s.colour_seat[c] if c >= 0 else -1


def civ_size(s: TheocratiaState, v: int) -> int:
    return sum(1 for h in range(N_HEX) if s.hex_civ[h] == v and s.hex_kind[h] != PYRAMID)


def houses_on_board(s: TheocratiaState, v: int) -> int:
    return sum(1 for h in range(N_HEX) if s.hex_civ[h] == v and s.hex_kind[h] == HOUSE)


def hex_crystal_colour(s: TheocratiaState, h: int) -> int:
    c = s.hex_colour[h]
    return c if c >= 0 else GREEN  # neutral hexes (plains, desert) give Green (ruling R7)


def produce(s: TheocratiaState, v: int, colour: int) -> None:
    if s.reserve[colour] > 0:
        s.reserve[colour] -= 1
        s.civs[v].crystals[colour] += 1


def place(s: TheocratiaState, v: int, h: int, kind: int, seat: int, events: list[Event]) -> None:
    """Put a piece of Civ v on hex h (taking it from the Civ area); a House/any building takes
    the hex's Crystal into the Civ area (TC-5.3). `seat` >= 0 builds it for the Round Bonus."""
    c = s.civs[v]
    if kind == HOUSE:
        c.houses -= 1
    elif kind == FACTORY:
        c.factories -= 1
    elif kind == BARRACK:
        c.barracks -= 1
    elif kind == PYRAMID:
        c.pyramids -= 1
    s.hex_civ[h] = v
    s.hex_kind[h] = kind
    if s.hex_crystal[h] >= 0:
        c.crystals[s.hex_crystal[h]] += 1
        s.hex_crystal[h] = -1
    if seat >= 0 and round_bonus_id(s) == BONUS_OF_KIND.get(kind):
        worship(s, seat, v, 1, events)  # TC-7.1


def remove(s: TheocratiaState, h: int) -> None:
    v = s.hex_civ[h]
    kind = s.hex_kind[h]
    if v >= 0:
        c = s.civs[v]
        if kind == HOUSE:
            c.houses += 1
        elif kind == FACTORY:
            c.factories += 1
        elif kind == BARRACK:
            c.barracks += 1
    s.hex_civ[h] = -1
    s.hex_kind[h] = EMPTY
