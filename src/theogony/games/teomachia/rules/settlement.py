"""TM-8.6 .. TM-8.12 Settlement: the strongest participant wins the deal, every seat with cards
may play settlement effects (TM-8.7, TM-R9), then stakes, places and hands are settled in the
rulebook's order and the discarded hands show one card (TM-R7)."""

from __future__ import annotations

from theogony.core import Action, Event
from theogony.core.frames import AUTOMATIC

from ..codes import C_DONE, C_TOP
from ..content import DEFS, MYTHS, PRIEST, PROPHET, CARDS
from ..frames import Discard, Prayer, Settle, StartSettlement
from ..moves import discard_hand, from_bank, public_discard, stake_back_to_community
from ..queries import (alive_seats, control, hand_defs, has_attr, meets, order_from, participants,
                       settle_ok, strength)
from ..state import TeomachiaState
from . import full, victory
from .deeds import lay_or_play, lay_towards, play_actions
from .table import RULES


def _start_settlement(st: TeomachiaState, frame: StartSettlement, ev: list[Event]) -> None:
    st.stack.pop()
    parts = participants(st)
    st.strengths = [0] * st.players
    st.fought = parts if len(parts) > 1 else []
    if len(parts) == 1:
        st.winners = parts
    else:
        for i in parts:
            st.strengths[i] = strength(st, i)
        top = max(st.strengths[i] for i in parts)
        st.winners = [i for i in parts if st.strengths[i] == top]
        ev.append(Event("strength", "strength: " + ", ".join(
            f"seat {i} {st.strengths[i]}" for i in parts), actor=Event.BY_GAME))
    ev.append(Event("winners", "winner(s) of the deal: " + ", ".join(f"seat {i}" for i in st.winners),
                    actor=Event.BY_GAME))
    for s in st.seats:
        s.in_deal = False
    # TM-R9: every seat holding cards is asked in initiative order (being asked reveals nothing)
    seats = [i for i in order_from(st, st.initiative, alive_seats(st)) if st.seats[i].hand]
    if seats:
        st.stack.append(Settle(seat=seats[0], to_act=seats))
        return
    finish_settlement(st, ev, frame.left_to_act)


def _settle_legal(st: TeomachiaState, f: Settle) -> list[Action]:
    p = f.seat
    usable = [d for d in hand_defs(st, p) if settle_ok(st, p, d)]
    acts: list[Action] = []
    lay_towards(st, p, usable, acts)
    ctl = control(st, p)
    for d in usable:
        if meets(d, ctl):
            play_actions(st, p, d, acts)
    acts.append(Action("done", C_DONE, ("done",)))
    return acts


def _settle_apply(st: TeomachiaState, f: Settle, action: Action, ev: list[Event]) -> None:
    p = f.seat
    if lay_or_play(st, p, action, ev):
        return
    assert action.data[0] == "done", action.data[0]
    f.to_act.pop(0)
    if f.to_act:
        f.seat = f.to_act[0]
        return
    st.stack.pop()
    finish_settlement(st, ev, [])


def finish_settlement(st: TeomachiaState, ev: list[Event], left_to_act: list[int]) -> None:
    """TM-8.6 .. TM-8.12 in their order."""
    stake_sizes = [sum(s.stake) for s in st.seats]
    for i in alive_seats(st):
        if i not in st.winners and not st.seats[i].peace:
            _settle_loser(st, i, ev)
    winners = st.winners
    sole = winners[0] if len(winners) == 1 else -1
    if sole >= 0:
        from_bank(st, sole, PRIEST, 1)  # TM-8.9
        if st.seats[sole].community[PROPHET] == 0:
            from_bank(st, sole, PROPHET, 1)  # TM-8.10
    for i in winners:
        stake_back_to_community(st, i)
        st.seats[i].heroes_in_stake = []
    if sole >= 0:
        st.initiative = sole
    else:
        st.initiative = order_from(st, (st.initiative + 1) % st.players, winners)[0]  # TM-8.11
    choosing = _discard_hands(st)
    st.el_discard.extend(st.layout)
    st.layout = []
    st.revealed = 0
    if st.no_elim and victory.score_vp(st, ev, left_to_act):
        return
    if st.full:
        full.check_demands(st, ev, stake_sizes)
    if choosing:
        seats = order_from(st, st.initiative, choosing)
        st.stack.append(Discard(seat=seats[0], to_act=seats))
        return
    begin_prayer(st)


def _settle_loser(st: TeomachiaState, i: int, ev: list[Event]) -> None:
    s = st.seats[i]
    if s.saved:
        stake_back_to_community(st, i)
    s.stake = [0, 0, 0]
    s.desp = [0, 0, 0]
    if st.battle and s.heroes_in_stake:
        for m in s.heroes_in_stake:  # TM-15.7 heroes die
            s.myths.remove(m)
            ev.append(Event("hero", f"the hero {MYTHS[m].name} of seat {i} dies", i, actor=Event.BY_GAME))
        s.heroes_in_stake = []
    if has_attr(st, i, "no_damage") and i not in st.fought:
        return
    keep = []
    for j, c in enumerate(s.places):
        if s.damaged[j]:
            public_discard(st, i, [c])
            ev.append(Event("place", f"the place {CARDS[c].name} of seat {i} is destroyed", i,
                            actor=Event.BY_GAME))
        else:
            keep.append(j)
    s.places = [s.places[j] for j in keep]
    s.place_tokens = [s.place_tokens[j] for j in keep]
    s.damaged = [True] * len(keep)


def _discard_hands(st: TeomachiaState) -> list[int]:
    """TM-8.12: every seat discards; returns the seats that choose the card shown on top (TM-R7)."""
    choosing = []
    for i, s in enumerate(st.seats):
        s.stake = [0, 0, 0]
        s.desp = [0, 0, 0]
        if len(hand_defs(st, i)) > 1 and not (s.played or s.lasting or s.power):
            choosing.append(i)  # TM-R7: the owner picks which card of the hand shows
        else:
            discard_hand(st, i, -1)
    return choosing


def begin_prayer(st: TeomachiaState) -> None:
    """TM-9: the prayer phase follows (rules/prayer.py; seats that cannot take are skipped)."""
    seats = order_from(st, st.initiative, alive_seats(st))
    st.stack.append(Prayer(seat=seats[0] if seats else AUTOMATIC, to_act=seats))


def _discard_legal(st: TeomachiaState, f: Discard) -> list[Action]:
    return [Action(f"put {DEFS[d].name} on top of the discard pile", C_TOP + d, ("top", d))
            for d in hand_defs(st, f.seat)]


def _discard_apply(st: TeomachiaState, f: Discard, action: Action, ev: list[Event]) -> None:
    p = f.seat
    discard_hand(st, p, action.data[1])
    ev.append(Event("discard", f"seat {p} discards its hand with {DEFS[action.data[1]].name} on top", p,
                    reveals=True))
    f.to_act.pop(0)
    if f.to_act:
        f.seat = f.to_act[0]
        return
    st.stack.pop()
    begin_prayer(st)


RULES.automatic(StartSettlement, _start_settlement)
RULES.decision(Settle, "settle", prompt="play settlement effects", legal=_settle_legal,
               apply=_settle_apply)
RULES.decision(Discard, "discard", prompt="choose the card that shows on top of your discard pile",
               legal=_discard_legal, apply=_discard_apply)
