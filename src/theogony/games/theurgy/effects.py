"""Miracle, monster and capital-event effects (TU-8, TU-12, TU-13). Each effect is either resolved at
once or pushed as a small frame whose choices are offered one at a time."""

from __future__ import annotations

from ...core import Event
from . import board, cards
from .board import CORNERS, NEIGHBOURS
from .rules import (ACTIONS, act, acolyte_can_enter, build_temple, can_affect, can_build, can_leave,
                    defended, destroy_temple, draw_miracles, faith_allowed, faith_fixed,
                    kirjani_protects, monster_defended, mortal_can_enter, move_monster,
                    passive_owners, remove_monster, test_the_faith, add_sceptics, _vertex_label)
from .state import GREY, Frame, TheurgyState


# ================================================================================= entry points

# Miracle effects that reach the players or settlements other than "this settlement" whatever their
# scope, and effects confined to "this settlement" whatever their scope (TU-15 Nymph, R-14).
_BEYOND_EFFECTS = frozenset({"force_action", "ban_action", "peek", "double_summon", "cull", "heal",
                             "send_back", "restore", "walk"})
_HERE_EFFECTS = frozenset({"scatter", "whispers", "reveal", "gather"})


def miracle_allowed(s: TheurgyState, p: int, card: str, i: int) -> bool:
    """R-14: in a settlement an opposing Nymph shields, p's acolyte i may perform only a miracle that
    also affects another settlement or the players."""
    return can_affect(s, s.seats[p].acolytes[i], p) or _reaches_beyond(s, p, card, i)


def _reaches_beyond(s: TheurgyState, p: int, card: str, i: int) -> bool:
    mir = cards.MIRACLE[card]
    e = mir.effect
    if e in _BEYOND_EFFECTS:
        return True
    if e in _HERE_EFFECTS:
        return False
    if e == "mirror":                         # the other acolyte's settlement, if it stands elsewhere
        seat = s.seats[p]
        return not seat.wounded[1 - i] and seat.acolytes[1 - i] != seat.acolytes[i]
    if e == "recall":
        return any(_recallable(c) and _reaches_beyond(s, p, c, i) for c in set(s.miracle_discard))
    return mir.scope != "here"


def _recallable(card: str) -> bool:
    return cards.MIRACLE[card].effect != "recall"


def perform_miracle(s: TheurgyState, p: int, card: str, i: int, ev: list[Event], reveal: bool = True) -> None:
    """TU-7.3/7.4: the chosen acolyte performs; every sceptic in its settlement is removed."""
    mir = cards.MIRACLE[card]
    at = s.seats[p].acolytes[i]
    s.sceptics[at] = 0
    ev.append(Event("miracle", f"{s.colour(p)} performs {mir.name} in {s.name(at)}", p, reveals=reveal))
    e = mir.effect
    if e == "clear_doubt":
        for q in (at, *NEIGHBOURS[at]):
            if can_affect(s, q, p):
                s.sceptics[q] = 0
    elif e == "mirror":
        seat = s.seats[p]
        for k in range(2):
            q = seat.acolytes[k]
            if not seat.wounded[k] and can_affect(s, q, p):
                s.mortals[q][p] += mir.n
                ev.append(Event("add", f"{mir.n} {s.colour(p)} followers appear in {s.name(q)}", p))
    elif e == "reveal":
        if s.anomaly != at and can_affect(s, at, p):
            test_the_faith(s, p, at, ev)
    elif e == "whispers":
        count = sum(1 for o in range(s.players) for k in range(2)
                    if s.seats[o].acolytes[k] == at and not s.seats[o].wounded[k])
        if can_affect(s, at, p):
            s.stack.append(Frame("faith", p, src=card, n=count, at=at))
    elif e == "double_summon":
        s.stack.append(Frame("summon_done", p))
        s.stack.append(Frame("summon_pick", p, src=card, n=2))
    elif e == "force_action":
        s.stack.append(Frame("force", p, src=card))
    elif e == "ban_action":
        for o in reversed(_opponents(s, p)):
            s.stack.append(Frame("ban", p, src=card, arg=o))
    elif e == "cull":
        for o in reversed(_opponents(s, p)):
            s.stack.append(Frame("cull", o, src=card, n=mir.n, at=at, arg=p, scope=mir.scope))
    elif e == "heal":
        s.stack.append(Frame("heal", p, src=card, n=mir.n))
    elif e == "recall":
        s.stack.append(Frame("recall", p, src=card, arg=i))
    elif e == "peek":
        s.stack.append(Frame("peek_who", p, src=card))
    elif e == "send_back":
        s.stack.append(Frame("send_back", p, src=card))
    elif e == "restore":
        s.stack.append(Frame("restore", p, src=card, at=at))
    elif e == "walk":
        s.stack.append(Frame("walk", p, src=card, n=mir.n, at=at, arg=i))
    elif e == "take_monster":
        s.stack.append(Frame("take", p, src=card, at=at, scope=mir.scope))
    elif e == "banish":
        s.stack.append(Frame("banish", p, src=card, at=at, scope=mir.scope))
    elif e == "gather":
        s.stack.append(Frame("pull", p, src=card, n=mir.n, at=at, arg=1))
    elif e == "scatter":
        _scatter(s, p, at, card)
    else:
        start_effect(s, p, e, mir.n, mir.scope, mir.who, at, card, ev)


def activate_monster(s: TheurgyState, m: str, ev: list[Event], summoned: bool) -> None:
    """TU-8.2: an active ability (or a legendary's when-summoned ability on summoning)."""
    mon = cards.MONSTER[m]
    p, at = s.mon_owner[m], s.mon_pos[m]
    if summoned and mon.summoned:
        effect, n, scope, who = mon.summoned, mon.summoned_n, mon.summoned_scope, mon.summoned_who
        if effect in _ALL_OR_NOTHING:                      # the owner may decline it
            if _trigger_matters(s, p, effect, at):
                s.stack.append(Frame("trigger", p, src=m, at=at))
            return
    elif mon.ability == "active":
        effect, n, scope, who = mon.effect, mon.n, mon.scope, mon.who
        if summoned and effect == "griffin":               # TU-8.4: no flight in the summoning DI
            return
    else:
        return
    ev.append(Event("ability", f"{mon.name} of {s.colour(p)} uses its ability in {s.name(at)}", p))
    start_effect(s, p, effect, n, scope, who, at, m, ev)


# when-summoned effects that leave no choice once started (other ones stop when the owner says so)
_ALL_OR_NOTHING = frozenset({"kraken", "scatter"})


def _trigger_matters(s: TheurgyState, p: int, effect: str, at: int) -> bool:
    """Whether an all-or-nothing when-summoned effect would change anything (else it is not asked)."""
    if effect == "kraken":
        return any(o != p and s.seats[o].acolytes[k] == q and _woundable(s, o, k)
                   for q in (at, *NEIGHBOURS[at]) if can_affect(s, q, p)
                   for o in range(s.players) for k in range(2))
    return can_affect(s, at, p) and any(s.mortals[at]) and can_leave(s, at)


def start_effect(s: TheurgyState, p: int, effect: str, n: int, scope: str, who: int, at: int, src: str,
                 ev: list[Event]) -> None:
    if effect == "add":
        if can_affect(s, at, p):
            s.mortals[at][p] += n
            ev.append(Event("add", f"{n} {s.colour(p)} follower(s) appear in {s.name(at)}", p))
    elif effect == "kraken":
        for q in (at, *NEIGHBOURS[at]):
            if not can_affect(s, q, p):
                continue
            for o in range(s.players):
                for k in range(2):
                    if o != p and s.seats[o].acolytes[k] == q and _woundable(s, o, k):
                        s.seats[o].wounded[k] = True
                        ev.append(Event("wound", f"{s.colour(o)}'s acolyte {k + 1} in {s.name(q)} is wounded", o))
    elif effect == "scatter":
        _scatter(s, p, at, src)
    elif effect == "griffin":
        s.stack.append(Frame("fly", p, src=src, at=at))
    elif effect == "spawn_near":
        s.stack.append(Frame("spawn", p, src=src, n=n, at=at))
    elif effect == "push":
        s.stack.append(Frame("push", p, src=src, n=n, at=at, arg=0))
    elif effect in ("convert", "remove", "wound", "faith", "replace", "unfaith", "pull", "sceptics"):
        s.stack.append(Frame(effect, p, src=src, n=n, at=at, arg=who, scope=scope))
    else:
        raise AssertionError(f"unknown effect {effect}")


def _scatter(s: TheurgyState, p: int, at: int, src: str) -> None:
    if can_affect(s, at, p):
        s.stack.append(Frame("push", p, src=src, n=sum(s.mortals[at]), at=at, arg=1))


def _opponents(s: TheurgyState, p: int) -> list[int]:
    """TU-13.1: opposing players in turn order from the performer's left."""
    return [(p + k) % s.players for k in range(1, s.players)]


def _woundable(s: TheurgyState, o: int, k: int) -> bool:
    seat = s.seats[o]
    return not seat.wounded[k] and o not in passive_owners(s, seat.acolytes[k], "ward")


def _places(s: TheurgyState, f: Frame, performer: int | None = None) -> list[int]:
    at = f.at
    if f.scope == "here":
        qs = [at]
    elif f.scope in ("near", "werewolf"):
        qs = [at, *NEIGHBOURS[at]]
    elif f.scope == "adjacent":
        qs = list(NEIGHBOURS[at])
    else:
        qs = list(range(board.N_POS))
    p = f.player if performer is None else performer
    return [q for q in qs if can_affect(s, q, p)]


# ================================================================================= capital events

def capital_event(s: TheurgyState, card: str, ev: list[Event]) -> None:
    e = cards.EVENT[card]
    ev.append(Event("capital_event", f"Capital event: {e.name} - {e.text}", reveals=True, actor=Event.BY_GAME))
    m = s.mortals[0]
    if e.effect == "riot":
        for c in range(7):
            m[c] -= m[c] // 2
    elif e.effect == "guild":
        add_sceptics(s, 0, 3)
    elif e.effect == "fire":
        destroy_temple(s, 0, ev)
    elif e.effect == "exodus":
        for c in range(s.players):
            m[GREY] += m[c]
            m[c] = 0
    elif e.effect == "inquisition":
        for o in range(s.players):
            for k in range(2):
                if s.seats[o].acolytes[k] == 0 and _woundable(s, o, k):
                    s.seats[o].wounded[k] = True
    elif e.effect == "purge":
        for v in CORNERS[0]:
            s.faith[v] = -1


# ================================================================================= op frames

STOP = act("stop", "stop")


def _done(s: TheurgyState, f: Frame) -> None:
    f.n -= 1
    if f.n <= 0:
        s.stack.pop()


def _o_convert(s, f):
    out = []
    for q in _places(s, f):
        for c in range(7):
            if c == f.player or not s.mortals[q][c] or defended(s, c, q):
                continue
            if f.arg == 1 and c != GREY:
                continue
            out.append(act(f"convert {s.colour(c)} in {s.name(q)}", "convert", q, c))
    return out + [STOP]


def _a_convert(s, f, a, ev):
    q, c = a.data[1], a.data[2]
    s.mortals[q][c] -= 1
    s.mortals[q][f.player] += 1
    ev.append(Event("convert", f"{s.colour(f.player)} converts a {s.colour(c)} in {s.name(q)}", f.player))
    _done(s, f)


def _o_remove(s, f):
    out = []
    for q in _places(s, f):
        if f.scope == "werewolf":
            if q in f.used or (q != f.at and sum(1 for u in f.used if u != f.at) >= 2):
                continue
        for c in range(7):
            if c == f.player or not s.mortals[q][c] or (c == GREY and f.arg == 0):
                continue
            out.append(act(f"remove {s.colour(c)} in {s.name(q)}", "remove", q, c))
    return out + [STOP]


def _a_remove(s, f, a, ev):
    q, c = a.data[1], a.data[2]
    s.mortals[q][c] -= 1
    f.used.append(q)
    ev.append(Event("remove", f"a {s.colour(c)} mortal is removed from {s.name(q)}", f.player))
    _done(s, f)


def _o_wound(s, f):
    out = []
    for q in _places(s, f):
        for o in range(s.players):
            for k in range(2):
                if o != f.player and s.seats[o].acolytes[k] == q and _woundable(s, o, k):
                    out.append(act(f"wound {s.colour(o)} acolyte {k + 1} in {s.name(q)}", "wound", o, k, 0))
    return out + [STOP]


def _a_wound(s, f, a, ev):
    o, k = a.data[1], a.data[2]
    s.seats[o].wounded[k] = True
    ev.append(Event("wound", f"{s.colour(o)}'s acolyte {k + 1} is wounded", f.player))
    _done(s, f)


def _o_faith(s, f):
    if not can_affect(s, f.at, f.player):
        return []
    return [act(f"place faith {_vertex_label(s, v)}", "faith", v) for v in CORNERS[f.at]
            if s.faith[v] < 0 and faith_allowed(s, v)] + [STOP]


def _a_faith(s, f, a, ev):
    v = a.data[1]
    s.faith[v] = f.player
    ev.append(Event("faith", f"{s.colour(f.player)} places a faith token on {_vertex_label(s, v)}", f.player))
    _done(s, f)


def _o_replace(s, f):
    if not can_affect(s, f.at, f.player):
        return []
    return [act(f"replace {s.colour(s.faith[v])} faith {_vertex_label(s, v)}", "replace", v)
            for v in CORNERS[f.at] if s.faith[v] >= 0 and s.faith[v] != f.player and faith_allowed(s, v)
            and not kirjani_protects(s, v) and not faith_fixed(s, v)] + [STOP]


def _a_replace(s, f, a, ev):
    v = a.data[1]
    old = s.faith[v]
    s.faith[v] = f.player
    ev.append(Event("faith", f"{s.colour(f.player)} replaces {s.colour(old)}'s faith token on "
                    f"{_vertex_label(s, v)}", f.player))
    _done(s, f)


def _o_unfaith(s, f):
    if not can_affect(s, f.at, f.player):
        return []
    return [act(f"remove {s.colour(s.faith[v])} faith {_vertex_label(s, v)}", "unfaith", v)
            for v in CORNERS[f.at] if s.faith[v] >= 0 and s.faith[v] != f.player and not faith_fixed(s, v)] + [STOP]


def _a_unfaith(s, f, a, ev):
    v = a.data[1]
    old = s.faith[v]
    s.faith[v] = -1
    ev.append(Event("faith", f"{s.colour(old)}'s faith token on {_vertex_label(s, v)} is removed", f.player))
    _done(s, f)


def _o_pull(s, f):
    """Move mortals from neighbouring settlements into f.at (Siren: any mortal; Call The Faithful Home:
    own followers). Giant Spider and Troll prevent it (TU-8.7 clashes)."""
    at, p = f.at, f.player
    if not mortal_can_enter(s, at) or not can_affect(s, at, p):
        return []
    out = []
    for q in NEIGHBOURS[at]:
        if not can_leave(s, q) or not can_affect(s, q, p):
            continue
        for c in range(7):
            if s.mortals[q][c] and (f.arg == 0 or c == p):
                out.append(act(f"bring {s.colour(c)} {s.name(q)} -> {s.name(at)}", "pull", q, c))
    return out + [STOP]


def _a_pull(s, f, a, ev):
    q, c = a.data[1], a.data[2]
    s.mortals[q][c] -= 1
    s.mortals[f.at][c] += 1
    ev.append(Event("move", f"a {s.colour(c)} mortal is brought {s.name(q)} -> {s.name(f.at)}", f.player))
    _done(s, f)


def _o_push(s, f):
    at, p = f.at, f.player
    if not can_leave(s, at):
        return []
    dests = [r for r in NEIGHBOURS[at] if mortal_can_enter(s, r) and can_affect(s, r, p)]
    out = [act(f"send {s.colour(c)} {s.name(at)} -> {s.name(r)}", "push", r, c)
           for c in range(7) if s.mortals[at][c] for r in dests]
    return out if f.arg == 1 else out + [STOP]


def _a_push(s, f, a, ev):
    r, c = a.data[1], a.data[2]
    s.mortals[f.at][c] -= 1
    s.mortals[r][c] += 1
    ev.append(Event("move", f"a {s.colour(c)} mortal is sent {s.name(f.at)} -> {s.name(r)}", f.player))
    _done(s, f)


def _o_sceptics(s, f):
    return [act(f"add {f.n} sceptics to {s.name(q)}", "sceptics", q) for q in _places(s, f)
            if not passive_owners(s, q, "no_sceptics")] + [STOP]


def _a_sceptics(s, f, a, ev):
    q = a.data[1]
    added = add_sceptics(s, q, f.n)
    ev.append(Event("sceptics", f"{added} sceptic tokens are added to {s.name(q)}", f.player))
    s.stack.pop()


def _o_spawn(s, f):
    return [act(f"add follower in {s.name(q)}", "spawn", q) for q in NEIGHBOURS[f.at]
            if can_affect(s, q, f.player)] + [STOP]


def _a_spawn(s, f, a, ev):
    q = a.data[1]
    s.mortals[q][f.player] += 1
    ev.append(Event("add", f"a {s.colour(f.player)} follower appears in {s.name(q)}", f.player))
    _done(s, f)


def _o_take(s, f):
    qs = set(_places(s, f))
    return [act(f"take {cards.MONSTER[m].name}", "take", cards.MONSTER_INDEX[m])
            for m, q in sorted(s.mon_pos.items()) if q in qs and s.mon_owner[m] != f.player
            and not cards.MONSTER[m].legendary] + [STOP]


def _a_take(s, f, a, ev):
    m = cards.MONSTERS[a.data[1]].id
    old = s.mon_owner[m]
    s.seats[old].horde.remove(m)
    s.seats[f.player].horde.append(m)
    s.mon_owner[m] = f.player
    ev.append(Event("take", f"{s.colour(f.player)} takes control of {s.colour(old)}'s {cards.MONSTER[m].name}",
                    f.player))
    s.stack.pop()


def _o_banish(s, f):
    qs = set(_places(s, f))
    return [act(f"banish {cards.MONSTER[m].name}", "banish", cards.MONSTER_INDEX[m])
            for m, q in sorted(s.mon_pos.items()) if q in qs and s.mon_owner[m] != f.player
            and not cards.MONSTER[m].legendary and not monster_defended(s, m)] + [STOP]


def _a_banish(s, f, a, ev):
    remove_monster(s, cards.MONSTERS[a.data[1]].id, ev, f"banished by {s.colour(f.player)}")
    s.stack.pop()


def _o_cull(s, f):
    return [act(f"remove own follower in {s.name(q)}", "cull", q) for q in _places(s, f, performer=f.arg)
            if s.mortals[q][f.player]]


def _a_cull(s, f, a, ev):
    q = a.data[1]
    s.mortals[q][f.player] -= 1
    ev.append(Event("remove", f"{s.colour(f.player)} removes a follower from {s.name(q)}", f.player))
    _done(s, f)


def _o_force(s, f):
    return [act(f"everyone else must {a}", "force", i) for i, a in enumerate(ACTIONS)]


def _a_force(s, f, a, ev):
    action = ACTIONS[a.data[1]]
    for o in _opponents(s, f.player):
        s.seats[o].forced = action
    ev.append(Event("force", f"every opposing player must take {action} next turn", f.player))
    s.stack.pop()


def _o_ban(s, f):
    return [act(f"{s.colour(f.arg)} may not {a}", "ban", i) for i, a in enumerate(ACTIONS)]


def _a_ban(s, f, a, ev):
    action = ACTIONS[a.data[1]]
    s.seats[f.arg].banned = action
    ev.append(Event("ban", f"{s.colour(f.arg)} may not take {action} next turn", f.player))
    s.stack.pop()


def _o_peek_who(s, f):
    return [act(f"look at {s.colour(o)}'s hand", "peek_who", o) for o in _opponents(s, f.player)
            if s.seats[o].hand]


def _a_peek_who(s, f, a, ev):
    o = a.data[1]
    s.stack.pop()
    s.stack.append(Frame("peek_card", f.player, src=f.src, arg=o))
    hand = ", ".join(cards.card_name(c) for c in sorted(s.seats[o].hand))
    ev.append(Event("peek", f"{s.colour(f.player)} sees {s.colour(o)}'s hand: {hand}", f.player,
                    visible_to=(f.player, o), public_text=f"{s.colour(f.player)} looks at {s.colour(o)}'s hand",
                    reveals=True))


def _o_peek_card(s, f):
    return [act(f"{s.colour(f.arg)} discards {cards.card_name(c)}", "peek_card", cards.MIRACLE_INDEX[c])
            for c in sorted(set(s.seats[f.arg].hand))]


def _a_peek_card(s, f, a, ev):
    card = cards.MIRACLES[a.data[1]].id
    s.stack.pop()
    s.seats[f.arg].hand.remove(card)
    s.miracle_discard.append(card)
    ev.append(Event("discard", f"{s.colour(f.arg)} discards {cards.card_name(card)}", f.arg, reveals=True))
    draw_miracles(s, f.arg, ev)


def _o_recall(s, f):
    return [act(f"recall {cards.card_name(c)}", "recall", cards.MIRACLE_INDEX[c])
            for c in sorted(set(s.miracle_discard)) if _recallable(c) and miracle_allowed(s, f.player, c, f.arg)]


def _a_recall(s, f, a, ev):
    card = cards.MIRACLES[a.data[1]].id
    s.stack.pop()
    pile = s.miracle_discard
    del pile[len(pile) - 1 - pile[::-1].index(card)]
    pile.append(card)                                                # TU-13 Let Us Return To Ages Past
    perform_miracle(s, f.player, card, f.arg, ev)


def _o_send_back(s, f):
    out = []
    for m in s.seats[f.player].horde:
        mon = cards.MONSTER[m]
        for q in range(board.N_POS):
            if s.types[q] == mon.type and q != s.mon_pos[m]:
                out.append(act(f"send {mon.name} -> {s.name(q)}", "send_back", cards.MONSTER_INDEX[m], q))
    return out + [STOP]


def _a_send_back(s, f, a, ev):
    m = cards.MONSTERS[a.data[1]].id
    s.stack.pop()
    move_monster(s, m, a.data[2], ev)
    if cards.MONSTER[m].legendary:
        activate_monster(s, m, ev, summoned=True)


def _o_restore(s, f):
    """R-21: one of p's ruins where no temple stands (not in a settlement an opposing Nymph shields)."""
    p = f.player
    return [act(f"restore ruin in {s.name(q)}", "restore", q) for q in range(board.N_POS)
            if p in s.ruins[q] and s.temple[q] < 0 and can_build(s, q) and can_affect(s, q, p)]


def _a_restore(s, f, a, ev):
    q, p, at = a.data[1], f.player, f.at
    s.stack.pop()
    build_temple(s, p, q, ev)
    if s.temple[at] >= 0 and s.temple[at] != p and can_affect(s, at, p):
        destroy_temple(s, at, ev)


def _o_heal(s, f):
    seat = s.seats[f.player]
    return [act(f"heal acolyte {k + 1} in {s.name(seat.acolytes[k])}", "heal", k) for k in range(2)
            if seat.wounded[k]]


def _a_heal(s, f, a, ev):
    k = a.data[1]
    seat = s.seats[f.player]
    s.stack.pop()
    seat.wounded[k] = False
    q = seat.acolytes[k]
    s.mortals[q][f.player] += f.n
    ev.append(Event("heal", f"{seat.deity}'s acolyte {k + 1} recovers; {f.n} follower(s) join it in {s.name(q)}",
                    f.player))


def _o_walk(s, f):
    p, at = f.player, f.at
    if not can_leave(s, at):
        return []
    top = min(f.n, s.mortals[at][p])
    out = []
    for r in range(board.N_POS):
        if r == at or not acolyte_can_enter(s, p, r):
            continue
        for k in range(top + 1 if mortal_can_enter(s, r) else 1):
            out.append(act(f"walk to {s.name(r)} with {k} followers", "walk", r, k))
    return out + [STOP]


def _a_walk(s, f, a, ev):
    r, k = a.data[1], a.data[2]
    seat = s.seats[f.player]
    s.stack.pop()
    seat.acolytes[f.arg] = r
    s.mortals[f.at][f.player] -= k
    s.mortals[r][f.player] += k
    ev.append(Event("walk", f"{seat.deity}'s acolyte {f.arg + 1} walks to {s.name(r)} with {k} followers", f.player))


def _o_fly(s, f):
    p, m = f.player, f.src
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


def _a_fly(s, f, a, ev):
    r, mask = a.data[1], a.data[2]
    s.stack.pop()
    seat = s.seats[f.player]
    for k in range(2):
        if mask >> k & 1:
            seat.acolytes[k] = r
    move_monster(s, f.src, r, ev)


def _o_trigger(s, f):
    return [act(f"use {cards.MONSTER[f.src].name}'s when-summoned ability", "trigger",
                cards.MONSTER_INDEX[f.src]), STOP]


def _a_trigger(s, f, a, ev):
    m = cards.MONSTER[f.src]
    s.stack.pop()
    ev.append(Event("ability", f"{m.name} of {s.colour(f.player)} uses its when-summoned ability in "
                    f"{s.name(f.at)}", f.player))
    start_effect(s, f.player, m.summoned, m.summoned_n, m.summoned_scope, m.summoned_who, f.at, f.src, ev)


OP_OPTIONS = {
    "convert": _o_convert, "remove": _o_remove, "wound": _o_wound, "faith": _o_faith,
    "replace": _o_replace, "unfaith": _o_unfaith, "pull": _o_pull, "push": _o_push,
    "sceptics": _o_sceptics, "spawn": _o_spawn, "take": _o_take, "banish": _o_banish, "cull": _o_cull,
    "force": _o_force, "ban": _o_ban, "peek_who": _o_peek_who, "peek_card": _o_peek_card,
    "recall": _o_recall, "send_back": _o_send_back, "restore": _o_restore, "heal": _o_heal,
    "walk": _o_walk, "fly": _o_fly, "trigger": _o_trigger,
}
OP_APPLY = {
    "convert": _a_convert, "remove": _a_remove, "wound": _a_wound, "faith": _a_faith,
    "replace": _a_replace, "unfaith": _a_unfaith, "pull": _a_pull, "push": _a_push,
    "sceptics": _a_sceptics, "spawn": _a_spawn, "take": _a_take, "banish": _a_banish, "cull": _a_cull,
    "force": _a_force, "ban": _a_ban, "peek_who": _a_peek_who, "peek_card": _a_peek_card,
    "recall": _a_recall, "send_back": _a_send_back, "restore": _a_restore, "heal": _a_heal,
    "walk": _a_walk, "fly": _a_fly, "trigger": _a_trigger,
}
OP_PROMPTS = {
    "convert": "convert mortals (or stop)", "remove": "remove mortals (or stop)",
    "wound": "wound an acolyte (or stop)", "faith": "place faith tokens (or stop)",
    "replace": "replace a faith token (or stop)", "unfaith": "remove a faith token (or stop)",
    "pull": "bring mortals in (or stop)", "push": "send mortals out", "sceptics": "choose where doubt spreads",
    "spawn": "choose where a follower appears", "take": "take control of a monster",
    "banish": "banish a monster", "cull": "remove one of your own followers", "force": "name an action",
    "ban": "name an action this player may not take", "peek_who": "choose whose hand to look at",
    "peek_card": "choose the miracle they discard", "recall": "choose a miracle from the discard pile",
    "send_back": "move one of your monsters", "restore": "restore one of your ruins",
    "heal": "heal a wounded acolyte", "walk": "choose where the acolyte walks", "fly": "choose where the Griffin flies",
    "trigger": "use the monster's when-summoned ability (or stop)",
}
