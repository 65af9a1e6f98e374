"""TC-10 the Power deck: drawing (the Bot discards what it would draw, BOT-2.5) and discarding."""

from __future__ import annotations

from theogony.core import Event

from ..content import PLAYER_COLOURS, POWER_CARDS, POWER_KIND
from ..state import TheocratiaState
from .tracks import worship


def _refill(s: TheocratiaState) -> None:
    if not s.deck:
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)


def draw(s: TheocratiaState, seat: int, events: list[Event], civ: int = -1) -> None:
    """TC-10.2 draw a Power card (the discard pile is reshuffled when the deck is empty)."""
    if seat == s.bot_seat:  # BOT-2.5 the Bot discards what it would draw
        _refill(s)
        if s.deck:
            s.discard.append(s.deck.pop())
        if s.high and civ >= 0:
            worship(s, seat, civ, 1, events)  # BOT-3.1
        return
    _refill(s)
    if not s.deck:
        return
    card = s.deck.pop()
    s.seats[seat].hand.append(card)
    name = PLAYER_COLOURS[s.seats[seat].colour]
    events.append(Event("draw", f"{name} draws {POWER_CARDS[card].name}", seat,
                        visible_to=(seat,), public_text=f"{name} draws a Power card"))


def discard_kind(s: TheocratiaState, seat: int, kind: int) -> None:
    hand = s.seats[seat].hand
    for i, card in enumerate(hand):
        if POWER_KIND[card] == kind:
            s.discard.append(hand.pop(i))
            return
