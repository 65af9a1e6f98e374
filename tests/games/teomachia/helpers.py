"""Scenario helpers for Teomachia tests: reach a deal quickly, then arrange the position by hand."""

from __future__ import annotations

from theogony.core import Event
from theogony.games.teomachia import GAME
from theogony.games.teomachia.content import CARD_DEF, CARDS, DEF_INDEX, ELEMENTS, MYTH_INDEX
from theogony.core.frames import AUTOMATIC
from theogony.games.teomachia.frames import (Bid, BuyMyth, PreBattle, PreBid, Prayer, StartBattle,
                                             TeomachiaFrame)
from theogony.games.teomachia.queries import order_from, participants, windows
from theogony.games.teomachia.rules import full, prayer, settlement
from theogony.games.teomachia.state import TeomachiaState
from theogony.games.teomachia.view import to_act

EL = {e.id: i for i, e in enumerate(ELEMENTS)}


def card(def_id: str, copy: int = 0) -> int:
    """The instance id of the `copy`-th physical card of definition `def_id`."""
    d = DEF_INDEX[def_id]
    found = [i for i, x in enumerate(CARD_DEF) if x == d]
    return found[copy]


def myth(myth_id: str) -> int:
    return MYTH_INDEX[myth_id]


def started(players: int = 2, variant: dict | None = None, seed: int = 0) -> TeomachiaState:
    """A game past the draft (first legal choice each time), at the first decision of deal 1."""
    st = GAME.new_state(players, seed, variant or {})
    while st.phase in ("draft", "aside", "deity"):
        st.apply(st.legal_actions()[0])
    assert isinstance(st, TeomachiaState)
    return st


def layout(st: TeomachiaState, *ids: str) -> None:
    """Put these element cards face up in the layout (all of them revealed)."""
    st.layout = [EL[i] for i in ids]
    st.revealed = len(ids)
    spare = [e for e in ("el-earth-order-1", "el-water-chaos-1", "el-air-order-2", "el-fire-order-2",
                         "el-earth-chaos-1") if e not in ids]
    while len(st.layout) < 5:
        st.layout.append(EL[spare.pop(0)])  # face down


def bidding(st: TeomachiaState, initiative: int = 0, round_: int = 1) -> None:
    """Restart bidding phase `round_` of the current deal with `initiative` (nobody raised)."""
    st.initiative = initiative
    st.bid_round = round_
    st.raised = False
    seats = order_from(st, initiative, participants(st))
    st.stack = [Bid(seat=seats[0], to_act=seats)]


def battle(st: TeomachiaState, first: int = 0) -> None:
    from theogony.games.teomachia.frames import Battle

    st.initiative = first
    st.stack = [Battle(seat=first, passes=0, played_this_turn=False)]
    st.battle = True


def phase(st: TeomachiaState, frame: TeomachiaFrame) -> None:
    """Make `frame` the one pending step (a phase arranged by hand)."""
    st.stack = [frame]


def seats_phase(st: TeomachiaState, kind: type, seats: list[int]) -> None:
    """The phase `kind` (Prayer, BuyMyth, PreBid, PreBattle, ...) asking `seats` in this order."""
    phase(st, kind(seat=seats[0], to_act=list(seats)))


def begin_battle(st: TeomachiaState) -> None:
    """The battle begins now (TM-8.1; the full game's window before it, TM-15.5)."""
    st.stack = [StartBattle(seat=AUTOMATIC)]
    st.settle([])


def finish_settlement(st: TeomachiaState) -> None:
    """Settle the deal now (TM-8.6 .. TM-8.12) with the winners as they stand."""
    st.stack = []
    settlement.finish_settlement(st, [], [])
    st.settle([])


def check_demands(st: TeomachiaState, stake_sizes: list[int]) -> None:
    full.check_demands(st, [], stake_sizes)


def pending_card(st: TeomachiaState) -> int:
    """The card now open to responses (TM-7.1)."""
    return windows(st)[-1].card


def chain_cards(st: TeomachiaState) -> list[int]:
    return [w.card for w in windows(st)]


def play(st: TeomachiaState, text: str) -> list[Event]:
    """Apply `text`; every other seat then passes the response window it opens (TM-7.1, TM-R8)."""
    events = st.apply(text)
    while st.phase == "respond":
        events += st.apply("pass")
    return events


def settle_done(st: TeomachiaState) -> None:
    """Every seat asked in the settlement window (TM-8.7, TM-R9) plays nothing."""
    while st.phase == "settle":
        st.apply("done")


def names(st: TeomachiaState) -> list[str]:
    return [a.text for a in st.legal_actions()]


def hand(st: TeomachiaState, seat: int, *ids: str) -> None:
    st.seats[seat].hand = [card(i, k) for k, i in _copies(ids)]


def _copies(ids: tuple[str, ...]) -> list[tuple[int, str]]:
    seen: dict[str, int] = {}
    out = []
    for i in ids:
        out.append((seen.get(i, 0), i))
        seen[i] = seen.get(i, 0) + 1
    return out


__all__ = ["CARDS", "EL", "GAME", "AUTOMATIC", "BuyMyth", "PreBattle", "PreBid", "Prayer", "battle",
           "begin_battle", "bidding", "card", "chain_cards", "check_demands", "finish_settlement",
           "hand", "layout", "myth", "names", "pending_card", "phase", "play", "seats_phase",
           "settle_done", "started", "to_act"]


def next_deal(st: TeomachiaState) -> None:
    """Jump to the next deal as if the deal had been settled with nothing at stake."""
    for s in st.seats:
        s.stake = [0, 0, 0]
        s.desp = [0, 0, 0]
        s.hand = []
    st.layout = []
    st.revealed = 0
    st.stack = []
    prayer.end_prayer(st, [])
    st.settle([])
