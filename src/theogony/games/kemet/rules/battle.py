"""Battle: war council, resolution, retreat and recall (KM-3.5)."""

from __future__ import annotations


from theogony.core import Action, Event

from .. import codes as C
from ..team import TEAM_STAGES
from ..content import (BATTLE_CARDS, COMPANIONS, DI_CARDS, DI_MODS, DISTRACTION, QUARTER_CITY,
                       TILE_MODS)
from theogony.core.frames import AUTOMATIC
from . import modes
from ..state import NextPick, StartBattle
from ..state import (Battle, BattleStep, KemetFrame, KemetState, M_ATT_DMG, M_ATT_STR, M_BVET,
                     M_DEF_SHIELD, M_DEF_STR, M_DMG, M_IMP, M_PUNISH, M_SHIELD, M_STR, M_UNB,
                     M_WIN_PP, MOVING, SUPPLY)
from . import board, recruit
from .. import effects


def run_start_battle(st: KemetState, frame: KemetFrame, ev: list[Event]) -> None:
    assert isinstance(frame, StartBattle)
    st.stack.pop()
    start_battle(st, frame.zone, frame.attacker, frame.count, ev)


def start_battle(st: KemetState, z: int, att: int, n: int, ev: list[Event]) -> None:
    dfn = st.owner[z]
    bt = Battle(zone=z, att=att, dfn=dfn, att_count=n, stage="a_disc", a_disc=-1, a_play=-1,
                d_disc=-1, d_play=-1, a_di=[], d_di=[], winner=-1, loser=-1, strengths=(0, 0),
                losses=(0, 0))
    ev.append(Event("battle", f"battle in {board.zname(st, z)}: seat {att} ({n}) attacks seat "
                    f"{dfn} ({st.count[z]})", att))
    board.replace_top(st, BattleStep(st.cur, bt))
    board.set_cur(st, att)
    if board.automaton(st, att):  # KM-S.10.1 Amon holds no war council
        bt.stage = "d_disc" if len(st.ps[dfn].hand) >= 2 else "d_play"
        board.set_cur(st, dfn)
    elif len(st.ps[att].hand) < 2:
        bt.stage = "a_play"
    modes.steps(st).open_battle(st)  # KM-T8.2, KM-T8.4: defender and loss order of mixed troops


def legal_battle(st: KemetState, frame: KemetFrame) -> list[Action]:
    bt = st.bt
    assert bt is not None
    stage = bt.stage
    if stage in TEAM_STAGES:
        return modes.team().la_team_stage(st)
    if stage in ("a_disc", "d_disc", "a_play", "d_play"):
        p = bt.att if stage[0] == "a" else bt.dfn
        hand = st.ps[p].hand
        verb = "discard" if stage.endswith("disc") else "play"
        return [Action(f"{verb} {BATTLE_CARDS[c].name}", C.BCARD + c, (c,)) for c in sorted(set(hand))]
    if stage in ("a_di", "d_di"):
        p = bt.att if stage[0] == "a" else bt.dfn
        pl = st.ps[p]
        committed = bt.a_di if stage[0] == "a" else bt.d_di
        spent = sum(DI_CARDS[d].cost for d in committed)
        out = [Action("commit no more cards", C.DONE)]
        for d in sorted(set(pl.di)):
            card = DI_CARDS[d]
            if card.timing == "battle" and card.cost + spent <= pl.pp:
                out.append(Action(f"commit {card.name}", C.DI + d, (d,)))
        return out
    if stage == "loser":
        out = [Action("recall", C.RECALL)]
        if retreat_zones(st):
            out.append(Action("retreat", C.RETREAT))
        return out
    if stage == "retreat":
        return [Action(f"retreat to {board.zname(st, z)}", C.ZONE + z, (z,)) for z in retreat_zones(st)]
    if stage == "winner":
        return [Action("stay", C.STAY), Action("recall", C.RECALL)]
    raise AssertionError(stage)


def apply_battle(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    bt = st.bt
    assert bt is not None
    stage = bt.stage
    if stage in TEAM_STAGES:
        modes.team().do_team_stage(st, a, ev)
        return
    if stage in ("a_disc", "d_disc", "a_play", "d_play"):
        p = bt.att if stage[0] == "a" else bt.dfn
        c = a.data[0]
        st.ps[p].hand.remove(c)
        setattr(bt, stage, c)
        ev.append(Event("council", f"seat {p} {'discards' if stage.endswith('disc') else 'chooses'} "
                        f"{BATTLE_CARDS[c].name}", p, visible_to=(p,),
                        public_text=f"seat {p} picks a battle card"))
        if stage.endswith("disc"):
            bt.stage = stage[0] + "_play"
        elif has_battle_di(st, p):
            bt.stage = stage[0] + "_di"
        else:
            council_done(st, stage[0], ev)
        return
    if stage in ("a_di", "d_di"):
        p = bt.att if stage[0] == "a" else bt.dfn
        if a.code == C.DONE:
            council_done(st, stage[0], ev)
            return
        d = a.data[0]
        st.ps[p].di.remove(d)
        (bt.a_di if stage[0] == "a" else bt.d_di).append(d)
        ev.append(Event("council", f"seat {p} commits {DI_CARDS[d].name}", p, visible_to=(p,),
                        public_text=f"seat {p} commits a DI card"))
        if not has_battle_di(st, p, bt.a_di if stage[0] == "a" else bt.d_di):
            council_done(st, stage[0], ev)
        return
    if stage == "loser":
        if a.code == C.RECALL:
            recall(st, bt.loser, ev)
            winner_stage(st, ev)
        else:
            zs = retreat_zones(st)
            if len(zs) == 1:
                retreat_to(st, zs[0], ev)
            elif board.automaton(st, bt.winner):
                retreat_to(st, modes.solo().retreat_choice(st, zs), ev)
            else:
                bt.stage = "retreat"
                board.set_cur(st, bt.winner)
        return
    if stage == "retreat":
        retreat_to(st, a.data[0], ev)
        return
    if stage == "winner":
        if a.code == C.RECALL:
            recall(st, bt.winner, ev)
        end_battle(st, ev)


def has_battle_di(st: KemetState, p: int, committed: list[int] | None = None) -> bool:
    pl = st.ps[p]
    spent = sum(DI_CARDS[d].cost for d in committed) if committed else 0
    return any(DI_CARDS[d].timing == "battle" and DI_CARDS[d].cost + spent <= pl.pp for d in pl.di)


def council_done(st: KemetState, side: str, ev: list[Event]) -> None:
    bt = st.bt
    assert bt is not None
    if side == "a" and board.automaton(st, bt.dfn):
        resolve_battle(st, ev)
    elif side == "a":
        bt.stage = "d_disc" if len(st.ps[bt.dfn].hand) >= 2 else "d_play"
        board.set_cur(st, bt.dfn)
    else:
        resolve_battle(st, ev)


def side_troop(st: KemetState, p: int) -> int:
    bt = st.bt
    assert bt is not None
    return bt.att_count if p == bt.att else st.count[bt.zone]


def side_comps(st: KemetState, p: int) -> list[int]:
    bt = st.bt
    assert bt is not None
    return board.comps_at(st, p, MOVING if p == bt.att else bt.zone)


def stats(st: KemetState, p: int, attacking: bool) -> dict[str, int]:
    """KM-3.5.3: strength from warriors, card, tiles, companion, DI cards and home city."""
    bt = st.bt
    assert bt is not None
    if board.automaton(st, p):
        return modes.solo().amon_stats(st, attacking)
    card = BATTLE_CARDS[bt.a_play if attacking else bt.d_play]
    dis = bt.a_di if attacking else bt.d_di
    m = list(st.ps[p].mods)
    for k in side_comps(st, p):
        m = [x + y for x, y in zip(m, TILE_MODS[COMPANIONS[k]])]
    for d in dis:
        m = [x + y for x, y in zip(m, DI_MODS[d])]
    base = modes.gods().battle_strength(st, p) if modes.gods().god_side(st, p) else side_troop(st, p)
    s = base + card.strength + m[M_STR]
    s += m[M_ATT_STR] if attacking else m[M_DEF_STR]
    if QUARTER_CITY[bt.zone] == st.ps[p].city:
        s += 1
    return {
        "strength": s,
        "shield": card.shield + m[M_SHIELD] + (0 if attacking else m[M_DEF_SHIELD]),
        "damage": max(card.damage, 0) + m[M_DMG] + (m[M_ATT_DMG] if attacking else 0),
        "self": max(-card.damage, 0),
        "unblockable": card.unblockable + m[M_UNB],
        "impenetrable": card.impenetrable + m[M_IMP],
        "win_pp": m[M_WIN_PP], "punish": m[M_PUNISH], "veteran": m[M_BVET],
    }


def resolve_battle(st: KemetState, ev: list[Event]) -> None:
    bt = st.bt
    assert bt is not None
    a, d = bt.att, bt.dfn
    modes.steps(st).draw_card(st)
    # KM-3.5.2: reveal and pay, attacker first; unpayable cards are discarded without effect
    for p, dis in ((a, bt.a_di), (d, bt.d_di)):
        kept = []
        for x in dis:
            cost = DI_CARDS[x].cost
            if cost <= st.ps[p].pp:
                st.ps[p].pp -= cost
                kept.append(x)
            else:
                st.di_discard.append(x)
        dis[:] = kept
    sa = stats(st, a, True)
    sd = stats(st, d, False)
    bt.strengths = (sa["strength"], sd["strength"])
    winner = a if sa["strength"] > sd["strength"] else d
    loser = d if winner == a else a
    bt.winner, bt.loser = winner, loser
    wa, wd = bt.att_count, st.count[bt.zone]
    # KM-3.5.4: impenetrable shields protect, then unblockable damage, then damage - shield
    pa = min(sa["impenetrable"], wa)
    pd = min(sd["impenetrable"], wd)
    la = min(sd["unblockable"], wa - pa)
    ld = min(sa["unblockable"], wd - pd)
    wa -= la
    wd -= ld
    la2 = min(max(0, sd["damage"] + sa["self"] - sa["shield"]), max(0, wa - pa))
    ld2 = min(max(0, sa["damage"] + sd["self"] - sd["shield"]), max(0, wd - pd))
    wa -= la2
    wd -= ld2
    bt.losses = (bt.att_count - wa, st.count[bt.zone] - wd)
    # KM-G2.5: a God loses LP instead of warriors (its LP are its troop's count)
    ga, gd = modes.gods().god_side(st, a), modes.gods().god_side(st, d)
    modes.rules(st).battle_losses(st, ga, gd, wa, wd)
    modes.god_steps(st).after_losses(st, ev)
    names = (board.card_name(st, a, bt.a_play), board.card_name(st, d, bt.d_play))
    di_a = ", ".join(DI_CARDS[x].name for x in bt.a_di) or "no DI"
    di_d = ", ".join(DI_CARDS[x].name for x in bt.d_di) or "no DI"
    ev.append(Event("reveal", f"seat {a} reveals {names[0]} + {di_a} (strength {sa['strength']}); "
                    f"seat {d} reveals {names[1]} + {di_d} (strength {sd['strength']}); "
                    f"seat {winner} wins; losses {la + la2} / {ld + ld2}", winner, reveals=True))
    # KM-3.5.5 rewards; a winning attacker denied Battle Glory (KM-S.9) takes a veteran instead
    vets = (st.ps[a].veterans, st.ps[d].veterans)
    if winner == a and wa > 0 and modes.rules(st).battle_glory(st, a):
        st.ps[a].glory += 1
    else:
        st.ps[a].veterans += 1
    st.ps[d].veterans += 2 if winner == d else 1
    sw, sl = (sa, sd) if winner == a else (sd, sa)
    effects.gain_pp(st, winner, sw["win_pp"])
    effects.gain_pp(st, loser, -sw["punish"])
    st.ps[a].veterans += sa["veteran"]
    st.ps[d].veterans += sd["veteran"]
    del sl
    modes.rules(st).after_reveal(st, (st.ps[a].veterans - vets[0], st.ps[d].veterans - vets[1]), ev)


def classic_losses(st: KemetState, att_god: bool, dfn_god: bool, att_left: int,
                   dfn_left: int) -> None:
    """KM-3.5.4: the lost warriors go back to supply at once (KM-G2.5: a God's LP are its count)."""
    bt = st.bt
    assert bt is not None
    if not att_god:
        board.to_supply(st, bt.att, bt.att_count - att_left)
    if not dfn_god:
        board.to_supply(st, bt.dfn, st.count[bt.zone] - dfn_left)
    bt.att_count = att_left
    st.count[bt.zone] = dfn_left


def classic_battle_glory(st: KemetState, p: int) -> bool:
    return True


def classic_after_reveal(st: KemetState, gained: tuple[int, int], ev: list[Event]) -> None:
    loser_stage(st, ev)


def classic_after_battle(st: KemetState, ev: list[Event]) -> bool:
    return False


def loser_stage(st: KemetState, ev: list[Event]) -> None:
    """KM-3.5.6: the loser retreats or recalls."""
    bt = st.bt
    assert bt is not None
    winner, loser = bt.winner, bt.loser
    if side_troop(st, loser) > 0 and board.automaton(st, loser):
        modes.solo().amon_loses(st, ev)
    elif side_troop(st, loser) > 0 and modes.gods().god_side(st, loser):
        # KM-G5.1: a God must retreat if it can, else it goes home; it is never recalled
        zs = retreat_zones(st)
        if len(zs) > 1:
            bt.stage = "retreat"
            board.set_cur(st, winner)
        elif zs:
            retreat_to(st, zs[0], ev)
        else:
            modes.gods().send_home(st, loser, ev)
            winner_stage(st, ev)
    elif side_troop(st, loser) > 0:
        bt.stage = "loser"
        board.set_cur(st, loser)
    else:
        winner_stage(st, ev)


def retreat_zones(st: KemetState) -> list[int]:
    """KM-3.5.6: an empty adjacent zone (no ports), no quarter of another city than the loser's."""
    bt = st.bt
    assert bt is not None
    city = st.ps[bt.loser].city
    out = []
    for z in st.board.adj[bt.zone]:
        if st.owner[z] >= 0:
            continue
        c = QUARTER_CITY[z]
        if c >= 0 and c != city:
            continue
        out.append(z)
    return out


def recall(st: KemetState, p: int, ev: list[Event]) -> None:
    """KM-3.5.6 / KM-3.5.7: warriors back to supply for X-1 PP."""
    bt = st.bt
    assert bt is not None
    n = side_troop(st, p)
    modes.rules(st).recall_troop(st, p, n)
    effects.gain_pp(st, p, max(0, n - 1))
    if p == bt.att:
        bt.att_count = 0
    else:
        st.count[bt.zone] = 0
    for k in side_comps(st, p):
        st.comp_loc[k] = SUPPLY
    ev.append(Event("recall", f"seat {p} recalls {n} warriors for {max(0, n - 1)} PP", p))


def retreat_to(st: KemetState, z: int, ev: list[Event]) -> None:
    bt = st.bt
    assert bt is not None
    p = bt.loser
    n = side_troop(st, p)
    comps = side_comps(st, p)
    god = modes.gods().god_side(st, p)
    modes.rules(st).retreat_troop(st, p, z, n, god)
    if p == bt.att:
        bt.att_count = 0
    for k in comps:
        st.comp_loc[k] = z
    ev.append(Event("retreat", f"seat {p} retreats {n} warriors to {board.zname(st, z)}", p))
    winner_stage(st, ev)


def classic_retreat(st: KemetState, p: int, z: int, n: int, god: bool) -> None:
    """The loser's troop (or God) stands in z; a defender's zone is left empty."""
    bt = st.bt
    assert bt is not None
    st.owner[z] = p
    st.count[z] = n
    if god:
        st.gods.zone[p] = z  # type: ignore[union-attr]
    if p != bt.att:
        st.count[bt.zone] = 0


def classic_land_attacker(st: KemetState, z: int) -> None:
    bt = st.bt
    assert bt is not None
    st.owner[z] = bt.att
    st.count[z] = bt.att_count


def winner_stage(st: KemetState, ev: list[Event]) -> None:
    bt = st.bt
    assert bt is not None
    if (side_troop(st, bt.winner) > 0 and not board.automaton(st, bt.winner)
            and not modes.gods().god_side(st, bt.winner)):
        bt.stage = "winner"  # KM-G5.2: a winning God may only stay
        board.set_cur(st, bt.winner)
    else:
        end_battle(st, ev)


def end_battle(st: KemetState, ev: list[Event]) -> None:
    """KM-3.5.8: cards to the discards, troop limits, control of the zone."""
    bt = st.bt
    assert bt is not None
    z = bt.zone
    for p, disc, play, dis in ((bt.att, bt.a_disc, bt.a_play, bt.a_di),
                               (bt.dfn, bt.d_disc, bt.d_play, bt.d_di)):
        pl = st.ps[p]
        if disc >= 0:
            pl.down.append(disc)
        if play >= 0:
            pl.up.append(play)
        if not pl.hand:
            pl.hand = sorted(pl.down + pl.up)
            pl.down = []
            pl.up = []
        for x in dis:
            if x == DISTRACTION:
                pl.di.append(x)
            else:
                st.di_discard.append(x)
    # the defender's troop (resident) and the attacker's troop
    wd = st.count[z]
    if wd <= 0:
        st.count[z] = 0
        st.owner[z] = -1
        for k in board.comps_at(st, bt.dfn, z):
            st.comp_loc[k] = SUPPLY
    if bt.att_count > 0:
        modes.rules(st).land_attacker(st, z)
        for k in board.comps_at(st, bt.att, MOVING):
            st.comp_loc[k] = z
    else:
        for k in board.comps_at(st, bt.att, MOVING):
            st.comp_loc[k] = SUPPLY
    board.trim(st, z)
    modes.god_steps(st).battle_over(st)
    board.drop_battle(st)
    board.set_cur(st, st.order[st.pos])
    ev.append(Event("battle", f"battle in {board.zname(st, z)} ends", None))
    if modes.rules(st).after_battle(st, ev):
        return
    if st.battle_queue:
        recruit.next_recruit_battle(st, ev)
    else:
        board.hand_over(st, NextPick(AUTOMATIC))
