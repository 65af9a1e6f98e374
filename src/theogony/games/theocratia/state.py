"""Theocratia state and rules. Rule ids (TC-x.y) refer to docs/rules/theocratia.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement
from typing import Any

from theogony.core import Action, Decision, Event, Outcome, Rng, State

from .content import (ACTION_NAMES, BARRACK, BLACK, BONUS_IDS, CIV_NAMES, CRYSTAL_NAMES,
                      DESERT, DEV_EFFECTS, DIST, EMPTY, FACTORY, FORTRESS, FORTRESS_OF, GREEN,
                      HEXES, HOLIDAY, HOME_HEX, HOUSE, KIND_NAMES, LAST_PAGE,
                      MONSTER_DESERT, MONSTER_PLAIN, N_HEX, NEIGHBOURS, PAGE_SPACES, PLAINS,
                      PLAYER_COLOURS, POWER_CARDS, POWER_DEFS, POWER_KIND, PYRAMID,
                      TOKEN_IDS, TOKENS, TRACK_END, UNLOCK_AT, VOLCANO, WARRIOR, multiplier)

# ---- action codes (fixed ranges) --------------------------------------------------------------
C_CIV = 0            # + civ
C_DRAFT = 4          # + colour*6 + value-1
C_CLAIM = 28         # + tile (1..3)
C_UP, C_DOWN = 32, 33
C_RECOLOUR = 34      # + card kind*4 + colour
C_IGNORE = 82        # + card kind
C_PLACE = 94         # + civ
C_HOLIDAY = 98       # + civ
C_DIVINE = 102       # + (n-1)*4 + civ
C_ASIDE = 122
C_ERB, C_DRAWCARD = 123, 124
C_HEX = 125          # + hex
C_CONVERT = 186      # + tile*61 + hex
C_CRYSTAL = 430      # + crystal colour
C_PLAY = 436         # + card kind
C_END = 448
C_TOKEN = 449        # + token kind
C_CIVPICK = 459      # + civ
C_KIND = 463         # + 0 factory / 1 barrack
C_PYR_SITE = 465     # + hex
C_PYR_GROUP = 526    # + b*61 + c
NUM_CODES = C_PYR_GROUP + N_HEX * N_HEX

SUPPLY_CAP = 5
ROW_BONUS = ((2, 0), (1, 1), (0, 1))  # (Cosmo, Worship) for row spaces left to right (TC-4.3)
BONUS_OF_KIND = {HOUSE: "expansion", FACTORY: "factory", BARRACK: "barrack", PYRAMID: "pyramid"}


def die_text(d: int) -> str:
    return f"{CIV_NAMES[d // 10]} {d % 10}"


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


@dataclass(slots=True)
class Frame:
    kind: str
    player: int
    civ: int = -1
    die: int = -1
    a: int = 0
    b: int = 0
    flags: int = 0
    items: list[int] = field(default_factory=list)


@dataclass(slots=True)
class TheocratiaState(State):
    GAME_ID = "theocratia"

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
    turn_index: int
    stage: int                     # 0 setup, 1 turns, 2 end-round bonus, 3 development, 4 over
    dev_civ: int
    first: int                     # seat with the Current round First Player token
    next_first: int                # seat with the Next round token, -1 on the board
    erb_holder: int                # seat with the End Round Bonus card, -1 on the board
    erb_die: int                   # colour of the die on the card, -1 none
    round_bonus: list[int]
    deck: list[int]
    discard: list[int]
    tokens: list[int]              # available Pyramid token kinds
    civ_choice: list[int]          # Civ chosen by each seat in setup
    stack: list[Frame]
    decisions: int
    log: list[str]
    bot: str                       # solo automaton personality ("" = none), issue 5
    high: bool                     # automaton at high difficulty
    bot_seat: int                  # the automaton's seat (last), -1 none
    bot_deck: list[int]            # Bot card indices, hidden order
    bot_revealed: list[int]        # the two face-up Bot cards [left, right]
    grid: list[int]                # Pyramid token grid with the Bot: 4 rows (Civs) x 3, -1 empty

    @property
    def num_seats(self) -> int:
        return len(self.seats)

    # ---- contract ------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.stack[-1].player if self.stack else None

    @property
    def decision(self) -> Decision | None:
        if not self.stack:
            return None
        f = self.stack[-1]
        return Decision(f.player, f.kind, PROMPTS.get(f.kind, f.kind))

    def is_terminal(self) -> bool:
        return not self.stack

    def outcome(self) -> Outcome:
        return Outcome.from_scores([self.final_score(s) for s in range(len(self.seats))])

    def legal_actions(self) -> list[Action]:
        if not self.stack:
            return []
        f = self.stack[-1]
        out = LEGAL[f.kind](self, f)
        if f.player == self.turn_seat():
            out = out + _claim_actions(self, f.player)  # TC-11.3, R15
        return out

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        f = self.stack[-1]
        if action.data[0] == "claim":  # the decision in progress stays pending (R15)
            _do_claim(self, f.player, action.data[1], events)
        else:
            APPLY[f.kind](self, f, action, events)
        self.decisions += 1
        self._advance(events)
        return events

    def turn_seat(self) -> int:
        """The seat whose turn (TC-4) is in progress; -1 at setup and in the end-of-round steps."""
        if self.stage != 1 or not self.stack:
            return -1
        return (self.first + self.turn_index - 1) % len(self.seats)

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
                       "score": self.final_score(i)} for i, p in enumerate(self.seats)],
            "deck_size": len(self.deck),
            "discard": list(self.discard),
            "tokens": list(self.tokens),
            "civ_choice": list(self.civ_choice),
            "bot": self.bot, "high": self.high, "bot_seat": self.bot_seat,
            "bot_deck_size": len(self.bot_deck), "bot_revealed": list(self.bot_revealed),
            "grid": list(self.grid),
            "pending": None if not self.stack else {
                "kind": self.stack[-1].kind, "civ": self.stack[-1].civ, "die": self.stack[-1].die,
                "a": self.stack[-1].a, "b": self.stack[-1].b, "flags": self.stack[-1].flags,
                "items": list(self.stack[-1].items)},
        }

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

    # ---- flow ----------------------------------------------------------------------------------

    def _advance(self, events: list[Event]) -> None:
        """Run automatic steps until a decision is pending or the game is over (TC-3)."""
        while not self.stack and self.stage != 4:
            if self.stage == 0:
                self._start_round(events)
            elif self.stage == 1:
                total = self.turns * len(self.seats)
                if self.turn_index < total:
                    seat = (self.first + self.turn_index) % len(self.seats)
                    self.turn_index += 1
                    if seat == self.bot_seat:
                        from .solo import bot_turn

                        bot_turn(self, events)
                    else:
                        self.stack.append(Frame("draft", seat))
                else:
                    self.stage = 2
            elif self.stage == 2:
                self._end_round_bonus(events)
                self.stage = 3
                self.dev_civ = 0
                if self.bot_seat >= 0:
                    from .solo import bot_development

                    bot_development(self, events)
            elif self.stage == 3:
                if self.dev_civ < 4:
                    v = self.dev_civ
                    self.dev_civ += 1
                    self._develop(v, events)
                else:
                    # TC-6.4 slide the Development cards right to left
                    devs = [c.dev for c in self.civs]
                    for v in range(4):
                        self.civs[v].dev = devs[(v + 1) % 4]
                    if self.round >= self.rounds:
                        self.stage = 4
                        events.append(Event("end", "the game ends; final scoring"))
                    else:
                        self.round += 1
                        self.stage = 0

    def _start_round(self, events: list[Event]) -> None:
        """TC-3.2 round setup."""
        r = self.round
        self.next_first = -1
        self.erb_holder = -1
        self.erb_die = -1
        # all dice return to the bag
        self.bag = [v for v in range(4) for _ in range(3)]
        self.table = []
        for c in self.civs:
            c.row = []
        if r > 1:
            for v, c in enumerate(self.civs):
                c.crystals[BLACK] += 1
                if c.supply < SUPPLY_CAP:
                    c.supply += 1
                else:
                    c.warriors += 1
        n = len(self.seats)
        n_roll = 9 if n >= 4 else 7
        rolled = [self._draw_die() * 10 + self.rng.randint(1, 6) for _ in range(n_roll)]
        self.table = overflow(rolled)
        events.append(Event("round", f"round {r} begins: {BONUS_IDS[self.round_bonus[r - 1]]} bonus"
                            f"; dice {', '.join(die_text(d) for d in sorted(self.table))}",
                            actor=Event.BY_GAME))
        if n < 4:
            # TC-3.3 extra dice on the Civ rows and automatic expansion
            d1 = self._draw_die()
            self.civs[d1].row.append(d1 * 10 + self.rng.randint(1, 6))
            unchosen = [c for c in range(4) if self.colour_seat[c] < 0]
            if n == 3 and r in (1, 3, 5):
                self._auto_expand(d1, unchosen[0], events)
            elif n == 2:
                self._auto_expand(d1, unchosen[(r - 1) % 2], events)
            while True:
                d2 = self._draw_die()
                if d2 != d1:
                    break
                self.bag.append(d2)
            self.civs[d2].row.append(d2 * 10 + self.rng.randint(1, 6))
        # TC-3.4 a die on the End Round Bonus card marks its Civ (every player count, ruling R5)
        self.erb_die = self._draw_die()
        if self.bot_seat >= 0:
            from .solo import bot_round_setup

            bot_round_setup(self)
        self.stage = 1
        self.turn_index = 0

    def _draw_die(self) -> int:
        return self.bag.pop(self.rng.below(len(self.bag)))

    def _auto_expand(self, v: int, colour: int, events: list[Event]) -> None:
        """TC-3.3: the Civ builds a House on the closest empty hex of an unchosen colour."""
        if self.civs[v].houses <= 0:
            return
        cands = [h for h in self._frontier(v) if self.hex_colour[h] == colour]
        if not cands:
            return
        fort = FORTRESS_OF[v]
        h = min(cands, key=lambda x: (DIST[fort][x], x))
        self._place(v, h, HOUSE, -1, events)
        events.append(Event("auto", f"{CIV_NAMES[v]} expands to {HEXES[h].id} "
                            f"({PLAYER_COLOURS[colour]}, unchosen)", actor=Event.BY_GAME))

    def _end_round_bonus(self, events: list[Event]) -> None:
        """TC-6.2 and TC-7.2: the End Round Bonus card's extra Expand, then the first player."""
        if self.next_first >= 0:
            self.first = self.next_first
        # (the frames pushed here are resolved before the Development cards)
        if self.erb_holder >= 0 and self.erb_holder == self.bot_seat:
            from .solo import bot_build

            if self.civs[self.erb_die].houses > 0:
                bot_build(self, self.erb_die, HOUSE, events)
        elif self.erb_holder >= 0 and self.erb_die >= 0:
            p = self.erb_holder
            v = self.erb_die
            f = Frame("expand", p, v, a=HOUSE, b=1)
            if self.civs[v].houses > 0 and _expand_actions(self, f):
                self.stack.append(f)
            else:
                events.append(Event("erb", f"{PLAYER_COLOURS[self.seats[p].colour]} cannot Expand "
                                    f"{CIV_NAMES[v]}: End Round Bonus skipped", actor=Event.BY_GAME))

    # ---- development cards (TC-8) -------------------------------------------------------------

    def _develop(self, v: int, events: list[Event]) -> None:
        eff = DEV_EFFECTS[self.civs[v].dev]
        if eff == "expansion":
            cands = self._dev_expand_targets(v)
            if cands:
                mode = 0 if self.hex_kind[cands[0]] == EMPTY else 1
                if len(cands) > 1 and self.first != self.bot_seat:
                    self.stack.append(Frame("dev_hex", self.first, v, a=mode, items=cands))
                else:
                    self._dev_expand_at(v, cands[0], events)
            else:
                events.append(Event("dev", f"{CIV_NAMES[v]} cannot develop (no target)",
                                    actor=Event.BY_GAME))
        elif eff == "holiday":
            c = self.civs[v]
            for h in range(N_HEX):
                if self.hex_civ[h] == v and self.hex_kind[h] == FACTORY:
                    self._produce(v, self._hex_crystal_colour(h))
            spent = []
            for seat, p in enumerate(self.seats):
                if c.crystals[p.colour] > 0:
                    c.crystals[p.colour] -= 1
                    spent.append(p.colour)
                    if seat != self.bot_seat:  # BOT-5.1
                        self._worship(seat, v, 1, events)
            self._chronicle(v, spent, events)
            events.append(Event("dev", f"{CIV_NAMES[v]} Holiday development: spends "
                                f"{', '.join(CRYSTAL_NAMES[x] for x in spent) or 'nothing'}",
                                actor=Event.BY_GAME))

    def _dev_expand_targets(self, v: int) -> list[int]:
        """TC-8.2 the hexes tied for the Expansion card (empty neutral hexes first, then Houses)."""
        fort = FORTRESS_OF[v]
        if self.civs[v].houses > 0:
            front = self._frontier(v)
            for terrain in (PLAINS, DESERT):
                cands = [h for h in front if self.hex_colour[h] == terrain]
                if cands:
                    best = min(DIST[fort][h] for h in cands)
                    return sorted(h for h in cands if DIST[fort][h] == best)
        c = self.civs[v]
        if c.factories <= 0 and c.barracks <= 0:
            return []
        for terrain in (PLAINS, DESERT):
            cands = [h for h in range(N_HEX) if self.hex_civ[h] == v and self.hex_kind[h] == HOUSE
                     and self.hex_colour[h] == terrain]
            if cands:
                best = min(DIST[fort][h] for h in cands)
                return sorted(h for h in cands if DIST[fort][h] == best)
        return []

    def _dev_expand_at(self, v: int, h: int, events: list[Event]) -> None:
        if self.hex_kind[h] == EMPTY:
            self._place(v, h, HOUSE, -1, events)
            events.append(Event("dev", f"{CIV_NAMES[v]} develops: House on {HEXES[h].id}",
                                actor=Event.BY_GAME))
            self._dev_worship(v, h, events)
            return
        c = self.civs[v]
        nf = sum(1 for x in range(N_HEX) if self.hex_civ[x] == v and self.hex_kind[x] == FACTORY)
        nb = sum(1 for x in range(N_HEX) if self.hex_civ[x] == v and self.hex_kind[x] == BARRACK)
        options = [k for k in (FACTORY, BARRACK) if (c.factories if k == FACTORY else c.barracks) > 0]
        if nf != nb:
            want = FACTORY if nf < nb else BARRACK
            if want in options:
                options = [want]
        if len(options) == 1 or self.first == self.bot_seat:  # the Bot takes the first (R-B4)
            self._dev_upgrade(v, h, options[0], events)
        else:
            self.stack.append(Frame("dev_kind", self.first, v, a=h))

    def _dev_upgrade(self, v: int, h: int, kind: int, events: list[Event]) -> None:
        self._remove(h)
        self._place(v, h, kind, -1, events)
        events.append(Event("dev", f"{CIV_NAMES[v]} develops: {KIND_NAMES[kind]} on {HEXES[h].id}",
                            actor=Event.BY_GAME))
        self._dev_worship(v, h, events)

    def _dev_worship(self, v: int, h: int, events: list[Event]) -> None:
        for seat, p in enumerate(self.seats):
            if seat == self.bot_seat:
                continue  # BOT-5.1 the Bot ignores Worship from Development cards
            if any(self.hex_colour[n] == p.colour and FORTRESS < self.hex_kind[n] <= PYRAMID
                   for n in NEIGHBOURS[h]):
                self._worship(seat, v, 1, events)

    # ---- board helpers -------------------------------------------------------------------------

    def _frontier(self, v: int) -> list[int]:
        """Empty hexes (no piece, not Volcano/Fortress) adjacent to a building of Civ v."""
        out = []
        seen = set()
        for h in range(N_HEX):
            if self.hex_civ[h] == v:
                for n in NEIGHBOURS[h]:
                    if n not in seen and self.hex_kind[n] == EMPTY and self.hex_colour[n] > VOLCANO:
                        seen.add(n)
                        out.append(n)
        out.sort()
        return out

    def _hex_crystal_colour(self, h: int) -> int:
        c = self.hex_colour[h]
        return c if c >= 0 else GREEN  # neutral hexes (plains, desert) give Green (ruling R7)

    def _produce(self, v: int, colour: int) -> None:
        if self.reserve[colour] > 0:
            self.reserve[colour] -= 1
            self.civs[v].crystals[colour] += 1

    def _place(self, v: int, h: int, kind: int, seat: int, events: list[Event]) -> None:
        """Put a piece of Civ v on hex h (taking it from the Civ area); a House/any building takes
        the hex's Crystal into the Civ area (TC-5.3). `seat` >= 0 builds it for the Round Bonus."""
        c = self.civs[v]
        if kind == HOUSE:
            c.houses -= 1
        elif kind == FACTORY:
            c.factories -= 1
        elif kind == BARRACK:
            c.barracks -= 1
        elif kind == PYRAMID:
            c.pyramids -= 1
        self.hex_civ[h] = v
        self.hex_kind[h] = kind
        if self.hex_crystal[h] >= 0:
            c.crystals[self.hex_crystal[h]] += 1
            self.hex_crystal[h] = -1
        if seat >= 0 and BONUS_IDS[self.round_bonus[self.round - 1]] == BONUS_OF_KIND.get(kind):
            self._worship(seat, v, 1, events)  # TC-7.1

    def _remove(self, h: int) -> None:
        v = self.hex_civ[h]
        kind = self.hex_kind[h]
        if v >= 0:
            c = self.civs[v]
            if kind == HOUSE:
                c.houses += 1
            elif kind == FACTORY:
                c.factories += 1
            elif kind == BARRACK:
                c.barracks += 1
        self.hex_civ[h] = -1
        self.hex_kind[h] = EMPTY

    def take_token(self, k: int) -> None:
        self.tokens.remove(k)
        if k in self.grid:
            self.grid[self.grid.index(k)] = -1

    def owner(self, h: int) -> int:
        c = self.hex_colour[h]
        return self.colour_seat[c] if c >= 0 else -1

    def civ_size(self, v: int) -> int:
        return sum(1 for h in range(N_HEX) if self.hex_civ[h] == v and self.hex_kind[h] != PYRAMID)

    def houses_on_board(self, v: int) -> int:
        return sum(1 for h in range(N_HEX) if self.hex_civ[h] == v and self.hex_kind[h] == HOUSE)

    # ---- tracks --------------------------------------------------------------------------------

    def _cosmo(self, seat: int, n: int) -> None:
        p = self.seats[seat]
        p.cosmo = max(0, min(10, p.cosmo + n))  # TC-9.1

    def _malus(self, seat: int, n: int) -> None:
        """TC-9.2 forward n steps; past 13 the tracker flips and restarts at 1."""
        p = self.seats[seat]
        for _ in range(n):
            if p.malus >= 13:
                if not p.flipped:
                    p.flipped = True
                    p.malus = 1
                # (a second trip past 13 stays at 13; ruling R10)
            else:
                p.malus += 1

    def _worship(self, seat: int, v: int, n: int, events: list[Event]) -> None:
        """TC-9.3 move Civ v's Priest n steps on `seat`'s Temple track."""
        p = self.seats[seat]
        before = p.priests[v]
        if seat == self.bot_seat and self.high and before >= TRACK_END and n > 0:
            # BOT-3.4 high difficulty: the lowest Priest moves 1 step instead
            v = min(range(4), key=lambda x: (p.priests[x], x))
            before = p.priests[v]
            n = 1
        after = min(TRACK_END, before + n)
        if after == before:
            return
        p.priests[v] = after
        for tile, pos in UNLOCK_AT.items():  # TC-11.2
            if p.tiles[tile] == 0 and after >= pos:
                p.tiles[tile] = 1
        if after >= TRACK_END and not p.end_token and self.tokens and seat != self.bot_seat:
            p.end_token = True  # TC-12.3
            self.stack.append(Frame("token", seat, v, flags=1))

    def _draw(self, seat: int, events: list[Event], civ: int = -1) -> None:
        """TC-10.2 draw a Power card (the discard pile is reshuffled when the deck is empty)."""
        if seat == self.bot_seat:  # BOT-2.5 the Bot discards what it would draw
            if not self.deck:
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
            if self.deck:
                self.discard.append(self.deck.pop())
            if self.high and civ >= 0:
                self._worship(seat, civ, 1, events)  # BOT-3.1
            return
        if not self.deck:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
        if not self.deck:
            return
        card = self.deck.pop()
        self.seats[seat].hand.append(card)
        name = PLAYER_COLOURS[self.seats[seat].colour]
        events.append(Event("draw", f"{name} draws {POWER_CARDS[card].name}", seat,
                            visible_to=(seat,), public_text=f"{name} draws a Power card"))

    def _discard_kind(self, seat: int, kind: int) -> None:
        hand = self.seats[seat].hand
        for i, card in enumerate(hand):
            if POWER_KIND[card] == kind:
                self.discard.append(hand.pop(i))
                return

    def _chronicle(self, v: int, items: list[int], events: list[Event]) -> None:
        """TC-13.2 write Warriors/Crystals on the visible page, turning full pages."""
        c = self.civs[v]
        for item in items:
            if PAGE_SPACES[c.page] == 0:  # the last page has no spaces: the item goes back
                self._return_item(v, item)
                continue
            c.items.append(item)
            if len(c.items) >= PAGE_SPACES[c.page]:
                self._turn_page(v, events)

    def _return_item(self, v: int, item: int) -> None:
        if item == WARRIOR:
            self.civs[v].warriors += 1
        else:
            self.reserve[item] += 1

    def _turn_page(self, v: int, events: list[Event]) -> None:
        c = self.civs[v]
        for item in c.items:
            self._return_item(v, item)
        c.items = []
        if c.page < LAST_PAGE:
            c.page += 1
            events.append(Event("chronicle", f"{CIV_NAMES[v]} Chronicles turn to page {c.page}",
                                actor=Event.BY_GAME))

    # ---- scoring (TC-14) ------------------------------------------------------------------------

    def pyramids_owned(self, seat: int) -> int:
        kinds = self.hex_kind
        if PYRAMID not in kinds:
            return 0
        col = self.seats[seat].colour
        return sum(1 for k, c in zip(kinds, self.hex_colour) if k == PYRAMID and c == col)

    def final_scores(self) -> list[int]:
        """final_score of every seat (one pass over the board for the Pyramids)."""
        owned = [0] * 4
        if PYRAMID in self.hex_kind:
            for k, c in zip(self.hex_kind, self.hex_colour):
                if k == PYRAMID and c >= 0:
                    owned[c] += 1
        return [self.final_score(i, owned[p.colour]) for i, p in enumerate(self.seats)]

    def final_score(self, seat: int, pyramids: int = -1) -> int:
        """TC-14 score of `seat` as the game stands (`pyramids`: its owned Pyramids, if known)."""
        p = self.seats[seat]
        pages = [c.page for c in self.civs]
        k = self.pyramids_owned(seat) if pyramids < 0 else pyramids
        if k == 0:
            best = score_priests(p.priests, pages)
        else:
            best = None
            for extra in combinations_with_replacement(range(4), k):
                pos = list(p.priests)
                for v in extra:
                    pos[v] = min(TRACK_END, pos[v] + 1)
                sc = score_priests(pos, pages)
                if best is None or sc > best:
                    best = sc
        return _MULT1[p.cosmo + 1] + best - p.malus - (13 if p.flipped else 0)


# multiplier(position) as a list indexed by position + 1 (the start space -1 counts x0)
_MULT1 = [multiplier(x) for x in range(-1, TRACK_END + 1)]


def score_priests(pos: list[int], pages: list[int]) -> int:
    """TC-14.3/14.4: ignore one farthest Priest (the cheapest of the tied ones), page x multiplier."""
    m = _MULT1
    a, b, c, d = pos
    va, vb, vc, vd = pages[0] * m[a + 1], pages[1] * m[b + 1], pages[2] * m[c + 1], pages[3] * m[d + 1]
    far = max(a, b, c, d)
    drop = va if a == far else vb if b == far else vc if c == far else vd
    if b == far and vb < drop:
        drop = vb
    if c == far and vc < drop:
        drop = vc
    if d == far and vd < drop:
        drop = vd
    return va + vb + vc + vd - drop


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
                counts = {}
                for d in same:
                    counts[d // 10] = counts.get(d // 10, 0) + 1
                mover = max(same, key=lambda d: (counts[d // 10], -(d // 10)))
                same.remove(mover)
                dice.remove(mover)
                dice.append((mover // 10) * 10 + (n % 6) + 1)
                changed = True
    return sorted(dice)


# ================================================================================================
# decisions: legal actions and their application, by frame kind
# ================================================================================================

PROMPTS = {
    "civ": "choose a Civ and build your first House next to its Fortress",
    "draft": "draft a die from the Actions table (or claim an unlocked Conversion tile)",
    "prepare": "adjust the die, then assign it to a Civ (action, Divination or Holiday)",
    "first": "First Player: take the End Round Bonus card or draw a Power card",
    "war": "War/Convert: choose a target",
    "expand": "Expand: choose the hex for the House",
    "build": "choose the House to upgrade (or the building to raise a Pyramid on)",
    "pyramid": "choose the two buildings removed with yours to build the Pyramid",
    "holiday": "Holiday: choose the next Crystal to spend",
    "endturn": "play Power cards, claim Conversion tiles, or end the turn",
    "token": "choose a Pyramid token",
    "tokenciv": "choose the Civ to gain 1 Worship from",
    "dev_hex": "Expansion Development: as first player, choose the hex",
    "dev_kind": "Expansion Development: as first player, choose Factory or Barrack",
}


def _claim_actions(s: TheocratiaState, seat: int) -> list[Action]:
    p = s.seats[seat]
    if p.cosmo < 2:
        return []
    return [Action(f"claim conversion tile {t}", C_CLAIM + t, ("claim", t))
            for t in (1, 2, 3) if p.tiles[t] == 1]


def _do_claim(s: TheocratiaState, seat: int, t: int, events: list[Event]) -> None:
    """TC-11.3 claim an unlocked tile for 2 Cosmo."""
    p = s.seats[seat]
    p.tiles[t] = 2
    s._cosmo(seat, -2)
    events.append(Event("claim", f"{PLAYER_COLOURS[p.colour]} claims Conversion tile {t}", seat))


# ---- setup: Civ choice (TC-2.5) -------------------------------------------------------------

def _civ_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    return [Action(f"choose {CIV_NAMES[v]}", C_CIV + v, (v,)) for v in range(4)
            if v not in s.civ_choice]


def _civ_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    v = a.data[0]
    seat = f.player
    s.stack.pop()
    s.civ_choice[seat] = v
    p = s.seats[seat]
    s._place(v, HOME_HEX[v][p.colour], HOUSE, -1, events)
    if s.variant.get("first_game"):
        p.priests[v] = 0  # TC-2.6
    events.append(Event("civ", f"{PLAYER_COLOURS[p.colour]} chooses {CIV_NAMES[v]}", seat))
    nxt = (seat - 1) % len(s.seats)
    if seat != s.first and nxt == s.bot_seat:
        from .solo import bot_choose_civ

        bot_choose_civ(s, events)
        seat = nxt
        nxt = (seat - 1) % len(s.seats)
    if seat != s.first:
        s.stack.append(Frame("civ", nxt))
    else:
        unchosen_civs = [x for x in range(4) if x not in s.civ_choice]
        unchosen_cols = [c for c in range(4) if s.colour_seat[c] < 0]
        for x, c in zip(unchosen_civs, unchosen_cols):
            s._place(x, HOME_HEX[x][c], HOUSE, -1, events)
            events.append(Event("civ", f"{CIV_NAMES[x]} (unchosen) builds on the "
                                f"{PLAYER_COLOURS[c]} hex"))


# ---- draft (TC-4.1) -------------------------------------------------------------------------

def _draft_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    return [Action(f"take {die_text(d)}", C_DRAFT + (d // 10) * 6 + d % 10 - 1, ("die", d))
            for d in sorted(set(s.table))]


def _draft_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    d = a.data[1]
    s.table.remove(d)
    s.stack.pop()
    events.append(Event("draft", f"{PLAYER_COLOURS[s.seats[f.player].colour]} takes "
                        f"{die_text(d)}", f.player))
    s.stack.append(Frame("prepare", f.player, die=d))


# ---- prepare: adjust and assign the die (TC-4.2 .. TC-4.6) ----------------------------------

def can_place(s: TheocratiaState, v: int, value: int, ignore: bool) -> bool:
    row = s.civs[v].row
    if len(row) >= 3:
        return False
    return ignore or not row or row[-1] % 10 != value


def row_bonus(s: TheocratiaState, v: int, colour: int) -> tuple[int, int]:
    if colour != v:
        return (0, 0)
    return ROW_BONUS[len(s.civs[v].row)]


def action_possible(s: TheocratiaState, seat: int, v: int, n: int) -> bool:
    c = s.civs[v]
    col = s.seats[seat].colour
    if n == 1:
        return True
    if n == 2:
        return war_possible(s, seat, v)
    if n == 3:
        return c.houses > 0 and expand_possible(s, seat, v)
    if n in (4, 5):
        if pyramid_sites(s, seat, v):
            return True
        avail = c.factories if n == 4 else c.barracks
        return avail > 0 and any(s.hex_civ[h] == v and s.hex_kind[h] == HOUSE
                                 and s.hex_colour[h] == col for h in range(N_HEX))
    return False


def holiday_possible(s: TheocratiaState, seat: int, v: int, bonus_cosmo: int) -> bool:
    size = s.civ_size(v)
    return (min(10, s.seats[seat].cosmo + bonus_cosmo) >= size
            and sum(s.civs[v].crystals) >= size)


def _prepare_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    seat = f.player
    p = s.seats[seat]
    d = f.die
    colour, value = d // 10, d % 10
    ignore = bool(f.flags & 1)
    out: list[Action] = []
    if value != 6 and p.cosmo >= 2:  # TC-4.5
        if value < 5:
            out.append(Action("die +1 (2 Cosmo)", C_UP, ("up",)))
        if value > 1:
            out.append(Action("die -1 (2 Cosmo)", C_DOWN, ("down",)))
    kinds = sorted({POWER_KIND[c] for c in p.hand})
    if not f.flags & 2:
        for k in kinds:
            for col in range(4):
                if col != colour:
                    out.append(Action(f"discard {POWER_DEFS[k].name} to recolour die to "
                                      f"{CIV_NAMES[col]}", C_RECOLOUR + k * 4 + col, ("recolour", k, col)))
    if not ignore:
        for k in kinds:
            out.append(Action(f"discard {POWER_DEFS[k].name} to ignore the same-number rule",
                              C_IGNORE + k, ("ignore", k)))
    placed = False
    for v in range(4):
        if value == 6:
            for n in range(1, 6):
                if can_place(s, v, n, ignore) and action_possible(s, seat, v, n):
                    out.append(Action(f"divine {n} with {CIV_NAMES[v]}", C_DIVINE + (n - 1) * 4 + v,
                                      ("divine", v, n)))
                    placed = True
        elif can_place(s, v, value, ignore) and action_possible(s, seat, v, value):
            out.append(Action(f"{ACTION_NAMES[value].lower()} with {CIV_NAMES[v]}", C_PLACE + v,
                              ("place", v)))
            placed = True
        if colour == v and can_place(s, v, value, ignore) and \
                holiday_possible(s, seat, v, row_bonus(s, v, colour)[0]):
            out.append(Action(f"holiday with {CIV_NAMES[v]}", C_HOLIDAY + v, ("holiday", v)))
            placed = True
    if not placed:
        out.append(Action("set the die aside (no legal use)", C_ASIDE, ("aside",)))  # ruling R3
    return out


def _prepare_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    seat = f.player
    p = s.seats[seat]
    kind = a.data[0]
    name = PLAYER_COLOURS[p.colour]
    if kind in ("up", "down"):
        s._cosmo(seat, -2)
        f.die += 1 if kind == "up" else -1
        events.append(Event("change", f"{name} turns the die to {die_text(f.die)}", seat))
        return
    if kind == "recolour":
        s._discard_kind(seat, a.data[1])
        f.die = a.data[2] * 10 + f.die % 10
        f.flags |= 2
        events.append(Event("recolour", f"{name} discards {POWER_DEFS[a.data[1]].name}: the die "
                            f"counts as {CIV_NAMES[a.data[2]]}", seat, reveals=True))
        return
    if kind == "ignore":
        s._discard_kind(seat, a.data[1])
        f.flags |= 1
        events.append(Event("ignore", f"{name} discards {POWER_DEFS[a.data[1]].name} to ignore the "
                            "same-number rule", seat, reveals=True))
        return
    s.stack.pop()
    if kind == "aside":
        events.append(Event("aside", f"{name} sets {die_text(f.die)} aside", seat))
        return
    v = a.data[1]
    colour = f.die // 10
    value = f.die % 10
    end = Frame("endturn", seat, v)
    s.stack.append(end)
    if kind == "divine":  # TC-5.7
        s._malus(seat, 1)
        end.flags |= 1 << 6
        value = a.data[2]
        events.append(Event("divine", f"{name} divines with {die_text(f.die)}: Malus +1, "
                            f"action {value}", seat))
    cosmo, worship = row_bonus(s, v, colour)
    s.civs[v].row.append(colour * 10 + value)
    events.append(Event("place", f"{name} places {CIV_NAMES[colour]} {value} on the {CIV_NAMES[v]} "
                        "row", seat))
    if cosmo:
        s._cosmo(seat, cosmo)
    if worship:
        s._worship(seat, v, worship, events)
    if kind == "holiday":
        end.flags |= 1 << HOLIDAY
        _start_holiday(s, seat, v, events)
        return
    end.flags |= 1 << value
    _start_action(s, seat, v, value, events)


def _start_action(s: TheocratiaState, seat: int, v: int, n: int, events: list[Event]) -> None:
    if n == 1:
        _first_player(s, seat, events)
    elif n == 2:
        s.stack.append(Frame("war", seat, v))
    elif n == 3:
        s.stack.append(Frame("expand", seat, v, a=HOUSE))
    elif n in (4, 5):
        s.stack.append(Frame("build", seat, v, a=FACTORY if n == 4 else BARRACK))


# ---- 1 First Player (TC-5.1) ------------------------------------------------------------------

def _first_player(s: TheocratiaState, seat: int, events: list[Event]) -> None:
    s.next_first = seat
    events.append(Event("first", f"{PLAYER_COLOURS[s.seats[seat].colour]} takes the Next round "
                        "First Player token", seat))
    if s.erb_holder < 0:
        s.stack.append(Frame("first", seat))
    else:
        s._draw(seat, events)
        s._cosmo(seat, 1)


def _first_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    return [Action("take the End Round Bonus card", C_ERB, ("erb",)),
            Action("draw a Power card", C_DRAWCARD, ("draw",))]


def _first_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    if a.data[0] == "erb":
        s.erb_holder = f.player
        events.append(Event("erb", f"{PLAYER_COLOURS[s.seats[f.player].colour]} takes the End "
                            f"Round Bonus card ({CIV_NAMES[s.erb_die]})", f.player))
    else:
        s._draw(f.player, events)
    s._cosmo(f.player, 1)


# ---- 2 War / Convert (TC-5.2) -----------------------------------------------------------------

WAR_COST = {MONSTER_PLAIN: 1, MONSTER_DESERT: 1, HOUSE: 2, FACTORY: 3, BARRACK: 3}


def war_possible(s: TheocratiaState, seat: int, v: int) -> bool:
    """Fast check that war_targets is not empty (hot path of the die assignment)."""
    supply = s.civs[v].supply
    if supply <= 0:
        return False
    col = s.seats[seat].colour
    kinds, civs, cols = s.hex_kind, s.hex_civ, s.hex_colour
    for h in range(N_HEX):
        cost = WAR_COST.get(kinds[h])
        if cost is not None and cost <= supply and (
                cost == 1 or (civs[h] != v and cols[h] != col)):
            return True
    return False


def expand_possible(s: TheocratiaState, seat: int, v: int) -> bool:
    p = s.seats[seat]
    held = [t for t in range(4) if p.tiles[t] == 2]
    for h in s._frontier(v):
        col = s.hex_colour[h]
        if col == p.colour or (held and (col < 0 or max(held) > 0)):
            return True
    return False


def war_targets(s: TheocratiaState, seat: int, v: int) -> list[Action]:
    supply = s.civs[v].supply
    if supply <= 0:
        return []
    p = s.seats[seat]
    out = []
    for h in range(N_HEX):
        kind = s.hex_kind[h]
        cost = WAR_COST.get(kind)
        if cost is None or cost > supply:
            continue
        if kind in (HOUSE, FACTORY, BARRACK):
            if s.hex_civ[h] == v or s.hex_colour[h] == p.colour:
                continue
        out.append(Action(f"attack {KIND_NAMES[kind]} on {HEXES[h].id}", C_HEX + h, ("attack", h)))
        if kind in (HOUSE, FACTORY, BARRACK):
            neutral = s.hex_colour[h] < 0
            for t in range(4):
                if p.tiles[t] == 2 and (t > 0 or neutral):
                    out.append(Action(f"convert {KIND_NAMES[kind]} on {HEXES[h].id} with tile {t}",
                                      C_CONVERT + t * N_HEX + h, ("convert", h, t)))
    return out


def _war_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    return war_targets(s, f.player, f.civ)


def _war_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    seat, v = f.player, f.civ
    h = a.data[1]
    kind = s.hex_kind[h]
    cost = WAR_COST[kind]
    target_civ = s.hex_civ[h]
    victim = s.owner(h)
    name = PLAYER_COLOURS[s.seats[seat].colour]
    s.civs[v].supply -= cost
    if a.data[0] == "convert":
        t = a.data[2]
        s.seats[seat].tiles[t] = 3
        s.hex_colour[h] = s.seats[seat].colour
        events.append(Event("convert", f"{name} converts the {CIV_NAMES[target_civ]} "
                            f"{KIND_NAMES[kind]} on {HEXES[h].id} with {CIV_NAMES[v]}", seat))
    else:
        s._remove(h)
        events.append(Event("war", f"{name} attacks the {KIND_NAMES[kind]} on {HEXES[h].id} with "
                            f"{CIV_NAMES[v]}", seat))
    s._chronicle(v, [WARRIOR] * cost, events)
    if kind in (MONSTER_PLAIN, MONSTER_DESERT):
        s._draw(seat, events, v)
    s._worship(seat, v, 1, events)
    barrack_colours = {c for cv, k, c in zip(s.hex_civ, s.hex_kind, s.hex_colour)
                       if cv == v and k == BARRACK}
    for other in range(len(s.seats)):  # Barrack owners of the Civ (the attacker included)
        if s.seats[other].colour in barrack_colours:
            s._worship(other, v, 1, events)
    if BONUS_IDS[s.round_bonus[s.round - 1]] == "holiday_war":
        s._worship(seat, v, 1, events)
    if victim >= 0 and victim != seat and target_civ >= 0:  # Compensation TC-5.2.6
        _compensate(s, victim, target_civ, kind, a.data[0] == "convert", events)


def _compensate(s: TheocratiaState, victim: int, civ: int, kind: int, converted: bool,
                events: list[Event]) -> None:
    s._worship(victim, civ, 1, events)
    if kind in (FACTORY, BARRACK):
        s._draw(victim, events, civ)
    if converted:
        tiles = s.seats[victim].tiles
        for t in (3, 2, 1):
            if tiles[t] in (0, 1):
                tiles[t] = 2
                break
    events.append(Event("compensation", f"{PLAYER_COLOURS[s.seats[victim].colour]} is compensated",
                        victim))


# ---- 3 Expand (TC-5.3) -- also used by tokens and the End Round Bonus card ---------------------

def _expand_actions(s: TheocratiaState, f: Frame) -> list[Action]:
    p = s.seats[f.player]
    out = []
    front = s._frontier(f.civ)
    held = [t for t in range(4) if p.tiles[t] == 2]
    piece = KIND_NAMES[f.a]
    for h in front:
        col = s.hex_colour[h]
        if col == p.colour:
            out.append(Action(f"{piece.lower()} on {HEXES[h].id}", C_HEX + h, ("build", h, -1)))
        else:
            for t in held:
                if t > 0 or col < 0:
                    out.append(Action(f"convert {HEXES[h].id} with tile {t} and build a "
                                      f"{piece.lower()}", C_CONVERT + t * N_HEX + h, ("build", h, t)))
    return out


def _expand_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    return _expand_actions(s, f)


def _expand_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    seat, v = f.player, f.civ
    _, h, t = a.data
    p = s.seats[seat]
    if t >= 0:
        p.tiles[t] = 3
        s.hex_colour[h] = p.colour
    s._place(v, h, f.a, seat, events)
    events.append(Event("build", f"{PLAYER_COLOURS[p.colour]} builds a {CIV_NAMES[v]} "
                        f"{KIND_NAMES[f.a]} on {HEXES[h].id}", seat))


# ---- 4 Factory / 5 Barrack / Pyramid (TC-5.4 .. TC-5.6) ---------------------------------------

def pyramid_sites(s: TheocratiaState, seat: int, v: int) -> list[int]:
    p = s.seats[seat]
    limit = 3 if len(s.seats) == 2 else 2
    if s.civs[v].pyramids <= 0 or p.pyramids_built >= limit:
        return []
    return [h for h in range(N_HEX) if s.hex_civ[h] == v and s.hex_kind[h] in (FACTORY, BARRACK)
            and s.hex_colour[h] == p.colour and pyramid_groups(s, h)]


def pyramid_groups(s: TheocratiaState, site: int) -> list[tuple[int, int]]:
    """Pairs of buildings forming with `site` a group of 3 mutually adjacent buildings (a triangle
    of hexes, R11) of the same Civ (no Fortress, no Pyramid)."""
    v = s.hex_civ[site]
    near = sorted(n for n in NEIGHBOURS[site]
                  if s.hex_civ[n] == v and HOUSE <= s.hex_kind[n] <= BARRACK)
    return [(b, c) for b, c in combinations(near, 2) if c in NEIGHBOURS[b]]


def _build_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    seat, v = f.player, f.civ
    p = s.seats[seat]
    c = s.civs[v]
    out = []
    avail = c.factories if f.a == FACTORY else c.barracks
    if avail > 0:
        for h in range(N_HEX):
            if s.hex_civ[h] == v and s.hex_kind[h] == HOUSE and s.hex_colour[h] == p.colour:
                out.append(Action(f"{KIND_NAMES[f.a].lower()} on {HEXES[h].id}", C_HEX + h,
                                  ("upgrade", h)))
    for h in pyramid_sites(s, seat, v):
        out.append(Action(f"pyramid on {HEXES[h].id}", C_PYR_SITE + h, ("pyramid", h)))
    return out


def _build_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    seat, v = f.player, f.civ
    h = a.data[1]
    if a.data[0] == "pyramid":
        s.stack.append(Frame("pyramid", seat, v, a=h))
        return
    upgrade(s, seat, v, h, f.a, f.b, events)


def upgrade(s: TheocratiaState, seat: int, v: int, h: int, kind: int, mode: int,
            events: list[Event]) -> None:
    """Replace the House on h with a Factory/Barrack. mode 0: the action (all produce / train);
    mode 1: a Pyramid token upgrade (only the new one produces / trains)."""
    p = s.seats[seat]
    s._remove(h)
    s._place(v, h, kind, seat, events)
    events.append(Event("build", f"{PLAYER_COLOURS[p.colour]} builds a {CIV_NAMES[v]} "
                        f"{KIND_NAMES[kind]} on {HEXES[h].id}", seat))
    if kind == FACTORY:
        s._produce(v, p.colour)
        if mode == 0:
            for x in range(N_HEX):
                if x != h and s.hex_kind[x] == FACTORY:
                    if s.hex_colour[x] == p.colour:
                        s._produce(s.hex_civ[x], p.colour)
                    elif s.hex_civ[x] == v:
                        s._produce(v, s._hex_crystal_colour(x))
    else:
        c = s.civs[v]
        n = 1 if mode == 1 else sum(1 for x in range(N_HEX) if s.hex_civ[x] == v
                                    and s.hex_kind[x] == BARRACK)
        for _ in range(n):
            if c.warriors > 0 and c.supply < SUPPLY_CAP:
                c.warriors -= 1
                c.supply += 1


def _pyramid_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    return [Action(f"remove {HEXES[b].id} and {HEXES[c].id}", C_PYR_GROUP + b * N_HEX + c,
                   ("group", b, c)) for b, c in pyramid_groups(s, f.a)]


def _pyramid_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    seat, v, site = f.player, f.civ, f.a
    p = s.seats[seat]
    victims = []
    for h in (a.data[1], a.data[2]):
        victims.append((s.owner(h), s.hex_kind[h]))
        s._remove(h)
    s._remove(site)
    s._place(v, site, PYRAMID, -1, events)
    p.pyramids_built += 1
    events.append(Event("pyramid", f"{PLAYER_COLOURS[p.colour]} builds a {CIV_NAMES[v]} Pyramid on "
                        f"{HEXES[site].id}", seat))
    s._worship(seat, v, 1, events)
    s._turn_page(v, events)
    if BONUS_IDS[s.round_bonus[s.round - 1]] == "pyramid":
        s._worship(seat, v, 1, events)
    for victim, kind in victims:
        if victim >= 0 and victim != seat:
            _compensate(s, victim, v, kind, False, events)
    if s.tokens:
        s.stack.append(Frame("token", seat, v))


# ---- Pyramid tokens (TC-12) --------------------------------------------------------------------

def token_usable(s: TheocratiaState, seat: int, v: int, k: int) -> bool:
    tid = TOKEN_IDS[k]
    c = s.civs[v]
    col = s.seats[seat].colour
    if tid in ("house", "factory_build", "barrack_build"):
        piece = {"house": c.houses, "factory_build": c.factories, "barrack_build": c.barracks}[tid]
        kind = {"house": HOUSE, "factory_build": FACTORY, "barrack_build": BARRACK}[tid]
        return piece > 0 and bool(_expand_actions(s, Frame("expand", seat, v, a=kind)))
    if tid in ("factory_upgrade", "barrack_upgrade"):
        piece = c.factories if tid == "factory_upgrade" else c.barracks
        return piece > 0 and any(s.hex_civ[h] == v and s.hex_kind[h] == HOUSE
                                 and s.hex_colour[h] == col for h in range(N_HEX))
    return True


def _token_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    # R17 every available token may be taken, also one whose effect cannot be carried out (it
    # then gives nothing: taking it denies it to the others)
    return [Action(f"token {TOKENS[k].name}", C_TOKEN + k, ("token", k))
            for k in sorted(set(s.tokens))]


def _token_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    seat, v = f.player, f.civ
    k = a.data[1]
    s.take_token(k)
    p = s.seats[seat]
    if not f.flags & 1:
        p.tokens.append(k)
    events.append(Event("token", f"{PLAYER_COLOURS[p.colour]} takes the token {TOKENS[k].name}",
                        seat))
    tid = TOKEN_IDS[k]
    if not token_usable(s, seat, v, k):
        return
    if tid == "cosmo5":
        s._cosmo(seat, 5)
    elif tid == "draw2":
        s._draw(seat, events)
        s._draw(seat, events)
    elif tid == "malus3":
        p.malus = max(0, p.malus - 3)
    elif tid == "worship1":
        s.stack.append(Frame("tokenciv", seat, v))
    elif tid in ("house", "factory_build", "barrack_build"):
        kind = {"house": HOUSE, "factory_build": FACTORY, "barrack_build": BARRACK}[tid]
        s.stack.append(Frame("expand", seat, v, a=kind, b=2))
    elif tid in ("factory_upgrade", "barrack_upgrade"):
        s.stack.append(Frame("build", seat, v, a=FACTORY if tid == "factory_upgrade" else BARRACK,
                             b=1, flags=1))
    elif tid == "crystal_each":
        for x in range(4):
            s._produce(x, p.colour)


def _tokenciv_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    return [Action(f"worship from {CIV_NAMES[v]}", C_CIVPICK + v, ("civ", v)) for v in range(4)]


def _tokenciv_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    s._worship(f.player, a.data[1], 1, events)


def _build_token_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    if f.flags & 1:  # token upgrade: Houses only, no Pyramid
        col = s.seats[f.player].colour
        return [Action(f"{KIND_NAMES[f.a].lower()} on {HEXES[h].id}", C_HEX + h, ("upgrade", h))
                for h in range(N_HEX) if s.hex_civ[h] == f.civ and s.hex_kind[h] == HOUSE
                and s.hex_colour[h] == col]
    return _build_legal(s, f)


# ---- Holiday (TC-5.8) --------------------------------------------------------------------------

def _start_holiday(s: TheocratiaState, seat: int, v: int, events: list[Event]) -> None:
    size = s.civ_size(v)
    s._cosmo(seat, -size)
    f = Frame("holiday", seat, v, a=size, items=[0] * 6)
    s.stack.append(f)
    _holiday_autofill(s, f, events)


def _holiday_autofill(s: TheocratiaState, f: Frame, events: list[Event]) -> None:
    c = s.civs[f.civ]
    while f.a > 0:
        left = [c.crystals[x] - f.items[x] for x in range(6)]
        kinds = [x for x in range(6) if left[x] > 0]
        if sum(left) == f.a:
            for x in kinds:
                f.items[x] += left[x]
            f.a = 0
        elif len(kinds) == 1:
            f.items[kinds[0]] += f.a
            f.a = 0
        else:
            return
    s.stack.pop()
    _finish_holiday(s, f.player, f.civ, f.items, events)


def _holiday_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    c = s.civs[f.civ]
    return [Action(f"spend {CRYSTAL_NAMES[x]} crystal", C_CRYSTAL + x, ("crystal", x))
            for x in range(6) if c.crystals[x] - f.items[x] > 0]


def _holiday_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    f.items[a.data[1]] += 1
    f.a -= 1
    _holiday_autofill(s, f, events)


def _finish_holiday(s: TheocratiaState, seat: int, v: int, spent: list[int],
                    events: list[Event]) -> None:
    c = s.civs[v]
    p = s.seats[seat]
    items = []
    for x in range(6):
        c.crystals[x] -= spent[x]
        items.extend([x] * spent[x])
        if x < 4 and x != p.colour and s.colour_seat[x] >= 0:
            s._worship(s.colour_seat[x], v, spent[x], events)
        elif x == BLACK:
            s._malus(seat, spent[x])
    s._chronicle(v, items, events)
    gain = s.houses_on_board(v) + 1
    s._worship(seat, v, gain, events)
    for other in range(len(s.seats)):  # Pyramid owners (the declarer included)
        col = s.seats[other].colour
        if any(s.hex_civ[h] == v and s.hex_kind[h] == PYRAMID and s.hex_colour[h] == col
               for h in range(N_HEX)):
            s._worship(other, v, 1, events)
    if BONUS_IDS[s.round_bonus[s.round - 1]] == "holiday_war":
        s._worship(seat, v, 1, events)
    events.append(Event("holiday", f"{PLAYER_COLOURS[p.colour]} declares Holiday with "
                        f"{CIV_NAMES[v]}: spends {sum(spent)} Cosmo and Crystals, gains {gain} "
                        "Worship", seat))


# ---- end of turn: Power cards and tiles (TC-10, TC-11) -------------------------------------------

def card_playable(s: TheocratiaState, f: Frame, k: int) -> bool:
    card = POWER_DEFS[k]
    if s.seats[f.player].cosmo < card.cost:
        return False
    if card.actions and not any(f.flags & (1 << n) for n in card.actions):
        return False
    return True


def _endturn_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    p = s.seats[f.player]
    out = [Action("end turn", C_END, ("end",))]
    for k in sorted({POWER_KIND[c] for c in p.hand}):
        if card_playable(s, f, k):
            out.append(Action(f"play {POWER_DEFS[k].name}", C_PLAY + k, ("play", k)))
    return out


def _endturn_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    seat, v = f.player, f.civ
    kind = a.data[0]
    if kind == "end":
        s.stack.pop()
        return
    k = a.data[1]
    card = POWER_DEFS[k]
    s._discard_kind(seat, k)
    s._cosmo(seat, -card.cost)
    p = s.seats[seat]
    events.append(Event("power", f"{PLAYER_COLOURS[p.colour]} plays {card.name}", seat,
                        reveals=True))
    c = s.civs[v]
    for _ in range(card.amount):
        if card.effect == "cosmo":
            s._cosmo(seat, 1)
        elif card.effect == "worship":
            s._worship(seat, v, 1, events)
        elif card.effect == "train":
            if c.warriors > 0 and c.supply < SUPPLY_CAP:
                c.warriors -= 1
                c.supply += 1
        elif card.effect == "crystal":
            s._produce(v, p.colour)
        elif card.effect == "malus_back":
            p.malus = max(0, p.malus - 1)
        elif card.effect == "chronicle":
            if s.reserve[GREEN] > 0:
                s.reserve[GREEN] -= 1
                s._chronicle(v, [GREEN], events)


# ---- development choices ----------------------------------------------------------------------

def _devhex_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    return [Action(f"develop {CIV_NAMES[f.civ]} at {HEXES[h].id}", C_HEX + h, ("hex", h))
            for h in f.items]


def _devhex_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    s._dev_expand_at(f.civ, a.data[1], events)


def _devkind_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    return [Action("upgrade to a Factory", C_KIND, ("kind", FACTORY)),
            Action("upgrade to a Barrack", C_KIND + 1, ("kind", BARRACK))]


def _devkind_apply(s: TheocratiaState, f: Frame, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    s._dev_upgrade(f.civ, f.a, a.data[1], events)


def _build_any_legal(s: TheocratiaState, f: Frame) -> list[Action]:
    return _build_token_legal(s, f)


LEGAL = {"civ": _civ_legal, "draft": _draft_legal, "prepare": _prepare_legal,
         "first": _first_legal, "war": _war_legal, "expand": _expand_legal,
         "build": _build_any_legal, "pyramid": _pyramid_legal, "holiday": _holiday_legal,
         "endturn": _endturn_legal, "token": _token_legal, "tokenciv": _tokenciv_legal,
         "dev_hex": _devhex_legal, "dev_kind": _devkind_legal}
APPLY = {"civ": _civ_apply, "draft": _draft_apply, "prepare": _prepare_apply,
         "first": _first_apply, "war": _war_apply, "expand": _expand_apply,
         "build": _build_apply, "pyramid": _pyramid_apply, "holiday": _holiday_apply,
         "endturn": _endturn_apply, "token": _token_apply, "tokenciv": _tokenciv_apply,
         "dev_hex": _devhex_apply, "dev_kind": _devkind_apply}
