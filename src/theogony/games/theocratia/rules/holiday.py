"""TC-5.8 Holiday: Cosmo and Crystals spent for Worship (the Crystals chosen one by one where
the choice matters)."""

from __future__ import annotations

from theogony.core import Action, Event

from ..codes import C_CRYSTAL
from ..content import BLACK, CIV_NAMES, CRYSTAL_NAMES, N_HEX, PLAYER_COLOURS, PYRAMID
from ..state import Holiday, TheocratiaState
from .board import civ_size, houses_on_board, round_bonus_id
from .chronicles import chronicle
from .conversion import claimed, with_claims
from .tracks import cosmo, malus, worship


def holiday_possible(s: TheocratiaState, seat: int, v: int, bonus_cosmo: int) -> bool:
    size = civ_size(s, v)
    return (min(10, s.seats[seat].cosmo + bonus_cosmo) >= size
            and sum(s.civs[v].crystals) >= size)


def start_holiday(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    size = civ_size(s, v)
    cosmo(s, seat, -size)
    f = Holiday(seat=seat, civ=v, left=size)
    s.stack.append(f)
    _autofill(s, f, events)


def _autofill(s: TheocratiaState, f: Holiday, events: list[Event]) -> None:
    """Choose the Crystals that leave no choice; finish the Holiday when all are chosen."""
    c = s.civs[f.civ]
    while f.left > 0:
        left = [c.crystals[x] - f.spent[x] for x in range(6)]
        kinds = [x for x in range(6) if left[x] > 0]
        if sum(left) == f.left:
            for x in kinds:
                f.spent[x] += left[x]
            f.left = 0
        elif len(kinds) == 1:
            f.spent[kinds[0]] += f.left
            f.left = 0
        else:
            return
    s.stack.pop()
    _finish(s, f.seat, f.civ, f.spent, events)


def holiday_legal(s: TheocratiaState, f: Holiday) -> list[Action]:
    c = s.civs[f.civ]
    return with_claims(s, f, [Action(f"spend {CRYSTAL_NAMES[x]} crystal", C_CRYSTAL + x,
                                     ("crystal", x))
                              for x in range(6) if c.crystals[x] - f.spent[x] > 0])


def holiday_apply(s: TheocratiaState, f: Holiday, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    f.spent[a.data[1]] += 1
    f.left -= 1
    _autofill(s, f, events)


def _finish(s: TheocratiaState, seat: int, v: int, spent: list[int], events: list[Event]) -> None:
    c = s.civs[v]
    p = s.seats[seat]
    items = []
    for x in range(6):
        c.crystals[x] -= spent[x]
        items.extend([x] * spent[x])
        if x < 4 and x != p.colour and s.colour_seat[x] >= 0:
            worship(s, s.colour_seat[x], v, spent[x], events)
        elif x == BLACK:
            malus(s, seat, spent[x])
    chronicle(s, v, items, events)
    gain = houses_on_board(s, v) + 1
    worship(s, seat, v, gain, events)
    for other in range(len(s.seats)):  # Pyramid owners (the declarer included)
        col = s.seats[other].colour
        if any(s.hex_civ[h] == v and s.hex_kind[h] == PYRAMID and s.hex_colour[h] == col
               for h in range(N_HEX)):
            worship(s, other, v, 1, events)
    if round_bonus_id(s) == "holiday_war":
        worship(s, seat, v, 1, events)
    events.append(Event("holiday", f"{PLAYER_COLOURS[p.colour]} declares Holiday with "
                        f"{CIV_NAMES[v]}: spends {sum(spent)} Cosmo and Crystals, gains {gain} "
                        "Worship", seat))
