"""The effect steps (TU-8, TU-13): each op's options and how a choice applies, registered in the
effects registry (`effects.step_options`, `effects.step_apply`). A step offers one choice at a time
and counts down (`count`); "stop" gives up the rest of an optional effect."""

from __future__ import annotations

from ...core import Action, Event
from . import board, cards
from .board import CORNERS, NEIGHBOURS
from .codes import STOP, act
from .effects import (ABILITIES, STEP_APPLY, STEP_OPTIONS, activate_monster, opponents, perform_miracle,
                      step_apply, step_options, summoned_use)
from .frames import FaithStep, MonsterStep, MortalStep, SeatStep
from .rules.intervention import draw_miracles, miracle_allowed, recallable
from .rules.map_actions import vertex_label
from .rules.monsters import (acolyte_can_enter, add_sceptics, can_affect, can_build, can_leave,
                             defended, faith_allowed, faith_fixed, monster_defended, mortal_can_enter,
                             move_monster, passive_owners, remove_monster, woundable)
from .rules.spread_the_word import kirjani_protects
from .rules.test_the_faith import build_temple, destroy_temple
from .state import ACTIONS, GREY, TheurgyState


def _places(s: TheurgyState, f: MortalStep | MonsterStep, performer: int | None = None) -> list[int]:
    """The settlements a step may reach from `f.at` by its scope, that the performer may affect."""
    at = f.at
    if f.scope == "here":
        qs = [at]
    elif f.scope in ("near", "werewolf"):
        qs = [at, *NEIGHBOURS[at]]
    elif f.scope == "adjacent":
        qs = list(NEIGHBOURS[at])
    else:
        qs = list(range(board.N_POS))
    p = f.seat if performer is None else performer
    return [q for q in qs if can_affect(s, q, p)]


def _count_down(s: TheurgyState, f: MortalStep | FaithStep) -> None:
    f.count -= 1
    if f.count <= 0:
        s.stack.pop()


# ================================================================================= mortals

@step_options("convert", "convert mortals (or stop)")
def _convert_options(s: TheurgyState, f: MortalStep) -> list[Action]:
    out = []
    for q in _places(s, f):
        for c in range(7):
            if c == f.seat or not s.mortals[q][c] or defended(s, c, q):
                continue
            if f.who == 1 and c != GREY:
                continue
            out.append(act(f"convert {s.colour(c)} in {s.name(q)}", "convert", q, c))
    return out + [STOP]


@step_apply("convert")
def _convert(s: TheurgyState, f: MortalStep, a: Action, ev: list[Event]) -> None:
    q, c = a.data[1], a.data[2]
    s.mortals[q][c] -= 1
    s.mortals[q][f.seat] += 1
    ev.append(Event("convert", f"{s.colour(f.seat)} converts a {s.colour(c)} in {s.name(q)}", f.seat))
    _count_down(s, f)


@step_options("remove", "remove mortals (or stop)")
def _remove_options(s: TheurgyState, f: MortalStep) -> list[Action]:
    out = []
    for q in _places(s, f):
        if f.scope == "werewolf":
            if q in f.used or (q != f.at and sum(1 for u in f.used if u != f.at) >= 2):
                continue
        for c in range(7):
            if c == f.seat or not s.mortals[q][c] or (c == GREY and f.who == 0):
                continue
            out.append(act(f"remove {s.colour(c)} in {s.name(q)}", "remove", q, c))
    return out + [STOP]


@step_apply("remove")
def _remove(s: TheurgyState, f: MortalStep, a: Action, ev: list[Event]) -> None:
    q, c = a.data[1], a.data[2]
    s.mortals[q][c] -= 1
    f.used.append(q)
    ev.append(Event("remove", f"a {s.colour(c)} mortal is removed from {s.name(q)}", f.seat))
    _count_down(s, f)


@step_options("wound", "wound an acolyte (or stop)")
def _wound_options(s: TheurgyState, f: MortalStep) -> list[Action]:
    out = []
    for q in _places(s, f):
        for o in range(s.players):
            for k in range(2):
                if o != f.seat and s.seats[o].acolytes[k] == q and woundable(s, o, k):
                    out.append(act(f"wound {s.colour(o)} acolyte {k + 1} in {s.name(q)}", "wound", o, k, 0))
    return out + [STOP]


@step_apply("wound")
def _wound(s: TheurgyState, f: MortalStep, a: Action, ev: list[Event]) -> None:
    o, k = a.data[1], a.data[2]
    s.seats[o].wounded[k] = True
    ev.append(Event("wound", f"{s.colour(o)}'s acolyte {k + 1} is wounded", f.seat))
    _count_down(s, f)


@step_options("pull", "bring mortals in (or stop)")
def _pull_options(s: TheurgyState, f: MortalStep) -> list[Action]:
    """Move mortals from neighbouring settlements into f.at (Siren: any mortal; Call The Faithful
    Home: own followers). Giant Spider and Troll prevent it (TU-8.7 clashes)."""
    at, p = f.at, f.seat
    if not mortal_can_enter(s, at) or not can_affect(s, at, p):
        return []
    out = []
    for q in NEIGHBOURS[at]:
        if not can_leave(s, q) or not can_affect(s, q, p):
            continue
        for c in range(7):
            if s.mortals[q][c] and (f.who == 0 or c == p):
                out.append(act(f"bring {s.colour(c)} {s.name(q)} -> {s.name(at)}", "pull", q, c))
    return out + [STOP]


@step_apply("pull")
def _pull(s: TheurgyState, f: MortalStep, a: Action, ev: list[Event]) -> None:
    q, c = a.data[1], a.data[2]
    s.mortals[q][c] -= 1
    s.mortals[f.at][c] += 1
    ev.append(Event("move", f"a {s.colour(c)} mortal is brought {s.name(q)} -> {s.name(f.at)}", f.seat))
    _count_down(s, f)


@step_options("push", "send mortals out")
def _push_options(s: TheurgyState, f: MortalStep) -> list[Action]:
    at, p = f.at, f.seat
    if not can_leave(s, at):
        return []
    dests = [r for r in NEIGHBOURS[at] if mortal_can_enter(s, r) and can_affect(s, r, p)]
    out = [act(f"send {s.colour(c)} {s.name(at)} -> {s.name(r)}", "push", r, c)
           for c in range(7) if s.mortals[at][c] for r in dests]
    return out if f.compulsory else out + [STOP]


@step_apply("push")
def _push(s: TheurgyState, f: MortalStep, a: Action, ev: list[Event]) -> None:
    r, c = a.data[1], a.data[2]
    s.mortals[f.at][c] -= 1
    s.mortals[r][c] += 1
    ev.append(Event("move", f"a {s.colour(c)} mortal is sent {s.name(f.at)} -> {s.name(r)}", f.seat))
    _count_down(s, f)


@step_options("sceptics", "choose where doubt spreads")
def _sceptics_options(s: TheurgyState, f: MortalStep) -> list[Action]:
    return [act(f"add {f.count} sceptics to {s.name(q)}", "sceptics", q) for q in _places(s, f)
            if not passive_owners(s, q, "no_sceptics")] + [STOP]


@step_apply("sceptics")
def _sceptics(s: TheurgyState, f: MortalStep, a: Action, ev: list[Event]) -> None:
    q = a.data[1]
    added = add_sceptics(s, q, f.count)
    ev.append(Event("sceptics", f"{added} sceptic tokens are added to {s.name(q)}", f.seat))
    s.stack.pop()


@step_options("spawn", "choose where a follower appears")
def _spawn_options(s: TheurgyState, f: MortalStep) -> list[Action]:
    return [act(f"add follower in {s.name(q)}", "spawn", q) for q in NEIGHBOURS[f.at]
            if can_affect(s, q, f.seat)] + [STOP]


@step_apply("spawn")
def _spawn(s: TheurgyState, f: MortalStep, a: Action, ev: list[Event]) -> None:
    q = a.data[1]
    s.mortals[q][f.seat] += 1
    ev.append(Event("add", f"a {s.colour(f.seat)} follower appears in {s.name(q)}", f.seat))
    _count_down(s, f)


@step_options("cull", "remove one of your own followers")
def _cull_options(s: TheurgyState, f: MortalStep) -> list[Action]:
    return [act(f"remove own follower in {s.name(q)}", "cull", q) for q in _places(s, f, performer=f.performer)
            if s.mortals[q][f.seat]]


@step_apply("cull")
def _cull(s: TheurgyState, f: MortalStep, a: Action, ev: list[Event]) -> None:
    q = a.data[1]
    s.mortals[q][f.seat] -= 1
    ev.append(Event("remove", f"{s.colour(f.seat)} removes a follower from {s.name(q)}", f.seat))
    _count_down(s, f)


# ================================================================================= faith tokens

@step_options("faith", "place faith tokens (or stop)")
def _faith_options(s: TheurgyState, f: FaithStep) -> list[Action]:
    if not can_affect(s, f.at, f.seat):
        return []
    return [act(f"place faith {vertex_label(s, v)}", "faith", v) for v in CORNERS[f.at]
            if s.faith[v] < 0 and faith_allowed(s, v)] + [STOP]


@step_apply("faith")
def _faith(s: TheurgyState, f: FaithStep, a: Action, ev: list[Event]) -> None:
    v = a.data[1]
    s.faith[v] = f.seat
    ev.append(Event("faith", f"{s.colour(f.seat)} places a faith token on {vertex_label(s, v)}", f.seat))
    _count_down(s, f)


@step_options("replace", "replace a faith token (or stop)")
def _replace_options(s: TheurgyState, f: FaithStep) -> list[Action]:
    if not can_affect(s, f.at, f.seat):
        return []
    return [act(f"replace {s.colour(s.faith[v])} faith {vertex_label(s, v)}", "replace", v)
            for v in CORNERS[f.at] if s.faith[v] >= 0 and s.faith[v] != f.seat and faith_allowed(s, v)
            and not kirjani_protects(s, v) and not faith_fixed(s, v)] + [STOP]


@step_apply("replace")
def _replace(s: TheurgyState, f: FaithStep, a: Action, ev: list[Event]) -> None:
    v = a.data[1]
    old = s.faith[v]
    s.faith[v] = f.seat
    ev.append(Event("faith", f"{s.colour(f.seat)} replaces {s.colour(old)}'s faith token on "
                    f"{vertex_label(s, v)}", f.seat))
    _count_down(s, f)


@step_options("unfaith", "remove a faith token (or stop)")
def _unfaith_options(s: TheurgyState, f: FaithStep) -> list[Action]:
    if not can_affect(s, f.at, f.seat):
        return []
    return [act(f"remove {s.colour(s.faith[v])} faith {vertex_label(s, v)}", "unfaith", v)
            for v in CORNERS[f.at] if s.faith[v] >= 0 and s.faith[v] != f.seat and not faith_fixed(s, v)] + [STOP]


@step_apply("unfaith")
def _unfaith(s: TheurgyState, f: FaithStep, a: Action, ev: list[Event]) -> None:
    v = a.data[1]
    old = s.faith[v]
    s.faith[v] = -1
    ev.append(Event("faith", f"{s.colour(old)}'s faith token on {vertex_label(s, v)} is removed", f.seat))
    _count_down(s, f)


# ================================================================================= monsters

@step_options("take", "take control of a monster")
def _take_options(s: TheurgyState, f: MonsterStep) -> list[Action]:
    qs = set(_places(s, f))
    return [act(f"take {cards.MONSTER[m].name}", "take", cards.MONSTER_INDEX[m])
            for m, q in sorted(s.mon_pos.items()) if q in qs and s.mon_owner[m] != f.seat
            and not cards.MONSTER[m].legendary] + [STOP]


@step_apply("take")
def _take(s: TheurgyState, f: MonsterStep, a: Action, ev: list[Event]) -> None:
    m = cards.MONSTERS[a.data[1]].id
    old = s.mon_owner[m]
    s.seats[old].horde.remove(m)
    s.seats[f.seat].horde.append(m)
    s.mon_owner[m] = f.seat
    ev.append(Event("take", f"{s.colour(f.seat)} takes control of {s.colour(old)}'s {cards.MONSTER[m].name}",
                    f.seat))
    s.stack.pop()


@step_options("banish", "banish a monster")
def _banish_options(s: TheurgyState, f: MonsterStep) -> list[Action]:
    qs = set(_places(s, f))
    return [act(f"banish {cards.MONSTER[m].name}", "banish", cards.MONSTER_INDEX[m])
            for m, q in sorted(s.mon_pos.items()) if q in qs and s.mon_owner[m] != f.seat
            and not cards.MONSTER[m].legendary and not monster_defended(s, m)] + [STOP]


@step_apply("banish")
def _banish(s: TheurgyState, f: MonsterStep, a: Action, ev: list[Event]) -> None:
    remove_monster(s, cards.MONSTERS[a.data[1]].id, ev, f"banished by {s.colour(f.seat)}")
    s.stack.pop()


@step_options("send_back", "move one of your monsters")
def _send_back_options(s: TheurgyState, f: MonsterStep) -> list[Action]:
    out = []
    for m in s.seats[f.seat].horde:
        mon = cards.MONSTER[m]
        for q in range(board.N_POS):
            if s.types[q] == mon.type and q != s.mon_pos[m]:
                out.append(act(f"send {mon.name} -> {s.name(q)}", "send_back", cards.MONSTER_INDEX[m], q))
    return out + [STOP]


@step_apply("send_back")
def _send_back(s: TheurgyState, f: MonsterStep, a: Action, ev: list[Event]) -> None:
    m = cards.MONSTERS[a.data[1]].id
    s.stack.pop()
    move_monster(s, m, a.data[2], ev)
    if cards.MONSTER[m].legendary:
        activate_monster(s, m, ev, summoned=True)


@step_options("fly", "choose where the Griffin flies")
def _fly_options(s: TheurgyState, f: MonsterStep) -> list[Action]:
    p, m = f.seat, f.source
    if m not in s.mon_pos or s.mon_owner[m] != p:
        return []
    at = s.mon_pos[m]
    seat = s.seats[p]
    riders = [k for k in range(2) if seat.acolytes[k] == at and not seat.wounded[k]] if can_leave(s, at) else []
    # TU-15: a flight carries one or two acolytes; without a rider there is no flight
    combos = [(k,) for k in riders] + ([tuple(riders)] if len(riders) == 2 else [])
    out = []
    for r in range(board.N_POS):
        if r == at or not acolyte_can_enter(s, p, r):
            continue
        for combo in combos:
            label = " carrying acolyte" + ("s " if len(combo) == 2 else " ") + "+".join(str(k + 1) for k in combo)
            mask = sum(1 << k for k in combo)
            out.append(act(f"fly {cards.MONSTER[m].name} -> {s.name(r)}{label}", "fly", r, mask))
    return out + [STOP]


@step_apply("fly")
def _fly(s: TheurgyState, f: MonsterStep, a: Action, ev: list[Event]) -> None:
    r, mask = a.data[1], a.data[2]
    s.stack.pop()
    seat = s.seats[f.seat]
    for k in range(2):
        if mask >> k & 1:
            seat.acolytes[k] = r
    move_monster(s, f.source, r, ev)


@step_options("trigger", "use the monster's when-summoned ability (or stop)")
def _trigger_options(s: TheurgyState, f: MonsterStep) -> list[Action]:
    return [act(f"use {cards.MONSTER[f.source].name}'s when-summoned ability", "trigger",
                cards.MONSTER_INDEX[f.source]), STOP]


@step_apply("trigger")
def _trigger(s: TheurgyState, f: MonsterStep, a: Action, ev: list[Event]) -> None:
    m = cards.MONSTER[f.source]
    s.stack.pop()
    ev.append(Event("ability", f"{m.name} of {s.colour(f.seat)} uses its when-summoned ability in "
                    f"{s.name(f.at)}", f.seat))
    ABILITIES[m.summoned](s, f.seat, summoned_use(f.source, f.at), ev)


# ================================================================================= seats

@step_options("force", "name an action")
def _force_options(s: TheurgyState, f: SeatStep) -> list[Action]:
    return [act(f"everyone else must {a}", "force", i) for i, a in enumerate(ACTIONS)]


@step_apply("force")
def _force(s: TheurgyState, f: SeatStep, a: Action, ev: list[Event]) -> None:
    action = ACTIONS[a.data[1]]
    for o in opponents(s, f.seat):
        s.seats[o].forced = action
    ev.append(Event("force", f"every opposing player must take {action} next turn", f.seat))
    s.stack.pop()


@step_options("ban", "name an action this player may not take")
def _ban_options(s: TheurgyState, f: SeatStep) -> list[Action]:
    return [act(f"{s.colour(f.target)} may not {a}", "ban", i) for i, a in enumerate(ACTIONS)]


@step_apply("ban")
def _ban(s: TheurgyState, f: SeatStep, a: Action, ev: list[Event]) -> None:
    action = ACTIONS[a.data[1]]
    s.seats[f.target].banned = action
    ev.append(Event("ban", f"{s.colour(f.target)} may not take {action} next turn", f.seat))
    s.stack.pop()


@step_options("peek_who", "choose whose hand to look at")
def _peek_who_options(s: TheurgyState, f: SeatStep) -> list[Action]:
    return [act(f"look at {s.colour(o)}'s hand", "peek_who", o) for o in opponents(s, f.seat)
            if s.seats[o].hand]


@step_apply("peek_who")
def _peek_who(s: TheurgyState, f: SeatStep, a: Action, ev: list[Event]) -> None:
    o = a.data[1]
    s.stack.pop()
    s.stack.append(SeatStep(seat=f.seat, op="peek_card", source=f.source, target=o))
    hand = ", ".join(cards.card_name(c) for c in sorted(s.seats[o].hand))
    ev.append(Event("peek", f"{s.colour(f.seat)} sees {s.colour(o)}'s hand: {hand}", f.seat,
                    visible_to=(f.seat, o), public_text=f"{s.colour(f.seat)} looks at {s.colour(o)}'s hand",
                    reveals=True))


@step_options("peek_card", "choose the miracle they discard")
def _peek_card_options(s: TheurgyState, f: SeatStep) -> list[Action]:
    return [act(f"{s.colour(f.target)} discards {cards.card_name(c)}", "peek_card", cards.MIRACLE_INDEX[c])
            for c in sorted(set(s.seats[f.target].hand))]


@step_apply("peek_card")
def _peek_card(s: TheurgyState, f: SeatStep, a: Action, ev: list[Event]) -> None:
    card = cards.MIRACLES[a.data[1]].id
    s.stack.pop()
    s.seats[f.target].hand.remove(card)
    s.miracle_discard.append(card)
    ev.append(Event("discard", f"{s.colour(f.target)} discards {cards.card_name(card)}", f.target, reveals=True))
    draw_miracles(s, f.target, ev)


@step_options("recall", "choose a miracle from the discard pile")
def _recall_options(s: TheurgyState, f: SeatStep) -> list[Action]:
    return [act(f"recall {cards.card_name(c)}", "recall", cards.MIRACLE_INDEX[c])
            for c in sorted(set(s.miracle_discard)) if recallable(c) and miracle_allowed(s, f.seat, c, f.acolyte)]


@step_apply("recall")
def _recall(s: TheurgyState, f: SeatStep, a: Action, ev: list[Event]) -> None:
    card = cards.MIRACLES[a.data[1]].id
    s.stack.pop()
    pile = s.miracle_discard
    del pile[len(pile) - 1 - pile[::-1].index(card)]
    pile.append(card)                                                # TU-13 Let Us Return To Ages Past
    perform_miracle(s, f.seat, card, f.acolyte, ev)


@step_options("restore", "restore one of your ruins")
def _restore_options(s: TheurgyState, f: SeatStep) -> list[Action]:
    """R-21: one of p's ruins where no temple stands (not in a settlement an opposing Nymph shields)."""
    p = f.seat
    return [act(f"restore ruin in {s.name(q)}", "restore", q) for q in range(board.N_POS)
            if p in s.ruins[q] and s.temple[q] < 0 and can_build(s, q) and can_affect(s, q, p)]


@step_apply("restore")
def _restore(s: TheurgyState, f: SeatStep, a: Action, ev: list[Event]) -> None:
    q, p, at = a.data[1], f.seat, f.at
    s.stack.pop()
    build_temple(s, p, q, ev)
    if s.temple[at] >= 0 and s.temple[at] != p and can_affect(s, at, p):
        destroy_temple(s, at, ev)


@step_options("heal", "heal a wounded acolyte")
def _heal_options(s: TheurgyState, f: SeatStep) -> list[Action]:
    seat = s.seats[f.seat]
    return [act(f"heal acolyte {k + 1} in {s.name(seat.acolytes[k])}", "heal", k) for k in range(2)
            if seat.wounded[k]]


@step_apply("heal")
def _heal(s: TheurgyState, f: SeatStep, a: Action, ev: list[Event]) -> None:
    k = a.data[1]
    seat = s.seats[f.seat]
    s.stack.pop()
    seat.wounded[k] = False
    q = seat.acolytes[k]
    if not can_affect(s, q, f.seat):    # an opposing Nymph keeps the new followers out
        ev.append(Event("heal", f"{seat.deity}'s acolyte {k + 1} recovers; the Nymph in {s.name(q)} "
                        "keeps its followers away", f.seat))
        return
    s.mortals[q][f.seat] += f.count
    ev.append(Event("heal", f"{seat.deity}'s acolyte {k + 1} recovers; {f.count} follower(s) join it in "
                    f"{s.name(q)}", f.seat))


@step_options("walk", "choose where the acolyte walks")
def _walk_options(s: TheurgyState, f: SeatStep) -> list[Action]:
    p, at = f.seat, f.at
    if not can_leave(s, at):
        return []
    top = min(f.count, s.mortals[at][p])
    out = []
    for r in range(board.N_POS):
        if r == at or not acolyte_can_enter(s, p, r):
            continue
        for k in range(top + 1 if mortal_can_enter(s, r) else 1):
            out.append(act(f"walk to {s.name(r)} with {k} followers", "walk", r, k))
    return out + [STOP]


@step_apply("walk")
def _walk(s: TheurgyState, f: SeatStep, a: Action, ev: list[Event]) -> None:
    r, k = a.data[1], a.data[2]
    seat = s.seats[f.seat]
    s.stack.pop()
    seat.acolytes[f.acolyte] = r
    s.mortals[f.at][f.seat] -= k
    s.mortals[r][f.seat] += k
    ev.append(Event("walk", f"{seat.deity}'s acolyte {f.acolyte + 1} walks to {s.name(r)} with {k} followers",
                    f.seat))


if set(STEP_OPTIONS) != set(STEP_APPLY):
    raise AssertionError(f"theurgy effect steps lacking a handler: {sorted(set(STEP_OPTIONS) ^ set(STEP_APPLY))}")
