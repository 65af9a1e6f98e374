"""The Gods of Egypt module (KM-G): the God figure as a troop, its tile and Ascension."""

from __future__ import annotations

from theogony.core import Action, Event

from .. import codes as C
from ..content import CITY_QUARTERS, GODS, GOD_MODS, SPECIAL_BATTLE
from ..gods import ASCENSION, ASCENSION_TEAM, GOD_COST, MOVING, PENDING, TILE
from . import battle, board, day, movement
from ..state import GodStep, KemetState
from .. import effects


def name(st: KemetState, p: int) -> str:
    assert st.gods is not None
    return GODS[st.gods.god[p]].name


def max_lp(st: KemetState, p: int) -> int:
    assert st.gods is not None
    return GODS[st.gods.god[p]].lp


def god_zone_of(st: KemetState, z: int) -> int:
    """The seat whose God stands in zone z, -1 if none (KM-G2.2)."""
    g = st.gods
    if g is None or z < 0:
        return -1
    for p, gz in enumerate(g.zone):
        if gz == z:
            return p
    return -1


def is_god_at(st: KemetState, p: int, z: int) -> bool:
    return st.gods is not None and z >= 0 and st.gods.zone[p] == z


def moving_god(st: KemetState, p: int) -> bool:
    return st.gods is not None and st.gods.zone[p] == MOVING


def god_side(st: KemetState, p: int) -> bool:
    """In the battle in progress, p's side is its God."""
    bt = st.bt
    if st.gods is None or bt is None:
        return False
    if p == bt.att:
        return st.gods.zone[p] == MOVING
    return st.gods.zone[p] == bt.zone


def battle_strength(st: KemetState, p: int) -> int:
    """KM-G2.2: a God fights with the strength printed on its tile instead of warriors."""
    assert st.gods is not None
    return GODS[st.gods.god[p]].strength


def blocked_for_warriors(st: KemetState, p: int, z: int) -> bool:
    """KM-G2.4: no warrior or companion of p may join a God of p or of an ally (zone z holds it,
    or it is about to attack there from a recruitment)."""
    g = st.gods
    if g is None:
        return False
    return any((gz == z or gz == PENDING - z) and board.ally(st, s, p) for s, gz in enumerate(g.zone))


# ---------------------------------------------------------------------------- setup (KM-G1.1)

def la_god(st: KemetState) -> list[Action]:
    g = st.gods
    assert g is not None
    return [Action(f"embody {god.name}", C.GOD + i, (i,)) for i, god in enumerate(GODS)
            if i not in g.god]


def do_god(st: KemetState, a: Action, ev: list[Event]) -> None:
    g = st.gods
    assert g is not None
    p = st.cur
    g.god[p] = a.data[0]
    ev.append(Event("setup", f"seat {p} embodies {name(st, p)}", p))


# ---------------------------------------------------------------------------- Ascension (KM-G1.2)

def update_ascension(st: KemetState) -> None:
    g = st.gods
    if g is None or g.ascended:
        return
    need = ASCENSION_TEAM if st.team is not None else ASCENSION
    if any(board.glory(st, p) >= need for p in range(st.players)):
        g.ascended = True


# ---------------------------------------------------------------------------- recruitment (KM-G3)

def deploy_targets(st: KemetState, p: int) -> list[int]:
    """KM-G3.1: an own quarter with no warriors of p (or of p's allies), not already receiving
    warriors in this recruitment."""
    out = []
    for q in board.quarters_of(st, p):
        o = st.owner[q]
        if o >= 0 and board.ally(st, o, p):
            continue
        out.append(q)
    return out


def la_deploy(st: KemetState, p: int) -> list[Action]:
    """KM-R19: the God enters play with its tile; a Recruitment deploys it only once the tile is
    acquired (after a defeat, or when no quarter could take it at the acquisition)."""
    g = st.gods
    if g is None or g.zone[p] != TILE or not g.active[p]:
        return []
    qs = board.quarters_of(st, p)
    return [Action(f"deploy {name(st, p)} in {board.zname(st, q)}", C.GOD_DEPLOY + qs.index(q), (q,))
            for q in deploy_targets(st, p) if q not in st.rec_touched]


def do_deploy(st: KemetState, a: Action, ev: list[Event]) -> None:
    """Free; the LP marker starts on the highest value; an enemy-held quarter is attacked at the
    end of the recruitment (KM-G3.2)."""
    g = st.gods
    assert g is not None
    p = st.cur
    q = a.data[0]
    lp = max_lp(st, p)
    if st.owner[q] >= 0:
        g.zone[p] = PENDING - q
        st.rec_add[q] = lp
    else:
        g.zone[p] = q
        st.owner[q] = p
        st.count[q] = lp
    ev.append(Event("god", f"seat {p} deploys {name(st, p)} ({lp} LP) in {board.zname(st, q)}", p))


def recruit_battle_starts(st: KemetState, p: int, q: int) -> None:
    g = st.gods
    if g is not None and g.zone[p] == PENDING - q:
        g.zone[p] = MOVING


# ---------------------------------------------------------------------------- acquisition (KM-G4)

def can_acquire(st: KemetState, p: int, slot: int) -> bool:
    """KM-G4.1: Ascension reached; a level-4 pyramid in p's city (whoever controls it) whose
    colour's Acquisition slot is the one being used; 4 PP."""
    g = st.gods
    if g is None or g.active[p] or not g.ascended or st.ps[p].pp < GOD_COST:
        return False
    colour = st.ps[p].slots[slot]
    return any(st.pyr_level[q] == 4 and st.pyr_colour[q] == colour and colour >= 0
               for q in CITY_QUARTERS[st.ps[p].city])


def la_acquire(st: KemetState, p: int, slot: int) -> list[Action]:
    if not can_acquire(st, p, slot):
        return []
    return [Action(f"acquire the God tile of {name(st, p)} for {GOD_COST} PP", C.GOD_TILE)]


def do_acquire(st: KemetState, ev: list[Event]) -> bool:
    """Pay 4 PP (never changed), flip the tile (its advantages act from now), put the LP marker on
    the highest value; returns True when the figure must now be placed (KM-G4.3–4.5). The figure
    is always on its tile here: it can only be deployed once the tile is acquired (KM-R19)."""
    g = st.gods
    assert g is not None
    p = st.cur
    pl = st.ps[p]
    pl.pp -= GOD_COST
    g.active[p] = True
    god = GODS[g.god[p]]
    pl.mods = [x + y for x, y in zip(pl.mods, GOD_MODS[g.god[p]])]
    if god.effect.get("special_card"):
        pl.hand.append(SPECIAL_BATTLE[god.effect["special_card"]])
    ev.append(Event("god", f"seat {p} acquires the God tile of {god.name}", p))
    return bool(deploy_targets(st, p))


def la_place(st: KemetState) -> list[Action]:
    p = st.cur
    qs = board.quarters_of(st, p)
    return [Action(f"place {name(st, p)} in {board.zname(st, q)}", C.GOD_DEPLOY + qs.index(q), (q,))
            for q in deploy_targets(st, p)]


def do_place(st: KemetState, a: Action, ev: list[Event]) -> None:
    """KM-G4.5: in an enemy-held quarter the God attacks at once (the end of the action)."""
    g = st.gods
    assert g is not None
    p = st.cur
    q = a.data[0]
    lp = max_lp(st, p)
    ev.append(Event("god", f"seat {p} places {name(st, p)} ({lp} LP) in {board.zname(st, q)}", p))
    if st.owner[q] >= 0:
        g.zone[p] = MOVING
        battle.start_battle(st, q, p, lp, ev)
        return
    g.zone[p] = q
    st.owner[q] = p
    st.count[q] = lp
    day.go_pick(st)


# ---------------------------------------------------------------------------- battle (KM-G5)

def after_losses(st: KemetState, ev: list[Event]) -> None:
    """KM-G2.5 and Anubis: each LP lost counts as a lost warrior for triggered effects."""
    g = st.gods
    bt = st.bt
    assert g is not None and bt is not None
    for p, lost in ((bt.att, bt.losses[1]), (bt.dfn, bt.losses[0])):
        if g.active[p] and GODS[g.god[p]].handler == "weigh_hearts" and lost >= 2:
            effects.gain_pp(st, p, lost // 2)
            ev.append(Event("god", f"{name(st, p)} weighs the hearts of the fallen: seat {p} "
                                   f"gains {lost // 2} PP", p))


def send_home(st: KemetState, p: int, ev: list[Event]) -> None:
    """KM-G5.1: a beaten God that cannot retreat goes back to its tile; this is not a recall
    (no PP)."""
    bt = st.bt
    g = st.gods
    assert bt is not None and g is not None
    if p == bt.att:
        bt.att_count = 0
    else:
        st.count[bt.zone] = 0
    g.zone[p] = TILE
    ev.append(Event("god", f"{name(st, p)} returns to its God tile", p))


def battle_over(st: KemetState) -> None:
    """After a battle: an attacking God stands where it fought, or is back on its tile."""
    g = st.gods
    bt = st.bt
    assert g is not None and bt is not None
    if g.zone[bt.att] == MOVING:
        g.zone[bt.att] = bt.zone if bt.att_count > 0 else TILE
    sync(st)


def sync(st: KemetState) -> None:
    """KM-G2.6: a God whose zone lost its last LP (battle, Delta Temple, Sanctuary) is defeated
    and returns to its tile, available for recruitment again."""
    g = st.gods
    assert g is not None
    for p, z in enumerate(g.zone):
        if z >= 0 and (st.owner[z] != p or st.count[z] <= 0):
            g.zone[p] = TILE


# ---------------------------------------------------------------------------- view

def view(st: KemetState, out: dict, zones: dict) -> None:
    g = st.gods
    assert g is not None
    out["ascension"] = {"reached": g.ascended,
                        "glory": ASCENSION_TEAM if st.team is not None else ASCENSION}
    for p, seat in enumerate(out["seats"]):
        if g.god[p] < 0:
            continue
        god = GODS[g.god[p]]
        z = g.zone[p]
        where = ("tile" if z == TILE else "moving" if z == MOVING else
                 board.zname(st, PENDING - z) + " (attacking)" if z <= PENDING else board.zname(st, z))
        seat["god"] = {"name": god.name, "tile_acquired": g.active[p], "strength": god.strength,
                       "max_lp": god.lp, "at": where,
                       "lp": st.count[z] if z >= 0 else None}
        if z >= 0 and board.zname(st, z) in zones:
            zones[board.zname(st, z)]["god"] = god.name


def after_city(st: KemetState) -> bool:
    board.goto(st, GodStep)  # KM-G1.1: a God together with the city
    return True


def sets_out(st: KemetState, p: int, z: int) -> bool:
    """KM-G2.2: a God moves whole and alone."""
    if not is_god_at(st, p, z):
        return False
    assert st.gods is not None
    st.gods.zone[p] = MOVING
    movement.take(st, st.count[z])
    return True


def god_alone(st: KemetState, p: int, z: int) -> bool:
    """KM-G2.4: the moving God, or a God standing in z, shares no zone with friendly warriors."""
    return moving_god(st, p) or god_zone_of(st, z) >= 0


def god_lands(st: KemetState, z: int) -> bool:
    mv = st.mv
    assert mv is not None and st.gods is not None
    if not moving_god(st, mv.player):
        return False
    st.owner[z] = mv.player
    st.count[z] = mv.carried
    st.gods.zone[mv.player] = z
    return True
