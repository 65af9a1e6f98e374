"""Monsters and where the pieces stand (TU-8, TU-10): acolytes present, monsters in a settlement,
the passive abilities that bar, shield or defend (TU-8.2, TU-15), and monsters moving, leaving and
being drawn."""

from __future__ import annotations

from ....core import Event
from .. import board, cards
from ..board import NEIGHBOURS, VERTEX_AROUND
from ..state import GREY, TheurgyState


def acolyte_at(s: TheurgyState, p: int, q: int) -> bool:
    """An unwounded acolyte of seat p stands in q (a wounded one is as though absent, TU-10)."""
    seat = s.seats[p]
    return (seat.acolytes[0] == q and not seat.wounded[0]) or (seat.acolytes[1] == q and not seat.wounded[1])


def any_acolyte_at(s: TheurgyState, q: int) -> bool:
    return any(acolyte_at(s, p, q) for p in range(s.players))


def monsters_at(s: TheurgyState, q: int) -> list[str]:
    return [m for m, pos in s.mon_pos.items() if pos == q]


def passive_owners(s: TheurgyState, q: int, effect: str) -> list[int]:
    """Owners of monsters in q with the passive ability `effect` (TU-8.2)."""
    if not s.mon_pos:
        return []
    return [s.mon_owner[m] for m, pos in s.mon_pos.items()
            if pos == q and cards.MONSTER[m].effect == effect and cards.MONSTER[m].ability == "passive"]


def passive_places(s: TheurgyState, effect: str) -> set[int]:
    """Settlements holding a monster with the passive ability `effect`."""
    return {q for m, q in s.mon_pos.items()
            if cards.MONSTER[m].effect == effect and cards.MONSTER[m].ability == "passive"}


def defended(s: TheurgyState, c: int, q: int) -> bool:
    """TU-5.5: a follower is defended by its own acolyte (or its owner's Centaur)."""
    if c == GREY:
        return False
    return acolyte_at(s, c, q) or c in passive_owners(s, q, "defend")


def monster_defended(s: TheurgyState, m: str) -> bool:
    return acolyte_at(s, s.mon_owner[m], s.mon_pos[m])


def can_affect(s: TheurgyState, q: int, p: int) -> bool:
    """Nymph: opposing miracles and monsters cannot affect its settlement."""
    return all(o == p for o in passive_owners(s, q, "sanctuary"))


def can_leave(s: TheurgyState, q: int) -> bool:
    """Giant Spider: nothing but monsters leaves its settlement, by any means."""
    return not passive_owners(s, q, "web")


def mortal_can_enter(s: TheurgyState, q: int) -> bool:
    return not passive_owners(s, q, "bar_mortals")


def acolyte_can_enter(s: TheurgyState, p: int, q: int) -> bool:
    return all(o == p for o in passive_owners(s, q, "bar_acolytes"))


def faith_allowed(s: TheurgyState, v: int) -> bool:
    """Demon: no faith token may be placed on a vertex of its settlement."""
    return not any(passive_owners(s, q, "no_faith") for q in VERTEX_AROUND[v])


def faith_fixed(s: TheurgyState, v: int) -> bool:
    """Elder Treant: faith tokens on its settlement's vertices cannot be replaced or removed."""
    return any(passive_owners(s, q, "rooted") for q in VERTEX_AROUND[v])


def add_sceptics(s: TheurgyState, q: int, n: int) -> int:
    """Add n sceptic tokens in q (none where a monster forbids doubt); how many were added."""
    if passive_owners(s, q, "no_sceptics"):
        return 0
    s.sceptics[q] += n
    return n


def can_build(s: TheurgyState, q: int) -> bool:
    return not passive_owners(s, q, "no_temples")


def woundable(s: TheurgyState, o: int, k: int) -> bool:
    """Acolyte k of seat o may be wounded (not already, and not warded by a monster)."""
    seat = s.seats[o]
    return not seat.wounded[k] and o not in passive_owners(s, seat.acolytes[k], "ward")


def remove_monster(s: TheurgyState, m: str, ev: list[Event], why: str) -> None:
    o = s.mon_owner.pop(m)
    q = s.mon_pos.pop(m)
    s.seats[o].horde.remove(m)
    s.monster_discard.append(m)
    ev.append(Event("monster_removed", f"{cards.MONSTER[m].name} of {s.colour(o)} in {s.name(q)} is {why}", o))


def move_monster(s: TheurgyState, m: str, q: int, ev: list[Event]) -> None:
    old = s.mon_pos[m]
    s.mon_pos[m] = q
    s.sceptics[q] = 0                                           # TU-8.5
    ev.append(Event("monster_move", f"{cards.MONSTER[m].name} moves {s.name(old)} -> {s.name(q)}",
                    s.mon_owner[m]))


def monster_moves(s: TheurgyState, m: str) -> list[int]:
    """Where monster m may move: a neighbour (a Leviathan also to any other harbour)."""
    q = s.mon_pos[m]
    dests = list(NEIGHBOURS[q])
    if cards.MONSTER[m].movement == "special" and cards.MONSTER[m].type == "harbour":
        dests += [r for r in range(board.N_POS) if s.types[r] == "harbour" and r != q and r not in dests]
    return dests


def draw_monster(s: TheurgyState) -> str | None:
    if not s.monster_deck:
        if not s.monster_discard:
            return None
        s.monster_deck = s.monster_discard
        s.monster_discard = []
        s.rng.shuffle(s.monster_deck)
    return s.monster_deck.pop()


def refill_monsters(s: TheurgyState, ev: list[Event]) -> None:
    """TU-7.11: a marker on each face-up card not taken; a third marker discards; refill to three."""
    keep_cards, keep_marks = [], []
    for m, k in zip(s.faceup, s.markers):
        if k + 1 >= 3:
            s.monster_discard.append(m)
            ev.append(Event("monster_discard", f"{cards.MONSTER[m].name} gets a third marker and is discarded",
                             actor=Event.BY_GAME))
        else:
            keep_cards.append(m)
            keep_marks.append(k + 1)
    s.faceup, s.markers = keep_cards, keep_marks
    while len(s.faceup) < 3:
        m = draw_monster(s)
        if m is None:
            break
        s.faceup.append(m)
        s.markers.append(0)
