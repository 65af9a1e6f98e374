"""The outcome, what a seat sees and the resampling of what it does not (KM-1, KM-T1.5)."""

from __future__ import annotations

from typing import Any

from theogony.core import Outcome, Rng

from . import gods as G
from . import solo as S
from . import team as T
from ..content import (BATTLE_CARDS, CITIES, COLOURS, COMPANIONS, DI_CARDS, DISTRACTION, GATHER,
                       SPACES, TILES, ZONES)
from ..state import (Battle, BattleOrderStep, DestinyStep, KemetState, Move, MOVING, PENDING,
                     RecruitStep, SummonStep, SUPPLY)
from . import board


def outcome(st: KemetState) -> Outcome:
    if st.team is not None:  # KM-T9: allies share their team's result
        return Outcome.from_scores(*T.outcome_keys(st))
    if st.solo is not None:  # KM-S.9 the player wins by the objective, else Amon wins
        won = st.solo.won
        return Outcome.from_scores([1.0 if won else 0.0, 0.0 if won else 1.0], [0, 0])
    glory = [board.glory(st, p) for p in range(st.players)]
    if st.winner >= 0:
        tb = [1000 if p == st.winner else 0 for p in range(st.players)]
    else:
        tb = [0] * st.players
    rank = {p: i for i, p in enumerate(st.order)}
    tb = [tb[p] + st.ps[p].glory * 10 + (st.players - rank[p]) * 0.01 for p in range(st.players)]
    return Outcome.from_scores([float(g) for g in glory], tb)


def view(st: KemetState, player: int | None) -> dict[str, Any]:
    zones = zones_view(st)
    out: dict[str, Any] = {
        "round": st.round, "phase": st.phase, "step": board.step_kind(st),
        "order": list(st.order), "zones": zones,
        "seats": [seat_view(st, p, player) for p in range(len(st.ps))],
        "market": {TILES[t].id: n for t, n in enumerate(st.market) if n > 0},
        "di_deck": len(st.di_deck), "mercenary_bank": st.merc_bank,
        "di_discard": [DI_CARDS[c].name for c in st.di_discard],
        "pending": [board.action_name(k) for k in st.pending],
        "turn": turn_view(st),
    }
    if st.mv is not None:
        out["movement"] = movement_view(st, st.mv)
    if st.bt is not None:
        out["battle"] = battle_view(st, st.bt, player)
    if st.solo is not None:
        out["solo"] = S.view(st)
    if st.gods is not None:
        G.view(st, out, zones)
    if st.over:
        out["winner"] = st.winner
    if st.team is not None:
        T.view_extra(st, out, zones)
    return out


def zones_view(st: KemetState) -> dict[str, Any]:
    active = st.board.active
    zones = {}
    for z in range(len(ZONES)):
        if not active[z]:
            continue
        d: dict[str, Any] = {}
        if st.owner[z] >= 0:
            d["owner"] = st.owner[z]
            d["warriors"] = st.count[z]
        if st.pyr_level[z] > 0:
            d["pyramid"] = [COLOURS[st.pyr_colour[z]] if st.pyr_colour[z] >= 0 else None,
                            st.pyr_level[z]]
        comps = [TILES[COMPANIONS[k]].name for k, loc in enumerate(st.comp_loc) if loc == z]
        if comps:
            d["companions"] = comps
        if d:
            zones[ZONES[z].id] = d
    return zones


def seat_view(st: KemetState, p: int, player: int | None) -> dict[str, Any]:
    pl = st.ps[p]
    s: dict[str, Any] = {
        "city": CITIES[pl.city].id if pl.city >= 0 else None,
        "pp": pl.pp, "glory": board.glory(st, p), "permanent_glory": pl.glory,
        "veterans": pl.veterans, "supply": pl.supply, "tokens": pl.tokens,
        "spaces": [SPACES[i].id + ("*" if v == 2 else "") for i, v in enumerate(pl.spaces) if v],
        "slots": [COLOURS[c] if c >= 0 else None for c in pl.slots],
        "tiles": [TILES[t].name for t in pl.tiles],
        "silver": pl.silver, "silver_used": pl.silver_used, "gold_used": pl.gold_used,
        "mercenaries": pl.mercs,
        "battle_hand": len(pl.hand), "battle_down": len(pl.down),
        "battle_up": [BATTLE_CARDS[c].name for c in pl.up],
        "di_hand": len(pl.di),
        "supply_companions": [TILES[COMPANIONS[k]].name for k in board.comps_at(st, p, SUPPLY)],
    }
    if board.sees(st, player, p):  # own hand; in team mode allies' hands too (KM-T1.5)
        s["battle_cards"] = sorted(BATTLE_CARDS[c].name for c in pl.hand)
        s["battle_down_cards"] = sorted(BATTLE_CARDS[c].name for c in pl.down)
        s["di_cards"] = sorted(DI_CARDS[c].name for c in pl.di)
    return s


def movement_view(st: KemetState, mv: Move) -> dict[str, Any]:
    def names(zs: list[int]) -> list[str]:
        return [board.zname(st, z) for z in zs]

    return {"player": mv.player, "from": board.zname(st, mv.start) if mv.start >= 0 else None,
            "at": board.zname(st, mv.at) if mv.at >= 0 else None, "warriors": mv.carried,
            "moves_left": mv.moves, "teleported": mv.teleported,
            "companions": [TILES[COMPANIONS[k]].name
                           for k in board.comps_at(st, mv.player, MOVING)],
            "set_out": mv.took, "gold": mv.gold,
            "entered_enemy_quarter": mv.entered_enemy, "open_walls": mv.walls,
            "teleport_discount": mv.tele_discount, "dropped_in": names(mv.dropped),
            "picked_in": names(mv.picked), "teleport_from": names(mv.held), "steps": mv.steps}


def battle_view(st: KemetState, bt: Battle, player: int | None) -> dict[str, Any]:
    bv: dict[str, Any] = {"zone": board.zname(st, bt.zone), "attacker": bt.att, "defender": bt.dfn,
                          "attackers": bt.att_count, "stage": bt.stage,
                          "attacker_di": len(bt.a_di), "defender_di": len(bt.d_di),
                          "attacker_companions": [TILES[COMPANIONS[k]].name
                                                  for k in board.comps_at(st, bt.att, MOVING)]}
    revealed = bt.winner >= 0
    for side, p, play, disc, dis in (("attacker", bt.att, bt.a_play, bt.a_disc, bt.a_di),
                                     ("defender", bt.dfn, bt.d_play, bt.d_disc, bt.d_di)):
        if revealed or board.sees(st, player, p):
            bv[side + "_card"] = BATTLE_CARDS[play].name if play >= 0 else None
            bv[side + "_di_cards"] = [DI_CARDS[x].name for x in dis]
        else:
            bv[side + "_card"] = "hidden" if play >= 0 else None
        if board.sees(st, player, p):
            bv[side + "_discard"] = BATTLE_CARDS[disc].name if disc >= 0 else None
    if revealed:
        bv["strengths"] = list(bt.strengths)
        bv["winner"] = bt.winner
    return bv


def turn_view(st: KemetState) -> dict[str, Any]:
    """The public details of the turn in progress that decide what is legal (who bought which
    colour this round, the action being resolved, recruitment and Destiny bookkeeping), so that
    equal views of the deciding seat always mean equal legal actions."""
    d: dict[str, Any] = {
        "active": st.cur, "position": st.pos, "acting": board.action_name(st.acting)
        if st.acting >= 0 else None,
        "rearranged": st.rearranged, "build_discount": st.build_discount,
        "bought": [[COLOURS[c] for c in pl.bought] for pl in st.ps],
    }
    if isinstance(board.top(st), (RecruitStep, BattleOrderStep, SummonStep)) or st.battle_queue:
        d["recruit_free"] = st.rec_free
        d["recruit_placed"] = st.rec_placed
        d["recruited_in"] = [board.zname(st, z) for z in st.rec_touched]
        d["attackers"] = {board.zname(st, z): n for z, n in enumerate(st.rec_add) if n}
        d["attacker_companions"] = sorted(
            [board.zname(st, PENDING - loc), TILES[COMPANIONS[k]].name]
            for k, loc in enumerate(st.comp_loc) if loc <= PENDING)
        d["battle_queue"] = [board.zname(st, z) for z in st.battle_queue]
    if st.acq_tile >= 0:
        d["placing"] = TILES[st.acq_tile].name
    if isinstance(board.top(st), DestinyStep):
        d["destiny"] = list(st.destiny)
        d["new_order"] = list(st.new_order)
    return d


def resample_hidden(st: KemetState, player: int | None, rng: Rng) -> None:
    """Resample other seats' DI hands, the DI deck and other seats' unrevealed battle cards."""
    bt = st.bt
    revealed = bt is not None and bt.winner >= 0
    # battle cards: hand + face-down discards + uncommitted choices are one hidden pool per seat
    for p, pl in enumerate(st.ps):
        if board.sees(st, player, p):
            continue
        pool = list(pl.hand) + list(pl.down)
        a_slots = []
        if bt is not None and not revealed and p in (bt.att, bt.dfn):
            a_slots = ["a_disc", "a_play"] if p == bt.att else ["d_disc", "d_play"]
            a_slots = [s for s in a_slots if getattr(bt, s) >= 0]
            pool += [getattr(bt, s) for s in a_slots]
        elif bt is not None and p in (bt.att, bt.dfn):
            s = "a_disc" if p == bt.att else "d_disc"
            if getattr(bt, s) >= 0:
                a_slots = [s]
                pool.append(getattr(bt, s))
        pool.sort()
        rng.shuffle(pool)
        for s in a_slots:
            setattr(bt, s, pool.pop())
        nh = len(pl.hand)
        pl.hand = sorted(pool[:nh])
        pl.down = sorted(pool[nh:])
    # DI cards: every card not in the viewer's hand, not public, is one pool
    pool = list(st.di_deck)
    shapes = []
    for p, pl in enumerate(st.ps):
        if board.sees(st, player, p):
            continue
        held = list(pl.di)
        com: list[int] = []
        if bt is not None and not revealed and p in (bt.att, bt.dfn):
            com = bt.a_di if p == bt.att else bt.d_di
        items = held + list(com)
        if DISTRACTION in items:
            items.remove(DISTRACTION)
            has_d = True
        else:
            has_d = False
        has_g = GATHER in items  # KM-T4: personal, never in the deck
        if has_g:
            items.remove(GATHER)
        pool += items
        shapes.append((p, len(held), len(com), has_d, has_g))
    pool.sort()
    rng.shuffle(pool)
    for p, nh, nc, has_d, has_g in shapes:
        take = nh + nc - (1 if has_d else 0) - (1 if has_g else 0)
        got = [pool.pop() for _ in range(take)]
        if has_d:
            got.append(DISTRACTION)
        if has_g:
            got.append(GATHER)
        rng.shuffle(got)
        st.ps[p].di = got[:nh]
        if nc:
            com = bt.a_di if p == bt.att else bt.d_di  # type: ignore[union-attr]
            com[:] = got[nh:]
    st.di_deck = pool
    if st.solo is not None:
        S.resample(st, rng)
