"""TC-6 the end of a round: the First Player token passes (TC-6.2), the End Round Bonus card's
Expand (TC-7.2), the Civ Development cards one Civ after the other (TC-6.3, TC-8) and their slide
(TC-6.4); then the next round, or the end of the game (TC-14)."""

from __future__ import annotations

from theogony.core import Event
from theogony.core.frames import AUTOMATIC

from ..content import CIV_NAMES, DEV_EFFECTS, HOUSE, PLAYER_COLOURS
from ..state import (BY_END_ROUND_BONUS, Developments, EndOfRound, Expand, RoundSetup,
                     TheocratiaState)
from .actions import expand_actions
from .effects import DEVELOPMENT_EFFECTS
from .solo import bot_build, bot_development


def run_end_of_round(s: TheocratiaState, f: EndOfRound, events: list[Event]) -> None:
    s.stack.pop()
    s.stack.append(Developments(seat=AUTOMATIC))
    if s.next_first >= 0:
        s.first = s.next_first
    # (the frames pushed here are resolved before the Development cards)
    if s.erb_holder >= 0 and s.erb_holder == s.bot_seat:
        if s.civs[s.erb_die].houses > 0:
            bot_build(s, s.erb_die, HOUSE, events)
    elif s.erb_holder >= 0 and s.erb_die >= 0:
        _end_round_bonus_expand(s, s.erb_holder, s.erb_die, events)
    if s.bot_seat >= 0:
        bot_development(s, events)


def _end_round_bonus_expand(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    """TC-7.2 the holder of the End Round Bonus card Expands with the Civ of its die."""
    if s.civs[v].houses > 0 and expand_actions(s, seat, v, HOUSE):
        s.stack.append(Expand(seat=seat, civ=v, piece=HOUSE, by=BY_END_ROUND_BONUS))
    else:
        events.append(Event("erb", f"{PLAYER_COLOURS[s.seats[seat].colour]} cannot Expand "
                            f"{CIV_NAMES[v]}: End Round Bonus skipped", actor=Event.BY_GAME))


def develop(s: TheocratiaState, v: int, events: list[Event]) -> None:
    """TC-8 the Development card of Civ v does its effect."""
    DEVELOPMENT_EFFECTS[DEV_EFFECTS[s.civs[v].dev]](s, v, events)


def run_developments(s: TheocratiaState, f: Developments, events: list[Event]) -> None:
    if f.next_civ < 4:
        v = f.next_civ
        f.next_civ += 1
        develop(s, v, events)
        return
    s.stack.pop()
    devs = [c.dev for c in s.civs]  # TC-6.4 slide the Development cards right to left
    for v in range(4):
        s.civs[v].dev = devs[(v + 1) % 4]
    if s.round >= s.rounds:
        events.append(Event("end", "the game ends; final scoring"))
    else:
        s.round += 1
        s.stack.append(RoundSetup(seat=AUTOMATIC))
