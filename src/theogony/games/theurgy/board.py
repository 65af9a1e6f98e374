"""Theurgy map geometry (TU-1): 19 hexagonal settlements, their neighbours and shared vertices.

Positions are fixed: 0 is the centre (the Capital), 1-6 the inner ring, 7-18 the outer ring. Only
the settlement types on those positions change from game to game. Vertices (corners) are numbered
0..53; a vertex is shared by one to three settlements.
"""

from __future__ import annotations

from ...core import Rng

TYPES = ("forest", "market", "farmland", "marsh", "harbour", "mine")
CAPITAL = "capital"
TYPE_TITLE = {t: t.capitalize() for t in (*TYPES, CAPITAL)}

_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _ring(radius: int) -> list[tuple[int, int]]:
    if radius == 0:
        return [(0, 0)]
    out = []
    q, r = _DIRS[4][0] * radius, _DIRS[4][1] * radius
    for side in range(6):
        for _ in range(radius):
            out.append((q, r))
            q, r = q + _DIRS[side][0], r + _DIRS[side][1]
    return out


COORDS: tuple[tuple[int, int], ...] = tuple(_ring(0) + _ring(1) + _ring(2))
N_POS = len(COORDS)
INNER = tuple(range(1, 7))
OUTER = tuple(range(7, 19))
_INDEX = {c: i for i, c in enumerate(COORDS)}

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(_INDEX[(q + dq, r + dr)] for dq, dr in _DIRS if (q + dq, r + dr) in _INDEX))
    for q, r in COORDS)
OPPOSITE: tuple[int, ...] = tuple(_INDEX[(-q, -r)] for q, r in COORDS)


def _vertices() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(positions around each vertex, vertices of each position), in a fixed order."""
    keys: dict[frozenset, int] = {}
    around: list[tuple[int, ...]] = []
    corners: list[list[int]] = [[] for _ in COORDS]
    for p, (q, r) in enumerate(COORDS):
        for i in range(6):
            a, b = _DIRS[i], _DIRS[(i + 1) % 6]
            key = frozenset({(q, r), (q + a[0], r + a[1]), (q + b[0], r + b[1])})
            v = keys.get(key)
            if v is None:
                v = keys[key] = len(around)
                around.append(tuple(sorted(_INDEX[c] for c in key if c in _INDEX)))
            corners[p].append(v)
    return tuple(around), tuple(tuple(c) for c in corners)


VERTEX_AROUND, CORNERS = _vertices()
N_VERTICES = len(VERTEX_AROUND)


def generate_map(rng: Rng) -> list[str]:
    """Settlement type per position (TU-1.1 to TU-1.4), with the fix-up of TU-1.5."""
    inner = list(TYPES)
    rng.shuffle(inner)
    outer = [t for t in TYPES for _ in range(2)]
    rng.shuffle(outer)
    types = [CAPITAL, *inner, *outer]
    fix_up(types)
    return types


def triple_vertex(types: list[str]) -> tuple[int, str] | None:
    """A vertex where all three surrounding settlements share one type, or None."""
    for v, around in enumerate(VERTEX_AROUND):
        if len(around) == 3 and types[around[0]] == types[around[1]] == types[around[2]]:
            return v, types[around[0]]
    return None


def fix_up(types: list[str]) -> None:
    """TU-1.5: while three settlements of one type meet at a vertex, swap that type's inner-ring tile
    with the next inner-ring tile (in ring order) that removes the meeting without making another."""
    for _ in range(50):
        found = triple_vertex(types)
        if found is None:
            return
        _, kind = found
        p = next(i for i in INNER if types[i] == kind)
        for step in range(1, 6):
            q = INNER[(INNER.index(p) + step) % 6]
            types[p], types[q] = types[q], types[p]
            if triple_vertex(types) is None:
                return
            types[p], types[q] = types[q], types[p]
        q = INNER[(INNER.index(p) + 1) % 6]
        types[p], types[q] = types[q], types[p]


def settlement_names(types: list[str]) -> list[str]:
    """Readable names: Capital, then `Forest-1`, `Forest-2` ... numbered in position order."""
    count: dict[str, int] = {}
    names = []
    for t in types:
        if t == CAPITAL:
            names.append("Capital")
            continue
        count[t] = count.get(t, 0) + 1
        names.append(f"{TYPE_TITLE[t]}-{count[t]}")
    return names
