"""Kemet's frame rules: for each step class (state.py), its decision kind, prompt, legal actions and
how an action applies; the Game binds the table to the state class (`KemetState.RULES`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from theogony.core import Event, Outcome, Rng
from theogony.core.frames import FrameRules

from . import (acquire, battle, board, build, day, gods, movement, night, recruit, setup, solo,
               team, team_battle, view)

from . import modes
from ..state import (AcqCompStep, AcquireStep, AmonActionStep, AmonDiscardStep, AmonEventStep,
                     BattleOrderStep, BattleStep, BuildStep, CityStep, DeltaStep, DestinyStep,
                     DevotionStep, DiBuyStep, ExtrasStep, GatherStep, GodPlaceStep, GodStep,
                     KemetFrame, KemetState, MoveCompStep, MoveDiStep, MoveStep, MoveTakeStep,
                     MoveTallyStep, MoveTroopStep, PcolourStep, PickStep, PostStep, PrayersStep,
                     PyramidsStep, RecruitStep, SummonStep, TdestinyStep, Tile1Step, TroopsStep,
                     TurnStep, NextPick, StartRound, StartNight, StartBattle)

BATTLE_PROMPTS = {
    "a_disc": "war council (attacker): discard a battle card face down",
    "a_play": "war council (attacker): choose the battle card to play",
    "a_di": "war council (attacker): commit BATTLE cards (or none)",
    "d_disc": "war council (defender): discard a battle card face down",
    "d_play": "war council (defender): choose the battle card to play",
    "d_di": "war council (defender): commit BATTLE cards (or none)",
    "loser": "you lost the battle: retreat or recall your troop",
    "retreat": "you won: choose where the loser retreats",
    "winner": "you won the battle: stay or recall your troop",
    "defender": "your mixed troop is attacked: choose the defending seat",
    "split": "your side is mixed: choose how its losses fall on each ally",
    "vets": "hand each veteran token you gained to yourself or an ally",
}

PROMPTS = {
    "city": "choose your city",
    "troops": "choose the quarter that starts without a troop",
    "pyramids": "lay out your starting pyramid levels",
    "pcolour": "choose the colour of your next pyramid",
    "tile1": "take a level-1 Mightiness tile of one of your pyramid colours",
    "turn": "place an action token (or play a DAY card / move a companion)",
    "extras": "add the silver or gold token, or begin your actions",
    "pick": "choose the next action to resolve",
    "post": "play a DAY card or end your turn",
    "build": "construction: raise a pyramid",
    "recruit": "recruitment: add warriors to your quarters",
    "battle_order": "choose which battle to fight first",
    "acquire": "acquisition: choose a Mightiness tile",
    "acq_comp": "place your new companion",
    "move_troop": "movement: choose the troop to move",
    "move_take": "movement: how many warriors go",
    "move_comp": "movement: which companions go with the troop",
    "move_di": "movement: play Movement DI cards before setting out",
    "move": "movement: move, teleport, leave or pick up, or stop",
    "battle": "battle",
    "devotion": "night: sacrifice in the Sanctuary?",
    "delta": "night: sacrifice in the Delta Temple?",
    "prayers": "night: convert veterans to PP",
    "di_buy": "night: trade veterans for DI cards",
    "summon": "night: summon warriors with veterans",
    "destiny": "night: choose your turn-order position",
    "god": "choose the God you embody (Gods of Egypt)",
    "god_place": "place your God figure in one of your quarters",
    "move_tally": "movement: how many of this ally's warriors go along",
    "gather": "Gather: add a warrior of yours to a troop of an ally",
    "tdestiny": "night: place one of your team's turn-order markers",
    "amon_event": "solo: draw the Event card (after your third action token)",
    "amon_action": "solo: draw Amon's Action card (after your fifth action token)",
    "amon_discard": "solo: choose a DI card to discard",
}


class KemetRules(FrameRules):
    """Kemet's frame rules (one decision per step class, registered below) plus the state's hooks
    that need the rules: the outcome, the view, resampling."""

    def outcome(self, st: KemetState) -> Outcome:
        return view.outcome(st)

    def view(self, st: KemetState, player: int | None) -> dict[str, Any]:
        return view.view(st, player)

    def resample_hidden(self, st: KemetState, player: int | None, rng: Rng) -> None:
        view.resample_hidden(st, player, rng)


def battle_prompt(st: KemetState, frame: KemetFrame) -> str:
    assert st.bt is not None
    return BATTLE_PROMPTS[st.bt.stage]


def after_action(st: KemetState, events: list[Event]) -> None:
    """After every action (core.frames): count the decision; the solo mode's wipe-out check
    (KM-S.1) and the Gods of Egypt's Ascension threshold look at the settled board."""
    st.decisions += 1
    if st.solo is not None:
        solo.check_wipeout(st, events)
    if st.gods is not None:
        gods.update_ascension(st)


RULES = KemetRules("kemet", after_action=after_action)
RULES.decision(CityStep, "city", prompt=PROMPTS["city"],
               legal=setup.legal_city, apply=setup.apply_city)
RULES.decision(GodStep, "god", prompt=PROMPTS["god"], legal=setup.legal_god, apply=setup.apply_god)
RULES.decision(TroopsStep, "troops", prompt=PROMPTS["troops"],
               legal=setup.legal_troops, apply=setup.apply_troops)
RULES.decision(PyramidsStep, "pyramids", prompt=PROMPTS["pyramids"],
               legal=setup.legal_pyramids, apply=setup.apply_pyramids)
RULES.decision(PcolourStep, "pcolour", prompt=PROMPTS["pcolour"],
               legal=setup.legal_pcolour, apply=setup.apply_pcolour)
RULES.decision(Tile1Step, "tile1", prompt=PROMPTS["tile1"],
               legal=setup.legal_tile1, apply=setup.apply_tile1)
RULES.decision(TurnStep, "turn", prompt=PROMPTS["turn"],
               legal=day.legal_turn, apply=day.apply_turn)
RULES.decision(ExtrasStep, "extras", prompt=PROMPTS["extras"],
               legal=day.legal_extras, apply=day.apply_extras)
RULES.decision(PickStep, "pick", prompt=PROMPTS["pick"],
               legal=day.legal_pick, apply=day.apply_pick)
RULES.decision(PostStep, "post", prompt=PROMPTS["post"],
               legal=day.legal_post, apply=day.apply_post)
RULES.decision(BuildStep, "build", prompt=PROMPTS["build"],
               legal=build.legal_build, apply=build.apply_build)
RULES.decision(RecruitStep, "recruit", prompt=PROMPTS["recruit"],
               legal=recruit.legal_recruit, apply=recruit.apply_recruit)
RULES.decision(BattleOrderStep, "battle_order", prompt=PROMPTS["battle_order"],
               legal=recruit.legal_battle_order, apply=recruit.apply_battle_order)
RULES.decision(AcquireStep, "acquire", prompt=PROMPTS["acquire"],
               legal=acquire.legal_acquire, apply=acquire.apply_acquire)
RULES.decision(GodPlaceStep, "god_place", prompt=PROMPTS["god_place"],
               legal=acquire.legal_god_place, apply=acquire.apply_god_place)
RULES.decision(AcqCompStep, "acq_comp", prompt=PROMPTS["acq_comp"],
               legal=acquire.legal_acq_comp, apply=acquire.apply_acq_comp)
RULES.decision(MoveTroopStep, "move_troop", prompt=PROMPTS["move_troop"],
               legal=movement.legal_move_troop, apply=movement.apply_move_troop)
RULES.decision(MoveTakeStep, "move_take", prompt=PROMPTS["move_take"],
               legal=movement.legal_move_take, apply=movement.apply_move_take)
RULES.decision(MoveCompStep, "move_comp", prompt=PROMPTS["move_comp"],
               legal=movement.legal_move_comp, apply=movement.apply_move_comp)
RULES.decision(MoveDiStep, "move_di", prompt=PROMPTS["move_di"],
               legal=movement.legal_move_di, apply=movement.apply_move_di)
RULES.decision(MoveStep, "move", prompt=PROMPTS["move"],
               legal=movement.legal_move, apply=movement.apply_move)
RULES.decision(BattleStep, "battle", prompt=battle_prompt,
               legal=battle.legal_battle, apply=battle.apply_battle)
RULES.decision(DevotionStep, "devotion", prompt=PROMPTS["devotion"],
               legal=night.legal_devotion, apply=night.apply_devotion)
RULES.decision(DeltaStep, "delta", prompt=PROMPTS["delta"],
               legal=night.legal_delta, apply=night.apply_delta)
RULES.decision(PrayersStep, "prayers", prompt=PROMPTS["prayers"],
               legal=night.legal_prayers, apply=night.apply_prayers)
RULES.decision(DiBuyStep, "di_buy", prompt=PROMPTS["di_buy"],
               legal=night.legal_di_buy, apply=night.apply_di_buy)
RULES.decision(SummonStep, "summon", prompt=PROMPTS["summon"],
               legal=night.legal_summon, apply=night.apply_summon)
RULES.decision(DestinyStep, "destiny", prompt=PROMPTS["destiny"],
               legal=night.legal_destiny, apply=night.apply_destiny)
RULES.decision(MoveTallyStep, "move_tally", prompt=PROMPTS["move_tally"],
               legal=team.la_move_tally, apply=team.do_move_tally)
RULES.decision(GatherStep, "gather", prompt=PROMPTS["gather"],
               legal=team.la_gather, apply=team.do_gather)
RULES.decision(TdestinyStep, "tdestiny", prompt=PROMPTS["tdestiny"],
               legal=team.la_tdestiny, apply=team.do_tdestiny)
RULES.decision(AmonEventStep, "amon_event", prompt=PROMPTS["amon_event"],
               legal=solo.legal_amon_event, apply=solo.apply_amon_event)
RULES.decision(AmonActionStep, "amon_action", prompt=PROMPTS["amon_action"],
               legal=solo.legal_amon_action, apply=solo.apply_amon_action)
RULES.decision(AmonDiscardStep, "amon_discard", prompt=PROMPTS["amon_discard"],
               legal=solo.legal_amon_discard, apply=solo.apply_amon_discard)
RULES.automatic(NextPick, day.run_next_pick)
RULES.automatic(StartRound, day.run_start_round)
RULES.automatic(StartNight, night.run_start_night)
RULES.automatic(StartBattle, battle.run_start_battle)
# The modes' hook tables (rules/modes.py): what each mode changes in the classic areas.
TEAM_HOOKS = modes.TeamHooks(
    do_team_stage=team_battle.do_team_stage,
    la_team_stage=team_battle.la_team_stage,
    controls_quarter=team.controls_quarter,
    do_give=team.do_give,
    do_warrior_move=team.do_warrior_move,
    enemy_quarter=team.enemy_quarter,
    has_warriors=team.has_warriors,
    is_give=team.is_give,
    is_warrior_move=team.is_warrior_move,
    start_gather=team.start_gather,
)
TEAM_STEPS = modes.ModeSteps(round_start=modes.CLASSIC_STEPS.round_start,
                             interlude=modes.CLASSIC_STEPS.interlude,
                             give_actions=team.give_actions, carry_single=team.carry_single,
                             open_battle=team_battle.open_battle,
                             draw_card=modes.CLASSIC_STEPS.draw_card)
GODS_HOOKS = modes.GodHooks(
    battle_strength=gods.battle_strength,
    blocked_for_warriors=gods.blocked_for_warriors,
    do_acquire=gods.do_acquire,
    do_deploy=gods.do_deploy,
    do_god=gods.do_god,
    do_place=gods.do_place,
    god_side=gods.god_side,
    god_zone_of=gods.god_zone_of,
    is_god_at=gods.is_god_at,
    la_god=gods.la_god,
    la_place=gods.la_place,
    moving_god=gods.moving_god,
    name=gods.name,
    send_home=gods.send_home,
    sync=gods.sync,
)
GODS_STEPS = modes.GodSteps(la_acquire=gods.la_acquire, la_deploy=gods.la_deploy,
                            recruit_battle_starts=gods.recruit_battle_starts,
                            after_losses=gods.after_losses, battle_over=gods.battle_over,
                            after_city=gods.after_city, sets_out=gods.sets_out,
                            god_alone=gods.god_alone, god_lands=gods.god_lands)
SOLO_HOOKS = modes.SoloHooks(
    amon_loses=solo.amon_loses,
    amon_stats=solo.amon_stats,
    retreat_choice=solo.retreat_choice,
)
SOLO_STEPS = modes.ModeSteps(round_start=solo.round_start, interlude=solo.interlude,
                             give_actions=modes.CLASSIC_STEPS.give_actions,
                             carry_single=modes.CLASSIC_STEPS.carry_single,
                             open_battle=modes.CLASSIC_STEPS.open_battle, draw_card=solo.draw_card)
CLASSIC_RULES = modes.ModeRules(
    battle_losses=battle.classic_losses,
    battle_glory=battle.classic_battle_glory,
    after_reveal=battle.classic_after_reveal,
    recall_troop=board.to_supply,
    retreat_troop=battle.classic_retreat,
    land_attacker=battle.classic_land_attacker,
    after_battle=battle.classic_after_battle,
    take=movement.classic_take,
    arrival_ok=movement.classic_arrival_ok,
    limits_at_end=movement.classic_limits_at_end,
    group_moves=movement.classic_group_moves,
    land_moved=movement.classic_land_moved,
    temples_glory=night.classic_temples_glory,
    worship=night.classic_worship,
    end_night=night.classic_destiny,
    summon_limit=board.limit_in,
    recruit_limit=board.limit_in,
    own_port=modes.never,
    can_gather=modes.never,
    check_victory=day.classic_victory,
    la_troops=setup.classic_troops,
    do_troops=setup.classic_place_troops,
    layouts=setup.classic_layouts,
    add_warriors=board.classic_add_warriors,
    glory=board.classic_glory,
    own_warriors=board.classic_own_warriors,
    trim=board.classic_trim,
    remove_warriors=board.classic_remove_warriors,
)
TEAM_RULES = dataclasses.replace(
    CLASSIC_RULES,
    battle_losses=team_battle.team_losses,
    after_reveal=team_battle.after_reveal,
    recall_troop=team_battle.recall_troop,
    retreat_troop=team_battle.retreat_troop,
    land_attacker=team_battle.land_attacker,
    take=team.take_moving,
    arrival_ok=team.arrival_with,
    limits_at_end=modes.never,  # the team mode keeps its moving group within its limits
    group_moves=team.group_moves,
    land_moved=team.land_moved,
    temples_glory=team.temples_glory,
    worship=team.worship,
    end_night=team.start_destiny,
    summon_limit=team.summon_limit,
    recruit_limit=team.recruit_limit,
    own_port=team.own_port,
    can_gather=team.can_gather,
    check_victory=team.check_victory,
    la_troops=team.la_troops,
    do_troops=team.do_troops,
    add_warriors=team.add,
    glory=team.seat_glory,
    own_warriors=team.seat_warriors,
    trim=team.trim,
    remove_warriors=team.remove_warriors,
)
SOLO_RULES = dataclasses.replace(CLASSIC_RULES, battle_glory=solo.battle_glory,
                                 after_battle=solo.after_battle, end_night=solo.end_night,
                                 check_victory=solo.check_turn, layouts=solo.layouts)
modes.install(modes.ModeHooks(team=TEAM_HOOKS, gods=GODS_HOOKS, solo=SOLO_HOOKS,
                              team_steps=TEAM_STEPS, solo_steps=SOLO_STEPS,
                              god_steps=GODS_STEPS, classic_rules=CLASSIC_RULES,
                              team_rules=TEAM_RULES, solo_rules=SOLO_RULES))
