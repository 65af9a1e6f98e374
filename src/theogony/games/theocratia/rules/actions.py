"""TC-5 the actions a die gives: 1 First Player, 2 War/Convert (with the Compensation of its
victims) and 3 Expand. The buildings (4 Factory, 5 Barrack, the Pyramid) are in buildings.py,
the Holiday in holiday.py."""

from __future__ import annotations

from theogony.core import Action, Event

from ..codes import C_CONVERT, C_DRAWCARD, C_ERB, C_HEX
from ..content import (BARRACK, CIV_NAMES, FACTORY, HEXES, HOUSE, KIND_NAMES, MONSTER_DESERT,
                       MONSTER_PLAIN, N_HEX, PLAYER_COLOURS, WARRIOR)
from ..state import Expand, FirstPlayerChoice, TheocratiaState, War
from .board import frontier, owner, place, remove, round_bonus_id
from .chronicles import chronicle
from .conversion import claimed, with_claims
from .power_cards import draw
from .tracks import cosmo, worship

WAR_COST = {MONSTER_PLAIN: 1, MONSTER_DESERT: 1, HOUSE: 2, FACTORY: 3, BARRACK: 3}


# ---- 1 First Player (TC-5.1) ------------------------------------------------------------------

def first_player(s: TheocratiaState, seat: int, events: list[Event]) -> None:
    s.next_first = seat
    events.append(Event("first", f"{PLAYER_COLOURS[s.seats[seat].colour]} takes the Next round "
                        "First Player token", seat))
    if s.erb_holder < 0:
        s.stack.append(FirstPlayerChoice(seat=seat))
    else:
        draw(s, seat, events)
        cosmo(s, seat, 1)


def first_legal(s: TheocratiaState, f: FirstPlayerChoice) -> list[Action]:
    return with_claims(s, f, [Action("take the End Round Bonus card", C_ERB, ("erb",)),
                              Action("draw a Power card", C_DRAWCARD, ("draw",))])


def first_apply(s: TheocratiaState, f: FirstPlayerChoice, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    s.stack.pop()
    if a.data[0] == "erb":
        s.erb_holder = f.seat
        events.append(Event("erb", f"{PLAYER_COLOURS[s.seats[f.seat].colour]} takes the End "
                            f"Round Bonus card ({CIV_NAMES[s.erb_die]})", f.seat))
    else:
        draw(s, f.seat, events)
    cosmo(s, f.seat, 1)


# ---- 2 War / Convert (TC-5.2) -----------------------------------------------------------------

def war_possible(s: TheocratiaState, seat: int, v: int) -> bool:
    """Fast check that war_targets is not empty (hot path of the die assignment)."""
    supply = s.civs[v].supply
    if supply <= 0:
        return False
    col = s.seats[seat].colour
    kinds, civs, cols = s.hex_kind, s.hex_civ, s.hex_colour
    for h in range(N_HEX):
        cost = WAR_COST.get(kinds[h])
        if cost is not None and cost <= supply and (
                cost == 1 or (civs[h] != v and cols[h] != col)):
            return True
    return False


def war_targets(s: TheocratiaState, seat: int, v: int) -> list[Action]:
    supply = s.civs[v].supply
    if supply <= 0:
        return []
    p = s.seats[seat]
    out = []
    for h in range(N_HEX):
        kind = s.hex_kind[h]
        cost = WAR_COST.get(kind)
        if cost is None or cost > supply:
            continue
        if kind in (HOUSE, FACTORY, BARRACK):
            if s.hex_civ[h] == v or s.hex_colour[h] == p.colour:
                continue
        out.append(Action(f"attack {KIND_NAMES[kind]} on {HEXES[h].id}", C_HEX + h, ("attack", h)))
        if kind in (HOUSE, FACTORY, BARRACK):
            neutral = s.hex_colour[h] < 0
            for t in range(4):
                if p.tiles[t] == 2 and (t > 0 or neutral):
                    out.append(Action(f"convert {KIND_NAMES[kind]} on {HEXES[h].id} with tile {t}",
                                      C_CONVERT + t * N_HEX + h, ("convert", h, t)))
    return out


def war_legal(s: TheocratiaState, f: War) -> list[Action]:
    return with_claims(s, f, war_targets(s, f.seat, f.civ))


def war_apply(s: TheocratiaState, f: War, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    s.stack.pop()
    seat, v = f.seat, f.civ
    h = a.data[1]
    kind = s.hex_kind[h]
    cost = WAR_COST[kind]
    target_civ = s.hex_civ[h]
    victim = owner(s, h)
    name = PLAYER_COLOURS[s.seats[seat].colour]
    s.civs[v].supply -= cost
    if a.data[0] == "convert":
        t = a.data[2]
        s.seats[seat].tiles[t] = 3
        s.hex_colour[h] = s.seats[seat].colour
        events.append(Event("convert", f"{name} converts the {CIV_NAMES[target_civ]} "
                            f"{KIND_NAMES[kind]} on {HEXES[h].id} with {CIV_NAMES[v]}", seat))
    else:
        remove(s, h)
        events.append(Event("war", f"{name} attacks the {KIND_NAMES[kind]} on {HEXES[h].id} with "
                            f"{CIV_NAMES[v]}", seat))
    chronicle(s, v, [WARRIOR] * cost, events)
    if kind in (MONSTER_PLAIN, MONSTER_DESERT):
        draw(s, seat, events, v)
    worship(s, seat, v, 1, events)
    barrack_colours = {c for cv, k, c in zip(s.hex_civ, s.hex_kind, s.hex_colour)
                       if cv == v and k == BARRACK}
    for other in range(len(s.seats)):  # Barrack owners of the Civ (the attacker included)
        if s.seats[other].colour in barrack_colours:
            worship(s, other, v, 1, events)
    if round_bonus_id(s) == "holiday_war":
        worship(s, seat, v, 1, events)
    if victim >= 0 and victim != seat and target_civ >= 0:  # Compensation TC-5.2.6
        compensate(s, victim, target_civ, kind, a.data[0] == "convert", events)


def compensate(s: TheocratiaState, victim: int, civ: int, kind: int, converted: bool,
               events: list[Event]) -> None:
    """TC-5.2.6 the owner of a building lost to War, a Conversion or a Pyramid is compensated."""
    worship(s, victim, civ, 1, events)
    if kind in (FACTORY, BARRACK):
        draw(s, victim, events, civ)
    if converted:
        tiles = s.seats[victim].tiles
        for t in (3, 2, 1):
            if tiles[t] in (0, 1):
                tiles[t] = 2
                break
    events.append(Event("compensation", f"{PLAYER_COLOURS[s.seats[victim].colour]} is compensated",
                        victim))


# ---- 3 Expand (TC-5.3) -- also used by tokens and the End Round Bonus card ---------------------

def expand_possible(s: TheocratiaState, seat: int, v: int) -> bool:
    p = s.seats[seat]
    held = [t for t in range(4) if p.tiles[t] == 2]
    for h in frontier(s, v):
        col = s.hex_colour[h]
        if col == p.colour or (held and (col < 0 or max(held) > 0)):
            return True
    return False


def expand_actions(s: TheocratiaState, seat: int, v: int, piece: int) -> list[Action]:
    """Where `seat` may build a `piece` of Civ v: its own empty hexes next to the Civ, or any
    other one a held Conversion tile converts (tile 0 converts neutral hexes only)."""
    p = s.seats[seat]
    out = []
    front = frontier(s, v)
    held = [t for t in range(4) if p.tiles[t] == 2]
    name = KIND_NAMES[piece].lower()
    for h in front:
        col = s.hex_colour[h]
        if col == p.colour:
            out.append(Action(f"{name} on {HEXES[h].id}", C_HEX + h, ("build", h, -1)))
        else:
            for t in held:
                if t > 0 or col < 0:
                    out.append(Action(f"convert {HEXES[h].id} with tile {t} and build a "
                                      f"{name}", C_CONVERT + t * N_HEX + h, ("build", h, t)))
    return out


def expand_legal(s: TheocratiaState, f: Expand) -> list[Action]:
    return with_claims(s, f, expand_actions(s, f.seat, f.civ, f.piece))


def expand_apply(s: TheocratiaState, f: Expand, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    s.stack.pop()
    seat, v = f.seat, f.civ
    _, h, t = a.data
    p = s.seats[seat]
    if t >= 0:
        p.tiles[t] = 3
        s.hex_colour[h] = p.colour
    place(s, v, h, f.piece, seat, events)
    events.append(Event("build", f"{PLAYER_COLOURS[p.colour]} builds a {CIV_NAMES[v]} "
                        f"{KIND_NAMES[f.piece]} on {HEXES[h].id}", seat))
