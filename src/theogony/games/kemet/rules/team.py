"""Team mode (KM-T): mixed troops, allies' warriors, Gather, team battles and Destiny."""

from __future__ import annotations

from itertools import product
from typing import Any

from theogony.core import Action, Event

from .. import codes as C
from ..content import COMPANIONS, CITY_QUARTERS, DESERT_CITY, QUARTER_CITY, TILES, ZONES, ZONE_INDEX
from ..team import MIXED_LIMIT, TEAM_WIN_GLORY, _MOVING
from . import battle, board, modes, movement, night, setup
from ..state import (GatherStep, KemetFrame, KemetState, MOVING, MoveTallyStep, PyramidsStep,
                     SUPPLY, TdestinyStep, TroopsStep)
from .. import effects

SIDES = ("attacker", "defender")
SPLIT, VETS = 0, 1                             # TeamData.after decisions


def nteams(st: KemetState) -> int:
    td = st.team
    assert td is not None
    return st.players // td.size


def seats_of(st: KemetState, t: int) -> list[int]:
    td = st.team
    assert td is not None
    return [s for s, x in enumerate(td.team_of) if x == t]


def allies_of(st: KemetState, p: int) -> list[int]:
    """The other members of p's team."""
    td = st.team
    assert td is not None
    return [s for s, x in enumerate(td.team_of) if x == td.team_of[p] and s != p]


# ---------------------------------------------------------------------------- troops

def wz(st: KemetState, z: int, s: int) -> int:
    td = st.team
    assert td is not None
    return td.w[z * st.players + s]


def comp(st: KemetState, z: int) -> list[int]:
    td = st.team
    assert td is not None
    P = st.players
    return td.w[z * P:(z + 1) * P]


def mixed(counts: list[int]) -> bool:
    """KM-T2.1: a troop is mixed when it holds warriors of at least two allies."""
    return sum(1 for x in counts if x > 0) >= 2


def group_limit(st: KemetState, counts: list[int]) -> int:
    """KM-T2.2: a mixed troop holds at most 5 warriors whatever the effects; a troop of one seat
    keeps that seat's classic limit (KM-7.5)."""
    seats = [s for s, x in enumerate(counts) if x > 0]
    if len(seats) >= 2:
        return MIXED_LIMIT
    if seats:
        return board.limit(st, seats[0])
    return MIXED_LIMIT


def add(st: KemetState, z: int, s: int, n: int) -> None:
    td = st.team
    assert td is not None
    td.w[z * st.players + s] += n
    st.count[z] += n
    if st.owner[z] < 0:
        st.owner[z] = s


def sub(st: KemetState, z: int, s: int, n: int) -> None:
    td = st.team
    assert td is not None
    td.w[z * st.players + s] -= n
    st.count[z] -= n
    _fix_owner(st, z)


def _fix_owner(st: KemetState, z: int) -> None:
    if st.count[z] <= 0:
        st.count[z] = 0
        st.owner[z] = -1
        return
    o = st.owner[z]
    if o < 0 or wz(st, z, o) == 0:
        st.owner[z] = next(s for s in range(st.players) if wz(st, z, s) > 0)


def clear(st: KemetState, z: int) -> list[int]:
    """Empty zone z's troop (companions untouched); returns its composition."""
    td = st.team
    assert td is not None
    P = st.players
    was = td.w[z * P:(z + 1) * P]
    td.w[z * P:(z + 1) * P] = [0] * P
    st.count[z] = 0
    st.owner[z] = -1
    return was


def to_supply(st: KemetState, counts: list[int]) -> None:
    """KM-7.5: removed warriors go back to their owners' supplies (Mercenaries to the bank)."""
    for s, n in enumerate(counts):
        if n:
            board.to_supply(st, s, n)


def removal_order(st: KemetState, first: int) -> list[int]:
    """KM-TR11: removals from a mixed troop outside battle losses take `first`'s warriors first,
    then the allies' in seat order."""
    return [first] + [s for s in range(st.players) if s != first]


def take_away(counts: list[int], n: int, order: list[int]) -> list[int]:
    """Remove n warriors from `counts` (in place) in the given seat order; returns what went."""
    gone = [0] * len(counts)
    for s in order:
        if n <= 0:
            break
        k = min(n, counts[s])
        counts[s] -= k
        gone[s] += k
        n -= k
    return gone


def remove_from_zone(st: KemetState, z: int, n: int, first: int) -> list[int]:
    counts = comp(st, z)
    gone = take_away(counts, n, removal_order(st, first))
    for s, k in enumerate(gone):
        if k:
            sub(st, z, s, k)
    to_supply(st, gone)
    return gone


def trim(st: KemetState, z: int) -> None:
    """KM-3.5.8 / KM-3.6.8 with KM-T2.2: warriors above the limit are removed (lead first)."""
    if st.owner[z] < 0:
        return
    lim = group_limit(st, comp(st, z))
    if st.count[z] > lim:
        remove_from_zone(st, z, st.count[z] - lim, st.owner[z])


def has_warriors(st: KemetState, p: int, z: int) -> bool:
    return wz(st, z, p) > 0


def controls_quarter(st: KemetState, p: int, q: int) -> bool:
    """KM-T5.2 / KM-T7.5: a seat controls a quarter where it has a warrior, and its own quarters
    while no enemy troop stands there (an ally's troop does not take it away)."""
    if wz(st, q, p) > 0:
        return True
    if st.city_owner[QUARTER_CITY[q]] != p:
        return False
    o = st.owner[q]
    return o < 0 or board.ally(st, o, p)


# ---------------------------------------------------------------------------- glory and victory

def team_glory(st: KemetState, t: int) -> int:
    """KM-T1.3: a team's Glory is its members' permanent Glory plus one per temple and one per
    level-4 pyramid quarter that the team controls (never twice for one pyramid)."""
    td = st.team
    assert td is not None
    g = sum(st.ps[s].glory for s in range(st.players) if td.team_of[s] == t)
    owner = st.owner
    for z in st.board.temples:
        if owner[z] >= 0 and td.team_of[owner[z]] == t:
            g += 1
    for c in st.board.cities:
        for q in CITY_QUARTERS[c]:
            if st.pyr_level[q] == 4:
                ctl = board.quarter_controller(st, q)
                if ctl >= 0 and td.team_of[ctl] == t:
                    g += 1
    return g


def check_victory(st: KemetState, p: int) -> bool:
    """KM-T9: at the start of an ally's turn, 12 team Glory and no team above wins."""
    td = st.team
    assert td is not None
    t = td.team_of[p]
    g = team_glory(st, t)
    if g >= TEAM_WIN_GLORY and all(team_glory(st, u) <= g for u in range(nteams(st))):
        st.over = True
        st.winner = p
        st.stack.clear()
        return True
    return False


def outcome_keys(st: KemetState) -> tuple[list[float], list[float]]:
    """Scores (team Glory) and tie-breaks (KM-TR10): all allies share one rank."""
    td = st.team
    assert td is not None
    glory = [team_glory(st, t) for t in range(nteams(st))]
    rank = {p: i for i, p in enumerate(st.order)}
    scores, tb = [], []
    win_team = td.team_of[st.winner] if st.winner >= 0 else -1
    for s in range(st.players):
        t = td.team_of[s]
        members = seats_of(st, t)
        perm = sum(st.ps[m].glory for m in members)
        best = min(rank[m] for m in members)
        scores.append(float(glory[t]))
        tb.append((1000 if t == win_team else 0) + perm * 10 + (st.players - best) * 0.01)
    return scores, tb


# ---------------------------------------------------------------------------- setup of troops

def la_troops(st: KemetState) -> list[Action]:
    """KM-T3.2: two quarters get 4 own warriors and 1 ally warrior each; with two allies each of
    them gives one warrior to one of the quarters."""
    p = st.cur
    qs = board.quarters_of(st, p)
    al = allies_of(st, p)
    out = []
    for i, q in enumerate(qs):
        rest = [x for x in qs if x != q]
        if len(al) == 1:
            a = al[0]
            out.append(Action(f"leave {board.zname(st, q)} empty, seat {a} joins both troops",
                              C.TEAM_SETUP + 2 * i, (q, rest[0], a, rest[1], a)))
        else:
            for j, (a, b) in enumerate(((al[0], al[1]), (al[1], al[0]))):
                out.append(Action(f"leave {board.zname(st, q)} empty, seat {a} joins {board.zname(st, rest[0])}, "
                                  f"seat {b} joins {board.zname(st, rest[1])}",
                                  C.TEAM_SETUP + 2 * i + j, (q, rest[0], a, rest[1], b)))
    return out


def do_troops(st: KemetState, a: Action, ev: list[Event]) -> None:
    p = st.cur
    _, q1, a1, q2, a2 = a.data
    for q, ally in ((q1, a1), (q2, a2)):
        add(st, q, p, 4)
        add(st, q, ally, 1)
        st.ps[p].supply -= 4
        st.ps[ally].supply -= 1
    ev.append(Event("setup", f"seat {p}: {a.text}", p))
    setup.setup_next(st, TroopsStep, PyramidsStep)


# ---------------------------------------------------------------------------- PP and veterans

def give_actions(st: KemetState, p: int) -> list[Action]:
    """KM-T1.4: PP and veteran tokens may be passed between allies (during the giver's turn)."""
    out = []
    pl = st.ps[p]
    for a in allies_of(st, p):
        if pl.pp > 0 and st.ps[a].pp < 11:
            out.append(Action(f"give 1 PP to seat {a}", C.GIVE_PP + a, (a,)))
        if pl.veterans > 0:
            out.append(Action(f"give 1 veteran token to seat {a}", C.GIVE_VET + a, (a,)))
    return out


def do_give(st: KemetState, a: Action, ev: list[Event]) -> None:
    p = st.cur
    to = a.data[0]
    if a.code < C.GIVE_VET:
        st.ps[p].pp -= 1
        effects.gain_pp(st, to, 1)
    else:
        st.ps[p].veterans -= 1
        st.ps[to].veterans += 1
    ev.append(Event("give", f"seat {p}: {a.text}", p))


def is_give(code: int) -> bool:
    return C.GIVE_PP <= code < C.TWARRIOR


# ---------------------------------------------------------------------------- Gather

GATHER_WARRIORS = 2


def gather_targets(st: KemetState, p: int) -> list[int]:
    """Gather (designed, KM-T4): zones whose troop holds an ally's warriors and has room in the
    mixed limit."""
    if st.ps[p].supply <= 0:
        return []
    al = allies_of(st, p)
    return [z for z in range(len(ZONES)) if st.owner[z] >= 0 and st.count[z] < MIXED_LIMIT
            and any(wz(st, z, a) > 0 for a in al)]


def start_gather(st: KemetState, p: int, ev: list[Event]) -> None:
    td = st.team
    assert td is not None
    td.gather = GATHER_WARRIORS
    st.stack.append(GatherStep(st.cur))  # over the step it interrupts
    ev.append(Event("di", f"seat {p} plays Gather", p, reveals=True))
    if not gather_targets(st, p):
        end_gather(st)


def end_gather(st: KemetState) -> None:
    td = st.team
    assert td is not None
    st.stack.pop()  # back to the interrupted step
    td.gather = 0


def la_gather(st: KemetState, frame: KemetFrame) -> list[Action]:
    out = [Action("done gathering", C.DONE)]
    for z in gather_targets(st, st.cur):
        out.append(Action(f"gather a warrior in {board.zname(st, z)}", C.ZONE + z, (z,)))
    return out


def do_gather(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    td = st.team
    assert td is not None
    p = st.cur
    if a.code == C.DONE:
        end_gather(st)
        return
    z = a.data[0]
    add(st, z, p, 1)
    st.ps[p].supply -= 1
    td.gather -= 1
    ev.append(Event("gather", f"seat {p} gathers a warrior in {board.zname(st, z)}", p))
    if td.gather <= 0 or not gather_targets(st, p):
        end_gather(st)


# ---------------------------------------------------------------------------- movement

def own_port(st: KemetState, p: int, port_zone: int) -> bool:
    """KM-T6.2: the Military Ports of allies' cities count as one's own."""
    c = DESERT_CITY.get(port_zone, -2)
    if c < 0:
        return False
    o = st.city_owner[c]
    return o >= 0 and board.ally(st, o, p)


def enemy_quarter(st: KemetState, p: int, z: int) -> bool:
    """KM-T6.2: the walls of allies' cities count as one's own."""
    c = QUARTER_CITY[z]
    if c < 0:
        return False
    o = st.city_owner[c]
    return not (o >= 0 and board.ally(st, o, p))


def take(st: KemetState, k: int) -> None:
    """KM-T6.3: the mover takes k of its own warriors, then chooses how many of each ally's
    warriors in the troop go along."""
    td = st.team
    mv = st.mv
    assert td is not None and mv is not None
    p = mv.player
    td.carry = [0] * st.players
    td.carry[p] = k
    td.tally = [s for s in allies_of(st, p) if wz(st, mv.start, s) > 0]
    next_tally(st)


def next_tally(st: KemetState) -> None:
    td = st.team
    assert td is not None
    while td.tally:
        if len(la_move_tally(st, st.stack[-1])) > 1:
            board.goto_move(st, MoveTallyStep)
            return
        td.tally.pop(0)
    finish_take(st)


def la_move_tally(st: KemetState, frame: KemetFrame) -> list[Action]:
    td = st.team
    mv = st.mv
    assert td is not None and mv is not None
    s = td.tally[0]
    have = wz(st, mv.start, s)
    out = []
    for j in range(have + 1):
        trial = list(td.carry)
        trial[s] += j
        if sum(trial) <= group_limit(st, trial):
            out.append(Action(f"take {j} of seat {s}'s warriors", C.NUM + j, (j,)))
    return out


def do_move_tally(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    td = st.team
    assert td is not None
    s = td.tally.pop(0)
    td.carry[s] += a.data[0]
    next_tally(st)


def finish_take(st: KemetState) -> None:
    td = st.team
    mv = st.mv
    assert td is not None and mv is not None
    p = mv.player
    z = mv.start
    for s, n in enumerate(td.carry):
        if n:
            sub(st, z, s, n)
    mv.carried = sum(td.carry)
    movement.took_warriors(st, p, z)


def arrival_ok(st: KemetState, p: int, z: int) -> int:
    """1: the group may end here; 2: a battle starts here; 0: it may only pass through
    (KM-T6.1: allies' zones can be crossed whatever the limits)."""
    td = st.team
    assert td is not None
    o = st.owner[z]
    if o < 0:
        return 1
    if not board.ally(st, o, p):
        return 2
    merged = [x + y for x, y in zip(comp(st, z), td.carry)]
    if sum(merged) > group_limit(st, merged):
        return 0
    if movement.group_kinds(st, p) & board.kinds_at(st, p, z):
        return 0
    return 1


def warrior_moves(st: KemetState) -> list[Action]:
    """KM-T6.4: leave or pick up one warrior of any seat of the team where the group passes."""
    td = st.team
    mv = st.mv
    assert td is not None and mv is not None
    p = mv.player
    z = mv.at
    o = st.owner[z]
    out: list[Action] = []
    if o >= 0 and not board.ally(st, o, p):
        return out
    here = comp(st, z)
    stop = movement.stop_ok(st)
    team = [p] + allies_of(st, p)
    for s in sorted(team):
        # leave: the group keeps a warrior, the mover keeps one of its own (KM-T6.3)
        if (td.carry[s] > 0 and mv.carried >= 2 and (s != p or td.carry[p] >= 2)
                and z not in mv.picked):
            trial = list(here)
            trial[s] += 1
            if sum(trial) <= group_limit(st, trial):
                out.append(Action(f"leave 1 warrior of seat {s} here", C.TWARRIOR + 2 * s, (s,)))
        if here[s] > 0 and z not in mv.dropped and stop:
            trial = list(td.carry)
            trial[s] += 1
            extra = board.kinds_at(st, p, z) if sum(here) == 1 else set()
            if sum(trial) <= group_limit(st, trial) and not (extra & movement.group_kinds(st, p)):
                out.append(Action(f"pick up 1 warrior of seat {s} here", C.TWARRIOR + 2 * s + 1,
                                  (s,)))
    return out


def do_warrior_move(st: KemetState, a: Action) -> None:
    td = st.team
    mv = st.mv
    assert td is not None and mv is not None
    p = mv.player
    z = mv.at
    s = a.data[0]
    if (a.code - C.TWARRIOR) % 2 == 0:
        td.carry[s] -= 1
        mv.carried -= 1
        add(st, z, s, 1)
        if z not in mv.dropped:
            mv.dropped.append(z)
    else:
        td.carry[s] += 1
        mv.carried += 1
        sub(st, z, s, 1)
        if z not in mv.picked:
            mv.picked.append(z)
        if st.count[z] == 0:
            for k in board.comps_at(st, p, z):
                st.comp_loc[k] = _MOVING


def is_warrior_move(code: int) -> bool:
    return C.TWARRIOR <= code < C.DEFEND


def land_group(st: KemetState, z: int) -> None:
    """The moving or attacking group joins zone z's troop."""
    td = st.team
    assert td is not None
    for s, n in enumerate(td.carry):
        if n:
            add(st, z, s, n)
    td.carry = [0] * st.players


def carry_single(st: KemetState, p: int, n: int) -> None:
    """A recruitment attack group holds only the recruiting seat's warriors."""
    td = st.team
    assert td is not None
    td.carry = [0] * st.players
    td.carry[p] = n


# ---------------------------------------------------------------------------- battle

def temple_seats(st: KemetState) -> list[int]:
    """KM-T7.3 / KM-TR5: the seat each temple (in `board.temples` order) counts for at night,
    -1 when nobody holds it. Every seat with a warrior in a temple's troop controls it, but at
    night a temple counts for one of them only: the temples of mixed troops are shared out so that
    as many seats as possible count two temples (then the troops' lead seats are preferred)."""
    temples = st.board.temples
    options = []
    for z in temples:
        seats = [s for s in range(st.players) if board.has_warriors(st, s, z)]
        options.append(sorted(seats, key=lambda s: s != st.owner[z]) or [-1])
    best: list[int] = []
    best_key = (-1, -1)
    for pick in product(*options):
        paired = sum(1 for s in set(pick) if s >= 0 and pick.count(s) >= 2)
        leads = sum(1 for z, s in zip(temples, pick) if s == st.owner[z])
        if (paired, leads) > best_key:
            best, best_key = list(pick), (paired, leads)
    return best


def temples_glory(st: KemetState, ev: list[Event]) -> None:
    """Night step 3 (KM-T7.3): a seat counting two temples gains 1 Glory."""
    seats = temple_seats(st)
    for p in range(st.players):
        if seats.count(p) >= 2:
            st.ps[p].glory += 1


def worship(st: KemetState, ev: list[Event]) -> None:
    """Night step 4 (KM-T7.4): each temple's PP (not the Delta Temple's) go once to the seat it
    counts for, as one single effect per seat."""
    seats = temple_seats(st)
    for p in range(st.players):
        effects.gain_pp(st, p, sum(ZONES[z].temple_pp for z, s in zip(st.board.temples, seats) if s == p))


def start_destiny(st: KemetState, ev: list[Event]) -> None:
    """KM-T7.9: teams by ascending Glory (ties: the team with the earliest seat in the old order)
    place their first markers in the first block of positions, then the other markers follow
    block by block in the resulting team order."""
    td = st.team
    assert td is not None
    rank = {p: i for i, p in enumerate(st.order)}
    glory = [team_glory(st, t) for t in range(nteams(st))]
    td.dq = sorted(range(nteams(st)),
                   key=lambda t: (glory[t], min(rank[s] for s in seats_of(st, t))))
    st.new_order = [-1] * st.players
    advance_destiny(st, ev)


def destiny_options(st: KemetState, t: int) -> list[tuple[int, int]]:
    free_seats = [s for s in seats_of(st, t) if s not in st.new_order]
    n = nteams(st)
    if len(free_seats) == len(seats_of(st, t)):
        positions = [i for i in range(n) if st.new_order[i] < 0]
    else:
        positions = [st.new_order.index(-1)]
    return [(s, i) for s in free_seats for i in positions]


def destiny_chooser(st: KemetState, t: int) -> int:
    """The team decides through its member earliest in the old turn order (KM-TR2)."""
    rank = {p: i for i, p in enumerate(st.order)}
    return min(seats_of(st, t), key=lambda s: rank[s])


def advance_destiny(st: KemetState, ev: list[Event]) -> None:
    td = st.team
    assert td is not None
    n = nteams(st)
    while True:
        if not td.dq:
            if all(x >= 0 for x in st.new_order):
                st.order = st.new_order
                st.new_order = []
                night.next_night(st, ev)
                return
            block = [td.team_of[st.new_order[i]] for i in range(n)]
            td.dq = block * (td.size - 1)
            continue
        t = td.dq[0]
        opts = destiny_options(st, t)
        if len(opts) == 1:
            s, i = opts[0]
            st.new_order[i] = s
            td.dq.pop(0)
            continue
        board.set_cur(st, destiny_chooser(st, t))
        board.goto(st, TdestinyStep)
        return


def la_tdestiny(st: KemetState, frame: KemetFrame) -> list[Action]:
    td = st.team
    assert td is not None
    return [Action(f"seat {s} takes turn position {i + 1}", C.TDESTINY + 6 * s + i, (s, i))
            for s, i in destiny_options(st, td.dq[0])]


def do_tdestiny(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    td = st.team
    assert td is not None
    s, i = a.data
    st.new_order[i] = s
    td.dq.pop(0)
    ev.append(Event("destiny", f"seat {s} takes turn position {i + 1}", st.cur))
    advance_destiny(st, ev)


# ---------------------------------------------------------------------------- view

def view_extra(st: KemetState, out: dict[str, Any], zones: dict[str, Any]) -> None:
    """The team part of a view: teams, team Glory, each troop's seats, the moving group."""
    td = st.team
    assert td is not None
    out["teams"] = [seats_of(st, t) for t in range(nteams(st))]
    out["team_glory"] = [team_glory(st, t) for t in range(nteams(st))]
    for zid, d in zones.items():
        if "owner" in d:
            z = ZONE_INDEX[zid]
            d["by_seat"] = [[s, n] for s, n in enumerate(comp(st, z)) if n > 0]
    for p, s in enumerate(out["seats"]):
        s["team"] = td.team_of[p]
    if "movement" in out:
        out["movement"]["group"] = [[s, n] for s, n in enumerate(td.carry) if n > 0]
        out["movement"]["allies_to_tally"] = list(td.tally)
    if "battle" in out:
        out["battle"]["attacker_group"] = [[s, n] for s, n in enumerate(td.carry) if n > 0]
        out["battle"]["team_after"] = [
            {"decision": "split losses" if kind == SPLIT else "hand out veterans",
             "side": SIDES[side], "left": n} for kind, side, n in td.after]
        out["battle"]["split_lost"] = [[s, x] for s, x in enumerate(td.lost) if x >= 0]
    if isinstance(st.stack[-1:] and st.stack[-1], GatherStep):
        out["gather_left"] = td.gather
    if isinstance(st.stack[-1:] and st.stack[-1], TdestinyStep) and "turn" in out:
        out["turn"]["team_destiny"] = list(td.dq)
        out["turn"]["new_order"] = list(st.new_order)



def take_moving(st: KemetState, k: int) -> None:
    """KM-T6.3: allies' warriors may go along (a moving God goes alone, KM-G2.2)."""
    mv = st.mv
    if mv is not None and modes.gods().moving_god(st, mv.player):
        movement.classic_take(st, k)
    else:
        take(st, k)


def arrival_with(st: KemetState, p: int, z: int, carried: int) -> int:
    return arrival_ok(st, p, z)


def group_moves(st: KemetState, z: int, here: int, stop: bool) -> list[Action]:
    """KM-T6.4: warriors of any ally may be left or picked up, and the mover's companions."""
    mv = st.mv
    assert mv is not None
    p = mv.player
    out = warrior_moves(st)
    if here > 0:
        have = board.kinds_at(st, p, z)
        for k in board.comps_at(st, p, MOVING):
            if z not in mv.picked and board.comp_kind(st, k) not in have:
                out.append(Action(f"leave {TILES[COMPANIONS[k]].name} here", C.COMPMOVE + 2 * k, (k,)))
        gk = movement.group_kinds(st, p)
        for k in board.comps_at(st, p, z):
            if stop and z not in mv.dropped and board.comp_kind(st, k) not in gk:
                out.append(Action(f"pick up {TILES[COMPANIONS[k]].name}", C.COMPMOVE + 2 * k + 1, (k,)))
    return out


def land_moved(st: KemetState, z: int) -> None:
    land_group(st, z)
    board.trim(st, z)


def summon_limit(st: KemetState, p: int, q: int) -> int:
    trial = comp(st, q)
    trial[p] += 1
    return group_limit(st, trial)


def recruit_limit(st: KemetState, p: int, q: int) -> int:
    o = st.owner[q]
    return summon_limit(st, p, q) if o >= 0 and board.ally(st, o, p) else board.limit(st, p)


def can_gather(st: KemetState, p: int) -> bool:
    return bool(gather_targets(st, p))


def seat_glory(st: KemetState, p: int) -> int:
    """KM-T1.3: a seat's Glory is its team's."""
    assert st.team is not None
    return team_glory(st, st.team.team_of[p])


def seat_warriors(st: KemetState, p: int, z: int) -> int:
    return wz(st, z, p)


def remove_warriors(st: KemetState, z: int, n: int) -> None:
    """Devotion and the Delta Temple: the deciding seat's own warriors go first (KM-TR11)."""
    remove_from_zone(st, z, n, st.cur)
    if st.owner[z] < 0:
        for k in board.comps_at(st, st.cur, z):
            st.comp_loc[k] = SUPPLY
