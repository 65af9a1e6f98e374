"""The effects registry (TU-8, TU-12, TU-13): every effect name the content files use, with its
handler, filled by decorators:

- `@effect(name, users)`: what a miracle or a monster's active ability does, registered in the
  core registries (`core.effects.EffectRegistry`) of the content that may name it (`MIRACLES`,
  `ABILITIES`); it resolves at once or pushes an effect step;
- `PASSIVES`: the passive abilities' names, which the rules query where they apply (TU-8.2);
- `@CAPITAL_EVENTS.handler(name)`: a capital event (TU-12);
- `@step_options(op, prompt)` / `@step_apply(op)`: one effect step, offered one choice at a time
  (the frames MortalStep, FaithStep, MonsterStep and SeatStep, whose decision kind is the op); the
  steps' handlers are in effect_steps.py, which builds on this module.

When this module loads (with the game) every effect name in the content is checked against the
registry (`check_content`): an unknown name is refused with the file, the entry and the field.
The rules never call this module: they push the frames PerformMiracle, UseAbility and
ResolveEvent, whose rules are registered here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core import Action, ContentError, Event
from ...core.effects import EffectRegistry
from . import cards
from .board import CORNERS, NEIGHBOURS
from .codes import STOP
from .frames import (AUTOMATIC, FaithStep, MonsterStep, MortalStep, PerformMiracle, ResolveEvent,
                     SeatStep, SummonDone, SummonPick, UseAbility)
from .rules import RULES
from .rules.monsters import add_sceptics, can_affect, can_leave, woundable
from .rules.test_the_faith import destroy_temple, test_the_faith
from .state import GREY, TheurgyState

MIRACLE, MONSTER = "miracle", "monster"
BOTH = (MIRACLE, MONSTER)


@dataclass(frozen=True, slots=True)
class EffectUse:
    """One use of an effect: what made it (`source`, a miracle or monster id), the settlement it
    centres on, and the content's numbers (n, scope, who); `acolyte` is the performing acolyte of
    a miracle (-1 for a monster)."""

    source: str
    at: int
    n: int
    scope: str
    who: int
    acolyte: int = -1


EffectHandler = Callable[[TheurgyState, int, EffectUse, list[Event]], None]
StepOptions = Callable[[TheurgyState, Any], list[Action]]
StepApply = Callable[[TheurgyState, Any, Action, list[Event]], None]

MIRACLES = EffectRegistry("theurgy", "miracle effect")
ABILITIES = EffectRegistry("theurgy", "monster ability")
CAPITAL_EVENTS = EffectRegistry("theurgy", "capital event effect")
PASSIVES = frozenset({"defend", "web", "rooted", "bar_mortals", "bar_acolytes", "no_temples", "no_sceptics",
                      "no_faith", "silence", "sanctuary", "ward"})
STEP_OPTIONS: dict[str, StepOptions] = {}
STEP_APPLY: dict[str, StepApply] = {}
STEP_PROMPTS: dict[str, str] = {}


def effect(name: str, users: tuple[str, ...] = BOTH) -> Callable[[EffectHandler], EffectHandler]:
    """Register the handler of effect `name` for the content in `users` (miracles, monsters)."""
    def register(handler: EffectHandler) -> EffectHandler:
        if MIRACLE in users:
            MIRACLES.handler(name)(handler)
        if MONSTER in users:
            ABILITIES.handler(name)(handler)
        return handler
    return register


def step_options(op: str, prompt: str) -> Callable[[StepOptions], StepOptions]:
    def register(handler: StepOptions) -> StepOptions:
        STEP_OPTIONS[op] = handler
        STEP_PROMPTS[op] = prompt
        return handler
    return register


def step_apply(op: str) -> Callable[[StepApply], StepApply]:
    def register(handler: StepApply) -> StepApply:
        STEP_APPLY[op] = handler
        return handler
    return register


# ================================================================================= entry points

def perform_miracle(s: TheurgyState, p: int, card: str, i: int, ev: list[Event]) -> None:
    """TU-7.3/7.4: the chosen acolyte performs; every sceptic in its settlement is removed."""
    mir = cards.MIRACLE[card]
    at = s.seats[p].acolytes[i]
    s.sceptics[at] = 0
    ev.append(Event("miracle", f"{s.colour(p)} performs {mir.name} in {s.name(at)}", p, reveals=True))
    use = EffectUse(source=card, at=at, n=mir.n, scope=mir.scope, who=mir.who, acolyte=i)
    MIRACLES[mir.effect](s, p, use, ev)


# when-summoned effects that leave no choice once started (other ones stop when the owner says so)
_ALL_OR_NOTHING = frozenset({"kraken", "scatter"})


def activate_monster(s: TheurgyState, m: str, ev: list[Event], summoned: bool) -> None:
    """TU-8.2: an active ability (or a legendary's when-summoned ability on summoning)."""
    mon = cards.MONSTER[m]
    p, at = s.mon_owner[m], s.mon_pos[m]
    if summoned and mon.summoned:
        if mon.summoned in _ALL_OR_NOTHING:                # the owner may decline it
            if _trigger_matters(s, p, mon.summoned, at):
                s.stack.append(MonsterStep(seat=p, op="trigger", source=m, at=at))
            return
        name, use = mon.summoned, summoned_use(m, at)
    elif mon.ability == "active":
        if summoned and mon.effect == "griffin":           # TU-8.4: no flight in the summoning DI
            return
        name, use = mon.effect, EffectUse(source=m, at=at, n=mon.n, scope=mon.scope, who=mon.who)
    else:
        return
    ev.append(Event("ability", f"{mon.name} of {s.colour(p)} uses its ability in {s.name(at)}", p))
    ABILITIES[name](s, p, use, ev)


def summoned_use(m: str, at: int) -> EffectUse:
    mon = cards.MONSTER[m]
    return EffectUse(source=m, at=at, n=mon.summoned_n, scope=mon.summoned_scope, who=mon.summoned_who)


def _trigger_matters(s: TheurgyState, p: int, effect_name: str, at: int) -> bool:
    """Whether an all-or-nothing when-summoned effect would change anything (else it is not asked)."""
    if effect_name == "kraken":
        return any(o != p and s.seats[o].acolytes[k] == q and woundable(s, o, k)
                   for q in (at, *NEIGHBOURS[at]) if can_affect(s, q, p)
                   for o in range(s.players) for k in range(2))
    return can_affect(s, at, p) and any(s.mortals[at]) and can_leave(s, at)


def opponents(s: TheurgyState, p: int) -> list[int]:
    """TU-13.1: opposing players in turn order from the performer's left."""
    return [(p + k) % s.players for k in range(1, s.players)]


# ================================================================================= effects

@effect("clear_doubt", (MIRACLE,))
def _clear_doubt(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    for q in (use.at, *NEIGHBOURS[use.at]):
        if can_affect(s, q, p):
            s.sceptics[q] = 0


@effect("mirror", (MIRACLE,))
def _mirror(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    seat = s.seats[p]
    for k in range(2):
        q = seat.acolytes[k]
        if not seat.wounded[k] and can_affect(s, q, p):
            s.mortals[q][p] += use.n
            ev.append(Event("add", f"{use.n} {s.colour(p)} followers appear in {s.name(q)}", p))


@effect("reveal", (MIRACLE,))
def _reveal(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    if s.anomaly != use.at and can_affect(s, use.at, p):
        test_the_faith(s, p, use.at, ev)


@effect("whispers", (MIRACLE,))
def _whispers(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    at = use.at
    count = sum(1 for o in range(s.players) for k in range(2)
                if s.seats[o].acolytes[k] == at and not s.seats[o].wounded[k])
    if can_affect(s, at, p):
        s.stack.append(FaithStep(seat=p, op="faith", source=use.source, count=count, at=at))


@effect("double_summon", (MIRACLE,))
def _double_summon(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(SummonDone(seat=AUTOMATIC))
    s.stack.append(SummonPick(seat=p, count=2))


@effect("force_action", (MIRACLE,))
def _force_action(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(SeatStep(seat=p, op="force", source=use.source))


@effect("ban_action", (MIRACLE,))
def _ban_action(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    for o in reversed(opponents(s, p)):
        s.stack.append(SeatStep(seat=p, op="ban", source=use.source, target=o))


@effect("cull", (MIRACLE,))
def _cull(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    for o in reversed(opponents(s, p)):
        s.stack.append(MortalStep(seat=o, op="cull", source=use.source, count=use.n, at=use.at,
                                  scope=use.scope, performer=p))


@effect("heal", (MIRACLE,))
def _heal(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(SeatStep(seat=p, op="heal", source=use.source, count=use.n))


@effect("recall", (MIRACLE,))
def _recall(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(SeatStep(seat=p, op="recall", source=use.source, acolyte=use.acolyte))


@effect("peek", (MIRACLE,))
def _peek(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(SeatStep(seat=p, op="peek_who", source=use.source))


@effect("send_back", (MIRACLE,))
def _send_back(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(MonsterStep(seat=p, op="send_back", source=use.source))


@effect("restore", (MIRACLE,))
def _restore(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(SeatStep(seat=p, op="restore", source=use.source, at=use.at))


@effect("walk", (MIRACLE,))
def _walk(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(SeatStep(seat=p, op="walk", source=use.source, count=use.n, at=use.at,
                            acolyte=use.acolyte))


@effect("take_monster", (MIRACLE,))
def _take_monster(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(MonsterStep(seat=p, op="take", source=use.source, at=use.at, scope=use.scope))


@effect("banish", (MIRACLE,))
def _banish(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(MonsterStep(seat=p, op="banish", source=use.source, at=use.at, scope=use.scope))


@effect("gather", (MIRACLE,))
def _gather(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(MortalStep(seat=p, op="pull", source=use.source, count=use.n, at=use.at, who=1))


@effect("scatter")
def _scatter(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    at = use.at
    if can_affect(s, at, p):
        s.stack.append(MortalStep(seat=p, op="push", source=use.source, count=sum(s.mortals[at]), at=at,
                                  compulsory=True))


@effect("add", (MONSTER,))
def _add(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    if can_affect(s, use.at, p):
        s.mortals[use.at][p] += use.n
        ev.append(Event("add", f"{use.n} {s.colour(p)} follower(s) appear in {s.name(use.at)}", p))


@effect("kraken", (MONSTER,))
def _kraken(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    for q in (use.at, *NEIGHBOURS[use.at]):
        if not can_affect(s, q, p):
            continue
        for o in range(s.players):
            for k in range(2):
                if o != p and s.seats[o].acolytes[k] == q and woundable(s, o, k):
                    s.seats[o].wounded[k] = True
                    ev.append(Event("wound", f"{s.colour(o)}'s acolyte {k + 1} in {s.name(q)} is wounded", o))


@effect("griffin", (MONSTER,))
def _griffin(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(MonsterStep(seat=p, op="fly", source=use.source, at=use.at))


@effect("spawn_near", (MONSTER,))
def _spawn_near(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(MortalStep(seat=p, op="spawn", source=use.source, count=use.n, at=use.at))


@effect("push", (MONSTER,))
def _push(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    s.stack.append(MortalStep(seat=p, op="push", source=use.source, count=use.n, at=use.at))


def _mortal_step(s: TheurgyState, p: int, use: EffectUse, op: str) -> None:
    s.stack.append(MortalStep(seat=p, op=op, source=use.source, count=use.n, at=use.at, scope=use.scope,
                              who=use.who))


@effect("convert")
def _convert(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    _mortal_step(s, p, use, "convert")


@effect("remove", (MONSTER,))
def _remove(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    _mortal_step(s, p, use, "remove")


@effect("wound")
def _wound(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    _mortal_step(s, p, use, "wound")


@effect("pull", (MONSTER,))
def _pull(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    _mortal_step(s, p, use, "pull")


@effect("sceptics", (MIRACLE,))
def _sceptics(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    _mortal_step(s, p, use, "sceptics")


def _faith_step(s: TheurgyState, p: int, use: EffectUse, op: str) -> None:
    s.stack.append(FaithStep(seat=p, op=op, source=use.source, count=use.n, at=use.at))


@effect("faith")
def _faith(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    _faith_step(s, p, use, "faith")


@effect("replace")
def _replace(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    _faith_step(s, p, use, "replace")


@effect("unfaith", (MONSTER,))
def _unfaith(s: TheurgyState, p: int, use: EffectUse, ev: list[Event]) -> None:
    _faith_step(s, p, use, "unfaith")


# ================================================================================= capital events

@CAPITAL_EVENTS.handler("riot")
def _riot(s: TheurgyState, ev: list[Event]) -> None:
    m = s.mortals[0]
    for c in range(7):
        m[c] -= m[c] // 2


@CAPITAL_EVENTS.handler("guild")
def _guild(s: TheurgyState, ev: list[Event]) -> None:
    add_sceptics(s, 0, 3)


@CAPITAL_EVENTS.handler("fire")
def _fire(s: TheurgyState, ev: list[Event]) -> None:
    destroy_temple(s, 0, ev)


@CAPITAL_EVENTS.handler("exodus")
def _exodus(s: TheurgyState, ev: list[Event]) -> None:
    m = s.mortals[0]
    for c in range(s.players):
        m[GREY] += m[c]
        m[c] = 0


@CAPITAL_EVENTS.handler("inquisition")
def _inquisition(s: TheurgyState, ev: list[Event]) -> None:
    for o in range(s.players):
        for k in range(2):
            if s.seats[o].acolytes[k] == 0 and woundable(s, o, k):
                s.seats[o].wounded[k] = True


@CAPITAL_EVENTS.handler("purge")
def _purge(s: TheurgyState, ev: list[Event]) -> None:
    for v in CORNERS[0]:
        s.faith[v] = -1


def resolve_capital_event(s: TheurgyState, card: str, ev: list[Event]) -> None:
    e = cards.EVENT[card]
    ev.append(Event("capital_event", f"Capital event: {e.name} - {e.text}", reveals=True, actor=Event.BY_GAME))
    CAPITAL_EVENTS[e.effect](s, ev)


# ================================================================================= frame rules

def _run_miracle(s: TheurgyState, f: PerformMiracle, ev: list[Event]) -> None:
    s.stack.pop()
    perform_miracle(s, f.performer, f.card, f.acolyte, ev)


def _run_ability(s: TheurgyState, f: UseAbility, ev: list[Event]) -> None:
    s.stack.pop()
    activate_monster(s, f.monster, ev, f.summoned)


def _run_event(s: TheurgyState, f: ResolveEvent, ev: list[Event]) -> None:
    s.stack.pop()
    resolve_capital_event(s, f.card, ev)


def _step_kind(s: TheurgyState, f: Any) -> str:
    return f.op


def _step_prompt(s: TheurgyState, f: Any) -> str:
    return STEP_PROMPTS[f.op]


def _step_legal(s: TheurgyState, f: Any) -> list[Action]:
    return STEP_OPTIONS[f.op](s, f)


def _step_take(s: TheurgyState, f: Any, a: Action, ev: list[Event]) -> None:
    if a.data[0] == "stop":                     # an optional effect is given up
        s.stack.pop()
    else:
        STEP_APPLY[f.op](s, f, a, ev)


def _step_skip(s: TheurgyState, f: Any, ev: list[Event]) -> bool:
    """An effect step with nothing left to choose (or only to stop) is dropped."""
    options = STEP_OPTIONS[f.op](s, f)
    if options and not (len(options) == 1 and options[0].data[0] == "stop"):
        return False
    s.stack.pop()
    return True


RULES.automatic(PerformMiracle, _run_miracle)
RULES.automatic(UseAbility, _run_ability)
RULES.automatic(ResolveEvent, _run_event)
for _family in (MortalStep, FaithStep, MonsterStep, SeatStep):
    RULES.decision(_family, _step_kind, prompt=_step_prompt, legal=_step_legal, apply=_step_take,
                   skip=_step_skip)

__all__ = ["MIRACLES", "ABILITIES", "PASSIVES", "CAPITAL_EVENTS", "STEP_OPTIONS", "STEP_APPLY", "STEP_PROMPTS", "STOP",
           "EffectUse", "effect", "step_options", "step_apply",
           "perform_miracle", "activate_monster", "summoned_use", "resolve_capital_event", "opponents", "check_content"]


# ================================================================================= content check

def check_content() -> None:
    """Every effect name of the content has its handler, in the registry of the content that names
    it (ContentError with the file, the entry and the field)."""
    MIRACLES.check(cards.MIRACLES, "miracles.toml", "miracle")
    ABILITIES.check(cards.MONSTERS, "monsters.toml", "monster", only=lambda m: m.ability == "active")
    for number, mon in enumerate(cards.MONSTERS, 1):
        if mon.ability == "passive" and mon.effect and mon.effect not in PASSIVES:
            raise ContentError(f"monsters.toml [[monster]] #{number} (id {mon.id!r}): field 'effect': "
                               f"unknown passive ability {mon.effect!r}; known: "
                               f"{', '.join(sorted(PASSIVES))}")
    ABILITIES.check(cards.MONSTERS, "monsters.toml", "monster", field="summoned", allow_empty=True)
    CAPITAL_EVENTS.check(cards.EVENTS, "events.toml", "event")


check_content()
