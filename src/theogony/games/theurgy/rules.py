"""Theurgy transitions: setup (TU-2), turns and the golden rule (TU-3), winning (TU-4), Pilgrimage
(TU-5), Spread the Word (TU-6), Divine Intervention (TU-7), monsters (TU-8), Test the Faith (TU-9).
Miracle and monster effects are in effects.py. Rule ids refer to docs/rules/theurgy.md."""

from __future__ import annotations

import sys

from ...core import Action, Event, Outcome
from ...core.rng import Rng
from . import board, cards
from .board import CORNERS, NEIGHBOURS, VERTEX_AROUND
from .state import (ACTIONS, DEITIES, GREY, Frame, Intervention, Pilgrim, Seat, TheurgyState)

# ---- action codes: a dense range, one block per kind of action sized (x, y, z) -------------
_P, _V, _C = board.N_POS, board.N_VERTICES, GREY + 1     # settlements, vertices, colours
_MIR, _MON, _CAL = len(cards.MIRACLES), len(cards.MONSTERS), len(cards.CALLINGS)
_WALK = 1 + max(m.n for m in cards.MIRACLES)
_SIZES: dict[str, tuple[int, int, int]] = {
    "turn": (4, 1, 1), "start": (_P, _P, 1), "start_faith": (_V, 1, 1), "calling": (_CAL, 1, 1),
    "move_follower": (_P, _P, 1), "move_acolyte": (2, _P, 1), "preach": (2, _C, 1), "fight": (3, _MON, 1),
    "done": (1, 1, 1), "stw_place": (_V, 1, 1), "stw_replace": (_V, 1, 1), "pass": (1, 1, 1),
    "miracle": (_MIR, 2, 2), "summon": (_MON + 1, 1, 1), "activate": (_MON, 1, 1),
    "move_monster": (_MON, _P, 1), "place_monster": (_P, 1, 1), "discard": (_MIR, 1, 1), "keep": (1, 1, 1),
    "ttf": (_P, 1, 1), "eseryn": (_P, 1, 1), "convert": (_P, _C, 1), "remove": (_P, _C, 1),
    "wound": (GREY, 2, 1), "faith": (_V, 1, 1), "replace": (_V, 1, 1), "unfaith": (_V, 1, 1),
    "pull": (_P, _C, 1), "push": (_P, _C, 1), "sceptics": (_P, 1, 1), "spawn": (_P, 1, 1),
    "take": (_MON, 1, 1), "banish": (_MON, 1, 1), "cull": (_P, 1, 1), "force": (4, 1, 1), "ban": (4, 1, 1),
    "peek_who": (GREY, 1, 1), "peek_card": (_MIR, 1, 1), "recall": (_MIR, 1, 1),
    "send_back": (_MON, _P, 1), "restore": (_P, 1, 1), "heal": (2, 1, 1), "walk": (_P, _WALK, 1),
    "fly": (_P, 4, 1), "stop": (1, 1, 1), "deity": (len(DEITIES), 1, 1),
    # appended after the first release so that the codes above keep their values
    "move_unmoved": (_P, _P, 1), "trigger": (_MON, 1, 1)}
_OFFSET: dict[str, int] = {}
N_CODES = 0
for _kind, (_x, _y, _z) in _SIZES.items():
    _OFFSET[_kind] = N_CODES
    N_CODES += _x * _y * _z
BLIND = 63                   # x of "summon blind" in the action data (its code is the last summon slot)


def code(kind: str, x: int = 0, y: int = 0, z: int = 0) -> int:
    sx, sy, sz = _SIZES[kind]
    if kind == "summon" and x == BLIND:
        x = _MON
    if not (0 <= x < sx and 0 <= y < sy and 0 <= z < sz):
        raise ValueError(f"theurgy action code out of range: {kind} {x} {y} {z}")
    return _OFFSET[kind] + (x * sy + y) * sz + z


def act(text: str, kind: str, x: int = 0, y: int = 0, z: int = 0, *data) -> Action:
    return Action(text, code(kind, x, y, z), (kind, x, y, z, *data))


# ================================================================================= setup (TU-2)

def setup(players: int, seed: int, variant: dict) -> TheurgyState:
    rng = Rng(seed)
    types = board.generate_map(rng)
    deities = list(DEITIES)
    rng.shuffle(deities)
    first = rng.below(players)
    order = [(first + k) % players for k in range(players)]
    seats = [Seat(deities[i], "", [], [], "", [], [], [-1, -1], [False, False]) for i in range(players)]
    deck = cards.miracle_deck()
    rng.shuffle(deck)
    for _ in range(3):
        for i in order:
            seats[i].hand.append(deck.pop())
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
        turns_taken=0, first=first, winner=-1, stack=[], pil=None, di=None,
        setup_order=list(reversed(order)))
    # TU-2.6/2.7: starts in reverse order, then the board is populated, then callings are kept
    s.stack.append(Frame("begin", first))
    for i in reversed(order):
        s.stack.append(Frame("calling", i))
    s.stack.append(Frame("populate", first))
    for i in reversed(s.setup_order):
        s.stack.append(Frame("start", i))
    if variant.get("deities") == "choose":                    # TU-2.5 / R-2: chosen in reverse order
        for seat in seats:
            seat.deity = ""
        for i in reversed(s.setup_order):
            s.stack.append(Frame("deity", i))
    return s


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


def _setup_start(s: TheurgyState, p: int, places: tuple[int, ...], ev: list[Event]) -> None:
    extra = (0, 0, 1, 1, 2, 2)[seat_order(s, p)]            # TU-2.8
    seat = s.seats[p]
    if len(places) == 2:
        seat.acolytes = [places[0], places[1]]
    else:
        seat.acolytes = [places[0], places[0]]
    for q in places:
        s.mortals[q][p] += 3 + extra
    for q in reversed(places):
        s.stack.append(Frame("start_faith", p, at=q))
    ev.append(Event("start", f"{seat.deity} starts in {' and '.join(s.name(q) for q in places)}", p))


def _populate(s: TheurgyState, ev: list[Event]) -> None:
    """TU-2.9: non-believers, sceptics and the Anomaly."""
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


# ================================================================================= helpers

def followers(s: TheurgyState, p: int, q: int) -> int:
    return s.mortals[q][p]


def acolyte_at(s: TheurgyState, p: int, q: int) -> bool:
    """An unwounded acolyte of seat p stands in q (a wounded one is as though absent, TU-10)."""
    seat = s.seats[p]
    return (seat.acolytes[0] == q and not seat.wounded[0]) or (seat.acolytes[1] == q and not seat.wounded[1])


def any_acolyte_at(s: TheurgyState, q: int) -> bool:
    return any(acolyte_at(s, p, q) for p in range(s.players))


def monsters_at(s: TheurgyState, q: int) -> list[str]:
    return [m for m, pos in s.mon_pos.items() if pos == q]


def passive_owners(s: TheurgyState, q: int, effect: str) -> list[int]:
    """Owners of monsters in q with the passive ability `effect` (TU-8.2)."""
    if not s.mon_pos:
        return []
    return [s.mon_owner[m] for m, pos in s.mon_pos.items()
            if pos == q and cards.MONSTER[m].effect == effect and cards.MONSTER[m].ability == "passive"]


def defended(s: TheurgyState, c: int, q: int) -> bool:
    """TU-5.5: a follower is defended by its own acolyte (or its owner's Centaur)."""
    if c == GREY:
        return False
    return acolyte_at(s, c, q) or c in passive_owners(s, q, "defend")


def monster_defended(s: TheurgyState, m: str) -> bool:
    return acolyte_at(s, s.mon_owner[m], s.mon_pos[m])


def can_affect(s: TheurgyState, q: int, p: int) -> bool:
    """Nymph: opposing miracles and monsters cannot affect its settlement."""
    return all(o == p for o in passive_owners(s, q, "sanctuary"))


def can_leave(s: TheurgyState, q: int) -> bool:
    """Giant Spider: nothing but monsters leaves its settlement, by any means."""
    return not passive_owners(s, q, "web")


def mortal_can_enter(s: TheurgyState, q: int) -> bool:
    return not passive_owners(s, q, "bar_mortals")


def acolyte_can_enter(s: TheurgyState, p: int, q: int) -> bool:
    return all(o == p for o in passive_owners(s, q, "bar_acolytes"))


def faith_allowed(s: TheurgyState, v: int) -> bool:
    """Demon: no faith token may be placed on a vertex of its settlement."""
    return not any(passive_owners(s, q, "no_faith") for q in VERTEX_AROUND[v])


def faith_fixed(s: TheurgyState, v: int) -> bool:
    """Elder Treant: faith tokens on its settlement's vertices cannot be replaced or removed."""
    return any(passive_owners(s, q, "rooted") for q in VERTEX_AROUND[v])


def kirjani_protects(s: TheurgyState, v: int) -> bool:
    """TU-6.4: Kirjani's tokens cannot be replaced while a Kirjani acolyte stands around them."""
    o = s.faith[v]
    return o >= 0 and s.seats[o].deity == "Kirjani" and any(acolyte_at(s, o, q) for q in VERTEX_AROUND[v])


def add_sceptics(s: TheurgyState, q: int, n: int) -> int:
    if passive_owners(s, q, "no_sceptics"):
        return 0
    s.sceptics[q] += n
    return n


def can_build(s: TheurgyState, q: int) -> bool:
    return not passive_owners(s, q, "no_temples")


def destroy_temple(s: TheurgyState, q: int, ev: list[Event]) -> None:
    o = s.temple[q]
    if o >= 0:
        s.temple[q] = -1
        s.ruins[q].append(o)
        ev.append(Event("destroy", f"{s.colour(o)}'s temple in {s.name(q)} is destroyed (a ruin)", o))


def build_temple(s: TheurgyState, p: int, q: int, ev: list[Event]) -> None:
    """Build (or restore a ruin of) seat p in q (TU-9.6)."""
    if p in s.ruins[q]:
        s.ruins[q].remove(p)
        ev.append(Event("restore", f"{s.colour(p)} restores a ruin into a temple in {s.name(q)}", p))
    else:
        ev.append(Event("build", f"{s.colour(p)} builds a temple in {s.name(q)}", p))
    s.temple[q] = p


def remove_monster(s: TheurgyState, m: str, ev: list[Event], why: str) -> None:
    o = s.mon_owner.pop(m)
    q = s.mon_pos.pop(m)
    s.seats[o].horde.remove(m)
    s.monster_discard.append(m)
    ev.append(Event("monster_removed", f"{cards.MONSTER[m].name} of {s.colour(o)} in {s.name(q)} is {why}", o))


def move_monster(s: TheurgyState, m: str, q: int, ev: list[Event]) -> None:
    old = s.mon_pos[m]
    s.mon_pos[m] = q
    s.sceptics[q] = 0                                           # TU-8.5
    ev.append(Event("monster_move", f"{cards.MONSTER[m].name} moves {s.name(old)} -> {s.name(q)}",
                    s.mon_owner[m]))


def draw_miracles(s: TheurgyState, p: int, ev: list[Event]) -> None:
    """Draw back up to three (TU-7.7), reshuffling the discard pile when the deck is empty; capital
    events drawn are resolved at once and removed (TU-12.3)."""
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
            from .effects import capital_event

            capital_event(s, card, ev)
            s.removed_events.append(card)
            continue
        hand.append(card)
        ev.append(Event("draw", f"{s.colour(p)} draws {cards.card_name(card)}", p, visible_to=(p,),
                        public_text=f"{s.colour(p)} draws a miracle"))


def draw_monster(s: TheurgyState) -> str | None:
    if not s.monster_deck:
        if not s.monster_discard:
            return None
        s.monster_deck = s.monster_discard
        s.monster_discard = []
        s.rng.shuffle(s.monster_deck)
    return s.monster_deck.pop()


def refill_monsters(s: TheurgyState, ev: list[Event]) -> None:
    """TU-7.11: a marker on each face-up card not taken; a third marker discards; refill to three."""
    keep_cards, keep_marks = [], []
    for m, k in zip(s.faceup, s.markers):
        if k + 1 >= 3:
            s.monster_discard.append(m)
            ev.append(Event("monster_discard", f"{cards.MONSTER[m].name} gets a third marker and is discarded",
                             actor=Event.BY_GAME))
        else:
            keep_cards.append(m)
            keep_marks.append(k + 1)
    s.faceup, s.markers = keep_cards, keep_marks
    while len(s.faceup) < 3:
        m = draw_monster(s)
        if m is None:
            break
        s.faceup.append(m)
        s.markers.append(0)


# ================================================================================= winning (TU-4)

def temple_points(s: TheurgyState, p: int) -> float:
    return sum(1 for o in s.temple if o == p) + 0.5 * sum(1 for r in s.ruins if p in r)


def has_won(s: TheurgyState, p: int) -> str:
    """The winning condition seat p meets now ("" if none)."""
    x = cards.TEMPLES_X[s.players]
    pts = temple_points(s, p)
    if pts >= x and s.temple[0] == p:
        return "Establish the Official Faith"
    if pts >= x + 1 and s.seats[p].calling and calling_met(s, p, s.seats[p].calling):
        return f"Fulfil Your Calling ({cards.card_name(s.seats[p].calling)})"
    if pts >= x + 2:
        return "Spread Across the Land"
    return ""


def calling_met(s: TheurgyState, p: int, cid: str) -> bool:
    c = cards.CALLING[cid]
    mine = [q for q in range(board.N_POS) if s.temple[q] == p]
    cond = c.condition
    if cond == "outpost":
        return any(all(s.temple[r] < 0 for r in NEIGHBOURS[q]) for q in mine)
    if cond == "borders":
        if not mine:
            return False
        seen, todo = {mine[0]}, [mine[0]]
        while todo:
            q = todo.pop()
            for r in NEIGHBOURS[q]:
                if s.temple[r] == p and r not in seen:
                    seen.add(r)
                    todo.append(r)
        return len(seen) == len(mine)
    if cond == "root_out":
        return bool(mine) and all(s.mortals[q][o] == 0 for q in mine for o in range(s.players) if o != p)
    if cond == "type_pair":
        return sum(1 for q in mine if s.types[q] == c.kind) >= c.n
    if cond == "inner":
        return sum(1 for q in mine if q in board.INNER) >= c.n
    if cond == "outer":
        return sum(1 for q in mine if q in board.OUTER) >= c.n
    if cond == "diverse":
        return len({s.types[q] for q in mine}) >= c.n
    if cond == "horde":
        return len(s.seats[p].horde) >= c.n
    if cond == "legend":
        return any(cards.MONSTER[m].legendary for m in s.seats[p].horde)
    if cond == "followers":
        return sum(s.mortals[q][p] for q in range(board.N_POS)) >= c.n
    if cond == "spread":
        return sum(1 for q in range(board.N_POS) if s.mortals[q][p]) >= c.n
    if cond == "faith_web":
        return s.faith.count(p) >= c.n
    if cond == "no_doubt":
        return bool(mine) and all(s.sceptics[q] == 0 for q in mine)
    if cond == "guardian":
        seat = s.seats[p]
        return all(not seat.wounded[i] and s.temple[seat.acolytes[i]] == p for i in range(2))
    if cond == "triangle":
        ms = set(mine)
        return any(r in ms and t in ms and t in NEIGHBOURS[r]
                   for q in mine for r in NEIGHBOURS[q] for t in NEIGHBOURS[q])
    if cond == "outnumber":
        own = sum(s.mortals[q][p] for q in range(board.N_POS))
        rest = sum(s.mortals[q][o] for q in range(board.N_POS) for o in range(s.players) if o != p)
        return own > rest
    if cond == "capital_crowd":
        return s.mortals[0][p] >= c.n
    if cond == "no_ruins":
        return not any(p in r for r in s.ruins)
    raise AssertionError(cond)


def outcome(s: TheurgyState) -> Outcome:
    pts = [temple_points(s, p) for p in range(s.players)]
    if s.winner >= 0:
        ranks = tuple(1 if p == s.winner else 2 + sum(1 for o in range(s.players)
                      if o != s.winner and pts[o] > pts[p]) for p in range(s.players))
        scores = tuple(pts[p] + (100.0 if p == s.winner else 0.0) for p in range(s.players))
        return Outcome(scores, (s.winner,), ranks)
    # TU-11 / R-16: no winner yet (a game stopped from outside): ranked by temple points, then followers
    flock = [sum(s.mortals[q][p] for q in range(board.N_POS)) for p in range(s.players)]
    return Outcome.from_scores(pts, flock)


# ================================================================================= Test the Faith (TU-9)

def conversions(mortals: list[int], tokens: list[int]) -> list[int]:
    """TU-9.3/9.4: colours convert from the highest token count down; tied colours convert together and
    share a colour's followers equally (rounding down). Returns the new mortal counts."""
    m = list(mortals)
    for level in sorted({t for t in tokens if t > 0}, reverse=True):
        group = [c for c, t in enumerate(tokens) if t == level]
        k = len(group)
        for c, t in enumerate(tokens):
            if t < level and m[c] > 0:
                each = min(level - t, m[c] // k)
                if each:
                    m[c] -= each * k
                    for g in group:
                        m[g] += each
    return m


def faith_counts(s: TheurgyState, q: int) -> list[int]:
    tokens = [0] * 7
    for v in CORNERS[q]:
        o = s.faith[v]
        if o >= 0:
            tokens[o] += 1
    tokens[GREY] = s.sceptics[q]
    return tokens


def test_the_faith(s: TheurgyState, p: int, q: int, ev: list[Event]) -> None:
    old = s.anomaly
    s.anomaly = q                                                     # TU-9.1
    ev.append(Event("test", f"{s.colour(p)} tests the faith in {s.name(q)} (the Anomaly leaves "
                    f"{s.name(old)})", p))
    tokens = faith_counts(s, q)                                       # TU-9.2
    before = s.mortals[q]
    after = conversions(before, tokens)                               # TU-9.3
    s.mortals[q] = after
    changes = [f"{s.colour(c)} {after[c] - before[c]:+d}" for c in range(7) if after[c] != before[c]]
    if changes:
        ev.append(Event("convert", f"conversions in {s.name(q)}: {', '.join(changes)}", p))
    top = max(after)                                                  # TU-9.5
    leaders = [c for c in range(7) if after[c] == top]
    current = s.temple[q]
    if len(leaders) == 1 and leaders[0] != GREY:
        w = leaders[0]
        if current != w:
            destroy_temple(s, q, ev)
            if can_build(s, q):
                build_temple(s, w, q, ev)
    elif current >= 0:
        destroy_temple(s, q, ev)
    # TU-9.7: sceptics into neighbours without acolyte or monster (Eseryn distributes them)
    bare = [r for r in NEIGHBOURS[q] if not any_acolyte_at(s, r) and not monsters_at(s, r)]
    if s.seats[p].deity == "Eseryn" and bare:
        s.stack.append(Frame("eseryn", p, n=len(bare), at=q))
        return
    for r in bare:
        add_sceptics(s, r, 1)
    if bare:
        ev.append(Event("sceptics", "a sceptic token is added to " + ", ".join(s.name(r) for r in bare)))


# ================================================================================= turn flow (TU-3)

def allowed_actions(s: TheurgyState, p: int) -> list[str]:
    seat = s.seats[p]
    if seat.forced:
        return [seat.forced]                                          # TU-13 Cast The Runes
    out = []
    for a in ACTIONS:
        if a == seat.banned:
            continue
        if a == seat.pawn and not (a == "divine intervention" and seat.deity == "Orrun"):
            continue                                                  # TU-3.2 golden rule
        out.append(a)
    return out


def begin_action(s: TheurgyState, p: int, a: str, ev: list[Event]) -> None:
    seat = s.seats[p]
    seat.pawn = a
    seat.forced = seat.banned = ""
    s.stack[-1] = Frame("end_turn", p)
    ev.append(Event("action", f"{seat.deity} takes {a}", p))
    if a == "pilgrimage":
        n = board.N_POS
        rested = [False, False]
        for i in range(2):
            if seat.wounded[i]:                                       # TU-10.3
                seat.wounded[i] = False
                rested[i] = True
                ev.append(Event("stand", f"{seat.deity}'s acolyte {i + 1} stands up", p))
        s.pil = Pilgrim([0] * n, [0] * n, [0, 0], [False, False], [False, False], rested, [False, False])
        s.stack.append(Frame("pilgrimage", p))
    elif a == "spread the word":
        s.stack.append(Frame("stw", p))
    elif a == "divine intervention":
        s.di = Intervention("", [], [], [], [])
        s.stack.append(Frame("di", p))
    else:
        s.stack.append(Frame("ttf", p))


def end_turn(s: TheurgyState, ev: list[Event]) -> None:
    p = s.stack.pop().player
    s.pil = None
    s.di = None
    how = has_won(s, p)                                               # TU-4.2
    if how:
        s.winner = p
        s.stack.clear()
        ev.append(Event("win", f"{s.colour(p)} wins: {how}", p, reveals=True, actor=Event.BY_GAME))
        return
    s.turns_taken += 1
    s.turn = (p + 1) % s.players
    s.stack.append(Frame("turn", s.turn))


# ================================================================================= options

def options(s: TheurgyState) -> list[Action]:
    top = s.stack[-1]
    fn = OPTIONS.get(top.kind)
    if fn is None:
        return _effects.OP_OPTIONS[top.kind](s, top)
    return fn(s, top)


def _opt_turn(s, f):
    return [act(a, "turn", ACTIONS.index(a)) for a in allowed_actions(s, f.player)]


def _opt_deity(s, f):
    taken = {seat.deity for seat in s.seats}
    return [act(f"choose {d}", "deity", k) for k, d in enumerate(DEITIES) if d not in taken]


def _opt_start(s, f):
    out = []
    for places in start_choices(s):
        text = "start in " + " and ".join(s.name(q) for q in places)
        out.append(act(text, "start", places[0], places[-1]))
    return out


def _opt_start_faith(s, f):
    return [act(f"faith V{v} in {s.name(f.at)}", "start_faith", v) for v in CORNERS[f.at] if s.faith[v] < 0]


def _opt_calling(s, f):
    return [act(f"keep {cards.card_name(c)}", "calling", cards.CALLING_INDEX[c]) for c in s.seats[f.player].offer]


def movable_followers(s: TheurgyState, p: int, q: int) -> int:
    return s.mortals[q][p] - s.pil.locked[q]


def _acolyte_may_act(s: TheurgyState, p: int, i: int) -> bool:
    seat, pil = s.seats[p], s.pil
    if seat.wounded[i] or pil.rested[i]:
        return False
    if seat.deity == "Lutraz":                                        # TU-14.1
        return not pil.after[i] if pil.moves[i] else not pil.before[i]
    return not (pil.before[i] or pil.after[i])


class _MapActions:
    """Actions whose texts name settlements or vertices, built once per map: follower moves
    [q][k] (and Kelerix's moves of a follower that has not moved yet, `unmoved`) and acolyte moves
    [i][q][k] to the k-th neighbour of q, Test the Faith [q], faith placement [v]."""

    __slots__ = ("followers", "unmoved", "acolytes", "ttf", "place")

    def __init__(self, s: TheurgyState) -> None:
        names = s.names()
        self.followers = [[act(f"move follower {names[q]} -> {names[r]}", "move_follower", q, r)
                           for r in NEIGHBOURS[q]] for q in range(board.N_POS)]
        self.unmoved = [[act(f"move unmoved follower {names[q]} -> {names[r]}", "move_unmoved", q, r)
                         for r in NEIGHBOURS[q]] for q in range(board.N_POS)]
        self.acolytes = [[[act(f"move acolyte {i + 1} {names[q]} -> {names[r]}", "move_acolyte", i, r)
                           for r in NEIGHBOURS[q]] for q in range(board.N_POS)] for i in range(2)]
        self.ttf = [act(f"test the faith in {names[q]}", "ttf", q) for q in range(board.N_POS)]
        self.place = [act(f"place faith {_vertex_label(s, v)}", "stw_place", v)
                      for v in range(len(VERTEX_AROUND))]


_MAP_ACTIONS: dict[int, _MapActions] = {}      # by id of the map's cached settlement names
DONE = act("done", "done")


def _map_actions(s: TheurgyState) -> _MapActions:
    names = s.names()
    found = _MAP_ACTIONS.get(id(names))
    if found is None:
        if len(_MAP_ACTIONS) > 1000:
            _MAP_ACTIONS.clear()
        found = _MAP_ACTIONS[id(names)] = _MapActions(s)
    return found


def _opt_pilgrimage(s, f):
    p = f.player
    seat, pil = s.seats[p], s.pil
    max_moves = 2 if seat.deity == "Kelerix" else 1                   # TU-14.2
    out = []
    webbed: set[int] = set()                                          # can_leave fails there
    barred: set[int] = set()                                          # mortal_can_enter fails there
    guarded: set[int] = set()                                         # acolyte_can_enter fails there
    if s.mon_pos:
        webbed = _passive_places(s, "web")
        barred = _passive_places(s, "bar_mortals")
        guarded = {r for r in _passive_places(s, "bar_acolytes") if not acolyte_can_enter(s, p, r)}
    cached = _map_actions(s)
    follower_moves, unmoved_moves, acolyte_moves = cached.followers, cached.unmoved, cached.acolytes
    mortals, locked, once = s.mortals, pil.locked, pil.once
    for q in range(board.N_POS):
        movable = mortals[q][p] - locked[q]                           # movable_followers
        if movable <= 0 or q in webbed:                               # can_leave
            continue
        # with a follower on its second move and one not yet moved in q, Kelerix chooses
        kinds = (follower_moves[q], unmoved_moves[q]) if 0 < once[q] < movable else (follower_moves[q],)
        for moves in kinds:
            if barred:
                out.extend(a for a, r in zip(moves, NEIGHBOURS[q]) if r not in barred)
            else:
                out.extend(moves)
    for i in range(2):
        q = seat.acolytes[i]
        if seat.wounded[i] or pil.rested[i]:
            continue
        if pil.moves[i] < max_moves and q not in webbed:
            if guarded:
                out.extend(a for a, r in zip(acolyte_moves[i][q], NEIGHBOURS[q]) if r not in guarded)
            else:
                out.extend(acolyte_moves[i][q])
        if not _acolyte_may_act(s, p, i):
            continue
        if not [o for o in passive_owners(s, q, "silence") if o != p]:
            for c in range(7):
                if c != p and s.mortals[q][c] > 0 and not defended(s, c, q):
                    out.append(act(f"acolyte {i + 1} preaches to {s.colour(c)} in {s.name(q)}", "preach", i, c))
        if pil.fought[i]:                                             # TU-14.1: one fight at most
            continue
        for m in monsters_at(s, q):
            mon = cards.MONSTER[m]
            if s.mon_owner[m] == p or monster_defended(s, m):
                continue
            if not mon.legendary:
                out.append(act(f"acolyte {i + 1} fights {mon.name} in {s.name(q)}", "fight", i,
                               cards.MONSTER_INDEX[m]))
            elif i == 0 and seat.acolytes[1] == q and _acolyte_may_act(s, p, 1) and not pil.fought[1]:
                out.append(act(f"acolytes 1+2 fight {mon.name} in {s.name(q)}", "fight", 2,
                               cards.MONSTER_INDEX[m]))
    out.append(DONE)
    return out


def stw_choices(s: TheurgyState, p: int) -> tuple[list[int], list[int]]:
    """TU-6: vacant vertices by a settlement with an own follower; opposing tokens outnumbered."""
    place, replace = [], []
    no_faith = _passive_places(s, "no_faith")                 # Demon (TU-15)
    rooted = _passive_places(s, "rooted")                     # Elder Treant
    mortals = s.mortals
    for v, around in enumerate(VERTEX_AROUND):
        o = s.faith[v]
        if no_faith and any(q in no_faith for q in around):
            continue
        if o < 0:
            if any(mortals[q][p] for q in around):
                place.append(v)
        elif o != p and not kirjani_protects(s, v) and not (rooted and any(q in rooted for q in around)):
            mine = sum(mortals[q][p] for q in around)
            theirs = sum(mortals[q][o] for q in around)
            if mine > theirs:
                replace.append(v)
    return place, replace


def _passive_places(s: TheurgyState, effect: str) -> set[int]:
    """Settlements holding a monster with the passive ability `effect`."""
    return {q for m, q in s.mon_pos.items()
            if cards.MONSTER[m].effect == effect and cards.MONSTER[m].ability == "passive"}


def _vertex_label(s: TheurgyState, v: int) -> str:
    return f"V{v} ({'/'.join(s.name(q) for q in VERTEX_AROUND[v])})"


def _opt_stw(s, f):
    place, replace = stw_choices(s, f.player)
    placing = _map_actions(s).place
    out = [placing[v] for v in place]
    out += [act(f"replace {s.colour(s.faith[v])} faith {_vertex_label(s, v)}", "stw_replace", v) for v in replace]
    return out or [act("pass", "pass")]


def _opt_ttf(s, f):
    testing = _map_actions(s).ttf
    return [testing[q] for q in range(board.N_POS) if q != s.anomaly]


def _opt_di(s, f):
    p = f.player
    seat, di = s.seats[p], s.di
    out = []
    if not di.main:
        allowed = _effects.miracle_allowed
        for i in range(2):
            if seat.wounded[i]:
                continue
            where = s.name(seat.acolytes[i])
            for c in sorted(set(seat.hand)):
                if allowed(s, p, c, i):
                    out.append(act(f"miracle {cards.card_name(c)} by acolyte {i + 1} in {where}", "miracle",
                                   cards.MIRACLE_INDEX[c], i, 0))
            for c in sorted(set(seat.supply)):
                if allowed(s, p, c, i):
                    out.append(act(f"miracle {cards.card_name(c)} from supply by acolyte {i + 1} in {where}",
                                   "miracle", cards.MIRACLE_INDEX[c], i, 1))
        out += summon_options(s)
    main_open = bool(out)                     # a miracle or a summon is owed while one is possible
    for m in seat.horde:
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


def summon_options(s: TheurgyState) -> list[Action]:
    out = [act(f"summon {cards.MONSTER[m].name}", "summon", cards.MONSTER_INDEX[m]) for m in s.faceup]
    if s.monster_deck or s.monster_discard:
        out.append(act("summon blind", "summon", 63))
    return out


def monster_moves(s: TheurgyState, m: str) -> list[int]:
    q = s.mon_pos[m]
    dests = list(NEIGHBOURS[q])
    if cards.MONSTER[m].movement == "special" and cards.MONSTER[m].type == "harbour":
        dests += [r for r in range(board.N_POS) if s.types[r] == "harbour" and r != q and r not in dests]
    return dests


def _opt_place_monster(s, f):
    m = f.src
    return [act(f"place {cards.MONSTER[m].name} in {s.name(q)}", "place_monster", q)
            for q in range(board.N_POS) if s.types[q] == cards.MONSTER[m].type]


def _opt_summon_pick(s, f):
    return summon_options(s)


def _opt_discard(s, f):
    hand = s.seats[f.player].hand
    out = [act(f"discard {cards.card_name(c)}", "discard", cards.MIRACLE_INDEX[c]) for c in sorted(set(hand))]
    out.append(act("keep the rest", "keep"))
    return out


def _opt_eseryn(s, f):
    return [act(f"sceptic -> {s.name(r)}", "eseryn", r) for r in NEIGHBOURS[f.at]
            if not monsters_at(s, r) and not passive_owners(s, r, "no_sceptics")]


OPTIONS = {
    "turn": _opt_turn, "deity": _opt_deity, "start": _opt_start, "start_faith": _opt_start_faith,
    "calling": _opt_calling,
    "pilgrimage": _opt_pilgrimage, "stw": _opt_stw, "ttf": _opt_ttf, "di": _opt_di,
    "place_monster": _opt_place_monster, "summon_pick": _opt_summon_pick, "discard": _opt_discard,
    "eseryn": _opt_eseryn,
}

# frames the engine resolves by itself
AUTO = ("begin", "populate", "end_turn", "summon_done", "draw")


# ================================================================================= apply

def apply_action(s: TheurgyState, a: Action) -> list[Event]:
    ev: list[Event] = []
    top = s.stack[-1]
    fn = APPLY.get(top.kind)
    if a.data[0] == "stop":                     # an optional effect is given up
        s.stack.pop()
    elif fn is None:
        _effects.OP_APPLY[top.kind](s, top, a, ev)
    else:
        fn(s, top, a, ev)
    settle(s, ev)
    return ev


def settle(s: TheurgyState, ev: list[Event]) -> None:
    """Resolve automatic frames and drop effect frames that have nothing left to choose."""
    op_options = _effects.OP_OPTIONS
    while s.stack:
        top = s.stack[-1]
        k = top.kind
        if k == "begin":
            s.stack.pop()
            s.turn = s.first
            s.stack.append(Frame("turn", s.first))
        elif k == "populate":
            s.stack.pop()
            _populate(s, ev)
        elif k == "end_turn":
            end_turn(s, ev)
        elif k == "summon_done":
            s.stack.pop()
            refill_monsters(s, ev)
        elif k == "draw":
            s.stack.pop()
            draw_miracles(s, top.player, ev)
        elif k in op_options or k in ("eseryn", "summon_pick", "start_faith"):
            opts = op_options[k](s, top) if k in op_options else OPTIONS[k](s, top)
            if not opts or (len(opts) == 1 and opts[0].data[0] == "stop"):
                s.stack.pop()
                continue
            break
        else:
            break


def _ap_turn(s, f, a, ev):
    begin_action(s, f.player, ACTIONS[a.data[1]], ev)


def _ap_deity(s, f, a, ev):
    s.stack.pop()
    s.seats[f.player].deity = DEITIES[a.data[1]]
    ev.append(Event("deity", f"seat {f.player} chooses {DEITIES[a.data[1]]}", f.player))


def _ap_start(s, f, a, ev):
    s.stack.pop()
    places = (a.data[1],) if a.data[1] == a.data[2] else (a.data[1], a.data[2])
    _setup_start(s, f.player, places, ev)


def _ap_start_faith(s, f, a, ev):
    s.stack.pop()
    v = a.data[1]
    s.faith[v] = f.player
    ev.append(Event("faith", f"{s.colour(f.player)} places a faith token on {_vertex_label(s, v)}", f.player))


def _ap_calling(s, f, a, ev):
    s.stack.pop()
    seat = s.seats[f.player]
    seat.calling = cards.CALLINGS[a.data[1]].id
    ev.append(Event("calling", f"{seat.deity} keeps {cards.card_name(seat.calling)}", f.player,
                    visible_to=(f.player,), public_text=f"{seat.deity} keeps a Divine Calling"))


def _ap_pilgrimage(s, f, a, ev):
    p = f.player
    seat, pil = s.seats[p], s.pil
    kind, x, y = a.data[0], a.data[1], a.data[2]
    if kind == "done":
        s.stack.pop()
        return
    if kind in ("move_follower", "move_unmoved"):
        q, r = x, y
        s.mortals[q][p] -= 1
        s.mortals[r][p] += 1
        if pil.once[q] > 0 and kind == "move_follower":   # the follower that moved once goes on
            pil.once[q] -= 1
            pil.locked[r] += 1
        elif seat.deity == "Kelerix":            # TU-14.2: a fresh Kelerix follower may move on
            pil.once[r] += 1
        else:
            pil.locked[r] += 1
        ev.append(Event("move", f"{seat.deity} moves a follower {s.name(q)} -> {s.name(r)}", p))
        return
    if kind == "move_acolyte":
        i, r = x, y
        q = seat.acolytes[i]
        seat.acolytes[i] = r
        pil.moves[i] += 1
        ev.append(Event("move", f"{seat.deity} moves acolyte {i + 1} {s.name(q)} -> {s.name(r)}", p))
        return
    if kind == "preach":
        i, c = x, y
        q = seat.acolytes[i]
        _mark_acted(pil, i)
        s.mortals[q][c] -= 1
        s.mortals[q][p] += 1
        pil.locked[q] += 1                                           # TU-5.7
        ev.append(Event("preach", f"{seat.deity}'s acolyte converts a {s.colour(c)} follower in {s.name(q)}"
                        if c != GREY else f"{seat.deity}'s acolyte converts a non-believer in {s.name(q)}", p))
        return
    if kind == "fight":
        m = cards.MONSTERS[y].id
        for i in ((0, 1) if x == 2 else (x,)):
            _mark_acted(pil, i)
            pil.fought[i] = True
        remove_monster(s, m, ev, f"fought by {seat.deity}")
        return
    raise AssertionError(kind)


def _mark_acted(pil: Pilgrim, i: int) -> None:
    if pil.moves[i]:
        pil.after[i] = True
    else:
        pil.before[i] = True


def _ap_stw(s, f, a, ev):
    s.stack.pop()
    kind, v = a.data[0], a.data[1]
    p = f.player
    if kind == "stw_place":
        s.faith[v] = p
        ev.append(Event("faith", f"{s.colour(p)} places a faith token on {_vertex_label(s, v)}", p))
    elif kind == "stw_replace":
        old = s.faith[v]
        s.faith[v] = p
        ev.append(Event("faith", f"{s.colour(p)} replaces {s.colour(old)}'s faith token on {_vertex_label(s, v)}", p))


def _ap_ttf(s, f, a, ev):
    s.stack.pop()
    test_the_faith(s, f.player, a.data[1], ev)


def _ap_di(s, f, a, ev):
    from .effects import activate_monster, perform_miracle

    p = f.player
    seat, di = s.seats[p], s.di
    kind, x, y, z = a.data[0], a.data[1], a.data[2], a.data[3]
    if kind == "done":
        s.stack.pop()
        s.stack.append(Frame("draw", p))                              # TU-7.7
        if di.main and seat.hand:
            s.stack.append(Frame("discard", p))
        return
    if kind == "miracle":
        card = cards.MIRACLES[x].id
        di.main = "miracle"
        if z:
            seat.supply.remove(card)
            s.miracle_discard.append(card)
        else:
            seat.hand.remove(card)
            if seat.deity == "Aeoris":                               # TU-14.4
                seat.supply.append(card)
            else:
                s.miracle_discard.append(card)
        perform_miracle(s, p, card, y, ev, reveal=True)
        return
    if kind == "summon":
        di.main = "summon"
        s.stack.append(Frame("summon_done", p))
        s.stack.append(Frame("summon_pick", p, n=1))
        _ap_summon_pick(s, s.stack[-1], a, ev)
        return
    if kind == "activate":
        m = cards.MONSTERS[x].id
        di.activated.append(m)
        activate_monster(s, m, ev, summoned=False)
        return
    if kind == "move_monster":
        m = cards.MONSTERS[x].id
        di.moved.append(m)
        move_monster(s, m, y, ev)
        return
    raise AssertionError(kind)


def _ap_summon_pick(s, f, a, ev):
    x = a.data[1]
    if x == 63:
        m = draw_monster(s)
        ev.append(Event("summon", f"{s.colour(f.player)} summons blind: {cards.MONSTER[m].name}", f.player))
    else:
        m = cards.MONSTERS[x].id
        k = s.faceup.index(m)
        s.faceup.pop(k)
        s.markers.pop(k)
        ev.append(Event("summon", f"{s.colour(f.player)} summons {cards.MONSTER[m].name}", f.player))
    f.n -= 1
    if f.n <= 0:
        s.stack.pop()
    s.stack.append(Frame("place_monster", f.player, src=m))


def _ap_place_monster(s, f, a, ev):
    from .effects import activate_monster

    s.stack.pop()
    m, q, p = f.src, a.data[1], f.player
    s.seats[p].horde.append(m)
    s.mon_pos[m] = q
    s.mon_owner[m] = p
    s.sceptics[q] = 0                                                 # TU-7.10
    if s.di is not None:
        s.di.summoned.append(m)
        s.di.activated.append(m)
    ev.append(Event("place_monster", f"{cards.MONSTER[m].name} appears in {s.name(q)}", p))
    activate_monster(s, m, ev, summoned=True)


def _ap_discard(s, f, a, ev):
    hand = s.seats[f.player].hand
    if a.data[0] == "keep":
        s.stack.pop()
        return
    card = cards.MIRACLES[a.data[1]].id
    hand.remove(card)
    s.miracle_discard.append(card)
    ev.append(Event("discard", f"{s.colour(f.player)} discards {cards.card_name(card)}", f.player, reveals=True))
    if not hand:
        s.stack.pop()


def _ap_eseryn(s, f, a, ev):
    r = a.data[1]
    add_sceptics(s, r, 1)
    ev.append(Event("sceptics", f"Eseryn places a sceptic token in {s.name(r)}", f.player))
    f.n -= 1
    if f.n <= 0:
        s.stack.pop()


APPLY = {
    "turn": _ap_turn, "deity": _ap_deity, "start": _ap_start, "start_faith": _ap_start_faith,
    "calling": _ap_calling,
    "pilgrimage": _ap_pilgrimage, "stw": _ap_stw, "ttf": _ap_ttf, "di": _ap_di,
    "summon_pick": _ap_summon_pick, "place_monster": _ap_place_monster, "discard": _ap_discard,
    "eseryn": _ap_eseryn,
}


# ================================================================================= prompts

PROMPTS = {
    "turn": "choose an action (your pawn must move)", "deity": "choose your deity",
    "start": "choose your starting settlement(s)",
    "start_faith": "place a starting faith token", "calling": "keep one Divine Calling",
    "pilgrimage": "move, preach or fight one piece at a time, or done", "stw": "place or replace a faith token",
    "ttf": "choose the settlement to test", "di": "perform a miracle or summon a monster; use your monsters; done",
    "place_monster": "choose where the monster appears", "summon_pick": "choose a monster to summon",
    "discard": "discard miracles, then draw back to three", "eseryn": "place a sceptic token",
}


def prompt(s: TheurgyState, f: Frame) -> str:
    return PROMPTS.get(f.kind) or _effects.OP_PROMPTS.get(f.kind, f.kind)


# effects.py builds on this module, so it is imported last; the state reaches the transitions here.
from . import effects as _effects  # noqa: E402
from . import state as _state  # noqa: E402

_state._rules = sys.modules[__name__]
