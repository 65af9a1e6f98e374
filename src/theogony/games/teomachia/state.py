"""Teomachia state: plain data only (rule ids TM-x.y: docs/rules/teomachia.md). The transitions
are in `rules/` (one module per rulebook area) and `effects.py`; what the table shows is built
by `view.py`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from theogony.core import Outcome, Rng
from theogony.core.frames import FramedState

from .content import CARDS, FAITHFUL, PRIEST
from .frames import TeomachiaFrame
from .queries import RESPONSES, worth
from .view import resample_hidden, view_of

TRACK_COST = (PRIEST, PRIEST, FAITHFUL, FAITHFUL, -1, -1)  # TM-9.1
DRAFT = {2: (6, 3), 3: (4, 4), 4: (3, 5)}  # players -> (rounds, cards per round), TM-2.2
HAND_SIZE = 5
MIRACLE_TOKENS = 6
VP_TO_WIN = 10
SET_ASIDE = 4  # TM-2.4: cards each seat sets aside of its 12 picks


@dataclass(slots=True)
class Seat:
    community: list[int] = field(default_factory=lambda: [3, 5, 8])
    stake: list[int] = field(default_factory=lambda: [0, 0, 0])
    # part of the stake taken from the bank by the desperation rule (TM-5.8)
    desp: list[int] = field(default_factory=lambda: [0, 0, 0])
    desperate: bool = False
    hand: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)  # last = top (TM-11.1)
    power: list[int] = field(default_factory=list)
    lasting: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)  # attacks played this battle, discarded at settlement
    places: list[int] = field(default_factory=list)
    damaged: list[bool] = field(default_factory=list)
    place_tokens: list[int] = field(default_factory=list)
    alive: bool = True
    eliminated_at: int = 0
    in_deal: bool = False
    peace: bool = False
    saved: bool = False
    bonus: int = 0
    unity: int = 0
    attack_spheres: list[int] = field(default_factory=list)
    deeds_played: int = 0
    powers_laid: int = 0
    vp: int = 0
    # draft
    draft_hand: list[int] = field(default_factory=list)
    picks: list[int] = field(default_factory=list)
    # full game
    mythology: int = -1
    deity_options: list[int] = field(default_factory=list)
    deity: int = -1
    myth_deck: list[int] = field(default_factory=list)
    myths: list[int] = field(default_factory=list)
    heroes_in_stake: list[int] = field(default_factory=list)
    miracles: int = 0
    attr_used: bool = False
    myths_used: list[int] = field(default_factory=list)
    # public knowledge for determinization (TM-R21): card definitions every player has seen go to
    # this seat's discard pile and that are still there; and those known to be somewhere in its
    # hand, deck or discard pile (the discard pile was shuffled into the deck since)
    known_discard: list[int] = field(default_factory=list)
    known_cycle: list[int] = field(default_factory=list)


@dataclass(slots=True)
class TeomachiaState(FramedState):
    GAME_ID = "teomachia"

    stack: list[TeomachiaFrame]
    seats: list[Seat]
    full: bool
    no_elim: bool
    deal: int
    initiative: int
    conflict: int
    elements: list[int]
    el_discard: list[int]
    layout: list[int]
    revealed: int
    prayer_deck: list[int]
    track: list[int]
    boxed: list[int]
    set_aside: list[int]
    bid_round: int  # the deal's bidding phase, shown all deal long
    raised: bool    # whether someone raised in it (TM-5.7)
    gods_people: bool
    battle: bool
    winners: list[int]
    strengths: list[int]
    miracle_supply: int
    deities_revealed: bool
    fought: list[int]  # seats that took part in this deal's battle
    left_to_act: list[int]  # the bidders still to act when the game ended (the table shows them)

    @property
    def phase(self) -> str:
        """The kind of the pending decision ("over" once the game has ended)."""
        stack = self.stack
        if not stack:
            return "over"
        kind = self.RULES.rule(stack[-1]).kind
        assert isinstance(kind, str)
        return kind

    def outcome(self) -> Outcome:
        vals = [worth(self, i) for i in range(self.players)]
        if self.no_elim:
            return Outcome.from_scores([s.vp for s in self.seats], vals)
        scores = [1.0 if s.alive else 0.0 for s in self.seats]
        tiebreak = [float(vals[i]) if s.alive else float(s.eliminated_at - 1000)
                    for i, s in enumerate(self.seats)]
        return Outcome.from_scores(scores, tiebreak)

    def _view(self, player: int | None) -> dict[str, Any]:
        return view_of(self, player)

    def _resample_hidden(self, player: int | None, rng: Rng) -> None:
        resample_hidden(self, player, rng)


__all__ = ["CARDS", "DRAFT", "HAND_SIZE", "SET_ASIDE", "MIRACLE_TOKENS", "RESPONSES", "Seat",
           "TRACK_COST", "TeomachiaState", "VP_TO_WIN"]
