"""The action under way, as every seat may see it: the book-keeping that the frames of a running
Pilgrimage (TU-5), Divine Intervention (TU-7), Test the Faith (Eseryn's sceptics, TU-14.5) and
effect step (TU-8, TU-12, TU-13) keep, turned into plain JSON for the view.

All of it is public: these actions are taken in the open, and what they already did is on the
board or in the discard piles. Spread the Word and the choice of the settlement to test are single
decisions with nothing to keep."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards
from .frames import EserynSceptics, FaithStep, Intervention, MonsterStep, MortalStep, Pilgrimage, SeatStep

if TYPE_CHECKING:
    from .state import Seat, TheurgyState

EFFECT_STEPS = (MortalStep, FaithStep, MonsterStep, SeatStep)
#: effect steps whose `count` is the number of choices still to make (the others add or move a
#: number of pieces in one choice, which the action's text says)
_COUNTED = (MortalStep, FaithStep)


def in_progress(s: TheurgyState) -> list[dict[str, Any]]:
    """One entry per step under way, outermost first: the action (`step` "pilgrimage", "divine
    intervention" or "test the faith") and the effect being carried out (`step` "effect")."""
    out: list[dict[str, Any]] = []
    for f in s.stack:
        if isinstance(f, Pilgrimage):
            out.append(pilgrimage_progress(s, f))
        elif isinstance(f, Intervention):
            out.append(_intervention(s, f))
        elif isinstance(f, EserynSceptics):
            out.append({"step": "test the faith", "seat": f.seat, "tested": s.name(f.tested),
                        "sceptics_left": f.count})
    top = s.stack[-1] if s.stack else None
    if isinstance(top, EFFECT_STEPS):
        out.append(_effect(s, top))
    return out


def acolyte_may_act(seat: Seat, pil: Pilgrimage, i: int) -> bool:
    """Whether acolyte i may still preach or fight in this Pilgrimage (TU-5.4, TU-5.8)."""
    if seat.wounded[i] or pil.rested[i]:
        return False
    if seat.deity == "Lutraz":                                        # TU-14.1
        return not pil.after[i] if pil.moves[i] else not pil.before[i]
    return not (pil.before[i] or pil.after[i])


def pilgrimage_progress(s: TheurgyState, pil: Pilgrimage) -> dict[str, Any]:
    """What each acolyte may still do (TU-5.1, TU-5.4, TU-5.8, TU-14.1, TU-14.2) and which of the
    seat's followers may not move any more (moved, or converted: TU-5.7)."""
    seat = s.seats[pil.seat]
    allowed = 2 if seat.deity == "Kelerix" else 1
    acolytes = []
    for i in range(2):
        idle = seat.wounded[i] or pil.rested[i]
        may_act = acolyte_may_act(seat, pil, i)
        acolytes.append({"at": s.name(seat.acolytes[i]), "moves": pil.moves[i],
                         "moves_left": 0 if idle else max(allowed - pil.moves[i], 0),
                         "acted_before_moving": pil.before[i], "acted_after_moving": pil.after[i],
                         "may_preach": may_act, "may_fight": may_act and not pil.fought[i],
                         "stood_up": pil.rested[i]})
    names = s.names()
    return {"step": "pilgrimage", "seat": pil.seat, "moves_allowed": allowed, "acolytes": acolytes,
            "followers_done": {names[q]: k for q, k in enumerate(pil.locked) if k},
            "followers_moved_once": {names[q]: k for q, k in enumerate(pil.once) if k}}


def _intervention(s: TheurgyState, di: Intervention) -> dict[str, Any]:
    """Whether the miracle or summon is made (TU-7.1) and which monsters of the horde may still be
    activated or moved (TU-7.2, TU-8.4)."""
    horde = [cards.MONSTER[m] for m in s.seats[di.seat].horde]
    return {"step": "divine intervention", "seat": di.seat, "made": di.main or None,
            "summoned": [cards.MONSTER[m].name for m in di.summoned],
            "may_activate": [m.name for m in horde if m.ability == "active" and m.id not in di.activated],
            "may_move": [m.name for m in horde if m.movement != "territorial" and m.id not in di.moved
                         and m.id not in di.summoned]}


def _effect(s: TheurgyState, f: MortalStep | FaithStep | MonsterStep | SeatStep) -> dict[str, Any]:
    at = getattr(f, "at", -1)
    return {"step": "effect", "seat": f.seat, "source": cards.card_name(f.source), "op": f.op,
            "left": f.count if isinstance(f, _COUNTED) and f.op != "sceptics" else None,
            "at": s.name(at) if at >= 0 else None}
