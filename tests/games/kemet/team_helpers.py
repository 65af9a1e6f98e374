"""Position builders for Kemet team-mode scenario tests (KM-T…)."""

from __future__ import annotations

from theogony.games.kemet.rules import team as T

from .helpers import Z, blank

TEAM = {"mode": "team", "teams": "2v2"}


def tblank(players: int = 4, kind: str = "2v2") -> object:
    """A team game after setup with an emptied board and a fixed line-up: seat p owns the p-th
    city in play (4 players: 0 NW, 1 NE, 2 SW, 3 SE); teams are seats with equal p % (teams),
    i.e. 2v2: {0, 2} and {1, 3}; 2v2v2: {0, 3}, {1, 4}, {2, 5}; 3v3: {0, 2, 4} and {1, 3, 5}.
    The turn order is 0, 1, 2, ... and seat 0 is to place its first token."""
    s = blank(players, 0, {"mode": "team", "teams": kind})
    td = s.team
    nteams = players // td.size
    td.team_of = [p % nteams for p in range(players)]
    cities = list(s.board.cities)
    s.city_owner = [-1] * len(s.city_owner)
    for p in range(players):
        s.ps[p].city = cities[p]
        s.city_owner[cities[p]] = p
        s.ps[p].glory = 0
    td.w = [0] * len(td.w)
    td.carry = [0] * players
    return s


def tput(s, zone, troop: dict[int, int]) -> int:
    """Place a (possibly mixed) troop: {seat: warriors}."""
    z = Z(zone) if isinstance(zone, str) else zone
    for p, n in troop.items():
        T.add(s, z, p, n)
        s.ps[p].supply -= n
    return z


def troop(s, zone) -> dict[int, int]:
    z = Z(zone) if isinstance(zone, str) else zone
    return {p: n for p, n in enumerate(T.comp(s, z)) if n}


def check_counts(s) -> None:
    """count, owner and the per-seat composition agree; every seat's figures add up to 12."""
    P = s.players
    totals = [s.ps[p].supply - s.ps[p].mercs for p in range(P)]
    for z in range(len(s.owner)):
        c = T.comp(s, z)
        assert sum(c) == s.count[z]
        assert (s.owner[z] < 0) == (s.count[z] == 0)
        if s.count[z]:
            assert c[s.owner[z]] > 0
        for p in range(P):
            totals[p] += c[p]
    for p in range(P):
        totals[p] += s.team.carry[p]
    assert totals == [12] * P, totals
