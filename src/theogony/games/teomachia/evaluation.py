"""A fitted judgement of Teomachia positions: MCTS `evaluation=fitted` (issue 21). It predicts the
winner better than `bots.evaluate` but did not make `expert` stronger against `hard` (32 of 61,
docs/bots.md), so the levels keep `bots.evaluate`; the search takes it by name.

Each seat still in the game gets a strength z = sum_k w_k(t) * feature_k, and its chance to be the
last god standing is its share of exp(z) over the seats still in (for two seats, the chance that it
beats the other is 1 / (1 + exp(-(z_p - z_o)))). The weights were fitted by logistic regression on
the two seats' feature differences against the winner, at every third decision after the draft of
3,000 seeded two-player heuristic games of the basic game, and move linearly from `WEIGHTS_START`
(the first deal) to `WEIGHTS_LATE` (deal `LATE_DEAL` and after).
`tools/teomachia_fit_evaluation.py --fitted` repeats the fit on the records of `theogony simulate`;
docs/bots.md ("Teomachia") gives its held-out log loss against `bots.evaluate`.

The fit saw two-player basic games only: in the full game (deities, myths and miracles), in the
variant without elimination (won by victory points) and in the draft `evaluate` gives None and
`bots.fitted_evaluate` answers with `bots.evaluate`. With three or four seats the same weights
judge each seat (not measured).
"""

from __future__ import annotations

import math

from .content import CARD_DEF, DEFS, VALUES
from .projections import DEAL_PHASES, DRAFT_PHASES, card_value, hand_power, seat_deal_odds, worth_terms
from .queries import could_meet, strength, value
from .state import TeomachiaState

FEATURES = (
    "expected_worth",  # log(worshippers it can expect to own after the deal + EXPECTED_OFFSET)
    "log_own",         # log(community and place tokens + 5)
    "own",             # community and place tokens, in tens of worshippers
    "deal_odds",       # its chance to win the current deal (0 between deals)
    "stake_won",       # that chance times its stake, in tens
    "stake",           # its stake, in tens
    "hand_power",      # what its hand could add in battle, in tens
    "card_quality",    # the mean value to the heuristic (`card_value`) of the cards it owns
    "powers",          # power cards it has laid
    "places",          # places it holds
    "lasting",         # lasting cards in front of it
    "initiative",      # it has the initiative
    "peace",           # it made peace in this deal
    "desperate",       # it bid out of desperation
    "to_move",         # the decision is its own
    "strength",        # its strength on the table while it takes part in the deal, in tens
    "owned_attacks",   # attack cards it owns (hand, deck and discard pile) ...
    "owned_effects",   # ... effect cards ...
    "owned_places",    # ... place cards ...
    "owned_powers",    # ... and power cards
    "attack_total",    # the strength of all the attack cards it owns, in tens
    "hand_attacks",    # attack cards in its hand ...
    "hand_effects",    # ... effect cards ...
    "hand_places",     # ... place cards ...
    "hand_powers",     # ... and power cards
    "hand_playable",   # cards in its hand whose requirement it could meet
    "power_symbols",   # the symbols of the power cards it has laid
)
EXPECTED_DEAL_VALUE = 40.0  # the worth of winning the deal beyond the stake (bots.WORTH_POWER, 2 seats)
EXPECTED_OFFSET = 20.0
LATE_DEAL = 8
WEIGHTS_START = (
    0.7038, 0.2763, 0.3137, 0.0622, 0.1563, -0.0674, 0.7475, 0.0595, -0.085,
    0.3996, 0.1278, -0.0245, -0.0139, -0.0126, -0.0323, 0.8381, 0.1206, 0.0528,
    0.6976, -0.0856, 0.4671, -0.024, 0.1397, 0.4773, 0.2536, -0.2118, 0.0559)
WEIGHTS_LATE = (
    1.0971, 0.5338, -0.019, -0.1202, 0.1, 0.1235, 0.8813, 0.0263, -0.0877,
    0.1286, -0.0812, 0.1139, -0.0273, -0.2406, -0.0278, 0.8897, 0.0698, 0.0671,
    0.2037, -0.0619, 0.0434, -0.1466, 0.1785, 0.3043, 0.116, -0.1145, -0.0277)
_KINDS = ("attack", "effect", "place", "power")   # in the order FEATURES lists them


def features(st: TeomachiaState) -> list[list[float] | None]:
    """Per seat, its values of FEATURES (None for a seat that is out)."""
    in_deal = st.phase in DEAL_PHASES
    odds = seat_deal_odds(st)
    terms = worth_terms(st, odds)
    me = st.current_player
    rows: list[list[float] | None] = []
    for i, s in enumerate(st.seats):
        term = terms[i]
        if term is None:
            rows.append(None)
            continue
        expected, deal_share, _ = term
        own = value(s.community) + sum(VALUES[t] for t in s.place_tokens)
        stake = value(s.stake) - value(s.desp)
        owned_defs = [CARD_DEF[c] for c in s.hand + s.deck + s.discard]
        owned = [DEFS[d] for d in owned_defs]
        in_hand = [DEFS[CARD_DEF[c]] for c in s.hand]
        quality = sum(card_value(d) for d in owned_defs) / len(owned_defs) if owned_defs else 0.0
        rows.append([
            math.log(expected + deal_share * EXPECTED_DEAL_VALUE + EXPECTED_OFFSET),
            math.log(own + 5.0), own / 10.0, odds[i], odds[i] * stake / 10.0, stake / 10.0,
            hand_power(st, i) / 10.0, quality,
            float(len(s.power)), float(len(s.places)), float(len(s.lasting)),
            float(st.initiative == i), float(s.peace), float(s.desperate), float(me == i),
            strength(st, i) / 10.0 if in_deal and s.in_deal else 0.0,
            *(float(sum(cd.kind == kind for cd in owned)) for kind in _KINDS),
            sum(cd.amount for cd in owned if cd.kind == "attack") / 10.0,
            *(float(sum(cd.kind == kind for cd in in_hand)) for kind in _KINDS),
            float(sum(could_meet(st, i, CARD_DEF[c]) for c in s.hand)),
            float(sum(DEFS[CARD_DEF[c]].symbols for c in s.power)),
        ])
    return rows


def weights(deal: int) -> list[float]:
    """The weights of FEATURES in deal number `deal`."""
    t = min(1.0, deal / LATE_DEAL)
    return [a + (b - a) * t for a, b in zip(WEIGHTS_START, WEIGHTS_LATE)]


def strengths(st: TeomachiaState) -> list[float | None]:
    """Per seat, z = the weighted sum of its features (None for a seat that is out)."""
    w = weights(st.deal)
    return [None if row is None else sum(a * b for a, b in zip(w, row)) for row in features(st)]


def evaluate(st: TeomachiaState) -> tuple[float, ...] | None:
    """Each seat's estimated chance to be the last god standing, summing to 1; None where the fit
    does not reach (the full game, the variant without elimination, the draft), for
    `bots.evaluate` to answer."""
    if st.is_terminal():
        return st.outcome().rewards()
    if st.full or st.no_elim or st.phase in DRAFT_PHASES:
        return None
    z = strengths(st)
    top = max(v for v in z if v is not None)
    shares = [0.0 if v is None else math.exp(v - top) for v in z]
    total = sum(shares)
    return tuple(x / total for x in shares)
