"""Read-only questions the rules, the table and the bots ask of a Teomachia state (no state
changes), and the arithmetic of worshipper tokens. Rule ids: docs/rules/teomachia.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import (CARD_DEF, CARDS, DEF_CHAOS, DEF_ORDER, DEF_SPHERE, DEFS, DEITIES, EL_CHAOS,
                      EL_ORDER, EL_SPHERE, FAITHFUL, MYTHS, PRIEST, PROPHET, TOKENS, VALUES)
from .frames import Respond, Settle

if TYPE_CHECKING:
    from .state import TeomachiaState

Control = tuple[int, int, list[int]]

# TM-R8: the response cards of each kind (a window answers an attack or an effect)
RESPONSES = {want: tuple(d for d, cd in enumerate(DEFS) if cd.timing == want and not cd.removed)
             for want in ("response_attack", "response_effect")}


# ---------------------------------------------------------------- tokens (TM-10)
def tok(counts: list[int]) -> str:
    parts = [f"{n} {TOKENS[k]}" for k, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"


def value(counts: list[int]) -> int:
    return counts[0] * 10 + counts[1] * 5 + counts[2] * 2


def make_change(comm: list[int]) -> None:
    """TM-10.1 on a plain list: a prophet becomes 2 priests when priests ran out, then a priest 2
    faithful when faithful ran out (the bank is unlimited, TM-R4)."""
    while True:  # ends: every step uses up a prophet or a priest
        if comm[PRIEST] == 0 and comm[PROPHET] > 0:
            comm[PROPHET] -= 1
            comm[PRIEST] += 2
        elif comm[FAITHFUL] == 0 and comm[PRIEST] > 0:
            comm[PRIEST] -= 1
            comm[FAITHFUL] += 2
        else:
            return


def pay_tokens(comm: list[int], need: list[int], desperation: bool) -> list[int] | None:
    """Pay `need` (prophets, priests, faithful, in that order) from `comm` in place, making change
    as it goes; with `desperation`, a token the community lacks is taken from the bank (TM-5.8).
    Returns the tokens so taken from the bank, or None if the community cannot pay."""
    desp = [0, 0, 0]
    for k in range(3):
        for _ in range(need[k]):
            if comm[k] > 0:
                comm[k] -= 1
                make_change(comm)
            elif desperation:
                desp[k] += 1
            else:
                return None
    return desp


def worth(st: TeomachiaState, p: int) -> int:
    s = st.seats[p]
    return value(s.community) + value(s.stake) + sum(VALUES[t] for t in s.place_tokens)


# ---------------------------------------------------------------- seats and order (TM-3, TM-12)
def order_from(st: TeomachiaState, start: int, seats: list[int] | None = None) -> list[int]:
    n = st.players
    out = [(start + i) % n for i in range(n)]
    if seats is not None:
        allowed = set(seats)
        out = [i for i in out if i in allowed]
    return out


def alive_seats(st: TeomachiaState) -> list[int]:
    return [i for i, s in enumerate(st.seats) if s.alive]


def participants(st: TeomachiaState) -> list[int]:
    return [i for i, s in enumerate(st.seats) if s.in_deal]


def in_settlement(st: TeomachiaState) -> bool:
    """Whether the deal is being settled (the phase frame under any response windows)."""
    stack = st.stack
    return bool(stack) and isinstance(stack[0], Settle)


def targets(st: TeomachiaState, p: int) -> list[int]:
    """TM-12.2: a chosen opponent must still take part in the deal (any living seat in settlement)."""
    if in_settlement(st):
        return [i for i in alive_seats(st) if i != p]
    return [i for i in participants(st) if i != p]


def windows(st: TeomachiaState) -> list[Respond]:
    """The cards waiting for responses, bottom first (TM-7.1, TM-R8)."""
    return [f for f in st.stack if isinstance(f, Respond)]


def has_attr(st: TeomachiaState, p: int, attr: str) -> bool:
    s = st.seats[p]
    return st.full and s.deity >= 0 and st.deities_revealed and DEITIES[s.deity].attribute == attr


# ---------------------------------------------------------------- cards (TM-6, TM-11)
def hand_defs(st: TeomachiaState, p: int) -> list[int]:
    seen: list[int] = []
    for c in st.seats[p].hand:
        d = CARD_DEF[c]
        if d not in seen:
            seen.append(d)
    return seen


def card_of_def(cards: list[int], d: int) -> int:
    for c in cards:
        if CARD_DEF[c] == d:
            return c
    raise ValueError("no such card")


def control(st: TeomachiaState, p: int) -> Control:
    """TM-6.1: symbols and sphere cards p controls (face-up layout + own power + bonuses)."""
    order = chaos = 0
    spheres = [0, 0, 0, 0]
    for e in st.layout[:st.revealed]:
        order += EL_ORDER[e]
        chaos += EL_CHAOS[e]
        spheres[EL_SPHERE[e]] += 1
    s = st.seats[p]
    for c in s.power:
        d = CARD_DEF[c]
        order += DEF_ORDER[d]
        chaos += DEF_CHAOS[d]
        spheres[DEF_SPHERE[d]] += 1
    for c in s.places:
        cd = CARDS[c]
        if cd.effect == "place_symbols":
            if cd.aspect == "order":
                order += cd.amount
            else:
                chaos += cd.amount
    for c in s.lasting:
        cd = CARDS[c]
        if cd.effect == "lasting_symbols":
            if cd.token == "order":
                order += cd.amount
            else:
                chaos += cd.amount
    return order, chaos, spheres


def meets(d: int, ctl: Control) -> bool:
    cd = DEFS[d]
    if cd.symbols:
        have = ctl[0] if cd.aspect == "order" else ctl[1]
        if have < cd.symbols:
            return False
    return not cd.spheres or ctl[2][DEF_SPHERE[d]] >= cd.spheres


def could_meet(st: TeomachiaState, p: int, d: int) -> bool:
    """Whether p could meet d's requirements after laying out all power cards in hand."""
    o, c, sp = control(st, p)
    sp = list(sp)
    for card in st.seats[p].hand:
        dd = CARD_DEF[card]
        if DEFS[dd].kind == "power":
            o += DEF_ORDER[dd]
            c += DEF_CHAOS[dd]
            sp[DEF_SPHERE[dd]] += 1
    return meets(d, (o, c, sp))


def response_kind(c: int) -> str:
    """TM-7.1: the response timing that answers card c (an attack, or any effect)."""
    return "response_attack" if CARDS[c].kind == "attack" else "response_effect"


def may_hold_response(st: TeomachiaState, i: int, want: str) -> bool:
    """TM-R8: seat i is asked unless everyone can tell that it holds no response of this kind:
    an empty hand, or every copy of every such card seen somewhere else (the box, the track,
    the table, the pending cards, what is known of the discard piles and the other seats'
    cards, TM-R21). Being asked thus reveals nothing."""
    s = st.seats[i]
    if not s.hand:
        return False
    if any(CARD_DEF[c] in RESPONSES[want] for c in s.hand):
        return True  # cannot happen while the public record is true; never skip a real response
    seen = [CARD_DEF[c] for c in st.boxed]
    seen += [CARD_DEF[c] for c in st.track if c >= 0]
    seen += [CARD_DEF[w.card] for w in windows(st)]
    for j, other in enumerate(st.seats):
        seen += [CARD_DEF[c] for c in other.power + other.lasting + other.played]
        seen += other.known_discard
        if j != i:
            seen += other.known_cycle
    return any(seen.count(d) < DEFS[d].copies for d in RESPONSES[want])


def settle_ok(st: TeomachiaState, p: int, d: int) -> bool:
    cd = DEFS[d]
    if cd.timing != "settle":
        return False
    if cd.effect == "tithe":
        return p in st.winners
    if cd.effect == "save_stake":
        return p not in st.winners and not st.seats[p].peace and not st.seats[p].saved
    return True


# ---------------------------------------------------------------- bidding and battle (TM-5, TM-8)
def last_bidding_phase(st: TeomachiaState) -> bool:
    """TM-5.9/TM-R6: a bidding phase with every element face up is the last; the battle follows."""
    return st.revealed >= len(st.layout)


def call_target(st: TeomachiaState) -> list[int]:
    best: list[int] = [0, 0, 0]
    best_key = (-1, -1)
    for i in participants(st):
        stake = st.seats[i].stake
        key = (sum(stake), value(stake))
        if key > best_key:
            best_key, best = key, stake
    return best


def call_needs(st: TeomachiaState, p: int) -> list[int]:
    """TM-5.6: tokens p must add so its stake matches the largest stake."""
    target = call_target(st)
    mine = st.seats[p].stake
    return [max(0, target[k] - mine[k]) for k in range(3)]


def raise_options(st: TeomachiaState, p: int, need: list[int]) -> list[int]:
    """TM-5.7: a raise is a call plus one token, all from your own community."""
    comm = list(st.seats[p].community)
    if st.raised and any(need) and pay_tokens(comm, need, False) is None:
        return []
    return [k for k in range(3) if comm[k] > 0]


def sphere_allowed(st: TeomachiaState, p: int, sphere: int) -> bool:
    """TM-8.2: attacks of one sphere per battle (two with Athena)."""
    used = st.seats[p].attack_spheres
    if sphere in used:
        return True
    limit = 2 if has_attr(st, p, "two_spheres") else 1
    return len(used) < limit


def strength(st: TeomachiaState, p: int) -> int:
    """TM-8.5: worshippers in the stake plus attacks and other bonuses."""
    s = st.seats[p]
    vals = (0, 0, 2) if st.gods_people else VALUES
    total = sum(s.stake[k] * vals[k] for k in range(3)) + s.bonus + s.unity * sum(s.stake)
    for c in s.places:
        if CARDS[c].effect == "place_strength":
            total += CARDS[c].amount
    for c in s.lasting:
        if CARDS[c].effect == "lasting_strength":
            total += CARDS[c].amount
    total += sum(MYTHS[m].strength for m in s.heroes_in_stake)
    return total
