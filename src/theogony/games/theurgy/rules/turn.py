"""A turn (TU-3): the seat moves its pawn to an action other than the one it stands on (the golden
rule, TU-3.2; Orrun may stay on Divine Intervention), carries it out, and the turn ends: a seat
that meets a winning condition wins (TU-4.2), else the next seat clockwise plays."""

from __future__ import annotations

from ....core import Action, Event
from ..codes import act
from ..frames import AUTOMATIC, ChooseAction, EndTurn, Intervention, SpreadTheWord, TestTheFaith
from ..state import ACTIONS, TheurgyState
from . import RULES
from .pilgrimage import begin_pilgrimage
from .winning import has_won


def allowed_actions(s: TheurgyState, p: int) -> list[str]:
    seat = s.seats[p]
    if seat.forced:
        return [seat.forced]                                          # TU-13 Cast The Runes
    out = []
    for a in ACTIONS:
        if a == seat.banned:
            continue
        if a == seat.pawn and not (a == "divine intervention" and seat.deity == "Orrun"):
            continue                                                  # TU-3.2 golden rule
        out.append(a)
    return out


def begin_action(s: TheurgyState, p: int, a: str, ev: list[Event]) -> None:
    """p takes action `a`: the turn's frame becomes its end, the action's frame goes on top."""
    seat = s.seats[p]
    seat.pawn = a
    seat.forced = seat.banned = ""
    s.stack[-1] = EndTurn(seat=AUTOMATIC, player=p)
    ev.append(Event("action", f"{seat.deity} takes {a}", p))
    if a == "pilgrimage":
        s.stack.append(begin_pilgrimage(s, p, ev))
    elif a == "spread the word":
        s.stack.append(SpreadTheWord(seat=p))
    elif a == "divine intervention":
        s.stack.append(Intervention(seat=p))
    else:
        s.stack.append(TestTheFaith(seat=p))


def _legal(s: TheurgyState, f: ChooseAction) -> list[Action]:
    return [act(a, "turn", ACTIONS.index(a)) for a in allowed_actions(s, f.seat)]


def _apply(s: TheurgyState, f: ChooseAction, a: Action, ev: list[Event]) -> None:
    begin_action(s, f.seat, ACTIONS[a.data[1]], ev)


def _end_turn(s: TheurgyState, f: EndTurn, ev: list[Event]) -> None:
    s.stack.pop()
    p = f.player
    how = has_won(s, p)                                               # TU-4.2
    if how:
        s.winner = p
        s.stack.clear()
        ev.append(Event("win", f"{s.colour(p)} wins: {how}", p, reveals=True, actor=Event.BY_GAME))
        return
    s.turns_taken += 1
    s.turn = (p + 1) % s.players
    s.stack.append(ChooseAction(seat=s.turn))


RULES.decision(ChooseAction, "turn", prompt="choose an action (your pawn must move)", legal=_legal,
               apply=_apply)
RULES.automatic(EndTurn, _end_turn)
