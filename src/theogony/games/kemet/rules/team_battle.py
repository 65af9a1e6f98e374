"""Team mode battles (KM-T8): the defending seat of a mixed troop, loss splits, veteran gifts,
recall and retreat of mixed sides."""

from __future__ import annotations

from theogony.core import Action, Event

from .. import codes as C
from . import team as T
from ..state import KemetState
from ..team import TEAM_STAGES
from . import battle, board, modes
from .team import (add, allies_of, clear, comp, land_group, mixed, SIDES, SPLIT, sub, take_away,
                   to_supply, VETS, wz)




def open_battle(st: KemetState) -> None:
    """Before the war council: when the attacked troop is mixed, the defending team picks its
    defender (KM-T8.2)."""
    bt = st.bt
    assert bt is not None
    if mixed(comp(st, bt.zone)):
        bt.stage = "defender"
        board.set_cur(st, bt.dfn)


def la_team_stage(st: KemetState) -> list[Action]:
    bt = st.bt
    assert bt is not None
    if bt.stage == "defender":
        return [Action(f"seat {s} defends", C.DEFEND + s, (s,))
                for s in range(st.players) if wz(st, bt.zone, s) > 0]
    if bt.stage == "split":
        s, low, high = _split_seat(st)
        return [Action(f"seat {s} loses {j} warrior{'' if j == 1 else 's'}", C.NUM + j, (j, s))
                for j in range(low, high + 1)]
    return [Action(f"seat {s} takes a veteran token", C.DEFEND + s, (s,))
            for s in sorted([_participant(st)] + allies_of(st, _participant(st)))]


def do_team_stage(st: KemetState, a: Action, ev: list[Event]) -> None:
    td = st.team
    bt = st.bt
    assert td is not None and bt is not None
    if bt.stage == "defender":
        s = a.data[0]
        bt.dfn = s
        ev.append(Event("battle", f"seat {s} defends the troop in {board.zname(st, bt.zone)}", s))
        bt.stage = "a_disc" if len(st.ps[bt.att].hand) >= 2 else "a_play"
        board.set_cur(st, bt.att)
        return
    ev.append(Event("battle", f"seat {st.cur}: {a.text}", st.cur))
    if bt.stage == "split":
        s, _, _ = _split_seat(st)
        td.lost[s] = a.data[0]
    else:
        giver = _participant(st)
        st.ps[giver].veterans -= 1
        st.ps[a.data[0]].veterans += 1
        td.after[0][2] -= 1
    next_after(st, ev)


# ---------------------------------------------------------------- after the reveal

def _side_counts(st: KemetState, side: int) -> list[int]:
    td = st.team
    bt = st.bt
    assert td is not None and bt is not None
    return td.carry if side == 0 else comp(st, bt.zone)


def _participant(st: KemetState) -> int:
    td = st.team
    bt = st.bt
    assert td is not None and bt is not None
    return bt.att if td.after[0][1] == 0 else bt.dfn


def _split_seat(st: KemetState) -> tuple[int, int, int]:
    """The next seat whose share of the losses is open, and the fewest and most warriors it can
    lose so that the side still loses exactly the warriors due."""
    td = st.team
    assert td is not None
    counts = _side_counts(st, td.after[0][1])
    open_seats = [s for s in range(st.players) if counts[s] > 0 and td.lost[s] < 0]
    s = open_seats[0]
    left = td.after[0][2] - sum(x for x in td.lost if x > 0)
    others = sum(counts[t] for t in open_seats[1:])
    return s, max(0, left - others), min(counts[s], left)


def battle_losses(st: KemetState, att_lost: int, dfn_lost: int) -> None:
    """KM-3.5.4 with KM-T8.4: a side whose losses can fall on more than one ally in more than one
    way has them split by its allies once they are known (queued here, taken after the reveal);
    any other side loses its warriors at once."""
    td = st.team
    bt = st.bt
    assert td is not None and bt is not None
    td.after = []
    for side, n in ((0, att_lost), (1, dfn_lost)):
        counts = _side_counts(st, side)
        if 0 < n < sum(counts) and mixed(counts):
            td.after.append([SPLIT, side, n])
        else:
            _lose(st, side, take_away(list(counts), n, list(range(st.players))))


def _lose(st: KemetState, side: int, gone: list[int]) -> None:
    td = st.team
    bt = st.bt
    assert td is not None and bt is not None
    for s, k in enumerate(gone):
        if not k:
            continue
        if side == 0:
            td.carry[s] -= k
            bt.att_count -= k
        else:
            sub(st, bt.zone, s, k)
    to_supply(st, gone)


def after_reveal(st: KemetState, gained: tuple[int, int], ev: list[Event]) -> None:
    """After the reveal: the queued loss splits (KM-T8.4), then each participant hands out the
    veteran tokens it just gained, one by one, to itself or any ally (KM-T8.5); then the battle
    goes on with the loser's decision."""
    td = st.team
    assert td is not None
    td.after += [[VETS, side, n] for side, n in enumerate(gained) if n > 0]
    next_after(st, ev)


def next_after(st: KemetState, ev: list[Event]) -> None:
    td = st.team
    bt = st.bt
    assert td is not None and bt is not None
    while td.after:
        kind, side, n = td.after[0]
        if kind == VETS and n <= 0:
            td.after.pop(0)
            continue
        if kind == VETS:
            bt.stage = "vets"
            board.set_cur(st, _participant(st))
            return
        if not td.lost:
            td.lost = [-1] * st.players
        counts = _side_counts(st, side)
        if any(counts[s] > 0 and td.lost[s] < 0 for s in range(st.players)):
            s, low, high = _split_seat(st)
            if low < high:
                bt.stage = "split"
                board.set_cur(st, _participant(st))
                return
            td.lost[s] = low
            continue
        _lose(st, side, [max(0, x) for x in td.lost])
        ev.append(Event("battle", f"the {SIDES[side]}'s losses: " + ", ".join(
            f"seat {s} {x}" for s, x in enumerate(td.lost) if x > 0), st.cur))
        td.lost = []
        td.after.pop(0)
    battle.loser_stage(st, ev)


def recall_side(st: KemetState, attacker: bool) -> None:
    """Recall: every seat's warriors of the side go back to their own supplies."""
    td = st.team
    bt = st.bt
    assert td is not None and bt is not None
    if attacker:
        to_supply(st, td.carry)
        td.carry = [0] * st.players
    else:
        to_supply(st, clear(st, bt.zone))


def retreat_side(st: KemetState, attacker: bool, z: int) -> None:
    td = st.team
    bt = st.bt
    assert td is not None and bt is not None
    if attacker:
        land_group(st, z)
    else:
        for s, n in enumerate(clear(st, bt.zone)):
            if n:
                add(st, z, s, n)
    if st.owner[z] >= 0 and wz(st, z, bt.loser) > 0:
        st.owner[z] = bt.loser


# ---------------------------------------------------------------------------- night


def team_losses(st: KemetState, att_god: bool, dfn_god: bool, att_left: int, dfn_left: int) -> None:
    """KM-3.5.4 with KM-T8.4 (a God's side, KM-G2.5, loses LP, its troop's count)."""
    bt = st.bt
    assert bt is not None
    battle_losses(st, 0 if att_god else bt.losses[0], 0 if dfn_god else bt.losses[1])
    if att_god:
        bt.att_count = att_left
    if dfn_god:
        st.count[bt.zone] = dfn_left


def recall_troop(st: KemetState, p: int, n: int) -> None:
    assert st.bt is not None
    recall_side(st, p == st.bt.att)


def retreat_troop(st: KemetState, p: int, z: int, n: int, god: bool) -> None:
    """A God retreats alone as in the classic game; a side retreats with all its allies."""
    assert st.bt is not None
    if god:
        battle.classic_retreat(st, p, z, n, god)
    else:
        retreat_side(st, p == st.bt.att, z)


def land_attacker(st: KemetState, z: int) -> None:
    assert st.bt is not None
    if modes.gods().god_side(st, st.bt.att):
        battle.classic_land_attacker(st, z)
    else:
        land_group(st, z)
