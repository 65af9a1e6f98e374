"""Position builders for Kemet scenario tests."""

from __future__ import annotations

import theogony
from theogony.games.kemet.content import (AMBER, BATTLE_INDEX, COMPANIONS, DI_INDEX, TILE_INDEX,
                                          ZONE_INDEX)
from theogony.games.kemet.rules import acquire, board
from theogony.games.kemet.state import KemetFrame, KemetState, TurnStep

GAME = theogony.load("kemet")


def Z(zid: str) -> int:
    return ZONE_INDEX[zid]


def setup_done(players: int = 2, seed: int = 0, variant: dict | None = None) -> KemetState:
    """A game whose setup was played with the first legal choice each time."""
    s = GAME.new_state(players, seed, variant or {})
    while step_of(s) != "turn":
        s.apply(s.legal_actions()[0])
    return s


def blank(players: int = 2, seed: int = 0, variant: dict | None = None) -> KemetState:
    """After setup, the board is emptied of troops and pyramids (and the amber tile is taken off
    the market); cities stay assigned.
    Seat order is reset to 0, 1, ... and seat 0 is to play its first token."""
    s = setup_done(players, seed, variant)
    for z in range(len(s.owner)):
        s.owner[z] = -1
        s.count[z] = 0
        s.pyr_level[z] = 0
        s.pyr_colour[z] = -1
    for pl in s.ps:
        pl.supply = 12
        pl.slots = [-1, -1, -1]
        pl.tiles = []
        pl.mods = [0] * len(pl.mods)
        pl.pp = 7
        pl.di = [DI_INDEX["distraction"]]
    for t in AMBER:  # the amber tile is off the market unless a test offers it (KM-1.12)
        s.market[t] = 0
    for k in range(len(s.comp_loc)):
        s.comp_loc[k] = -3
        s.comp_owner[k] = -1
    s.order = list(range(players))
    s.pos = 0
    s.cur = 0
    set_step(s, TurnStep)
    return s


def city_q(s: KemetState, p: int, i: int) -> int:
    """Quarter i (1..3) of seat p's city."""
    return board.quarters_of(s, p)[i - 1]


def put(s: KemetState, zone: int | str, p: int, n: int) -> None:
    z = Z(zone) if isinstance(zone, str) else zone
    s.owner[z] = p
    s.count[z] = n
    s.ps[p].supply -= n


def give(s: KemetState, p: int, tile_id: str) -> int:
    t = TILE_INDEX[tile_id]
    s.market[t] = max(s.market[t], 1)
    acquire.gain_tile(s, p, t, [])
    return t


def comp(tile_id: str) -> int:
    return COMPANIONS.index(TILE_INDEX[tile_id])


def di(card_id: str) -> int:
    return DI_INDEX[card_id]


def bc(card_id: str) -> int:
    return BATTLE_INDEX[card_id]


def texts(s: KemetState) -> list[str]:
    return [a.text for a in s.legal_actions()]


def play(s: KemetState, *actions: str) -> list:
    events = []
    for a in actions:
        events += s.apply(a)
    return events


def council(s: KemetState, discard: str | None, card: str, dis: tuple[str, ...] = ()) -> list:
    """One side's war council: discard face down, keep a card, commit DI cards."""
    ev = []
    if discard is not None:
        ev += s.apply(f"discard {discard}")
    ev += s.apply(f"play {card}")
    for d in dis:
        ev += s.apply(f"commit {d}")
    if s.bt is not None and s.bt.stage in ("a_di", "d_di"):
        ev += s.apply("commit no more cards")
    return ev


def set_step(s: KemetState, step: type[KemetFrame]) -> None:
    """Put the game at `step` (a frame class), decided by seat `s.cur`: a test's set-up."""
    s.stack[:] = [step(s.cur)]


def step_of(s: KemetState) -> str:
    """The pending step's decision kind ("over" once the game has ended)."""
    return board.step_kind(s)
