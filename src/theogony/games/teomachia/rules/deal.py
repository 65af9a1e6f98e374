"""TM-3, TM-4 A deal begins: hands are refilled, the elements are laid out and every player puts
its initial stake in, or drops out of the game (TM-4.5; the end of the game, TM-14)."""

from __future__ import annotations

from theogony.core import Event
from theogony.core.frames import AUTOMATIC

from ..content import CARDS, ELEMENTS
from ..frames import PreBid, StartBidding, StartDeal
from ..moves import draw
from ..queries import alive_seats, make_change, order_from, pay_tokens
from ..state import HAND_SIZE, TeomachiaState
from . import full
from .table import RULES


def _start_deal(st: TeomachiaState, frame: StartDeal, ev: list[Event]) -> None:
    st.stack.pop()
    st.deal += 1
    ev.append(Event("deal", f"deal {st.deal} begins (conflict level {st.conflict})", actor=Event.BY_GAME))
    _refill_hands(st, ev)
    _lay_out_elements(st, ev)
    st.gods_people = st.battle = False
    st.winners = []
    st.fought = []
    st.strengths = [0] * st.players
    for i in order_from(st, st.initiative):  # TM-10.2
        make_change(st.seats[i].community)
    _initial_stakes(st, ev)
    if len(alive_seats(st)) <= 1:
        ev.append(Event("end", "one player is left with worshippers" if alive_seats(st)
                        else "every remaining player dropped out at once", actor=Event.BY_GAME))
        return
    ev.append(Event("stake", f"every player puts {st.conflict} faithful into the stake", actor=Event.BY_GAME))
    if st.full:
        seats = full.window_seats(st, "prebid")
        if seats:
            st.stack.append(PreBid(seat=seats[0], to_act=seats))
            return
    st.stack.append(StartBidding(seat=AUTOMATIC, round=1))


def _refill_hands(st: TeomachiaState, ev: list[Event]) -> None:
    for i in order_from(st, st.initiative, alive_seats(st)):
        s = st.seats[i]
        s.in_deal = True
        s.peace = s.saved = s.desperate = s.attr_used = False
        s.bonus = s.unity = s.deeds_played = s.powers_laid = 0
        s.attack_spheres = []
        s.myths_used = []
        limit = HAND_SIZE + sum(CARDS[c].amount for c in s.places if CARDS[c].effect == "place_draw")
        if len(s.hand) < limit:  # TM-4.1
            got = draw(st, i, limit - len(s.hand))
            ev.append(Event("draw", f"seat {i} draws {got} cards", i, actor=Event.BY_GAME))


def _lay_out_elements(st: TeomachiaState, ev: list[Event]) -> None:
    """TM-4.2 the elements layout; TM-4.3 the conflict level rises with every reshuffle."""
    if len(st.elements) < 5:
        st.elements = list(range(len(ELEMENTS)))
        st.el_discard = []
        st.rng.shuffle(st.elements)
        if st.conflict < 3:
            st.conflict += 1
        ev.append(Event("elements", f"the elements deck is reshuffled; conflict level {st.conflict}",
                        actor=Event.BY_GAME))
    st.layout = [st.elements.pop() for _ in range(5)]
    st.revealed = 3
    ev.append(Event("elements", "elements layout: " + ", ".join(ELEMENTS[e].name for e in st.layout[:3])
                    + " and 2 face down", actor=Event.BY_GAME))


def _initial_stakes(st: TeomachiaState, ev: list[Event]) -> None:
    """TM-4.4 the initial stake; TM-4.5 who cannot pay it drops out (all at once: TM-4.6, they
    share the rank). In the variant without elimination the bank lends (TM-16.4)."""
    out: list[int] = []
    need = [0, 0, st.conflict]
    for i in order_from(st, st.initiative, alive_seats(st)):
        s = st.seats[i]
        comm = list(s.community)
        desp = pay_tokens(comm, need, st.no_elim)
        if desp is not None:
            s.community = comm
            s.stake = list(need)
            s.desp = desp
            s.desperate = any(desp)  # TM-16.4 desperation for the initial stake
        else:
            out.append(i)
    for i in out:
        s = st.seats[i]
        s.alive = s.in_deal = False
        s.eliminated_at = st.deal
        s.community = [0, 0, 0]
        s.places, s.damaged, s.place_tokens = [], [], []
        ev.append(Event("eliminated", f"seat {i} cannot pay the initial stake and drops out", i,
                        actor=Event.BY_GAME))


RULES.automatic(StartDeal, _start_deal)
