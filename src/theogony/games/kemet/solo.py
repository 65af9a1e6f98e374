"""Kemet solo mode against Amon (issue 7, rule ids KM-S.x in docs/rules/kemet.md, "Solo mode").

Amon is an engine-driven second seat (seat 1): he never decides. The player (seat 0) draws his
Event and Action cards, and the engine carries them out here: Amon's movement towards targets,
recruitment, plunder of the Mightiness tile board, battle values, retreat and re-deployment, the
round track and the objective. The hooks in `state.py` call into this module only when
`state.solo` is set; content comes from `content/solo.toml`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from theogony.core import Event
from theogony.core.content import load_entries

from .content import (CITY_INDEX, CITY_QUARTERS, GAME_ID, HERE, MOD, MOD_KEYS,
                      ZONES, board_for, require_text)

if TYPE_CHECKING:
    from .state import KemetState

PLAYER = 0
AMON = 1
SUPPLY = -1   # same meaning as state.SUPPLY: a companion on its tile, in its owner's supply
MOVING = -2   # same meaning as state.MOVING: with the attacking troop
FAR = 10_000

# ---------------------------------------------------------------------------------- content


@dataclass(frozen=True)
class AmonBoard:
    id: str
    name: str
    troop_limit: int
    base_moves: int
    redeploy: int
    city: str
    pyramid_quarters: tuple[int, ...]


@dataclass(frozen=True)
class WarColumn:
    id: str
    name: str
    low: int
    high: int


@dataclass(frozen=True)
class Objective:
    id: str
    name: str
    number: int
    rounds: int
    when: str
    text: str
    glory: int = 0
    temples: int = 0
    level4: int = 0
    tiles: int = 0
    warriors: int = 0
    amon_pyramid: bool = False
    city_clear: bool = False
    battle_glory: bool = True
    hard: dict[str, int] = field(default_factory=dict)   # the numbers against hard Amon (KM-S.R13)
    hard_text: str = ""

    def check(self) -> None:
        require_text(text=self.text)
        if self.when not in ("any", "night", "end"):
            raise ValueError(f"unknown objective timing {self.when!r}")
        if not 3 <= self.rounds <= 10:
            raise ValueError("an objective lasts 3 to 10 rounds")
        if self.hard or self.hard_text:
            self._check_hard()

    def _check_hard(self) -> None:
        """KM-S.R13: the hard card changes only numbers, none of them easier, and its text states
        every number it changes."""
        require_text(hard_text=self.hard_text)
        if not self.hard:
            raise ValueError("hard_text without a `hard` table of numbers")
        for key, value in self.hard.items():
            if key not in HARD_NUMBERS:
                raise ValueError(f"hard: unknown number {key!r}; known: {HARD_NUMBERS}")
            standard = getattr(self, key)
            easier = value > standard if key == "rounds" else value < standard
            if easier:
                raise ValueError(f"hard: {key} {value} is easier than the standard {standard}")
            if str(value) not in self.hard_text:
                raise ValueError(f"hard_text must state the hard {key} ({value})")
        self.at_hard().check()

    def at_hard(self) -> Objective:
        """The card against hard Amon: the hard numbers and the hard text."""
        return replace(self, text=self.hard_text, hard={}, hard_text="", **self.hard)


DIFFICULTIES = ("standard", "hard")   # KM-S.R13 the variant `difficulty` (solo mode only)
HARD_NUMBERS = ("rounds", "glory", "temples", "level4", "tiles", "warriors")


STEP_KINDS = ("discard_di", "lose_pp", "gain_pp", "draw_di", "recruit", "plunder", "move")
TROOPS = ("A", "B", "both", "strongest", "weakest")
TARGETS = ("highest_pyramid", "occupied_pyramid", "westernmost_pyramid", "easternmost_pyramid",
           "weakest_troop", "strongest_troop", "player_troop", "player_temple", "free_temple",
           "player_delta", "delta_temple")


def _check_steps(steps: tuple[dict[str, Any], ...]) -> None:
    for st in steps:
        do = st.get("do")
        if do not in STEP_KINDS:
            raise ValueError(f"unknown step {do!r}; known: {STEP_KINDS}")
        extra = set(st) - {"do", "n", "troop", "targets"}
        if extra:
            raise ValueError(f"unknown step field(s) {sorted(extra)}")
        if do == "move":
            if st.get("troop") not in TROOPS:
                raise ValueError(f"a move names its troop among {TROOPS}")
            bad = [t for t in st.get("targets", []) if t not in TARGETS]
            if bad or not st.get("targets"):
                raise ValueError(f"a move lists targets among {TARGETS}; bad: {bad}")
        elif do not in ("recruit",) and not isinstance(st.get("n"), int):
            raise ValueError(f"step {do!r} needs a number n")


@dataclass(frozen=True)
class EventCard:
    id: str
    name: str
    kind: str
    text: str
    war: dict[str, int] = field(default_factory=dict)
    player: dict[str, int] = field(default_factory=dict)
    steps: tuple[dict[str, Any], ...] = ()

    def check(self) -> None:
        require_text(text=self.text)
        if self.kind not in ("event", "calamity"):
            raise ValueError(f"unknown event kind {self.kind!r}")
        bad = set(self.war) - set(WAR_IDS) | set(self.player) - set(MOD_KEYS)
        if bad:
            raise ValueError(f"unknown modifier(s) {sorted(bad)}")
        _check_steps(self.steps)


@dataclass(frozen=True)
class ActionCard:
    id: str
    name: str
    steps: tuple[dict[str, Any], ...]
    text: str

    def check(self) -> None:
        require_text(text=self.text)
        _check_steps(self.steps)


@dataclass(frozen=True)
class PlunderCard:
    id: str
    name: str
    top: tuple[int, int]      # (level, column 1-4) in the upper colour's rows
    bottom: tuple[int, int]   # the same in the lower colour's rows
    text: str

    def check(self) -> None:
        require_text(text=self.text)
        for lv, col in (self.top, self.bottom):
            if not (1 <= lv <= 4 and 1 <= col <= 4):
                raise ValueError("a plunder part is (level 1-4, column 1-4)")


@dataclass(frozen=True)
class AmonBattleCard:
    id: str
    name: str
    text: str
    strength: int = 0
    damage: int = 0
    shield: int = 0
    unblockable: int = 0
    impenetrable: int = 0

    def check(self) -> None:
        require_text(text=self.text)


@dataclass(frozen=True)
class Compass:
    id: str
    name: str
    x: int


_FILE = HERE / "solo.toml"
WAR_COLUMNS: tuple[WarColumn, ...] = tuple(load_entries(_FILE, "war", WarColumn, GAME_ID))
WAR_IDS = tuple(c.id for c in WAR_COLUMNS)
W_STR, W_SHIELD, W_DMG, W_MOVES = (WAR_IDS.index(k) for k in ("strength", "shield", "damage", "moves"))
AMON_BOARD: AmonBoard = load_entries(_FILE, "amon", AmonBoard, GAME_ID)[0]
OBJECTIVES: tuple[Objective, ...] = tuple(load_entries(_FILE, "objective", Objective, GAME_ID))
EVENTS: tuple[EventCard, ...] = tuple(load_entries(_FILE, "event", EventCard, GAME_ID))
ACTIONS: tuple[ActionCard, ...] = tuple(load_entries(_FILE, "action", ActionCard, GAME_ID))
PLUNDER: tuple[PlunderCard, ...] = tuple(load_entries(_FILE, "plunder", PlunderCard, GAME_ID))
AMON_CARDS: tuple[AmonBattleCard, ...] = tuple(load_entries(_FILE, "amon_battle", AmonBattleCard,
                                                            GAME_ID))
_COMPASS = {c.id: c.x for c in load_entries(_FILE, "compass", Compass, GAME_ID)}
CALAMITIES = tuple(i for i, e in enumerate(EVENTS) if e.kind == "calamity")
PLAIN_EVENTS = tuple(i for i, e in enumerate(EVENTS) if e.kind == "event")
HARD_OBJECTIVES: tuple[Objective, ...] = tuple(o.at_hard() for o in OBJECTIVES)
OBJECTIVE_BY_NUMBER = {o.number: i for i, o in enumerate(OBJECTIVES)}
AMON_CITY = CITY_INDEX[AMON_BOARD.city]
PLAYER_CITY = CITY_INDEX["SW"]   # KM-S.2 the southern City of the solo board
AMON_PYRAMIDS = tuple(CITY_QUARTERS[AMON_CITY][q - 1] for q in AMON_BOARD.pyramid_quarters)
PLAYER_PYRAMIDS = (CITY_QUARTERS[PLAYER_CITY][0], CITY_QUARTERS[PLAYER_CITY][2])  # west, east
BOARD = board_for(1)
X = tuple(_COMPASS.get(z.id, FAR) for z in ZONES)
M_STR, M_SHIELD, M_DMG = MOD["strength"], MOD["shield"], MOD["damage"]
M_UNB, M_IMP, M_MOVES = MOD["unblockable"], MOD["impenetrable"], MOD["moves"]


def _check_content() -> None:
    if len(OBJECTIVES) != 5 or sorted(o.number for o in OBJECTIVES) != [1, 2, 3, 4, 5]:
        raise ValueError("solo.toml: five objectives numbered 1-5")
    for o in OBJECTIVES:
        if not o.hard:
            raise ValueError(f"solo.toml: objective {o.id} needs its `hard` numbers and hard_text")
    if (len(CALAMITIES), len(PLAIN_EVENTS), len(ACTIONS), len(PLUNDER)) != (5, 10, 9, 8):
        raise ValueError("solo.toml: 5 calamities, 10 events, 9 action cards, 8 plunder cards")
    if not any(c.strength == 1 and c.damage == 3 for c in AMON_CARDS):
        raise ValueError("solo.toml: Amon has a 1 Strength / 3 Damage battle card")
    for part in ("top", "bottom"):
        cols = {getattr(p, part)[1] for p in PLUNDER if getattr(p, part)[0] == 2}
        if not {1, 2, 3} <= cols:
            raise ValueError(f"solo.toml: the {part} parts must name level-2 columns 1-3")
    for o in OBJECTIVES + HARD_OBJECTIVES:
        if o.rounds - 2 > len(PLAIN_EVENTS):
            raise ValueError(f"solo.toml: objective {o.id} needs more events than exist")
    for z in range(len(ZONES)):
        if BOARD.active[z] and X[z] == FAR:
            raise ValueError(f"solo.toml: compass lacks zone {ZONES[z].id}")


_check_content()


# ------------------------------------------------------------------------------ Amon's graph

def _amon_graph() -> tuple[tuple[int, ...], ...]:
    """KM-S.6: land moves ignore walls; no ports except a Military Port leaving a Desert into a
    Delta zone with a port."""
    out = []
    for z in range(len(ZONES)):
        nxt = set(BOARD.adj[z]) if BOARD.active[z] else set()
        zd = ZONES[z]
        if BOARD.active[z] and zd.kind == "desert" and zd.port == "military":
            nxt |= {y for y in BOARD.ports if ZONES[y].delta}
        out.append(tuple(sorted(nxt)))
    return tuple(out)


GRAPH = _amon_graph()


def _distances() -> tuple[tuple[int, ...], ...]:
    n = len(ZONES)
    rows = []
    for s in range(n):
        d = [FAR] * n
        d[s] = 0
        frontier = [s]
        while frontier:
            nxt = []
            for z in frontier:
                for y in GRAPH[z]:
                    if d[y] == FAR:
                        d[y] = d[z] + 1
                        nxt.append(y)
            frontier = nxt
        rows.append(tuple(d))
    return tuple(rows)


DIST = _distances()
DELTA_OBELISKS = tuple(z for z in BOARD.obelisks if ZONES[z].delta)


def next_step(z: int, t: int) -> int:
    """The next zone on a shortest path from z to t; ties go west (smaller x), then by index."""
    best = -1
    for y in GRAPH[z]:
        if DIST[y][t] == DIST[z][t] - 1 and (best < 0 or (X[y], y) < (X[best], best)):
            best = y
    return best


# ------------------------------------------------------------------------------------ state

@dataclass(slots=True)
class Solo:
    """Amon's side of a solo game (everything public except the order of the three decks)."""

    objective: int            # index into OBJECTIVES
    marker: int               # Amon's Prayer marker on the round track (rounds left, this one too)
    event_deck: list[int]     # hidden order, top = last
    event_seen: list[int]     # every Event / Calamity card drawn so far, in order
    active_event: int         # the Event card on top (its red text applies), -1 none
    calamities: list[int]
    action_deck: list[int]
    action_discard: list[int]
    plunder_deck: list[int]
    plunder_discard: list[int]
    rows: list[int]           # tile board: 2 colours x 4 levels x 4 columns, tile index or -1
    removed: list[int]        # tiles plundered out of the game
    troop_comp: list[int]     # the companion slot of Creature A and Creature B
    event_done: bool
    action_done: bool
    prog_src: int             # card being carried out: 0 none, 1 an Event card, 2 an Action card
    prog_card: int
    prog_pc: int
    prog_sub: int
    discard_left: int
    amon_card: int            # Amon's Battle card in the current / last battle, -1 none
    won: bool
    lost: str                 # why the player lost, "" while not lost


def is_hard(s: KemetState) -> bool:
    """KM-S.R13: the game is played against hard Amon (the variant `difficulty`)."""
    return s.variant.get("difficulty") == "hard"


def objectives(s: KemetState) -> tuple[Objective, ...]:
    """The Objective cards at the game's difficulty."""
    return HARD_OBJECTIVES if is_hard(s) else OBJECTIVES


def objective_of(s: KemetState) -> Objective:
    assert s.solo is not None
    return objectives(s)[s.solo.objective]


# ------------------------------------------------------------------------------------ setup
