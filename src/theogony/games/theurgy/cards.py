"""Theurgy components as data (docs/content/theurgy.md): miracles, monsters, Divine Callings, capital
events, deities and the number X of temples per player count, loaded from content/*.toml and validated.
Every component carries the text a player reads (never empty)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core import ContentError
from ...core.content import load_entries, read_toml, require_text
from .board import TYPES

HERE = Path(__file__).parent / "content"
GAME_ID = "theurgy"
# the deities' names as the rules and saves spell them (state.DEITIES, which imports this module)
DEITY_NAMES = ("Lutraz", "Kelerix", "Orrun", "Aeoris", "Eseryn", "Kirjani")

SCOPES = ("here", "near", "adjacent", "any", "werewolf", "acolytes")
# effect names are checked against the effects registry when the game loads (effects.check_content)
CALLING_CONDITIONS = (
    "outpost", "borders", "root_out", "type_pair", "inner", "outer", "diverse", "horde", "legend",
    "followers", "spread", "faith_web", "no_doubt", "guardian", "watch", "watch_clear", "triangle", "outnumber",
    "capital_crowd", "no_ruins")


@dataclass(frozen=True, slots=True)
class Miracle:
    id: str
    name: str
    count: int
    effect: str
    text: str
    n: int = 0
    scope: str = "here"
    who: int = 0

    def check(self) -> None:
        if self.scope not in SCOPES:
            raise ValueError(f"unknown scope {self.scope!r}")
        if self.count < 1:
            raise ValueError("count must be at least 1")
        require_text(name=self.name, text=self.text)


@dataclass(frozen=True, slots=True)
class Monster:
    id: str
    name: str
    type: str
    ability: str          # "active" or "passive"
    movement: str         # "roaming", "territorial" or "special"
    text: str
    effect: str = ""
    n: int = 0
    scope: str = "here"
    who: int = 0
    legendary: bool = False
    summoned: str = ""    # when-summoned effect of a legendary monster ("" none)
    summoned_n: int = 0
    summoned_scope: str = "here"
    summoned_who: int = 0
    summoned_text: str = ""

    def check(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"type must be one of {TYPES}")
        if self.ability not in ("active", "passive"):
            raise ValueError("ability must be active or passive")
        if self.movement not in ("roaming", "territorial", "special"):
            raise ValueError("movement must be roaming, territorial or special")
        for s in (self.scope, self.summoned_scope):
            if s not in SCOPES:
                raise ValueError(f"unknown scope {s!r}")
        require_text(name=self.name, text=self.text)
        if self.legendary:
            require_text(summoned_text=self.summoned_text)


@dataclass(frozen=True, slots=True)
class Calling:
    id: str
    name: str
    players: tuple[int, ...]
    condition: str
    text: str
    n: int = 0
    kind: str = ""
    # the count with four or more players (0: n at every count); the setup changes at four players
    # (both acolytes start together, TU-2.8), and with them how much of the board a seat reaches
    n_four_plus: int = 0
    # the count with two players (absent: n): one rival leaves a seat more of the board to clear,
    # and a card may also be harder with three players only (n for three, n_two = 0 for two)
    n_two: int | None = None
    # type_pair: with four or more players a temple in a settlement of this second type counts too
    # (issue 21, thirteenth pass: with three or more rivals two settlements of one type were too few)
    kind_four_plus: str = ""
    # inner and outer: a temple counts only where its settlement holds `tend` followers of yours, at the
    # counts of `tend_players` (issue 21, fifteenth pass: Ring the Capital with five players)
    tend: int = 0
    tend_players: tuple[int, ...] = ()

    def tended(self, players: int) -> int:
        """The followers of yours a temple this card counts must hold at this player count (0: none)."""
        return self.tend if players in self.tend_players else 0

    def kinds(self, players: int) -> tuple[str, ...]:
        """The settlement types a type_pair card counts at this player count."""
        return (self.kind, self.kind_four_plus) if players >= 4 and self.kind_four_plus else (self.kind,)

    def need(self, players: int) -> int:
        """The number the condition counts at this player count."""
        if players == 2 and self.n_two is not None:
            return self.n_two
        return self.n_four_plus if players >= 4 and self.n_four_plus else self.n

    def check(self) -> None:
        if self.condition not in CALLING_CONDITIONS:
            raise ValueError(f"unknown condition {self.condition!r}")
        if not self.players or not all(2 <= p <= 6 for p in self.players):
            raise ValueError("players must list counts from 2 to 6")
        if self.n_four_plus < 0 or (self.n_four_plus and max(self.players) < 4):
            raise ValueError("n_four_plus must be 0, or a count for a card dealt with four or more players")
        if self.n_two is not None and (self.n_two < 0 or 2 not in self.players):
            raise ValueError("n_two, when given, must be a count (0 or more) for a card dealt with two players")
        if self.condition == "type_pair" and self.kind not in TYPES:
            raise ValueError(f"kind must be one of {TYPES}")
        if self.kind_four_plus and (self.condition != "type_pair" or self.kind_four_plus not in TYPES
                                    or self.kind_four_plus == self.kind or max(self.players) < 4):
            raise ValueError(f"kind_four_plus, when given, must be a second type of {TYPES} for a type_pair card "
                             "dealt with four or more players")
        if (self.tend or self.tend_players) and (self.condition not in ("inner", "outer") or self.tend < 1
                                                 or not self.tend_players
                                                 or not set(self.tend_players) <= set(self.players)):
            raise ValueError("tend and tend_players, when given, must be a number of followers (1 or more) and "
                             "the counts the card is dealt at where it applies, for an inner or outer card")
        require_text(name=self.name, text=self.text)


@dataclass(frozen=True, slots=True)
class CapitalEvent:
    id: str
    name: str
    effect: str
    text: str

    def check(self) -> None:
        require_text(name=self.name, text=self.text)


@dataclass(frozen=True, slots=True)
class Deity:
    """A deity and its power (TU-14). `name` is the deity's name in the rules and saves; `rank` its
    place in the rulebook's order of complexity (1 simplest)."""

    id: str
    name: str
    rank: int
    text: str

    def check(self) -> None:
        if not 1 <= self.rank <= 6:
            raise ValueError("rank must be from 1 to 6")
        require_text(name=self.name, text=self.text)


def _load():
    miracles = load_entries(HERE / "miracles.toml", "miracle", Miracle, GAME_ID)
    monsters = load_entries(HERE / "monsters.toml", "monster", Monster, GAME_ID)
    callings = load_entries(HERE / "callings.toml", "calling", Calling, GAME_ID)
    events = load_entries(HERE / "events.toml", "event", CapitalEvent, GAME_ID)
    deities = load_entries(HERE / "deities.toml", "deity", Deity, GAME_ID)
    total = sum(m.count for m in miracles)
    if total != 51:
        raise ContentError(f"miracles.toml: the miracle deck must hold 51 cards, it holds {total}")
    if len(monsters) != 30:
        raise ContentError(f"monsters.toml: 30 monsters expected, found {len(monsters)}")
    for t in TYPES:
        of_type = [m for m in monsters if m.type == t]
        if len(of_type) != 5 or sum(m.legendary for m in of_type) != 1:
            raise ContentError(f"monsters.toml: type {t!r} needs 5 monsters, one legendary")
    if len(callings) != 27:
        raise ContentError(f"callings.toml: 27 Divine Callings expected, found {len(callings)}")
    for p in range(2, 7):
        if sum(p in c.players for c in callings) < 2 * p:
            raise ContentError(f"callings.toml: too few callings for {p} players")
    if len(events) != 6:
        raise ContentError(f"events.toml: 6 capital events expected, found {len(events)}")
    if sorted(d.name for d in deities) != sorted(DEITY_NAMES):
        raise ContentError(f"deities.toml: the deities must be {', '.join(DEITY_NAMES)} (their names are "
                           "the rules' and the saves'), found {', '.join(d.name for d in deities)}")
    ids = [e.id for e in (*miracles, *monsters, *callings, *events, *deities)]
    if len(set(ids)) != len(ids):
        raise ContentError("content ids must be unique across all files")
    rules = read_toml(HERE / "rules.toml")
    try:
        x = {int(k): int(v) for k, v in rules["temples_x"].items()}
    except (KeyError, TypeError, ValueError) as exc:
        raise ContentError(f"rules.toml: bad or missing field: {exc}") from None
    if sorted(x) != [2, 3, 4, 5, 6]:
        raise ContentError("rules.toml: temples_x needs an entry for each player count 2..6")
    return miracles, monsters, callings, events, deities, x


MIRACLES, MONSTERS, CALLINGS, EVENTS, DEITIES, TEMPLES_X = _load()
MIRACLE = {m.id: m for m in MIRACLES}
MONSTER = {m.id: m for m in MONSTERS}
CALLING = {c.id: c for c in CALLINGS}
EVENT = {e.id: e for e in EVENTS}
DEITY = {d.name: d for d in DEITIES}
MIRACLE_INDEX = {m.id: i for i, m in enumerate(MIRACLES)}
MONSTER_INDEX = {m.id: i for i, m in enumerate(MONSTERS)}
CALLING_INDEX = {c.id: i for i, c in enumerate(CALLINGS)}
BY_NAME = {x.name.lower(): x.id for x in (*MIRACLES, *MONSTERS, *CALLINGS)}


def miracle_deck() -> list[str]:
    return [m.id for m in MIRACLES for _ in range(m.count)]


def card_name(card_id: str) -> str:
    for table in (MIRACLE, MONSTER, CALLING, EVENT):
        if card_id in table:
            return table[card_id].name
    return card_id
