"""TM-9 The prayer phase: in initiative order each seat takes a card from the prayer track
(paying its slot's cost) or the top of the prayer deck; then the track moves on (TM-9.2 .. 9.4)."""

from __future__ import annotations

from theogony.core import Action, Event
from theogony.core.frames import AUTOMATIC

from ..codes import C_TAKE, C_TAKEDECK
from ..content import CARDS, TOKENS
from ..frames import BuyMyth, Prayer, StartDeal
from ..moves import public_discard, remove_community
from ..queries import alive_seats, order_from
from ..state import TRACK_COST, TeomachiaState
from .table import RULES


def _prayer_legal(st: TeomachiaState, f: Prayer) -> list[Action]:
    s = st.seats[f.seat]
    acts: list[Action] = []
    for i, c in enumerate(st.track):
        if c < 0:
            continue
        k = TRACK_COST[i]
        if k >= 0 and s.community[k] <= 0:
            continue
        acts.append(Action(f"take {CARDS[c].name} from slot {i + 1}", C_TAKE + i, ("take", i)))
    if st.prayer_deck:
        acts.append(Action("take top of prayer deck", C_TAKEDECK, ("takedeck",)))
    return acts


def _prayer_apply(st: TeomachiaState, f: Prayer, action: Action, ev: list[Event]) -> None:
    p = f.seat
    if action.data[0] == "take":
        i = action.data[1]
        c = st.track[i]
        k = TRACK_COST[i]
        if k >= 0:
            remove_community(st, p, k, 1)  # TM-9.1
        st.track[i] = -1
        public_discard(st, p, [c])
        ev.append(Event("take", f"seat {p} takes {CARDS[c].name} from slot {i + 1}"
                        + (f" paying a {TOKENS[k]}" if k >= 0 else ""), p))
    else:
        assert action.data[0] == "takedeck", action.data
        c = st.prayer_deck.pop()
        public_discard(st, p, [c])
        ev.append(Event("take", f"seat {p} takes the top card of the prayer deck: {CARDS[c].name}", p,
                        reveals=True))
    f.to_act.pop(0)


def _skip_seats_that_cannot_take(st: TeomachiaState, f: Prayer, ev: list[Event]) -> bool:
    while f.to_act:
        f.seat = f.to_act[0]
        if _prayer_legal(st, f):
            return False
        f.to_act.pop(0)
    st.stack.pop()
    end_prayer(st, ev)
    return True


def end_prayer(st: TeomachiaState, ev: list[Event]) -> None:
    """TM-9.2 .. TM-9.4."""
    if st.track[5] >= 0:
        st.boxed.append(st.track[5])
        ev.append(Event("track", f"{CARDS[st.track[5]].name} was not taken and leaves the game",
                        actor=Event.BY_GAME))
        st.track[5] = -1
    rest = [c for c in st.track if c >= 0]
    st.track = [-1] * (6 - len(rest)) + rest
    for i in range(6 - len(rest)):
        if st.prayer_deck:
            st.track[i] = st.prayer_deck.pop()
    if st.full:  # TM-15.4, rules/full.py
        seats = [i for i in order_from(st, st.initiative, alive_seats(st)) if st.seats[i].myth_deck]
        if seats:
            st.stack.append(BuyMyth(seat=seats[0], to_act=seats))
            return
    st.stack.append(StartDeal(seat=AUTOMATIC))


RULES.decision(Prayer, "prayer", prompt="take a card from the prayer track", legal=_prayer_legal,
               apply=_prayer_apply, skip=_skip_seats_that_cannot_take)
