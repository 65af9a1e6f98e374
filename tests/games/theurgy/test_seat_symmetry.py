"""Seat 0 is only the table's first seat: neither the rules nor the heuristic read a seat's index
(issue 21, "Seat 0 with two players" in docs/content/theurgy.md). A two-player deal played as dealt
and with the two seats' contents swapped (deity, hand, Divine Callings, the starting player) is the
same game, move for move, won by the same deity, once the options of every decision are offered in
the same order (the engine lists some of them by colour index, which only reorders the heuristic's
random tie-breaks)."""

from __future__ import annotations

import dataclasses

import pytest

from theogony.agents import make_agent
from theogony.core import Rng
from theogony.games.theurgy.state import TheurgyState

from .helpers import GAME

_SEAT_FIELDS = ("seat", "player", "target")


def _swapped(s: TheurgyState) -> TheurgyState:
    """The same two-player deal with seats 0 and 1 exchanged."""
    other = s.clone()
    other.seats = [s.clone().seats[1], s.clone().seats[0]]
    other.first, other.turn = 1 - s.first, 1 - s.turn
    frames = []
    for frame in other.stack:
        values = {f.name: getattr(frame, f.name) for f in dataclasses.fields(frame)}
        for name in _SEAT_FIELDS:
            if name in values and values[name] in (0, 1):
                values[name] = 1 - values[name]
        frames.append(type(frame)(**values))
    other.stack = frames
    return other


def _play(s: TheurgyState, seed: int) -> tuple[list[str], str]:
    agents = [make_agent("heuristic", GAME) for _ in range(2)]
    rng = Rng(seed, stream=7)
    texts: list[str] = []
    while not s.is_terminal():
        seat = s.current_player
        action = agents[seat].act(s.determinize(seat, rng), rng)
        s.apply(action.text)
        texts.append(action.text)
    (winner,) = s.outcome().winners
    return texts, s.seats[winner].deity


@pytest.mark.parametrize("seed", [3, 9])
def test_TU_swapping_the_two_seats_of_a_deal_plays_the_same_game(monkeypatch, seed):
    listed = TheurgyState.legal_actions
    monkeypatch.setattr(TheurgyState, "legal_actions",
                        lambda self: sorted(listed(self), key=lambda a: a.text))
    deal = GAME.new_state(2, seed)
    texts, winner = _play(deal.clone(), seed)
    swapped_texts, swapped_winner = _play(_swapped(deal), seed)
    assert swapped_texts == texts
    assert swapped_winner == winner
