"""Theocratia state: plain data only (the rules are in rules/, docs/architecture.md "Theocratia on
frames"). Rule ids (TC-x.y, BOT-x.y) refer to docs/rules/theocratia.md.

The flow of a game is the stack of frames (core.frames): at its bottom one automatic frame of the
round's flow (round setup, the players' turns, the end of the round, the Development cards); above
it the decisions pending, the top one deciding now."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from theogony.core import Outcome, Rng
from theogony.core.frames import Frame, FramedState

from .content import BONUS_IDS, DEV_EFFECTS, N_HEX, PLAYER_COLOURS
from .scoring import final_score

# The `stage` number the view shows (its shape is shared with the encoding and the faces).
SETUP, TURNS, END_OF_ROUND, DEVELOPMENT, OVER = range(5)
# How an Expand frame came about (the view's `b` of an expand frame).
BY_ACTION, BY_END_ROUND_BONUS, BY_TOKEN = range(3)

_NO_DETAILS: tuple[int, int, int, int, int, list[int]] = (-1, -1, 0, 0, 0, [])


@dataclass(slots=True)
class Civ:
    houses: int          # pieces available in the Civ area
    factories: int
    barracks: int
    pyramids: int
    warriors: int        # Warriors in the Civ area
    supply: int          # Warriors in the Warriors supply (at most 5 by setup/round training)
    crystals: list[int]  # per crystal colour (Red, Brown, Blue, White, Green, Black)
    page: int            # visible Chronicles page
    items: list[int]     # what lies on the visible page (crystal colours, 6 = Warrior)
    dev: int             # Development card index
    row: list[int]       # dice on the Civ Action row, colour*10+value


@dataclass(slots=True)
class Player:
    colour: int
    cosmo: int
    malus: int
    flipped: bool
    priests: list[int]   # per Civ, -1 = start space below 0
    hand: list[int]      # Power card indices (hidden)
    tiles: list[int]     # Conversion tiles 0..3: 0 locked, 1 unlocked, 2 held, 3 used
    pyramids_built: int
    tokens: list[int]    # Pyramid token kinds taken (face-down ones count as built)
    end_token: bool


# ---- frames --------------------------------------------------------------------------------------

@dataclass(slots=True)
class TheocratiaFrame(Frame):
    """The base of Theocratia's frames."""

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        """The frame as the view's `pending` entry shows it: civ, die, a, b, flags, items (the
        encoding and the faces read that shape)."""
        return _NO_DETAILS


@dataclass(slots=True)
class CivFrame(TheocratiaFrame):
    """A step done with one Civ."""

    civ: int

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        return (self.civ, -1, 0, 0, 0, [])


# the round's flow (automatic, at the bottom of the stack)

@dataclass(slots=True)
class RoundSetup(TheocratiaFrame):
    """TC-3.2 the setup of the next round (under the Civ choices of TC-2.5 in round 1)."""


@dataclass(slots=True)
class PlayerTurns(TheocratiaFrame):
    """TC-3.5 the players' turns of the round; `turn_index` turns have begun."""

    turn_index: int = 0


@dataclass(slots=True)
class EndOfRound(TheocratiaFrame):
    """TC-6.2 / TC-7.2 the First Player token and the End Round Bonus card's Expand."""


@dataclass(slots=True)
class Developments(TheocratiaFrame):
    """TC-6.3 / TC-8 the Civ Development cards, one Civ after the other (`next_civ` is next)."""

    next_civ: int = 0


@dataclass(slots=True)
class BotTurn(TheocratiaFrame):
    """BOT-4 a turn of the solo automaton (engine-driven)."""


# decisions

@dataclass(slots=True)
class ChooseCiv(TheocratiaFrame):
    """TC-2.5 choose a Civ."""


@dataclass(slots=True)
class Draft(TheocratiaFrame):
    """TC-4.1 draft a die."""


@dataclass(slots=True)
class Prepare(TheocratiaFrame):
    """TC-4.2 .. TC-4.6 adjust the drafted die, then assign it."""

    die: int
    ignore_same_number: bool = False   # a Power card was discarded to ignore the rule
    recoloured: bool = False           # a Power card was discarded to change its colour

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        return (-1, self.die, 0, 0, int(self.ignore_same_number) | int(self.recoloured) << 1, [])


@dataclass(slots=True)
class FirstPlayerChoice(TheocratiaFrame):
    """TC-5.1 the End Round Bonus card or a Power card."""


@dataclass(slots=True)
class War(CivFrame):
    """TC-5.2 choose the target."""


@dataclass(slots=True)
class Expand(CivFrame):
    """TC-5.3 choose the hex (also the End Round Bonus card's and the tokens' builds)."""

    piece: int
    by: int = BY_ACTION

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        return (self.civ, -1, self.piece, self.by, 0, [])


@dataclass(slots=True)
class Build(CivFrame):
    """TC-5.4 / TC-5.5 the House to upgrade (or, for the action, the site of a Pyramid)."""

    piece: int
    token_upgrade: bool = False   # TC-12 a token's upgrade: Houses only, only the new one counts

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        token = int(self.token_upgrade)
        return (self.civ, -1, self.piece, token, token, [])


@dataclass(slots=True)
class PyramidGroup(CivFrame):
    """TC-5.6 the two buildings removed with the one on `site`."""

    site: int

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        return (self.civ, -1, self.site, 0, 0, [])


@dataclass(slots=True)
class Holiday(CivFrame):
    """TC-5.8 the Crystals to spend: `left` still to choose, `spent` per colour so far."""

    left: int
    spent: list[int] = field(default_factory=lambda: [0] * 6)

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        return (self.civ, -1, self.left, 0, 0, list(self.spent))


@dataclass(slots=True)
class EndTurn(CivFrame):
    """TC-4.7 / TC-10 Power cards and tiles, then the end of the turn. `action` is the action
    number carried out (7 = Holiday), `divined` whether it came from a Divination (TC-5.7)."""

    action: int = 0
    divined: bool = False

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        flags = (1 << self.action if self.action else 0) | (1 << 6 if self.divined else 0)
        return (self.civ, -1, 0, 0, flags, [])


@dataclass(slots=True)
class TokenChoice(CivFrame):
    """TC-12 take a Pyramid token (`track_end`: the one for reaching the track's end, TC-12.3)."""

    track_end: bool = False

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        return (self.civ, -1, 0, 0, int(self.track_end), [])


@dataclass(slots=True)
class TokenWorship(CivFrame):
    """TC-12 the Worship token: the Civ to gain 1 Worship from."""


@dataclass(slots=True)
class DevelopmentHex(CivFrame):
    """TC-8.2 the first player chooses among the tied `hexes` (`mode` 1: they hold Houses)."""

    mode: int
    hexes: list[int]

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        return (self.civ, -1, self.mode, 0, 0, list(self.hexes))


@dataclass(slots=True)
class DevelopmentKind(CivFrame):
    """TC-8.2 the first player chooses Factory or Barrack for the House on `house`."""

    house: int

    def details(self) -> tuple[int, int, int, int, int, list[int]]:
        return (self.civ, -1, self.house, 0, 0, [])


# ---- the state -------------------------------------------------------------------------------------

@dataclass(slots=True)
class TheocratiaState(FramedState):
    GAME_ID = "theocratia"

    stack: list[TheocratiaFrame]
    civs: list[Civ]
    seats: list[Player]
    colour_seat: list[int]         # player colour -> seat, -1 unchosen
    hex_colour: list[int]
    hex_civ: list[int]
    hex_kind: list[int]
    hex_crystal: list[int]
    reserve: list[int]
    bag: list[int]                 # dice colours in the bag
    table: list[int]               # dice on the Actions table
    round: int
    rounds: int
    turns: int                     # turns per player per round
    first: int                     # seat with the Current round First Player token
    next_first: int                # seat with the Next round token, -1 on the board
    erb_holder: int                # seat with the End Round Bonus card, -1 on the board
    erb_die: int                   # colour of the die on the card, -1 none
    round_bonus: list[int]
    deck: list[int]
    discard: list[int]
    tokens: list[int]              # available Pyramid token kinds
    civ_choice: list[int]          # Civ chosen by each seat in setup
    bot: str                       # solo automaton personality ("" = none), issue 5
    high: bool                     # automaton at high difficulty
    bot_seat: int                  # the automaton's seat (last), -1 none
    bot_deck: list[int]            # Bot card indices, hidden order
    bot_revealed: list[int]        # the two face-up Bot cards [left, right]
    grid: list[int]                # Pyramid token grid with the Bot: 4 rows (Civs) x 3, -1 empty

    @property
    def num_seats(self) -> int:
        return len(self.seats)

    @property
    def stage(self) -> int:
        """Where the round's flow stands (SETUP .. OVER), read from the frame at the bottom."""
        if not self.stack:
            return OVER
        flow = self.stack[0]
        if isinstance(flow, PlayerTurns):
            return TURNS
        if isinstance(flow, Developments):
            return DEVELOPMENT
        if isinstance(flow, EndOfRound):
            return END_OF_ROUND
        return SETUP

    @property
    def turn_index(self) -> int:
        """How many turns of the round have begun (all of them once the turns are over)."""
        flow = self.stack[0] if self.stack else None
        if isinstance(flow, PlayerTurns):
            return flow.turn_index
        if isinstance(flow, RoundSetup):
            return 0
        return self.turns * len(self.seats)

    def turn_seat(self) -> int:
        """The seat whose turn (TC-4) is in progress; -1 at setup and in the end-of-round steps."""
        flow = self.stack[0] if self.stack else None
        if not isinstance(flow, PlayerTurns):
            return -1
        return (self.first + flow.turn_index - 1) % len(self.seats)

    def outcome(self) -> Outcome:
        return Outcome.from_scores([final_score(self, s) for s in range(len(self.seats))])

    def _view(self, player: int | None) -> dict[str, Any]:
        return {
            "round": self.round, "rounds": self.rounds, "turn_index": self.turn_index,
            "turns": self.turns, "stage": self.stage,
            "first": self.first, "next_first": self.next_first, "erb_holder": self.erb_holder,
            "erb_die": self.erb_die,
            "round_bonus": [BONUS_IDS[b] for b in self.round_bonus],
            "table": sorted(self.table),
            "bag": sorted(self.bag),
            "hexes": [[self.hex_colour[h], self.hex_civ[h], self.hex_kind[h], self.hex_crystal[h]]
                      for h in range(N_HEX)],
            "reserve": list(self.reserve),
            "civs": [{"houses": c.houses, "factories": c.factories, "barracks": c.barracks,
                      "pyramids": c.pyramids, "warriors": c.warriors, "supply": c.supply,
                      "crystals": list(c.crystals), "page": c.page, "items": list(c.items),
                      "dev": DEV_EFFECTS[c.dev], "row": list(c.row)} for c in self.civs],
            "seats": [{"colour": PLAYER_COLOURS[p.colour], "cosmo": p.cosmo, "malus": p.malus,
                       "flipped": p.flipped, "priests": list(p.priests), "tiles": list(p.tiles),
                       "pyramids_built": p.pyramids_built, "tokens": list(p.tokens),
                       "end_token": p.end_token, "hand_size": len(p.hand),
                       **({"hand": sorted(p.hand)} if i == player else {}),
                       "score": final_score(self, i)} for i, p in enumerate(self.seats)],
            "deck_size": len(self.deck),
            "discard": list(self.discard),
            "tokens": list(self.tokens),
            "civ_choice": list(self.civ_choice),
            "bot": self.bot, "high": self.high, "bot_seat": self.bot_seat,
            "bot_deck_size": len(self.bot_deck), "bot_revealed": list(self.bot_revealed),
            "grid": list(self.grid),
            "pending": self._pending(),
        }

    def _pending(self) -> dict[str, Any] | None:
        if not self.stack:
            return None
        top = self.stack[-1]
        civ, die, a, b, flags, items = top.details()
        kind = self.RULES.rule(top).kind_of(self, top)
        return {"kind": kind, "civ": civ, "die": die, "a": a, "b": b, "flags": flags,
                "items": items}

    def _resample_hidden(self, player: int | None, rng: Rng) -> None:
        pool = list(self.deck)
        for i, p in enumerate(self.seats):
            if i != player:
                pool.extend(p.hand)
        pool.sort()
        rng.shuffle(pool)
        for i, p in enumerate(self.seats):
            if i != player:
                p.hand = [pool.pop() for _ in p.hand]
        self.deck = pool
        if self.bot_deck:  # the Bot deck's order is hidden from everybody
            bot = sorted(self.bot_deck)
            rng.shuffle(bot)
            self.bot_deck = bot

