"""What a seat sees of a Teomachia state (`State.view`), and the resampling of what it does not
(`State.determinize`). Reads the state only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from theogony.core import Rng

from .content import CARD_DEF, CARDS, DEITIES, ELEMENTS, MYTHS, TOKENS
from .frames import Battle, ChooseDeity, DraftPick, Respond, Seats, SetAside
from .queries import call_target, control, strength, windows

if TYPE_CHECKING:
    from .state import Seat, TeomachiaState


def to_act(st: TeomachiaState) -> list[int]:
    """The seats still to act, next first: those to ask in every open response window (newest
    first), then those of the phase under way."""
    if not st.stack:
        return list(st.left_to_act)
    out: list[int] = []
    for frame in reversed(st.stack):
        if isinstance(frame, Respond):
            out += frame.to_ask
        elif isinstance(frame, Seats):
            out += frame.to_act
        else:
            assert isinstance(frame, (Battle, DraftPick, SetAside, ChooseDeity))
    return out


def seat_view(st: TeomachiaState, i: int, s: Seat, player: int | None) -> dict[str, Any]:
    d: dict[str, Any] = {
        "alive": s.alive, "in_deal": s.in_deal, "community": list(s.community),
        "stake": list(s.stake), "desperation": list(s.desp),
        "power": [CARDS[c].name for c in s.power], "lasting": [CARDS[c].name for c in s.lasting],
        "attacks": [CARDS[c].name for c in s.played],
        "places": [[CARDS[c].name, TOKENS[s.place_tokens[j]], s.damaged[j]] for j, c in enumerate(s.places)],
        "hand_size": len(s.hand), "deck_size": len(s.deck), "discard_size": len(s.discard),
        "discard_top": CARDS[s.discard[-1]].name if s.discard else None,
        "bonus": s.bonus, "unity": s.unity, "vp": s.vp,
        "draft_hand_size": len(s.draft_hand), "picks": len(s.picks),
    }
    if st.full:
        d["deity_options"] = [DEITIES[x].name for x in s.deity_options]
        d["deity_chosen"] = s.deity >= 0
        d["deity"] = DEITIES[s.deity].name if s.deity >= 0 and (st.deities_revealed or i == player) else None
        d["myths"] = [MYTHS[m].name for m in s.myths]
        d["heroes_in_stake"] = [MYTHS[m].name for m in s.heroes_in_stake]
        d["myth_top"] = MYTHS[s.myth_deck[-1]].name if s.myth_deck else None
        d["myth_deck_size"] = len(s.myth_deck)
        d["miracles"] = s.miracles
    if i == player:
        d["hand"] = sorted(CARDS[c].name for c in s.hand)
        d["discard"] = [CARDS[c].name for c in s.discard]
        d["draft_hand"] = sorted(CARDS[c].name for c in s.draft_hand)
        d["picked"] = sorted(CARDS[c].name for c in s.picks)
    return d


def view_of(st: TeomachiaState, player: int | None) -> dict[str, Any]:
    chain = windows(st)
    top = chain[-1] if chain else None
    out: dict[str, Any] = {
        "phase": st.phase, "deal": st.deal, "initiative": st.initiative,
        "conflict": st.conflict, "bid_round": st.bid_round, "raised": st.raised,
        "layout": [ELEMENTS[e].name for e in st.layout[:st.revealed]],
        "face_down": max(0, len(st.layout) - st.revealed),
        "elements_deck": len(st.elements), "elements_discard": [ELEMENTS[e].name for e in st.el_discard],
        "track": [CARDS[c].name if c >= 0 else None for c in st.track],
        "prayer_deck": len(st.prayer_deck), "boxed": [CARDS[c].name for c in st.boxed],
        "to_act": to_act(st), "winners": list(st.winners),
        "strengths": list(st.strengths), "gods_people": st.gods_people,
        "pending": None if top is None else [top.player, CARDS[top.card].name, top.target],
        "response_chain": [[w.player, CARDS[w.card].name] for w in chain],
        "seats": [seat_view(st, i, s, player) for i, s in enumerate(st.seats)],
    }
    if st.full:
        out["miracle_supply"] = st.miracle_supply
    out.update(public_figures(st))
    return out


def public_figures(st: TeomachiaState) -> dict[str, Any]:
    """What the rules have a player compute from public facts, for the table (issue 18): the
    symbols and sphere cards each seat controls (TM-6.1), the tokens each must add to call
    (TM-5.6) and, during a battle, each participant's running strength (TM-8.5)."""
    in_battle = st.battle and not st.fought and st.phase not in ("settle", "discard")
    target = call_target(st)  # as call_needs computes it, once for every seat
    return {
        "control": [[order, chaos, *spheres] for order, chaos, spheres
                    in (control(st, i) for i in range(st.players))],
        "call_needs": [[max(0, t - m) for t, m in zip(target, s.stake)] if s.in_deal else [0, 0, 0]
                       for s in st.seats],
        "running_strength": [strength(st, i) if in_battle and s.in_deal else None
                             for i, s in enumerate(st.seats)],
    }


def resample_hidden(st: TeomachiaState, player: int | None, rng: Rng) -> None:
    """Deal every card hidden from `player` anew. What everyone has seen is kept (TM-R21): cards
    known to lie in a seat's discard pile stay there, cards known to be in its hand, deck or
    discard stay with that seat; the rest comes from one shuffled pool of unseen cards."""
    pool = list(st.prayer_deck) + list(st.set_aside)
    others = []
    for i, s in enumerate(st.seats):
        if i == player:
            continue
        pool += s.hand + s.deck + s.discard[:-1] + s.draft_hand + s.picks
        others.append(i)
    pool.sort()  # canonical order: the result depends only on what `player` sees
    by_def: dict[int, list[int]] = {}
    for c in pool:
        by_def.setdefault(CARD_DEF[c], []).append(c)
    plans = []
    for i in others:
        s = st.seats[i]
        top = s.discard[-1:]
        kd = list(s.known_discard)
        if top and CARD_DEF[top[0]] in kd:
            kd.remove(CARD_DEF[top[0]])
        in_discard = [by_def[d].pop() for d in kd if by_def.get(d)]
        in_cycle = [by_def[d].pop() for d in s.known_cycle if by_def.get(d)]
        plans.append((i, top, in_discard, in_cycle))
    unseen = sorted(c for cards in by_def.values() for c in cards)
    rng.shuffle(unseen)
    for i, top, in_discard, in_cycle in plans:
        _deal_hidden_cards(st.seats[i], top, in_discard, in_cycle, unseen, rng)
    st.set_aside = [unseen.pop() for _ in range(len(st.set_aside))]
    st.prayer_deck = unseen
    if player is not None:
        st.seats[player].deck.sort()
        rng.shuffle(st.seats[player].deck)
    _resample_elements_and_myths(st, player, rng)


def _deal_hidden_cards(s: Seat, top: list[int], in_discard: list[int], in_cycle: list[int],
                       unseen: list[int], rng: Rng) -> None:
    nh, nd, nx = len(s.hand), len(s.deck), len(s.discard) - len(top)
    free = nh + nd + nx - len(in_discard)
    rest = in_cycle[:free] + [unseen.pop() for _ in range(free - len(in_cycle[:free]))]
    unseen.extend(in_cycle[free:])  # only if the record were inconsistent
    rng.shuffle(rest)
    s.hand = rest[:nh]
    s.deck = rest[nh:nh + nd]
    hidden_discard = in_discard[:nx] + rest[nh + nd:]
    unseen.extend(in_discard[nx:])
    rng.shuffle(hidden_discard)
    s.discard = hidden_discard + top
    s.draft_hand = [unseen.pop() for _ in range(len(s.draft_hand))]
    s.picks = [unseen.pop() for _ in range(len(s.picks))]


def _resample_elements_and_myths(st: TeomachiaState, player: int | None, rng: Rng) -> None:
    hidden_el = sorted(st.elements + st.layout[st.revealed:])
    rng.shuffle(hidden_el)
    st.layout = st.layout[:st.revealed] + hidden_el[:len(st.layout) - st.revealed]
    st.elements = hidden_el[len(st.layout) - st.revealed:]
    for i, s in enumerate(st.seats):
        if len(s.myth_deck) > 2:
            under = sorted(s.myth_deck[:-1])
            rng.shuffle(under)
            s.myth_deck = under + s.myth_deck[-1:]
        if st.full and not st.deities_revealed and i != player and s.deity >= 0:
            s.deity = rng.choice(s.deity_options)
