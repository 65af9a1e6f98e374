"""The pending steps of a Teomachia game, as decision frames (core.frames, docs/architecture.md).

The stack holds one frame of the phase under way (the draft, a bidding phase, the battle, the
settlement, ...) and, above it, one `Respond` window per card waiting for responses (TM-7.1,
TM-R8). Frames whose phase has several seats to ask keep them in `to_act`, the deciding seat
first (`seat` is `to_act[0]`). The automatic frames start a phase: they let one rules module hand
over to the next without importing it. Rules for every frame: the `rules` package.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass
from typing import ClassVar

from theogony.core.frames import Frame


@dataclass(slots=True)
class TeomachiaFrame(Frame):
    """Teomachia's frame family."""


# ---------------------------------------------------------------- setup (TM-2, TM-15.1)
@dataclass(slots=True)
class DraftPick(TeomachiaFrame):
    """TM-2.3: `seat` picks a card of its draft hand in draft round `round`."""

    round: int


@dataclass(slots=True)
class SetAside(TeomachiaFrame):
    """TM-2.4: `seat` sets aside cards until it keeps 8; `count` it has set aside so far."""

    count: int


@dataclass(slots=True)
class ChooseDeity(TeomachiaFrame):
    """TM-15.1: `seat` chooses its deity in secret."""


# ---------------------------------------------------------------- a deal (TM-4 .. TM-9)
@dataclass(slots=True)
class Seats(TeomachiaFrame):
    """A step that asks several seats in turn: `to_act` are the seats still to decide, the deciding
    one (`seat`) first."""

    to_act: list[int]


@dataclass(slots=True)
class Bid(Seats):
    """TM-5: a bidding phase (its number and whether someone raised are the state's `bid_round`
    and `raised`, which the table shows all deal long)."""


@dataclass(slots=True)
class Battle(TeomachiaFrame):
    """TM-8.3/TM-8.4: `seat` takes its battle turn; `passes` in a row so far; whether `seat` has
    played an attack in this turn."""

    passes: int
    played_this_turn: bool


@dataclass(slots=True)
class Respond(TeomachiaFrame):
    """TM-7.1/TM-R8: `card` of seat `player` (aimed at `target`, -1: none) waits for responses;
    `to_ask` are the seats still to ask, the asked one (`seat`) first."""

    to_ask: list[int]
    player: int
    card: int
    target: int


@dataclass(slots=True)
class Settle(Seats):
    """TM-8.7/TM-R9: the settlement window; every seat with cards is asked in turn."""


@dataclass(slots=True)
class Discard(Seats):
    """TM-R7: a seat picks the card that shows on top of its discard pile."""


@dataclass(slots=True)
class Prayer(Seats):
    """TM-9.1: a seat takes a card from the prayer track (seats that cannot are skipped)."""


# ---------------------------------------------------------------- the full game (TM-15)
@dataclass(slots=True)
class MythWindow(Seats):
    """TM-15.5: seats use myth cards, heroes or attributes before the bidding or the battle."""

    WINDOW: ClassVar[str] = ""


@dataclass(slots=True)
class PreBid(MythWindow):
    WINDOW: ClassVar[str] = "prebid"


@dataclass(slots=True)
class PreBattle(MythWindow):
    WINDOW: ClassVar[str] = "prebattle"


@dataclass(slots=True)
class BuyMyth(Seats):
    """TM-15.4: a seat buys, cycles or leaves its myth deck."""


# ---------------------------------------------------------------- automatic: a phase begins
@dataclass(slots=True)
class StartDeal(TeomachiaFrame):
    """TM-4: a new deal begins (or the game ends, TM-4.5)."""


@dataclass(slots=True)
class StartBidding(TeomachiaFrame):
    """TM-5.1: bidding phase `round` begins."""

    round: int


@dataclass(slots=True)
class StartBattle(TeomachiaFrame):
    """TM-8.1: the battle begins."""


@dataclass(slots=True)
class StartSettlement(TeomachiaFrame):
    """TM-8.6: the deal is settled; `left_to_act` are the bidders that were still to act (the
    table shows them if the game ends here)."""

    left_to_act: list[int]


# `dataclass(slots=True)` replaces each class by a new one; until the garbage collector runs, the
# replaced classes still show among TeomachiaFrame's subclasses, where core.plain looks up a
# frame's "$type" and would find two classes of one name. Collect them now, once.
gc.collect()
