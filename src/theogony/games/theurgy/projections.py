"""Where each settlement stands if its faith were tested now: the projection both of Theurgy's
position judgements use (`bots.potential` for the heuristic and the default search, `evaluation.py`
for the fitted one)."""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from . import cards
from .board import CORNERS
from .bots_pilgrimage import converted
from .state import GREY, TheurgyState

_LOCAL: dict[tuple, tuple[int, tuple[int, ...]]] = {}
_CORNER_GET = tuple(itemgetter(*c) for c in CORNERS)
_RANGE7 = range(7)


def _local(m: list[int], tokens: list[int], temple: int) -> tuple[int, tuple[int, ...]]:
    """What a Test the Faith in one settlement would give now: (the seat that would hold the temple
    there or -1, per colour the clipped margin of its mortals over the best rival after the test,
    counted for colours present there or owning the temple, else 0)."""
    after = converted(m, tokens)
    best_c = max(_RANGE7, key=after.__getitem__)             # the lowest colour among the best
    best = after[best_c]
    second = max(after[c] for c in _RANGE7 if c != best_c)
    leader = best_c if best > second and best_c != GREY else -1
    margins = []
    for p in range(GREY):
        mine = after[p]
        if mine or temple == p:
            margin = mine - (second if best_c == p else best)
            margins.append(-3 if margin < -3 else 2 if margin > 2 else margin)
        else:
            margins.append(0)
    return leader, tuple(margins)


def local_projections(s: TheurgyState) -> list[tuple[int, tuple[int, ...]]]:
    """`_local` for every settlement, cached by the settlement's mortals, sceptics, temple and the
    owners of its six vertices."""
    faith, temple, sceptics, cache = s.faith, s.temple, s.sceptics, _LOCAL
    out = []
    for q, m in enumerate(s.mortals):
        corners = _CORNER_GET[q](faith)
        key = (*m, sceptics[q], temple[q], *corners)
        entry = cache.get(key)
        if entry is None:
            if len(cache) > 300_000:
                cache.clear()
            tokens = [0] * 8
            for o in corners:
                tokens[o] += 1                   # -1 (vacant) lands in the unused last slot
            tokens[GREY] = sceptics[q]
            entry = cache[key] = _local(m, tokens[:7], temple[q])
        out.append(entry)
    return out


class Standing(NamedTuple):
    """The board as both position judgements read it."""

    lead: list[int]        # per settlement, the seat that would hold its temple if tested now (-1 none)
    close: list[int]       # per colour, its clipped margins summed over the settlements (the Capital twice)
    followers: list[int]   # per colour, its mortals on the board
    ruins: list[int]       # per colour, the ruins of its temples


def standing(s: TheurgyState) -> Standing:
    """`local_projections` summed up per seat; the Anomaly's settlement cannot be tested, so its
    lead is the temple it has."""
    local = local_projections(s)
    lead = [e[0] for e in local]
    lead[s.anomaly] = s.temple[s.anomaly]
    margins = [e[1] for e in local]
    margins.append(local[0][1])              # the Capital counts twice
    ruins = [0] * 7
    for owners in s.ruins:
        for o in owners:
            ruins[o] += 1
    return Standing(lead, [sum(col) for col in zip(*margins)], [sum(col) for col in zip(*s.mortals)], ruins)


def wins_now(s: TheurgyState, p: int, pts: float, met: bool) -> bool:
    """Whether seat p, with `pts` temple points and its Divine Calling holding or not (`met`), has
    won or would win now (`rules.winning.has_won`, TU-4.1: the Capital and x points, x + 1 points
    and its calling, or x + 2 points), for judgements that have the points and the calling at hand."""
    x = cards.TEMPLES_X[s.players]
    return pts >= x and (s.winner == p or (s.winner < 0 and (s.temple[0] == p or (met and pts >= x + 1)
                                                             or pts >= x + 2)))
