"""TM-6, TM-7, TM-11: laying out power cards, playing deed cards, response windows (TM-R8) and
carrying a deed card out through the effects registry."""

from __future__ import annotations

from theogony.core import Action, Event

from ..codes import C_LAY, C_PASS, C_PLAY, C_RESPOND, TARGETS
from ..content import CARDS, DEFS, SPHERE_INDEX
from ..effects import DEED_EFFECTS, STAYS_IN_PLAY
from ..frames import Respond
from ..moves import credit, public_discard, take_from_hand
from ..queries import (alive_seats, control, could_meet, hand_defs, in_settlement, may_hold_response,
                       meets, order_from, participants, response_kind, targets)
from ..state import TeomachiaState
from .table import RULES


# ---------------------------------------------------------------- legal actions
def lay_actions(st: TeomachiaState, p: int, acts: list[Action]) -> None:
    for d in hand_defs(st, p):
        if DEFS[d].kind == "power":
            acts.append(Action(f"lay out {DEFS[d].name}", C_LAY + d, ("lay", d)))


def play_actions(st: TeomachiaState, p: int, d: int, acts: list[Action]) -> None:
    cd = DEFS[d]
    if cd.target:
        for t in targets(st, p):
            acts.append(Action(f"play {cd.name} on seat {t}", C_PLAY + d * TARGETS + t + 1, ("play", d, t)))
    else:
        acts.append(Action(f"play {cd.name}", C_PLAY + d * TARGETS, ("play", d, -1)))


def lay_towards(st: TeomachiaState, p: int, usable: list[int], acts: list[Action]) -> None:
    """TM-7.1/TM-8.7: power is laid out only towards a usable card the seat could then meet."""
    ctl = control(st, p)
    if any(not meets(d, ctl) and could_meet(st, p, d) for d in usable):
        lay_actions(st, p, acts)


# ---------------------------------------------------------------- carrying actions out
def lay(st: TeomachiaState, p: int, d: int, ev: list[Event]) -> None:
    s = st.seats[p]
    c = take_from_hand(st, p, d)
    s.power.append(c)
    s.powers_laid += 1
    ev.append(Event("lay", f"seat {p} lays out {CARDS[c].name}", p, reveals=True))


def play(st: TeomachiaState, p: int, d: int, t: int, ev: list[Event]) -> None:
    """p plays deed card d (on seat t): a place is put on the table at once, anything else waits
    for responses (TM-7.1)."""
    s = st.seats[p]
    c = take_from_hand(st, p, d)
    s.deeds_played += 1
    cd = CARDS[c]
    ev.append(Event("play", f"seat {p} plays {cd.name}" + (f" on seat {t}" if t >= 0 else ""), p,
                    reveals=True))
    if cd.kind == "attack" and SPHERE_INDEX[cd.sphere] not in s.attack_spheres:
        s.attack_spheres.append(SPHERE_INDEX[cd.sphere])
    if cd.kind == "place":
        resolve(st, p, c, t, ev)
        return
    open_window(st, p, c, t)


def lay_or_play(st: TeomachiaState, p: int, action: Action, ev: list[Event]) -> bool:
    """Carry out `action` if it lays a power card out or plays a deed (the actions `lay_actions`,
    `lay_towards` and `play_actions` offer in a bidding turn and in the settlement); False for any
    other action, which the caller's own rule handles."""
    kind = action.data[0]
    if kind == "lay":
        lay(st, p, action.data[1], ev)
    elif kind == "play":
        play(st, p, action.data[1], action.data[2], ev)
    else:
        return False
    return True


def resolve(st: TeomachiaState, p: int, c: int, t: int, ev: list[Event]) -> None:
    """Carry out deed card c played by p (target t), then put it where it goes."""
    cd = CARDS[c]
    DEED_EFFECTS[cd.effect](st, p, c, t, ev)
    if cd.kind == "attack":
        st.seats[p].played.append(c)
    elif cd.effect not in STAYS_IN_PLAY:
        public_discard(st, p, [c])


# ---------------------------------------------------------------- response windows (TM-R8)
def open_window(st: TeomachiaState, p: int, c: int, t: int) -> None:
    """TM-7.1/TM-R8: card c of p waits for responses from the other seats that may be affected
    (in the deal; in the settlement every seat), clockwise from p."""
    pool = alive_seats(st) if in_settlement(st) else participants(st)
    asked = [i for i in order_from(st, (p + 1) % st.players, pool) if i != p]
    st.stack.append(Respond(seat=asked[0] if asked else p, to_ask=asked, player=p, card=c, target=t))


def _respond_prompt(st: TeomachiaState, w: Respond) -> str:
    return f"respond to {CARDS[w.card].name} of seat {w.player}?"


def _respond_legal(st: TeomachiaState, w: Respond) -> list[Action]:
    p = w.seat
    want = response_kind(w.card)
    usable = [d for d in hand_defs(st, p) if DEFS[d].timing == want]
    acts: list[Action] = []
    lay_towards(st, p, usable, acts)
    ctl = control(st, p)
    for d in usable:
        if meets(d, ctl):
            acts.append(Action(f"respond {DEFS[d].name}", C_RESPOND + d, ("respond", d)))
    acts.append(Action("pass", C_PASS, ("pass",)))
    return acts


def _respond_apply(st: TeomachiaState, w: Respond, action: Action, ev: list[Event]) -> None:
    p = w.seat
    kind = action.data[0]
    if kind == "lay":
        lay(st, p, action.data[1], ev)
        return
    w.to_ask.pop(0)  # p has answered, or passed, in this window
    if kind == "respond":
        s = st.seats[p]
        r = take_from_hand(st, p, action.data[1])
        s.deeds_played += 1
        ev.append(Event("respond", f"seat {p} answers {CARDS[w.card].name} with {CARDS[r].name}",
                        p, reveals=True))
        open_window(st, p, r, -1)  # TM-R8: a response is itself an effect and may be answered


def _close_window(st: TeomachiaState, w: Respond, ev: list[Event]) -> bool:
    """TM-R8: seats that cannot hold a response are not asked; when nobody is left to ask, the
    card resolves (last played first). A response cancels the card it answered, whose window is
    then over, and the window beneath resumes; the deed card at the bottom resolves normally."""
    want = response_kind(w.card)
    while w.to_ask and not may_hold_response(st, w.to_ask[0], want):
        w.to_ask.pop(0)
    if w.to_ask:
        w.seat = w.to_ask[0]
        return False
    st.stack.pop()
    below = st.stack[-1]
    if isinstance(below, Respond):  # w's card is a response: it cancels the card beneath it
        st.stack.pop()
        public_discard(st, w.player, [w.card])
        public_discard(st, below.player, [below.card])
        ev.append(Event("cancel", f"{CARDS[w.card].name} of seat {w.player} cancels "
                        f"{CARDS[below.card].name} of seat {below.player}", w.player, reveals=True,
                        actor=w.player))
        return True
    start = len(ev)
    resolve(st, w.player, w.card, w.target, ev)
    credit(ev, start, w.player)  # the card resolves on another seat's pass: its player did it
    return True


RULES.decision(Respond, "respond", prompt=_respond_prompt, legal=_respond_legal,
               apply=_respond_apply, skip=_close_window)
