"""Kemet content: board geometry, player board, Mightiness tiles, Battle and DI cards.

Everything is loaded once from `content/*.toml` into frozen dataclasses and indexed by position.
The state only ever holds these indices."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from theogony.core.content import load_entries, require_text

HERE = Path(__file__).parent / "content"
GAME_ID = "kemet"

COLOURS = ("ruby", "sapphire", "diamond", "onyx", "amethyst")

BATTLE_KEYS = frozenset({"strength", "shield", "damage", "unblockable", "impenetrable",
                         "attack_strength", "attack_damage", "defense_strength", "defense_shield",
                         "win_pp", "punish", "battle_veteran"})
MOVE_KEYS = frozenset({"moves", "teleport_discount", "open_walls"})
DAY_KEYS = frozenset({"prayer_bonus", "recruit_free", "build_discount", "acquire_discount",
                      "troop_limit", "mercenaries"})
NIGHT_KEYS = frozenset({"night_pp", "night_di"})
# index of each ongoing key in a player's modifier vector
MOD_KEYS = tuple(sorted(BATTLE_KEYS | MOVE_KEYS | DAY_KEYS | NIGHT_KEYS))
MOD = {k: i for i, k in enumerate(MOD_KEYS)}


@dataclass(frozen=True)
class City:
    id: str
    name: str
    desert: str
    players: tuple[int, ...]


@dataclass(frozen=True)
class Storm:
    id: str
    players: int
    zones: tuple[str, ...]


@dataclass(frozen=True)
class ZoneDef:
    id: str
    name: str
    kind: str
    links: tuple[str, ...] = ()
    delta: bool = False
    nile: bool = False
    port: str = ""
    obelisk: bool = False
    temple_pp: int = 0

    def check(self) -> None:
        if self.kind not in ("desert", "temple", "delta_temple", "sanctuary", "quarter"):
            raise ValueError(f"unknown zone kind {self.kind!r}")
        if self.port not in ("", "trade", "military"):
            raise ValueError(f"unknown port {self.port!r}")


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    floor: int
    action: str
    slot: int = -1

    def check(self) -> None:
        if self.action not in ("move", "recruit", "build", "pray", "acquire"):
            raise ValueError(f"unknown action {self.action!r}")


@dataclass(frozen=True)
class Tile:
    id: str
    name: str
    colour: str
    level: int
    effect: dict[str, int]
    text: str
    copies: int = 1
    kind: str = "tile"
    gold: str = ""
    update: bool = False

    def check(self) -> None:
        require_text(text=self.text)
        if self.colour not in COLOURS + ("amber",):
            raise ValueError(f"unknown colour {self.colour!r}")
        if not 1 <= self.level <= 4:
            raise ValueError("level must be 1..4")
        if self.kind not in ("tile", "creature", "servant"):
            raise ValueError(f"unknown kind {self.kind!r}")
        if self.gold not in ("", "move", "recruit", "build", "pray"):
            raise ValueError(f"unknown gold action {self.gold!r}")

    @property
    def companion(self) -> bool:
        return self.kind != "tile"


@dataclass(frozen=True)
class BattleCard:
    id: str
    name: str
    text: str
    strength: int = 0
    damage: int = 0
    shield: int = 0
    unblockable: int = 0
    impenetrable: int = 0
    special: int = 0

    def check(self) -> None:
        require_text(text=self.text)


@dataclass(frozen=True)
class DICard:
    id: str
    name: str
    timing: str
    effect: dict[str, int]
    text: str
    count: int = 0
    cost: int = 0
    personal: str = ""

    def check(self) -> None:
        require_text(text=self.text)
        if self.timing not in ("day", "movement", "battle"):
            raise ValueError(f"unknown timing {self.timing!r}")


@dataclass(frozen=True)
class God:
    """A God of the Gods of Egypt module (KM-G2): troop strength, Life Points, advantages."""

    id: str
    name: str
    strength: int
    lp: int
    effect: dict[str, int]
    text: str
    handler: str = ""

    def check(self) -> None:
        require_text(text=self.text)
        if self.handler not in ("", "weigh_hearts"):
            raise ValueError(f"unknown handler {self.handler!r}")
        if not 1 <= self.lp <= 5:
            raise ValueError("lp must be 1..5 (a God never exceeds the troop limit)")


CITIES: tuple[City, ...] = tuple(load_entries(HERE / "board.toml", "city", City, GAME_ID))
STORMS: tuple[Storm, ...] = tuple(load_entries(HERE / "board.toml", "storm", Storm, GAME_ID))
_OPEN_ZONES: list[ZoneDef] = load_entries(HERE / "board.toml", "zone", ZoneDef, GAME_ID)
SPACES: tuple[Space, ...] = tuple(load_entries(HERE / "player_board.toml", "space", Space, GAME_ID))
TILES: tuple[Tile, ...] = tuple(load_entries(HERE / "tiles.toml", "tile", Tile, GAME_ID))
BATTLE_CARDS: tuple[BattleCard, ...] = tuple(load_entries(HERE / "cards.toml", "battle", BattleCard,
                                                          GAME_ID))
DI_CARDS: tuple[DICard, ...] = tuple(load_entries(HERE / "cards.toml", "di", DICard, GAME_ID))
GODS: tuple[God, ...] = tuple(load_entries(HERE / "gods.toml", "god", God, GAME_ID))

# Quarters are generated: three per city, touching each other and the city's desert.
_quarters: list[ZoneDef] = []
for _c in CITIES:
    for _q in (1, 2, 3):
        siblings = tuple(f"{_c.id}-{o}" for o in (1, 2, 3) if o != _q)
        _quarters.append(ZoneDef(f"{_c.id}-{_q}", f"{_c.name} Quarter {_q}", "quarter",
                                 (_c.desert,) + siblings))
ZONES: tuple[ZoneDef, ...] = tuple(_OPEN_ZONES + _quarters)
ZONE_INDEX = {z.id: i for i, z in enumerate(ZONES)}
CITY_INDEX = {c.id: i for i, c in enumerate(CITIES)}
QUARTER_CITY: tuple[int, ...] = tuple(
    CITY_INDEX[z.id.split("-")[0]] if z.kind == "quarter" else -1 for z in ZONES)
CITY_QUARTERS: tuple[tuple[int, int, int], ...] = tuple(
    tuple(ZONE_INDEX[f"{c.id}-{q}"] for q in (1, 2, 3)) for c in CITIES)  # type: ignore[misc]
CITY_DESERT: tuple[int, ...] = tuple(ZONE_INDEX[c.desert] for c in CITIES)
DESERT_CITY: dict[int, int] = {ZONE_INDEX[c.desert]: i for i, c in enumerate(CITIES)}
NZ = len(ZONES)

TILE_INDEX = {t.id: i for i, t in enumerate(TILES)}
BATTLE_INDEX = {c.id: i for i, c in enumerate(BATTLE_CARDS)}
DI_INDEX = {c.id: i for i, c in enumerate(DI_CARDS)}
BASE_BATTLE: tuple[int, ...] = tuple(i for i, c in enumerate(BATTLE_CARDS) if not c.special)
SPECIAL_BATTLE: dict[int, int] = {c.special: i for i, c in enumerate(BATTLE_CARDS) if c.special}
DISTRACTION = DI_INDEX["distraction"]
GATHER = DI_INDEX["gather"]
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
TILE_COLOUR: tuple[int, ...] = tuple(COLOUR_INDEX.get(t.colour, -1) for t in TILES)
COMPANIONS: tuple[int, ...] = tuple(i for i, t in enumerate(TILES) if t.companion)
AMBER: tuple[int, ...] = tuple(i for i, t in enumerate(TILES) if t.colour == "amber")
MERCENARIES = 6   # Mercenary figures in the bank (KM-1.12)
COMPANION_SLOT = {tid: k for k, tid in enumerate(COMPANIONS)}
SPACE_ACTION = tuple(s.action for s in SPACES)
FLOORS = (1, 2, 3)


def _mods(effect: dict[str, int]) -> tuple[int, ...]:
    return tuple(effect.get(k, 0) for k in MOD_KEYS)


TILE_MODS: tuple[tuple[int, ...], ...] = tuple(_mods(t.effect) for t in TILES)
DI_MODS: tuple[tuple[int, ...], ...] = tuple(_mods(c.effect) for c in DI_CARDS)
GOD_MODS: tuple[tuple[int, ...], ...] = tuple(_mods(g.effect) for g in GODS)


def _check() -> None:
    for z in ZONES:
        for other in z.links:
            if other not in ZONE_INDEX:
                raise ValueError(f"board.toml: zone {z.id} links to unknown zone {other}")
    for s in STORMS:
        for other in s.zones:
            if other not in ZONE_INDEX:
                raise ValueError(f"board.toml: storm {s.id} covers unknown zone {other}")
    if len(DI_CARDS) and sum(c.count for c in DI_CARDS) != 38:
        raise ValueError("cards.toml: the DI deck must hold 38 cards")
    if len(GODS) != 6:
        raise ValueError("gods.toml: the module has six Gods")
    for g in GODS:
        if g.effect.get("special_card", 0) and g.effect["special_card"] not in SPECIAL_BATTLE:
            raise ValueError(f"gods.toml: god {g.id} names an unknown special battle card")
    if sum(1 for t in TILES if t.kind == "creature") != 13:
        raise ValueError("tiles.toml: there must be 13 creatures")


_check()


@dataclass(frozen=True)
class Board:
    """The board graph for one player count: zones in play, adjacency and port network."""

    players: int
    active: tuple[bool, ...]
    adj: tuple[tuple[int, ...], ...]
    ports: tuple[int, ...]
    obelisks: tuple[int, ...]
    cities: tuple[int, ...]
    temples: tuple[int, ...]
    storms: tuple[int, ...] = field(default=())


_boards: dict[int, Board] = {}


def board_for(players: int) -> Board:
    b = _boards.get(players)
    if b is not None:
        return b
    cities = tuple(i for i, c in enumerate(CITIES) if players in c.players)
    storm = set()
    for s in STORMS:
        if s.players == players:
            storm |= {ZONE_INDEX[z] for z in s.zones}
    active = []
    for i, z in enumerate(ZONES):
        ok = i not in storm
        if z.kind == "quarter" and QUARTER_CITY[i] not in cities:
            ok = False
        active.append(ok)
    links: list[set[int]] = [set() for _ in ZONES]
    for i, z in enumerate(ZONES):
        for other in z.links:
            j = ZONE_INDEX[other]
            links[i].add(j)
            links[j].add(i)
    # a city's quarters also touch the city's desert from the desert side
    adj = tuple(tuple(sorted(j for j in links[i] if active[i] and active[j])) for i in range(NZ))
    ports = tuple(i for i, z in enumerate(ZONES) if z.port and active[i])
    obelisks = tuple(i for i, z in enumerate(ZONES) if z.obelisk and active[i])
    temples = tuple(i for i, z in enumerate(ZONES)
                    if z.kind in ("temple", "delta_temple") and active[i])
    b = Board(players=players, active=tuple(active), adj=adj, ports=ports, obelisks=obelisks,
              cities=cities, temples=temples, storms=tuple(sorted(storm)))
    _boards[players] = b
    return b
