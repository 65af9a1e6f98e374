"""Divine Intervention (TU-7): one miracle performed or one monster summoned (owed while one is
possible, R-19), the seat's monsters used and moved, then discarding and drawing back to three.
A miracle's or an ability's effect is carried out by the effects registry: this module pushes its
frame (PerformMiracle, UseAbility, ResolveEvent for a capital event drawn)."""

from __future__ import annotations

from ....core import Action, Event
from .. import board, cards
from ..codes import BLIND, DONE, act
from ..frames import (AUTOMATIC, Discard, Draw, Intervention, PerformMiracle, PlaceMonster,
                      ResolveEvent, SummonDone, SummonPick, UseAbility)
from ..state import TheurgyState
from . import RULES
from .monsters import can_affect, draw_monster, monster_moves, move_monster, refill_monsters

# Miracle effects that reach the players or settlements other than "this settlement" whatever their
# scope, and effects confined to "this settlement" whatever their scope (TU-15 Nymph, R-14).
_BEYOND_EFFECTS = frozenset({"force_action", "ban_action", "peek", "double_summon", "cull", "heal",
                             "send_back", "restore", "walk"})
_HERE_EFFECTS = frozenset({"scatter", "whispers", "reveal", "gather"})


def miracle_allowed(s: TheurgyState, p: int, card: str, i: int) -> bool:
    """R-14: in a settlement an opposing Nymph shields, p's acolyte i may perform only a miracle that
    also affects another settlement or the players."""
    return can_affect(s, s.seats[p].acolytes[i], p) or _reaches_beyond(s, p, card, i)


def _reaches_beyond(s: TheurgyState, p: int, card: str, i: int) -> bool:
    mir = cards.MIRACLE[card]
    e = mir.effect
    if e in _BEYOND_EFFECTS:
        return True
    if e in _HERE_EFFECTS:
        return False
    if e == "mirror":                         # the other acolyte's settlement, if it stands elsewhere
        seat = s.seats[p]
        return not seat.wounded[1 - i] and seat.acolytes[1 - i] != seat.acolytes[i]
    if e == "recall":
        return any(recallable(c) and _reaches_beyond(s, p, c, i) for c in set(s.miracle_discard))
    return mir.scope != "here"


def recallable(card: str) -> bool:
    return cards.MIRACLE[card].effect != "recall"


def intervention_of(s: TheurgyState) -> Intervention | None:
    """The Divine Intervention under way (its frame), if any."""
    for f in reversed(s.stack):
        if type(f) is Intervention:
            return f
    return None


# ---- the Intervention itself ------------------------------------------------------------------

def _miracle_options(s: TheurgyState, p: int) -> list[Action]:
    seat = s.seats[p]
    out = []
    for i in range(2):
        if seat.wounded[i]:
            continue
        where = s.name(seat.acolytes[i])
        for c in sorted(set(seat.hand)):
            if miracle_allowed(s, p, c, i):
                out.append(act(f"miracle {cards.card_name(c)} by acolyte {i + 1} in {where}", "miracle",
                               cards.MIRACLE_INDEX[c], i, 0))
        for c in sorted(set(seat.supply)):
            if miracle_allowed(s, p, c, i):
                out.append(act(f"miracle {cards.card_name(c)} from supply by acolyte {i + 1} in {where}",
                               "miracle", cards.MIRACLE_INDEX[c], i, 1))
    return out


def summon_options(s: TheurgyState) -> list[Action]:
    out = [act(f"summon {cards.MONSTER[m].name}", "summon", cards.MONSTER_INDEX[m]) for m in s.faceup]
    if s.monster_deck or s.monster_discard:
        out.append(act("summon blind", "summon", BLIND))
    return out


def _legal_di(s: TheurgyState, di: Intervention) -> list[Action]:
    p = di.seat
    out = []
    if not di.main:
        out = _miracle_options(s, p) + summon_options(s)
    main_open = bool(out)                     # a miracle or a summon is owed while one is possible
    for m in s.seats[p].horde:
        mon = cards.MONSTER[m]
        idx = cards.MONSTER_INDEX[m]
        if mon.ability == "active" and m not in di.activated:
            out.append(act(f"activate {mon.name}", "activate", idx))
        if mon.movement != "territorial" and m not in di.moved and m not in di.summoned:
            for r in monster_moves(s, m):
                out.append(act(f"move {mon.name} {s.name(s.mon_pos[m])} -> {s.name(r)}", "move_monster", idx, r))
    if not main_open:
        out.append(DONE)
    return out


def _perform(s: TheurgyState, di: Intervention, card_index: int, acolyte: int, from_supply: int) -> None:
    p = di.seat
    seat = s.seats[p]
    card = cards.MIRACLES[card_index].id
    di.main = "miracle"
    if from_supply:
        seat.supply.remove(card)
        s.miracle_discard.append(card)
    else:
        seat.hand.remove(card)
        if seat.deity == "Aeoris":                               # TU-14.4
            seat.supply.append(card)
        else:
            s.miracle_discard.append(card)
    s.stack.append(PerformMiracle(seat=AUTOMATIC, performer=p, card=card, acolyte=acolyte))


def _apply_di(s: TheurgyState, di: Intervention, a: Action, ev: list[Event]) -> None:
    p = di.seat
    kind, x, y, z = a.data[0], a.data[1], a.data[2], a.data[3]
    if kind == "done":
        s.stack.pop()
        s.stack.append(Draw(seat=AUTOMATIC, drawer=p))                # TU-7.7
        if di.main and s.seats[p].hand:
            s.stack.append(Discard(seat=p))
    elif kind == "miracle":
        _perform(s, di, x, y, z)
    elif kind == "summon":
        di.main = "summon"
        s.stack.append(SummonDone(seat=AUTOMATIC))
        pick = SummonPick(seat=p, count=1)
        s.stack.append(pick)
        _apply_summon_pick(s, pick, a, ev)
    elif kind == "activate":
        m = cards.MONSTERS[x].id
        di.activated.append(m)
        s.stack.append(UseAbility(seat=AUTOMATIC, monster=m, summoned=False))
    elif kind == "move_monster":
        m = cards.MONSTERS[x].id
        di.moved.append(m)
        move_monster(s, m, y, ev)
    else:
        raise AssertionError(kind)


# ---- summoning (TU-7.8 to TU-7.11) -------------------------------------------------------------

def _legal_summon_pick(s: TheurgyState, f: SummonPick) -> list[Action]:
    return summon_options(s)


def _skip_summon_pick(s: TheurgyState, f: SummonPick, ev: list[Event]) -> bool:
    if summon_options(s):
        return False
    s.stack.pop()
    return True


def _apply_summon_pick(s: TheurgyState, f: SummonPick, a: Action, ev: list[Event]) -> None:
    x = a.data[1]
    if x == BLIND:
        m = draw_monster(s)
        assert m is not None
        ev.append(Event("summon", f"{s.colour(f.seat)} summons blind: {cards.MONSTER[m].name}", f.seat))
    else:
        m = cards.MONSTERS[x].id
        k = s.faceup.index(m)
        s.faceup.pop(k)
        s.markers.pop(k)
        ev.append(Event("summon", f"{s.colour(f.seat)} summons {cards.MONSTER[m].name}", f.seat))
    f.count -= 1
    if f.count <= 0:
        s.stack.pop()
    s.stack.append(PlaceMonster(seat=f.seat, monster=m))


def _legal_place_monster(s: TheurgyState, f: PlaceMonster) -> list[Action]:
    m = f.monster
    return [act(f"place {cards.MONSTER[m].name} in {s.name(q)}", "place_monster", q)
            for q in range(board.N_POS) if s.types[q] == cards.MONSTER[m].type]


def _apply_place_monster(s: TheurgyState, f: PlaceMonster, a: Action, ev: list[Event]) -> None:
    s.stack.pop()
    m, q, p = f.monster, a.data[1], f.seat
    s.seats[p].horde.append(m)
    s.mon_pos[m] = q
    s.mon_owner[m] = p
    s.sceptics[q] = 0                                                 # TU-7.10
    di = intervention_of(s)
    if di is not None:
        di.summoned.append(m)
        di.activated.append(m)
    ev.append(Event("place_monster", f"{cards.MONSTER[m].name} appears in {s.name(q)}", p))
    s.stack.append(UseAbility(seat=AUTOMATIC, monster=m, summoned=True))


def _summon_done(s: TheurgyState, f: SummonDone, ev: list[Event]) -> None:
    s.stack.pop()
    refill_monsters(s, ev)


# ---- discarding and drawing (TU-7.7, TU-12.3) ------------------------------------------------

def _legal_discard(s: TheurgyState, f: Discard) -> list[Action]:
    hand = s.seats[f.seat].hand
    out = [act(f"discard {cards.card_name(c)}", "discard", cards.MIRACLE_INDEX[c]) for c in sorted(set(hand))]
    out.append(act("keep the rest", "keep"))
    return out


def _apply_discard(s: TheurgyState, f: Discard, a: Action, ev: list[Event]) -> None:
    hand = s.seats[f.seat].hand
    if a.data[0] == "keep":
        s.stack.pop()
        return
    card = cards.MIRACLES[a.data[1]].id
    hand.remove(card)
    s.miracle_discard.append(card)
    ev.append(Event("discard", f"{s.colour(f.seat)} discards {cards.card_name(card)}", f.seat, reveals=True))
    if not hand:
        s.stack.pop()


def draw_miracles(s: TheurgyState, p: int, ev: list[Event]) -> None:
    """Draw back up to three (TU-7.7), reshuffling the discard pile when the deck is empty. A capital
    event drawn is removed and resolved at once (TU-12.3): its frame goes on top, and the drawing
    goes on after it."""
    hand = s.seats[p].hand
    while len(hand) < 3:
        if not s.miracle_deck:
            if not s.miracle_discard:
                return
            s.miracle_deck = s.miracle_discard
            s.miracle_discard = []
            s.rng.shuffle(s.miracle_deck)
            ev.append(Event("reshuffle", "the miracle discard pile is shuffled into a new deck", actor=Event.BY_GAME))
        card = s.miracle_deck.pop()
        if card in cards.EVENT:
            s.removed_events.append(card)
            s.stack.append(Draw(seat=AUTOMATIC, drawer=p))
            s.stack.append(ResolveEvent(seat=AUTOMATIC, card=card))
            return
        hand.append(card)
        ev.append(Event("draw", f"{s.colour(p)} draws {cards.card_name(card)}", p, visible_to=(p,),
                        public_text=f"{s.colour(p)} draws a miracle"))


def _draw(s: TheurgyState, f: Draw, ev: list[Event]) -> None:
    s.stack.pop()
    draw_miracles(s, f.drawer, ev)


RULES.decision(Intervention, "di", prompt="perform a miracle or summon a monster; use your monsters; done",
               legal=_legal_di, apply=_apply_di)
RULES.decision(SummonPick, "summon_pick", prompt="choose a monster to summon", legal=_legal_summon_pick,
               apply=_apply_summon_pick, skip=_skip_summon_pick)
RULES.decision(PlaceMonster, "place_monster", prompt="choose where the monster appears",
               legal=_legal_place_monster, apply=_apply_place_monster)
RULES.automatic(SummonDone, _summon_done)
RULES.decision(Discard, "discard", prompt="discard miracles, then draw back to three", legal=_legal_discard,
               apply=_apply_discard)
RULES.automatic(Draw, _draw)
