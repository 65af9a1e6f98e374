"""Theurgy state: plain data only (TU rules in docs/rules/theurgy.md). The transitions live in
rules.py and effects.py; this module holds the data and the contract glue (view, determinize)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core import Action, Decision, Event, Outcome, State
from ...core.rng import Rng
from . import board, cards

# theurgy.rules holds the transitions; it imports this module and then sets `_rules` to itself (the
# package always imports rules before any state exists), which keeps the hot path free of imports.
_rules: Any = None

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
class Frame:
    """One pending step of a multi-step action (the decision stack)."""

    kind: str
    player: int
    src: str = ""          # card / monster / op that made the frame
    n: int = 0             # remaining count
    at: int = -1           # centre settlement
    arg: int = -1          # extra integer (target seat, acolyte, who ...)
    scope: str = "here"
    used: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Pilgrim:
    """Book-keeping of one Pilgrimage (TU-5)."""

    once: list[int]        # per settlement: own followers that moved once (Kelerix may move them again)
    locked: list[int]      # per settlement: own followers that may not move any more
    moves: list[int]       # per acolyte: moves made
    before: list[bool]     # per acolyte: preached/fought before moving
    after: list[bool]      # per acolyte: preached/fought after moving
    rested: list[bool]     # per acolyte: stood up this Pilgrimage (does nothing else)
    fought: list[bool]     # per acolyte: fought a monster (at most once, even for Lutraz: TU-14.1)


@dataclass(slots=True)
class Intervention:
    """Book-keeping of one Divine Intervention (TU-7)."""

    main: str              # "" until a miracle is performed or a monster summoned
    activated: list[str]
    moved: list[str]
    summoned: list[str]
    taken: list[int]       # face-up slots taken by a double summon


@dataclass(slots=True)
class TheurgyState(State):
    GAME_ID = "theurgy"

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
    stack: list[Frame]
    pil: Pilgrim | None
    di: Intervention | None
    setup_order: list[int]

    # ---- contract -------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.stack[-1].player if self.stack else None

    @property
    def decision(self) -> Decision | None:
        if not self.stack:
            return None
        top = self.stack[-1]
        return Decision(top.player, top.kind, _rules.prompt(self, top))

    def legal_actions(self) -> list[Action]:
        if not self.stack:
            return []
        return _rules.options(self)

    def _apply(self, action: Action) -> list[Event]:
        return _rules.apply_action(self, action)

    def is_terminal(self) -> bool:
        return not self.stack

    def outcome(self) -> Outcome:
        return _rules.outcome(self)

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
            "turns_taken": self.turns_taken,
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
            if f.kind == "peek_card" and f.player == player:
                return f.arg
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
