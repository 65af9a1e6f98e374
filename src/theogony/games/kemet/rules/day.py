"""The day: rounds, turns, action tokens, DAY cards and the choice of the next action (KM-3.3)."""

from __future__ import annotations


from theogony.core import Action, Event

from .. import codes as C
from . import board, modes
from ..content import COMPANIONS, DI_CARDS, GATHER, SPACES, TILES, ZONES
from theogony.core.frames import AUTOMATIC
from ..state import StartNight
from ..state import (AcquireStep, ACTION_OF, BuildStep, ExtrasStep, KemetFrame, KemetState, M_PRAY,
                     M_RFREE, Move, MoveTroopStep, PickStep, PostStep, RecruitStep, SUPPLY,
                     TurnStep, WIN_GLORY)
from . import build, acquire
from .. import effects


def start_round(st: KemetState, ev: list[Event]) -> None:
    st.round += 1
    st.phase = "day"
    board.narrate(ev, "round", f"round {st.round} begins; turn order "
                  + ", ".join(f"seat {p}" for p in st.order))
    for pl in st.ps:
        pl.tokens = 5
        pl.spaces = [0] * len(SPACES)
        pl.bought = []
        pl.silver_used = False
        pl.gold_used = False
    st.pos = 0
    modes.steps(st).round_start(st)
    start_turn(st)


def start_turn(st: KemetState) -> None:
    """KM-3.3.1: the next player in turn order with action tokens checks victory, then acts."""
    n = st.players
    for i in range(n):
        idx = st.pos + i
        if idx >= n:
            break
        p = st.order[idx]
        if st.ps[p].tokens > 0:
            st.pos = idx
            board.set_cur(st, p)
            if check_victory(st, p):
                return
            board.goto(st, TurnStep)
            st.pending = []
            st.acting = -1
            st.build_discount = 0
            st.rearranged = 0
            return
    # wrap around: everyone who still holds tokens plays again in turn order
    for idx in range(n):
        p = st.order[idx]
        if st.ps[p].tokens > 0:
            st.pos = idx
            start_turn(st)
            return
    board.hand_over(st, StartNight(AUTOMATIC))


def check_victory(st: KemetState, p: int) -> bool:
    """KM-3.2 (team mode KM-T9; solo KM-S.9: the objective replaces it)."""
    return modes.rules(st).check_victory(st, p)


def classic_victory(st: KemetState, p: int) -> bool:
    """KM-3.2: at least 9 Glory at the start of the turn and nobody above wins."""
    g = board.glory(st, p)
    if g >= WIN_GLORY and all(board.glory(st, q) <= g for q in range(st.players)):
        st.over = True
        st.winner = p
        st.stack.clear()
        return True
    return False


def end_turn(st: KemetState) -> None:
    st.pos += 1
    if st.pos >= st.players:
        st.pos = 0
    if modes.steps(st).interlude(st):
        return
    start_turn(st)


def silver_spare(st: KemetState, p: int) -> int:
    """1 while p holds a silver token not yet played today (KM-3.3.4)."""
    pl = st.ps[p]
    return 1 if pl.silver and not pl.silver_used else 0


def floors_missing(st: KemetState, p: int, space: int = -1) -> int:
    """Floors of p's board still without a token, after one more token on `space` if given."""
    covered = {SPACES[s].floor for s, v in enumerate(st.ps[p].spaces) if v}
    if space >= 0:
        covered.add(SPACES[space].floor)
    return 3 - len(covered)


def floors_ok(st: KemetState, p: int, space: int, covered: set[int] | None = None) -> bool:
    """KM-3.3.3 Equilibrium: after this colour token, the colour tokens left and the unplayed
    silver token (it may go with this token or a later one) can still cover every floor."""
    pl = st.ps[p]
    if covered is None:
        covered = {SPACES[s].floor for s, v in enumerate(pl.spaces) if v}
    floor = SPACES[space].floor
    return 3 - len(covered) - (floor not in covered) <= pl.tokens - 1 + silver_spare(st, p)


def floors_reachable(st: KemetState, p: int) -> bool:
    """KM-3.3.3: the empty floors can still be covered once this turn's extra tokens are set
    (the silver token can only come later with a colour token)."""
    tokens = st.ps[p].tokens
    return floors_missing(st, p) <= tokens + (silver_spare(st, p) if tokens else 0)


def day_di(st: KemetState, p: int) -> list[Action]:
    pl = st.ps[p]
    out = []
    for d in sorted(set(pl.di)):
        card = DI_CARDS[d]
        if card.timing == "day" and card.cost <= pl.pp and not card.personal:
            out.append(Action(f"play {card.name}", C.DI + d, (d,)))
        elif d == GATHER and modes.rules(st).can_gather(st, p):
            out.append(Action(f"play {card.name}", C.DI + d, (d,)))
    return out


def legal_turn(st: KemetState, frame: KemetFrame) -> list[Action]:
    p = st.cur
    pl = st.ps[p]
    covered = {SPACES[s].floor for s, v in enumerate(pl.spaces) if v}
    out = [Action(f"place token on {SPACES[s].name}", C.SPACE + s, (s,))
           for s in range(len(SPACES)) if pl.spaces[s] == 0 and floors_ok(st, p, s, covered)]
    out += day_di(st, p)
    if st.rearranged < rearrange_limit(st, p):
        out += rearrange_options(st, p)
    out += modes.steps(st).give_actions(st, p)
    return out


def rearrange_limit(st: KemetState, p: int) -> int:
    """KM-R15: as many rearrangements per turn as p owns companions, enough for any
    arrangement (each attach, swap or return settles one companion for good)."""
    return sum(1 for o in st.comp_owner if o == p)


def swap_partner(st: KemetState, p: int, k: int, q: int) -> int:
    """p's companion of k's type attached in quarter q, which k would replace; -1 if none."""
    kind = board.comp_kind(st, k)
    for other in board.comps_at(st, p, q):
        if board.comp_kind(st, other) == kind:
            return other if st.comp_owner[other] == p else -2
    return -1


def rearrange_options(st: KemetState, p: int) -> list[Action]:
    """KM-3.4.3.5: before an action token, companions may move between supply and troops in
    one's own quarters (one companion of each type per troop); one companion may take the
    place of another of its type, which goes where the first one was (a swap)."""
    out = []
    qs = board.quarters_of(st, p)
    for k, loc in enumerate(st.comp_loc):
        if st.comp_owner[k] != p or not (loc == SUPPLY or loc in qs):
            continue
        name = TILES[COMPANIONS[k]].name
        for i, q in enumerate(qs):
            if q == loc or not board.has_warriors(st, p, q) or modes.gods().blocked_for_warriors(st, p, q):
                continue
            other = swap_partner(st, p, k, q)
            if other == -1:
                out.append(Action(f"attach {name} to {board.zname(st, q)}", C.ATTACH + 4 * k + i,
                                  (k, q)))
            elif other >= 0:
                out.append(Action(f"attach {name} to {board.zname(st, q)} in place of "
                                  f"{TILES[COMPANIONS[other]].name}", C.ATTACH + 4 * k + i,
                                  (k, q)))
        if loc != SUPPLY:
            out.append(Action(f"return {name} to supply", C.ATTACH + 4 * k + 3, (k, SUPPLY)))
    return out


def apply_turn(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    p = st.cur
    code = a.code
    if C.SPACE <= code < C.SILVER:
        s = a.data[0]
        pl = st.ps[p]
        pl.spaces[s] = 1
        pl.tokens -= 1
        st.pending.append(board.space_action(s))
        ev.append(Event("token", f"seat {p} places an action token on {SPACES[s].name}", p))
        if extras_options(st, p):
            board.goto(st, ExtrasStep)
        else:
            go_pick(st)
    elif C.DI <= code < C.BCARD:
        play_day_di(st, p, a.data[0], ev)
    elif modes.team().is_give(code):
        modes.team().do_give(st, a, ev)
    else:
        k, loc = a.data
        other = swap_partner(st, p, k, loc) if loc != SUPPLY else -1
        if other >= 0:
            st.comp_loc[other] = st.comp_loc[k]
        st.comp_loc[k] = loc
        st.rearranged += 1
        ev.append(Event("companion", f"seat {p}: {a.text}", p))


def extras_options(st: KemetState, p: int) -> list[Action]:
    pl = st.ps[p]
    out = []
    if pl.silver and not pl.silver_used:  # KM-3.3.3: it may have to cover a floor
        out += [Action(f"silver token on {SPACES[s].name}", C.SILVER + s, (s,))
                for s in range(len(SPACES))
                if pl.spaces[s] == 0 and floors_missing(st, p, s) <= pl.tokens]
    if not pl.gold_used:
        for t in pl.tiles:
            if TILES[t].gold:
                out.append(Action(f"gold token: {TILES[t].name} ({TILES[t].gold})", C.GOLD + t, (t,)))
    return out


def legal_extras(st: KemetState, frame: KemetFrame) -> list[Action]:
    begin = [Action("begin actions", C.DONE)] if floors_reachable(st, st.cur) else []
    return begin + extras_options(st, st.cur)


def apply_extras(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    p = st.cur
    pl = st.ps[p]
    if a.code == C.DONE:
        go_pick(st)
        return
    if a.code < C.GOLD:
        s = a.data[0]
        pl.spaces[s] = 2
        pl.silver_used = True
        st.pending.append(board.space_action(s))
        ev.append(Event("token", f"seat {p} places the silver token on {SPACES[s].name}", p))
    else:
        pl.gold_used = True
        kind = TILES[a.data[0]].gold
        st.pending.append(10 + ACTION_OF[kind])
        ev.append(Event("token", f"seat {p} plays the gold token: {TILES[a.data[0]].name}", p))
    if not extras_options(st, p):
        go_pick(st)


def run_next_pick(st: KemetState, frame: KemetFrame, ev: list[Event]) -> None:
    st.stack.pop()
    go_pick(st)


def run_start_round(st: KemetState, frame: KemetFrame, ev: list[Event]) -> None:
    st.stack.pop()
    start_round(st, ev)


def go_pick(st: KemetState) -> None:
    board.goto(st, PickStep)
    st.acting = -1
    if not st.pending:
        board.goto(st, PostStep)
        if not day_di(st, st.cur):
            end_turn(st)
        return
    if len(st.pending) == 1 and not day_di(st, st.cur):
        begin_action(st, st.pending.pop(0), [])


def legal_pick(st: KemetState, frame: KemetFrame) -> list[Action]:
    out = []
    seen = set()
    for kind in st.pending:
        if kind not in seen:
            seen.add(kind)
            out.append(Action(f"resolve {board.action_name(kind)}", C.ACTION + (kind if kind < 10 else kind - 3), (kind,)))
    return out + day_di(st, st.cur)


def apply_pick(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    if a.code >= C.ACTION:
        st.pending.remove(a.data[0])
        begin_action(st, a.data[0], ev)
    else:
        play_day_di(st, st.cur, a.data[0], ev)


def legal_post(st: KemetState, frame: KemetFrame) -> list[Action]:
    out = [Action("end turn", C.DONE)] + day_di(st, st.cur)
    out += modes.steps(st).give_actions(st, st.cur)
    return out


def apply_post(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    if a.code == C.DONE:
        end_turn(st)
    elif modes.team().is_give(a.code):
        modes.team().do_give(st, a, ev)
    else:
        play_day_di(st, st.cur, a.data[0], ev)


def play_day_di(st: KemetState, p: int, d: int, ev: list[Event]) -> None:
    """KM-3.3.2: a DAY card is played before or after an action, resolved and discarded."""
    card = DI_CARDS[d]
    pl = st.ps[p]
    pl.di.remove(d)
    if d == GATHER:  # KM-T4: a personal card, out of the game once played
        modes.team().start_gather(st, p, ev)
        return
    pl.pp -= card.cost
    st.di_discard.append(d)
    effects.apply_play(st, p, card.effect)
    ev.append(Event("di", f"seat {p} plays {card.name}", p, reveals=True))


def begin_action(st: KemetState, kind: int, ev: list[Event]) -> None:
    p = st.cur
    st.acting = kind
    base = kind % 10 if kind >= 10 else kind
    if base == 3:  # KM-3.4.4 Prayer
        gain = 2 + st.ps[p].mods[M_PRAY]
        effects.gain_pp(st, p, gain)
        ev.append(Event("pray", f"seat {p} prays for {gain} PP", p))
        go_pick(st)
    elif base == 2:
        board.goto(st, BuildStep)
        if not build.build_options(st):
            ev.append(Event("lost", f"seat {p} cannot build: the action is lost", p))
            go_pick(st)
    elif base == 1:
        board.goto(st, RecruitStep)
        st.rec_free = st.ps[p].mods[M_RFREE]
        st.rec_touched = []
        st.rec_placed = 0
        st.rec_add = [0] * len(ZONES)
    elif base == 0:
        move = Move(player=p, start=-1, at=-1, carried=0, moves=0, teleported=False,
                    entered_enemy=False, walls=0, tele_discount=0, dropped=[], picked=[],
                    took=False, gold=kind >= 10, held=board.pyramid_quarters_held(st, p))
        board.replace_top(st, MoveTroopStep(st.cur, move))
    else:
        board.goto(st, AcquireStep)
        if not acquire.acquire_options(st):
            ev.append(Event("lost", f"seat {p} cannot acquire a tile: the action is lost", p))
            go_pick(st)
