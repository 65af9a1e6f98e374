"""The small state changes every rule and effect is built from: worshipper tokens moving between
bank, community and stake (TM-10), cards moving between deck, hand and discard pile (TM-11)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from theogony.core import Event

from .content import CARD_DEF, CARDS, ELEMENTS
from .queries import card_of_def, make_change

if TYPE_CHECKING:
    from .state import TeomachiaState


def credit(ev: list[Event], start: int, actor: int) -> None:
    """Credit the events from `start` on that name no actor to seat `actor` (see Event.actor)."""
    for k in range(start, len(ev)):
        if ev[k].actor is None:
            ev[k] = dataclasses.replace(ev[k], actor=actor)


# ---------------------------------------------------------------- tokens (TM-10)
def fix_change(st: TeomachiaState, p: int) -> None:
    """TM-10.1: making change is immediate and compulsory (the bank is unlimited, TM-R4)."""
    make_change(st.seats[p].community)


def from_bank(st: TeomachiaState, p: int, k: int, n: int) -> None:
    """p draws n tokens of kind k from the (unlimited, TM-R4) bank into its community."""
    st.seats[p].community[k] += n
    fix_change(st, p)


def community_to_stake(st: TeomachiaState, p: int, k: int) -> bool:
    s = st.seats[p]
    if s.community[k] <= 0:
        return False
    s.community[k] -= 1
    s.stake[k] += 1
    fix_change(st, p)
    return True


def remove_stake(st: TeomachiaState, p: int, k: int, n: int) -> int:
    """Discard up to n tokens of kind k from p's stake to the bank (n=0: all); returns how many of
    them were p's own. TM-R3: the tokens p took from the bank by desperation go first."""
    s = st.seats[p]
    m = s.stake[k] if n == 0 else min(n, s.stake[k])
    from_bank = min(m, s.desp[k])
    s.stake[k] -= m
    s.desp[k] -= from_bank
    return m - from_bank


def remove_community(st: TeomachiaState, p: int, k: int, n: int) -> int:
    s = st.seats[p]
    m = min(n, s.community[k])
    s.community[k] -= m
    fix_change(st, p)
    return m


def stake_back_to_community(st: TeomachiaState, p: int) -> None:
    """p's own tokens in its stake go back to its community; those taken from the bank by
    desperation go back to the bank (TM-5.8)."""
    s = st.seats[p]
    for k in range(3):
        s.community[k] += s.stake[k] - s.desp[k]
    s.stake = [0, 0, 0]
    s.desp = [0, 0, 0]
    fix_change(st, p)


def withdraw_in_peace(st: TeomachiaState, p: int) -> None:
    """TM-13.4, TM-R5: p takes back its stake and leaves the deal, neither winner nor loser."""
    stake_back_to_community(st, p)
    s = st.seats[p]
    s.in_deal = False
    s.peace = True


# ---------------------------------------------------------------- cards (TM-11)
def pop_deck(st: TeomachiaState, p: int) -> int:
    """TM-11.2: an empty deck is refilled by shuffling the discard pile (-1: no card left)."""
    s = st.seats[p]
    if not s.deck:
        if not s.discard:
            return -1
        s.deck = s.discard
        s.discard = []
        st.rng.shuffle(s.deck)
        s.known_cycle.extend(s.known_discard)  # TM-R21: known cards are now somewhere in the deck
        s.known_discard = []
    return s.deck.pop()


def draw(st: TeomachiaState, p: int, n: int) -> int:
    s = st.seats[p]
    got = 0
    for _ in range(n):
        card = pop_deck(st, p)
        if card < 0:
            break
        s.hand.append(card)
        got += 1
    return got


def public_discard(st: TeomachiaState, p: int, cards: list[int]) -> None:
    """Cards every player sees go onto p's discard pile (TM-11.1, TM-R21)."""
    s = st.seats[p]
    s.discard.extend(cards)
    s.known_discard.extend(CARD_DEF[c] for c in cards)


def left_cycle(st: TeomachiaState, p: int, c: int) -> None:
    """Card c left p's hand or deck in everyone's sight: one known card of its kind may be the
    one (TM-R21; forgetting one keeps the knowledge public)."""
    kc = st.seats[p].known_cycle
    d = CARD_DEF[c]
    if d in kc:
        kc.remove(d)


def take_from_hand(st: TeomachiaState, p: int, d: int) -> int:
    """p takes a card of definition d out of its hand in everyone's sight."""
    s = st.seats[p]
    c = card_of_def(s.hand, d)
    s.hand.remove(c)
    left_cycle(st, p, c)
    return c


def discard_hand(st: TeomachiaState, p: int, top: int) -> None:
    """TM-8.12, TM-R7: p discards its hand, the attacks it played, its lasting effects and its
    power cards. What shows on top is the card that reveals least: one everyone has seen
    (the cards of the table), or else the hand card `top` (definition) the owner chose, or the
    only kind of card the hand holds."""
    s = st.seats[p]
    public = s.played + s.lasting + s.power
    shown: list[int] = []
    hidden = list(s.hand)
    if not public and hidden:
        d = top if top >= 0 else CARD_DEF[hidden[-1]]
        shown = [card_of_def(hidden, d)]
        hidden.remove(shown[0])
        left_cycle(st, p, shown[0])
    s.discard.extend(hidden)  # face down: these stay unknown to the others
    public_discard(st, p, public + shown)
    s.hand, s.played, s.lasting, s.power = [], [], [], []


def peek(st: TeomachiaState, p: int, t: int, ev: list[Event]) -> None:
    names = ", ".join(sorted(CARDS[c].name for c in st.seats[t].hand)) or "nothing"
    ev.append(Event("peek", f"seat {p} sees the hand of seat {t}: {names}", p, visible_to=(p,),
                    public_text=f"seat {p} looks at the hand of seat {t}"))


def steal(st: TeomachiaState, p: int, t: int, n: int, ev: list[Event]) -> None:
    th = st.seats[t].hand
    for _ in range(n):
        if not th:
            return
        c = th.pop(st.rng.below(len(th)))
        st.seats[t].known_cycle = []  # TM-R21: nobody else knows which card went
        st.seats[p].hand.append(c)
        ev.append(Event("steal", f"seat {p} takes {CARDS[c].name} from seat {t}", p, visible_to=(p, t),
                        public_text=f"seat {p} takes a card from seat {t}"))


def discard_random(st: TeomachiaState, t: int, n: int, ev: list[Event]) -> None:
    s = st.seats[t]
    for _ in range(n):
        if not s.hand:
            return
        c = s.hand.pop(st.rng.below(len(s.hand)))
        left_cycle(st, t, c)
        public_discard(st, t, [c])
        ev.append(Event("discard", f"seat {t} discards {CARDS[c].name}", t, reveals=True))


def reveal_element(st: TeomachiaState, ev: list[Event], by_game: bool = False) -> None:
    """TM-5.1: the next face-down element of the layout is turned face up."""
    if st.revealed < len(st.layout):
        st.revealed += 1
        ev.append(Event("elements", f"element revealed: {ELEMENTS[st.layout[st.revealed - 1]].name}",
                        reveals=True, actor=Event.BY_GAME if by_game else None))
