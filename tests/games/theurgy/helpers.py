"""Scenario helpers for the Theurgy tests: a cleared board on a fixed map, pieces placed by name."""

from __future__ import annotations

import theogony
from theogony.games.theurgy import cards
from theogony.games.theurgy.frames import AUTOMATIC, ChooseAction, EndTurn, Intervention
from theogony.games.theurgy.state import GREY, TheurgyState

GAME = theogony.load("theurgy")

# a fixed map: inner ring one of each type, outer ring two of each (no three-of-a-kind vertex)
FIXED_TYPES = ["capital", "forest", "market", "farmland", "marsh", "harbour", "mine",
               "market", "farmland", "marsh", "harbour", "mine", "forest",
               "farmland", "marsh", "harbour", "mine", "forest", "market"]


def blank(players: int = 2, deities: tuple[str, ...] = ("Lutraz", "Kelerix", "Kirjani", "Orrun", "Aeoris", "Eseryn"),
          seed: int = 0) -> TheurgyState:
    """A state after setup with an empty board, seat 0 to choose its action."""
    s = GAME.new_state(players, seed)
    while s.decision.kind != "turn":
        s.apply(s.legal_actions()[0])
    s.types = tuple(FIXED_TYPES)
    for q in range(19):
        s.mortals[q] = [0] * 7
        s.sceptics[q] = 0
        s.temple[q] = -1
        s.ruins[q] = []
    s.faith = [-1] * len(s.faith)
    s.mon_pos, s.mon_owner = {}, {}
    for i, seat in enumerate(s.seats):
        seat.deity = deities[i]
        seat.horde = []
        seat.pawn = ""
        seat.wounded = [False, False]
        seat.acolytes = [18, 18]
        seat.calling = "unbroken"
    s.anomaly = 0
    s.first = 0
    s.turn = 0
    s.stack = [ChooseAction(seat=0)]
    return s


def q(s: TheurgyState, name: str) -> int:
    return s.names().index(name)


def put(s: TheurgyState, name: str, colour: int, k: int) -> None:
    s.mortals[q(s, name)][colour] = k


def acolytes(s: TheurgyState, seat: int, a: str, b: str | None = None) -> None:
    s.seats[seat].acolytes = [q(s, a), q(s, b or a)]


def monster(s: TheurgyState, mid: str, owner: int, where: str) -> None:
    s.mon_pos[mid] = q(s, where)
    s.mon_owner[mid] = owner
    s.seats[owner].horde.append(mid)


def faith_on(s: TheurgyState, name: str, seat: int, k: int) -> list[int]:
    """Put k faith tokens of `seat` on vacant vertices of a settlement; returns the vertices."""
    from theogony.games.theurgy.board import CORNERS

    used = []
    for v in CORNERS[q(s, name)]:
        if len(used) == k:
            break
        if s.faith[v] < 0:
            s.faith[v] = seat
            used.append(v)
    assert len(used) == k
    return used


def texts(s: TheurgyState) -> list[str]:
    return [a.text for a in s.legal_actions()]


def start_turn(s: TheurgyState, seat: int) -> None:
    s.turn = seat
    s.stack = [ChooseAction(seat=seat)]


def begin(s: TheurgyState, seat: int, action: str) -> None:
    start_turn(s, seat)
    s.apply(action)


def in_di(s: TheurgyState, seat: int) -> None:
    """Seat is in the middle of a Divine Intervention (its pawn on that space)."""
    s.turn = seat
    s.seats[seat].pawn = "divine intervention"
    s.stack = [EndTurn(seat=AUTOMATIC, player=seat), Intervention(seat=seat)]


def give(s: TheurgyState, seat: int, *card_ids: str) -> None:
    s.seats[seat].hand = list(card_ids)


__all__ = ["GAME", "GREY", "blank", "q", "put", "acolytes", "monster", "faith_on", "texts",
           "start_turn", "begin", "in_di", "give", "cards"]


def perform(s: TheurgyState, seat: int, card: str, acolyte: int = 1) -> None:
    """Seat performs miracle `card` in a Divine Intervention, by its acolyte 1 or 2 where it stands."""
    give(s, seat, card)
    in_di(s, seat)
    where = s.name(s.seats[seat].acolytes[acolyte - 1])
    s.apply(f"miracle {cards.card_name(card)} by acolyte {acolyte} in {where}")
