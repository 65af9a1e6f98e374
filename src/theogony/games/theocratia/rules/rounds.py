"""TC-3 rounds: the setup of a round (dice rolled onto the Actions table, the extra dice and the
automatic expansion with fewer than four players, the End Round Bonus card's die) and the
players' turns in order from the First player."""

from __future__ import annotations

from theogony.core import Event
from theogony.core.frames import AUTOMATIC

from ..content import (BLACK, BONUS_IDS, CIV_NAMES, DIST, FORTRESS_OF, HEXES, HOUSE,
                       PLAYER_COLOURS)
from ..state import BotTurn, Draft, EndOfRound, PlayerTurns, RoundSetup, TheocratiaState
from .board import frontier, place
from .buildings import SUPPLY_CAP
from .solo import bot_round_setup
from .turn import die_text


def overflow(dice: list[int]) -> list[int]:
    """TC-3.2 at most three dice per number: excess dice move to the next number (6 -> 1), dice
    whose colour is repeated among that number's dice moving first."""
    dice = list(dice)
    changed = True
    while changed:
        changed = False
        for n in range(1, 7):
            same = [d for d in dice if d % 10 == n]
            while len(same) > 3:
                counts: dict[int, int] = {}
                for d in same:
                    counts[d // 10] = counts.get(d // 10, 0) + 1
                mover = max(same, key=lambda d: (counts[d // 10], -(d // 10)))
                same.remove(mover)
                dice.remove(mover)
                dice.append((mover // 10) * 10 + (n % 6) + 1)
                changed = True
    return sorted(dice)


def draw_die(s: TheocratiaState) -> int:
    return s.bag.pop(s.rng.below(len(s.bag)))


def run_round_setup(s: TheocratiaState, f: RoundSetup, events: list[Event]) -> None:
    """TC-3.2 round setup; then the players' turns."""
    s.stack.pop()
    r = s.round
    s.next_first = -1
    s.erb_holder = -1
    s.erb_die = -1
    s.bag = [v for v in range(4) for _ in range(3)]  # all dice return to the bag
    s.table = []
    for c in s.civs:
        c.row = []
    if r > 1:
        for c in s.civs:
            c.crystals[BLACK] += 1
            if c.supply < SUPPLY_CAP:
                c.supply += 1
            else:
                c.warriors += 1
    n = len(s.seats)
    rolled = [draw_die(s) * 10 + s.rng.randint(1, 6) for _ in range(9 if n >= 4 else 7)]
    s.table = overflow(rolled)
    events.append(Event("round", f"round {r} begins: {BONUS_IDS[s.round_bonus[r - 1]]} bonus"
                        f"; dice {', '.join(die_text(d) for d in sorted(s.table))}",
                        actor=Event.BY_GAME))
    if n < 4:
        _extra_dice(s, events)
    # TC-3.4 a die on the End Round Bonus card marks its Civ (every player count, ruling R5)
    s.erb_die = draw_die(s)
    if s.bot_seat >= 0:
        bot_round_setup(s)
    s.stack.append(PlayerTurns(seat=AUTOMATIC))


def _extra_dice(s: TheocratiaState, events: list[Event]) -> None:
    """TC-3.3 extra dice on the Civ rows and automatic expansion."""
    n, r = len(s.seats), s.round
    d1 = draw_die(s)
    s.civs[d1].row.append(d1 * 10 + s.rng.randint(1, 6))
    unchosen = [c for c in range(4) if s.colour_seat[c] < 0]
    if n == 3 and r in (1, 3, 5):
        _auto_expand(s, d1, unchosen[0], events)
    elif n == 2:
        _auto_expand(s, d1, unchosen[(r - 1) % 2], events)
    while True:
        d2 = draw_die(s)
        if d2 != d1:
            break
        s.bag.append(d2)
    s.civs[d2].row.append(d2 * 10 + s.rng.randint(1, 6))


def _auto_expand(s: TheocratiaState, v: int, colour: int, events: list[Event]) -> None:
    """TC-3.3: the Civ builds a House on the closest empty hex of an unchosen colour."""
    if s.civs[v].houses <= 0:
        return
    cands = [h for h in frontier(s, v) if s.hex_colour[h] == colour]
    if not cands:
        return
    fort = FORTRESS_OF[v]
    h = min(cands, key=lambda x: (DIST[fort][x], x))
    place(s, v, h, HOUSE, -1, events)
    events.append(Event("auto", f"{CIV_NAMES[v]} expands to {HEXES[h].id} "
                        f"({PLAYER_COLOURS[colour]}, unchosen)", actor=Event.BY_GAME))


def run_player_turns(s: TheocratiaState, f: PlayerTurns, events: list[Event]) -> None:
    """TC-3.5 the next turn (the Bot's is engine-driven), or the end of the round."""
    if f.turn_index >= s.turns * len(s.seats):
        s.stack.pop()
        s.stack.append(EndOfRound(seat=AUTOMATIC))
        return
    seat = (s.first + f.turn_index) % len(s.seats)
    f.turn_index += 1
    if seat == s.bot_seat:
        s.stack.append(BotTurn(seat=AUTOMATIC))
    else:
        s.stack.append(Draft(seat=seat))
