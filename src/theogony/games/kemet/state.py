"""The Kemet state: plain data plus the rules (docs/rules/kemet.md, rule ids KM-x.y).

The turn is a small state machine: `step` names the pending decision and the contexts `mv`
(a Movement action), `bt` (a battle) and a few counters hold the rest. Everything is indices
into the static content of `content.py`."""

from __future__ import annotations

from collections import Counter
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from theogony.core import Action, Decision, Event, Outcome, Rng, State

from . import codes as C
from . import gods as G
from . import solo as S
from . import team as T
from .content import (AMBER, BATTLE_CARDS, CITIES, CITY_DESERT, CITY_QUARTERS, COLOURS, COMPANIONS,
                      DESERT_CITY, DI_CARDS, DI_MODS, DISTRACTION, GATHER, MOD, QUARTER_CITY,
                      SPACES, SPECIAL_BATTLE, TILE_COLOUR, TILE_MODS, TILES, ZONES, Board,
                      board_for)
from .solo import AMON, Solo
from .team import TeamData

# The night's automatic steps run deep inside call chains (end_turn -> start_night) that carry no
# event list, so _apply lends its list here while it runs (a ContextVar: safe across threads).
_NARRATION: ContextVar[list[Event] | None] = ContextVar("kemet_narration", default=None)


def narrate(kind: str, text: str, player: int | None = None) -> None:
    """An event of an automatic step, credited to the game itself (issue 18)."""
    sink = _NARRATION.get()
    if sink is not None:
        sink.append(Event(kind, text, player, actor=Event.BY_GAME))

BOARDS = {n: board_for(n) for n in range(2, 7)}
WIN_GLORY = 9          # KM-3.2
MAX_PP = 11            # KM-7.3
TROOP_LIMIT = 5        # KM-7.5
WARRIORS = 12          # KM-2.2
TELEPORT_COST = 2      # KM-3.4.5

ACTION_NAMES = ("movement", "recruitment", "construction", "prayer",
                "acquisition (slot 1)", "acquisition (slot 2)", "acquisition (slot 3)")
ACTION_OF = {"move": 0, "recruit": 1, "build": 2, "pray": 3}

M_STR = MOD["strength"]
M_SHIELD = MOD["shield"]
M_DMG = MOD["damage"]
M_UNB = MOD["unblockable"]
M_IMP = MOD["impenetrable"]
M_ATT_STR = MOD["attack_strength"]
M_ATT_DMG = MOD["attack_damage"]
M_DEF_STR = MOD["defense_strength"]
M_DEF_SHIELD = MOD["defense_shield"]
M_WIN_PP = MOD["win_pp"]
M_PUNISH = MOD["punish"]
M_BVET = MOD["battle_veteran"]
M_MOVES = MOD["moves"]
M_TELE = MOD["teleport_discount"]
M_WALLS = MOD["open_walls"]
M_PRAY = MOD["prayer_bonus"]
M_RFREE = MOD["recruit_free"]
M_BUILD = MOD["build_discount"]
M_ACQ = MOD["acquire_discount"]
M_LIMIT = MOD["troop_limit"]
M_NPP = MOD["night_pp"]
M_NDI = MOD["night_di"]
M_MERC = MOD["mercenaries"]

SUPPLY = -1      # companion on its tile, in its owner's supply
MOVING = -2      # companion with the moving / attacking troop
UNOWNED = -3     # companion whose tile is still in the market
PENDING = -10    # companion with a recruitment attack group in zone z: PENDING - z


@dataclass(slots=True)
class Player:
    city: int
    pp: int
    glory: int            # permanent Glory (divine + battle)
    veterans: int
    supply: int           # warriors in supply
    tokens: int           # colour Action tokens not yet placed this day
    spaces: list[int]     # per action space: 0 empty, 1 colour token, 2 silver token
    slots: list[int]      # colour index of the Acquisition token on each slot, -1 none
    tiles: list[int]
    mods: list[int]       # summed ongoing effects of owned non-companion tiles
    bought: list[int]     # colours acquired this round
    silver: int
    silver_used: bool
    gold_used: bool
    hand: list[int]       # battle cards in hand
    down: list[int]       # battle cards discarded face down
    up: list[int]         # battle cards discarded face up
    di: list[int]         # DI cards in hand
    mercs: int = 0        # Mercenary figures among this player's troops (KM-3.4.2.3)


@dataclass(slots=True)
class Move:
    player: int
    start: int
    at: int
    carried: int
    moves: int
    teleported: bool
    entered_enemy: bool
    walls: int
    tele_discount: int
    dropped: list[int]
    picked: list[int]
    took: bool          # the troop to move is chosen and its size fixed
    gold: bool
    steps: int = 0      # land moves and teleports made (KM-R28: at least one when possible)
    held: list[int] = field(default_factory=list)   # pyramid quarters controlled at the start


@dataclass(slots=True)
class Battle:
    zone: int
    att: int
    dfn: int
    att_count: int
    stage: str
    a_disc: int
    a_play: int
    d_disc: int
    d_play: int
    a_di: list[int]
    d_di: list[int]
    winner: int
    loser: int
    strengths: tuple[int, int]
    losses: tuple[int, int]


class EndCheck:
    """Whether a classic movement can still end with the troop, creature and servant limits kept
    in every zone (KM-3.4.5.6, KM-R8): a search over the remaining steps, where each zone passed
    may receive dropped warriors and companions and the last zone must take the rest. `fix`
    overrides one zone's own warriors and companion types (a tentative pick-up or drop)."""

    def __init__(self, st: KemetState, carried: int, kinds: Counter[str], picked: set[int],
                 fix: tuple[int, int, set[str]] | None) -> None:
        mv = st.mv
        assert mv is not None
        self.st = st
        self.p = mv.player
        self.lim = st.limit(self.p)
        self.carried = carried
        self.kinds = kinds
        self.picked = picked
        self.fix = fix

    def own(self, z: int) -> int:
        if self.fix is not None and z == self.fix[0]:
            return self.fix[1]
        return self.st.count[z] if self.st.owner[z] == self.p else 0

    def kinds_at(self, z: int) -> set[str]:
        if self.fix is not None and z == self.fix[0]:
            return self.fix[2]
        return self.st.kinds_at(self.p, z)

    def enemy_held(self, z: int) -> bool:
        o = self.st.owner[z]
        return o >= 0 and o != self.p and not (self.fix is not None and z == self.fix[0])

    def god_blocked(self, z: int) -> bool:
        """KM-G2.4: warriors never stop or stay where the player's own God stands."""
        return self.st.gods is not None and G.god_zone_of(self.st, z) >= 0

    def final_ok(self, f: int, passed: tuple[int, ...]) -> bool:
        """The group can end in f, having dropped what it must in the zones `passed`."""
        if self.enemy_held(f):  # the battle ends the movement: the attackers keep the limits
            cap, present = self.lim, set()
        elif self.god_blocked(f):
            return False
        else:
            cap, present = self.lim - self.own(f), self.kinds_at(f)
        if cap < 1:
            return False
        drops = {z for z in passed if z != f and z not in self.picked and not self.god_blocked(z)}
        room = sum(self.lim - self.own(z) for z in drops)
        empties = sum(1 for z in drops if self.own(z) == 0)
        need_empty = 0
        for kind, n in self.kinds.items():
            extra = n - (0 if kind in present else 1)
            if extra <= 0:
                continue
            slots = sum(1 for z in drops if self.own(z) > 0 and kind not in self.kinds_at(z))
            # a companion left in an empty zone needs a warrior left with it
            short = max(0, extra - slots)
            if short > empties:
                return False
            need_empty = max(need_empty, short)
        return max(self.carried - cap, need_empty) <= min(self.carried - 1, room)

    def step_ok(self, z: int, moves: int, teleported: bool, entered: bool) -> bool:
        """A step into z (already allowed by walls and ports) keeps a legal end."""
        if self.enemy_held(z):
            return self.final_ok(z, ())
        return self.search(z, moves, teleported, entered, ())

    def search(self, z: int, moves: int, teleported: bool, entered: bool,
               passed: tuple[int, ...]) -> bool:
        if self.final_ok(z, passed):
            return True
        st = self.st
        mv = st.mv
        assert mv is not None
        passed = passed + (z,)
        nexts: list[tuple[int, int, bool]] = []
        if moves > 0:
            for n in st.land_dests(z):
                if n == z or not self.wall_open(n, entered):
                    continue
                nexts.append((n, moves - 1, teleported))
        if not teleported and st.teleport_from_ok(z):
            nexts += [(n, moves, True) for n in st.board.obelisks if n != z]
        for n, m, tele in nexts:
            if self.enemy_held(n):
                if self.final_ok(n, passed):
                    return True
            elif self.search(n, m, tele, entered or st.enemy_quarter(self.p, n), passed):
                return True
        return False

    def wall_open(self, n: int, entered: bool) -> bool:
        """KM-3.4.5.5 with the enemy quarter already entered on this path."""
        st = self.st
        if not st.enemy_quarter(self.p, n):
            return True
        mv = st.mv
        assert mv is not None
        return not entered and (mv.walls > 0 or n in st.board.adj[mv.start])


@dataclass(slots=True)
class KemetState(State):
    GAME_ID = "kemet"

    ps: list[Player]
    colours: list[int]      # Mightiness tile colours in this game (KM-2.1.3)
    order: list[int]
    city_owner: list[int]
    owner: list[int]        # per zone: resident troop's player, -1 none
    count: list[int]        # per zone: warriors of the resident troop
    pyr_level: list[int]
    pyr_colour: list[int]
    comp_loc: list[int]     # per companion (content.COMPANIONS order)
    comp_owner: list[int]
    market: list[int]       # copies left per tile
    di_deck: list[int]
    di_discard: list[int]
    round: int
    phase: str
    kstep: str
    cur: int
    pos: int                # index into `order` of the active player (day) / chooser (setup, night)
    pending: list[int]      # actions this turn still to resolve
    acting: int             # the action being resolved, -1 none
    rec_add: list[int]      # per zone: warriors added by a recruitment into an enemy-held quarter
    rec_free: int           # free warriors left in this recruitment
    rec_touched: list[int]  # own quarters that received warriors in this recruitment
    battle_queue: list[int]
    build_discount: int     # from DI cards, for the rest of this turn
    rearranged: int         # companion rearrangements this turn
    acq_tile: int           # tile just acquired (companion placement), -1 none
    night_step: int
    destiny: list[int]      # seats still to choose a turn-order position (night 9)
    new_order: list[int]
    mv: Move | None
    bt: Battle | None
    winner: int
    over: bool
    decisions: int
    team: TeamData | None   # team mode (team.py), None in the classic game
    merc_bank: int = 0      # Mercenary figures in the bank (KM-1.12)
    solo: Solo | None = None   # solo mode against Amon (solo.py), None otherwise
    gods: G.GodData | None = None   # Gods of Egypt module (gods.py), None when off
    rec_placed: int = 0     # warriors, Mercenaries or God placed by this recruitment (KM-R28)

    def automaton(self, p: int) -> bool:
        """Amon, the engine-driven seat of the solo mode (KM-S.1), never decides."""
        return self.solo is not None and p == AMON

    @property
    def num_seats(self) -> int:
        return self.players + (1 if self.solo is not None else 0)

    # ------------------------------------------------------------------ basic queries

    @property
    def board(self) -> Board:
        return BOARDS[self.players] if self.players >= 2 else board_for(self.players)

    @property
    def current_player(self) -> int | None:
        return None if self.over else self.cur

    @property
    def decision(self) -> Decision | None:
        if self.over:
            return None
        if self.bt is not None and self.kstep == "battle":
            return Decision(self.cur, "battle", BATTLE_PROMPTS[self.bt.stage])
        return Decision(self.cur, self.kstep, PROMPTS.get(self.kstep, self.kstep))

    def is_terminal(self) -> bool:
        return self.over

    def limit(self, p: int) -> int:
        if self.automaton(p):
            return S.AMON_BOARD.troop_limit  # KM-S.5
        return TROOP_LIMIT + self.ps[p].mods[M_LIMIT]

    def ally(self, p: int, q: int) -> bool:
        """Same seat, or allies in team mode (KM-T1.1); -1 (nobody) is nobody's ally."""
        if p < 0 or q < 0:
            return False
        return p == q or (self.team is not None and self.team.team_of[p] == self.team.team_of[q])

    def sees(self, viewer: int | None, p: int) -> bool:
        """Whether `viewer` sees seat p's cards: its own, and its allies' in team mode (KM-T1.5)."""
        return viewer is not None and self.ally(viewer, p)

    def has_warriors(self, p: int, z: int) -> bool:
        """Seat p has warriors in zone z (in team mode, possibly inside a mixed troop), or its God
        (a God is a troop, KM-G2.2)."""
        if self.gods is not None and G.is_god_at(self, p, z):
            return True
        if self.team is not None:
            return T.has_warriors(self, p, z)
        return self.owner[z] == p

    def controls_quarter(self, p: int, q: int) -> bool:
        if self.team is not None:
            return T.controls_quarter(self, p, q)
        return self.quarter_controller(q) == p

    def add_warriors(self, z: int, p: int, n: int) -> None:
        """Seat p's n warriors join zone z's troop (a friendly or empty zone)."""
        if self.team is not None:
            T.add(self, z, p, n)
        else:
            self.owner[z] = p
            self.count[z] += n

    def temp_glory(self, p: int) -> int:
        """KM-3.1.3: temporary Glory is held while controlling temples and level-4 pyramids."""
        n = 0
        owner = self.owner
        for z in self.board.temples:
            if owner[z] == p:
                n += 1
        for c in self.board.cities:
            for q in CITY_QUARTERS[c]:
                if self.pyr_level[q] == 4 and self.quarter_controller(q) == p:
                    n += 1
        return n

    def glory(self, p: int) -> int:
        if self.team is not None:  # KM-T1.3: the team's Glory
            return T.team_glory(self, self.team.team_of[p])
        return self.ps[p].glory + self.temp_glory(p)

    def quarter_controller(self, q: int) -> int:
        """KM-7.4: a city's owner controls its quarter unless an opponent's troop is there."""
        o = self.owner[q]
        if o >= 0:
            return o
        return self.city_owner[QUARTER_CITY[q]]

    def controls_pyramid_of(self, p: int, colour: int, level: int) -> bool:
        for c in self.board.cities:
            for q in CITY_QUARTERS[c]:
                if (self.pyr_colour[q] == colour and self.pyr_level[q] >= level
                        and self.controls_quarter(p, q)):
                    return True
        return False

    def comp_mod(self, k: int, key: int) -> int:
        return TILE_MODS[COMPANIONS[k]][key]

    def comps_at(self, p: int, loc: int) -> list[int]:
        if self.team is not None and loc != SUPPLY:
            # KM-T2.3: on the board a troop's companions may belong to any ally
            return [k for k, l in enumerate(self.comp_loc) if l == loc
                    and self.ally(self.comp_owner[k], p)]
        return [k for k, l in enumerate(self.comp_loc) if l == loc and self.comp_owner[k] == p]

    def comp_kind(self, k: int) -> str:
        return TILES[COMPANIONS[k]].kind

    def kinds_at(self, p: int, loc: int) -> set[str]:
        return {TILES[COMPANIONS[k]].kind for k in self.comps_at(p, loc)}

    def to_supply(self, p: int, n: int) -> None:
        """n of p's figures leave the board: Mercenaries go back to the bank first, then warriors
        to p's supply (KM-3.4.2.3)."""
        m = min(n, self.ps[p].mercs)
        if m:
            self.ps[p].mercs -= m
            self.merc_bank += m
        self.ps[p].supply += n - m

    def gain_pp(self, p: int, n: int) -> None:
        self.ps[p].pp = max(0, min(MAX_PP, self.ps[p].pp + n))

    def quarters_of(self, p: int) -> tuple[int, int, int]:
        return CITY_QUARTERS[self.ps[p].city]

    def zname(self, z: int) -> str:
        return ZONES[z].id

    @staticmethod
    def colour_name(c: int) -> str:
        return COLOURS[c]

    @staticmethod
    def colour_of(t: int) -> int:
        return TILE_COLOUR[t]

    @staticmethod
    def tile_level(t: int) -> int:
        return TILES[t].level

    @staticmethod
    def tile_name(t: int) -> str:
        return TILES[t].name

    @staticmethod
    def tile_kind(t: int) -> str:
        return TILES[t].kind

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        return getattr(self, "_la_" + self.kstep)()

    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        self.decisions += 1
        token = _NARRATION.set(ev)
        try:
            getattr(self, "_do_" + self.kstep)(action, ev)
        finally:
            _NARRATION.reset(token)
        if self.solo is not None:
            S.check_wipeout(self, ev)
        if self.gods is not None:
            G.update_ascension(self)
        return ev

    # ---- setup (KM-2) ---------------------------------------------------------------

    def _la_city(self) -> list[Action]:
        return [Action(f"city {CITIES[c].id}", C.CITY + c, (c,)) for c in self.board.cities
                if self.city_owner[c] < 0]

    def _do_city(self, a: Action, ev: list[Event]) -> None:
        c = a.data[0]
        p = self.cur
        self.city_owner[c] = p
        self.ps[p].city = c
        ev.append(Event("setup", f"seat {p} takes the {CITIES[c].name}", p))
        if self.gods is not None:  # KM-G1.1: a God together with the city
            self.kstep = "god"
            return
        self._setup_next("city", "troops")

    def _la_god(self) -> list[Action]:
        return G.la_god(self)

    def _do_god(self, a: Action, ev: list[Event]) -> None:
        G.do_god(self, a, ev)
        self._setup_next("city", "troops")

    def _setup_next(self, this: str, nxt: str, reverse: bool = False) -> None:
        self.pos += 1
        if self.pos < self.players:
            self.kstep = this
            idx = self.players - 1 - self.pos if reverse else self.pos
            self.cur = self.order[idx]
            return
        self.pos = 0
        self.kstep = nxt
        if nxt == "tile1":
            self.cur = self.order[self.players - 1]
        elif nxt == "day":
            self.start_round()
        else:
            self.cur = self.order[0]

    def _la_troops(self) -> list[Action]:
        if self.team is not None:
            return T.la_troops(self)
        qs = self.quarters_of(self.cur)
        return [Action(f"leave {self.zname(q)} empty", C.ZONE + q, (q,)) for q in qs]

    def _do_troops(self, a: Action, ev: list[Event]) -> None:
        if self.team is not None:
            T.do_troops(self, a, ev)
            return
        p = self.cur
        for q in self.quarters_of(p):
            if q != a.data[0]:
                self.owner[q] = p
                self.count[q] = 5
        self.ps[p].supply = WARRIORS - 10
        ev.append(Event("setup", f"seat {p} places two troops of 5, leaving {self.zname(a.data[0])} empty", p))
        self._setup_next("troops", "pyramids")

    def layouts(self) -> list[tuple[int, int, int]]:
        """KM-2.3.3: three levels in all, at most two in one quarter (two pyramids with 2 players)."""
        if self.solo is not None:
            return list(S.LAYOUTS)
        out: list[tuple[int, int, int]] = []
        if self.players > 2:
            out.append((1, 1, 1))
        for two in range(3):
            for one in range(3):
                if one != two:
                    lv = [0, 0, 0]
                    lv[two] = 2
                    lv[one] = 1
                    out.append((lv[0], lv[1], lv[2]))
        return out

    def _la_pyramids(self) -> list[Action]:
        return [Action("pyramids " + "/".join(map(str, lv)), C.LAYOUT + i, lv)
                for i, lv in enumerate(self.layouts())]

    def _do_pyramids(self, a: Action, ev: list[Event]) -> None:
        qs = self.quarters_of(self.cur)
        for q, lv in zip(qs, a.data):
            self.pyr_level[q] = lv
        ev.append(Event("setup", f"seat {self.cur} lays out pyramid levels {a.text[9:]}", self.cur))
        self.kstep = "pcolour"

    def _la_pcolour(self) -> list[Action]:
        p = self.cur
        used = {self.pyr_colour[q] for q in self.quarters_of(p)}
        return [Action(f"colour {COLOURS[c]}", C.COLOUR + c, (c,)) for c in self.variant_colours()
                if c not in used]

    def variant_colours(self) -> list[int]:
        return self.colours

    def _do_pcolour(self, a: Action, ev: list[Event]) -> None:
        p = self.cur
        c = a.data[0]
        for q in self.quarters_of(p):
            if self.pyr_level[q] > 0 and self.pyr_colour[q] < 0:
                self.pyr_colour[q] = c
                self._place_acq_token(p, c)
                ev.append(Event("setup", f"seat {p} crowns the pyramid in {self.zname(q)} {COLOURS[c]}", p))
                break
        if any(self.pyr_level[q] > 0 and self.pyr_colour[q] < 0 for q in self.quarters_of(p)):
            return
        self._setup_next("pyramids", "tile1")

    def _place_acq_token(self, p: int, colour: int) -> None:
        slots = self.ps[p].slots
        if colour in slots:
            return
        for i, s in enumerate(slots):
            if s < 0:
                slots[i] = colour
                return

    def _la_tile1(self) -> list[Action]:
        p = self.cur
        cols = {self.pyr_colour[q] for q in self.quarters_of(p) if self.pyr_colour[q] >= 0}
        out = []
        for t, n in enumerate(self.market):
            tl = TILES[t]
            if n > 0 and tl.level == 1 and TILE_COLOUR[t] in cols:
                out.append(Action(f"take {tl.name} ({tl.colour})", C.TILE + t, (t,)))
        return out

    def _do_tile1(self, a: Action, ev: list[Event]) -> None:
        p = self.cur
        self._gain_tile(p, a.data[0], ev, setup=True)
        self._setup_next("tile1", "day", reverse=True)

    # ---- rounds and turns (KM-3.3) ----------------------------------------------------

    def start_round(self) -> None:
        self.round += 1
        self.phase = "day"
        narrate("round", f"round {self.round} begins; turn order "
                         + ", ".join(f"seat {p}" for p in self.order))
        for pl in self.ps:
            pl.tokens = 5
            pl.spaces = [0] * len(SPACES)
            pl.bought = []
            pl.silver_used = False
            pl.gold_used = False
        self.pos = 0
        if self.solo is not None:
            S.round_start(self)
        self.start_turn()

    def start_turn(self) -> None:
        """KM-3.3.1: the next player in turn order with action tokens checks victory, then acts."""
        n = self.players
        for i in range(n):
            idx = self.pos + i
            if idx >= n:
                break
            p = self.order[idx]
            if self.ps[p].tokens > 0:
                self.pos = idx
                self.cur = p
                if self.check_victory(p):
                    return
                self.kstep = "turn"
                self.pending = []
                self.acting = -1
                self.build_discount = 0
                self.rearranged = 0
                return
        # wrap around: everyone who still holds tokens plays again in turn order
        for idx in range(n):
            p = self.order[idx]
            if self.ps[p].tokens > 0:
                self.pos = idx
                self.start_turn()
                return
        self.start_night()

    def check_victory(self, p: int) -> bool:
        """KM-3.2: at least 9 Glory at the start of the turn and nobody above wins."""
        if self.team is not None:
            return T.check_victory(self, p)
        if self.solo is not None:
            return S.check_turn(self)  # KM-S.9 the objective replaces it
        g = self.glory(p)
        if g >= WIN_GLORY and all(self.glory(q) <= g for q in range(self.players)):
            self.over = True
            self.winner = p
            self.kstep = "over"
            return True
        return False

    def end_turn(self) -> None:
        self.pos += 1
        if self.pos >= self.players:
            self.pos = 0
        if self.solo is not None and S.interlude(self):
            return
        self.start_turn()

    def silver_spare(self, p: int) -> int:
        """1 while p holds a silver token not yet played today (KM-3.3.4)."""
        pl = self.ps[p]
        return 1 if pl.silver and not pl.silver_used else 0

    def floors_missing(self, p: int, space: int = -1) -> int:
        """Floors of p's board still without a token, after one more token on `space` if given."""
        covered = {SPACES[s].floor for s, v in enumerate(self.ps[p].spaces) if v}
        if space >= 0:
            covered.add(SPACES[space].floor)
        return 3 - len(covered)

    def floors_ok(self, p: int, space: int, covered: set[int] | None = None) -> bool:
        """KM-3.3.3 Equilibrium: after this colour token, the colour tokens left and the unplayed
        silver token (it may go with this token or a later one) can still cover every floor."""
        pl = self.ps[p]
        if covered is None:
            covered = {SPACES[s].floor for s, v in enumerate(pl.spaces) if v}
        floor = SPACES[space].floor
        return 3 - len(covered) - (floor not in covered) <= pl.tokens - 1 + self.silver_spare(p)

    def floors_reachable(self, p: int) -> bool:
        """KM-3.3.3: the empty floors can still be covered once this turn's extra tokens are set
        (the silver token can only come later with a colour token)."""
        tokens = self.ps[p].tokens
        return self.floors_missing(p) <= tokens + (self.silver_spare(p) if tokens else 0)

    def day_di(self, p: int) -> list[Action]:
        pl = self.ps[p]
        out = []
        for d in sorted(set(pl.di)):
            card = DI_CARDS[d]
            if card.timing == "day" and card.cost <= pl.pp and not card.personal:
                out.append(Action(f"play {card.name}", C.DI + d, (d,)))
            elif d == GATHER and self.team is not None and T.gather_targets(self, p):
                out.append(Action(f"play {card.name}", C.DI + d, (d,)))
        return out

    def _la_turn(self) -> list[Action]:
        p = self.cur
        pl = self.ps[p]
        covered = {SPACES[s].floor for s, v in enumerate(pl.spaces) if v}
        out = [Action(f"place token on {SPACES[s].name}", C.SPACE + s, (s,))
               for s in range(len(SPACES)) if pl.spaces[s] == 0 and self.floors_ok(p, s, covered)]
        out += self.day_di(p)
        if self.rearranged < self.rearrange_limit(p):
            out += self.rearrange_options(p)
        if self.team is not None:
            out += T.give_actions(self, p)
        return out

    def rearrange_limit(self, p: int) -> int:
        """KM-R15: as many rearrangements per turn as p owns companions, enough for any
        arrangement (each attach, swap or return settles one companion for good)."""
        return sum(1 for o in self.comp_owner if o == p)

    def swap_partner(self, p: int, k: int, q: int) -> int:
        """p's companion of k's type attached in quarter q, which k would replace; -1 if none."""
        kind = self.comp_kind(k)
        for other in self.comps_at(p, q):
            if self.comp_kind(other) == kind:
                return other if self.comp_owner[other] == p else -2
        return -1

    def rearrange_options(self, p: int) -> list[Action]:
        """KM-3.4.3.5: before an action token, companions may move between supply and troops in
        one's own quarters (one companion of each type per troop); one companion may take the
        place of another of its type, which goes where the first one was (a swap)."""
        out = []
        qs = self.quarters_of(p)
        for k, loc in enumerate(self.comp_loc):
            if self.comp_owner[k] != p or not (loc == SUPPLY or loc in qs):
                continue
            name = TILES[COMPANIONS[k]].name
            for i, q in enumerate(qs):
                if q == loc or not self.has_warriors(p, q) or G.blocked_for_warriors(self, p, q):
                    continue
                other = self.swap_partner(p, k, q)
                if other == -1:
                    out.append(Action(f"attach {name} to {self.zname(q)}", C.ATTACH + 4 * k + i,
                                      (k, q)))
                elif other >= 0:
                    out.append(Action(f"attach {name} to {self.zname(q)} in place of "
                                      f"{TILES[COMPANIONS[other]].name}", C.ATTACH + 4 * k + i,
                                      (k, q)))
            if loc != SUPPLY:
                out.append(Action(f"return {name} to supply", C.ATTACH + 4 * k + 3, (k, SUPPLY)))
        return out

    def _do_turn(self, a: Action, ev: list[Event]) -> None:
        p = self.cur
        code = a.code
        if C.SPACE <= code < C.SILVER:
            s = a.data[0]
            pl = self.ps[p]
            pl.spaces[s] = 1
            pl.tokens -= 1
            self.pending.append(self.space_action(s))
            ev.append(Event("token", f"seat {p} places an action token on {SPACES[s].name}", p))
            if self.extras_options(p):
                self.kstep = "extras"
            else:
                self.go_pick()
        elif C.DI <= code < C.BCARD:
            self.play_day_di(p, a.data[0], ev)
        elif T.is_give(code):
            T.do_give(self, a, ev)
        else:
            k, loc = a.data
            other = self.swap_partner(p, k, loc) if loc != SUPPLY else -1
            if other >= 0:
                self.comp_loc[other] = self.comp_loc[k]
            self.comp_loc[k] = loc
            self.rearranged += 1
            ev.append(Event("companion", f"seat {p}: {a.text}", p))

    @staticmethod
    def space_action(s: int) -> int:
        sp = SPACES[s]
        if sp.action == "acquire":
            return 4 + sp.slot
        return ACTION_OF[sp.action]

    def extras_options(self, p: int) -> list[Action]:
        pl = self.ps[p]
        out = []
        if pl.silver and not pl.silver_used:  # KM-3.3.3: it may have to cover a floor
            out += [Action(f"silver token on {SPACES[s].name}", C.SILVER + s, (s,))
                    for s in range(len(SPACES))
                    if pl.spaces[s] == 0 and self.floors_missing(p, s) <= pl.tokens]
        if not pl.gold_used:
            for t in pl.tiles:
                if TILES[t].gold:
                    out.append(Action(f"gold token: {TILES[t].name} ({TILES[t].gold})", C.GOLD + t, (t,)))
        return out

    def _la_extras(self) -> list[Action]:
        begin = [Action("begin actions", C.DONE)] if self.floors_reachable(self.cur) else []
        return begin + self.extras_options(self.cur)

    def _do_extras(self, a: Action, ev: list[Event]) -> None:
        p = self.cur
        pl = self.ps[p]
        if a.code == C.DONE:
            self.go_pick()
            return
        if a.code < C.GOLD:
            s = a.data[0]
            pl.spaces[s] = 2
            pl.silver_used = True
            self.pending.append(self.space_action(s))
            ev.append(Event("token", f"seat {p} places the silver token on {SPACES[s].name}", p))
        else:
            pl.gold_used = True
            kind = TILES[a.data[0]].gold
            self.pending.append(10 + ACTION_OF[kind])
            ev.append(Event("token", f"seat {p} plays the gold token: {TILES[a.data[0]].name}", p))
        if not self.extras_options(p):
            self.go_pick()

    def go_pick(self) -> None:
        self.kstep = "pick"
        self.acting = -1
        if not self.pending:
            self.kstep = "post"
            if not self.day_di(self.cur):
                self.end_turn()
            return
        if len(self.pending) == 1 and not self.day_di(self.cur):
            self.begin_action(self.pending.pop(0), [])

    @staticmethod
    def action_name(kind: int) -> str:
        if kind >= 10:
            return "gold " + ACTION_NAMES[kind - 10]
        return ACTION_NAMES[kind]

    def _la_pick(self) -> list[Action]:
        out = []
        seen = set()
        for kind in self.pending:
            if kind not in seen:
                seen.add(kind)
                out.append(Action(f"resolve {self.action_name(kind)}", C.ACTION + (kind if kind < 10 else kind - 3), (kind,)))
        return out + self.day_di(self.cur)

    def _do_pick(self, a: Action, ev: list[Event]) -> None:
        if a.code >= C.ACTION:
            self.pending.remove(a.data[0])
            self.begin_action(a.data[0], ev)
        else:
            self.play_day_di(self.cur, a.data[0], ev)

    def _la_post(self) -> list[Action]:
        out = [Action("end turn", C.DONE)] + self.day_di(self.cur)
        if self.team is not None:
            out += T.give_actions(self, self.cur)
        return out

    def _do_post(self, a: Action, ev: list[Event]) -> None:
        if a.code == C.DONE:
            self.end_turn()
        elif T.is_give(a.code):
            T.do_give(self, a, ev)
        else:
            self.play_day_di(self.cur, a.data[0], ev)

    def play_day_di(self, p: int, d: int, ev: list[Event]) -> None:
        """KM-3.3.2: a DAY card is played before or after an action, resolved and discarded."""
        card = DI_CARDS[d]
        pl = self.ps[p]
        pl.di.remove(d)
        if d == GATHER:  # KM-T4: a personal card, out of the game once played
            T.start_gather(self, p, ev)
            return
        pl.pp -= card.cost
        self.di_discard.append(d)
        eff = card.effect
        if "pp" in eff:
            self.gain_pp(p, eff["pp"])
        if "veterans" in eff:
            pl.veterans += eff["veterans"]
        if "draw" in eff:
            self.draw_di(p, eff["draw"])
        if "build_discount" in eff:
            self.build_discount += eff["build_discount"]
        ev.append(Event("di", f"seat {p} plays {card.name}", p, reveals=True))

    def draw_di(self, p: int, n: int) -> None:
        """KM-7.6: an empty DI deck is rebuilt from the shuffled discard pile."""
        for _ in range(n):
            if not self.di_deck:
                if not self.di_discard:
                    return
                self.di_deck = self.di_discard
                self.di_discard = []
                self.rng.shuffle(self.di_deck)
            self.ps[p].di.append(self.di_deck.pop())

    def begin_action(self, kind: int, ev: list[Event]) -> None:
        p = self.cur
        self.acting = kind
        base = kind % 10 if kind >= 10 else kind
        if base == 3:  # KM-3.4.4 Prayer
            gain = 2 + self.ps[p].mods[M_PRAY]
            self.gain_pp(p, gain)
            ev.append(Event("pray", f"seat {p} prays for {gain} PP", p))
            self.go_pick()
        elif base == 2:
            self.kstep = "build"
            if not self.build_options():
                ev.append(Event("lost", f"seat {p} cannot build: the action is lost", p))
                self.go_pick()
        elif base == 1:
            self.kstep = "recruit"
            self.rec_free = self.ps[p].mods[M_RFREE]
            self.rec_touched = []
            self.rec_placed = 0
            self.rec_add = [0] * len(ZONES)
        elif base == 0:
            self.mv = Move(p, -1, -1, 0, 0, False, False, 0, 0, [], [], False, kind >= 10,
                           held=self.pyramid_quarters_held(p))
            self.kstep = "move_troop"
        else:
            self.kstep = "acquire"
            if not self.acquire_options():
                ev.append(Event("lost", f"seat {p} cannot acquire a tile: the action is lost", p))
                self.go_pick()

    # ---- Construction (KM-3.4.1) ----------------------------------------------------------

    def build_cost(self, p: int, frm: int, to: int) -> int:
        """Each added level costs its own number; several levels are one single effect."""
        cost = sum(range(frm + 1, to + 1))
        return max(0, cost - self.ps[p].mods[M_BUILD] - self.build_discount)

    def max_pyramids(self) -> int:
        return 2 if self.players <= 2 else 3

    def _la_build(self) -> list[Action]:
        """KM-R28: building is mandatory when something can be built; otherwise it is lost."""
        return self.build_options() or [Action("skip construction", C.DONE)]

    def build_options(self) -> list[Action]:
        p = self.cur
        pp = self.ps[p].pp
        qs = self.quarters_of(p)
        out = []
        built = [q for q in qs if self.pyr_level[q] > 0]
        own_cols = {self.pyr_colour[q] for q in built}
        for i, q in enumerate(qs):
            lv = self.pyr_level[q]
            if lv > 0:
                for to in range(lv + 1, 5):
                    cost = self.build_cost(p, lv, to)
                    if cost <= pp:
                        out.append(Action(f"raise {self.zname(q)} pyramid {lv} -> {to} for {cost} PP",
                                          C.BUILD + 4 * i + to - 1, (q, -1, to, cost)))
            elif len(built) < self.max_pyramids():
                for c in self.variant_colours():
                    if c in own_cols:
                        continue
                    for to in range(1, 5):
                        cost = self.build_cost(p, 0, to)
                        if cost <= pp:
                            out.append(Action(
                                f"new {COLOURS[c]} pyramid in {self.zname(q)} 0 -> {to} for {cost} PP",
                                C.BUILD_NEW + (i * 5 + c) * 4 + to - 1, (q, c, to, cost)))
        return out

    def _do_build(self, a: Action, ev: list[Event]) -> None:
        p = self.cur
        if a.code != C.DONE:
            q, c, to, cost = a.data
            self.ps[p].pp -= cost
            if c >= 0:
                self.pyr_colour[q] = c
                self._place_acq_token(p, c)
            self.pyr_level[q] = to
            ev.append(Event("build", f"seat {p} builds: {a.text}", p))
        self.go_pick()

    # ---- Recruitment (KM-3.4.2) -----------------------------------------------------------

    def _la_recruit(self) -> list[Action]:
        """KM-R28: a Recruitment places at least one warrior (or the God) when it can."""
        out = self.recruit_options()
        if self.rec_placed or not any(a.code != C.DONE and not C.ATTACH <= a.code < C.COMPMOVE
                                      for a in out):
            out.insert(0, Action("done recruiting", C.DONE))
        return out

    def recruit_options(self) -> list[Action]:
        p = self.cur
        pl = self.ps[p]
        out = []
        cost = 0 if self.rec_free > 0 else 1
        lim = self.limit(p)
        qs = self.quarters_of(p)
        hire = pl.mods[M_MERC] > 0 and self.merc_bank > 0
        if (pl.supply > 0 or hire) and pl.pp >= cost:
            for i, q in enumerate(qs):
                if G.blocked_for_warriors(self, p, q):
                    continue  # KM-G2.4: no warriors with a God
                o = self.owner[q]
                have = self.count[q] if self.ally(o, p) else (self.rec_add[q] if o >= 0 else 0)
                if self.team is not None and o >= 0 and self.ally(o, p):
                    trial = T.comp(self, q)
                    trial[p] += 1
                    lim = T.group_limit(self, trial)
                elif self.team is not None:
                    lim = self.limit(p)
                if have < lim:
                    if pl.supply > 0:
                        out.append(Action(f"recruit in {self.zname(q)}", C.ZONE + q, (q,)))
                    if hire:  # KM-3.4.2.3: a Mercenary from the bank instead of a warrior
                        out.append(Action(f"hire a mercenary in {self.zname(q)}", C.MERC + i, (q,)))
        for k, loc in enumerate(self.comp_loc):
            if loc != SUPPLY or self.comp_owner[k] != p:
                continue
            kind = self.comp_kind(k)
            for i, q in enumerate(qs):
                if q not in self.rec_touched:
                    continue
                where = q if self.ally(self.owner[q], p) else PENDING - q
                if kind not in self.kinds_at(p, where):
                    out.append(Action(f"attach {TILES[COMPANIONS[k]].name} to {self.zname(q)}",
                                      C.ATTACH + 4 * k + i, (k, where)))
        if self.gods is not None:
            out += G.la_deploy(self, p)  # KM-G3.1
        return out

    def _do_recruit(self, a: Action, ev: list[Event]) -> None:
        p = self.cur
        pl = self.ps[p]
        if a.code == C.DONE:
            self.battle_queue = [q for q in self.quarters_of(p) if self.rec_add[q] > 0]
            self.next_recruit_battle(ev)
            return
        if C.GOD_DEPLOY <= a.code < C.GOD_DEPLOY + 3:
            G.do_deploy(self, a, ev)
            self.rec_placed += 1
            return
        if C.ZONE <= a.code < C.TELE or C.MERC <= a.code < C.MERC + 3:
            q = a.data[0]
            self.rec_placed += 1
            if self.rec_free > 0:
                self.rec_free -= 1
            else:
                pl.pp -= 1
            if a.code >= C.MERC:
                self.merc_bank -= 1
                pl.mercs += 1
            else:
                pl.supply -= 1
            if q not in self.rec_touched:
                self.rec_touched.append(q)
            o = self.owner[q]
            if o >= 0 and not self.ally(o, p):
                self.rec_add[q] += 1
            else:
                self.add_warriors(q, p, 1)
            what = "hires a mercenary" if a.code >= C.MERC else "recruits a warrior"
            ev.append(Event("recruit", f"seat {p} {what} in {self.zname(q)}", p))
        else:
            k, where = a.data
            self.comp_loc[k] = where
            ev.append(Event("companion", f"seat {p}: {a.text}", p))

    def next_recruit_battle(self, ev: list[Event]) -> None:
        if not self.battle_queue:
            self.go_pick()
            return
        if len(self.battle_queue) == 1:
            self.start_recruit_battle(self.battle_queue.pop(), ev)
        else:
            self.kstep = "battle_order"

    def _la_battle_order(self) -> list[Action]:
        return [Action(f"battle in {self.zname(q)}", C.ZONE + q, (q,)) for q in self.battle_queue]

    def _do_battle_order(self, a: Action, ev: list[Event]) -> None:
        self.battle_queue.remove(a.data[0])
        self.start_recruit_battle(a.data[0], ev)

    def start_recruit_battle(self, q: int, ev: list[Event]) -> None:
        p = self.cur
        n = self.rec_add[q]
        self.rec_add[q] = 0
        for k, loc in enumerate(self.comp_loc):
            if loc == PENDING - q:
                self.comp_loc[k] = MOVING
        if self.team is not None:
            T.carry_single(self, p, n)
        if self.gods is not None:
            G.recruit_battle_starts(self, p, q)
        self.start_battle(q, p, n, ev)

    # ---- Acquisition (KM-3.4.3) -----------------------------------------------------------

    def tile_cost(self, p: int, t: int) -> int:
        return max(0, TILES[t].level - self.ps[p].mods[M_ACQ])

    def acquirable(self, p: int, slot: int) -> list[int]:
        """KM-3.4.3: the tiles p may buy through Acquisition slot `slot` now."""
        pl = self.ps[p]
        names = {TILES[t].name for t in pl.tiles}
        slot_colour = pl.slots[slot]
        # the highest level of each colour that p controls (any city) / holds in an enemy city
        ctrl = [0] * len(COLOURS)
        enemy = [0] * len(COLOURS)
        mine = pl.city
        for c in self.board.cities:
            for q in CITY_QUARTERS[c]:
                lv = self.pyr_level[q]
                col = self.pyr_colour[q]
                if lv <= 0 or col < 0:
                    continue
                if lv > ctrl[col] and self.controls_quarter(p, q):
                    ctrl[col] = lv
                if c != mine and lv > enemy[col] and self.has_warriors(p, q):
                    enemy[col] = lv
        discount = pl.mods[M_ACQ]
        out = []
        for t, n in enumerate(self.market):
            if n <= 0:
                continue
            tl = TILES[t]
            if max(0, tl.level - discount) > pl.pp or tl.name in names:
                continue
            if t in AMBER:
                out.append(t)  # KM-1.12: no pyramid is amber; any Acquisition slot will do
                continue
            c = TILE_COLOUR[t]
            if c < 0 or c in pl.bought:
                continue
            if c == slot_colour:
                if ctrl[c] >= tl.level:
                    out.append(t)
            elif c not in pl.slots and enemy[c] >= tl.level:
                # KM-3.4.3.2: a controlled enemy pyramid of a colour one has no token of
                out.append(t)
        return out

    def controls_enemy_pyramid_of(self, p: int, colour: int, level: int) -> bool:
        mine = self.ps[p].city
        for c in self.board.cities:
            if c == mine:
                continue
            for q in CITY_QUARTERS[c]:
                if (self.pyr_colour[q] == colour and self.pyr_level[q] >= level
                        and self.has_warriors(p, q)):
                    return True
        return False

    def _la_acquire(self) -> list[Action]:
        """KM-R28: acquiring is mandatory when a tile (or the God tile) can be acquired."""
        return self.acquire_options() or [Action("skip acquisition", C.DONE)]

    def acquire_options(self) -> list[Action]:
        p = self.cur
        slot = self.acting % 10 - 4
        out = []
        for t in self.acquirable(p, slot):
            tl = TILES[t]
            out.append(Action(f"acquire {tl.name} ({tl.colour} {tl.level}) for {self.tile_cost(p, t)} PP",
                              C.TILE + t, (t,)))
        if self.gods is not None:
            out += G.la_acquire(self, p, slot)  # KM-G4
        return out

    def _do_acquire(self, a: Action, ev: list[Event]) -> None:
        p = self.cur
        if a.code == C.DONE:
            self.go_pick()
            return
        if a.code == C.GOD_TILE:
            if G.do_acquire(self, ev):
                self.kstep = "god_place"
            else:
                self.go_pick()
            return
        t = a.data[0]
        self.ps[p].pp -= self.tile_cost(p, t)
        if TILE_COLOUR[t] >= 0:
            self.ps[p].bought.append(TILE_COLOUR[t])
        self._gain_tile(p, t, ev)
        if TILES[t].companion and self._la_acq_comp_targets(p):
            self.acq_tile = t
            self.kstep = "acq_comp"
        else:
            self.go_pick()

    def _gain_tile(self, p: int, t: int, ev: list[Event], setup: bool = False) -> None:
        pl = self.ps[p]
        tl = TILES[t]
        self.market[t] -= 1
        pl.tiles.append(t)
        if tl.companion:
            k = COMPANIONS.index(t)
            self.comp_owner[k] = p
            self.comp_loc[k] = SUPPLY
        else:
            m = TILE_MODS[t]
            pl.mods = [x + y for x, y in zip(pl.mods, m)]
        eff = tl.effect
        pl.glory += eff.get("glory", 0)
        if eff.get("silver"):
            pl.silver = 1
        if eff.get("special_card"):
            pl.hand.append(SPECIAL_BATTLE[eff["special_card"]])
        if eff.get("pp"):
            self.gain_pp(p, eff["pp"])
        if eff.get("di"):
            self.draw_di(p, eff["di"])
        ev.append(Event("tile", f"seat {p} acquires {tl.name} ({tl.colour} level {tl.level})", p))

    def _la_god_place(self) -> list[Action]:
        return G.la_place(self)

    def _do_god_place(self, a: Action, ev: list[Event]) -> None:
        G.do_place(self, a, ev)

    def _la_acq_comp_targets(self, p: int) -> list[int]:
        return [q for q in self.quarters_of(p) if self.has_warriors(p, q)
                and not G.blocked_for_warriors(self, p, q)]

    def _la_acq_comp(self) -> list[Action]:
        p = self.cur
        k = COMPANIONS.index(self.acq_tile)
        kind = self.comp_kind(k)
        name = TILES[self.acq_tile].name
        out = [Action(f"keep {name} in supply", C.DONE)]
        for i, q in enumerate(self.quarters_of(p)):
            if (self.has_warriors(p, q) and kind not in self.kinds_at(p, q)
                    and not G.blocked_for_warriors(self, p, q)):
                out.append(Action(f"attach {name} to {self.zname(q)}", C.ATTACH + 4 * k + i, (k, q)))
        return out

    def _do_acq_comp(self, a: Action, ev: list[Event]) -> None:
        if a.code != C.DONE:
            k, q = a.data
            self.comp_loc[k] = q
            ev.append(Event("companion", f"seat {self.cur}: {a.text}", self.cur))
        self.acq_tile = -1
        self.go_pick()

    # ---- Movement (KM-3.4.5) ----------------------------------------------------------------

    def _la_move_troop(self) -> list[Action]:
        """KM-R28: a Movement moves a troop; it is skipped (lost) only without any troop."""
        p = self.cur
        out = []
        for z in range(len(ZONES)):
            if self.has_warriors(p, z) and self.count[z] > 0:
                what = G.name(self, p) if G.is_god_at(self, p, z) else "troop"
                out.append(Action(f"move {what} from {self.zname(z)}", C.ZONE + z, (z,)))
        return out or [Action("skip movement", C.DONE)]

    def _do_move_troop(self, a: Action, ev: list[Event]) -> None:
        if a.code == C.DONE:
            self.mv = None
            self.go_pick()
            return
        z = a.data[0]
        mv = self.mv
        assert mv is not None
        mv.start = mv.at = z
        if self.gods is not None and G.is_god_at(self, mv.player, z):
            self.gods.zone[mv.player] = G.MOVING  # KM-G2.2: the God moves whole, alone
            self.take(self.count[z])
            return
        if self.own_warriors(mv.player, z) == 1:
            self.take(1)
        else:
            self.kstep = "move_take"

    def _la_move_take(self) -> list[Action]:
        mv = self.mv
        assert mv is not None
        n = self.own_warriors(mv.player, mv.start)
        return [Action(f"take {k} warrior{'s' if k > 1 else ''}", C.NUM + k, (k,)) for k in range(1, n + 1)]

    def _do_move_take(self, a: Action, ev: list[Event]) -> None:
        self.take(a.data[0])

    def own_warriors(self, p: int, z: int) -> int:
        if self.team is not None:
            return T.wz(self, z, p)
        return self.count[z] if self.owner[z] == p else 0

    def take(self, k: int) -> None:
        if self.team is not None and not (self.mv is not None and G.moving_god(self, self.mv.player)):
            # KM-T6.3: allies' warriors may go along
            T.take(self, k)
            return
        mv = self.mv
        assert mv is not None
        p = mv.player
        z = mv.start
        mv.carried = k
        self.count[z] -= k
        if self.count[z] == 0:
            self.owner[z] = -1
        self.took_warriors(p, z)

    def took_warriors(self, p: int, z: int) -> None:
        """After the moving warriors left zone z: an emptied zone's companions go along; otherwise p
        chooses which companions come (if any are there)."""
        if self.count[z] == 0:
            for c in self.comps_at(p, z):
                self.comp_loc[c] = MOVING
            self.after_take()
        elif self.comps_at(p, z):
            self.kstep = "move_comp"
        else:
            self.after_take()

    def _la_move_comp(self) -> list[Action]:
        mv = self.mv
        assert mv is not None
        p = mv.player
        out = [Action("set out", C.DONE)]
        for k in self.comps_at(p, mv.start):
            out.append(Action(f"bring {TILES[COMPANIONS[k]].name}", C.COMPMOVE + 2 * k + 1, (k,)))
        return out

    def _do_move_comp(self, a: Action, ev: list[Event]) -> None:
        if a.code == C.DONE:
            self.after_take()
            return
        self.comp_loc[a.data[0]] = MOVING
        mv = self.mv
        assert mv is not None
        if not self.comps_at(mv.player, mv.start):
            self.after_take()

    def move_di(self, p: int) -> list[Action]:
        pl = self.ps[p]
        return [Action(f"play {DI_CARDS[d].name}", C.DI + d, (d,)) for d in sorted(set(pl.di))
                if DI_CARDS[d].timing == "movement" and DI_CARDS[d].cost <= pl.pp]

    def after_take(self) -> None:
        mv = self.mv
        assert mv is not None
        p = mv.player
        pl = self.ps[p]
        # KM-3.4.5.1: land moves are fixed now, from tiles, the troop's companions (also those
        # staying behind with the part that does not move) and DI cards
        mv.moves = 1 + pl.mods[M_MOVES]
        mv.walls = pl.mods[M_WALLS]
        mv.tele_discount = pl.mods[M_TELE]
        for k in self.comps_at(p, MOVING):
            mv.moves += self.comp_mod(k, M_MOVES)
            mv.walls += self.comp_mod(k, M_WALLS)
            mv.tele_discount += self.comp_mod(k, M_TELE)
        for k in self.comps_at(p, mv.start):
            mv.moves += self.comp_mod(k, M_MOVES)
        mv.took = True
        self.kstep = "move_di" if self.move_di(p) else "move"

    def _la_move_di(self) -> list[Action]:
        return [Action("start moving", C.DONE)] + self.move_di(self.cur)

    def _do_move_di(self, a: Action, ev: list[Event]) -> None:
        if a.code == C.DONE:
            self.kstep = "move"
            return
        p = self.cur
        self.play_move_di(p, a.data[0], ev)
        if not self.move_di(p):
            self.kstep = "move"

    def play_move_di(self, p: int, d: int, ev: list[Event]) -> None:
        """KM-3.4.5.9: only Movement cards during a movement; land moves only at its start."""
        card = DI_CARDS[d]
        pl = self.ps[p]
        pl.di.remove(d)
        pl.pp -= card.cost
        self.di_discard.append(d)
        mv = self.mv
        assert mv is not None
        mv.moves += card.effect.get("moves", 0)
        mv.walls += card.effect.get("open_walls", 0)
        mv.tele_discount += card.effect.get("teleport_discount", 0)
        ev.append(Event("di", f"seat {p} plays {card.name}", p, reveals=True))

    def group_kinds(self, p: int) -> set[str]:
        return self.kinds_at(p, MOVING)

    def arrival_ok(self, p: int, z: int, carried: int) -> int:
        """1: the troop may end here; 2: a battle starts here; 0: it may only pass through."""
        if self.gods is not None and self.ally(self.owner[z], p) and (
                G.moving_god(self, p) or G.god_zone_of(self, z) >= 0):
            return 0  # KM-G2.4: a God never shares a zone with friendly warriors
        if self.team is not None:
            return T.arrival_ok(self, p, z)
        o = self.owner[z]
        if o < 0:
            return 1
        if o != p:
            return 2
        if self.count[z] + carried > self.limit(p):
            return 0
        if self.group_kinds(p) & self.kinds_at(p, z):
            return 0
        return 1

    def enemy_quarter(self, p: int, z: int) -> bool:
        if self.team is not None:
            return T.enemy_quarter(self, p, z)
        c = QUARTER_CITY[z]
        return c >= 0 and c != self.ps[p].city

    def land_dests(self, z: int) -> list[int]:
        """Adjacent zones, and every port reachable from a port (KM-3.4.5.4)."""
        b = self.board
        out = list(b.adj[z])
        if ZONES[z].port:
            mine = self.ps[self.mv.player].city if self.mv else -1
            for o in b.ports:
                if o == z or o in out:
                    continue
                port = ZONES[o].port
                if port == "trade" or DESERT_CITY.get(o, -2) == mine or (
                        self.team is not None and self.mv is not None
                        and T.own_port(self, self.mv.player, o)):
                    out.append(o)
        return out

    def wall_ok(self, p: int, z: int) -> bool:
        """KM-3.4.5.5: one enemy quarter per movement, entered from next to its wall."""
        if not self.enemy_quarter(p, z):
            return True
        mv = self.mv
        assert mv is not None
        if mv.entered_enemy:
            return False
        return mv.walls > 0 or z in self.board.adj[mv.start]

    def pyramid_quarters_held(self, p: int) -> list[int]:
        """The quarters with a pyramid of level 1+ that p controls (KM-3.4.1.3, KM-7.4)."""
        return [q for c in self.board.cities for q in CITY_QUARTERS[c]
                if self.pyr_level[q] >= 1 and self.controls_quarter(p, q)]

    def teleport_from_ok(self, z: int) -> bool:
        """KM-3.4.5.2 / KM-R9: the once-per-movement teleport leaves a pyramid quarter that the
        player controlled when the movement began, and the player can pay for it."""
        mv = self.mv
        assert mv is not None
        return (not mv.teleported and z in mv.held and ZONES[z].kind == "quarter"
                and self.ps[mv.player].pp >= self.teleport_cost())

    def move_targets(self, carried: int = -1) -> list[tuple[int, bool]]:
        mv = self.mv
        assert mv is not None
        p = mv.player
        if self.limits_at_end():
            return self.classic_move_targets()
        if carried < 0:
            carried = mv.carried
        out: list[tuple[int, bool]] = []
        if mv.moves > 0:
            for z in self.land_dests(mv.at):
                if not self.wall_ok(p, z):
                    continue
                ok = self.arrival_ok(p, z, carried)
                if ok or (mv.moves > 1 and self.can_pass(p, z, carried)):
                    out.append((z, False))
        if self.teleport_from_ok(mv.at):
            for z in self.board.obelisks:
                if z == mv.at:
                    continue
                ok = self.arrival_ok(p, z, carried)
                if ok or (mv.moves > 0 and self.can_pass(p, z, carried)):
                    out.append((z, True))
        return out

    # ---- limits at the end of a movement (KM-3.4.5.6, KM-R8), classic game -----------------

    def limits_at_end(self) -> bool:
        """The classic moving group may exceed its limits on the way (a moving God carries
        nothing, team mode keeps its own rules in team.py)."""
        mv = self.mv
        return mv is not None and self.team is None and not G.moving_god(self, mv.player)

    def group_kind_counts(self, p: int) -> Counter[str]:
        return Counter(self.comp_kind(k) for k in self.comps_at(p, MOVING))

    def classic_move_targets(self) -> list[tuple[int, bool]]:
        """Every step after which the movement can still end within the limits."""
        mv = self.mv
        assert mv is not None
        p = mv.player
        plan = EndCheck(self, mv.carried, self.group_kind_counts(p), set(mv.picked), None)
        out: list[tuple[int, bool]] = []
        if mv.moves > 0:
            for z in self.land_dests(mv.at):
                if z != mv.at and self.wall_ok(p, z) and plan.step_ok(
                        z, mv.moves - 1, mv.teleported, mv.entered_enemy or self.enemy_quarter(p, z)):
                    out.append((z, False))
        if self.teleport_from_ok(mv.at):
            for z in self.board.obelisks:
                if z != mv.at and plan.step_ok(
                        z, mv.moves, True, mv.entered_enemy or self.enemy_quarter(p, z)):
                    out.append((z, True))
        return out

    def can_still_end(self, carried: int, kinds: Counter[str], picked: set[int],
                      fix: tuple[int, int, set[str]] | None = None) -> bool:
        """Whether the movement in progress, with this group, can still end with every limit
        kept; `fix` overrides one zone's own warriors and companion types (a tentative pick-up or
        drop there)."""
        mv = self.mv
        assert mv is not None
        plan = EndCheck(self, carried, kinds, picked, fix)
        return plan.search(mv.at, mv.moves, mv.teleported, mv.entered_enemy, ())

    def can_pass(self, p: int, z: int, carried: int) -> bool:
        mv = self.mv
        assert mv is not None
        for n in self.land_dests(z):
            if n != z and self.arrival_ok(p, n, carried) and (
                    not self.enemy_quarter(p, n) or (not mv.entered_enemy and not self.enemy_quarter(p, z)
                                                     and (mv.walls > 0 or n in self.board.adj[mv.start]))):
                return True
        return False

    def teleport_cost(self) -> int:
        mv = self.mv
        assert mv is not None
        return max(0, TELEPORT_COST - mv.tele_discount)

    def stop_ok(self) -> bool:
        mv = self.mv
        assert mv is not None
        if self.limits_at_end():
            plan = EndCheck(self, mv.carried, self.group_kind_counts(mv.player), set(mv.picked),
                            None)
            return plan.final_ok(mv.at, ())
        return self.arrival_ok(mv.player, mv.at, mv.carried) == 1 or (
            self.owner[mv.at] == -1)

    def _la_move(self) -> list[Action]:
        mv = self.mv
        assert mv is not None
        p = mv.player
        z = mv.at
        out = []
        stop = self.stop_ok()
        targets = self.move_targets()
        if stop and (mv.steps or not targets):  # KM-R28: at least one step when one is possible
            out.append(Action("stop here", C.DONE))
        for t, tele in targets:
            if tele:
                out.append(Action(f"teleport to {self.zname(t)} for {self.teleport_cost()} PP",
                                  C.TELE + t, (t, 1)))
            else:
                out.append(Action(f"go to {self.zname(t)}", C.ZONE + t, (t, 0)))
        here = self.count[z] if self.ally(self.owner[z], p) else 0
        if self.gods is not None and (G.moving_god(self, p) or G.god_zone_of(self, z) >= 0):
            here = -1  # KM-G2.4: a God neither leaves nor picks up warriors or companions
        if here < 0:
            pass
        elif self.team is None:
            out += self.classic_group_moves(z, here)
        else:  # KM-T6.4: warriors of any ally may be left or picked up
            out += T.warrior_moves(self)
        if here > 0 and self.team is not None:
            have = self.kinds_at(p, z)
            for k in self.comps_at(p, MOVING):
                if z not in mv.picked and self.comp_kind(k) not in have:
                    out.append(Action(f"leave {TILES[COMPANIONS[k]].name} here", C.COMPMOVE + 2 * k, (k,)))
            gk = self.group_kinds(p)
            for k in self.comps_at(p, z):
                if stop and z not in mv.dropped and self.comp_kind(k) not in gk:
                    out.append(Action(f"pick up {TILES[COMPANIONS[k]].name}", C.COMPMOVE + 2 * k + 1, (k,)))
        pl = self.ps[p]
        for d in sorted(set(pl.di)):
            card = DI_CARDS[d]
            if card.timing == "movement" and "moves" not in card.effect and card.cost <= pl.pp:
                out.append(Action(f"play {card.name}", C.DI + d, (d,)))
        if not out:  # defensive: never leave the mover without a choice (excess is trimmed)
            out.append(Action("stop here", C.DONE))
        return out

    def classic_group_moves(self, z: int, here: int) -> list[Action]:
        """KM-3.4.5.3 / KM-3.4.5.6: warriors and companions left or picked up in zone z (`here`
        own warriors). The group may go over its limits on the way; every option keeps a way to
        end the movement within them (KM-R8)."""
        mv = self.mv
        assert mv is not None
        p = mv.player
        lim = self.limit(p)
        kinds = self.group_kind_counts(p)
        picked = set(mv.picked)
        have = self.kinds_at(p, z)
        fits = mv.carried <= lim and all(n <= 1 for n in kinds.values())
        out = []
        if (mv.carried >= 2 and z not in picked and here + 1 <= lim and self.owner[z] in (-1, p)
                and (fits or self.can_still_end(mv.carried - 1, kinds, picked, (z, here + 1, have)))):
            out.append(Action("leave 1 warrior here", C.WARRIOR))
        if here > 0 and z not in mv.dropped:
            last = here == 1  # the last warrior brings the troop's companions along
            with_comps = kinds + Counter(have) if last else kinds
            if self.can_still_end(mv.carried + 1, with_comps, picked | {z},
                                  (z, here - 1, set() if last else have)):
                out.append(Action("pick up 1 warrior here", C.WARRIOR + 1))
        if here > 0:
            for k in self.comps_at(p, MOVING):
                if z not in picked and self.comp_kind(k) not in have:
                    out.append(Action(f"leave {TILES[COMPANIONS[k]].name} here",
                                      C.COMPMOVE + 2 * k, (k,)))
            for k in self.comps_at(p, z):
                kind = self.comp_kind(k)
                if z not in mv.dropped and self.can_still_end(
                        mv.carried, kinds + Counter([kind]), picked | {z}, (z, here, have - {kind})):
                    out.append(Action(f"pick up {TILES[COMPANIONS[k]].name}",
                                      C.COMPMOVE + 2 * k + 1, (k,)))
        return out

    def _do_move(self, a: Action, ev: list[Event]) -> None:
        mv = self.mv
        assert mv is not None
        p = mv.player
        z = mv.at
        code = a.code
        if code == C.DONE:
            self.finish_move(ev)
            return
        if C.DI <= code < C.BCARD:
            self.play_move_di(p, a.data[0], ev)
            return
        if T.is_warrior_move(code):
            T.do_warrior_move(self, a)
            return
        if code == C.WARRIOR:
            mv.carried -= 1
            self.owner[z] = p
            self.count[z] += 1
            if z not in mv.dropped:
                mv.dropped.append(z)
            return
        if code == C.WARRIOR + 1:
            mv.carried += 1
            self.count[z] -= 1
            if z not in mv.picked:
                mv.picked.append(z)
            if self.count[z] == 0:
                self.owner[z] = -1
                for k in self.comps_at(p, z):
                    self.comp_loc[k] = MOVING
            return
        if code >= C.COMPMOVE:
            k = a.data[0]
            if (code - C.COMPMOVE) % 2 == 0:
                self.comp_loc[k] = z
                if z not in mv.dropped:
                    mv.dropped.append(z)
            else:
                self.comp_loc[k] = MOVING
                if z not in mv.picked:
                    mv.picked.append(z)
            return
        t, tele = a.data
        mv.steps += 1
        if tele:
            mv.teleported = True
            self.ps[p].pp -= self.teleport_cost()
            ev.append(Event("move", f"seat {p} teleports {mv.carried} warriors to {self.zname(t)}", p))
        else:
            mv.moves -= 1
            ev.append(Event("move", f"seat {p} moves {mv.carried} warriors {self.zname(z)} -> {self.zname(t)}", p))
        if self.enemy_quarter(p, t):
            mv.entered_enemy = True
        mv.at = t
        o = self.owner[t]
        if o >= 0 and not self.ally(o, p):
            # KM-3.4.5.7: entering an occupied zone ends the movement with a battle
            n = mv.carried
            self.mv = None
            self.start_battle(t, p, n, ev)

    def finish_move(self, ev: list[Event]) -> None:
        mv = self.mv
        assert mv is not None
        p = mv.player
        z = mv.at
        if self.gods is not None and G.moving_god(self, p):
            self.owner[z] = p
            self.count[z] = mv.carried
            self.gods.zone[p] = z
        elif self.team is not None:
            T.land_group(self, z)
            self.trim(z)
        elif mv.carried:
            self.owner[z] = p
            self.count[z] += mv.carried
            self.trim(z)
        for k in self.comps_at(p, MOVING):
            self.comp_loc[k] = SUPPLY if self.comp_kind(k) in self.kinds_at(p, z) else z
        self.mv = None
        ev.append(Event("move", f"seat {p} ends the movement in {self.zname(z)}", p))
        self.go_pick()

    # ---- Battle (KM-3.5) -------------------------------------------------------------------

    def start_battle(self, z: int, att: int, n: int, ev: list[Event]) -> None:
        dfn = self.owner[z]
        self.bt = Battle(z, att, dfn, n, "a_disc", -1, -1, -1, -1, [], [], -1, -1, (0, 0), (0, 0))
        ev.append(Event("battle", f"battle in {self.zname(z)}: seat {att} ({n}) attacks seat {dfn} ({self.count[z]})", att))
        self.kstep = "battle"
        self.cur = att
        if self.automaton(att):  # KM-S.10.1 Amon holds no war council
            self.bt.stage = "d_disc" if len(self.ps[dfn].hand) >= 2 else "d_play"
            self.cur = dfn
        elif len(self.ps[att].hand) < 2:
            self.bt.stage = "a_play"
        if self.team is not None:
            T.open_battle(self)  # KM-T8.2, KM-T8.4: defender and loss order of mixed troops

    def _la_battle(self) -> list[Action]:
        bt = self.bt
        assert bt is not None
        st = bt.stage
        if st in T.TEAM_STAGES:
            return T.la_team_stage(self)
        if st in ("a_disc", "d_disc", "a_play", "d_play"):
            p = bt.att if st[0] == "a" else bt.dfn
            hand = self.ps[p].hand
            verb = "discard" if st.endswith("disc") else "play"
            return [Action(f"{verb} {BATTLE_CARDS[c].name}", C.BCARD + c, (c,)) for c in sorted(set(hand))]
        if st in ("a_di", "d_di"):
            p = bt.att if st[0] == "a" else bt.dfn
            pl = self.ps[p]
            committed = bt.a_di if st[0] == "a" else bt.d_di
            spent = sum(DI_CARDS[d].cost for d in committed)
            out = [Action("commit no more cards", C.DONE)]
            for d in sorted(set(pl.di)):
                card = DI_CARDS[d]
                if card.timing == "battle" and card.cost + spent <= pl.pp:
                    out.append(Action(f"commit {card.name}", C.DI + d, (d,)))
            return out
        if st == "loser":
            out = [Action("recall", C.RECALL)]
            if self.retreat_zones():
                out.append(Action("retreat", C.RETREAT))
            return out
        if st == "retreat":
            return [Action(f"retreat to {self.zname(z)}", C.ZONE + z, (z,)) for z in self.retreat_zones()]
        if st == "winner":
            return [Action("stay", C.STAY), Action("recall", C.RECALL)]
        raise AssertionError(st)

    def _do_battle(self, a: Action, ev: list[Event]) -> None:
        bt = self.bt
        assert bt is not None
        st = bt.stage
        if st in T.TEAM_STAGES:
            T.do_team_stage(self, a, ev)
            return
        if st in ("a_disc", "d_disc", "a_play", "d_play"):
            p = bt.att if st[0] == "a" else bt.dfn
            c = a.data[0]
            self.ps[p].hand.remove(c)
            setattr(bt, st, c)
            ev.append(Event("council", f"seat {p} {'discards' if st.endswith('disc') else 'chooses'} "
                            f"{BATTLE_CARDS[c].name}", p, visible_to=(p,),
                            public_text=f"seat {p} picks a battle card"))
            if st.endswith("disc"):
                bt.stage = st[0] + "_play"
            elif self.has_battle_di(p):
                bt.stage = st[0] + "_di"
            else:
                self.council_done(st[0], ev)
            return
        if st in ("a_di", "d_di"):
            p = bt.att if st[0] == "a" else bt.dfn
            if a.code == C.DONE:
                self.council_done(st[0], ev)
                return
            d = a.data[0]
            self.ps[p].di.remove(d)
            (bt.a_di if st[0] == "a" else bt.d_di).append(d)
            ev.append(Event("council", f"seat {p} commits {DI_CARDS[d].name}", p, visible_to=(p,),
                            public_text=f"seat {p} commits a DI card"))
            if not self.has_battle_di(p, bt.a_di if st[0] == "a" else bt.d_di):
                self.council_done(st[0], ev)
            return
        if st == "loser":
            if a.code == C.RECALL:
                self.recall(bt.loser, ev)
                self.winner_stage(ev)
            else:
                zs = self.retreat_zones()
                if len(zs) == 1:
                    self.retreat_to(zs[0], ev)
                elif self.automaton(bt.winner):
                    self.retreat_to(S.retreat_choice(self, zs), ev)
                else:
                    bt.stage = "retreat"
                    self.cur = bt.winner
            return
        if st == "retreat":
            self.retreat_to(a.data[0], ev)
            return
        if st == "winner":
            if a.code == C.RECALL:
                self.recall(bt.winner, ev)
            self.end_battle(ev)

    def has_battle_di(self, p: int, committed: list[int] | None = None) -> bool:
        pl = self.ps[p]
        spent = sum(DI_CARDS[d].cost for d in committed) if committed else 0
        return any(DI_CARDS[d].timing == "battle" and DI_CARDS[d].cost + spent <= pl.pp for d in pl.di)

    def council_done(self, side: str, ev: list[Event]) -> None:
        bt = self.bt
        assert bt is not None
        if side == "a" and self.automaton(bt.dfn):
            self.resolve_battle(ev)
        elif side == "a":
            bt.stage = "d_disc" if len(self.ps[bt.dfn].hand) >= 2 else "d_play"
            self.cur = bt.dfn
        else:
            self.resolve_battle(ev)

    def side_troop(self, p: int) -> int:
        bt = self.bt
        assert bt is not None
        return bt.att_count if p == bt.att else self.count[bt.zone]

    def side_comps(self, p: int) -> list[int]:
        bt = self.bt
        assert bt is not None
        return self.comps_at(p, MOVING if p == bt.att else bt.zone)

    def stats(self, p: int, attacking: bool) -> dict[str, int]:
        """KM-3.5.3: strength from warriors, card, tiles, companion, DI cards and home city."""
        bt = self.bt
        assert bt is not None
        if self.automaton(p):
            return S.amon_stats(self, attacking)
        card = BATTLE_CARDS[bt.a_play if attacking else bt.d_play]
        dis = bt.a_di if attacking else bt.d_di
        m = list(self.ps[p].mods)
        for k in self.side_comps(p):
            m = [x + y for x, y in zip(m, TILE_MODS[COMPANIONS[k]])]
        for d in dis:
            m = [x + y for x, y in zip(m, DI_MODS[d])]
        base = G.battle_strength(self, p) if G.god_side(self, p) else self.side_troop(p)
        s = base + card.strength + m[M_STR]
        s += m[M_ATT_STR] if attacking else m[M_DEF_STR]
        if QUARTER_CITY[bt.zone] == self.ps[p].city:
            s += 1
        return {
            "strength": s,
            "shield": card.shield + m[M_SHIELD] + (0 if attacking else m[M_DEF_SHIELD]),
            "damage": max(card.damage, 0) + m[M_DMG] + (m[M_ATT_DMG] if attacking else 0),
            "self": max(-card.damage, 0),
            "unblockable": card.unblockable + m[M_UNB],
            "impenetrable": card.impenetrable + m[M_IMP],
            "win_pp": m[M_WIN_PP], "punish": m[M_PUNISH], "veteran": m[M_BVET],
        }

    def resolve_battle(self, ev: list[Event]) -> None:
        bt = self.bt
        assert bt is not None
        a, d = bt.att, bt.dfn
        if self.solo is not None:
            S.draw_card(self)
        # KM-3.5.2: reveal and pay, attacker first; unpayable cards are discarded without effect
        for p, dis in ((a, bt.a_di), (d, bt.d_di)):
            kept = []
            for x in dis:
                cost = DI_CARDS[x].cost
                if cost <= self.ps[p].pp:
                    self.ps[p].pp -= cost
                    kept.append(x)
                else:
                    self.di_discard.append(x)
            dis[:] = kept
        sa = self.stats(a, True)
        sd = self.stats(d, False)
        bt.strengths = (sa["strength"], sd["strength"])
        winner = a if sa["strength"] > sd["strength"] else d
        loser = d if winner == a else a
        bt.winner, bt.loser = winner, loser
        wa, wd = bt.att_count, self.count[bt.zone]
        # KM-3.5.4: impenetrable shields protect, then unblockable damage, then damage - shield
        pa = min(sa["impenetrable"], wa)
        pd = min(sd["impenetrable"], wd)
        la = min(sd["unblockable"], wa - pa)
        ld = min(sa["unblockable"], wd - pd)
        wa -= la
        wd -= ld
        la2 = min(max(0, sd["damage"] + sa["self"] - sa["shield"]), max(0, wa - pa))
        ld2 = min(max(0, sa["damage"] + sd["self"] - sd["shield"]), max(0, wd - pd))
        wa -= la2
        wd -= ld2
        bt.losses = (bt.att_count - wa, self.count[bt.zone] - wd)
        # KM-G2.5: a God loses LP instead of warriors (its LP are its troop's count)
        ga, gd = G.god_side(self, a), G.god_side(self, d)
        if self.team is not None:
            T.battle_losses(self, 0 if ga else bt.losses[0], 0 if gd else bt.losses[1])
            if ga:
                bt.att_count = wa
            if gd:
                self.count[bt.zone] = wd
        else:
            if not ga:
                self.to_supply(a, bt.att_count - wa)
            if not gd:
                self.to_supply(d, self.count[bt.zone] - wd)
            bt.att_count = wa
            self.count[bt.zone] = wd
        if self.gods is not None:
            G.after_losses(self, ev)
        names = (self.card_name(a, bt.a_play), self.card_name(d, bt.d_play))
        di_a = ", ".join(DI_CARDS[x].name for x in bt.a_di) or "no DI"
        di_d = ", ".join(DI_CARDS[x].name for x in bt.d_di) or "no DI"
        ev.append(Event("reveal", f"seat {a} reveals {names[0]} + {di_a} (strength {sa['strength']}); "
                        f"seat {d} reveals {names[1]} + {di_d} (strength {sd['strength']}); "
                        f"seat {winner} wins; losses {la + la2} / {ld + ld2}", winner, reveals=True))
        # KM-3.5.5 rewards; a winning attacker denied Battle Glory (KM-S.9) takes a veteran instead
        vets = (self.ps[a].veterans, self.ps[d].veterans)
        if winner == a and wa > 0 and (self.solo is None or self.automaton(a) or S.battle_glory(self)):
            self.ps[a].glory += 1
        else:
            self.ps[a].veterans += 1
        self.ps[d].veterans += 2 if winner == d else 1
        sw, sl = (sa, sd) if winner == a else (sd, sa)
        self.gain_pp(winner, sw["win_pp"])
        self.gain_pp(loser, -sw["punish"])
        self.ps[a].veterans += sa["veteran"]
        self.ps[d].veterans += sd["veteran"]
        del sl
        if self.team is not None:  # KM-T8.4, KM-T8.5: loss splits and veteran gifts come first
            T.after_reveal(self, (self.ps[a].veterans - vets[0], self.ps[d].veterans - vets[1]), ev)
            return
        self.loser_stage(ev)

    def loser_stage(self, ev: list[Event]) -> None:
        """KM-3.5.6: the loser retreats or recalls."""
        bt = self.bt
        assert bt is not None
        winner, loser = bt.winner, bt.loser
        if self.side_troop(loser) > 0 and self.automaton(loser):
            S.amon_loses(self, ev)
        elif self.side_troop(loser) > 0 and G.god_side(self, loser):
            # KM-G5.1: a God must retreat if it can, else it goes home; it is never recalled
            zs = self.retreat_zones()
            if len(zs) > 1:
                bt.stage = "retreat"
                self.cur = winner
            elif zs:
                self.retreat_to(zs[0], ev)
            else:
                G.send_home(self, loser, ev)
                self.winner_stage(ev)
        elif self.side_troop(loser) > 0:
            bt.stage = "loser"
            self.cur = loser
        else:
            self.winner_stage(ev)

    def retreat_zones(self) -> list[int]:
        """KM-3.5.6: an empty adjacent zone (no ports), no quarter of another city than the loser's."""
        bt = self.bt
        assert bt is not None
        city = self.ps[bt.loser].city
        out = []
        for z in self.board.adj[bt.zone]:
            if self.owner[z] >= 0:
                continue
            c = QUARTER_CITY[z]
            if c >= 0 and c != city:
                continue
            out.append(z)
        return out

    def recall(self, p: int, ev: list[Event]) -> None:
        """KM-3.5.6 / KM-3.5.7: warriors back to supply for X-1 PP."""
        bt = self.bt
        assert bt is not None
        n = self.side_troop(p)
        if self.team is not None:
            T.recall_side(self, p == bt.att)
        else:
            self.to_supply(p, n)
        self.gain_pp(p, max(0, n - 1))
        if p == bt.att:
            bt.att_count = 0
        else:
            self.count[bt.zone] = 0
        for k in self.side_comps(p):
            self.comp_loc[k] = SUPPLY
        ev.append(Event("recall", f"seat {p} recalls {n} warriors for {max(0, n - 1)} PP", p))

    def retreat_to(self, z: int, ev: list[Event]) -> None:
        bt = self.bt
        assert bt is not None
        p = bt.loser
        n = self.side_troop(p)
        comps = self.side_comps(p)
        god = G.god_side(self, p)
        if self.team is not None and not god:
            T.retreat_side(self, p == bt.att, z)
        else:
            self.owner[z] = p
            self.count[z] = n
            if god:
                self.gods.zone[p] = z  # type: ignore[union-attr]
        if p == bt.att:
            bt.att_count = 0
        elif self.team is None or god:
            self.count[bt.zone] = 0
        for k in comps:
            self.comp_loc[k] = z
        ev.append(Event("retreat", f"seat {p} retreats {n} warriors to {self.zname(z)}", p))
        self.winner_stage(ev)

    def winner_stage(self, ev: list[Event]) -> None:
        bt = self.bt
        assert bt is not None
        if (self.side_troop(bt.winner) > 0 and not self.automaton(bt.winner)
                and not G.god_side(self, bt.winner)):
            bt.stage = "winner"  # KM-G5.2: a winning God may only stay
            self.cur = bt.winner
        else:
            self.end_battle(ev)

    def end_battle(self, ev: list[Event]) -> None:
        """KM-3.5.8: cards to the discards, troop limits, control of the zone."""
        bt = self.bt
        assert bt is not None
        z = bt.zone
        for p, disc, play, dis in ((bt.att, bt.a_disc, bt.a_play, bt.a_di),
                                   (bt.dfn, bt.d_disc, bt.d_play, bt.d_di)):
            pl = self.ps[p]
            if disc >= 0:
                pl.down.append(disc)
            if play >= 0:
                pl.up.append(play)
            if not pl.hand:
                pl.hand = sorted(pl.down + pl.up)
                pl.down = []
                pl.up = []
            for x in dis:
                if x == DISTRACTION:
                    pl.di.append(x)
                else:
                    self.di_discard.append(x)
        # the defender's troop (resident) and the attacker's troop
        wd = self.count[z]
        if wd <= 0:
            self.count[z] = 0
            self.owner[z] = -1
            for k in self.comps_at(bt.dfn, z):
                self.comp_loc[k] = SUPPLY
        if bt.att_count > 0:
            if self.team is not None and not G.god_side(self, bt.att):
                T.land_group(self, z)
            else:
                self.owner[z] = bt.att
                self.count[z] = bt.att_count
            for k in self.comps_at(bt.att, MOVING):
                self.comp_loc[k] = z
        else:
            for k in self.comps_at(bt.att, MOVING):
                self.comp_loc[k] = SUPPLY
        self.trim(z)
        if self.gods is not None:
            G.battle_over(self)
        self.bt = None
        self.cur = self.order[self.pos]
        ev.append(Event("battle", f"battle in {self.zname(z)} ends", None))
        if self.solo is not None and S.after_battle(self, ev):
            return
        if self.battle_queue:
            self.next_recruit_battle(ev)
        else:
            self.go_pick()

    def trim(self, z: int) -> None:
        if self.team is not None:
            T.trim(self, z)
            return
        o = self.owner[z]
        if o >= 0:
            lim = self.limit(o)
            if self.count[z] > lim:
                self.to_supply(o, self.count[z] - lim)
                self.count[z] = lim

    # ---- Night (KM-3.6) -----------------------------------------------------------------------

    def start_night(self) -> None:
        self.phase = "night"
        narrate("night", f"night of round {self.round} begins")
        self.night_step = 0
        self.next_night()

    def next_night(self) -> None:
        """Advance through the nine night steps, stopping where a seat must decide."""
        while True:
            self.night_step += 1
            s = self.night_step
            if s == 1:
                z = self.zone_of_kind("sanctuary")
                o = self.owner[z]
                if o >= 0 and self.count[z] >= 2 and not self.automaton(o):
                    self.cur = o
                    self.kstep = "devotion"
                    return
            elif s == 2:
                z = self.zone_of_kind("delta_temple")
                o = self.owner[z]
                if o >= 0 and self.count[z] >= 1 and not self.automaton(o):
                    self.cur = o
                    self.kstep = "delta"
                    return
            elif s == 3 and self.team is not None:
                T.temples_glory(self)  # KM-T7.3: a temple counts for one seat of its troop
            elif s == 4 and self.team is not None:
                T.worship(self)
            elif s == 3:
                for p in range(self.players):
                    if sum(1 for z in self.board.temples if self.has_warriors(p, z)) >= 2:
                        self.ps[p].glory += 1
                        narrate("night", f"night: seat {p} holds two temples or more: +1 Glory", p)
            elif s == 4:
                for p in range(self.players):
                    gain = sum(ZONES[z].temple_pp for z in self.board.temples
                               if self.has_warriors(p, z))
                    self.gain_pp(p, gain)
                    if gain:
                        narrate("night", f"night (worship): seat {p} gains {gain} PP from its "
                                         f"temples, now {self.ps[p].pp} PP", p)
            elif s in (5, 6, 7):
                self.pos = 0
                if self.night_player(s):
                    return
            elif s == 8:
                narrate("night", "night (awakening): veterans are discarded, action tokens come "
                                 "back, troops over the limit lose the excess")
                for pl in self.ps:
                    pl.veterans = 0
                    pl.tokens = 5
                    pl.spaces = [0] * len(SPACES)
                for z in range(len(ZONES)):
                    self.trim(z)
            elif s == 9:
                if self.solo is not None:
                    S.end_night(self)  # KM-S.11 the round track instead of Destiny
                    return
                if self.team is not None:
                    T.start_destiny(self)
                    return
                glory = [self.glory(p) for p in range(self.players)]
                rank = {p: i for i, p in enumerate(self.order)}
                self.destiny = sorted(range(self.players), key=lambda p: (glory[p], rank[p]))
                self.new_order = [-1] * self.players
                self.cur = self.destiny[0]
                self.kstep = "destiny"
                return
            else:
                self.start_round()
                return

    def zone_of_kind(self, kind: str) -> int:
        for i, z in enumerate(ZONES):
            if z.kind == kind:
                return i
        raise KeyError(kind)

    def night_player(self, s: int) -> bool:
        """Steps 5-7 go seat by seat in turn order; returns True when a seat must decide."""
        while self.pos < self.players:
            p = self.order[self.pos]
            pl = self.ps[p]
            if s == 5:
                self.gain_pp(p, 2 + pl.mods[M_NPP])
                narrate("night", f"night (prayers): seat {p} gains {2 + pl.mods[M_NPP]} PP, "
                                 f"now {pl.pp} PP", p)
                if pl.veterans:
                    self.cur = p
                    self.kstep = "prayers"
                    return True
            elif s == 6:
                extra = pl.mods[M_NDI]
                for k, loc in enumerate(self.comp_loc):
                    if self.comp_owner[k] == p and loc >= 0:
                        extra += self.comp_mod(k, M_NDI)
                self.draw_di(p, 1 + extra)
                narrate("night", f"night (divine intervention): seat {p} draws {1 + extra} DI "
                                 f"card{'s' if extra else ''}", p)
                if pl.veterans >= 2:
                    self.cur = p
                    self.kstep = "di_buy"
                    return True
            elif s == 7:
                if pl.veterans and self._la_summon_targets(p):
                    self.cur = p
                    self.kstep = "summon"
                    self.rec_touched = []
                    return True
            self.pos += 1
        return False

    def _resume_night_player(self) -> None:
        self.pos += 1
        if not self.night_player(self.night_step):
            self.next_night()

    def _la_devotion(self) -> list[Action]:
        return [Action("decline", C.DONE), Action("sacrifice 2 warriors for 1 Glory", C.YES)]

    def _do_devotion(self, a: Action, ev: list[Event]) -> None:
        if a.code == C.YES:
            z = self.zone_of_kind("sanctuary")
            self.remove_warriors(z, 2)
            self.ps[self.cur].glory += 1
            ev.append(Event("night", f"seat {self.cur} sacrifices 2 warriors in the Sanctuary: +1 Glory", self.cur))
        self.next_night()

    def _la_delta(self) -> list[Action]:
        return [Action("decline", C.DONE), Action("sacrifice 1 warrior for 5 PP", C.YES)]

    def _do_delta(self, a: Action, ev: list[Event]) -> None:
        if a.code == C.YES:
            z = self.zone_of_kind("delta_temple")
            self.remove_warriors(z, 1)
            self.gain_pp(self.cur, 5)
            ev.append(Event("night", f"seat {self.cur} sacrifices a warrior in the Delta Temple: +5 PP", self.cur))
        self.next_night()

    def remove_warriors(self, z: int, n: int) -> None:
        god = G.god_zone_of(self, z)
        if god >= 0:  # KM-G2.5: a God pays with LP; at 0 LP it goes back to its tile
            self.count[z] -= n
            if self.count[z] <= 0:
                self.count[z] = 0
                self.owner[z] = -1
                G.sync(self)
            return
        if self.team is not None:
            T.remove_for_night(self, z, n)
            if self.owner[z] < 0:
                for k in self.comps_at(self.cur, z):
                    self.comp_loc[k] = SUPPLY
            return
        o = self.owner[z]
        self.count[z] -= n
        self.to_supply(o, n)
        if self.count[z] <= 0:
            self.count[z] = 0
            self.owner[z] = -1
            for k in self.comps_at(o, z):
                self.comp_loc[k] = SUPPLY

    def _la_prayers(self) -> list[Action]:
        v = self.ps[self.cur].veterans
        return [Action(f"convert {k} veterans to PP", C.NUM + k, (k,)) for k in range(v + 1)]

    def _do_prayers(self, a: Action, ev: list[Event]) -> None:
        k = a.data[0]
        self.ps[self.cur].veterans -= k
        self.gain_pp(self.cur, k)
        self._resume_night_player()

    def _la_di_buy(self) -> list[Action]:
        v = self.ps[self.cur].veterans
        return [Action(f"buy {k} more DI cards", C.NUM + k, (k,)) for k in range(v // 2 + 1)]

    def _do_di_buy(self, a: Action, ev: list[Event]) -> None:
        k = a.data[0]
        self.ps[self.cur].veterans -= 2 * k
        self.draw_di(self.cur, k)
        self._resume_night_player()

    def _la_summon_targets(self, p: int) -> list[int]:
        pl = self.ps[p]
        if pl.supply <= 0:
            return []
        out = []
        for q in self.quarters_of(p):
            o = self.owner[q]
            if o >= 0 and not self.ally(o, p) or G.blocked_for_warriors(self, p, q):
                continue
            if self.team is not None:
                trial = T.comp(self, q)
                trial[p] += 1
                lim = T.group_limit(self, trial)
            else:
                lim = self.limit(p)
            if self.count[q] < lim:
                out.append(q)
        return out

    def _la_summon(self) -> list[Action]:
        p = self.cur
        out = [Action("done summoning", C.DONE)]
        if self.ps[p].veterans:
            for q in self._la_summon_targets(p):
                out.append(Action(f"summon a warrior in {self.zname(q)}", C.ZONE + q, (q,)))
        out += self.companions_with_new_warriors(p)
        return out

    def companions_with_new_warriors(self, p: int) -> list[Action]:
        """KM-3.4.3.5: warriors added to a quarter may take one companion of each type along."""
        out = []
        qs = self.quarters_of(p)
        for k, loc in enumerate(self.comp_loc):
            if loc != SUPPLY or self.comp_owner[k] != p:
                continue
            kind = self.comp_kind(k)
            for i, q in enumerate(qs):
                if q in self.rec_touched and self.has_warriors(p, q) and kind not in self.kinds_at(p, q):
                    out.append(Action(f"attach {TILES[COMPANIONS[k]].name} to {self.zname(q)}",
                                      C.ATTACH + 4 * k + i, (k, q)))
        return out

    def _do_summon(self, a: Action, ev: list[Event]) -> None:
        p = self.cur
        pl = self.ps[p]
        if a.code == C.DONE:
            self._resume_night_player()
            return
        if a.code >= C.ATTACH:
            k, q = a.data
            self.comp_loc[k] = q
        else:
            q = a.data[0]
            pl.veterans -= 1
            pl.supply -= 1
            self.add_warriors(q, p, 1)
            if q not in self.rec_touched:
                self.rec_touched.append(q)
        if len(self._la_summon()) == 1:
            self._resume_night_player()

    def _la_destiny(self) -> list[Action]:
        return [Action(f"take turn position {i + 1}", C.POS + i, (i,))
                for i in range(self.players) if self.new_order[i] < 0]

    def _do_destiny(self, a: Action, ev: list[Event]) -> None:
        """KM-3.6.9: the least glorious seat picks its turn-order position first."""
        p = self.destiny.pop(0)
        self.new_order[a.data[0]] = p
        ev.append(Event("destiny", f"seat {p} takes turn position {a.data[0] + 1}", p))
        if len(self.destiny) == 1:
            last = self.destiny.pop(0)
            self.new_order[self.new_order.index(-1)] = last
        if self.destiny:
            self.cur = self.destiny[0]
            return
        self.order = self.new_order
        self.new_order = []
        self.next_night()

    # ---- team-mode decisions (team.py) -------------------------------------------------------

    def _la_move_tally(self) -> list[Action]:
        return T.la_move_tally(self)

    def _do_move_tally(self, a: Action, ev: list[Event]) -> None:
        T.do_move_tally(self, a, ev)

    def _la_gather(self) -> list[Action]:
        return T.la_gather(self)

    def _do_gather(self, a: Action, ev: list[Event]) -> None:
        T.do_gather(self, a, ev)

    def _la_tdestiny(self) -> list[Action]:
        return T.la_tdestiny(self)

    def _do_tdestiny(self, a: Action, ev: list[Event]) -> None:
        T.do_tdestiny(self, a, ev)

    # ------------------------------------------------------------------ outcome, view

    def outcome(self) -> Outcome:
        if self.team is not None:  # KM-T9: allies share their team's result
            return Outcome.from_scores(*T.outcome_keys(self))
        if self.solo is not None:  # KM-S.9 the player wins by the objective, else Amon wins
            won = self.solo.won
            return Outcome.from_scores([1.0 if won else 0.0, 0.0 if won else 1.0], [0, 0])
        glory = [self.glory(p) for p in range(self.players)]
        if self.winner >= 0:
            tb = [1000 if p == self.winner else 0 for p in range(self.players)]
        else:
            tb = [0] * self.players
        rank = {p: i for i, p in enumerate(self.order)}
        tb = [tb[p] + self.ps[p].glory * 10 + (self.players - rank[p]) * 0.01 for p in range(self.players)]
        return Outcome.from_scores([float(g) for g in glory], tb)

    def _view(self, player: int | None) -> dict[str, Any]:
        b = self.board
        zones = {}
        for z in range(len(ZONES)):
            if not b.active[z]:
                continue
            d: dict[str, Any] = {}
            if self.owner[z] >= 0:
                d["owner"] = self.owner[z]
                d["warriors"] = self.count[z]
            if self.pyr_level[z] > 0:
                d["pyramid"] = [COLOURS[self.pyr_colour[z]] if self.pyr_colour[z] >= 0 else None,
                                self.pyr_level[z]]
            comps = [TILES[COMPANIONS[k]].name for k, loc in enumerate(self.comp_loc) if loc == z]
            if comps:
                d["companions"] = comps
            if d:
                zones[ZONES[z].id] = d
        seats = []
        for p, pl in enumerate(self.ps):
            s: dict[str, Any] = {
                "city": CITIES[pl.city].id if pl.city >= 0 else None,
                "pp": pl.pp, "glory": self.glory(p), "permanent_glory": pl.glory,
                "veterans": pl.veterans, "supply": pl.supply, "tokens": pl.tokens,
                "spaces": [SPACES[i].id + ("*" if v == 2 else "") for i, v in enumerate(pl.spaces) if v],
                "slots": [COLOURS[c] if c >= 0 else None for c in pl.slots],
                "tiles": [TILES[t].name for t in pl.tiles],
                "silver": pl.silver, "silver_used": pl.silver_used, "gold_used": pl.gold_used,
                "mercenaries": pl.mercs,
                "battle_hand": len(pl.hand), "battle_down": len(pl.down),
                "battle_up": [BATTLE_CARDS[c].name for c in pl.up],
                "di_hand": len(pl.di),
                "supply_companions": [TILES[COMPANIONS[k]].name for k in self.comps_at(p, SUPPLY)],
            }
            if self.sees(player, p):  # own hand; in team mode allies' hands too (KM-T1.5)
                s["battle_cards"] = sorted(BATTLE_CARDS[c].name for c in pl.hand)
                s["battle_down_cards"] = sorted(BATTLE_CARDS[c].name for c in pl.down)
                s["di_cards"] = sorted(DI_CARDS[c].name for c in pl.di)
            seats.append(s)
        out: dict[str, Any] = {
            "round": self.round, "phase": self.phase, "step": self.kstep,
            "order": list(self.order), "zones": zones, "seats": seats,
            "market": {TILES[t].id: n for t, n in enumerate(self.market) if n > 0},
            "di_deck": len(self.di_deck), "mercenary_bank": self.merc_bank,
            "di_discard": [DI_CARDS[c].name for c in self.di_discard],
            "pending": [self.action_name(k) for k in self.pending],
            "turn": self._turn_view(),
        }
        if self.mv is not None:
            mv = self.mv
            out["movement"] = {"player": mv.player, "from": self.zname(mv.start) if mv.start >= 0 else None,
                               "at": self.zname(mv.at) if mv.at >= 0 else None, "warriors": mv.carried,
                               "moves_left": mv.moves, "teleported": mv.teleported,
                               "companions": [TILES[COMPANIONS[k]].name for k in self.comps_at(mv.player, MOVING)],
                               "set_out": mv.took, "gold": mv.gold,
                               "entered_enemy_quarter": mv.entered_enemy, "open_walls": mv.walls,
                               "teleport_discount": mv.tele_discount,
                               "dropped_in": [self.zname(z) for z in mv.dropped],
                               "picked_in": [self.zname(z) for z in mv.picked],
                               "teleport_from": [self.zname(z) for z in mv.held],
                               "steps": mv.steps}
        if self.bt is not None:
            bt = self.bt
            bv: dict[str, Any] = {"zone": self.zname(bt.zone), "attacker": bt.att, "defender": bt.dfn,
                                  "attackers": bt.att_count, "stage": bt.stage,
                                  "attacker_di": len(bt.a_di), "defender_di": len(bt.d_di),
                                  "attacker_companions": [TILES[COMPANIONS[k]].name
                                                          for k in self.comps_at(bt.att, MOVING)]}
            revealed = bt.winner >= 0
            for side, p, play, disc, dis in (("attacker", bt.att, bt.a_play, bt.a_disc, bt.a_di),
                                             ("defender", bt.dfn, bt.d_play, bt.d_disc, bt.d_di)):
                if revealed or self.sees(player, p):
                    bv[side + "_card"] = BATTLE_CARDS[play].name if play >= 0 else None
                    bv[side + "_di_cards"] = [DI_CARDS[x].name for x in dis]
                else:
                    bv[side + "_card"] = "hidden" if play >= 0 else None
                if self.sees(player, p):
                    bv[side + "_discard"] = BATTLE_CARDS[disc].name if disc >= 0 else None
            if revealed:
                bv["strengths"] = list(bt.strengths)
                bv["winner"] = bt.winner
            out["battle"] = bv
        if self.solo is not None:
            out["solo"] = S.view(self)
        if self.gods is not None:
            G.view(self, out, zones)
        if self.over:
            out["winner"] = self.winner
        if self.team is not None:
            T.view_extra(self, out, zones)
        return out

    def _turn_view(self) -> dict[str, Any]:
        """The public details of the turn in progress that decide what is legal (who bought which
        colour this round, the action being resolved, recruitment and Destiny bookkeeping), so that
        equal views of the deciding seat always mean equal legal actions."""
        d: dict[str, Any] = {
            "active": self.cur, "position": self.pos, "acting": self.action_name(self.acting)
            if self.acting >= 0 else None,
            "rearranged": self.rearranged, "build_discount": self.build_discount,
            "bought": [[COLOURS[c] for c in pl.bought] for pl in self.ps],
        }
        if self.kstep in ("recruit", "battle_order", "summon") or self.battle_queue:
            d["recruit_free"] = self.rec_free
            d["recruit_placed"] = self.rec_placed
            d["recruited_in"] = [self.zname(z) for z in self.rec_touched]
            d["attackers"] = {self.zname(z): n for z, n in enumerate(self.rec_add) if n}
            d["attacker_companions"] = sorted(
                [self.zname(PENDING - loc), TILES[COMPANIONS[k]].name]
                for k, loc in enumerate(self.comp_loc) if loc <= PENDING)
            d["battle_queue"] = [self.zname(z) for z in self.battle_queue]
        if self.acq_tile >= 0:
            d["placing"] = TILES[self.acq_tile].name
        if self.kstep == "destiny":
            d["destiny"] = list(self.destiny)
            d["new_order"] = list(self.new_order)
        return d

    def _resample_hidden(self, player: int | None, rng: Rng) -> None:
        """Resample other seats' DI hands, the DI deck and other seats' unrevealed battle cards."""
        bt = self.bt
        revealed = bt is not None and bt.winner >= 0
        # battle cards: hand + face-down discards + uncommitted choices are one hidden pool per seat
        for p, pl in enumerate(self.ps):
            if self.sees(player, p):
                continue
            pool = list(pl.hand) + list(pl.down)
            a_slots = []
            if bt is not None and not revealed and p in (bt.att, bt.dfn):
                a_slots = ["a_disc", "a_play"] if p == bt.att else ["d_disc", "d_play"]
                a_slots = [s for s in a_slots if getattr(bt, s) >= 0]
                pool += [getattr(bt, s) for s in a_slots]
            elif bt is not None and p in (bt.att, bt.dfn):
                s = "a_disc" if p == bt.att else "d_disc"
                if getattr(bt, s) >= 0:
                    a_slots = [s]
                    pool.append(getattr(bt, s))
            pool.sort()
            rng.shuffle(pool)
            for s in a_slots:
                setattr(bt, s, pool.pop())
            nh = len(pl.hand)
            pl.hand = sorted(pool[:nh])
            pl.down = sorted(pool[nh:])
        # DI cards: every card not in the viewer's hand, not public, is one pool
        pool = list(self.di_deck)
        shapes = []
        for p, pl in enumerate(self.ps):
            if self.sees(player, p):
                continue
            held = list(pl.di)
            com: list[int] = []
            if bt is not None and not revealed and p in (bt.att, bt.dfn):
                com = bt.a_di if p == bt.att else bt.d_di
            items = held + list(com)
            if DISTRACTION in items:
                items.remove(DISTRACTION)
                has_d = True
            else:
                has_d = False
            has_g = GATHER in items  # KM-T4: personal, never in the deck
            if has_g:
                items.remove(GATHER)
            pool += items
            shapes.append((p, len(held), len(com), has_d, has_g))
        pool.sort()
        rng.shuffle(pool)
        for p, nh, nc, has_d, has_g in shapes:
            take = nh + nc - (1 if has_d else 0) - (1 if has_g else 0)
            got = [pool.pop() for _ in range(take)]
            if has_d:
                got.append(DISTRACTION)
            if has_g:
                got.append(GATHER)
            rng.shuffle(got)
            self.ps[p].di = got[:nh]
            if nc:
                com = bt.a_di if p == bt.att else bt.d_di  # type: ignore[union-attr]
                com[:] = got[nh:]
        self.di_deck = pool
        if self.solo is not None:
            S.resample(self, rng)


    def card_name(self, p: int, c: int) -> str:
        if self.automaton(p):
            assert self.solo is not None
            return S.AMON_CARDS[self.solo.amon_card].name
        return BATTLE_CARDS[c].name

    # ---- solo mode: the player carries out Amon's cards (KM-S.4, KM-S.7, KM-S.8) ----------

    def _la_amon_event(self) -> list[Action]:
        return [Action("draw an Event card", C.DONE)]

    def _do_amon_event(self, a: Action, ev: list[Event]) -> None:
        S.draw_event(self, ev)

    def _la_amon_action(self) -> list[Action]:
        return [Action("draw an Amon Action card", C.DONE)]

    def _do_amon_action(self, a: Action, ev: list[Event]) -> None:
        S.draw_action(self, ev)

    def _la_amon_discard(self) -> list[Action]:
        return [Action(f"discard {DI_CARDS[d].name}", C.DI + d, (d,)) for d in S.discard_options(self)]

    def _do_amon_discard(self, a: Action, ev: list[Event]) -> None:
        S.discard(self, a.data[0], ev)


BATTLE_PROMPTS = {
    "a_disc": "war council (attacker): discard a battle card face down",
    "a_play": "war council (attacker): choose the battle card to play",
    "a_di": "war council (attacker): commit BATTLE cards (or none)",
    "d_disc": "war council (defender): discard a battle card face down",
    "d_play": "war council (defender): choose the battle card to play",
    "d_di": "war council (defender): commit BATTLE cards (or none)",
    "loser": "you lost the battle: retreat or recall your troop",
    "retreat": "you won: choose where the loser retreats",
    "winner": "you won the battle: stay or recall your troop",
    "defender": "your mixed troop is attacked: choose the defending seat",
    "split": "your side is mixed: choose how its losses fall on each ally",
    "vets": "hand each veteran token you gained to yourself or an ally",
}

PROMPTS = {
    "city": "choose your city",
    "troops": "choose the quarter that starts without a troop",
    "pyramids": "lay out your starting pyramid levels",
    "pcolour": "choose the colour of your next pyramid",
    "tile1": "take a level-1 Mightiness tile of one of your pyramid colours",
    "turn": "place an action token (or play a DAY card / move a companion)",
    "extras": "add the silver or gold token, or begin your actions",
    "pick": "choose the next action to resolve",
    "post": "play a DAY card or end your turn",
    "build": "construction: raise a pyramid",
    "recruit": "recruitment: add warriors to your quarters",
    "battle_order": "choose which battle to fight first",
    "acquire": "acquisition: choose a Mightiness tile",
    "acq_comp": "place your new companion",
    "move_troop": "movement: choose the troop to move",
    "move_take": "movement: how many warriors go",
    "move_comp": "movement: which companions go with the troop",
    "move_di": "movement: play Movement DI cards before setting out",
    "move": "movement: move, teleport, leave or pick up, or stop",
    "battle": "battle",
    "devotion": "night: sacrifice in the Sanctuary?",
    "delta": "night: sacrifice in the Delta Temple?",
    "prayers": "night: convert veterans to PP",
    "di_buy": "night: trade veterans for DI cards",
    "summon": "night: summon warriors with veterans",
    "destiny": "night: choose your turn-order position",
    "god": "choose the God you embody (Gods of Egypt)",
    "god_place": "place your God figure in one of your quarters",
    "move_tally": "movement: how many of this ally's warriors go along",
    "gather": "Gather: add a warrior of yours to a troop of an ally",
    "tdestiny": "night: place one of your team's turn-order markers",
    "amon_event": "solo: draw the Event card (after your third action token)",
    "amon_action": "solo: draw Amon's Action card (after your fifth action token)",
    "amon_discard": "solo: choose a DI card to discard",
}
