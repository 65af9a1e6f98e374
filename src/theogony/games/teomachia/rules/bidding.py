"""TM-5 Bidding: bidding phases in initiative order; a bidder plays deed cards and lays out
power, then waits, calls, raises or withdraws (TM-5.5 .. TM-5.9)."""

from __future__ import annotations

from theogony.core import Action, Event
from theogony.core.frames import AUTOMATIC, FramedState

from ..codes import C_CALL, C_RAISE, C_WAIT, C_WITHDRAW
from ..content import DEFS, TOKENS
from ..frames import Bid, StartBattle, StartBidding, StartSettlement
from ..moves import community_to_stake, reveal_element
from ..queries import (call_needs, call_target, control, hand_defs, last_bidding_phase, meets,
                       order_from, participants, pay_tokens, raise_options, tok)
from ..state import TeomachiaState
from . import full
from .deeds import lay_actions, lay_or_play, play_actions
from .table import RULES


def _start_bidding(st: TeomachiaState, frame: StartBidding, ev: list[Event]) -> None:
    st.stack.pop()
    begin_bid(st, frame.round, ev)


def begin_bid(st: TeomachiaState, r: int, ev: list[Event]) -> None:
    st.bid_round = r
    if r > 1:
        reveal_element(st, ev, by_game=True)  # TM-5.1
    st.raised = False
    seats = order_from(st, st.initiative, participants(st))
    st.stack.append(Bid(seat=seats[0], to_act=seats))
    ev.append(Event("phase", f"bidding phase {r}", actor=Event.BY_GAME))


def _bid_prompt(st: TeomachiaState, f: Bid) -> str:
    return f"bidding phase {st.bid_round}: play cards, then wait/raise/call/withdraw"


def _bid_legal(st: TeomachiaState, f: Bid) -> list[Action]:
    p = f.seat
    s = st.seats[p]
    acts: list[Action] = []
    lay_actions(st, p, acts)
    ctl = control(st, p)
    for d in hand_defs(st, p):
        cd = DEFS[d]
        if cd.kind not in ("effect", "place") or cd.timing != "bid" or cd.removed:
            continue
        if cd.effect == "peace" and last_bidding_phase(st):
            continue  # TM-13.4
        if cd.kind == "place" and s.community[cd.token_index] <= 0:
            continue  # TM-5.4
        if meets(d, ctl):
            play_actions(st, p, d, acts)
    full.attribute_actions(st, p, "bid", acts)
    need = call_needs(st, p)
    if not st.raised:
        acts.append(Action("wait", C_WAIT, ("wait",)))
    else:  # TM-5.8: what the community lacks comes from the (unlimited, TM-R4) bank
        acts.append(Action("call", C_CALL, ("call",)))
    for k in raise_options(st, p, need):
        acts.append(Action(f"raise {TOKENS[k]}", C_RAISE + k, ("raise", k)))
    acts.append(Action("withdraw", C_WITHDRAW, ("withdraw",)))
    return acts


def _bid_apply(st: TeomachiaState, f: Bid, action: Action, ev: list[Event]) -> None:
    p = f.seat
    kind = action.data[0]
    if lay_or_play(st, p, action, ev):
        return
    if kind == "attr":
        full.use_attribute(st, p, action.data[1], ev)
        # Marduk's retreat ends the bidding turn at once (the withdrawn bidder's skip below);
        # what follows is settled before the attribute's window check, as the rule reads
        FramedState.settle(st, ev)
        full.after_attribute(st, p, ev)
    elif kind == "wait":
        f.to_act.remove(p)
        ev.append(Event("wait", f"seat {p} waits", p))
        after_bid_action(st, f, ev)
    elif kind == "call":
        _call(st, f, p, ev)
    elif kind == "raise":
        _raise(st, f, p, action.data[1], ev)
    else:
        assert kind == "withdraw", kind
        st.seats[p].in_deal = False
        if p in f.to_act:
            f.to_act.remove(p)
        ev.append(Event("withdraw", f"seat {p} withdraws from the deal", p))
        after_bid_action(st, f, ev)


def pay_call(st: TeomachiaState, p: int) -> None:
    s = st.seats[p]
    target = call_target(st)
    need = [max(0, target[k] - s.stake[k]) for k in range(3)]
    desp = pay_tokens(s.community, need, True)
    assert desp is not None, "the desperation rule always completes a call"
    for k in range(3):
        s.stake[k] += need[k]
        s.desp[k] += desp[k]  # TM-5.8 desperation: kept apart, back to the bank at settlement
    if any(desp):
        s.desperate = True


def _call(st: TeomachiaState, f: Bid, p: int, ev: list[Event]) -> None:
    before = sum(st.seats[p].desp)
    pay_call(st, p)
    f.to_act.remove(p)
    extra = sum(st.seats[p].desp) - before
    ev.append(Event("call", f"seat {p} calls" + (f" ({extra} from the bank by desperation)"
                                                 if extra else ""), p))
    after_bid_action(st, f, ev)


def _raise(st: TeomachiaState, f: Bid, p: int, k: int, ev: list[Event]) -> None:
    if st.raised:
        pay_call(st, p)
    community_to_stake(st, p, k)
    st.raised = True
    others = [i for i in participants(st) if i != p]
    f.to_act = order_from(st, (p + 1) % st.players, others)
    ev.append(Event("raise", f"seat {p} raises with a {TOKENS[k]}; stake {tok(st.seats[p].stake)}", p))
    after_bid_action(st, f, ev)


def _withdrawn_bidder(st: TeomachiaState, f: Bid, ev: list[Event]) -> bool:
    """A bidder who left the deal by its own card or attribute (Peace on Earth, Marduk's retreat)
    ends its bidding turn."""
    p = f.seat
    if st.seats[p].in_deal:
        return False
    if p in f.to_act:
        f.to_act.remove(p)
    after_bid_action(st, f, ev)
    return True


def after_bid_action(st: TeomachiaState, f: Bid, ev: list[Event]) -> None:
    if len(participants(st)) == 1:  # TM-5.9 (c)
        st.stack.pop()
        st.stack.append(StartSettlement(seat=AUTOMATIC, left_to_act=list(f.to_act)))
        return
    f.to_act = [i for i in f.to_act if st.seats[i].in_deal]
    if f.to_act:
        f.seat = f.to_act[0]
        return
    st.stack.pop()
    if last_bidding_phase(st):  # TM-5.9, TM-R6: every element is face up
        st.stack.append(StartBattle(seat=AUTOMATIC))
    else:
        begin_bid(st, st.bid_round + 1, ev)


RULES.automatic(StartBidding, _start_bidding)
RULES.decision(Bid, "bid", prompt=_bid_prompt, legal=_bid_legal, apply=_bid_apply,
               skip=_withdrawn_bidder)
