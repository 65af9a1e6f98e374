"""Movement: the troop, its companions, steps, teleports and the limits at its end (KM-3.4.5)."""

from __future__ import annotations

from collections import Counter

from theogony.core import Action, Event

from .. import codes as C
from .. import effects
from ..content import COMPANIONS, DESERT_CITY, DI_CARDS, TILES, ZONES
from theogony.core.frames import AUTOMATIC
from ..state import NextPick, StartBattle
from ..state import (KemetFrame, KemetState, M_MOVES, M_TELE, M_WALLS, MoveCompStep, MoveDiStep,
                     MoveStep, MoveTakeStep, MOVING, SUPPLY, TELEPORT_COST)
from . import board, modes


class EndCheck:
    """Whether a classic movement can still end with the troop, creature and servant limits kept
    in every zone (KM-3.4.5.6, KM-R8): a search over the remaining steps, where each zone passed
    may receive dropped warriors and companions and the last zone must take the rest. `fix`
    overrides one zone's own warriors and companion types (a tentative pick-up or drop)."""

    def __init__(self, st: KemetState, carried: int, kinds: Counter[str], picked: set[int],
                 fix: tuple[int, int, set[str]] | None) -> None:
        mv = st.mv
        assert mv is not None
        self.st = st
        self.mv = mv
        self.p = mv.player
        self.lim = board.limit(st, self.p)
        self.carried = carried
        self.kinds = kinds
        self.picked = picked
        self.fix = fix

    def own(self, z: int) -> int:
        if self.fix is not None and z == self.fix[0]:
            return self.fix[1]
        return self.st.count[z] if self.st.owner[z] == self.p else 0

    def kinds_at(self, z: int) -> set[str]:
        if self.fix is not None and z == self.fix[0]:
            return self.fix[2]
        return board.kinds_at(self.st, self.p, z)

    def enemy_held(self, z: int) -> bool:
        o = self.st.owner[z]
        return o >= 0 and o != self.p and not (self.fix is not None and z == self.fix[0])

    def god_blocked(self, z: int) -> bool:
        """KM-G2.4: warriors never stop or stay where the player's own God stands."""
        return self.st.gods is not None and modes.gods().god_zone_of(self.st, z) >= 0

    def final_ok(self, f: int, passed: tuple[int, ...]) -> bool:
        """The group can end in f, having dropped what it must in the zones `passed`."""
        if self.enemy_held(f):  # the battle ends the movement: the attackers keep the limits
            cap, present = self.lim, set()
        elif self.god_blocked(f):
            return False
        else:
            cap, present = self.lim - self.own(f), self.kinds_at(f)
        if cap < 1:
            return False
        drops = {z for z in passed if z != f and z not in self.picked and not self.god_blocked(z)}
        room = sum(self.lim - self.own(z) for z in drops)
        empties = sum(1 for z in drops if self.own(z) == 0)
        need_empty = 0
        for kind, n in self.kinds.items():
            extra = n - (0 if kind in present else 1)
            if extra <= 0:
                continue
            slots = sum(1 for z in drops if self.own(z) > 0 and kind not in self.kinds_at(z))
            # a companion left in an empty zone needs a warrior left with it
            short = max(0, extra - slots)
            if short > empties:
                return False
            need_empty = max(need_empty, short)
        return max(self.carried - cap, need_empty) <= min(self.carried - 1, room)

    def step_ok(self, z: int, moves: int, teleported: bool, entered: bool) -> bool:
        """A step into z (already allowed by walls and ports) keeps a legal end."""
        if self.enemy_held(z):
            return self.final_ok(z, ())
        return self.search(z, moves, teleported, entered, ())

    def search(self, z: int, moves: int, teleported: bool, entered: bool,
               passed: tuple[int, ...]) -> bool:
        if self.final_ok(z, passed):
            return True
        st = self.st
        mv = self.mv
        passed = passed + (z,)
        nexts: list[tuple[int, int, bool]] = []
        if moves > 0:
            for n in land_dests(st, z):
                if n == z or not self.wall_open(n, entered):
                    continue
                nexts.append((n, moves - 1, teleported))
        if not teleported and teleport_from_ok(st, z):
            nexts += [(n, moves, True) for n in st.board.obelisks if n != z]
        for n, m, tele in nexts:
            if self.enemy_held(n):
                if self.final_ok(n, passed):
                    return True
            elif self.search(n, m, tele, entered or board.enemy_quarter(st, self.p, n), passed):
                return True
        return False

    def wall_open(self, n: int, entered: bool) -> bool:
        """KM-3.4.5.5 with the enemy quarter already entered on this path."""
        st = self.st
        if not board.enemy_quarter(st, self.p, n):
            return True
        mv = self.mv
        return not entered and (mv.walls > 0 or n in st.board.adj[mv.start])


def legal_move_troop(st: KemetState, frame: KemetFrame) -> list[Action]:
    """KM-R28: a Movement moves a troop; it is skipped (lost) only without any troop."""
    p = st.cur
    out = []
    for z in range(len(ZONES)):
        if board.has_warriors(st, p, z) and st.count[z] > 0:
            what = modes.gods().name(st, p) if modes.gods().is_god_at(st, p, z) else "troop"
            out.append(Action(f"move {what} from {board.zname(st, z)}", C.ZONE + z, (z,)))
    return out or [Action("skip movement", C.DONE)]


def apply_move_troop(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    if a.code == C.DONE:
        board.drop_move(st)
        board.hand_over(st, NextPick(AUTOMATIC))
        return
    z = a.data[0]
    mv = st.mv
    assert mv is not None
    mv.start = mv.at = z
    if modes.god_steps(st).sets_out(st, mv.player, z):  # KM-G2.2: the God moves whole, alone
        return
    if board.own_warriors(st, mv.player, z) == 1:
        take(st, 1)
    else:
        board.goto_move(st, MoveTakeStep)


def legal_move_take(st: KemetState, frame: KemetFrame) -> list[Action]:
    mv = st.mv
    assert mv is not None
    n = board.own_warriors(st, mv.player, mv.start)
    return [Action(f"take {k} warrior{'s' if k > 1 else ''}", C.NUM + k, (k,)) for k in range(1, n + 1)]


def apply_move_take(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    take(st, a.data[0])


def take(st: KemetState, k: int) -> None:
    modes.rules(st).take(st, k)


def classic_take(st: KemetState, k: int) -> None:
    """The mover takes k of its warriors from the start zone (team mode, KM-T6.3: allies' go along)."""
    mv = st.mv
    assert mv is not None
    p = mv.player
    z = mv.start
    mv.carried = k
    st.count[z] -= k
    if st.count[z] == 0:
        st.owner[z] = -1
    took_warriors(st, p, z)


def took_warriors(st: KemetState, p: int, z: int) -> None:
    """After the moving warriors left zone z: an emptied zone's companions go along; otherwise p
    chooses which companions come (if any are there)."""
    if st.count[z] == 0:
        for c in board.comps_at(st, p, z):
            st.comp_loc[c] = MOVING
        after_take(st)
    elif board.comps_at(st, p, z):
        board.goto_move(st, MoveCompStep)
    else:
        after_take(st)


def legal_move_comp(st: KemetState, frame: KemetFrame) -> list[Action]:
    mv = st.mv
    assert mv is not None
    p = mv.player
    out = [Action("set out", C.DONE)]
    for k in board.comps_at(st, p, mv.start):
        out.append(Action(f"bring {TILES[COMPANIONS[k]].name}", C.COMPMOVE + 2 * k + 1, (k,)))
    return out


def apply_move_comp(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    if a.code == C.DONE:
        after_take(st)
        return
    st.comp_loc[a.data[0]] = MOVING
    mv = st.mv
    assert mv is not None
    if not board.comps_at(st, mv.player, mv.start):
        after_take(st)


def move_di(st: KemetState, p: int) -> list[Action]:
    pl = st.ps[p]
    return [Action(f"play {DI_CARDS[d].name}", C.DI + d, (d,)) for d in sorted(set(pl.di))
            if DI_CARDS[d].timing == "movement" and DI_CARDS[d].cost <= pl.pp]


def after_take(st: KemetState) -> None:
    mv = st.mv
    assert mv is not None
    p = mv.player
    pl = st.ps[p]
    # KM-3.4.5.1: land moves are fixed now, from tiles, the troop's companions (also those
    # staying behind with the part that does not move) and DI cards
    mv.moves = 1 + pl.mods[M_MOVES]
    mv.walls = pl.mods[M_WALLS]
    mv.tele_discount = pl.mods[M_TELE]
    for k in board.comps_at(st, p, MOVING):
        mv.moves += board.comp_mod(st, k, M_MOVES)
        mv.walls += board.comp_mod(st, k, M_WALLS)
        mv.tele_discount += board.comp_mod(st, k, M_TELE)
    for k in board.comps_at(st, p, mv.start):
        mv.moves += board.comp_mod(st, k, M_MOVES)
    mv.took = True
    board.goto_move(st, MoveDiStep if move_di(st, p) else MoveStep)


def legal_move_di(st: KemetState, frame: KemetFrame) -> list[Action]:
    return [Action("start moving", C.DONE)] + move_di(st, st.cur)


def apply_move_di(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    if a.code == C.DONE:
        board.goto_move(st, MoveStep)
        return
    p = st.cur
    play_move_di(st, p, a.data[0], ev)
    if not move_di(st, p):
        board.goto_move(st, MoveStep)


def play_move_di(st: KemetState, p: int, d: int, ev: list[Event]) -> None:
    """KM-3.4.5.9: only Movement cards during a movement; land moves only at its start."""
    card = DI_CARDS[d]
    pl = st.ps[p]
    pl.di.remove(d)
    pl.pp -= card.cost
    st.di_discard.append(d)
    mv = st.mv
    assert mv is not None
    effects.apply_move(mv, card.effect)
    ev.append(Event("di", f"seat {p} plays {card.name}", p, reveals=True))


def group_kinds(st: KemetState, p: int) -> set[str]:
    return board.kinds_at(st, p, MOVING)


def arrival_ok(st: KemetState, p: int, z: int, carried: int) -> int:
    """1: the troop may end here; 2: a battle starts here; 0: it may only pass through."""
    if board.ally(st, st.owner[z], p) and modes.god_steps(st).god_alone(st, p, z):
        return 0  # KM-G2.4: a God never shares a zone with friendly warriors
    return modes.rules(st).arrival_ok(st, p, z, carried)


def classic_arrival_ok(st: KemetState, p: int, z: int, carried: int) -> int:
    o = st.owner[z]
    if o < 0:
        return 1
    if o != p:
        return 2
    if st.count[z] + carried > board.limit(st, p):
        return 0
    if group_kinds(st, p) & board.kinds_at(st, p, z):
        return 0
    return 1


def land_dests(st: KemetState, z: int) -> list[int]:
    """Adjacent zones, and every port reachable from a port (KM-3.4.5.4)."""
    b = st.board
    out = list(b.adj[z])
    if ZONES[z].port:
        mv = st.mv
        mine = st.ps[mv.player].city if mv else -1
        for o in b.ports:
            if o == z or o in out:
                continue
            port = ZONES[o].port
            if port == "trade" or DESERT_CITY.get(o, -2) == mine or (
                    mv is not None and modes.rules(st).own_port(st, mv.player, o)):
                out.append(o)
    return out


def wall_ok(st: KemetState, p: int, z: int) -> bool:
    """KM-3.4.5.5: one enemy quarter per movement, entered from next to its wall."""
    if not board.enemy_quarter(st, p, z):
        return True
    mv = st.mv
    assert mv is not None
    if mv.entered_enemy:
        return False
    return mv.walls > 0 or z in st.board.adj[mv.start]


def teleport_from_ok(st: KemetState, z: int) -> bool:
    """KM-3.4.5.2 / KM-R9: the once-per-movement teleport leaves a pyramid quarter that the
    player controlled when the movement began, and the player can pay for it."""
    mv = st.mv
    assert mv is not None
    return (not mv.teleported and z in mv.held and ZONES[z].kind == "quarter"
            and st.ps[mv.player].pp >= teleport_cost(st))


def move_targets(st: KemetState, carried: int = -1) -> list[tuple[int, bool]]:
    mv = st.mv
    assert mv is not None
    p = mv.player
    if limits_at_end(st):
        return classic_move_targets(st)
    if carried < 0:
        carried = mv.carried
    out: list[tuple[int, bool]] = []
    if mv.moves > 0:
        for z in land_dests(st, mv.at):
            if not wall_ok(st, p, z):
                continue
            ok = arrival_ok(st, p, z, carried)
            if ok or (mv.moves > 1 and can_pass(st, p, z, carried)):
                out.append((z, False))
    if teleport_from_ok(st, mv.at):
        for z in st.board.obelisks:
            if z == mv.at:
                continue
            ok = arrival_ok(st, p, z, carried)
            if ok or (mv.moves > 0 and can_pass(st, p, z, carried)):
                out.append((z, True))
    return out


def limits_at_end(st: KemetState) -> bool:
    """The classic moving group may exceed its limits on the way (a moving God carries
    nothing, team mode keeps its own rules in team.py)."""
    mv = st.mv
    mv = st.mv
    return mv is not None and modes.rules(st).limits_at_end(st, mv.player)


def classic_limits_at_end(st: KemetState, p: int) -> bool:
    return not modes.gods().moving_god(st, p)


def group_kind_counts(st: KemetState, p: int) -> Counter[str]:
    return Counter(board.comp_kind(st, k) for k in board.comps_at(st, p, MOVING))


def classic_move_targets(st: KemetState) -> list[tuple[int, bool]]:
    """Every step after which the movement can still end within the limits."""
    mv = st.mv
    assert mv is not None
    p = mv.player
    plan = EndCheck(st, mv.carried, group_kind_counts(st, p), set(mv.picked), None)
    out: list[tuple[int, bool]] = []
    if mv.moves > 0:
        for z in land_dests(st, mv.at):
            if z != mv.at and wall_ok(st, p, z) and plan.step_ok(
                    z, mv.moves - 1, mv.teleported, mv.entered_enemy or board.enemy_quarter(st, p, z)):
                out.append((z, False))
    if teleport_from_ok(st, mv.at):
        for z in st.board.obelisks:
            if z != mv.at and plan.step_ok(
                    z, mv.moves, True, mv.entered_enemy or board.enemy_quarter(st, p, z)):
                out.append((z, True))
    return out


def can_still_end(st: KemetState, carried: int, kinds: Counter[str], picked: set[int],
                  fix: tuple[int, int, set[str]] | None = None) -> bool:
    """Whether the movement in progress, with this group, can still end with every limit
    kept; `fix` overrides one zone's own warriors and companion types (a tentative pick-up or
    drop there)."""
    mv = st.mv
    assert mv is not None
    plan = EndCheck(st, carried, kinds, picked, fix)
    return plan.search(mv.at, mv.moves, mv.teleported, mv.entered_enemy, ())


def can_pass(st: KemetState, p: int, z: int, carried: int) -> bool:
    mv = st.mv
    assert mv is not None
    for n in land_dests(st, z):
        if n != z and arrival_ok(st, p, n, carried) and (
                not board.enemy_quarter(st, p, n) or (not mv.entered_enemy and not board.enemy_quarter(st, p, z)
                                                 and (mv.walls > 0 or n in st.board.adj[mv.start]))):
            return True
    return False


def teleport_cost(st: KemetState) -> int:
    mv = st.mv
    assert mv is not None
    return max(0, TELEPORT_COST - mv.tele_discount)


def stop_ok(st: KemetState) -> bool:
    mv = st.mv
    assert mv is not None
    if limits_at_end(st):
        plan = EndCheck(st, mv.carried, group_kind_counts(st, mv.player), set(mv.picked),
                        None)
        return plan.final_ok(mv.at, ())
    return arrival_ok(st, mv.player, mv.at, mv.carried) == 1 or (
        st.owner[mv.at] == -1)


def legal_move(st: KemetState, frame: KemetFrame) -> list[Action]:
    mv = st.mv
    assert mv is not None
    p = mv.player
    z = mv.at
    out = []
    stop = stop_ok(st)
    targets = move_targets(st)
    if stop and (mv.steps or not targets):  # KM-R28: at least one step when one is possible
        out.append(Action("stop here", C.DONE))
    for t, tele in targets:
        if tele:
            out.append(Action(f"teleport to {board.zname(st, t)} for {teleport_cost(st)} PP",
                              C.TELE + t, (t, 1)))
        else:
            out.append(Action(f"go to {board.zname(st, t)}", C.ZONE + t, (t, 0)))
    here = st.count[z] if board.ally(st, st.owner[z], p) else 0
    if modes.god_steps(st).god_alone(st, p, z):
        here = -1  # KM-G2.4: a God neither leaves nor picks up warriors or companions
    if here >= 0:
        out += modes.rules(st).group_moves(st, z, here, stop)
    pl = st.ps[p]
    for d in sorted(set(pl.di)):
        card = DI_CARDS[d]
        if card.timing == "movement" and "moves" not in card.effect and card.cost <= pl.pp:
            out.append(Action(f"play {card.name}", C.DI + d, (d,)))
    if not out:  # defensive: never leave the mover without a choice (excess is trimmed)
        out.append(Action("stop here", C.DONE))
    return out


def classic_group_moves(st: KemetState, z: int, here: int, stop: bool) -> list[Action]:
    """KM-3.4.5.3 / KM-3.4.5.6: warriors and companions left or picked up in zone z (`here`
    own warriors). The group may go over its limits on the way; every option keeps a way to
    end the movement within them (KM-R8)."""
    mv = st.mv
    assert mv is not None
    p = mv.player
    lim = board.limit(st, p)
    kinds = group_kind_counts(st, p)
    picked = set(mv.picked)
    have = board.kinds_at(st, p, z)
    fits = mv.carried <= lim and all(n <= 1 for n in kinds.values())
    out = []
    if (mv.carried >= 2 and z not in picked and here + 1 <= lim and st.owner[z] in (-1, p)
            and (fits or can_still_end(st, mv.carried - 1, kinds, picked, (z, here + 1, have)))):
        out.append(Action("leave 1 warrior here", C.WARRIOR))
    if here > 0 and z not in mv.dropped:
        last = here == 1  # the last warrior brings the troop's companions along
        with_comps = kinds + Counter(have) if last else kinds
        if can_still_end(st, mv.carried + 1, with_comps, picked | {z},
                              (z, here - 1, set() if last else have)):
            out.append(Action("pick up 1 warrior here", C.WARRIOR + 1))
    if here > 0:
        for k in board.comps_at(st, p, MOVING):
            if z not in picked and board.comp_kind(st, k) not in have:
                out.append(Action(f"leave {TILES[COMPANIONS[k]].name} here",
                                  C.COMPMOVE + 2 * k, (k,)))
        for k in board.comps_at(st, p, z):
            kind = board.comp_kind(st, k)
            if z not in mv.dropped and can_still_end(st, 
                    mv.carried, kinds + Counter([kind]), picked | {z}, (z, here, have - {kind})):
                out.append(Action(f"pick up {TILES[COMPANIONS[k]].name}",
                                  C.COMPMOVE + 2 * k + 1, (k,)))
    return out


def apply_move(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    mv = st.mv
    assert mv is not None
    p = mv.player
    z = mv.at
    code = a.code
    if code == C.DONE:
        finish_move(st, ev)
        return
    if C.DI <= code < C.BCARD:
        play_move_di(st, p, a.data[0], ev)
        return
    if modes.team().is_warrior_move(code):
        modes.team().do_warrior_move(st, a)
        return
    if code == C.WARRIOR:
        mv.carried -= 1
        st.owner[z] = p
        st.count[z] += 1
        if z not in mv.dropped:
            mv.dropped.append(z)
        return
    if code == C.WARRIOR + 1:
        mv.carried += 1
        st.count[z] -= 1
        if z not in mv.picked:
            mv.picked.append(z)
        if st.count[z] == 0:
            st.owner[z] = -1
            for k in board.comps_at(st, p, z):
                st.comp_loc[k] = MOVING
        return
    if code >= C.COMPMOVE:
        k = a.data[0]
        if (code - C.COMPMOVE) % 2 == 0:
            st.comp_loc[k] = z
            if z not in mv.dropped:
                mv.dropped.append(z)
        else:
            st.comp_loc[k] = MOVING
            if z not in mv.picked:
                mv.picked.append(z)
        return
    t, tele = a.data
    mv.steps += 1
    if tele:
        mv.teleported = True
        st.ps[p].pp -= teleport_cost(st)
        ev.append(Event("move", f"seat {p} teleports {mv.carried} warriors to {board.zname(st, t)}", p))
    else:
        mv.moves -= 1
        ev.append(Event("move", f"seat {p} moves {mv.carried} warriors {board.zname(st, z)} -> {board.zname(st, t)}", p))
    if board.enemy_quarter(st, p, t):
        mv.entered_enemy = True
    mv.at = t
    o = st.owner[t]
    if o >= 0 and not board.ally(st, o, p):
        # KM-3.4.5.7: entering an occupied zone ends the movement with a battle
        n = mv.carried
        board.drop_move(st)
        board.hand_over(st, StartBattle(AUTOMATIC, zone=t, attacker=p, count=n))


def finish_move(st: KemetState, ev: list[Event]) -> None:
    mv = st.mv
    assert mv is not None
    p = mv.player
    z = mv.at
    if not modes.god_steps(st).god_lands(st, z):
        modes.rules(st).land_moved(st, z)
    for k in board.comps_at(st, p, MOVING):
        st.comp_loc[k] = SUPPLY if board.comp_kind(st, k) in board.kinds_at(st, p, z) else z
    board.drop_move(st)
    ev.append(Event("move", f"seat {p} ends the movement in {board.zname(st, z)}", p))
    board.hand_over(st, NextPick(AUTOMATIC))


def classic_land_moved(st: KemetState, z: int) -> None:
    mv = st.mv
    assert mv is not None
    if mv.carried:
        st.owner[z] = mv.player
        st.count[z] += mv.carried
        board.trim(st, z)
