"""What a Teomachia position promises each seat, shared by the heuristic and the evaluations: what
a card is worth to the heuristic (`card_value`), what a hand could add in battle (`hand_power`), the
odds of winning the current deal (`deal_odds`) and the worshippers a seat can expect to own after
it (`worth_terms`)."""

from __future__ import annotations

import math

from .content import CARD_DEF, CARDS, DEF_SPHERE, DEFS, MYTHS, VALUES
from .queries import could_meet, in_settlement, participants, strength, value
from .state import TeomachiaState

# Every effect is worth more than the top of the prayer deck (TAKE_DECK_VALUE) once its requirement
# is paid, so self-play takes (and so tests) every card at least from the free slots.
TAKE_DECK_VALUE = 2.5
_EFFECT_VALUE = {
    "strength": 1.0, "opp_stake": 0.0, "per_worshipper": 0.0, "sacrifice": 3.0, "war_song": 3.4,
    "gods_people": 4.0, "draw": 4.0, "gain": 4.0, "provoke": 3.0, "discard_random": 3.5,
    "steal_random": 3.5, "peek": 3.2, "convert_community": 4.5, "convert_stake": 3.9,
    "reveal_element": 3.0, "peace": 3.5, "lasting_symbols": 3.0, "lasting_strength": 4.0,
    "omnipotence": 4.3, "cancel": 3.6, "tithe": 3.0, "save_stake": 3.5, "removed": 0.0,
}


def card_value(d: int) -> float:
    cd = DEFS[d]
    if cd.kind == "power":
        return 2.5 + cd.symbols
    v = _EFFECT_VALUE.get(cd.effect, 2.0)
    if cd.effect == "strength":
        v = cd.amount
    elif cd.effect == "opp_stake":
        v = 8.0 if cd.amount == 0 else cd.amount * VALUES[cd.token_index] * 0.8
    elif cd.effect == "per_worshipper":
        v = 6.0
    elif cd.kind == "place":
        v = 2.0 + cd.amount * (1.0 if cd.effect == "place_strength" else 2.5) - VALUES[cd.token_index] * 0.2
    return v - 0.3 * (cd.symbols + cd.spheres)


def hand_power(state: TeomachiaState, p: int) -> float:
    """Expected battle strength the seat's hand and table could add (bidding by hand strength)."""
    s = state.seats[p]
    by_sphere = [0.0, 0.0, 0.0, 0.0]
    for c in s.hand:
        d = CARD_DEF[c]
        cd = DEFS[d]
        if cd.kind != "attack":
            continue
        reach = 1.0 if could_meet(state, p, d) else 0.35
        gain = card_value(d) + 0.3 * (cd.symbols + cd.spheres)
        by_sphere[DEF_SPHERE[d]] += reach * gain
    power = max(by_sphere)
    power += sum(CARDS[c].amount for c in s.places if CARDS[c].effect == "place_strength")
    power += sum(CARDS[c].amount for c in s.lasting if CARDS[c].effect == "lasting_strength")
    power += s.bonus + sum(MYTHS[m].strength for m in s.myths if MYTHS[m].hero)
    return power


DEAL_PHASES = ("prebid", "bid", "prebattle", "battle", "respond", "settle")
# The full game's draft before the first deal: the evaluations judge it by the card value picked.
DRAFT_PHASES = ("draft", "aside", "deity")

# Fitted by maximum likelihood on positions of heuristic self-play (400 games per configuration,
# docs/content/teomachia.md, "Evaluation"): the deal's winner is predicted by a logistic model of
# strength on the table plus what the hand may add (the game's winner: bots.WORTH_POWER).
DEAL_BETA = 0.21
DEAL_HAND = 1.1


def deal_odds(st: TeomachiaState) -> list[float]:
    """Estimated chance of each seat to win the current deal (0 for seats out of it): a softmax of
    DEAL_BETA * (strength on the table + DEAL_HAND * what its hand could still add)."""
    if in_settlement(st):
        return [1.0 / len(st.winners) if i in st.winners else 0.0 for i in range(st.players)]
    parts = participants(st)
    if len(parts) == 1:
        return [1.0 if i in parts else 0.0 for i in range(st.players)]
    score = {i: DEAL_BETA * (strength(st, i) + DEAL_HAND * hand_power(st, i)) for i in parts}
    top = max(score.values())
    weights = {i: math.exp(v - top) for i, v in score.items()}
    total = sum(weights.values())
    return [weights[i] / total if i in weights else 0.0 for i in range(st.players)]


def seat_deal_odds(st: TeomachiaState) -> list[float]:
    """`deal_odds` while a deal is on, else 0 for every seat."""
    return deal_odds(st) if st.phase in DEAL_PHASES else [0.0] * st.players


def worth_terms(st: TeomachiaState, odds: list[float] | None = None) -> list[tuple[float, float, int] | None]:
    """Per seat (None for a seat that dropped out): (A, B, victory points), where the worshippers it
    can expect to own after the current deal are A + B * (the value of winning the deal): A is its
    community, places and myths plus its stake weighted by its chance to win the deal (all of it
    after Peace on Earth), B that chance (0 after Peace on Earth). `odds`, where the caller has
    them, are `seat_deal_odds(st)`."""
    if odds is None:
        odds = seat_deal_odds(st)
    terms: list[tuple[float, float, int] | None] = []
    for i, s in enumerate(st.seats):
        if not s.alive:
            terms.append(None)
            continue
        own = value(s.community) + sum(VALUES[t] for t in s.place_tokens) + 0.5 * len(s.myths)
        at_stake = value(s.stake) - value(s.desp)
        if s.peace:
            terms.append((own + at_stake, 0.0, s.vp))
        else:
            terms.append((own + odds[i] * at_stake, odds[i], s.vp))
    return terms
