"""TOY-3: the automaton's round."""

from __future__ import annotations

from theogony.core import Event

from ..state import RoundEnd, ToyState
from . import RULES


def round_end(s: ToyState, f: RoundEnd, events: list[Event]) -> None:
    s.stack.pop()
    s.rounds += 1
    s.automaton_score += 1
    robot = s.players
    events.append(Event("round", f"round {s.rounds} ends", actor=Event.BY_GAME))
    events.append(Event("automaton", "the automaton scores 1", robot, actor=robot))


RULES.automatic(RoundEnd, round_end)
