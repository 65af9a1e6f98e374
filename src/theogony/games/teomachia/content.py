"""Static content of Teomachia: elements, prayer cards, deities, myths and tokens (TOML, validated).

The state holds integer ids only: a prayer card *instance* id indexes `CARDS` (one entry per physical
card), `CARD_DEF[i]` is the index of its definition in `DEFS` (copies share a definition).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from theogony.core.content import load_entries, require_text

HERE = Path(__file__).parent / "content"

SPHERES = ("water", "fire", "earth", "air")
ASPECTS = ("order", "chaos")
TOKENS = ("prophet", "priest", "faithful")
PROPHET, PRIEST, FAITHFUL = 0, 1, 2
VALUES = (10, 5, 2)
KINDS = ("power", "effect", "attack", "place")
TIMINGS = ("bid", "settle", "response_effect", "response_attack")


@dataclass(frozen=True)
class Element:
    id: str
    name: str
    name_pl: str
    sphere: str
    aspect: str
    symbols: int
    text: str = ""

    def check(self) -> None:
        if self.sphere not in SPHERES or self.aspect not in ASPECTS or not 1 <= self.symbols <= 3:
            raise ValueError("sphere, aspect or symbols out of range")
        require_text(text=self.text)


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    name_pl: str
    kind: str
    sphere: str
    aspect: str = ""
    symbols: int = 0
    spheres: int = 0
    copies: int = 1
    effect: str = ""
    amount: int = 0
    token: str = ""
    target: bool = False
    lasting: bool = False
    timing: str = "bid"
    removed: bool = False
    text: str = ""

    def check(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}")
        if self.sphere not in SPHERES:
            raise ValueError(f"sphere must be one of {SPHERES}")
        if self.aspect and self.aspect not in ASPECTS:
            raise ValueError(f"aspect must be one of {ASPECTS}")
        if self.kind != "power" and not self.effect:
            raise ValueError("a deed card names its effect (effects.py)")
        if self.timing not in TIMINGS:
            raise ValueError(f"timing must be one of {TIMINGS}")
        if self.kind == "place" and self.token not in TOKENS:
            raise ValueError("a place names the token put on it")
        if self.copies < 1:
            raise ValueError("copies must be at least 1")
        require_text(text=self.text)

    @property
    def token_index(self) -> int:
        return TOKENS.index(self.token) if self.token in TOKENS else -1


@dataclass(frozen=True)
class Deity:
    id: str
    name: str
    name_pl: str
    mythology: str
    attribute: str
    attr_kind: str
    demand: str
    text: str
    demand_text: str
    window: str = ""
    cost_token: str = ""
    amount: int = 0
    target: bool = False

    def check(self) -> None:
        if self.attr_kind not in ("passive", "activated"):
            raise ValueError("attr_kind is passive or activated")
        if self.attr_kind == "activated" and (self.window not in ("bid", "prebid", "prebattle")
                                              or self.cost_token not in TOKENS):
            raise ValueError("an activated attribute needs a window and a cost token")
        require_text(text=self.text, demand_text=self.demand_text)


@dataclass(frozen=True)
class Myth:
    id: str
    name: str
    name_pl: str
    mythology: str
    cost: int
    window: str
    text: str
    effect: str = ""
    amount: int = 0
    strength: int = 0
    target: bool = False

    def check(self) -> None:
        if self.window not in ("prebid", "prebattle", "hero"):
            raise ValueError("window is prebid, prebattle or hero")
        if not 1 <= self.cost <= 3:
            raise ValueError("cost is 1 to 3 miracle tokens")
        require_text(text=self.text)

    @property
    def hero(self) -> bool:
        return self.window == "hero"


@dataclass(frozen=True)
class Token:
    id: str
    name: str
    name_pl: str
    strength: int
    count: int
    text: str = ""

    def check(self) -> None:
        require_text(text=self.text)


ELEMENTS: tuple[Element, ...] = tuple(load_entries(HERE / "elements.toml", "element", Element, "teomachia"))
POWER_CARDS: tuple[CardDef, ...] = tuple(load_entries(HERE / "power.toml", "card", CardDef, "teomachia"))
DEED_CARDS: tuple[CardDef, ...] = tuple(load_entries(HERE / "deeds.toml", "card", CardDef, "teomachia"))
DEFS: tuple[CardDef, ...] = POWER_CARDS + DEED_CARDS
DEITIES: tuple[Deity, ...] = tuple(load_entries(HERE / "gods.toml", "deity", Deity, "teomachia"))
MYTHS: tuple[Myth, ...] = tuple(load_entries(HERE / "gods.toml", "myth", Myth, "teomachia"))
TOKEN_DEFS: tuple[Token, ...] = tuple(load_entries(HERE / "tokens.toml", "token", Token, "teomachia"))
MYTHOLOGIES = ("norse", "greek", "celtic", "mesopotamian")

DEF_INDEX = {d.id: i for i, d in enumerate(DEFS)}
CARD_DEF: tuple[int, ...] = tuple(i for i, d in enumerate(DEFS) for _ in range(d.copies))
CARDS: tuple[CardDef, ...] = tuple(DEFS[i] for i in CARD_DEF)
DEITY_INDEX = {d.id: i for i, d in enumerate(DEITIES)}
MYTH_INDEX = {m.id: i for i, m in enumerate(MYTHS)}
MYTHS_BY_MYTHOLOGY = {name: tuple(i for i, m in enumerate(MYTHS) if m.mythology == name)
                      for name in MYTHOLOGIES}
DEITIES_BY_MYTHOLOGY = {name: tuple(i for i, d in enumerate(DEITIES) if d.mythology == name)
                        for name in MYTHOLOGIES}
SPHERE_INDEX = {s: i for i, s in enumerate(SPHERES)}
# Per definition, precomputed for the hot path.
DEF_SPHERE = tuple(SPHERE_INDEX[d.sphere] for d in DEFS)
DEF_ORDER = tuple(d.symbols if d.kind == "power" and d.aspect == "order" else 0 for d in DEFS)
DEF_CHAOS = tuple(d.symbols if d.kind == "power" and d.aspect == "chaos" else 0 for d in DEFS)
EL_SPHERE = tuple(SPHERE_INDEX[e.sphere] for e in ELEMENTS)
EL_ORDER = tuple(e.symbols if e.aspect == "order" else 0 for e in ELEMENTS)
EL_CHAOS = tuple(e.symbols if e.aspect == "chaos" else 0 for e in ELEMENTS)


def _check_totals() -> None:
    from theogony.core import ContentError

    if len(ELEMENTS) != 24:
        raise ContentError(f"elements.toml: expected 24 element cards, found {len(ELEMENTS)}")
    if len(CARDS) != 120:
        raise ContentError(f"power.toml + deeds.toml: expected 120 prayer cards, found {len(CARDS)}")
    if len(MYTHS) != 20 or len(DEITIES) != 8:
        raise ContentError("gods.toml: expected 8 deities and 20 myth cards")
    if sum(t.count for t in TOKEN_DEFS) != 74:
        raise ContentError("tokens.toml: expected 74 worshipper tokens")
    for name in MYTHOLOGIES:
        if len(MYTHS_BY_MYTHOLOGY[name]) != 5 or len(DEITIES_BY_MYTHOLOGY[name]) != 2:
            raise ContentError(f"gods.toml: mythology {name} needs 5 myths and 2 deities")


_check_totals()


@dataclass(frozen=True)
class NamedEffect:
    """One use of an effect name in the content files: where it is (file, table, entry number and
    id, field), the name and the registry of effects.py that must know it."""

    file: str
    table: str
    number: int
    entry_id: str
    field: str
    name: str
    registry: str  # "deed effect", "myth effect", "attribute", "passive attribute" or "demand"

    @property
    def where(self) -> str:
        return f"{self.file} [[{self.table}]] #{self.number} (id {self.entry_id!r}): field {self.field!r}"


def named_effects() -> list[NamedEffect]:
    """Every effect, attribute and demand name the content files use (an empty effect is none)."""
    uses = [NamedEffect(file, "card", i + 1, d.id, "effect", d.effect, "deed effect")
            for file, cards in (("power.toml", POWER_CARDS), ("deeds.toml", DEED_CARDS))
            for i, d in enumerate(cards) if d.effect]
    uses += [NamedEffect("gods.toml", "myth", i + 1, m.id, "effect", m.effect, "myth effect")
             for i, m in enumerate(MYTHS) if m.effect]
    for i, d in enumerate(DEITIES):
        kind = "attribute" if d.attr_kind == "activated" else "passive attribute"
        uses.append(NamedEffect("gods.toml", "deity", i + 1, d.id, "attribute", d.attribute, kind))
        uses.append(NamedEffect("gods.toml", "deity", i + 1, d.id, "demand", d.demand, "demand"))
    return uses


# ---------------------------------------------------------------- components (issue 18)
WHEN = {  # a deed's timing, a myth's or an attribute's window, as a player reads it
    "settle": "in the settlement phase", "response_effect": "in response to an effect",
    "response_attack": "in response to an attack", "prebid": "before the first bidding phase",
    "prebattle": "before the battle", "bid": "on your bidding turn",
    "hero": "added to your stake before a battle",
}


# The view names components; these turn a name back into its component id, per zone kind.
CARD_ID_BY_NAME = {d.name: d.id for d in DEFS}
ELEMENT_ID_BY_NAME = {e.name: e.id for e in ELEMENTS}
DEITY_ID_BY_NAME = {d.name: d.id for d in DEITIES}
MYTH_ID_BY_NAME = {m.name: m.id for m in MYTHS}
