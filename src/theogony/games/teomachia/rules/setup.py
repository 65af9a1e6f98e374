"""TM-2 Setup: the prayer deck, the draft of the starting decks (TM-2.2, TM-2.3), the cards set
aside (TM-2.4) and the last preparations before the first deal (TM-2.5)."""

from __future__ import annotations

from typing import Any

from theogony.core import Action, Event, Rng
from theogony.core.frames import AUTOMATIC

from ..codes import C_ASIDE, C_PICK
from ..content import CARD_DEF, CARDS, DEFS, DEITIES_BY_MYTHOLOGY, ELEMENTS, MYTHOLOGIES
from ..frames import ChooseDeity, DraftPick, SetAside, StartDeal
from ..queries import card_of_def
from ..state import DRAFT, SET_ASIDE, MIRACLE_TOKENS, Seat, TeomachiaState
from .table import RULES


def new_game(players: int, seed: int, variant: dict[str, Any]) -> TeomachiaState:
    rng = Rng(seed)
    seats = [Seat() for _ in range(players)]
    deck = [i for i, c in enumerate(CARDS) if not c.removed]  # TM-13.1
    rng.shuffle(deck)
    full = bool(variant.get("full"))
    if full:  # TM-15.1 one mythology per seat, both its deities face up
        order = list(range(len(MYTHOLOGIES)))
        rng.shuffle(order)
        for i, s in enumerate(seats):
            s.mythology = order[i]
            s.deity_options = list(DEITIES_BY_MYTHOLOGY[MYTHOLOGIES[order[i]]])
    st = TeomachiaState(
        players=players, seed=seed, variant=dict(variant), rng=rng, history=[], stack=[],
        seats=seats, full=full, no_elim=bool(variant.get("no_elimination")), deal=0,
        initiative=0, conflict=1, elements=[], el_discard=[], layout=[], revealed=0,
        prayer_deck=deck, track=[-1] * 6, boxed=[], set_aside=[], bid_round=0, raised=False,
        gods_people=False, battle=False, winners=[], strengths=[0] * players,
        miracle_supply=MIRACLE_TOKENS, deities_revealed=False, fought=[], left_to_act=[])
    frame = DraftPick(seat=0, round=0)
    start_draft_round(st, frame, [])
    st.stack.append(frame)
    return st


def start_draft_round(st: TeomachiaState, frame: DraftPick, ev: list[Event]) -> None:
    _, size = DRAFT[st.players]
    frame.round += 1
    for seat in st.seats:
        seat.draft_hand = [st.prayer_deck.pop() for _ in range(size)]
    ev.append(Event("draft", f"draft round {frame.round}: {size} cards to each seat", actor=Event.BY_GAME))


def _pick_legal(st: TeomachiaState, f: DraftPick) -> list[Action]:
    s = st.seats[f.seat]
    return [Action(f"pick {DEFS[d].name}", C_PICK + d, ("pick", d))
            for d in sorted({CARD_DEF[c] for c in s.draft_hand})]


def _pick(st: TeomachiaState, f: DraftPick, action: Action, ev: list[Event]) -> None:
    p = f.seat
    s = st.seats[p]
    c = card_of_def(s.draft_hand, action.data[1])
    s.draft_hand.remove(c)
    s.picks.append(c)
    ev.append(Event("pick", f"seat {p} picks {CARDS[c].name}", p, visible_to=(p,),
                    public_text=f"seat {p} picks a card"))
    if p + 1 < st.players:
        f.seat = p + 1
        return
    f.seat = 0
    if len(st.seats[0].draft_hand) != 1:
        hands = [seat.draft_hand for seat in st.seats]
        for i, seat in enumerate(st.seats):
            seat.draft_hand = hands[(i - 1) % st.players]  # TM-2.3: pass to the left
        ev.append(Event("pass", "the draft hands pass to the left", actor=Event.BY_GAME))
        return
    for seat in st.seats:  # TM-2.3: the last card is set aside
        st.set_aside.extend(seat.draft_hand)
        seat.draft_hand = []
    rounds, _ = DRAFT[st.players]
    if f.round < rounds:
        start_draft_round(st, f, ev)
        return
    st.stack.pop()
    st.stack.append(SetAside(seat=0, count=0))
    ev.append(Event("phase", "every seat sets aside 4 of its 12 cards", actor=Event.BY_GAME))


def _aside_legal(st: TeomachiaState, f: SetAside) -> list[Action]:
    s = st.seats[f.seat]
    return [Action(f"set aside {DEFS[d].name}", C_ASIDE + d, ("aside", d))
            for d in sorted({CARD_DEF[c] for c in s.picks})]


def _aside(st: TeomachiaState, f: SetAside, action: Action, ev: list[Event]) -> None:
    p = f.seat
    s = st.seats[p]
    c = card_of_def(s.picks, action.data[1])
    s.picks.remove(c)
    st.set_aside.append(c)
    f.count += 1
    ev.append(Event("aside", f"seat {p} sets aside {CARDS[c].name}", p, visible_to=(p,),
                    public_text=f"seat {p} sets a card aside"))
    if f.count < SET_ASIDE:
        return
    if p + 1 < st.players:
        f.seat = p + 1
        f.count = 0
        return
    st.stack.pop()
    if st.full:
        st.stack.append(ChooseDeity(seat=0))  # TM-15.1, rules/full.py
        return
    finish_setup(st, ev)


def finish_setup(st: TeomachiaState, ev: list[Event]) -> None:
    """TM-2.5: set-aside cards back into the prayer deck, the track, the decks, initiative."""
    st.prayer_deck.extend(st.set_aside)
    st.set_aside = []
    st.rng.shuffle(st.prayer_deck)
    st.track = [st.prayer_deck.pop() for _ in range(6)]
    for s in st.seats:
        s.deck = s.picks
        s.picks = []
        st.rng.shuffle(s.deck)
    st.elements = list(range(len(ELEMENTS)))
    st.rng.shuffle(st.elements)
    st.initiative = st.rng.below(st.players)  # TM-3.1
    ev.append(Event("setup", f"seat {st.initiative} has the initiative", actor=Event.BY_GAME))
    st.stack.append(StartDeal(seat=AUTOMATIC))


RULES.decision(DraftPick, "draft", prompt="pick a card for your starting deck", legal=_pick_legal,
               apply=_pick)
RULES.decision(SetAside, "aside", prompt="set aside cards until you keep 8", legal=_aside_legal,
               apply=_aside)
