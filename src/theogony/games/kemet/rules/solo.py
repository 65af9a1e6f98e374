"""Solo mode against Amon (KM-S): Amon's setup, Event and Action cards, moves, battles and the objective."""

from __future__ import annotations

from typing import Any

from theogony.core import Action, Event

from .. import codes as C
from ..content import (CITY_QUARTERS, COMPANIONS, DI_CARDS, MOD, MOD_KEYS, TILE_COLOUR, TILE_MODS,
                       TILES, ZONES)
from ..solo import (ACTIONS, AMON, AMON_BOARD, AMON_CARDS, AMON_CITY, AMON_PYRAMIDS, BOARD,
                    CALAMITIES, DELTA_OBELISKS, DIST, EVENTS, FAR, M_DMG, M_IMP, M_MOVES, M_SHIELD,
                    M_STR, M_UNB, MOVING, next_step, OBJECTIVE_BY_NUMBER, objective_of, OBJECTIVES,
                    objectives, PLAIN_EVENTS, PLAYER, PLAYER_CITY, PLUNDER, Solo, SUPPLY, W_DMG,
                    W_MOVES, W_SHIELD, W_STR, WAR_COLUMNS, WAR_IDS, X)
from . import battle, board, day
from .setup import SOLO_LAYOUTS
from ..state import (AmonActionStep, AmonDiscardStep, AmonEventStep, KemetFrame, KemetState,
                     Player, TroopsStep, WARRIORS)
from .. import effects


def setup(s: KemetState, number: int) -> None:
    """KM-S.2 / KM-S.3: Amon's setup (before the player's), then the player's own setup begins
    with the fixed southern City."""
    rng = s.rng
    obj = OBJECTIVE_BY_NUMBER[number]
    rounds = objectives(s)[obj].rounds
    # KM-S.3.5 the Event deck: two calamities unseen, plus events up to one card per round
    deck = rng.sample(list(CALAMITIES), 2) + rng.sample(list(PLAIN_EVENTS), rounds - 2)
    rng.shuffle(deck)
    actions = list(range(len(ACTIONS)))
    rng.shuffle(actions)
    plunder = list(range(len(PLUNDER)))
    rng.shuffle(plunder)
    # KM-S.2.1 each Level row of each colour is laid out in random order
    rows = [-1] * 32
    for pos, colour in enumerate(s.colours[:2]):
        for lv in range(1, 5):
            row = [t for t, n in enumerate(s.market)
                   if n > 0 and TILE_COLOUR[t] == colour and TILES[t].level == lv]
            rng.shuffle(row)
            for c, t in enumerate(row[:4]):
                rows[pos * 16 + (lv - 1) * 4 + c] = t
    s.solo = Solo(objective=obj, marker=rounds, event_deck=deck, event_seen=[], active_event=-1,
                  calamities=[], action_deck=actions, action_discard=[], plunder_deck=plunder,
                  plunder_discard=[], rows=rows, removed=[], troop_comp=[], event_done=False,
                  action_done=False, prog_src=0, prog_card=-1, prog_pc=0, prog_sub=0,
                  discard_left=0, amon_card=-1, won=False, lost="")
    amon = Player(city=AMON_CITY, pp=0, glory=0, veterans=0, supply=WARRIORS, tokens=0,
                  spaces=[0] * len(s.ps[0].spaces), slots=[-1, -1, -1], tiles=[],
                  mods=[0] * len(MOD_KEYS), bought=[], silver=0, silver_used=False,
                  gold_used=False, hand=[], down=[], up=[], di=[])
    s.ps.append(amon)
    s.city_owner[AMON_CITY] = AMON
    # KM-S.3.8 / 3.9 two level-4 pyramids of the game's colours, 5 warriors on each
    for q, colour in zip(AMON_PYRAMIDS, s.colours[:2]):
        s.pyr_level[q] = 4
        s.pyr_colour[q] = colour
        s.owner[q] = AMON
        s.count[q] = 5
        amon.supply -= 5
    # KM-S.3.10 plunder cards until Amon holds a Creature for each troop
    got: list[int] = []
    draws = 0
    while len(got) < 2:
        draws += 1
        if draws > 4 * len(PLUNDER):
            raise RuntimeError("solo setup: the plunder deck never names two creatures")
        card = PLUNDER[draw_plunder(s)]
        for pos, (lv, col) in enumerate((card.top, card.bottom)):
            t = designate(s, pos, lv, col)
            if t >= 0 and TILES[t].kind == "creature" and t not in got and len(got) < 2:
                got.append(t)
    for i, t in enumerate(got):
        s.market[t] = 0
        amon.tiles.append(t)
        k = COMPANIONS.index(t)
        s.comp_owner[k] = AMON
        s.comp_loc[k] = AMON_PYRAMIDS[i]
        s.solo.troop_comp.append(k)
    # the player's City is the southern one (KM-S.2); the player's setup starts with the troops
    s.city_owner[PLAYER_CITY] = PLAYER
    s.ps[PLAYER].city = PLAYER_CITY
    board.goto(s, TroopsStep)
    board.set_cur(s, PLAYER)
    s.pos = 0


# ----------------------------------------------------------------------------- War table

def war_values(s: KemetState) -> list[int]:
    """KM-S.5: the War table columns: calamities plus the Event card on top, within the limits."""
    solo = s.solo
    assert solo is not None
    tot = [0] * len(WAR_COLUMNS)
    cards = list(solo.calamities)
    if solo.active_event >= 0:
        cards.append(solo.active_event)
    for c in cards:
        for k, v in EVENTS[c].war.items():
            tot[WAR_IDS.index(k)] += v
    return [max(col.low, min(col.high, v)) for col, v in zip(WAR_COLUMNS, tot)]


def troop_zone(s: KemetState, i: int) -> int:
    """Zone of Amon's troop A (i=0) or B (i=1): where its Creature stands; -1 when off the board."""
    assert s.solo is not None
    loc = s.comp_loc[s.solo.troop_comp[i]]
    return loc if loc >= 0 else -1


def troop_moves(s: KemetState, i: int) -> int:
    """KM-S.6.3: base land moves, the War table's Movement and the Creature's bonus."""
    assert s.solo is not None
    k = s.solo.troop_comp[i]
    return max(0, AMON_BOARD.base_moves + war_values(s)[W_MOVES] + TILE_MODS[COMPANIONS[k]][M_MOVES])


# --------------------------------------------------------------------------- day sequence

def interlude(s: KemetState) -> bool:
    """KM-S.4: after the third action token an Event card, after the fifth an Action card."""
    solo = s.solo
    assert solo is not None
    tokens = s.ps[PLAYER].tokens
    if tokens <= 2 and not solo.event_done:
        board.goto(s, AmonEventStep)
    elif tokens == 0 and not solo.action_done:
        board.goto(s, AmonActionStep)
    else:
        return False
    board.set_cur(s, PLAYER)
    return True


def round_start(s: KemetState) -> None:
    solo = s.solo
    assert solo is not None
    solo.event_done = False
    solo.action_done = False
    s.ps[AMON].tokens = 0  # KM-S.4 Amon places no action tokens


def draw_event(s: KemetState, ev: list[Event]) -> None:
    """KM-S.7: an Event replaces the one on top (black text now, red text while on top); a
    Calamity joins the others and lasts until the end of the game."""
    solo = s.solo
    assert solo is not None
    solo.event_done = True
    if not solo.event_deck:
        ev.append(Event("amon", "the Event deck is empty", PLAYER, actor=Event.BY_GAME))
        day.start_turn(s)
        return
    c = solo.event_deck.pop()
    card = EVENTS[c]
    solo.event_seen.append(c)
    pl = s.ps[PLAYER]
    if card.kind == "calamity":
        solo.calamities.append(c)
        _add_mods(pl.mods, card.player, 1)
        ev.append(Event("amon", f"Calamity: {card.name}", PLAYER, reveals=True, actor=Event.BY_GAME))
    else:
        if solo.active_event >= 0:
            _add_mods(pl.mods, EVENTS[solo.active_event].player, -1)
        solo.active_event = c
        _add_mods(pl.mods, card.player, 1)
        ev.append(Event("amon", f"Event: {card.name}", PLAYER, reveals=True, actor=Event.BY_GAME))
    solo.prog_src, solo.prog_card, solo.prog_pc, solo.prog_sub = 1, c, 0, 0
    run(s, ev)


def draw_action(s: KemetState, ev: list[Event]) -> None:
    """KM-S.8: draw Amon's Action card, carry it out, discard it (an empty deck is reshuffled)."""
    solo = s.solo
    assert solo is not None
    solo.action_done = True
    if not solo.action_deck:
        solo.action_deck = sorted(solo.action_discard)
        solo.action_discard = []
        s.rng.shuffle(solo.action_deck)
    c = solo.action_deck.pop()
    solo.action_discard.append(c)
    ev.append(Event("amon", f"Amon's action: {ACTIONS[c].name}", PLAYER, reveals=True, actor=AMON))
    solo.prog_src, solo.prog_card, solo.prog_pc, solo.prog_sub = 2, c, 0, 0
    run(s, ev)


def _add_mods(mods: list[int], eff: dict[str, int], sign: int) -> None:
    for k, v in eff.items():
        mods[MOD[k]] += sign * v


def _steps(solo: Solo) -> tuple[dict[str, Any], ...]:
    if solo.prog_src == 1:
        return EVENTS[solo.prog_card].steps
    return ACTIONS[solo.prog_card].steps


def run(s: KemetState, ev: list[Event]) -> None:
    """Carry out the steps of the current card from where it stopped; a battle or a player's
    choice pauses it (resumed by `resume`)."""
    solo = s.solo
    assert solo is not None
    steps = _steps(solo)
    while solo.prog_pc < len(steps) and not s.over:
        st = steps[solo.prog_pc]
        if do_step(s, st, ev):
            return
        solo.prog_pc += 1
        solo.prog_sub = 0
    solo.prog_src = 0
    solo.prog_card = -1
    if not s.over:
        day.start_turn(s)


def resume(s: KemetState, ev: list[Event]) -> bool:
    """After a battle or a discard: continue the card being carried out. False if none."""
    solo = s.solo
    assert solo is not None
    if solo.prog_src == 0:
        return False
    run(s, ev)
    return True


def do_step(s: KemetState, st: dict[str, Any], ev: list[Event]) -> bool:
    """One step of a card; True when it paused for a battle or a decision."""
    solo = s.solo
    assert solo is not None
    do = st["do"]
    n = int(st.get("n", 0))
    if do == "discard_di":
        k = min(n, len(s.ps[PLAYER].di))
        if k <= 0:
            return False
        solo.discard_left = k  # the player chooses them; `discard` finishes this step
        board.goto(s, AmonDiscardStep)
        board.set_cur(s, PLAYER)
        return True
    if do == "lose_pp":
        effects.gain_pp(s, PLAYER, -n)
        ev.append(Event("amon", f"the player loses {n} PP", PLAYER, actor=AMON))
    elif do == "gain_pp":
        effects.gain_pp(s, PLAYER, n)
        ev.append(Event("amon", f"the player gains {n} PP", PLAYER, actor=AMON))
    elif do == "draw_di":
        effects.draw_di(s, PLAYER, n)
        ev.append(Event("amon", f"the player draws {n} DI card(s)", PLAYER, actor=AMON))
    elif do == "recruit":
        recruit(s, ev)
    elif do == "plunder":
        for _ in range(n):
            plunder(s, ev)
    elif do == "move":
        troops = _movers(s, st["troop"])
        while solo.prog_sub < len(troops):
            i = troops[solo.prog_sub]
            solo.prog_sub += 1
            if move(s, i, tuple(st["targets"]), ev):
                return True
    return False


def discard_options(s: KemetState) -> list[int]:
    return sorted(set(s.ps[PLAYER].di))


def discard(s: KemetState, d: int, ev: list[Event]) -> None:
    """KM-S.7 (e.g. Thirst for Revenge): the player chooses the DI cards to discard."""
    solo = s.solo
    assert solo is not None
    s.ps[PLAYER].di.remove(d)
    s.di_discard.append(d)
    solo.discard_left -= 1
    ev.append(Event("amon", f"the player discards {DI_CARDS[d].name}", PLAYER, reveals=True, actor=AMON))
    if solo.discard_left <= 0 or not s.ps[PLAYER].di:
        solo.discard_left = 0
        solo.prog_pc += 1
        solo.prog_sub = 0
        run(s, ev)


def _movers(s: KemetState, which: str) -> list[int]:
    if which == "A":
        return [0]
    if which == "B":
        return [1]
    if which == "both":
        return [0, 1]
    sizes = [s.count[z] if (z := troop_zone(s, i)) >= 0 else -1 for i in (0, 1)]
    if which == "strongest":
        return [0 if sizes[0] >= sizes[1] else 1]
    return [0 if sizes[0] <= sizes[1] or sizes[1] < 0 else 1]


# ------------------------------------------------------------------------------- targets

def player_pyramids(s: KemetState) -> list[int]:
    return [q for q in CITY_QUARTERS[PLAYER_CITY] if s.pyr_level[q] > 0]


def player_troops(s: KemetState) -> list[int]:
    return [z for z in range(len(ZONES)) if s.owner[z] == PLAYER and s.count[z] > 0]


def _unique(zones: list[int], key: Any, best: Any) -> int | None:
    if not zones:
        return None
    vals = [key(z) for z in zones]
    b = best(vals)
    hits = [z for z, v in zip(zones, vals) if v == b]
    return hits[0] if len(hits) == 1 else None


def _nearest(frm: int, zones: list[int]) -> int | None:
    zones = [z for z in zones if DIST[frm][z] < FAR]
    if not zones:
        return None
    return min(zones, key=lambda z: (DIST[frm][z], X[z], z))


def target(s: KemetState, frm: int, names: tuple[str, ...]) -> int | None:
    """KM-S.6.1 / 6.5: the first target on the card's list that designates a place. A
    superlative (highest, weakest, westernmost...) tied between places passes to the next one;
    a plain condition held by several places picks the nearest, then the westernmost."""
    for name in names:
        t = _target(s, frm, name)
        if t is not None:
            return t
    return None


def _target(s: KemetState, frm: int, name: str) -> int | None:
    pyr = player_pyramids(s)
    if name == "highest_pyramid":
        return _unique(pyr, lambda q: s.pyr_level[q], max)
    if name == "occupied_pyramid":
        return _nearest(frm, [q for q in pyr if s.owner[q] == PLAYER])
    if name == "westernmost_pyramid":
        return _unique(pyr, lambda q: X[q], min)
    if name == "easternmost_pyramid":
        return _unique(pyr, lambda q: X[q], max)
    troops = player_troops(s)
    if name == "weakest_troop":
        return _unique(troops, lambda z: s.count[z], min)
    if name == "strongest_troop":
        return _unique(troops, lambda z: s.count[z], max)
    if name == "player_troop":
        return _nearest(frm, troops)
    if name == "player_temple":
        return _nearest(frm, [z for z in BOARD.temples if s.owner[z] == PLAYER])
    if name == "free_temple":
        return _nearest(frm, [z for z in BOARD.temples if s.owner[z] != AMON])
    if name == "player_delta":
        return _nearest(frm, [z for z in range(len(ZONES))
                              if ZONES[z].delta and s.owner[z] == PLAYER])
    if name == "delta_temple":
        return next(z for z in range(len(ZONES)) if ZONES[z].kind == "delta_temple")
    raise KeyError(name)


# ------------------------------------------------------------------------------ movement

def move(s: KemetState, i: int, targets: tuple[str, ...], ev: list[Event]) -> bool:
    """KM-S.6: Amon's troop i moves its land moves along a shortest path to its target. Entering
    a zone of the player's starts a battle (True); another Amon troop on the way is passed when
    the moves allow, else the troop stops in the last empty zone."""
    z = troop_zone(s, i)
    if z < 0:
        return False
    t = target(s, z, targets)
    name = "AB"[i]
    if t is None or t == z:
        ev.append(Event("amon", f"Amon's troop {name} stays in {ZONES[z].name}", PLAYER, actor=AMON))
        return False
    moves = troop_moves(s, i)
    start = z
    # KM-S.6.4 a target in the Delta: a free teleport from a Pyramid's Quarter to the Delta obelisk
    if ZONES[t].delta and ZONES[z].kind == "quarter" and s.pyr_level[z] >= 1:
        for ob in DELTA_OBELISKS:
            if DIST[ob][t] < DIST[z][t] and s.owner[ob] != AMON:
                ev.append(Event("amon", f"Amon's troop {name} teleports to {ZONES[ob].name}", PLAYER, actor=AMON))
                if s.owner[ob] == PLAYER:
                    return _attack(s, i, start, ob, ev)
                _relocate(s, i, start, ob)
                start = z = ob
                break
    pos = last = z
    while moves > 0 and pos != t:
        nxt = next_step(pos, t)
        if nxt < 0:
            break
        o = s.owner[nxt]
        if o == PLAYER:
            if last != start:
                _relocate(s, i, start, last)
            return _attack(s, i, last, nxt, ev)
        if o == AMON:
            if moves >= 2 and nxt != t:   # KM-S.6.6 pass through the other troop
                pos = nxt
                moves -= 1
                continue
            break
        pos = last = nxt
        moves -= 1
    if last != start:
        _relocate(s, i, start, last)
        ev.append(Event("amon", f"Amon's troop {name} moves {ZONES[start].name} -> {ZONES[last].name}",
                        PLAYER, actor=AMON))
    else:
        ev.append(Event("amon", f"Amon's troop {name} cannot advance from {ZONES[start].name}", PLAYER, actor=AMON))
    return False


def _relocate(s: KemetState, i: int, frm: int, to: int) -> None:
    assert s.solo is not None
    s.owner[to] = AMON
    s.count[to] = s.count[frm]
    s.owner[frm] = -1
    s.count[frm] = 0
    s.comp_loc[s.solo.troop_comp[i]] = to


def _attack(s: KemetState, i: int, frm: int, z: int, ev: list[Event]) -> bool:
    assert s.solo is not None
    n = s.count[frm]
    s.owner[frm] = -1
    s.count[frm] = 0
    s.comp_loc[s.solo.troop_comp[i]] = MOVING
    ev.append(Event("amon", f"Amon's troop {'AB'[i]} ({n}) attacks {ZONES[z].name}", PLAYER, actor=AMON))
    battle.start_battle(s, z, AMON, n, ev)
    return True


# --------------------------------------------------------------------------- recruitment

def recruit(s: KemetState, ev: list[Event]) -> None:
    """KM-S.6.8: fill both troops up to Amon's limit; short of warriors, share evenly, the odd
    one to troop A."""
    amon = s.ps[AMON]
    zones = [troop_zone(s, i) for i in (0, 1)]
    room = [AMON_BOARD.troop_limit - s.count[z] if z >= 0 else 0 for z in zones]
    sup = amon.supply
    if sup >= sum(room):
        add = room
    else:
        a = min(room[0], (sup + 1) // 2)
        b = min(room[1], sup - a)
        a = min(room[0], sup - b)
        add = [a, b]
    for z, k in zip(zones, add):
        if z >= 0 and k > 0:
            s.count[z] += k
            amon.supply -= k
    ev.append(Event("amon", f"Amon recruits {add[0]} + {add[1]} warriors", PLAYER, actor=AMON))


# ------------------------------------------------------------------------------- plunder

def draw_plunder(s: KemetState) -> int:
    solo = s.solo
    assert solo is not None
    if not solo.plunder_deck:
        solo.plunder_deck = sorted(solo.plunder_discard)
        solo.plunder_discard = []
        s.rng.shuffle(solo.plunder_deck)
    c = solo.plunder_deck.pop()
    solo.plunder_discard.append(c)
    return c


def designate(s: KemetState, pos: int, level: int, col: int) -> int:
    """KM-S.8.1: the tile at (level, column) of a colour's rows, or the next lower level's tile
    of that column while the place is empty; -1 if the whole column below is empty."""
    assert s.solo is not None
    for lv in range(level, 0, -1):
        t = s.solo.rows[pos * 16 + (lv - 1) * 4 + col - 1]
        if t >= 0 and s.market[t] > 0:
            return t
    return -1


def plunder(s: KemetState, ev: list[Event]) -> None:
    """KM-S.8: a Plunder card removes one tile of each colour from the game; a part that cannot
    remove anything is done again with a new card."""
    assert s.solo is not None
    card = PLUNDER[draw_plunder(s)]
    for pos, part in ((0, "top"), (1, "bottom")):
        lv, col = getattr(card, part)
        t = designate(s, pos, lv, col)
        tries = 0
        while t < 0 and tries < len(PLUNDER) and _colour_left(s, pos):
            tries += 1
            lv, col = getattr(PLUNDER[draw_plunder(s)], part)
            t = designate(s, pos, lv, col)
        if t >= 0:
            s.market[t] = 0
            s.solo.removed.append(t)
            ev.append(Event("amon", f"Amon plunders {TILES[t].name} ({TILES[t].colour} "
                            f"{TILES[t].level})", PLAYER, actor=AMON))


def _colour_left(s: KemetState, pos: int) -> bool:
    assert s.solo is not None
    return any(t >= 0 and s.market[t] > 0 for t in s.solo.rows[pos * 16:(pos + 1) * 16])


# -------------------------------------------------------------------------------- battle

def draw_card(s: KemetState) -> None:
    """KM-S.10.2: Amon's card is one of all his Battle cards, at random, every battle."""
    assert s.solo is not None
    s.solo.amon_card = s.rng.below(len(AMON_CARDS))


def amon_stats(s: KemetState, attacking: bool) -> dict[str, int]:
    """KM-S.10.4: War table + warriors + Creature + card; the Damage line uses the War table's
    Damage column (ruling KM-S.R3), the card's Damage and Shield count as for any card."""
    bt = s.bt
    solo = s.solo
    assert bt is not None and solo is not None
    card = AMON_CARDS[solo.amon_card]
    war = war_values(s)
    m = [0] * len(MOD_KEYS)
    for k in battle.side_comps(s, AMON):
        m = [x + y for x, y in zip(m, TILE_MODS[COMPANIONS[k]])]
    return {
        "strength": war[W_STR] + battle.side_troop(s, AMON) + m[M_STR] + card.strength,
        "shield": max(0, war[W_SHIELD] + m[M_SHIELD] + card.shield),
        "damage": max(0, war[W_DMG] + m[M_DMG] + max(card.damage, 0)),
        "self": max(-card.damage, 0),
        "unblockable": card.unblockable + m[M_UNB],
        "impenetrable": card.impenetrable + m[M_IMP],
        "win_pp": 0, "punish": 0, "veteran": 0,
    }


def amon_loses(s: KemetState, ev: list[Event]) -> None:
    """KM-S.10.6: with 3 warriors or fewer Amon recalls them (the troop comes back at the end of
    the battle); with 4 or more he retreats where the player chooses."""
    bt = s.bt
    assert bt is not None
    zs = battle.retreat_zones(s)
    if battle.side_troop(s, AMON) <= 3 or not zs:
        battle.recall(s, AMON, ev)
        battle.winner_stage(s, ev)
    elif len(zs) == 1:
        battle.retreat_to(s, zs[0], ev)
    else:
        bt.stage = "retreat"
        board.set_cur(s, PLAYER)


def retreat_choice(s: KemetState, zones: list[int]) -> int:
    """Amon, winning, sends the player's troop to the zone farthest from the player's City
    (then the westernmost) (ruling KM-S.R6)."""
    home = CITY_QUARTERS[PLAYER_CITY]

    def key(z: int) -> tuple[int, int, int]:
        return (-min(DIST[z][q] for q in home), X[z], z)

    return min(zones, key=key)


def after_battle(s: KemetState, ev: list[Event]) -> bool:
    """KM-S.10.6: a troop of Amon's that left the board comes back with its Creature: 5 warriors
    in an empty Pyramid Quarter of his City, or onto the player's weakest troop holding one (a
    battle at once). Then the card being carried out goes on. True when the flow was taken."""
    solo = s.solo
    assert solo is not None
    s.ps[AMON].veterans = 0  # KM-S.10.5 Amon takes no veteran tokens
    for i in (0, 1):
        if troop_zone(s, i) < 0 and s.comp_loc[solo.troop_comp[i]] == SUPPLY:
            if redeploy(s, i, ev):
                return True
    return resume(s, ev)


def redeploy(s: KemetState, i: int, ev: list[Event]) -> bool:
    assert s.solo is not None
    amon = s.ps[AMON]
    n = min(AMON_BOARD.redeploy, amon.supply)
    if n <= 0:
        return False
    k = s.solo.troop_comp[i]
    home = AMON_PYRAMIDS[i]
    empty = [q for q in AMON_PYRAMIDS if s.owner[q] < 0]
    if empty:
        q = home if home in empty else empty[0]
        s.owner[q] = AMON
        s.count[q] = n
        amon.supply -= n
        s.comp_loc[k] = q
        ev.append(Event("amon", f"Amon's troop {'AB'[i]} returns: {n} warriors in {ZONES[q].name}",
                        PLAYER, actor=AMON))
        return False
    held = [q for q in AMON_PYRAMIDS if s.owner[q] == PLAYER]
    if not held:
        return False
    low = min(s.count[q] for q in held)
    weakest = [q for q in held if s.count[q] == low]
    q = weakest[0] if len(weakest) == 1 else s.rng.choice(weakest)
    amon.supply -= n
    s.comp_loc[k] = MOVING
    ev.append(Event("amon", f"Amon's troop {'AB'[i]} returns: {n} warriors attack {ZONES[q].name}",
                    PLAYER, actor=AMON))
    battle.start_battle(s, q, AMON, n, ev)
    return True


# ---------------------------------------------------------------------- objective, end

def warriors_on_board(s: KemetState) -> int:
    n = sum(s.count[z] for z in range(len(ZONES)) if s.owner[z] == PLAYER)
    if s.mv is not None and s.mv.player == PLAYER:
        n += s.mv.carried
    if s.bt is not None and s.bt.att == PLAYER:
        n += s.bt.att_count
    return n


def progress(s: KemetState) -> list[tuple[str, int, int]]:
    """(condition, have, need) for each condition of the objective (KM-S.9)."""
    o = objective_of(s)
    out = []
    if o.glory:
        out.append(("glory", board.glory(s, PLAYER), o.glory))
    if o.temples:
        out.append(("temples", sum(1 for z in BOARD.temples if s.owner[z] == PLAYER), o.temples))
    if o.level4:
        out.append(("level-4 pyramids", sum(1 for q in CITY_QUARTERS[PLAYER_CITY]
                                            if s.pyr_level[q] == 4
                                            and board.quarter_controller(s, q) == PLAYER), o.level4))
    if o.tiles:
        out.append(("tiles", len(s.ps[PLAYER].tiles), o.tiles))
    if o.warriors:
        out.append(("warriors", warriors_on_board(s), o.warriors))
    if o.amon_pyramid:
        out.append(("Amon's pyramids held", sum(1 for q in AMON_PYRAMIDS if s.owner[q] == PLAYER), 1))
    if o.city_clear:
        out.append(("City free of Amon", int(not any(s.owner[q] == AMON
                                                    for q in CITY_QUARTERS[PLAYER_CITY])), 1))
    return out


def fulfilled(s: KemetState) -> bool:
    return all(have >= need for _, have, need in progress(s))


def check_turn(s: KemetState, p: int) -> bool:
    """KM-S.9: an "any" objective is checked at the start of each of the player's turns."""
    if objective_of(s).when == "any" and fulfilled(s):
        _win(s)
        return True
    return False


def end_night(s: KemetState, ev: list[Event]) -> None:
    """KM-S.11: no night for Amon and no turn order; the objective is checked, then Amon's
    marker moves one space down the round track: leaving space 1 loses the game."""
    solo = s.solo
    assert solo is not None
    o = objective_of(s)
    if fulfilled(s) and (o.when != "end" or solo.marker == 1):
        _win(s)
        return
    solo.marker -= 1
    board.narrate(ev, "amon", f"Amon's round marker moves on: {max(solo.marker, 0)} rounds left")
    if solo.marker < 1:
        _lose(s, "the round track ran out")
        return
    day.start_round(s, ev)


def check_wipeout(s: KemetState, ev: list[Event]) -> None:
    """KM-S.1: a player with no warriors left on the board loses at once."""
    if s.phase != "setup" and not s.over and warriors_on_board(s) == 0:
        _lose(s, "no warriors left on the board")
        ev.append(Event("amon", "the player has no warriors left on the board: Amon wins", PLAYER, actor=AMON))


def _win(s: KemetState) -> None:
    assert s.solo is not None
    s.solo.won = True
    s.over = True
    s.winner = PLAYER
    s.stack.clear()


def _lose(s: KemetState, why: str) -> None:
    assert s.solo is not None
    s.solo.lost = why
    s.over = True
    s.winner = AMON
    s.stack.clear()


def layouts(s: KemetState) -> list[tuple[int, int, int]]:
    return list(SOLO_LAYOUTS)


def battle_glory(s: KemetState, p: int) -> bool:
    return board.automaton(s, p) or objective_of(s).battle_glory


# ----------------------------------------------------------------------- view, hidden info

def view(s: KemetState) -> dict[str, Any]:
    solo = s.solo
    assert solo is not None
    o = objective_of(s)
    rows = {}
    for pos, colour in enumerate(s.colours[:2]):
        for lv in range(1, 5):
            row = solo.rows[pos * 16 + (lv - 1) * 4:pos * 16 + lv * 4]
            rows[f"{TILES[row[0]].colour if row[0] >= 0 else colour} {lv}"] = [
                (TILES[t].id if s.market[t] > 0 else None) if t >= 0 else None for t in row]
    war = war_values(s)
    return {
        "objective": {"number": o.number, "name": o.name, "rounds": o.rounds, "when": o.when,
                      "difficulty": s.variant.get("difficulty", "standard"), "text": o.text,
                      "progress": [list(p) for p in progress(s)]},
        "round_marker": solo.marker,
        "war_table": {c.id: v for c, v in zip(WAR_COLUMNS, war)},
        "troops": {"AB"[i]: {"zone": _troop_place(s, i),
                             "creature": TILES[COMPANIONS[solo.troop_comp[i]]].name,
                             "moves": troop_moves(s, i)} for i in (0, 1)},
        "event": EVENTS[solo.active_event].name if solo.active_event >= 0 else None,
        "calamities": [EVENTS[c].name for c in solo.calamities],
        "event_deck": len(solo.event_deck),
        "calamities_in_deck": 2 - len(solo.calamities),
        "action_deck": len(solo.action_deck),
        "action_discard": [ACTIONS[c].name for c in solo.action_discard],
        "plunder_deck": len(solo.plunder_deck),
        "plunder_discard": [PLUNDER[c].name for c in solo.plunder_discard],
        "plundered": [TILES[t].id for t in solo.removed],
        "tile_rows": rows,
        "amon_battle_cards": [c.name for c in AMON_CARDS],
        "amon_card": AMON_CARDS[solo.amon_card].name if solo.amon_card >= 0 else None,
        "discard_left": solo.discard_left,
        "won": solo.won, "lost": solo.lost,
    }


def _troop_place(s: KemetState, i: int) -> str | None:
    assert s.solo is not None
    loc = s.comp_loc[s.solo.troop_comp[i]]
    if loc >= 0:
        return ZONES[loc].id
    return "attacking" if loc == MOVING else None


def resample(s: KemetState, rng: Any) -> None:
    """The order of the three decks and which Events and Calamities the Event deck holds are
    hidden: deal them again from the cards not yet seen (KM-S.3.5)."""
    solo = s.solo
    assert solo is not None
    seen = set(solo.event_seen)
    n_cal = 2 - len(solo.calamities)
    n_ev = len(solo.event_deck) - n_cal
    cal = [c for c in CALAMITIES if c not in seen]
    evs = [c for c in PLAIN_EVENTS if c not in seen]
    deck = rng.sample(cal, n_cal) + rng.sample(evs, n_ev)
    rng.shuffle(deck)
    solo.event_deck = deck
    solo.action_deck = sorted(solo.action_deck)
    rng.shuffle(solo.action_deck)
    solo.plunder_deck = sorted(solo.plunder_deck)
    rng.shuffle(solo.plunder_deck)


# ---- the player carries out Amon's cards (KM-S.4, KM-S.7, KM-S.8) ------------------------

def legal_amon_event(st: KemetState, frame: KemetFrame) -> list[Action]:
    return [Action("draw an Event card", C.DONE)]


def apply_amon_event(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    draw_event(st, ev)


def legal_amon_action(st: KemetState, frame: KemetFrame) -> list[Action]:
    return [Action("draw an Amon Action card", C.DONE)]


def apply_amon_action(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    draw_action(st, ev)


def legal_amon_discard(st: KemetState, frame: KemetFrame) -> list[Action]:
    return [Action(f"discard {DI_CARDS[d].name}", C.DI + d, (d,)) for d in discard_options(st)]


def apply_amon_discard(st: KemetState, frame: KemetFrame, a: Action, ev: list[Event]) -> None:
    discard(st, a.data[0], ev)
