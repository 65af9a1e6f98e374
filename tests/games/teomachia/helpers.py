"""Scenario helpers for Teomachia tests: reach a deal quickly, then arrange the position by hand."""

from __future__ import annotations

from theogony.core import Event
from theogony.games.teomachia import GAME
from theogony.games.teomachia.content import CARD_DEF, CARDS, DEF_INDEX, ELEMENTS, MYTH_INDEX
from theogony.games.teomachia.state import TeomachiaState

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
    st.phase = "bid"
    st.bid_round = round_
    st.raised = False
    st.queue = st.order_from(initiative, st.participants())


def battle(st: TeomachiaState, first: int = 0) -> None:
    st.phase = "battle"
    st.initiative = first
    st.queue = []
    st.passes = 0
    st.played_this_turn = False
    st.actor = first
    st.battle = True


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


__all__ = ["CARDS", "EL", "GAME", "battle", "bidding", "card", "hand", "layout", "myth", "names", "play", "settle_done", "started"]


def next_deal(st: TeomachiaState) -> None:
    """Jump to the next deal as if the deal had been settled with nothing at stake."""
    for s in st.seats:
        s.stake = [0, 0, 0]
        s.desp = [0, 0, 0]
        s.hand = []
    st.layout = []
    st.revealed = 0
    st.phase = "prayer"
    st.end_prayer([])
