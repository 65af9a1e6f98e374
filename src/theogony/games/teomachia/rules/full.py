"""TM-15 The full game (variant `full`): deities chosen in secret with their attributes and
demands, miracle tokens, myth cards and heroes used in the windows before the bidding and the
battle, and the myth decks bought from after the prayer phase. The classic rules hand over to
this module only where the full game adds a step."""

from __future__ import annotations

from theogony.core import Action, Event
from theogony.core.frames import AUTOMATIC

from ..codes import C_ATTR, C_BUY, C_CYCLE, C_DEITY, C_DONE, C_HERO, C_LEAVE, C_MYTHUSE, TARGETS
from ..content import DEITIES, MYTHOLOGIES, MYTHS, MYTHS_BY_MYTHOLOGY, TOKENS
from ..effects import ATTRIBUTES, DEMANDS, MYTH_EFFECTS
from ..frames import Battle, BuyMyth, ChooseDeity, MythWindow, PreBattle, PreBid, StartBidding, StartDeal
from ..moves import remove_community
from ..queries import alive_seats, last_bidding_phase, order_from, participants, targets
from ..state import TeomachiaState
from .setup import finish_setup
from .table import RULES


# ---------------------------------------------------------------- the deity (TM-15.1, TM-15.2)
def _deity_legal(st: TeomachiaState, f: ChooseDeity) -> list[Action]:
    return [Action(f"choose {DEITIES[i].name}", C_DEITY + i, ("deity", i))
            for i in st.seats[f.seat].deity_options]


def _choose_deity(st: TeomachiaState, f: ChooseDeity, action: Action, ev: list[Event]) -> None:
    p = f.seat
    st.seats[p].deity = action.data[1]
    ev.append(Event("deity", f"seat {p} chooses {DEITIES[action.data[1]].name}", p, visible_to=(p,),
                    public_text=f"seat {p} chooses a deity in secret"))
    if p + 1 < st.players:
        f.seat = p + 1
        return
    st.stack.pop()
    st.deities_revealed = True  # TM-15.2
    for i, s in enumerate(st.seats):
        ev.append(Event("deity", f"seat {i} reveals {DEITIES[s.deity].name}", i, reveals=True,
                        actor=Event.BY_GAME))
        s.myth_deck = list(MYTHS_BY_MYTHOLOGY[MYTHOLOGIES[s.mythology]])
        st.rng.shuffle(s.myth_deck)
    finish_setup(st, ev)


# ---------------------------------------------------------------- attributes (TM-15.3)
def attribute_actions(st: TeomachiaState, p: int, window: str, acts: list[Action]) -> None:
    s = st.seats[p]
    if not st.full or s.deity < 0 or s.attr_used or not st.deities_revealed:
        return
    dt = DEITIES[s.deity]
    if dt.attr_kind != "activated" or dt.window != window:
        return
    if s.community[TOKENS.index(dt.cost_token)] <= 0:
        return
    if dt.attribute == "retreat" and last_bidding_phase(st):
        return  # TM-13.6 Marduk
    if dt.attribute == "reveal_element" and st.revealed >= 5:
        return
    if dt.target:
        for t in targets(st, p):
            acts.append(Action(f"use {dt.name} on seat {t}", C_ATTR + t + 1, ("attr", t)))
    else:
        acts.append(Action(f"use {dt.name}", C_ATTR, ("attr", -1)))


def use_attribute(st: TeomachiaState, p: int, t: int, ev: list[Event]) -> None:
    s = st.seats[p]
    dt = DEITIES[s.deity]
    s.attr_used = True
    remove_community(st, p, TOKENS.index(dt.cost_token), 1)
    ev.append(Event("attribute", f"seat {p} uses {dt.name}" + (f" on seat {t}" if t >= 0 else ""), p))
    ATTRIBUTES[dt.attribute](st, p, t, ev)


def after_attribute(st: TeomachiaState, p: int, ev: list[Event]) -> None:
    """In a myth window, a seat with nothing left to use there is done."""
    top = st.stack[-1] if st.stack else None
    if isinstance(top, MythWindow) and not window_has_options(st, p, top.WINDOW):
        _window_done(st, top, ev)


def check_demands(st: TeomachiaState, ev: list[Event], stake_sizes: list[int]) -> None:
    """TM-15.3: at most one miracle token per seat per deal, while the supply lasts."""
    for i in order_from(st, st.initiative, alive_seats(st)):
        s = st.seats[i]
        met = DEMANDS[DEITIES[s.deity].demand](st, i, i in st.winners, stake_sizes)
        if met and st.miracle_supply > 0:
            st.miracle_supply -= 1
            s.miracles += 1
            ev.append(Event("miracle", f"seat {i} fulfils the demand of {DEITIES[s.deity].name} "
                            "and draws a miracle token", i, actor=Event.BY_GAME))


# ---------------------------------------------------------------- myth windows (TM-15.5, TM-15.6)
def window_actions(st: TeomachiaState, p: int, window: str, acts: list[Action]) -> None:
    s = st.seats[p]
    for m in s.myths:
        my = MYTHS[m]
        if m in s.myths_used:
            continue
        if my.window == window:
            _targeted(st, p, f"use {my.name}", C_MYTHUSE + m * TARGETS, ("myth", m), my.target, acts)
        elif my.hero and window == "prebattle" and m not in s.heroes_in_stake:
            _targeted(st, p, f"add hero {my.name}", C_HERO + m * TARGETS, ("hero", m), my.target, acts,
                      " against")
    attribute_actions(st, p, window, acts)


def _targeted(st: TeomachiaState, p: int, text: str, code: int, data: tuple[str, int], target: bool,
              acts: list[Action], on: str = " on") -> None:
    if target:
        for t in targets(st, p):
            acts.append(Action(f"{text}{on} seat {t}", code + t + 1, (*data, t)))
    else:
        acts.append(Action(text, code, (*data, -1)))


def window_has_options(st: TeomachiaState, p: int, window: str) -> bool:
    acts: list[Action] = []
    window_actions(st, p, window, acts)
    return bool(acts)


def window_seats(st: TeomachiaState, window: str) -> list[int]:
    """The participants, in initiative order, with something to use in this window."""
    return [i for i in order_from(st, st.initiative, participants(st)) if window_has_options(st, i, window)]


def _window_legal(st: TeomachiaState, f: MythWindow) -> list[Action]:
    acts: list[Action] = []
    window_actions(st, f.seat, f.WINDOW, acts)
    acts.append(Action("done", C_DONE, ("done",)))
    return acts


def _window_apply(st: TeomachiaState, f: MythWindow, action: Action, ev: list[Event]) -> None:
    p = f.seat
    kind = action.data[0]
    if kind == "done":
        _window_done(st, f, ev)
        return
    if kind == "attr":
        use_attribute(st, p, action.data[1], ev)
        after_attribute(st, p, ev)
        return
    s = st.seats[p]
    m, t = action.data[1], action.data[2]
    my = MYTHS[m]
    if kind == "myth":
        s.myths_used.append(m)
        ev.append(Event("myth", f"seat {p} uses {my.name}" + (f" on seat {t}" if t >= 0 else ""), p))
    else:
        assert kind == "hero", kind
        s.heroes_in_stake.append(m)  # TM-15.6
        ev.append(Event("hero", f"seat {p} adds the hero {my.name} to the stake", p))
    if my.effect:
        MYTH_EFFECTS[my.effect](st, p, my.amount, t, ev)
    if not window_has_options(st, p, f.WINDOW):
        _window_done(st, f, ev)


def _window_done(st: TeomachiaState, f: MythWindow, ev: list[Event]) -> None:
    f.to_act.pop(0)
    if f.to_act:
        f.seat = f.to_act[0]
        return
    st.stack.pop()
    if isinstance(f, PreBid):
        st.stack.append(StartBidding(seat=AUTOMATIC, round=1))
    else:
        first = order_from(st, st.initiative, participants(st))[0]  # the battle turns (TM-8.3)
        st.stack.append(Battle(seat=first, passes=0, played_this_turn=False))


# ---------------------------------------------------------------- myth decks (TM-15.4)
def _myth_legal(st: TeomachiaState, f: BuyMyth) -> list[Action]:
    s = st.seats[f.seat]
    top = MYTHS[s.myth_deck[-1]]
    acts: list[Action] = []
    if s.miracles >= top.cost:
        acts.append(Action(f"buy {top.name}", C_BUY, ("buy",)))
    if len(s.myth_deck) > 1:
        acts.append(Action("cycle myth deck", C_CYCLE, ("cycle",)))
    acts.append(Action("leave myth deck", C_LEAVE, ("leave",)))
    return acts


def _myth_apply(st: TeomachiaState, f: BuyMyth, action: Action, ev: list[Event]) -> None:
    p = f.seat
    s = st.seats[p]
    kind = action.data[0]
    if kind == "buy":
        m = s.myth_deck.pop()
        s.miracles -= MYTHS[m].cost
        st.miracle_supply += MYTHS[m].cost
        s.myths.append(m)
        ev.append(Event("buy", f"seat {p} buys {MYTHS[m].name}", p))
    elif kind == "cycle":
        s.myth_deck.insert(0, s.myth_deck.pop())
        ev.append(Event("cycle", f"seat {p} moves {MYTHS[s.myth_deck[0]].name} to the bottom; "
                        f"{MYTHS[s.myth_deck[-1]].name} shows", p, reveals=True))
    f.to_act.pop(0)
    if f.to_act:
        f.seat = f.to_act[0]
        return
    st.stack.pop()
    st.stack.append(StartDeal(seat=AUTOMATIC))


RULES.decision(ChooseDeity, "deity", prompt="choose your deity in secret", legal=_deity_legal,
               apply=_choose_deity)
RULES.decision(PreBid, "prebid", prompt="use myth cards or attributes before the first bidding phase",
               legal=_window_legal, apply=_window_apply)
RULES.decision(PreBattle, "prebattle", prompt="use myth cards, heroes or attributes before the battle",
               legal=_window_legal, apply=_window_apply)
RULES.decision(BuyMyth, "myth", prompt="buy, cycle or leave your myth deck", legal=_myth_legal,
               apply=_myth_apply)
