"""The Kemet state: plain data only (docs/rules/kemet.md, rule ids KM-x.y); the transitions are in
`rules/` (one module per rulebook area), bound to the state class by the Game (`RULES`).

The pending decision is the top frame of `stack` (core.frames; one frame class per step, below);
the contexts `mv` (a Movement action), `bt` (a battle) and a few counters hold the rest. Everything is indices
into the static content of `content.py`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from theogony.core import Outcome, Rng
from theogony.core.frames import Frame, FramedState

from .content import MOD, Board, board_for
from .gods import GodData
from .solo import Solo
from .team import TeamData

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




@dataclass(slots=True)
class KemetFrame(Frame):
    """A pending Kemet step; `seat` decides it. One subclass per kind of decision (the kind
    strings and prompts are in rules/table.py). The steps add no fields; they declare empty
    `__slots__` instead of `dataclass(slots=True)`, which would leave a second, superseded class of
    the same name among KemetFrame's subclasses until the garbage collector runs (core.plain finds
    a frame's class by name among them)."""


@dataclass
class CityStep(KemetFrame):
    __slots__ = ()


@dataclass
class GodStep(KemetFrame):
    __slots__ = ()


@dataclass
class TroopsStep(KemetFrame):
    __slots__ = ()


@dataclass
class PyramidsStep(KemetFrame):
    __slots__ = ()


@dataclass
class PcolourStep(KemetFrame):
    __slots__ = ()


@dataclass
class Tile1Step(KemetFrame):
    __slots__ = ()


@dataclass
class TurnStep(KemetFrame):
    __slots__ = ()


@dataclass
class ExtrasStep(KemetFrame):
    __slots__ = ()


@dataclass
class PickStep(KemetFrame):
    __slots__ = ()


@dataclass
class PostStep(KemetFrame):
    __slots__ = ()


@dataclass
class BuildStep(KemetFrame):
    __slots__ = ()


@dataclass
class RecruitStep(KemetFrame):
    __slots__ = ()


@dataclass
class BattleOrderStep(KemetFrame):
    __slots__ = ()


@dataclass
class AcquireStep(KemetFrame):
    __slots__ = ()


@dataclass
class GodPlaceStep(KemetFrame):
    __slots__ = ()


@dataclass
class AcqCompStep(KemetFrame):
    __slots__ = ()


@dataclass
class MovementStep(KemetFrame):
    """A step of a Movement action; `move` is the movement in progress (None once it ended)."""
    __slots__ = ("move",)
    move: Move | None


@dataclass
class MoveTroopStep(MovementStep):
    __slots__ = ()


@dataclass
class MoveTakeStep(MovementStep):
    __slots__ = ()


@dataclass
class MoveCompStep(MovementStep):
    __slots__ = ()


@dataclass
class MoveDiStep(MovementStep):
    __slots__ = ()


@dataclass
class MoveStep(MovementStep):
    __slots__ = ()


@dataclass
class BattleStep(KemetFrame):
    """Every decision of a battle (kind "battle"; the stage of the war council, the loser's and
    the winner's choice are in `battle.stage`); `battle` is None once the battle is over."""
    __slots__ = ("battle",)
    battle: Battle | None


@dataclass
class DevotionStep(KemetFrame):
    __slots__ = ()


@dataclass
class DeltaStep(KemetFrame):
    __slots__ = ()


@dataclass
class PrayersStep(KemetFrame):
    __slots__ = ()


@dataclass
class DiBuyStep(KemetFrame):
    __slots__ = ()


@dataclass
class SummonStep(KemetFrame):
    __slots__ = ()


@dataclass
class DestinyStep(KemetFrame):
    __slots__ = ()


@dataclass
class MoveTallyStep(MovementStep):
    __slots__ = ()


@dataclass
class GatherStep(KemetFrame):
    __slots__ = ()


@dataclass
class TdestinyStep(KemetFrame):
    __slots__ = ()


@dataclass
class AmonEventStep(KemetFrame):
    __slots__ = ()


@dataclass
class AmonActionStep(KemetFrame):
    __slots__ = ()


@dataclass
class AmonDiscardStep(KemetFrame):
    __slots__ = ()


# Automatic frames: an area of the rules hands the game over to the area that owns the next step
# by pushing one of these (the owner's rule pops it and carries the step out), so the areas need
# not import each other.
@dataclass
class Handover(KemetFrame):
    """An automatic step (seat AUTOMATIC); the subclasses name the step that follows."""
    __slots__ = ()


@dataclass
class NextPick(Handover):
    """The acting seat goes on with its pending actions (KM-3.3, rules/day.py)."""
    __slots__ = ()


@dataclass
class StartRound(Handover):
    """A new round of days begins (KM-3.3, rules/day.py)."""
    __slots__ = ()


@dataclass
class StartNight(Handover):
    """The night begins (KM-3.6, rules/night.py)."""
    __slots__ = ()


@dataclass
class StartBattle(Handover):
    """`attacker` with `count` warriors attacks `zone` (KM-3.5, rules/battle.py)."""
    __slots__ = ("zone", "attacker", "count")
    zone: int
    attacker: int
    count: int


@dataclass(slots=True)
class KemetState(FramedState):
    GAME_ID = "kemet"
    # the rules (rules.RULES, a FrameRules with the state's hooks), bound by the Game
    RULES: ClassVar[Any]

    stack: list[KemetFrame]  # the pending step on top (core.frames)

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
    winner: int
    over: bool
    decisions: int
    team: TeamData | None   # team mode (team.py), None in the classic game
    merc_bank: int = 0      # Mercenary figures in the bank (KM-1.12)
    solo: Solo | None = None   # solo mode against Amon (solo.py), None otherwise
    gods: GodData | None = None   # Gods of Egypt module (gods.py), None when off
    rec_placed: int = 0     # warriors, Mercenaries or God placed by this recruitment (KM-R28)

    @property
    def num_seats(self) -> int:
        return self.players + (1 if self.solo is not None else 0)

    # ------------------------------------------------------------------ basic queries

    @property
    def mv(self) -> Move | None:
        """The movement in progress: the one of the pending movement step."""
        stack = self.stack
        if stack:
            top = stack[-1]
            if isinstance(top, MovementStep):
                return top.move
        return None

    @property
    def bt(self) -> Battle | None:
        """The battle in progress: the one of the pending battle step."""
        stack = self.stack
        if stack:
            top = stack[-1]
            if isinstance(top, BattleStep):
                return top.battle
        return None

    @property
    def board(self) -> Board:
        return BOARDS[self.players] if self.players >= 2 else board_for(self.players)

    def outcome(self) -> Outcome:
        return self.RULES.outcome(self)

    def _view(self, player: int | None) -> dict[str, Any]:
        return self.RULES.view(self, player)

    def _resample_hidden(self, player: int | None, rng: Rng) -> None:
        self.RULES.resample_hidden(self, player, rng)
