"""Static Theocratia content: the board, Temple track, Chronicles, cards and tokens (TOML data),
plus tables derived from them once at import (neighbours, distances). Nothing here is state."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from theogony.core.content import load_entries, require_text

GAME_ID = "theocratia"
HERE = Path(__file__).parent / "content"

CIV_NAMES = ("Magenta", "Turquoise", "Violet", "Pink")
PLAYER_COLOURS = ("Red", "Brown", "Blue", "White")
TERRAINS = ("lava", "rocky", "lakes", "cloudy mountains")
CRYSTAL_NAMES = ("Red", "Brown", "Blue", "White", "Green", "Black")
GREEN, BLACK = 4, 5
WARRIOR = 6  # item code of a Warrior on a Chronicles page

# hex colour codes (dynamic, in the state): 0..3 player colours, then:
PLAINS, DESERT, VOLCANO, FORTRESS_HEX = -1, -2, -3, -4
# piece kinds on a hex
EMPTY, FORTRESS, HOUSE, FACTORY, BARRACK, PYRAMID, MONSTER_PLAIN, MONSTER_DESERT = range(8)
KIND_NAMES = ("empty", "Fortress", "House", "Factory", "Barrack", "Pyramid", "Plain Monster",
              "Desert Monster")
HOLIDAY = 7  # action number used by Power cards for a Holiday
ACTION_NAMES = {1: "First Player", 2: "War/Convert", 3: "Expand", 4: "Factory", 5: "Barrack",
                6: "Divination", 7: "Holiday"}


@dataclass(frozen=True, slots=True)
class HexDef:
    id: str
    q: int
    r: int
    terrain: str
    fortress: str = ""
    start: str = ""
    monster: str = ""

    def check(self) -> None:
        if self.terrain not in ("red", "brown", "blue", "white", "plains", "desert", "volcano",
                                "fortress"):
            raise ValueError(f"unknown terrain {self.terrain!r}")
        if self.monster not in ("", "plain", "desert"):
            raise ValueError(f"unknown monster {self.monster!r}")


@dataclass(frozen=True, slots=True)
class CivDef:
    id: str
    name: str
    start_building: str
    crystals: int
    warriors: int

    def check(self) -> None:
        if self.start_building not in ("barrack", "factory"):
            raise ValueError("start_building is barrack or factory")


@dataclass(frozen=True, slots=True)
class TempleMark:
    id: str
    position: int
    multiplier: int
    unlock: int = 0


@dataclass(frozen=True, slots=True)
class ChroniclePage:
    id: str
    page: int
    spaces: int


@dataclass(frozen=True, slots=True)
class PowerCard:
    id: str
    name: str
    cost: int
    actions: tuple[int, ...]
    effect: str
    amount: int
    text: str
    copies: int = 1

    def check(self) -> None:
        require_text(text=self.text)
        if not all(1 <= a <= 7 for a in self.actions):
            raise ValueError("actions are numbers 1-7 (7 = Holiday)")
        if self.cost < 0 or self.amount < 1:
            raise ValueError("cost >= 0 and amount >= 1")


@dataclass(frozen=True, slots=True)
class RoundBonus:
    id: str
    name: str
    text: str

    def check(self) -> None:
        require_text(text=self.text)


@dataclass(frozen=True, slots=True)
class Development:
    id: str
    name: str
    effect: str
    text: str

    def check(self) -> None:
        require_text(text=self.text)


@dataclass(frozen=True, slots=True)
class ConversionTileDef:
    """A Conversion tile as a player reads it (TC-11); the rules are the engine's."""

    id: str
    name: str
    text: str

    def check(self) -> None:
        require_text(text=self.text)


@dataclass(frozen=True, slots=True)
class TokenDef:
    id: str
    name: str
    copies: int
    text: str

    def check(self) -> None:
        require_text(text=self.text)


HEXES: list[HexDef] = load_entries(HERE / "board.toml", "hex", HexDef, GAME_ID)
CIVS: list[CivDef] = load_entries(HERE / "board.toml", "civ", CivDef, GAME_ID)
MARKS: list[TempleMark] = load_entries(HERE / "board.toml", "temple_mark", TempleMark, GAME_ID)
PAGES: list[ChroniclePage] = load_entries(HERE / "board.toml", "chronicle_page", ChroniclePage,
                                          GAME_ID)
POWER_DEFS: list[PowerCard] = load_entries(HERE / "cards.toml", "power", PowerCard, GAME_ID)
ROUND_BONUSES: list[RoundBonus] = load_entries(HERE / "cards.toml", "round_bonus", RoundBonus,
                                               GAME_ID)
DEVELOPMENTS: list[Development] = load_entries(HERE / "cards.toml", "development", Development,
                                               GAME_ID)
TOKENS: list[TokenDef] = load_entries(HERE / "cards.toml", "pyramid_token", TokenDef, GAME_ID)
CONVERSION_TILES: list[ConversionTileDef] = load_entries(HERE / "cards.toml", "conversion_tile",
                                                         ConversionTileDef, GAME_ID)


# ---- the solo automaton's cards (BOT-2) ----------------------------------------------------------

BOT_ACTIONS = ("bonus", "house", "factory", "barrack", "pyramid", "war", "holiday")
PERSONALITIES = ("xevron", "ory", "noks")


@dataclass(frozen=True, slots=True)
class BotCard:
    id: str
    number: int
    arrow: str
    die: int
    action: str
    worship: int
    rotation: str
    decks: tuple[str, ...]
    text: str

    def check(self) -> None:
        require_text(text=self.text)
        if self.arrow not in ("left", "right") or self.rotation not in ("cw", "ccw"):
            raise ValueError("arrow is left/right and rotation cw/ccw")
        if self.action not in BOT_ACTIONS:
            raise ValueError(f"unknown action {self.action!r}; known: {BOT_ACTIONS}")
        if not 1 <= self.die <= 6 or not 1 <= self.number <= 20:
            raise ValueError("die 1-6, number 1-20")
        if not set(self.decks) <= set(PERSONALITIES):
            raise ValueError(f"decks are among {PERSONALITIES}")


BOT_CARDS: list[BotCard] = load_entries(HERE / "bot_cards.toml", "bot_card", BotCard, GAME_ID)

# ---- derived tables ---------------------------------------------------------------------------

N_HEX = len(HEXES)
HEX_INDEX = {h.id: i for i, h in enumerate(HEXES)}
_COORD = {(h.q, h.r): i for i, h in enumerate(HEXES)}
_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_COORD[(h.q + dq, h.r + dr)] for dq, dr in _DIRS if (h.q + dq, h.r + dr) in _COORD)
    for h in HEXES)


def _dist(a: HexDef, b: HexDef) -> int:
    return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.q + a.r - b.q - b.r)) // 2


DIST: tuple[tuple[int, ...], ...] = tuple(tuple(_dist(a, b) for b in HEXES) for a in HEXES)
FORTRESS_OF: tuple[int, ...] = tuple(
    next(i for i, h in enumerate(HEXES) if h.fortress == name) for name in CIV_NAMES)
START_HEX: tuple[int, ...] = tuple(
    next(i for i, h in enumerate(HEXES) if h.start == name) for name in CIV_NAMES)
_TERRAIN_CODE = {"red": 0, "brown": 1, "blue": 2, "white": 3, "plains": PLAINS, "desert": DESERT,
                 "volcano": VOLCANO, "fortress": FORTRESS_HEX}
HEX_TERRAIN: tuple[int, ...] = tuple(_TERRAIN_CODE[h.terrain] for h in HEXES)
# the hex of player colour c next to Civ v's Fortress (setup House hexes)
HOME_HEX: tuple[tuple[int, ...], ...] = tuple(
    tuple(next(n for n in NEIGHBOURS[FORTRESS_OF[v]] if HEX_TERRAIN[n] == c) for c in range(4))
    for v in range(4))

PAGE_SPACES: tuple[int, ...] = tuple(p.spaces for p in sorted(PAGES, key=lambda p: p.page))
LAST_PAGE = len(PAGE_SPACES) - 1
TRACK_END = max(m.position for m in MARKS)
_MULT = [0] * (TRACK_END + 1)
for _m in sorted(MARKS, key=lambda m: m.position):
    for _p in range(_m.position, TRACK_END + 1):
        _MULT[_p] = _m.multiplier
UNLOCK_AT: dict[int, int] = {m.unlock: m.position for m in MARKS if m.unlock}


def multiplier(position: int) -> int:
    """The last Temple multiplier reached at `position` (the start space below 0 counts x0)."""
    if position < 0:
        return 0
    return _MULT[min(position, TRACK_END)]


# Power deck: one entry per physical card; the state holds indices into POWER_CARDS.
POWER_CARDS: list[PowerCard] = [c for c in POWER_DEFS for _ in range(c.copies)]
POWER_KIND = tuple(POWER_DEFS.index(c) for c in POWER_CARDS)
TOKEN_IDS = tuple(t.id for t in TOKENS)
BONUS_IDS = tuple(b.id for b in ROUND_BONUSES)
DEV_EFFECTS = tuple(d.effect for d in DEVELOPMENTS)


def check_board() -> None:
    """Board invariants the rules rely on (used by tests)."""
    assert len(FORTRESS_OF) == 4 and len(set(FORTRESS_OF)) == 4
    for v in range(4):
        assert START_HEX[v] in NEIGHBOURS[FORTRESS_OF[v]]
        assert sorted(HEX_TERRAIN[n] for n in NEIGHBOURS[FORTRESS_OF[v]] if HEX_TERRAIN[n] >= 0) \
            == [0, 1, 2, 3]
    assert sum(1 for h in HEXES if h.monster == "plain") == 7
    assert sum(1 for h in HEXES if h.monster == "desert") == 3
    assert sum(1 for i, h in enumerate(HEXES) if h.terrain == "plains" and not h.monster
               and i not in START_HEX) == 1


# ---- player-facing components (issue 18) ---------------------------------------------------------
