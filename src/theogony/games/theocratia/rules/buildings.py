"""TC-5.4 .. TC-5.6 the buildings: 4 Factory and 5 Barrack (upgrading a House, with production or
training) and the Pyramid (on a Factory or Barrack of a group of three)."""

from __future__ import annotations

from itertools import combinations

from theogony.core import Action, Event

from ..codes import C_HEX, C_PYR_GROUP, C_PYR_SITE
from ..content import (BARRACK, CIV_NAMES, FACTORY, HEXES, HOUSE, KIND_NAMES, N_HEX, NEIGHBOURS,
                       PLAYER_COLOURS, PYRAMID)
from ..state import Build, PyramidGroup, TheocratiaState, TokenChoice
from .actions import compensate
from .board import hex_crystal_colour, owner, place, produce, remove, round_bonus_id
from .chronicles import turn_page
from .conversion import claimed, with_claims
from .tracks import worship

SUPPLY_CAP = 5


def train(s: TheocratiaState, v: int) -> None:
    """One Warrior of Civ v from its area to its supply (at most SUPPLY_CAP there)."""
    c = s.civs[v]
    if c.warriors > 0 and c.supply < SUPPLY_CAP:
        c.warriors -= 1
        c.supply += 1


def pyramid_sites(s: TheocratiaState, seat: int, v: int) -> list[int]:
    p = s.seats[seat]
    limit = 3 if len(s.seats) == 2 else 2
    if s.civs[v].pyramids <= 0 or p.pyramids_built >= limit:
        return []
    civs, kinds, colours, col = s.hex_civ, s.hex_kind, s.hex_colour, p.colour
    return [h for h in range(N_HEX) if civs[h] == v and kinds[h] in (FACTORY, BARRACK)
            and colours[h] == col and pyramid_groups(s, h)]


def pyramid_groups(s: TheocratiaState, site: int) -> list[tuple[int, int]]:
    """Pairs of buildings forming with `site` a group of 3 mutually adjacent buildings (a triangle
    of hexes, R11) of the same Civ (no Fortress, no Pyramid)."""
    v = s.hex_civ[site]
    near = sorted(n for n in NEIGHBOURS[site]
                  if s.hex_civ[n] == v and HOUSE <= s.hex_kind[n] <= BARRACK)
    return [(b, c) for b, c in combinations(near, 2) if c in NEIGHBOURS[b]]


def upgrade_actions(s: TheocratiaState, f: Build) -> list[Action]:
    col = s.seats[f.seat].colour
    return [Action(f"{KIND_NAMES[f.piece].lower()} on {HEXES[h].id}", C_HEX + h, ("upgrade", h))
            for h in range(N_HEX) if s.hex_civ[h] == f.civ and s.hex_kind[h] == HOUSE
            and s.hex_colour[h] == col]


def build_legal(s: TheocratiaState, f: Build) -> list[Action]:
    if f.token_upgrade:  # token upgrade: Houses only, no Pyramid
        return with_claims(s, f, upgrade_actions(s, f))
    c = s.civs[f.civ]
    avail = c.factories if f.piece == FACTORY else c.barracks
    out = upgrade_actions(s, f) if avail > 0 else []
    for h in pyramid_sites(s, f.seat, f.civ):
        out.append(Action(f"pyramid on {HEXES[h].id}", C_PYR_SITE + h, ("pyramid", h)))
    return with_claims(s, f, out)


def build_apply(s: TheocratiaState, f: Build, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    s.stack.pop()
    h = a.data[1]
    if a.data[0] == "pyramid":
        s.stack.append(PyramidGroup(seat=f.seat, civ=f.civ, site=h))
        return
    upgrade(s, f.seat, f.civ, h, f.piece, f.token_upgrade, events)


def upgrade(s: TheocratiaState, seat: int, v: int, h: int, kind: int, by_token: bool,
            events: list[Event]) -> None:
    """Replace the House on h with a Factory/Barrack: for the action all of them produce / train;
    for a Pyramid token's upgrade only the new one."""
    p = s.seats[seat]
    remove(s, h)
    place(s, v, h, kind, seat, events)
    events.append(Event("build", f"{PLAYER_COLOURS[p.colour]} builds a {CIV_NAMES[v]} "
                        f"{KIND_NAMES[kind]} on {HEXES[h].id}", seat))
    if kind == FACTORY:
        produce(s, v, p.colour)
        if not by_token:
            for x in range(N_HEX):
                if x != h and s.hex_kind[x] == FACTORY:
                    if s.hex_colour[x] == p.colour:
                        produce(s, s.hex_civ[x], p.colour)
                    elif s.hex_civ[x] == v:
                        produce(s, v, hex_crystal_colour(s, x))
    else:
        n = 1 if by_token else sum(1 for x in range(N_HEX) if s.hex_civ[x] == v
                                   and s.hex_kind[x] == BARRACK)
        for _ in range(n):
            train(s, v)


def pyramid_legal(s: TheocratiaState, f: PyramidGroup) -> list[Action]:
    return with_claims(s, f, [Action(f"remove {HEXES[b].id} and {HEXES[c].id}",
                                     C_PYR_GROUP + b * N_HEX + c, ("group", b, c))
                              for b, c in pyramid_groups(s, f.site)])


def pyramid_apply(s: TheocratiaState, f: PyramidGroup, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    s.stack.pop()
    seat, v, site = f.seat, f.civ, f.site
    p = s.seats[seat]
    victims = []
    for h in (a.data[1], a.data[2]):
        victims.append((owner(s, h), s.hex_kind[h]))
        remove(s, h)
    remove(s, site)
    place(s, v, site, PYRAMID, -1, events)
    p.pyramids_built += 1
    events.append(Event("pyramid", f"{PLAYER_COLOURS[p.colour]} builds a {CIV_NAMES[v]} Pyramid on "
                        f"{HEXES[site].id}", seat))
    worship(s, seat, v, 1, events)
    turn_page(s, v, events)
    if round_bonus_id(s) == "pyramid":
        worship(s, seat, v, 1, events)
    for victim, kind in victims:
        if victim >= 0 and victim != seat:
            compensate(s, victim, v, kind, False, events)
    if s.tokens:
        s.stack.append(TokenChoice(seat=seat, civ=v))
