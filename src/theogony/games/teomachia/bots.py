"""A hand-written heuristic Teomachia player and a position evaluation for search cut-offs.

The heuristic bids by hand strength: it estimates what its attacks, places and bonuses could add in a
battle, raises with a strong hand, calls with a fair one and withdraws from expensive deals with a weak
one. It drafts and buys cards by a fixed value table, always plays its useful effects, aims targeted
cards at the opponent with the biggest stake, and plays all attacks of its best sphere in battle.
"""

from __future__ import annotations

import math
from typing import Any

from theogony.core import Action, PolicyAgent, Rng

from . import evaluation
from .content import CARD_DEF, CARDS, DEF_SPHERE, DEFS, DEITIES, VALUES
from .projections import DRAFT_PHASES, TAKE_DECK_VALUE, card_value, hand_power, worth_terms
from .queries import call_needs, control, could_meet, meets, value, windows
from .state import TeomachiaState

ByKind = dict[str, list[Action]]

DEEDS_PER_DEAL = 12  # the heuristic's own restraint: deed cards it plays in one deal's bidding


def _target(state: TeomachiaState, p: int, acts: list[Action]) -> Action:
    def key(a: Action) -> tuple[int, int]:
        t = a.data[-1]
        if t is None or t < 0:
            return (0, 0)
        ts = state.seats[t]
        return (value(ts.stake) + value(ts.community) // 4, -t)
    return max(acts, key=key)


def heuristic_policy(state: Any, rng: Rng) -> Action:
    st: TeomachiaState = state
    acts = st.legal_actions()
    if len(acts) == 1:
        return acts[0]
    p = st.current_player
    assert p is not None
    ph = st.phase
    by_kind: dict[str, list[Action]] = {}
    for a in acts:
        by_kind.setdefault(a.data[0], []).append(a)
    if ph in ("draft", "aside"):
        best = sorted(acts, key=lambda a: card_value(a.data[1]), reverse=(ph == "draft"))
        return best[0]
    if ph == "deity":
        return rng.choice(acts)  # every deity is playable; variety for the statistics per deity
    if ph == "discard":  # show the card it values least
        return min(acts, key=lambda a: card_value(a.data[1]))
    if ph == "prayer":
        return _prayer_choice(st, p, acts)
    if ph == "bid":
        return _bid_choice(st, p, by_kind)
    return _PHASE_CHOICES[ph](st, p, acts, by_kind)


def _window_choice(st: TeomachiaState, p: int, acts: list[Action], by_kind: ByKind) -> Action:
    for kind in ("hero", "myth", "attr"):
        if kind in by_kind:
            return _target(st, p, by_kind[kind])
    return acts[-1]


def _respond_choice(st: TeomachiaState, p: int, acts: list[Action], by_kind: ByKind) -> Action:
    hurts = _response_hurts(st, p)
    if hurts and "respond" in by_kind:
        return by_kind["respond"][0]
    if hurts and "lay" in by_kind:
        return by_kind["lay"][0]
    return by_kind["pass"][0]


def _settle_choice(st: TeomachiaState, p: int, acts: list[Action], by_kind: ByKind) -> Action:
    if "play" in by_kind:
        return by_kind["play"][0]
    if "lay" in by_kind and any(DEFS[CARD_DEF[c]].timing == "settle" for c in st.seats[p].hand):
        return by_kind["lay"][0]
    return by_kind["done"][0]


def _prayer_choice(st: TeomachiaState, p: int, acts: list[Action]) -> Action:
    rich = value(st.seats[p].community) > 30

    def pval(a: Action) -> float:
        if a.data[0] == "takedeck":
            return TAKE_DECK_VALUE
        i = a.data[1]
        d = CARD_DEF[st.track[i]]
        cost = (3.0, 3.0, 1.0, 1.0, 0.0, 0.0)[i]  # priest, faithful or free slot
        return card_value(d) - cost * (1.0 if rich else 2.0)
    return max(acts, key=pval)


def _myth_choice(st: TeomachiaState, p: int, acts: list[Action], by_kind: ByKind) -> Action:
    if "buy" in by_kind:
        return by_kind["buy"][0]
    return by_kind["leave"][0]


def _battle_choice(st: TeomachiaState, p: int, acts: list[Action], by_kind: ByKind) -> Action:
    plays = by_kind.get("play", [])
    if plays:
        if not st.seats[p].attack_spheres:
            sums = [0.0] * 4
            for a in plays:
                sums[DEF_SPHERE[a.data[1]]] += card_value(a.data[1])
            best = max(range(4), key=lambda i: sums[i])
            plays = [a for a in plays if DEF_SPHERE[a.data[1]] == best] or plays
        best_def = max(plays, key=lambda a: card_value(a.data[1])).data[1]
        return _target(st, p, [a for a in plays if a.data[1] == best_def])
    if "lay" in by_kind and _lay_helps(st, p, "attack"):
        return by_kind["lay"][0]
    return acts[-1]


def _bid_choice(st: TeomachiaState, p: int, by_kind: ByKind) -> Action:
    """Bidding; a small deck could otherwise let draw effects cycle forever (the rules set no limit)."""
    s = st.seats[p]
    plays = [a for a in by_kind.get("play", []) if _worth_playing(st, p, a)] \
        if s.deeds_played < DEEDS_PER_DEAL else []
    if plays:
        return _target(st, p, plays)
    if "attr" in by_kind and DEITIES[s.deity].attribute != "retreat":
        return _target(st, p, by_kind["attr"])
    if "lay" in by_kind and _lay_helps(st, p, "effect"):
        return by_kind["lay"][0]
    return _bid_tokens(st, p, by_kind)


def _bid_tokens(st: TeomachiaState, p: int, by_kind: ByKind) -> Action:
    """Raise with a strong hand, call with a fair one, withdraw from an expensive deal."""
    s = st.seats[p]
    power = hand_power(st, p)
    need = call_needs(st, p)
    cost = sum(n * VALUES[k] for k, n in enumerate(need))
    wealth = value(s.community)
    raises = by_kind.get("raise", [])
    stake_v = value(s.stake)
    if raises and power >= 11 and stake_v < 12 + power and wealth > 12:
        pick = [a for a in raises if a.data[1] == 1] or raises
        return pick[0]
    if "wait" in by_kind:
        return by_kind["wait"][0]
    if "call" in by_kind and (power + stake_v * 0.5 >= cost or cost <= 4
                              or (power >= 6 and cost <= wealth // 3)):
        return by_kind["call"][0]
    if "attr" in by_kind:  # Marduk: a retreat keeps more than a plain withdrawal
        return by_kind["attr"][0]
    return by_kind["withdraw"][0]


_PHASE_CHOICES = {
    "prebid": _window_choice, "prebattle": _window_choice, "respond": _respond_choice,
    "settle": _settle_choice, "myth": _myth_choice, "battle": _battle_choice,
}


def _response_hurts(st: TeomachiaState, p: int) -> bool:
    """Whether the card now open to responses hurts seat p: a response cancelling p's own card,
    a card aimed at p, or a strong attack."""
    chain = windows(st)
    if len(chain) > 1:
        return chain[-2].player == p
    pend = CARDS[chain[-1].card]
    return bool(pend.target and chain[-1].target == p or pend.kind == "attack" and pend.amount >= 5)


def _worth_playing(st: TeomachiaState, p: int, a: Action) -> bool:
    cd = DEFS[a.data[1]]
    if cd.effect == "peace":
        return hand_power(st, p) < 4 and value(st.seats[p].stake) >= 8
    if cd.kind == "place":
        return cd.token != "prophet" or st.seats[p].community[0] >= 2
    return cd.effect not in ("cancel",)


def _lay_helps(st: TeomachiaState, p: int, kind: str) -> bool:
    ctl = control(st, p)
    for c in st.seats[p].hand:
        d = CARD_DEF[c]
        cd = DEFS[d]
        if (cd.kind == kind or kind == "effect" and cd.kind == "place") and not meets(d, ctl) \
                and could_meet(st, p, d):
            return True
    return False


# The game's winner is predicted by a power of the worshippers each seat can expect to own after the
# deal, WORTH_POWER[players] = (exponent, value of winning the deal beyond the stake, offset);
# in the variant also by victory points.
WORTH_POWER = {2: (3.0, 40.0, 20.0), 3: (3.3, 55.0, 33.0), 4: (3.6, 69.0, 47.0)}
VARIANT_POWER = (1.8, 76.0, 5.0, 0.15)  # exponent, deal value, offset, weight of a victory point


def evaluate(state: Any) -> tuple[float, ...] | None:
    """Each seat's estimated chance to win the game, in [0, 1], summing to 1. From the worshippers
    it can expect to own after the current deal (`worth_terms`), raised to a fitted power and
    normalised; in the variant also from victory points; in the draft, the share of card value
    picked."""
    st: TeomachiaState = state
    if st.phase in DRAFT_PHASES:
        vals = [sum(card_value(CARD_DEF[c]) for c in s.picks + s.deck) + 1.0 for s in st.seats]
        total = sum(vals)
        return tuple(v / total for v in vals)
    if st.no_elim:
        power, deal_value, offset, vp_weight = VARIANT_POWER
    else:
        power, deal_value, offset = WORTH_POWER[min(4, max(2, st.players))]
        vp_weight = 0.0
    scores = [None if t is None
              else power * math.log(t[0] + t[1] * deal_value + offset) + vp_weight * t[2]
              for t in worth_terms(st)]
    top = max(x for x in scores if x is not None)
    weights = [0.0 if x is None else math.exp(x - top) for x in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)


def fitted_evaluate(state: Any) -> tuple[float, ...] | None:
    """The fitted evaluation (evaluation.py) where its fit reaches, else `evaluate`."""
    estimate = evaluation.evaluate(state)
    return evaluate(state) if estimate is None else estimate


# The evaluations MCTS may be given by name besides `evaluate` (`mcts:evaluation=NAME`).
EVALUATIONS = {"fitted": fitted_evaluate}

#: `expert` looks further down each playout: heuristic rollouts of 30 decisions (the default cut-off
#: is 10), which mostly play the deal under way to its settlement before `evaluate` judges it. More
#: iterations bought little here (the default depth: 64 of 100 against `hard`), nor did the fitted
#: evaluation (32 of 61) or a bidding model (docs/bots.md, "Teomachia").
LEVELS = {"expert": "mcts:iterations=4000:seconds=2.5:depth=30"}

AGENTS = {"heuristic": lambda options: PolicyAgent("teomachia-heuristic", heuristic_policy)}

#: The search settings a plain `mcts` uses here, and so the levels `hard` and `expert`
#: (agents.registry.mcts_defaults): with random rollouts MCTS loses to the heuristic (docs/bots.md:
#: 2 of 12 at 100 iterations; 7 of 12 with these, and 9 of 12 at the default 400 iterations).
MCTS_DEFAULTS = {"rollout": "heuristic", "prior": "heuristic"}
