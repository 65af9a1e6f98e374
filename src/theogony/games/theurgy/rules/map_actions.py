"""The actions whose texts name settlements or vertices, built once per map and shared by every
state of that map (the Pilgrimage's moves, Test the Faith, placing faith)."""

from __future__ import annotations

from ....core import Action
from .. import board
from ..board import NEIGHBOURS, VERTEX_AROUND
from ..codes import act
from ..state import TheurgyState


def vertex_label(s: TheurgyState, v: int) -> str:
    return f"V{v} ({'/'.join(s.name(q) for q in VERTEX_AROUND[v])})"


class MapActions:
    """Follower moves [q][k] (and Kelerix's moves of a follower that has not moved yet, `unmoved`)
    and acolyte moves [i][q][k] to the k-th neighbour of q, Test the Faith [q], faith placement [v]."""

    __slots__ = ("followers", "unmoved", "acolytes", "ttf", "place")

    def __init__(self, s: TheurgyState) -> None:
        names = s.names()
        self.followers: list[list[Action]] = [
            [act(f"move follower {names[q]} -> {names[r]}", "move_follower", q, r) for r in NEIGHBOURS[q]]
            for q in range(board.N_POS)]
        self.unmoved: list[list[Action]] = [
            [act(f"move unmoved follower {names[q]} -> {names[r]}", "move_unmoved", q, r)
             for r in NEIGHBOURS[q]] for q in range(board.N_POS)]
        self.acolytes: list[list[list[Action]]] = [
            [[act(f"move acolyte {i + 1} {names[q]} -> {names[r]}", "move_acolyte", i, r)
              for r in NEIGHBOURS[q]] for q in range(board.N_POS)] for i in range(2)]
        self.ttf: list[Action] = [act(f"test the faith in {names[q]}", "ttf", q) for q in range(board.N_POS)]
        self.place: list[Action] = [act(f"place faith {vertex_label(s, v)}", "stw_place", v)
                                    for v in range(len(VERTEX_AROUND))]


_MAP_ACTIONS: dict[int, MapActions] = {}      # by id of the map's cached settlement names


def map_actions(s: TheurgyState) -> MapActions:
    names = s.names()
    found = _MAP_ACTIONS.get(id(names))
    if found is None:
        if len(_MAP_ACTIONS) > 1000:
            _MAP_ACTIONS.clear()
        found = _MAP_ACTIONS[id(names)] = MapActions(s)
    return found
