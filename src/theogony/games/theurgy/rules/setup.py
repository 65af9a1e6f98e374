"""Setup (TU-2): the map, the deities, the decks and the hands, the Divine Callings dealt; then,
as decisions, deities chosen (variant), starting settlements and faith tokens, the map populated,
callings kept, and the first turn."""

from __future__ import annotations

from ....core import Action, Event
from ....core.rng import Rng
from .. import board, cards
from ..board import CORNERS
from ..codes import act
from ..frames import (AUTOMATIC, Begin, ChooseAction, ChooseDeity, ChooseStart, KeepCalling, Populate,
                      StartFaith, TheurgyFrame)
from ..state import DEITIES, GREY, Seat, TheurgyState
from . import RULES
from .map_actions import vertex_label


def _deal(players: int, rng: Rng, deities: list[str], order: list[int]) -> tuple[list[Seat], list[str]]:
    seats = [Seat(deity=deities[i], pawn="", hand=[], supply=[], calling="", offer=[], horde=[],
                  acolytes=[-1, -1], wounded=[False, False]) for i in range(players)]
    deck = cards.miracle_deck()
    rng.shuffle(deck)
    for _ in range(3):
        for i in order:
            seats[i].hand.append(deck.pop())
    return seats, deck


def setup(players: int, seed: int, variant: dict) -> TheurgyState:
    rng = Rng(seed)
    types = board.generate_map(rng)
    deities = list(DEITIES)
    rng.shuffle(deities)
    first = rng.below(players)
    order = [(first + k) % players for k in range(players)]
    seats, deck = _deal(players, rng, deities, order)
    piles: list[tuple[int, int]] = []
    if variant.get("capital_events"):
        deck, piles = _with_capital_events(deck, players, rng)
    monsters = [m.id for m in cards.MONSTERS]
    rng.shuffle(monsters)
    faceup = [monsters.pop() for _ in range(3)]
    pool = [c.id for c in cards.CALLINGS if players in c.players]
    rng.shuffle(pool)
    for i in order:
        seats[i].offer = sorted([pool.pop(), pool.pop()])
    n = board.N_POS
    s = TheurgyState(
        players=players, seed=seed, variant=dict(variant), rng=rng, history=[], types=tuple(types),
        seats=seats, mortals=[[0] * 7 for _ in range(n)], sceptics=[0] * n, temple=[-1] * n,
        ruins=[[] for _ in range(n)], faith=[-1] * board.N_VERTICES, mon_pos={}, mon_owner={},
        anomaly=0, miracle_deck=deck, miracle_discard=[], monster_deck=monsters, monster_discard=[],
        faceup=faceup, markers=[0, 0, 0], removed_events=[], event_piles=piles, turn=first,
        turns_taken=0, first=first, winner=-1, stack=[])
    s.stack.extend(_setup_steps(s, order, variant.get("deities") == "choose"))
    return s


def _setup_steps(s: TheurgyState, order: list[int], choose_deities: bool) -> list[TheurgyFrame]:
    """TU-2.6/2.7: starts in reverse order, then the board is populated, then callings are kept
    (the stack's top, the end of the list, comes first)."""
    steps: list[TheurgyFrame] = [Begin(seat=AUTOMATIC)]
    steps += [KeepCalling(seat=i) for i in reversed(order)]
    steps.append(Populate(seat=AUTOMATIC))
    # starting places are chosen in reverse turn order (the starting player last)
    steps += [ChooseStart(seat=i) for i in order]
    if choose_deities:                                        # TU-2.5 / R-2: chosen in reverse order
        for seat in s.seats:
            seat.deity = ""
        steps += [ChooseDeity(seat=i) for i in order]
    return steps


def _with_capital_events(deck: list[str], players: int, rng: Rng) -> tuple[list[str], list[tuple[int, int]]]:
    """TU-12: split the rest of the deck into piles A-D, insert events, shuffle piles, restack."""
    size = len(deck)
    cuts = [round(size * k / 4) for k in range(5)]
    piles = [deck[cuts[k]:cuts[k + 1]] for k in range(4)]       # A, B, C, D
    events = rng.sample([e.id for e in cards.EVENTS], 2 if players <= 3 else 1)
    if players <= 3:
        piles[1].append(events[0])
        piles[3].append(events[1])
    else:
        piles[3].append(events[0])
    for pile in piles:
        rng.shuffle(pile)
    # the top of the deck is the end of the list: D at the bottom, A on top
    d, c, b = len(piles[3]), len(piles[2]), len(piles[1])
    ranges = [(0, d)] + ([(d + c, d + c + b)] if players <= 3 else [])
    return piles[3] + piles[2] + piles[1] + piles[0], ranges


def start_choices(s: TheurgyState) -> list[tuple[int, ...]]:
    taken = {a for seat in s.seats for a in seat.acolytes if a >= 0}
    if s.players <= 3:
        return [(p, board.OPPOSITE[p]) for p in board.OUTER
                if p < board.OPPOSITE[p] and p not in taken and board.OPPOSITE[p] not in taken]
    return [(p,) for p in board.OUTER if p not in taken]


def seat_order(s: TheurgyState, p: int) -> int:
    """0 for the starting player, 1 for the next clockwise, ..."""
    return (p - s.first) % s.players


# ---- the setup decisions --------------------------------------------------------------------

def _legal_deity(s: TheurgyState, f: ChooseDeity) -> list[Action]:
    taken = {seat.deity for seat in s.seats}
    return [act(f"choose {d}", "deity", k) for k, d in enumerate(DEITIES) if d not in taken]


def _apply_deity(s: TheurgyState, f: ChooseDeity, a: Action, ev: list[Event]) -> None:
    s.stack.pop()
    s.seats[f.seat].deity = DEITIES[a.data[1]]
    ev.append(Event("deity", f"seat {f.seat} chooses {DEITIES[a.data[1]]}", f.seat))


def _legal_start(s: TheurgyState, f: ChooseStart) -> list[Action]:
    out = []
    for places in start_choices(s):
        text = "start in " + " and ".join(s.name(q) for q in places)
        out.append(act(text, "start", places[0], places[-1]))
    return out


def _apply_start(s: TheurgyState, f: ChooseStart, a: Action, ev: list[Event]) -> None:
    s.stack.pop()
    p = f.seat
    places = (a.data[1],) if a.data[1] == a.data[2] else (a.data[1], a.data[2])
    extra = (0, 0, 1, 1, 2, 2)[seat_order(s, p)]            # TU-2.8
    seat = s.seats[p]
    seat.acolytes = [places[0], places[-1]]
    for q in places:
        s.mortals[q][p] += 3 + extra
    for q in reversed(places):
        s.stack.append(StartFaith(seat=p, settlement=q))
    ev.append(Event("start", f"{seat.deity} starts in {' and '.join(s.name(q) for q in places)}", p))


def _legal_start_faith(s: TheurgyState, f: StartFaith) -> list[Action]:
    return [act(f"faith V{v} in {s.name(f.settlement)}", "start_faith", v)
            for v in CORNERS[f.settlement] if s.faith[v] < 0]


def _skip_start_faith(s: TheurgyState, f: StartFaith, ev: list[Event]) -> bool:
    if _legal_start_faith(s, f):
        return False
    s.stack.pop()
    return True


def _apply_start_faith(s: TheurgyState, f: StartFaith, a: Action, ev: list[Event]) -> None:
    s.stack.pop()
    v = a.data[1]
    s.faith[v] = f.seat
    ev.append(Event("faith", f"{s.colour(f.seat)} places a faith token on {vertex_label(s, v)}", f.seat))


def _legal_calling(s: TheurgyState, f: KeepCalling) -> list[Action]:
    return [act(f"keep {cards.card_name(c)}", "calling", cards.CALLING_INDEX[c]) for c in s.seats[f.seat].offer]


def _apply_calling(s: TheurgyState, f: KeepCalling, a: Action, ev: list[Event]) -> None:
    s.stack.pop()
    seat = s.seats[f.seat]
    seat.calling = cards.CALLINGS[a.data[1]].id
    ev.append(Event("calling", f"{seat.deity} keeps {cards.card_name(seat.calling)}", f.seat,
                    visible_to=(f.seat,), public_text=f"{seat.deity} keeps a Divine Calling"))


def _populate(s: TheurgyState, f: Populate, ev: list[Event]) -> None:
    """TU-2.9: non-believers, sceptics and the Anomaly."""
    s.stack.pop()
    taken = {a for seat in s.seats for a in seat.acolytes}
    for q in board.OUTER:
        if q not in taken:
            s.mortals[q][GREY] += 3
    for q in board.INNER:
        s.mortals[q][GREY] += 5
        s.sceptics[q] += 1
    s.mortals[0][GREY] += 8
    s.sceptics[0] += 2
    s.anomaly = 0
    ev.append(Event("populate", "non-believers and sceptics populate the map", actor=Event.BY_GAME))


def _begin(s: TheurgyState, f: Begin, ev: list[Event]) -> None:
    s.stack.pop()
    s.turn = s.first
    s.stack.append(ChooseAction(seat=s.first))


RULES.decision(ChooseDeity, "deity", prompt="choose your deity", legal=_legal_deity, apply=_apply_deity)
RULES.decision(ChooseStart, "start", prompt="choose your starting settlement(s)", legal=_legal_start,
               apply=_apply_start)
RULES.decision(StartFaith, "start_faith", prompt="place a starting faith token", legal=_legal_start_faith,
               apply=_apply_start_faith, skip=_skip_start_faith)
RULES.decision(KeepCalling, "calling", prompt="keep one Divine Calling", legal=_legal_calling,
               apply=_apply_calling)
RULES.automatic(Populate, _populate)
RULES.automatic(Begin, _begin)
