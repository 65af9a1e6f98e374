"""TM-8.1 .. TM-8.5 The battle: battle turns in initiative order, attacks of one sphere (TM-8.2),
until every participant has passed in a row (TM-8.4)."""

from __future__ import annotations

from theogony.core import Action, Event
from theogony.core.frames import AUTOMATIC

from ..codes import C_ENDTURN, C_PASS
from ..content import DEF_SPHERE, DEFS
from ..frames import Battle, PreBattle, StartBattle, StartSettlement
from ..queries import control, hand_defs, meets, order_from, participants, sphere_allowed
from ..state import TeomachiaState
from . import full
from .deeds import lay, lay_actions, play, play_actions
from .table import RULES


def _start_battle(st: TeomachiaState, frame: StartBattle, ev: list[Event]) -> None:
    st.stack.pop()
    st.battle = True
    ev.append(Event("phase", "battle between seats " + ", ".join(map(str, participants(st))),
                    actor=Event.BY_GAME))
    if st.full:
        seats = full.window_seats(st, "prebattle")
        if seats:
            st.stack.append(PreBattle(seat=seats[0], to_act=seats))
            return
    start_battle_turns(st)


def start_battle_turns(st: TeomachiaState) -> None:
    first = order_from(st, st.initiative, participants(st))[0]
    st.stack.append(Battle(seat=first, passes=0, played_this_turn=False))


def _battle_legal(st: TeomachiaState, f: Battle) -> list[Action]:
    p = f.seat
    acts: list[Action] = []
    lay_actions(st, p, acts)
    ctl = control(st, p)
    for d in hand_defs(st, p):
        if DEFS[d].kind != "attack" or not sphere_allowed(st, p, DEF_SPHERE[d]):
            continue
        if meets(d, ctl):
            play_actions(st, p, d, acts)
    if f.played_this_turn:
        acts.append(Action("end turn", C_ENDTURN, ("endturn",)))
    else:
        acts.append(Action("pass", C_PASS, ("pass",)))
    return acts


def _battle_apply(st: TeomachiaState, f: Battle, action: Action, ev: list[Event]) -> None:
    p = f.seat
    kind = action.data[0]
    if kind == "lay":
        lay(st, p, action.data[1], ev)
    elif kind == "play":
        f.played_this_turn = True
        play(st, p, action.data[1], action.data[2], ev)
    elif kind == "pass":  # TM-8.4
        f.passes += 1
        ev.append(Event("pass", f"seat {p} passes", p))
        _next_battle_turn(st, f)
    else:
        assert kind == "endturn", kind
        f.passes = 0
        ev.append(Event("endturn", f"seat {p} ends its battle turn", p))
        _next_battle_turn(st, f)


def _next_battle_turn(st: TeomachiaState, f: Battle) -> None:
    parts = participants(st)
    if f.passes >= len(parts):
        st.stack.pop()
        st.stack.append(StartSettlement(seat=AUTOMATIC, left_to_act=[]))
        return
    f.played_this_turn = False
    f.seat = order_from(st, (f.seat + 1) % st.players, parts)[0]


RULES.automatic(StartBattle, _start_battle)
RULES.decision(Battle, "battle", prompt="play attacks, or pass", legal=_battle_legal,
               apply=_battle_apply)
