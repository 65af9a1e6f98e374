"""The table of Kemet's pending steps: for each step, its legal actions and how an action
applies; the state reaches it through `KemetState.RULES` (bound by the Game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from theogony.core import Action, Event, Outcome, Rng
from theogony.core.frames import FrameRules

from . import (acquire, battle, board, build, day, gods, movement, night, recruit, setup, solo,
               team, view)

if TYPE_CHECKING:
    from ..state import KemetState

Legal = Callable[[Any], list[Action]]
Apply = Callable[[Any, Action, list[Event]], None]

STEPS: dict[str, tuple[Legal, Apply]] = {
    "city": (setup.legal_city, setup.apply_city),
    "god": (setup.legal_god, setup.apply_god),
    "troops": (setup.legal_troops, setup.apply_troops),
    "pyramids": (setup.legal_pyramids, setup.apply_pyramids),
    "pcolour": (setup.legal_pcolour, setup.apply_pcolour),
    "tile1": (setup.legal_tile1, setup.apply_tile1),
    "turn": (day.legal_turn, day.apply_turn),
    "extras": (day.legal_extras, day.apply_extras),
    "pick": (day.legal_pick, day.apply_pick),
    "post": (day.legal_post, day.apply_post),
    "build": (build.legal_build, build.apply_build),
    "recruit": (recruit.legal_recruit, recruit.apply_recruit),
    "battle_order": (recruit.legal_battle_order, recruit.apply_battle_order),
    "acquire": (acquire.legal_acquire, acquire.apply_acquire),
    "god_place": (acquire.legal_god_place, acquire.apply_god_place),
    "acq_comp": (acquire.legal_acq_comp, acquire.apply_acq_comp),
    "move_troop": (movement.legal_move_troop, movement.apply_move_troop),
    "move_take": (movement.legal_move_take, movement.apply_move_take),
    "move_comp": (movement.legal_move_comp, movement.apply_move_comp),
    "move_di": (movement.legal_move_di, movement.apply_move_di),
    "move": (movement.legal_move, movement.apply_move),
    "battle": (battle.legal_battle, battle.apply_battle),
    "devotion": (night.legal_devotion, night.apply_devotion),
    "delta": (night.legal_delta, night.apply_delta),
    "prayers": (night.legal_prayers, night.apply_prayers),
    "di_buy": (night.legal_di_buy, night.apply_di_buy),
    "summon": (night.legal_summon, night.apply_summon),
    "destiny": (night.legal_destiny, night.apply_destiny),
    "move_tally": (team.la_move_tally, team.do_move_tally),
    "gather": (team.la_gather, team.do_gather),
    "tdestiny": (team.la_tdestiny, team.do_tdestiny),
    "amon_event": (solo.legal_amon_event, solo.apply_amon_event),
    "amon_action": (solo.legal_amon_action, solo.apply_amon_action),
    "amon_discard": (solo.legal_amon_discard, solo.apply_amon_discard),
}


class KemetRules(FrameRules):
    """The step table plus the state's hooks that need the rules (outcome, view, resampling)."""

    def legal(self, st: KemetState) -> list[Action]:
        return STEPS[st.kstep][0](st)

    def apply(self, st: KemetState, action: Action) -> list[Event]:
        ev: list[Event] = []
        st.decisions += 1
        token = board.lend_narration(ev)
        try:
            STEPS[st.kstep][1](st, action, ev)
        finally:
            board.end_narration(token)
        if st.solo is not None:
            solo.check_wipeout(st, ev)
        if st.gods is not None:
            gods.update_ascension(st)
        return ev

    def outcome(self, st: KemetState) -> Outcome:
        return view.outcome(st)

    def view(self, st: KemetState, player: int | None) -> dict[str, Any]:
        return view.view(st, player)

    def resample_hidden(self, st: KemetState, player: int | None, rng: Rng) -> None:
        view.resample_hidden(st, player, rng)


RULES = KemetRules("kemet")
