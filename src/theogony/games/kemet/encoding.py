"""Kemet's fixed-size numeric observation of one seat's `view` (docs/encodings.md, section Kemet).

Only the view is read, never the state, so an observation carries nothing hidden from its seat.
The length depends on the player count P and the mode only (the `update` variant is one flag in
the vector); the team mode and the Gods of Egypt module each append a part of their own after the
classic vector (`team_layout(P)`, `gods_layout(P)`; `full_layout(P, variant)` lists every block of
a game): every block has a fixed size, absent things are zeros. Counts are divided by a nominal
maximum so values stay in small ranges (mostly [0, 1], never above a few units); categories are
one-hot.

The layout is built once per player count as a list of named blocks (`layout(P)`, and the parts
of the modes), so the offsets in the documentation and the tests come from the same table as the
encoder.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...core.encoding import layout as block_layout
from .content import (BATTLE_CARDS, CITIES, COLOURS, COMPANIONS, DI_CARDS, GODS, SPACES, TILES,
                      ZONES)

NZ = len(ZONES)
NCOL = len(COLOURS)
NCITY = len(CITIES)
NSPACE = len(SPACES)
# the classic battle cards (Sebek's Gods of Egypt card has its own blocks in the Gods part, so the
# classic layout stays the same with and without the module)
NBATTLE = sum(1 for c in BATTLE_CARDS if c.special < 4)
NDI = len(DI_CARDS)
NCOMP = len(COMPANIONS)

ZONE_IDX = {z.id: i for i, z in enumerate(ZONES)}
CITY_IDX = {c.id: i for i, c in enumerate(CITIES)}
COLOUR_IDX = {c: i for i, c in enumerate(COLOURS)}
SPACE_IDX = {s.id: i for i, s in enumerate(SPACES)}
TILE_IDX = {t.id: i for i, t in enumerate(TILES)}
BATTLE_IDX = {c.name: i for i, c in enumerate(BATTLE_CARDS) if i < NBATTLE}
DI_IDX = {c.name: i for i, c in enumerate(DI_CARDS)}
COMP_IDX = {TILES[t].name: k for k, t in enumerate(COMPANIONS)}
# a seat's owned tiles are given by name; the five colours' "Dominion" tiles share one name
TILE_NAMES: tuple[str, ...] = tuple(dict.fromkeys(t.name for t in TILES))
TILE_NAME_IDX = {n: i for i, n in enumerate(TILE_NAMES)}
NTNAME = len(TILE_NAMES)

PHASES = ("setup", "day", "night")
STEPS = ("city", "troops", "pyramids", "pcolour", "tile1", "turn", "extras", "pick", "post",
         "build", "recruit", "battle_order", "acquire", "acq_comp", "move_troop", "move_take",
         "move_comp", "move_di", "move", "battle", "devotion", "delta", "prayers", "di_buy",
         "summon", "destiny", "over")
STAGES = ("a_disc", "a_play", "a_di", "d_disc", "d_play", "d_di", "loser", "retreat", "winner")
PENDING = ("movement", "recruitment", "construction", "prayer", "acquisition (slot 1)",
           "acquisition (slot 2)", "acquisition (slot 3)", "gold movement", "gold recruitment",
           "gold construction", "gold prayer")
COMP_STATUS = ("market", "supply", "board", "moving")

# nominal maxima used for scaling
MAX_ROUND = 10
MAX_PP = 11
MAX_GLORY = 10
MAX_WARRIORS = 5
MAX_SUPPLY = 12
MAX_TOKENS = 5
MAX_VETERANS = 10
MAX_BATTLE_HAND = 8
MAX_DI_HAND = 10
MAX_DI_DECK = 38
MAX_COPIES = 4
MAX_MOVES = 4
MAX_STRENGTH = 20
MAX_CARD_COPIES = 4  # of one DI card


def seat_fields(players: int) -> list[tuple[str, int]]:
    """The per-seat sub-block (repeated for seats 0..P-1), in order."""
    return [("city", NCITY), ("pp", 1), ("glory", 1), ("permanent_glory", 1), ("veterans", 1),
            ("supply", 1), ("tokens", 1), ("spaces_colour", NSPACE), ("spaces_silver", NSPACE),
            ("slots", 3 * NCOL), ("tiles", NTNAME), ("silver", 1), ("silver_used", 1),
            ("gold_used", 1), ("battle_hand", 1), ("battle_down", 1), ("battle_up", NBATTLE),
            ("di_hand", 1), ("order_position", players)]


def zone_fields(players: int) -> list[tuple[str, int]]:
    """The per-zone sub-block (repeated for all 33 zones in content order), in order."""
    return [("owner", players), ("warriors", 1), ("pyramid_level", 1), ("pyramid_colour", NCOL)]


def companion_fields(players: int) -> list[tuple[str, int]]:
    """The per-companion sub-block (repeated for the 16 companions), in order."""
    return [("owner", players), ("status", len(COMP_STATUS)), ("zone", NZ)]


def seats_of(players: int) -> int:
    """Seats in views: a solo game (1 player) has Amon as a second, engine-driven seat."""
    return 2 if players == 1 else players


def solo_blocks() -> list[tuple[str, int]]:
    """The solo mode's extra blocks (1 player only): objective, round marker, War table, the
    Event on top, the Calamities in play, the Event deck size and Amon's last Battle card."""
    from .solo import AMON_CARDS, EVENTS, OBJECTIVES, WAR_COLUMNS

    return [("solo_objective", len(OBJECTIVES)), ("solo_round_marker", 1),
            ("solo_war_table", len(WAR_COLUMNS)), ("solo_event", len(EVENTS)),
            ("solo_calamities", len(EVENTS)), ("solo_event_deck", 1),
            ("solo_amon_card", len(AMON_CARDS))]


def _positioned(blocks: list[tuple[str, int]]) -> tuple[tuple[str, int, int], ...]:
    """(name, offset, size) of consecutive blocks (the core's `layout`, as triples)."""
    return tuple((name, offset, size) for name, (offset, size) in block_layout(blocks).items())


@lru_cache(maxsize=None)
def layout(players: int) -> tuple[tuple[str, int, int], ...]:
    """(name, offset, size) of every top-level block for `players` players (a solo game
    encodes Amon as a second seat and adds the solo blocks)."""
    P = seats_of(players)
    seat = sum(n for _, n in seat_fields(P))
    zone = sum(n for _, n in zone_fields(P))
    comp = sum(n for _, n in companion_fields(P))
    blocks = [
        ("viewer", P), ("current_player", P), ("decision_player", P), ("terminal", 1),
        ("winner", P), ("update_variant", 1), ("round", 1), ("phase", len(PHASES)),
        ("step", len(STEPS)), ("battle_stage", len(STAGES)), ("pending", len(PENDING)),
        ("market", len(TILES)), ("di_deck", 1), ("di_discard", NDI),
        ("my_battle_cards", NBATTLE), ("my_battle_down", NBATTLE), ("my_di_cards", NDI),
        ("seats", P * seat), ("zones", NZ * zone), ("companions", NCOMP * comp),
        ("move_active", 1), ("move_player", P), ("move_from", NZ), ("move_at", NZ),
        ("move_warriors", 1), ("move_left", 1), ("move_teleported", 1),
        ("battle_active", 1), ("battle_zone", NZ), ("battle_attacker", P),
        ("battle_defender", P), ("battle_attackers", 1), ("battle_attacker_di", 1),
        ("battle_defender_di", 1), ("battle_attacker_card", NBATTLE + 1),
        ("battle_defender_card", NBATTLE + 1), ("battle_attacker_di_cards", NDI),
        ("battle_defender_di_cards", NDI), ("battle_attacker_discard", NBATTLE),
        ("battle_defender_discard", NBATTLE), ("battle_revealed", 1), ("battle_strengths", 2),
        ("battle_winner", P),
    ]
    if players == 1:
        blocks += solo_blocks()
    return _positioned(blocks)


def offsets(players: int) -> dict[str, tuple[int, int]]:
    return {name: (off, size) for name, off, size in layout(players)}


def sub_offset(fields: list[tuple[str, int]], name: str) -> int:
    off = 0
    for n, size in fields:
        if n == name:
            return off
        off += size
    raise KeyError(name)


def _size(blocks: tuple[tuple[str, int, int], ...]) -> int:
    _, off, size = blocks[-1]
    return off + size


def has_gods(variant: Mapping[str, Any] | None) -> bool:
    return bool(variant and variant.get("gods_of_egypt"))


def is_team(variant: Mapping[str, Any] | None) -> bool:
    return bool(variant and variant.get("mode") == "team")


def full_layout(players: int, variant: Mapping[str, Any] | None = None
                ) -> tuple[tuple[str, int, int], ...]:
    """(name, offset, size) of every block of a game's vector, offsets from the vector's start:
    the classic blocks, then the team part (team mode), then the Gods part (Gods of Egypt)."""
    out = list(layout(players))
    end = _size(layout(players))
    parts = []
    if is_team(variant):
        parts.append(team_layout(players))
    if has_gods(variant) and players >= 2:
        parts.append(gods_layout(players))
    for part in parts:
        out += [(name, end + off, size) for name, off, size in part]
        end += _size(part)
    return tuple(out)


def observation_size(players: int, variant: Mapping[str, Any] | None = None) -> int:
    return _size(full_layout(players, variant))


# team mode (KM-T): a block appended after the classic vector, present only in team games
TEAM_STEPS = ("move_tally", "gather", "tdestiny", "defender", "split", "vets")
MAX_TEAMS = 3
MAX_TEAM_GLORY = 12


@lru_cache(maxsize=None)
def team_layout(players: int) -> tuple[tuple[str, int, int], ...]:
    """(name, offset, size) of the team blocks, offsets counted from the team part's start."""
    P = players
    blocks = [("team_of", P * MAX_TEAMS), ("team_glory", MAX_TEAMS), ("zone_seat_warriors", NZ * P),
              ("move_group", P), ("attack_group", P), ("team_step", len(TEAM_STEPS)),
              ("team_left", 1)]
    return _positioned(blocks)


def encode_team(view: Mapping[str, Any], P: int) -> list[float]:
    at = {name: (off, size) for name, off, size in team_layout(P)}
    _, off, size = team_layout(P)[-1]
    v = [0.0] * (off + size)
    for p, s in enumerate(view.get("seats", [])[:P]):
        t = s.get("team")
        if isinstance(t, int) and 0 <= t < MAX_TEAMS:
            v[at["team_of"][0] + p * MAX_TEAMS + t] = 1.0
    for t, g in enumerate(view.get("team_glory", [])[:MAX_TEAMS]):
        v[at["team_glory"][0] + t] = g / MAX_TEAM_GLORY
    for zid, d in view.get("zones", {}).items():
        z = ZONE_IDX.get(zid)
        if z is None:
            continue
        for seat, n in d.get("by_seat", []):
            if 0 <= seat < P:
                v[at["zone_seat_warriors"][0] + z * P + seat] = n / MAX_WARRIORS
    for key, block in (("movement", "move_group"), ("battle", "attack_group")):
        for seat, n in (view.get(key) or {}).get("group" if key == "movement" else "attacker_group",
                                                 []):
            if 0 <= seat < P:
                v[at[block][0] + seat] = n / MAX_WARRIORS
    step = view.get("step")
    if (view.get("battle") or {}).get("stage") in TEAM_STEPS:
        step = view["battle"]["stage"]
    if step in TEAM_STEPS:
        v[at["team_step"][0] + TEAM_STEPS.index(step)] = 1.0
    # what the pending team decision still has to place: Gather warriors, or the losses to split
    # or veteran tokens to hand out after a battle's reveal
    after = (view.get("battle") or {}).get("team_after") or []
    if view.get("gather_left"):
        v[at["team_left"][0]] = view["gather_left"] / 2
    elif after:
        split = after[0]["left"] - sum(x for _, x in view["battle"].get("split_lost", []))
        v[at["team_left"][0]] = (split if after[0]["decision"] == "split losses" else after[0]["left"]) / 5
    return v


# Gods of Egypt (KM-G, ruling KM-R26): a part appended after the classic (and team) vector
NGODS = len(GODS)
GOD_IDX = {g.name: i for i, g in enumerate(GODS)}
GOD_STATUS = ("tile", "board", "moving", "attacking")
GOD_STEPS = ("god", "god_place")
JAWS = next(c.name for c in BATTLE_CARDS if c.special == 4)  # Sebek's special card (KM-G4.6)
MAX_LP = max(g.lp for g in GODS)


def god_fields(players: int) -> list[tuple[str, int]]:
    """The per-God sub-block (repeated for the Gods in gods.toml order), in order."""
    return [("owner", players), ("status", len(GOD_STATUS)), ("zone", NZ), ("lp", 1),
            ("tile_acquired", 1)]


def god_seat_fields() -> list[tuple[str, int]]:
    """The per-seat sub-block of the Gods part (repeated for seats 0..P-1), in order."""
    return [("god", NGODS), ("tile_acquired", 1)]


@lru_cache(maxsize=None)
def gods_layout(players: int) -> tuple[tuple[str, int, int], ...]:
    """(name, offset, size) of the Gods of Egypt blocks, offsets counted from the Gods part's
    start (it follows the classic vector, and the team part in team mode)."""
    P = players
    god = sum(n for _, n in god_fields(P))
    seat = sum(n for _, n in god_seat_fields())
    blocks = [("gods", NGODS * god), ("god_seats", P * seat), ("ascension_reached", 1),
              ("ascension_glory", 1), ("god_step", len(GOD_STEPS)), ("god_moving", 1),
              ("god_battle", 2), ("jaws_my_hand", 1), ("jaws_my_down", 1), ("jaws_up", P),
              ("jaws_battle_card", 2), ("jaws_battle_discard", 2)]
    return _positioned(blocks)


def encode_gods(view: Mapping[str, Any], P: int) -> list[float]:
    """The Gods part of the vector, from the view's `seats[p]["god"]`, `ascension`, the decision
    step and the battle-card fields that may name Jaws of Sebek."""
    at = {name: off for name, off, _ in gods_layout(P)}
    v = [0.0] * _size(gods_layout(P))
    gf = god_fields(P)
    god_size = sum(n for _, n in gf)
    gsub = {name: sub_offset(gf, name) for name, _ in gf}
    sf = god_seat_fields()
    seat_size = sum(n for _, n in sf)
    ssub = {name: sub_offset(sf, name) for name, _ in sf}
    seats = view.get("seats", [])
    mv = view.get("movement") or {}
    bt = view.get("battle") or {}
    recruits = (view.get("turn") or {}).get("attackers") or {}
    for p, s in enumerate(seats[:P]):
        god = s.get("god")
        if not god or god.get("name") not in GOD_IDX:
            continue
        g = GOD_IDX[god["name"]]
        acquired = 1.0 if god.get("tile_acquired") else 0.0
        o = at["god_seats"] + p * seat_size
        v[o + ssub["god"] + g] = 1.0
        v[o + ssub["tile_acquired"]] = acquired
        o = at["gods"] + g * god_size
        v[o + gsub["owner"] + p] = 1.0
        v[o + gsub["tile_acquired"]] = acquired
        where = str(god.get("at", "tile"))
        lp = god.get("lp")
        if where == "tile":
            status = "tile"
        elif where == "moving":
            status = "moving"
            if bt.get("attacker") == p:  # its LP ride with the attacking group
                lp = bt.get("attackers")
            elif mv.get("player") == p:
                lp = mv.get("warriors")
            if mv.get("player") == p:
                v[at["god_moving"]] = 1.0
            if bt.get("attacker") == p:
                v[at["god_battle"]] = 1.0
        elif where.endswith(" (attacking)"):
            status = "attacking"  # deployed by a recruitment into an enemy-held quarter (KM-G3.2)
            where = where[:-len(" (attacking)")]
            lp = recruits.get(where, lp)
        else:
            status = "board"
            if bt and bt.get("defender") == p and bt.get("zone") == where:
                v[at["god_battle"] + 1] = 1.0
        v[o + gsub["status"] + GOD_STATUS.index(status)] = 1.0
        if status in ("board", "attacking") and where in ZONE_IDX:
            v[o + gsub["zone"] + ZONE_IDX[where]] = 1.0
        if isinstance(lp, int):
            v[o + gsub["lp"]] = lp / MAX_LP
    asc = view.get("ascension") or {}
    v[at["ascension_reached"]] = 1.0 if asc.get("reached") else 0.0
    v[at["ascension_glory"]] = asc.get("glory", 0) / MAX_GLORY
    step = (view.get("decision") or {}).get("kind")
    if step in GOD_STEPS:
        v[at["god_step"] + GOD_STEPS.index(step)] = 1.0
    viewer = view.get("viewer")
    if isinstance(viewer, int) and 0 <= viewer < len(seats):
        mine = seats[viewer]
        v[at["jaws_my_hand"]] = float(mine.get("battle_cards", []).count(JAWS))
        v[at["jaws_my_down"]] = float(mine.get("battle_down_cards", []).count(JAWS))
    for p, s in enumerate(seats[:P]):
        v[at["jaws_up"] + p] = float(s.get("battle_up", []).count(JAWS))
    for i, side in enumerate(("attacker", "defender")):
        if bt.get(side + "_card") == JAWS:
            v[at["jaws_battle_card"] + i] = 1.0
        if bt.get(side + "_discard") == JAWS:
            v[at["jaws_battle_discard"] + i] = 1.0
    return v


def encode_view(view: Mapping[str, Any]) -> list[float]:
    players = int(view["players"])
    P = seats_of(players)
    v = [0.0] * observation_size(players, None)
    at = offsets(players)

    def put(block: str, index: int, value: float = 1.0) -> None:
        off, size = at[block]
        if 0 <= index < size:
            v[off + index] = float(value)

    def seat_one_hot(block: str, seat: Any) -> None:
        if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
            put(block, seat)

    viewer = view.get("viewer")
    seat_one_hot("viewer", viewer)
    seat_one_hot("current_player", view.get("current_player"))
    decision = view.get("decision")
    if decision:
        seat_one_hot("decision_player", decision.get("player"))
    put("terminal", 0, 1.0 if view.get("terminal") else 0.0)
    seat_one_hot("winner", view.get("winner", -1))
    put("update_variant", 0, 1.0 if (view.get("variant") or {}).get("update") else 0.0)
    put("round", 0, view.get("round", 0) / MAX_ROUND)
    if view.get("phase") in PHASES:
        put("phase", PHASES.index(view["phase"]))
    if view.get("step") in STEPS:
        put("step", STEPS.index(view["step"]))
    for name in view.get("pending", []):
        if name in PENDING:
            off, _ = at["pending"]
            v[off + PENDING.index(name)] += 1.0
    for tid, n in view.get("market", {}).items():
        put("market", TILE_IDX[tid], n / MAX_COPIES)
    put("di_deck", 0, view.get("di_deck", 0) / MAX_DI_DECK)
    _count("di_discard", view.get("di_discard", []), DI_IDX, MAX_CARD_COPIES, v, at)

    seats = view.get("seats", [])
    # the viewer's own hidden cards
    if isinstance(viewer, int) and 0 <= viewer < len(seats):
        mine = seats[viewer]
        _count("my_battle_cards", mine.get("battle_cards", []), BATTLE_IDX, 1, v, at)
        _count("my_battle_down", mine.get("battle_down_cards", []), BATTLE_IDX, 1, v, at)
        _count("my_di_cards", mine.get("di_cards", []), DI_IDX, MAX_CARD_COPIES, v, at)

    # seats
    sf = seat_fields(P)
    seat_size = sum(n for _, n in sf)
    sub = {name: sub_offset(sf, name) for name, _ in sf}
    base = at["seats"][0]
    order = list(view.get("order", []))
    comp_owner = [-1] * NCOMP
    for p, s in enumerate(seats[:P]):
        o = base + p * seat_size
        if s.get("city") in CITY_IDX:
            v[o + sub["city"] + CITY_IDX[s["city"]]] = 1.0
        v[o + sub["pp"]] = s.get("pp", 0) / MAX_PP
        v[o + sub["glory"]] = s.get("glory", 0) / MAX_GLORY
        v[o + sub["permanent_glory"]] = s.get("permanent_glory", 0) / MAX_GLORY
        v[o + sub["veterans"]] = s.get("veterans", 0) / MAX_VETERANS
        v[o + sub["supply"]] = s.get("supply", 0) / MAX_SUPPLY
        v[o + sub["tokens"]] = s.get("tokens", 0) / MAX_TOKENS
        for sp in s.get("spaces", []):
            silver = sp.endswith("*")
            i = SPACE_IDX.get(sp.rstrip("*"))
            if i is not None:
                v[o + sub["spaces_silver" if silver else "spaces_colour"] + i] = 1.0
        for k, colour in enumerate(s.get("slots", [])[:3]):
            if colour in COLOUR_IDX:
                v[o + sub["slots"] + k * NCOL + COLOUR_IDX[colour]] = 1.0
        for name in s.get("tiles", []):
            if name in TILE_NAME_IDX:
                v[o + sub["tiles"] + TILE_NAME_IDX[name]] += 1.0
            if name in COMP_IDX:
                comp_owner[COMP_IDX[name]] = p
        v[o + sub["silver"]] = float(s.get("silver", 0))
        v[o + sub["silver_used"]] = 1.0 if s.get("silver_used") else 0.0
        v[o + sub["gold_used"]] = 1.0 if s.get("gold_used") else 0.0
        v[o + sub["battle_hand"]] = s.get("battle_hand", 0) / MAX_BATTLE_HAND
        v[o + sub["battle_down"]] = s.get("battle_down", 0) / MAX_BATTLE_HAND
        for name in s.get("battle_up", []):
            if name in BATTLE_IDX:
                v[o + sub["battle_up"] + BATTLE_IDX[name]] += 1.0
        v[o + sub["di_hand"]] = s.get("di_hand", 0) / MAX_DI_HAND
        if p in order:
            v[o + sub["order_position"] + order.index(p)] = 1.0

    # zones
    zf = zone_fields(P)
    zone_size = sum(n for _, n in zf)
    zsub = {name: sub_offset(zf, name) for name, _ in zf}
    base = at["zones"][0]
    comp_zone = [-1] * NCOMP
    for zid, d in view.get("zones", {}).items():
        z = ZONE_IDX.get(zid)
        if z is None:
            continue
        o = base + z * zone_size
        owner = d.get("owner", -1)
        if isinstance(owner, int) and 0 <= owner < P:
            v[o + zsub["owner"] + owner] = 1.0
        v[o + zsub["warriors"]] = d.get("warriors", 0) / MAX_WARRIORS
        pyramid = d.get("pyramid")
        if pyramid:
            colour, level = pyramid
            v[o + zsub["pyramid_level"]] = level / 4
            if colour in COLOUR_IDX:
                v[o + zsub["pyramid_colour"] + COLOUR_IDX[colour]] = 1.0
        for name in d.get("companions", []):
            if name in COMP_IDX:
                comp_zone[COMP_IDX[name]] = z

    # companions
    supply = set()
    for s in seats:
        supply.update(s.get("supply_companions", []))
    moving = set()
    if view.get("movement"):
        moving.update(view["movement"].get("companions", []))
    if view.get("battle"):
        moving.update(view["battle"].get("attacker_companions", []))
    cf = companion_fields(P)
    comp_size = sum(n for _, n in cf)
    csub = {name: sub_offset(cf, name) for name, _ in cf}
    base = at["companions"][0]
    for name, k in COMP_IDX.items():
        o = base + k * comp_size
        if comp_owner[k] >= 0:
            v[o + csub["owner"] + comp_owner[k]] = 1.0
        if comp_zone[k] >= 0:
            status = "board"
            v[o + csub["zone"] + comp_zone[k]] = 1.0
        elif name in moving:
            status = "moving"
        elif name in supply:
            status = "supply"
        elif comp_owner[k] < 0:
            status = "market"
        else:
            status = None  # owned but elsewhere (e.g. with a recruitment attack group)
        if status is not None:
            v[o + csub["status"] + COMP_STATUS.index(status)] = 1.0

    # movement in progress
    mv = view.get("movement")
    if mv:
        put("move_active", 0)
        seat_one_hot("move_player", mv.get("player"))
        if mv.get("from") in ZONE_IDX:
            put("move_from", ZONE_IDX[mv["from"]])
        if mv.get("at") in ZONE_IDX:
            put("move_at", ZONE_IDX[mv["at"]])
        put("move_warriors", 0, mv.get("warriors", 0) / MAX_WARRIORS)
        put("move_left", 0, mv.get("moves_left", 0) / MAX_MOVES)
        put("move_teleported", 0, 1.0 if mv.get("teleported") else 0.0)

    # battle in progress
    bt = view.get("battle")
    if bt:
        put("battle_active", 0)
        if bt.get("zone") in ZONE_IDX:
            put("battle_zone", ZONE_IDX[bt["zone"]])
        seat_one_hot("battle_attacker", bt.get("attacker"))
        seat_one_hot("battle_defender", bt.get("defender"))
        put("battle_attackers", 0, bt.get("attackers", 0) / MAX_WARRIORS)
        put("battle_attacker_di", 0, bt.get("attacker_di", 0) / MAX_DI_HAND)
        put("battle_defender_di", 0, bt.get("defender_di", 0) / MAX_DI_HAND)
        if bt.get("stage") in STAGES:
            put("battle_stage", STAGES.index(bt["stage"]))
        for side in ("attacker", "defender"):
            card = bt.get(side + "_card")
            if card == "hidden":
                put(f"battle_{side}_card", NBATTLE)
            elif card in BATTLE_IDX:
                put(f"battle_{side}_card", BATTLE_IDX[card])
            _count(f"battle_{side}_di_cards", bt.get(side + "_di_cards", []), DI_IDX, 1, v, at)
            disc = bt.get(side + "_discard")
            if disc in BATTLE_IDX:
                put(f"battle_{side}_discard", BATTLE_IDX[disc])
        if "winner" in bt:
            put("battle_revealed", 0)
            seat_one_hot("battle_winner", bt["winner"])
            for i, strength in enumerate(bt.get("strengths", [])[:2]):
                put("battle_strengths", i, strength / MAX_STRENGTH)
    if "teams" in view:
        v += encode_team(view, P)
    if "ascension" in view:  # Gods of Egypt (never with the solo mode)
        v += encode_gods(view, P)
    solo = view.get("solo")
    if players == 1 and solo:
        _encode_solo(solo, put)
    return v


def _encode_solo(solo: Mapping[str, Any], put: Any) -> None:
    from .solo import AMON_CARDS, EVENTS, WAR_COLUMNS

    events = {e.name: i for i, e in enumerate(EVENTS)}
    put("solo_objective", int(solo["objective"]["number"]) - 1)
    put("solo_round_marker", 0, solo.get("round_marker", 0) / MAX_ROUND)
    for i, col in enumerate(WAR_COLUMNS):
        put("solo_war_table", i, solo["war_table"].get(col.id, 0) / 5)
    if solo.get("event") in events:
        put("solo_event", events[solo["event"]])
    for name in solo.get("calamities", []):
        if name in events:
            put("solo_calamities", events[name])
    put("solo_event_deck", 0, solo.get("event_deck", 0) / MAX_ROUND)
    cards = [c.name for c in AMON_CARDS]
    if solo.get("amon_card") in cards:
        put("solo_amon_card", cards.index(solo["amon_card"]))


def _count(block: str, names: Any, index: Mapping[str, int], scale: float, v: list[float],
           at: Mapping[str, tuple[int, int]]) -> None:
    off, size = at[block]
    for name in names:
        i = index.get(name)
        if i is not None and i < size:
            v[off + i] += 1.0 / scale
