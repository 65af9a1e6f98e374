"""Kemet team mode (rulebook section 4; rule ids KM-T… in docs/rules/kemet.md).

Team mode runs on the classic state with one extra field, `KemetState.team` (a `TeamData`,
None in the classic game). In team mode the per-seat composition of every troop is authoritative
(`TeamData.w`, zone × seat); the classic `owner` / `count` arrays stay in step with it: `count` is
the troop's size and `owner` one seat with warriors there (the troop's *lead*). The moving or
attacking group's composition is `TeamData.carry`.

This module holds the data; the team rules are in `rules/team.py`."""

from __future__ import annotations

from dataclasses import dataclass

from theogony.core import Rng

from .content import NZ

TEAM_WIN_GLORY = 12     # KM-T9
MIXED_LIMIT = 5         # KM-T2.2: no effect raises the limit of a mixed troop
# kind -> (players, allies per team)
TEAM_KINDS = {"2v2": (4, 2), "2v2v2": (6, 2), "3v3": (6, 3)}
# companion locations (the same values as state.SUPPLY / state.MOVING; checked by a test)
_SUPPLY = -1
_MOVING = -2


@dataclass(slots=True)
class TeamData:
    size: int              # allies per team (2 or 3)
    team_of: list[int]     # per seat: its team
    w: list[int]           # per zone * players + seat: that seat's warriors in the zone's troop
    carry: list[int]       # per seat: warriors in the moving or attacking group
    tally: list[int]       # movement set-up: allies whose warriors may still join the group
    gather: int            # warriors still to place with the Gather card (0: not gathering)
    dq: list[int]          # Destiny: teams still to place a turn-order marker, in order
    after: list[list[int]]  # battle, after the reveal: [decision, side, n] still to take (KM-T8.4/8.5)
    lost: list[int]        # battle loss split in progress: per seat, warriors named lost (-1: not yet)


# ---------------------------------------------------------------------------- setup

def form_teams(players: int, kind: str, rng: Rng) -> tuple[TeamData, list[int]]:
    """KM-T3.1: random teams; the teams' first markers in random order, then the second (and
    third) markers in the same team order, so two allies never play one after another."""
    _, size = TEAM_KINDS[kind]
    seats = list(range(players))
    rng.shuffle(seats)
    nteams = players // size
    members = [seats[t * size:(t + 1) * size] for t in range(nteams)]
    team_of = [0] * players
    for t, ms in enumerate(members):
        for s in ms:
            team_of[s] = t
    team_order = list(range(nteams))
    rng.shuffle(team_order)
    order = [members[t][b] for b in range(size) for t in team_order]
    td = TeamData(size=size, team_of=team_of, w=[0] * (NZ * players), carry=[0] * players,
                  tally=[], gather=0, dq=[], after=[], lost=[])
    return td, order

TEAM_STAGES = ("defender", "split", "vets")   # team battle decisions (bt.stage)
