"""Winning (TU-4): temple points against X, the Capital, the Divine Callings."""

from __future__ import annotations

from collections.abc import Sequence

from .. import board, cards
from ..board import NEIGHBOURS
from ..state import TheurgyState, temple_points

__all__ = ["has_won", "calling_met", "temple_points"]


def has_won(s: TheurgyState, p: int) -> str:
    """The winning condition seat p meets now ("" if none)."""
    x = cards.TEMPLES_X[s.players]
    pts = temple_points(s, p)
    if pts >= x and s.temple[0] == p:
        return "Establish the Official Faith"
    if pts >= x + 1 and s.seats[p].calling and calling_met(s, p, s.seats[p].calling):
        return f"Fulfil Your Calling ({cards.card_name(s.seats[p].calling)})"
    if pts >= x + 2:
        return "Spread Across the Land"
    return ""


def _connected(s: TheurgyState, mine: list[int], p: int) -> bool:
    seen, todo = {mine[0]}, [mine[0]]
    while todo:
        q = todo.pop()
        for r in NEIGHBOURS[q]:
            if s.temple[r] == p and r not in seen:
                seen.add(r)
                todo.append(r)
    return len(seen) == len(mine)


def _triangles(mine: list[int]) -> int:
    """How many different sets of three of these settlements all neighbour one another."""
    ms = set(mine)
    return len({frozenset((q, r, t)) for q in mine for r in NEIGHBOURS[q] if r in ms
                for t in NEIGHBOURS[q] if t in ms and t in NEIGHBOURS[r]})


def _ring_count(s: TheurgyState, mine: list[int], p: int, ring: Sequence[int], tend: int) -> int:
    """How many of p's temples stand in this ring, counting only those holding `tend` followers of p."""
    return sum(1 for q in mine if q in ring and s.mortals[q][p] >= tend)


def _outnumbers(s: TheurgyState, p: int) -> bool:
    own = sum(s.mortals[q][p] for q in range(board.N_POS))
    return own > _opposing_followers(s, p, range(board.N_POS))


def _opposing_followers(s: TheurgyState, p: int, where: Sequence[int]) -> int:
    """The followers of p's rivals in these settlements (non-believers are nobody's, TU-16)."""
    return sum(s.mortals[q][o] for q in where for o in range(s.players) if o != p)


def _watched(s: TheurgyState, mine: list[int], p: int) -> bool:
    """Every temple of p stands in or next to a settlement holding an unwounded acolyte of p."""
    seat = s.seats[p]
    posts = {seat.acolytes[i] for i in range(2) if not seat.wounded[i] and seat.acolytes[i] >= 0}
    return all(q in posts or not posts.isdisjoint(NEIGHBOURS[q]) for q in mine)


def calling_met(s: TheurgyState, p: int, cid: str) -> bool:
    """Whether seat p meets the condition of Divine Calling `cid` now."""
    c = cards.CALLING[cid]
    mine = [q for q in range(board.N_POS) if s.temple[q] == p]
    cond = c.condition
    n = c.need(s.players)
    seat = s.seats[p]
    if cond == "outpost":
        return any(all(s.temple[r] < 0 for r in NEIGHBOURS[q]) for q in mine)
    if cond == "borders":
        # the rulebook's condition (connected) and our number: temples in the outer ring (0: none)
        return bool(mine) and _connected(s, mine, p) and sum(q in board.OUTER for q in mine) >= n
    if cond == "root_out":             # n > 0: the Capital clear too, and at most n in the inner ring
        return bool(mine) and _opposing_followers(s, p, mine) == 0 and (
            n == 0 or (_opposing_followers(s, p, [0]) == 0 and _opposing_followers(s, p, board.INNER) <= n))
    if cond == "type_pair":
        kinds = c.kinds(s.players)
        return sum(1 for q in mine if s.types[q] in kinds) >= n
    if cond == "inner":
        return _ring_count(s, mine, p, board.INNER, c.tended(s.players)) >= n
    if cond == "outer":
        return _ring_count(s, mine, p, board.OUTER, c.tended(s.players)) >= n
    if cond == "diverse":
        return len({s.types[q] for q in mine}) >= n
    if cond == "horde":
        return len(seat.horde) >= n
    if cond == "legend":
        return sum(1 for m in seat.horde if cards.MONSTER[m].legendary) >= max(1, n)
    if cond == "followers":
        return sum(s.mortals[q][p] for q in range(board.N_POS)) >= n
    if cond == "spread":
        return sum(1 for q in range(board.N_POS) if s.mortals[q][p]) >= n
    if cond == "faith_web":
        return s.faith.count(p) >= n
    if cond == "no_doubt":             # n = 1: the Capital clear too; n = 2: and at most one in the inner ring
        return (bool(mine) and all(s.sceptics[q] == 0 for q in mine) and (n == 0 or s.sceptics[0] == 0)
                and (n < 2 or sum(s.sceptics[q] for q in board.INNER) <= 1))
    if cond == "guardian":
        return all(not seat.wounded[i] and s.temple[seat.acolytes[i]] == p for i in range(2))
    if cond == "watch":
        return bool(mine) and _watched(s, mine, p)
    if cond == "watch_clear":          # and no rival acolyte, wounded or not, in one of p's temples
        return (bool(mine) and _watched(s, mine, p)  # (n > 0: nor any opposing follower)
                and not any(q in mine for o in range(s.players) if o != p for q in s.seats[o].acolytes)
                and (n == 0 or _opposing_followers(s, p, mine) == 0))
    if cond == "triangle":
        return _triangles(mine) >= max(1, n)
    if cond == "outnumber":
        return _outnumbers(s, p)
    if cond == "capital_crowd":
        return s.mortals[0][p] >= n
    if cond == "no_ruins":
        return not any(p in r for r in s.ruins) and all(s.mortals[q][p] >= n for q in mine)
    raise AssertionError(cond)
