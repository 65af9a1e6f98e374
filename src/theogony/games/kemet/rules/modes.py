"""The mode hook tables: what the team mode (KM-T), the Gods of Egypt (KM-G) and the solo mode
(KM-S) change in the classic rules. rules/table.py fills each mode's tables with its
module's functions and installs them once, so the classic areas call a mode
through `modes.team()`, `modes.gods()`, `modes.solo()` and never import a mode's module."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from theogony.core import Action, Event

from ..state import KemetState


@dataclass(slots=True)
class TeamHooks:
    """The team mode's rules the classic areas call (rules/team.py, rules/team_battle.py)."""
    controls_quarter: Callable[[KemetState, int, int], bool]
    do_give: Callable[[KemetState, Action, list[Event]], None]
    do_warrior_move: Callable[[KemetState, Action], None]
    enemy_quarter: Callable[[KemetState, int, int], bool]
    has_warriors: Callable[[KemetState, int, int], bool]
    is_give: Callable[[int], bool]
    is_warrior_move: Callable[[int], bool]
    start_gather: Callable[[KemetState, int, list[Event]], None]
    do_team_stage: Callable[[KemetState, Action, list[Event]], None]
    la_team_stage: Callable[[KemetState], list[Action]]


@dataclass(slots=True)
class GodHooks:
    """The Gods of Egypt's rules the classic areas call (rules/gods.py)."""
    battle_strength: Callable[[KemetState, int], int]
    blocked_for_warriors: Callable[[KemetState, int, int], bool]
    do_acquire: Callable[[KemetState, list[Event]], bool]
    do_deploy: Callable[[KemetState, Action, list[Event]], None]
    do_god: Callable[[KemetState, Action, list[Event]], None]
    do_place: Callable[[KemetState, Action, list[Event]], None]
    god_side: Callable[[KemetState, int], bool]
    god_zone_of: Callable[[KemetState, int], int]
    is_god_at: Callable[[KemetState, int, int], bool]
    la_god: Callable[[KemetState], list[Action]]
    la_place: Callable[[KemetState], list[Action]]
    moving_god: Callable[[KemetState, int], bool]
    name: Callable[[KemetState, int], str]
    send_home: Callable[[KemetState, int, list[Event]], None]
    sync: Callable[[KemetState], None]


@dataclass(slots=True)
class SoloHooks:
    """The solo mode's rules the classic areas call (rules/solo.py)."""
    amon_loses: Callable[[KemetState, list[Event]], None]
    amon_stats: Callable[[KemetState, bool], dict[str, int]]
    retreat_choice: Callable[[KemetState, list[int]], int]


@dataclass(slots=True)
class ModeSteps:
    """Where the variant's mode (classic, team or solo) adds to a classic step; the classic
    table does nothing there. `steps(st)` finds the table of the state's mode."""
    round_start: Callable[[KemetState], None]              # KM-S.3 Amon's round
    interlude: Callable[[KemetState], bool]                # KM-S.4: True when Amon acts first
    give_actions: Callable[[KemetState, int], list[Action]]  # KM-T4 gifts to a teammate
    carry_single: Callable[[KemetState, int, int], None]   # KM-T5 a recruitment attack group
    open_battle: Callable[[KemetState], None]              # KM-T8.2 mixed troops' defender
    draw_card: Callable[[KemetState], None]                # KM-S.10 Amon's battle card


@dataclass(slots=True)
class GodSteps:
    """Where the Gods of Egypt add to a classic step; `god_steps(st)` finds the table in play."""
    la_acquire: Callable[[KemetState, int, int], list[Action]]  # KM-G4
    la_deploy: Callable[[KemetState, int], list[Action]]        # KM-G3.1
    recruit_battle_starts: Callable[[KemetState, int, int], None]
    after_losses: Callable[[KemetState, list[Event]], None]
    battle_over: Callable[[KemetState], None]
    after_city: Callable[[KemetState], bool]                    # KM-G1.1: True, the God step next
    sets_out: Callable[[KemetState, int, int], bool]            # KM-G2.2: True, the God moves
    god_alone: Callable[[KemetState, int, int], bool]           # KM-G2.4: no warriors with a God
    god_lands: Callable[[KemetState, int], bool]                # True: the moving God stops there


@dataclass(slots=True)
class ModeRules:
    """The classic rules a mode replaces: rules/table.py fills the classic table with the classic
    areas' own functions and the team and solo tables with their mode's where it differs, so the
    classic areas call `rules(st).x(...)` and ask no mode question."""
    battle_losses: Callable[[KemetState, bool, bool, int, int], None]  # KM-3.5.4 / KM-T8.4
    battle_glory: Callable[[KemetState, int], bool]            # KM-3.5.5 / KM-S.9
    after_reveal: Callable[[KemetState, tuple[int, int], list[Event]], None]  # KM-T8.4, KM-T8.5
    recall_troop: Callable[[KemetState, int, int], None]       # KM-3.5.6 warriors to supply
    retreat_troop: Callable[[KemetState, int, int, int, bool], None]  # KM-3.5.6 / KM-T8
    land_attacker: Callable[[KemetState, int], None]           # KM-3.5.8 the winner holds the zone
    after_battle: Callable[[KemetState, list[Event]], bool]    # KM-S.10: True when Amon goes on
    take: Callable[[KemetState, int], None]                    # KM-3.4.5 / KM-T6.3
    arrival_ok: Callable[[KemetState, int, int, int], int]     # KM-3.4.5 / KM-T6
    limits_at_end: Callable[[KemetState, int], bool]           # KM-3.4.5 limits checked at the end
    group_moves: Callable[[KemetState, int, int, bool], list[Action]]  # leave / pick up, KM-T6.4
    land_moved: Callable[[KemetState, int], None]              # the movement ends
    temples_glory: Callable[[KemetState, list[Event]], None]   # KM-3.6 / KM-T7.3
    worship: Callable[[KemetState, list[Event]], None]         # KM-3.6 / KM-T7
    end_night: Callable[[KemetState, list[Event]], None]       # Destiny / KM-T / KM-S.11
    summon_limit: Callable[[KemetState, int, int], int]        # KM-3.6 summoning into a quarter
    recruit_limit: Callable[[KemetState, int, int], int]       # KM-3.4.2 / KM-T5
    own_port: Callable[[KemetState, int, int], bool]           # KM-3.4.5.4: a port of one's own
    can_gather: Callable[[KemetState, int], bool]              # KM-T: the Gather DI card
    check_victory: Callable[[KemetState, int], bool]           # KM-3.2 / KM-T9 / KM-S.9
    la_troops: Callable[[KemetState], list[Action]]            # KM-2 starting troops / KM-T2
    do_troops: Callable[[KemetState, Action, list[Event]], None]
    layouts: Callable[[KemetState], list[tuple[int, int, int]]]  # KM-2.3.3 / KM-S.2.4
    add_warriors: Callable[[KemetState, int, int, int], None]  # a zone's troop grows
    glory: Callable[[KemetState, int], int]                    # KM-3.1 / KM-T1.3 the team's
    own_warriors: Callable[[KemetState, int, int], int]        # a seat's warriors in a zone
    trim: Callable[[KemetState, int], None]                    # troop limits / KM-T mixed troops
    remove_warriors: Callable[[KemetState, int, int], None]    # night sacrifices (KM-TR11)


_NO_ACTIONS: list[Action] = []   # shared: the classic steps' callers only add it to their lists


def _nothing(st: KemetState, *args: int) -> None:
    return None


def _no_events(st: KemetState, ev: list[Event]) -> None:
    return None


def _no_actions(st: KemetState, *args: int) -> list[Action]:
    return _NO_ACTIONS


def _no_interlude(st: KemetState) -> bool:
    return False


def never(st: KemetState, *args: int) -> bool:
    return False


CLASSIC_STEPS = ModeSteps(round_start=_nothing, interlude=_no_interlude,
                          give_actions=_no_actions, carry_single=_nothing,
                          open_battle=_nothing, draw_card=_nothing)
NO_GOD_STEPS = GodSteps(la_acquire=_no_actions, la_deploy=_no_actions,
                        recruit_battle_starts=_nothing, after_losses=_no_events,
                        battle_over=_nothing, after_city=never, sets_out=never,
                        god_alone=never, god_lands=never)


@dataclass(slots=True)
class ModeHooks:
    team: TeamHooks
    gods: GodHooks
    solo: SoloHooks
    team_steps: ModeSteps
    solo_steps: ModeSteps
    god_steps: GodSteps
    classic_rules: ModeRules
    team_rules: ModeRules
    solo_rules: ModeRules


_INSTALLED: list[ModeHooks] = []


_classic_rules: ModeRules   # the installed tables of `rules(st)`, read on every rule call
_team_rules: ModeRules
_solo_rules: ModeRules


def install(hooks: ModeHooks) -> None:
    """rules/table.py, once, when the rules load."""
    global _classic_rules, _team_rules, _solo_rules
    _INSTALLED[:] = [hooks]
    _classic_rules, _team_rules, _solo_rules = hooks.classic_rules, hooks.team_rules, hooks.solo_rules


def team() -> TeamHooks:
    return _INSTALLED[0].team


def gods() -> GodHooks:
    return _INSTALLED[0].gods


def solo() -> SoloHooks:
    return _INSTALLED[0].solo


def steps(st: KemetState) -> ModeSteps:
    """The steps of the state's mode (its solo or team data is set exactly in that mode)."""
    if st.solo is not None:
        return _INSTALLED[0].solo_steps
    if st.team is not None:
        return _INSTALLED[0].team_steps
    return CLASSIC_STEPS


def god_steps(st: KemetState) -> GodSteps:
    return _INSTALLED[0].god_steps if st.gods is not None else NO_GOD_STEPS


def rules(st: KemetState) -> ModeRules:
    """The rules of the state's mode where it replaces a classic rule."""
    if st.solo is not None:
        return _solo_rules
    if st.team is not None:
        return _team_rules
    return _classic_rules
