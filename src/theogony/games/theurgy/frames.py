"""The pending steps of Theurgy as decision frames (core.frames): plain data only.

Each class is one kind of step; its rule (seat, prompt, legal actions, how an action applies) is
registered once in `rules.RULES` by the rules module of its rulebook area, or by `effects` for the
effect steps. The decision kind each shows is given in its comment (the kinds are a contract: the
corpus and the bots read them). Automatic frames have the seat `AUTOMATIC`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.frames import AUTOMATIC, Frame

__all__ = ["AUTOMATIC", "TheurgyFrame", "Begin", "Populate", "ChooseDeity", "ChooseStart",
           "StartFaith", "KeepCalling", "ChooseAction", "EndTurn", "Pilgrimage", "SpreadTheWord",
           "TestTheFaith", "Intervention", "SummonPick", "SummonDone", "PlaceMonster", "Discard",
           "Draw", "EserynSceptics", "PerformMiracle", "UseAbility", "ResolveEvent", "MortalStep",
           "FaithStep", "MonsterStep", "SeatStep"]


@dataclass(slots=True)
class TheurgyFrame(Frame):
    """The base of every Theurgy frame (their JSON names are looked up among these)."""


# ---- setup (TU-2) ---------------------------------------------------------------------------

@dataclass(slots=True)
class Begin(TheurgyFrame):
    """Automatic: setup is over, the starting player takes the first turn."""


@dataclass(slots=True)
class Populate(TheurgyFrame):
    """Automatic: non-believers, sceptics and the Anomaly populate the map (TU-2.9)."""


@dataclass(slots=True)
class ChooseDeity(TheurgyFrame):
    """Kind "deity": the seat chooses its deity (variant deities=choose)."""


@dataclass(slots=True)
class ChooseStart(TheurgyFrame):
    """Kind "start": the seat chooses its starting settlement(s)."""


@dataclass(slots=True)
class StartFaith(TheurgyFrame):
    """Kind "start_faith": a starting faith token around `settlement`."""

    settlement: int


@dataclass(slots=True)
class KeepCalling(TheurgyFrame):
    """Kind "calling": the seat keeps one of the two Divine Callings dealt."""


# ---- turn (TU-3) ----------------------------------------------------------------------------

@dataclass(slots=True)
class ChooseAction(TheurgyFrame):
    """Kind "turn": the seat whose turn it is chooses its action (the golden rule)."""


@dataclass(slots=True)
class EndTurn(TheurgyFrame):
    """Automatic: `player`'s turn ends (winning checked, the next seat's turn)."""

    player: int


# ---- the four actions (TU-5 to TU-9) ------------------------------------------------------

@dataclass(slots=True)
class Pilgrimage(TheurgyFrame):
    """Kind "pilgrimage": one Pilgrimage, with its book-keeping (TU-5)."""

    once: list[int]        # per settlement: own followers that moved once (Kelerix may move them again)
    locked: list[int]      # per settlement: own followers that may not move any more
    moves: list[int]       # per acolyte: moves made
    before: list[bool]     # per acolyte: preached/fought before moving
    after: list[bool]      # per acolyte: preached/fought after moving
    rested: list[bool]     # per acolyte: stood up this Pilgrimage (does nothing else)
    fought: list[bool]     # per acolyte: fought a monster (at most once, even for Lutraz: TU-14.1)


@dataclass(slots=True)
class SpreadTheWord(TheurgyFrame):
    """Kind "stw": place or replace a faith token (TU-6)."""


@dataclass(slots=True)
class TestTheFaith(TheurgyFrame):
    """Kind "ttf": choose the settlement to test (TU-9)."""


@dataclass(slots=True)
class Intervention(TheurgyFrame):
    """Kind "di": one Divine Intervention, with its book-keeping (TU-7)."""

    main: str = ""                                        # "miracle" or "summon" once done
    activated: list[str] = field(default_factory=list)    # monsters that used their ability
    moved: list[str] = field(default_factory=list)
    summoned: list[str] = field(default_factory=list)


@dataclass(slots=True)
class SummonPick(TheurgyFrame):
    """Kind "summon_pick": `count` monsters still to summon (two for Call Forth The Beasts)."""

    count: int


@dataclass(slots=True)
class SummonDone(TheurgyFrame):
    """Automatic: the face-up monsters get their markers and are refilled (TU-7.11)."""


@dataclass(slots=True)
class PlaceMonster(TheurgyFrame):
    """Kind "place_monster": where the summoned `monster` appears."""

    monster: str


@dataclass(slots=True)
class Discard(TheurgyFrame):
    """Kind "discard": discard miracles before drawing back to three (TU-7.7)."""


@dataclass(slots=True)
class Draw(TheurgyFrame):
    """Automatic: `drawer` draws back up to three miracles (capital events resolve on the way)."""

    drawer: int


@dataclass(slots=True)
class EserynSceptics(TheurgyFrame):
    """Kind "eseryn": Eseryn places `count` sceptic tokens around the settlement `tested` (TU-14.5)."""

    count: int
    tested: int


# ---- effects (TU-8, TU-12, TU-13): carried out by the effects registry ----------------------

@dataclass(slots=True)
class PerformMiracle(TheurgyFrame):
    """Automatic: `performer`'s acolyte `acolyte` performs miracle `card` (TU-7.3)."""

    performer: int
    card: str
    acolyte: int


@dataclass(slots=True)
class UseAbility(TheurgyFrame):
    """Automatic: `monster` uses its active (or, `summoned`, its when-summoned) ability (TU-8.2)."""

    monster: str
    summoned: bool


@dataclass(slots=True)
class ResolveEvent(TheurgyFrame):
    """Automatic: the capital event `card`, just drawn, takes effect (TU-12.3)."""

    card: str


@dataclass(slots=True)
class MortalStep(TheurgyFrame):
    """An effect step on mortals or acolytes, one choice at a time; its decision kind is `op`
    (convert, remove, wound, pull, push, sceptics, spawn, cull)."""

    op: str
    source: str                  # the miracle or monster that made the step
    count: int                   # choices left
    at: int                      # the settlement the effect centres on
    scope: str = "here"
    who: int = 0                 # the content's `who` (convert: non-believers only; pull: own only)
    performer: int = -1          # cull: the seat whose miracle makes the others cull
    compulsory: bool = False     # push: every mortal must go (Scatter), no stopping
    used: list[int] = field(default_factory=list)    # remove (Werewolf): settlements already hit


@dataclass(slots=True)
class FaithStep(TheurgyFrame):
    """An effect step on faith tokens around `at`; its kind is `op` (faith, replace, unfaith)."""

    op: str
    source: str
    count: int
    at: int


@dataclass(slots=True)
class MonsterStep(TheurgyFrame):
    """An effect step on monsters; its kind is `op` (take, banish, send_back, fly, trigger). For
    fly and trigger `source` is the monster itself."""

    op: str
    source: str
    at: int = -1
    scope: str = "here"


@dataclass(slots=True)
class SeatStep(TheurgyFrame):
    """An effect step on seats, hands and acolytes; its kind is `op` (force, ban, peek_who,
    peek_card, recall, restore, heal, walk)."""

    op: str
    source: str
    count: int = 0
    at: int = -1
    target: int = -1             # ban, peek_card: the seat aimed at
    acolyte: int = -1            # recall, walk: the performing acolyte
