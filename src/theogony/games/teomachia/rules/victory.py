"""TM-16 The variant without elimination (`no_elimination`): victory points for winning deals and
for emptying other communities, refilled communities, and the end at 10 points."""

from __future__ import annotations

from theogony.core import Event

from ..queries import alive_seats
from ..state import VP_TO_WIN, TeomachiaState


def score_vp(st: TeomachiaState, ev: list[Event], left_to_act: list[int]) -> bool:
    """TM-16.1 .. TM-16.3; True if the game is over (the stack is then empty)."""
    empty = [i for i in alive_seats(st) if sum(st.seats[i].community) == 0]
    for i in st.winners:
        st.seats[i].vp += 1 + 3 * len([e for e in empty if e != i])
    for i in empty:
        st.seats[i].community = [1, 2, 4]
        ev.append(Event("refill", f"seat {i} receives 1 prophet, 2 priests and 4 faithful", i,
                        actor=Event.BY_GAME))
    ev.append(Event("vp", "victory points: " + ", ".join(f"seat {i} {s.vp}" for i, s in enumerate(st.seats)),
                    actor=Event.BY_GAME))
    if max(s.vp for s in st.seats) < VP_TO_WIN:
        return False
    st.left_to_act = list(left_to_act)
    ev.append(Event("end", f"a player reaches {VP_TO_WIN} victory points", actor=Event.BY_GAME))
    return True
