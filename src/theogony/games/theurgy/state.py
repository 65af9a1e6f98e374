"""Theurgy state: plain data only (TU rules in docs/rules/theurgy.md). The transitions live in the
rules package and effects.py, the pending steps are the frames of frames.py; this module holds the
data and the reads of the contract (outcome, view, determinize)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import Outcome
from ...core.frames import FramedState
from ...core.rng import Rng
from . import board, cards
from .frames import SeatStep, TheurgyFrame
from .progress import in_progress

GREY = 6                      # colour index of the non-believers (seats are 0..5)
ACTIONS = ("pilgrimage", "spread the word", "divine intervention", "test the faith")
DEITIES = ("Lutraz", "Kelerix", "Orrun", "Aeoris", "Eseryn", "Kirjani")


@dataclass(slots=True)
class Seat:
    deity: str
    pawn: str                       # action space the pawn stands on ("" before the first turn)
    hand: list[str]                 # miracle ids (hidden)
    supply: list[str]               # Aeoris's personal supply of performed miracles (public)
    calling: str                    # kept Divine Calling ("" until chosen; hidden)
    offer: list[str]                # the two Divine Callings dealt (hidden)
    horde: list[str]                # monster ids (public)
    acolytes: list[int]             # settlement of each acolyte
    wounded: list[bool]
    forced: str = ""                # action this seat must take next turn (Cast The Runes)
    banned: str = ""                # action this seat may not take next turn


@dataclass(slots=True)
class TheurgyState(FramedState):
    GAME_ID = "theurgy"

    stack: list[TheurgyFrame]       # the pending steps (frames.py); empty when the game is over

    types: tuple[str, ...]          # settlement type per position (fixed for the game)
    seats: list[Seat]
    mortals: list[list[int]]        # [settlement][colour 0..5 seats, 6 grey]
    sceptics: list[int]
    temple: list[int]               # owner seat or -1
    ruins: list[list[int]]          # seats with a ruin in each settlement
    faith: list[int]                # owner seat per vertex or -1
    mon_pos: dict[str, int]         # monster on the board -> settlement
    mon_owner: dict[str, int]       # monster on the board -> seat
    anomaly: int
    miracle_deck: list[str]         # top is the end of the list
    miracle_discard: list[str]      # top is the end of the list
    monster_deck: list[str]
    monster_discard: list[str]
    faceup: list[str]
    markers: list[int]
    removed_events: list[str]
    event_piles: list[tuple[int, int]]  # deck index ranges (from the bottom) of piles given an event
    turn: int                       # seat whose turn it is
    turns_taken: int
    first: int
    winner: int                     # -1 while undecided

    # ---- contract (the flow comes from FramedState and the rules table) ----------------------

    def outcome(self) -> Outcome:
        pts = [temple_points(self, p) for p in range(self.players)]
        winner = self.winner
        if winner >= 0:
            ranks = tuple(1 if p == winner else 2 + sum(1 for o in range(self.players)
                          if o != winner and pts[o] > pts[p]) for p in range(self.players))
            scores = tuple(pts[p] + (100.0 if p == winner else 0.0) for p in range(self.players))
            return Outcome(scores, (winner,), ranks)
        # TU-11 / R-16: no winner yet (a game stopped from outside): ranked by temple points, then
        # followers
        flock = [sum(self.mortals[q][p] for q in range(board.N_POS)) for p in range(self.players)]
        return Outcome.from_scores(pts, flock)

    # ---- helpers used everywhere --------------------------------------------------------------

    def colour(self, c: int) -> str:
        return "non-believer" if c == GREY else self.seats[c].deity

    def name(self, p: int) -> str:
        return _names(self.types)[p]

    def names(self) -> list[str]:
        return _names(self.types)

    # ---- hidden information -------------------------------------------------------------------

    def _view(self, player: int | None) -> dict[str, Any]:
        names = self.names()
        out: dict[str, Any] = {
            "settlements": [
                {"name": names[p], "type": self.types[p],
                 "mortals": {self.colour(c): k for c, k in enumerate(self.mortals[p]) if k},
                 "sceptics": self.sceptics[p],
                 "temple": None if self.temple[p] < 0 else self.colour(self.temple[p]),
                 "ruins": [self.colour(c) for c in self.ruins[p]],
                 "neighbours": [names[q] for q in board.NEIGHBOURS[p]],
                 "vertices": list(board.CORNERS[p])}
                for p in range(board.N_POS)],
            "faith": {f"V{v}": self.colour(o) for v, o in enumerate(self.faith) if o >= 0},
            "monsters": {cards.MONSTER[m].name: {"at": names[p], "owner": self.colour(self.mon_owner[m])}
                         for m, p in sorted(self.mon_pos.items())},
            "anomaly": names[self.anomaly],
            "miracle_deck": len(self.miracle_deck),
            "miracle_discard": [cards.card_name(c) for c in self.miracle_discard],
            "monster_deck": len(self.monster_deck),
            "monster_discard": [cards.card_name(c) for c in self.monster_discard],
            "faceup_monsters": [{"name": cards.MONSTER[m].name, "markers": k}
                                for m, k in zip(self.faceup, self.markers)],
            "removed_events": [cards.card_name(c) for c in self.removed_events],
            "turn": self.turn,
            "first": self.first,
            "turns_taken": self.turns_taken,
            "in_progress": in_progress(self),
            "temples_x": cards.TEMPLES_X[self.players],
            "seats": [],
        }
        peek = self._peek_target(player)
        for i, seat in enumerate(self.seats):
            entry: dict[str, Any] = {
                "deity": seat.deity, "pawn": seat.pawn, "hand_size": len(seat.hand),
                "supply": [cards.card_name(c) for c in seat.supply],
                "horde": [cards.MONSTER[m].name for m in seat.horde],
                "acolytes": [names[a] if a >= 0 else None for a in seat.acolytes], "wounded": list(seat.wounded),
                "forced": seat.forced, "banned": seat.banned, "has_calling": bool(seat.calling),
            }
            if i == player:
                entry["hand"] = [cards.card_name(c) for c in seat.hand]
                entry["calling"] = cards.card_name(seat.calling) if seat.calling else None
                entry["offer"] = [cards.card_name(c) for c in seat.offer]
            elif i == peek:
                entry["hand"] = [cards.card_name(c) for c in seat.hand]
            out["seats"].append(entry)
        return out

    def _peek_target(self, player: int | None) -> int:
        """Seat whose hand `player` is looking at through Seep The Strength, or -1."""
        for f in self.stack:
            if isinstance(f, SeatStep) and f.op == "peek_card" and f.seat == player:
                return f.target
        return -1

    def _resample_hidden(self, player: int | None, rng: Rng) -> None:
        peek = self._peek_target(player)
        others = [i for i in range(self.players) if i != player and i != peek]
        # miracles: other hands and the deck; capital events stay within their piles (TU-12)
        deck = self.miracle_deck
        events = sorted(c for c in deck if c in cards.EVENT)
        pool = sorted([c for i in others for c in self.seats[i].hand] + [c for c in deck if c in cards.MIRACLE])
        rng.shuffle(pool)
        for i in others:
            n = len(self.seats[i].hand)
            self.seats[i].hand = sorted(pool[:n])
            del pool[:n]
        if events:
            unseen = sorted(e.id for e in cards.EVENTS if e.id not in self.removed_events)
            rng.shuffle(unseen)
            spots = [lo + rng.below(min(hi, len(deck)) - lo) for lo, hi in self.event_piles[:len(events)]]
            it = iter(pool)
            self.miracle_deck = [unseen[spots.index(k)] if k in spots else next(it) for k in range(len(deck))]
        else:
            self.miracle_deck = pool
        self.monster_deck.sort()
        rng.shuffle(self.monster_deck)
        # Divine Callings: everything not dealt to `player`
        mine = set(self.seats[player].offer) if player is not None else set()
        unknown = [c.id for c in cards.CALLINGS if self.players in c.players and c.id not in mine]
        rng.shuffle(unknown)
        for i in range(self.players):
            if i == player:
                continue
            seat = self.seats[i]
            if seat.offer:
                seat.offer = sorted(unknown[:2])
                del unknown[:2]
                if seat.calling:
                    seat.calling = seat.offer[rng.below(2)]


def temple_points(s: TheurgyState, p: int) -> float:
    """TU-4.1: a temple counts one point, a ruin half."""
    return sum(1 for o in s.temple if o == p) + 0.5 * sum(1 for r in s.ruins if p in r)


_NAME_CACHE: dict[tuple[str, ...], list[str]] = {}
_LAST_NAMES: list = [None, None]            # (types tuple, its names): clones share the tuple


def _names(types: tuple[str, ...]) -> list[str]:
    if types is _LAST_NAMES[0]:
        return _LAST_NAMES[1]
    names = _NAME_CACHE.get(tuple(types))
    if names is None:
        names = _NAME_CACHE[tuple(types)] = board.settlement_names(list(types))
    _LAST_NAMES[0], _LAST_NAMES[1] = types, names
    return names
