"""The heuristic player's solo-mode knowledge (KM-S): what the objective asks for, how strong
Amon's troops are, and a progress-based evaluation for search cut-offs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import solo as S
from .content import CITY_QUARTERS, COMPANIONS, DI_CARDS, TILE_MODS, ZONES

if TYPE_CHECKING:
    from .state import KemetState


def amon_strength(s: KemetState, z: int) -> float:
    """Strength of Amon's troop in zone z before his card: warriors, War table, Creature."""
    war = S.war_values(s)
    st = float(s.count[z] + war[S.W_STR])
    for k in s.solo.troop_comp:  # type: ignore[union-attr]
        if s.comp_loc[k] == z:
            st += TILE_MODS[COMPANIONS[k]][S.M_STR]
    return st


def zone_bonus(s: KemetState, p: int, z: int) -> float:
    """How much the objective wants seat p to hold zone z."""
    o = S.objective_of(s)
    zd = ZONES[z]
    v = 0.0
    if o.temples and zd.kind in ("temple", "delta_temple"):
        v += 4
    if o.glory and zd.kind in ("temple", "delta_temple", "sanctuary"):
        v += 1.5
    if o.amon_pyramid:
        # march on Amon's City: the closer to one of his pyramids, the better
        d = min(S.DIST[z][q] for q in S.AMON_PYRAMIDS)
        v += 8 if d == 0 else max(0.0, 5 - 1.2 * d)
    if (o.city_clear or o.level4) and z in CITY_QUARTERS[S.PLAYER_CITY] and s.owner[z] == S.AMON:
        v += 7
    return v


def space_bonus(s: KemetState, action: str) -> float:
    o = S.objective_of(s)
    if action in ("build", "acquire") and (o.level4 or o.tiles):
        return 2.5
    if action == "recruit" and (o.warriors or o.amon_pyramid):
        return 1.5
    if action == "move" and (o.temples or o.amon_pyramid):
        return 1.0
    return 0.0


def discard_value(d: int) -> float:
    """Lower is discarded first: Distraction, then the cheapest effects."""
    card = DI_CARDS[d]
    return sum(abs(v) for v in card.effect.values()) - 0.1 * card.cost


def evaluate(s: KemetState) -> tuple[float, float]:
    """The player's chance estimate: progress towards every condition (each capped at 1),
    squared, with a little for spare PP and warriors; Amon gets the rest."""
    prog = S.progress(s)
    parts = [min(1.0, have / need) if need else 1.0 for _, have, need in prog]
    score = sum(parts) / len(parts) if parts else 0.0
    pl = s.ps[S.PLAYER]
    soft = min(pl.pp, 11) / 11 * 0.05 + min(S.warriors_on_board(s), 10) / 10 * 0.05
    left = s.solo.marker if s.solo is not None else 1
    v = 0.05 + 0.8 * score ** 2 * (0.7 + 0.3 * min(1.0, left / 3)) + soft
    v = max(0.0, min(1.0, v))
    return (v, 1.0 - v)
