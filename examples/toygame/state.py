"""Toy state: plain data only. The transitions are in rules/."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from theogony.core import Outcome, Rng
from theogony.core.frames import Frame, FramedState


@dataclass(slots=True)
class Seat:
    hand: list[int]     # hidden from the other seats
    score: int


@dataclass(slots=True)
class ToyFrame(Frame):
    """The toy's frame family (frame class names are looked up among these only)."""


@dataclass(slots=True)
class Turn(ToyFrame):
    """TOY-2: `seat` plays, draws or passes."""


@dataclass(slots=True)
class RoundEnd(ToyFrame):
    """TOY-3: the automaton scores after the last seat's turn (automatic)."""


@dataclass(slots=True)
class ToyState(FramedState):
    GAME_ID = "toy"

    stack: list[ToyFrame]
    deck: list[int]           # top is the end of the list
    seats: list[Seat]
    rounds: int = 0
    automaton_score: int = 0

    @property
    def num_seats(self) -> int:
        return self.players + (1 if self.variant.get("automaton") else 0)

    def outcome(self) -> Outcome:
        automaton = [self.automaton_score] if self.variant.get("automaton") else []
        return Outcome.from_scores([s.score for s in self.seats] + automaton)

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "deck_size": len(self.deck),
            **({"deck": list(self.deck)} if self.variant["open_deck"] else {}),
            "seats": [{"score": s.score, "hand_size": len(s.hand),
                       **({"hand": sorted(s.hand)} if i == player else {})}
                      for i, s in enumerate(self.seats)],
        }

    def _resample_hidden(self, player: int | None, rng: Rng) -> None:
        open_deck = self.variant["open_deck"]
        pool = [] if open_deck else list(self.deck)
        for i, s in enumerate(self.seats):
            if i != player:
                pool.extend(s.hand)
        pool.sort()  # canonical order: the result must not depend on the hidden truth
        rng.shuffle(pool)
        for i, s in enumerate(self.seats):
            if i != player:
                s.hand = [pool.pop() for _ in s.hand]
        if not open_deck:
            self.deck = pool
