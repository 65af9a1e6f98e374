"""TC-14 scoring: the score of a seat as the game stands (read-only; the view and the outcome use
it, so it sits below the state and reads its data only)."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from .content import PYRAMID, TRACK_END, multiplier

if TYPE_CHECKING:
    from .state import TheocratiaState

# multiplier(position) as a list indexed by position + 1 (the start space -1 counts x0)
_MULT1 = [multiplier(x) for x in range(-1, TRACK_END + 1)]


def pyramids_owned(s: TheocratiaState, seat: int) -> int:
    kinds = s.hex_kind
    if PYRAMID not in kinds:
        return 0
    col = s.seats[seat].colour
    return sum(1 for k, c in zip(kinds, s.hex_colour) if k == PYRAMID and c == col)


def final_scores(s: TheocratiaState) -> list[int]:
    """final_score of every seat (one pass over the board for the Pyramids)."""
    owned = [0] * 4
    if PYRAMID in s.hex_kind:
        for k, c in zip(s.hex_kind, s.hex_colour):
            if k == PYRAMID and c >= 0:
                owned[c] += 1
    return [final_score(s, i, owned[p.colour]) for i, p in enumerate(s.seats)]


def final_score(s: TheocratiaState, seat: int, pyramids: int = -1) -> int:
    """TC-14 score of `seat` as the game stands (`pyramids`: its owned Pyramids, if known)."""
    p = s.seats[seat]
    pages = [c.page for c in s.civs]
    k = pyramids_owned(s, seat) if pyramids < 0 else pyramids
    if k == 0:
        best = score_priests(p.priests, pages)
    else:
        best = None
        for extra in combinations_with_replacement(range(4), k):
            pos = list(p.priests)
            for v in extra:
                pos[v] = min(TRACK_END, pos[v] + 1)
            sc = score_priests(pos, pages)
            if best is None or sc > best:
                best = sc
    return _MULT1[p.cosmo + 1] + best - p.malus - (13 if p.flipped else 0)


def score_priests(pos: list[int], pages: list[int]) -> int:
    """TC-14.3/14.4: ignore one farthest Priest (the cheapest of the tied ones), page x multiplier."""
    m = _MULT1
    a, b, c, d = pos
    va, vb, vc, vd = pages[0] * m[a + 1], pages[1] * m[b + 1], pages[2] * m[c + 1], pages[3] * m[d + 1]
    far = max(a, b, c, d)
    drop = va if a == far else vb if b == far else vc if c == far else vd
    if b == far and vb < drop:
        drop = vb
    if c == far and vc < drop:
        drop = vc
    if d == far and vd < drop:
        drop = vd
    return va + vb + vc + vd - drop
