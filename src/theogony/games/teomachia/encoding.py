"""Fixed numeric observation of one Teomachia seat (issue 9, "Fixed encodings per game").

The vector is built from the seat's `view` only (never the state), so it carries nothing hidden
from that seat. Its length is the same for every player count and variant (four seat blocks, the
most a game can have, with zero padding; the full game's deity and myth fields stay zero in the
base game), so one network fits all games. The layout is `LAYOUT` (name -> (offset, length)) and
`SEAT_LAYOUT` inside each seat block; docs/encodings.md ("Teomachia") documents it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core.encoding import layout, one_hot

from .content import DEFS, DEITIES, ELEMENTS, MYTHS, TOKENS

MAX_SEATS = 4
N_DEFS = len(DEFS)            # prayer card definitions (79); copies share one index
N_ELEMENTS = len(ELEMENTS)    # 24 element cards, each unique
N_DEITIES = len(DEITIES)      # 8
N_MYTHS = len(MYTHS)          # 20
N_TOKENS = len(TOKENS)        # prophet, priest, faithful
TRACK_SLOTS = 6
PHASES = ("draft", "aside", "deity", "prebid", "bid", "prebattle", "battle", "respond", "settle",
          "prayer", "myth", "over")
PHASE_SLOT = {"discard": "settle"}  # the discard choice (TM-R7) is the settlement's last step
DEAL_SCALE = 50  # scales the deal number (not a limit: the rules have none, TM-14)

DEF_INDEX = {d.name: i for i, d in enumerate(DEFS)}
DEF_COPIES = tuple(d.copies for d in DEFS)
ELEMENT_INDEX = {e.name: i for i, e in enumerate(ELEMENTS)}
DEITY_INDEX = {d.name: i for i, d in enumerate(DEITIES)}
MYTH_INDEX = {m.name: i for i, m in enumerate(MYTHS)}
TOKEN_INDEX = {t: i for i, t in enumerate(TOKENS)}

_SEAT_FIELDS: tuple[tuple[str, int], ...] = (
    ("present", 1),
    ("is_viewer", 1),
    ("alive", 1),
    ("in_deal", 1),
    ("community", N_TOKENS),
    ("stake", N_TOKENS),
    ("desperation", N_TOKENS),
    ("power", N_DEFS),
    ("lasting", N_DEFS),
    ("attacks", N_DEFS),
    ("places", N_DEFS),
    ("place_tokens", 2 * N_TOKENS),
    ("hand_size", 1),
    ("deck_size", 1),
    ("discard_size", 1),
    ("discard_top", N_DEFS),
    ("bonus", 1),
    ("unity", 1),
    ("vp", 1),
    ("draft_hand_size", 1),
    ("picks", 1),
    ("strength", 1),
    ("to_act", 1),
    ("to_act_rank", 1),
    ("winner", 1),
    # full game only
    ("deity_options", N_DEITIES),
    ("deity_chosen", 1),
    ("deity", N_DEITIES),
    ("myths", N_MYTHS),
    ("heroes_in_stake", N_MYTHS),
    ("myth_top", N_MYTHS),
    ("myth_deck_size", 1),
    ("miracles", 1),
)


SEAT_LAYOUT: dict[str, tuple[int, int]] = layout(_SEAT_FIELDS)
SEAT_WIDTH = sum(length for _, length in _SEAT_FIELDS)

_FIELDS: tuple[tuple[str, int], ...] = (
    ("viewer", MAX_SEATS),
    ("current_player", MAX_SEATS),
    ("my_turn", 1),
    ("terminal", 1),
    ("num_seats", MAX_SEATS),
    ("variant_full", 1),
    ("variant_no_elimination", 1),
    ("phase", len(PHASES)),
    ("deal", 1),
    ("initiative", MAX_SEATS),
    ("conflict", 1),
    ("bid_round", 4),
    ("raised", 1),
    ("layout", N_ELEMENTS),
    ("face_down", 1),
    ("elements_deck", 1),
    ("elements_discard", N_ELEMENTS),
    ("track", TRACK_SLOTS * N_DEFS),
    ("prayer_deck", 1),
    ("boxed", N_DEFS),
    ("gods_people", 1),
    ("pending_player", MAX_SEATS),
    ("pending_card", N_DEFS),
    ("pending_target", MAX_SEATS + 1),
    ("miracle_supply", 1),
    ("hand", N_DEFS),
    ("own_discard", N_DEFS),
    ("draft_hand", N_DEFS),
    ("picked", N_DEFS),
    ("seats", MAX_SEATS * SEAT_WIDTH),
)

LAYOUT: dict[str, tuple[int, int]] = layout(_FIELDS)
SIZE = sum(length for _, length in _FIELDS)


def observation_size(players: int, variant: Mapping[str, Any] | None = None) -> int:
    """The same length for every player count and variant (padded to four seats)."""
    return SIZE


def _card_counts(out: list[float], offset: int, names: Any) -> None:
    """Count per card definition / copies of the definition."""
    for name in names or ():
        k = DEF_INDEX.get(name)
        if k is not None:
            out[offset + k] += 1.0 / DEF_COPIES[k]


def _counts(out: list[float], offset: int, names: Any, index: Mapping[str, int], scale: float = 1.0) -> None:
    for name in names or ():
        k = index.get(name)
        if k is not None:
            out[offset + k] += scale


def encode_view(view: Mapping[str, Any]) -> list[float]:
    out = [0.0] * SIZE
    L = LAYOUT
    me = view.get("viewer")
    seats = view["seats"]
    n = len(seats)
    variant = view.get("variant") or {}
    current = view.get("current_player")

    def at(name: str) -> int:
        return L[name][0]

    def hot(name: str, index: int | None) -> None:
        off, size = L[name]
        one_hot(out, off, index, size)

    hot("viewer", me)
    hot("current_player", current)
    out[at("my_turn")] = float(me is not None and current == me)
    out[at("terminal")] = float(bool(view.get("terminal")))
    hot("num_seats", n - 1)
    out[at("variant_full")] = float(bool(variant.get("full")))
    out[at("variant_no_elimination")] = float(bool(variant.get("no_elimination")))
    phase = view.get("phase")
    phase = PHASE_SLOT.get(phase, phase)
    hot("phase", PHASES.index(phase) if phase in PHASES else None)
    out[at("deal")] = min(int(view.get("deal", 0)), DEAL_SCALE) / DEAL_SCALE
    hot("initiative", view.get("initiative"))
    out[at("conflict")] = view.get("conflict", 0) / 3
    hot("bid_round", view.get("bid_round"))
    out[at("raised")] = float(bool(view.get("raised")))

    # ---- elements, prayer track, decks ----------------------------------------------------------
    _counts(out, at("layout"), view.get("layout"), ELEMENT_INDEX)
    out[at("face_down")] = view.get("face_down", 0) / 6
    out[at("elements_deck")] = view.get("elements_deck", 0) / N_ELEMENTS
    _counts(out, at("elements_discard"), view.get("elements_discard"), ELEMENT_INDEX)
    off = at("track")
    for slot, name in enumerate((view.get("track") or [])[:TRACK_SLOTS]):
        if name is not None and name in DEF_INDEX:
            out[off + slot * N_DEFS + DEF_INDEX[name]] = 1.0
    out[at("prayer_deck")] = view.get("prayer_deck", 0) / 120
    _card_counts(out, at("boxed"), view.get("boxed"))
    out[at("gods_people")] = float(bool(view.get("gods_people")))

    # ---- a card waiting for responses -----------------------------------------------------------
    pending = view.get("pending")
    if pending:
        player, card, target = pending
        hot("pending_player", player)
        hot("pending_card", DEF_INDEX.get(card))
        hot("pending_target", (target if target is not None else -1) + 1)
    out[at("miracle_supply")] = view.get("miracle_supply", 0) / 6

    # ---- the viewer's own hidden cards (only the viewer's seat carries them) -------------------
    if me is not None and 0 <= me < n:
        mine = seats[me]
        _card_counts(out, at("hand"), mine.get("hand"))
        _card_counts(out, at("own_discard"), mine.get("discard"))
        _card_counts(out, at("draft_hand"), mine.get("draft_hand"))
        _card_counts(out, at("picked"), mine.get("picked"))

    # ---- seats (absolute seat order; `viewer` says which is the observer) ----------------------
    to_act = list(view.get("to_act") or [])
    winners = set(view.get("winners") or [])
    strengths = list(view.get("strengths") or [])
    S = SEAT_LAYOUT
    for i, p in enumerate(seats[:MAX_SEATS]):
        base = at("seats") + i * SEAT_WIDTH

        def put(name: str, values: list[float]) -> None:
            o = base + S[name][0]
            out[o:o + len(values)] = values

        def sat(name: str) -> int:
            return base + S[name][0]

        put("present", [1.0])
        put("is_viewer", [float(i == me)])
        put("alive", [float(bool(p.get("alive")))])
        put("in_deal", [float(bool(p.get("in_deal")))])
        put("community", [x / 10 for x in p.get("community", [0] * N_TOKENS)[:N_TOKENS]])
        put("stake", [x / 10 for x in p.get("stake", [0] * N_TOKENS)[:N_TOKENS]])
        put("desperation", [x / 10 for x in p.get("desperation", [0] * N_TOKENS)[:N_TOKENS]])
        _card_counts(out, sat("power"), p.get("power"))
        _card_counts(out, sat("lasting"), p.get("lasting"))
        _card_counts(out, sat("attacks"), p.get("attacks"))
        tokens = [0.0] * (2 * N_TOKENS)  # tokens on places: intact per kind, then damaged per kind
        for name, token, damaged in p.get("places") or ():
            k = DEF_INDEX.get(name)
            if k is not None:
                out[sat("places") + k] += 1.0 / DEF_COPIES[k]
            t = TOKEN_INDEX.get(token)
            if t is not None:
                tokens[t + (N_TOKENS if damaged else 0)] += 1 / 3
        put("place_tokens", tokens)
        put("hand_size", [p.get("hand_size", 0) / 10])
        put("deck_size", [p.get("deck_size", 0) / 30])
        put("discard_size", [p.get("discard_size", 0) / 30])
        one_hot(out, sat("discard_top"), DEF_INDEX.get(p.get("discard_top")), N_DEFS)
        put("bonus", [p.get("bonus", 0) / 10])
        put("unity", [p.get("unity", 0) / 10])
        put("vp", [p.get("vp", 0) / 10])
        put("draft_hand_size", [p.get("draft_hand_size", 0) / 10])
        put("picks", [p.get("picks", 0) / 20])
        put("strength", [(strengths[i] if i < len(strengths) else 0) / 30])
        if i in to_act:
            put("to_act", [1.0])
            put("to_act_rank", [(to_act.index(i) + 1) / MAX_SEATS])
        put("winner", [float(i in winners)])
        if "deity_options" in p:
            _counts(out, sat("deity_options"), p.get("deity_options"), DEITY_INDEX)
            put("deity_chosen", [float(bool(p.get("deity_chosen")))])
            one_hot(out, sat("deity"), DEITY_INDEX.get(p.get("deity")), N_DEITIES)
            _counts(out, sat("myths"), p.get("myths"), MYTH_INDEX)
            _counts(out, sat("heroes_in_stake"), p.get("heroes_in_stake"), MYTH_INDEX)
            one_hot(out, sat("myth_top"), MYTH_INDEX.get(p.get("myth_top")), N_MYTHS)
            put("myth_deck_size", [p.get("myth_deck_size", 0) / 5])
            put("miracles", [p.get("miracles", 0) / 6])
    assert len(out) == SIZE
    return out
