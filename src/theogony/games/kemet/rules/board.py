"""Shared queries and small changes of the Kemet board: control, Glory, companions, supply (KM-3.1, KM-7)."""

from __future__ import annotations

from theogony.core import Event

from ..content import (BATTLE_CARDS, CITY_QUARTERS, COLOURS, COMPANIONS, QUARTER_CITY, SPACES,
                       TILE_COLOUR, TILE_MODS, TILES, ZONES)
from ..solo import AMON, AMON_BOARD, AMON_CARDS
from . import modes
from ..state import (ACTION_NAMES, ACTION_OF, BattleStep, Handover, KemetFrame, KemetState, M_LIMIT,
                     MovementStep, SUPPLY, TROOP_LIMIT)


def hand_over(st: KemetState, frame: Handover) -> None:
    """The area that owns the next step carries it out (its automatic rule pops `frame` first, so
    it finds the stack as it is now)."""
    st.stack.append(frame)


def narrate(ev: list[Event], kind: str, text: str, player: int | None = None) -> None:
    """An event of an automatic step, credited to the game itself (issue 18)."""
    ev.append(Event(kind, text, player, actor=Event.BY_GAME))


# ---- the pending step (the top frame of the stack) -------------------------------------------

def top(st: KemetState) -> KemetFrame | None:
    return st.stack[-1] if st.stack else None


def goto(st: KemetState, step: type[KemetFrame]) -> None:
    """The pending step becomes `step`, decided by the current seat (it replaces the step that
    led here; a step that interrupts another, Gather, is pushed over it instead)."""
    frame = step(st.cur)
    if st.stack:
        st.stack[-1] = frame
    else:
        st.stack.append(frame)


def replace_top(st: KemetState, frame: KemetFrame) -> None:
    """`frame` becomes the pending step in place of the step that led to it."""
    if st.stack:
        st.stack[-1] = frame
    else:
        st.stack.append(frame)


def goto_move(st: KemetState, step: type[MovementStep]) -> None:
    """The next step of the movement in progress (it carries the movement along)."""
    st.stack[-1] = step(st.cur, st.mv)


def drop_move(st: KemetState) -> None:
    """The movement has ended (its step is replaced by what follows)."""
    top = st.stack[-1]
    assert isinstance(top, MovementStep)
    top.move = None


def drop_battle(st: KemetState) -> None:
    """The battle has ended (its step is replaced by what follows)."""
    top = st.stack[-1]
    assert isinstance(top, BattleStep)
    top.battle = None


def set_cur(st: KemetState, p: int) -> None:
    """Seat p decides the pending step (and the steps that follow it in this turn)."""
    st.cur = p
    if st.stack:
        st.stack[-1].seat = p


def step_kind(st: KemetState) -> str:
    """The decision kind of the pending step, "over" once the game has ended."""
    frame = top(st)
    return "over" if frame is None else st.RULES.rule(frame).kind_of(st, frame)


def automaton(st: KemetState, p: int) -> bool:
    """Amon, the engine-driven seat of the solo mode (KM-S.1), never decides."""
    return st.solo is not None and p == AMON


def limit(st: KemetState, p: int) -> int:
    if automaton(st, p):
        return AMON_BOARD.troop_limit  # KM-S.5
    return TROOP_LIMIT + st.ps[p].mods[M_LIMIT]


def ally(st: KemetState, p: int, q: int) -> bool:
    """Same seat, or allies in team mode (KM-T1.1); -1 (nobody) is nobody's ally."""
    if p < 0 or q < 0:
        return False
    return p == q or (st.team is not None and st.team.team_of[p] == st.team.team_of[q])


def sees(st: KemetState, viewer: int | None, p: int) -> bool:
    """Whether `viewer` sees seat p's cards: its own, and its allies' in team mode (KM-T1.5)."""
    return viewer is not None and ally(st, viewer, p)


def has_warriors(st: KemetState, p: int, z: int) -> bool:
    """Seat p has warriors in zone z (in team mode, possibly inside a mixed troop), or its God
    (a God is a troop, KM-G2.2)."""
    if st.gods is not None and modes.gods().is_god_at(st, p, z):
        return True
    if st.team is not None:
        return modes.team().has_warriors(st, p, z)
    return st.owner[z] == p


def controls_quarter(st: KemetState, p: int, q: int) -> bool:
    if st.team is not None:
        return modes.team().controls_quarter(st, p, q)
    return quarter_controller(st, q) == p


def add_warriors(st: KemetState, z: int, p: int, n: int) -> None:
    """Seat p's n warriors join zone z's troop (a friendly or empty zone)."""
    modes.rules(st).add_warriors(st, z, p, n)


def classic_add_warriors(st: KemetState, z: int, p: int, n: int) -> None:
    st.owner[z] = p
    st.count[z] += n


def temp_glory(st: KemetState, p: int) -> int:
    """KM-3.1.3: temporary Glory is held while controlling temples and level-4 pyramids."""
    n = 0
    owner = st.owner
    for z in st.board.temples:
        if owner[z] == p:
            n += 1
    for c in st.board.cities:
        for q in CITY_QUARTERS[c]:
            if st.pyr_level[q] == 4 and quarter_controller(st, q) == p:
                n += 1
    return n


def glory(st: KemetState, p: int) -> int:
    return modes.rules(st).glory(st, p)  # KM-T1.3: in team mode, the team's Glory


def classic_glory(st: KemetState, p: int) -> int:
    return st.ps[p].glory + temp_glory(st, p)


def limit_in(st: KemetState, p: int, q: int) -> int:
    """Seat p's troop limit in quarter q (in team mode it depends on the troop there)."""
    return limit(st, p)


def quarter_controller(st: KemetState, q: int) -> int:
    """KM-7.4: a city's owner controls its quarter unless an opponent's troop is there."""
    o = st.owner[q]
    if o >= 0:
        return o
    return st.city_owner[QUARTER_CITY[q]]


def controls_pyramid_of(st: KemetState, p: int, colour: int, level: int) -> bool:
    for c in st.board.cities:
        for q in CITY_QUARTERS[c]:
            if (st.pyr_colour[q] == colour and st.pyr_level[q] >= level
                    and controls_quarter(st, p, q)):
                return True
    return False


def comp_mod(st: KemetState, k: int, key: int) -> int:
    return TILE_MODS[COMPANIONS[k]][key]


def comps_at(st: KemetState, p: int, loc: int) -> list[int]:
    if loc not in st.comp_loc:  # most zones hold no companion: skip the scan
        return []
    if st.team is not None and loc != SUPPLY:
        # KM-T2.3: on the board a troop's companions may belong to any ally
        return [k for k, l in enumerate(st.comp_loc) if l == loc
                and ally(st, st.comp_owner[k], p)]
    return [k for k, l in enumerate(st.comp_loc) if l == loc and st.comp_owner[k] == p]


def comp_kind(st: KemetState, k: int) -> str:
    return TILES[COMPANIONS[k]].kind


def kinds_at(st: KemetState, p: int, loc: int) -> set[str]:
    return {TILES[COMPANIONS[k]].kind for k in comps_at(st, p, loc)}


def to_supply(st: KemetState, p: int, n: int) -> None:
    """n of p's figures leave the board: Mercenaries go back to the bank first, then warriors
    to p's supply (KM-3.4.2.3)."""
    m = min(n, st.ps[p].mercs)
    if m:
        st.ps[p].mercs -= m
        st.merc_bank += m
    st.ps[p].supply += n - m



def quarters_of(st: KemetState, p: int) -> tuple[int, int, int]:
    return CITY_QUARTERS[st.ps[p].city]


def zname(st: KemetState, z: int) -> str:
    return ZONES[z].id


def colour_name(c: int) -> str:
    return COLOURS[c]


def colour_of(t: int) -> int:
    return TILE_COLOUR[t]


def tile_level(t: int) -> int:
    return TILES[t].level


def tile_name(t: int) -> str:
    return TILES[t].name


def tile_kind(t: int) -> str:
    return TILES[t].kind


def variant_colours(st: KemetState) -> list[int]:
    return st.colours


def space_action(s: int) -> int:
    sp = SPACES[s]
    if sp.action == "acquire":
        return 4 + sp.slot
    return ACTION_OF[sp.action]


def action_name(kind: int) -> str:
    if kind >= 10:
        return "gold " + ACTION_NAMES[kind - 10]
    return ACTION_NAMES[kind]


def max_pyramids(st: KemetState) -> int:
    return 2 if st.players <= 2 else 3


def controls_enemy_pyramid_of(st: KemetState, p: int, colour: int, level: int) -> bool:
    mine = st.ps[p].city
    for c in st.board.cities:
        if c == mine:
            continue
        for q in CITY_QUARTERS[c]:
            if (st.pyr_colour[q] == colour and st.pyr_level[q] >= level
                    and has_warriors(st, p, q)):
                return True
    return False


def own_warriors(st: KemetState, p: int, z: int) -> int:
    return modes.rules(st).own_warriors(st, p, z)


def classic_own_warriors(st: KemetState, p: int, z: int) -> int:
    return st.count[z] if st.owner[z] == p else 0


def enemy_quarter(st: KemetState, p: int, z: int) -> bool:
    if st.team is not None:
        return modes.team().enemy_quarter(st, p, z)
    c = QUARTER_CITY[z]
    return c >= 0 and c != st.ps[p].city


def pyramid_quarters_held(st: KemetState, p: int) -> list[int]:
    """The quarters with a pyramid of level 1+ that p controls (KM-3.4.1.3, KM-7.4)."""
    return [q for c in st.board.cities for q in CITY_QUARTERS[c]
            if st.pyr_level[q] >= 1 and controls_quarter(st, p, q)]


def trim(st: KemetState, z: int) -> None:
    """Troops over the limit lose the excess."""
    modes.rules(st).trim(st, z)


def classic_trim(st: KemetState, z: int) -> None:
    o = st.owner[z]
    if o >= 0:
        lim = limit(st, o)
        if st.count[z] > lim:
            to_supply(st, o, st.count[z] - lim)
            st.count[z] = lim


def zone_of_kind(st: KemetState, kind: str) -> int:
    for i, z in enumerate(ZONES):
        if z.kind == kind:
            return i
    raise KeyError(kind)


def remove_warriors(st: KemetState, z: int, n: int) -> None:
    god = modes.gods().god_zone_of(st, z)
    if god >= 0:  # KM-G2.5: a God pays with LP; at 0 LP it goes back to its tile
        st.count[z] -= n
        if st.count[z] <= 0:
            st.count[z] = 0
            st.owner[z] = -1
            modes.gods().sync(st)
        return
    modes.rules(st).remove_warriors(st, z, n)


def classic_remove_warriors(st: KemetState, z: int, n: int) -> None:
    o = st.owner[z]
    st.count[z] -= n
    to_supply(st, o, n)
    if st.count[z] <= 0:
        st.count[z] = 0
        st.owner[z] = -1
        for k in comps_at(st, o, z):
            st.comp_loc[k] = SUPPLY


def card_name(st: KemetState, p: int, c: int) -> str:
    if automaton(st, p):
        assert st.solo is not None
        return AMON_CARDS[st.solo.amon_card].name
    return BATTLE_CARDS[c].name

def place_acq_token(st: KemetState, p: int, colour: int) -> None:
    slots = st.ps[p].slots
    if colour in slots:
        return
    for i, s in enumerate(slots):
        if s < 0:
            slots[i] = colour
            return
