"""TOY-2 (a turn) and TOY-4 (the end)."""

from __future__ import annotations

from theogony.core import Action, Event
from theogony.core.frames import AUTOMATIC

from ..codes import CODES
from ..components import card_word
from ..state import RoundEnd, ToyState, Turn
from . import RULES


def legal(s: ToyState, f: Turn) -> list[Action]:
    hand = s.seats[f.seat].hand
    actions = [Action(f"play {card_word(v, s.variant)}", CODES.code("play", v - 1), (v,))
               for v in sorted(set(hand))]
    if s.deck:
        actions.append(Action("draw", CODES.code("draw")))
    if not actions:
        actions.append(Action("pass", CODES.code("pass")))
    return actions


def apply(s: ToyState, f: Turn, action: Action, events: list[Event]) -> None:
    seat = s.seats[f.seat]
    if action.text == "draw":          # the same seat decides again: the frame stays
        card = s.deck.pop()
        seat.hand.append(card)
        events.append(Event("draw", f"seat {f.seat} draws {card}", f.seat, visible_to=(f.seat,),
                            public_text=f"seat {f.seat} draws"))
        return
    if action.text != "pass":
        value = action.data[0]
        seat.hand.remove(value)
        seat.score += value
        events.append(Event("play", f"seat {f.seat} plays {card_word(value, s.variant)}", f.seat,
                            reveals=True))
    s.stack.pop()
    following = (f.seat + 1) % s.players
    if s.deck or any(other.hand for other in s.seats):        # TOY-4: otherwise the game is over
        s.stack.append(Turn(following))
    if following == 0 and s.variant.get("automaton"):
        s.stack.append(RoundEnd(AUTOMATIC))


RULES.decision(Turn, "play", prompt="play a card or draw", legal=legal, apply=apply)
