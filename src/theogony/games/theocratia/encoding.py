"""Fixed numeric observation of one Theocratia seat (issue 9, "Fixed encodings per game").

The vector is built from the seat's `view` only (never the state), so it carries nothing hidden
from that seat. Its length is the same for every player count and variant (four seat blocks, the
most a game can have, with zero padding), so one network fits all games. The layout is `LAYOUT`
(name -> (offset, length)); docs/encodings.md ("Theocratia") documents it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core.encoding import layout, one_hot

from .content import (BONUS_IDS, DEV_EFFECTS, HOUSE, N_HEX, PAGE_SPACES, PLAYER_COLOURS, POWER_CARDS,
                      POWER_DEFS, POWER_KIND, TOKENS, TRACK_END)

MAX_SEATS = 4
N_CIVS = 4
N_CRYSTALS = 6
N_POWER = len(POWER_DEFS)            # Power card kinds (12)
N_TOKENS = len(TOKENS)               # Pyramid token kinds (10)
N_BONUS = len(BONUS_IDS)             # Round Bonus cards (5)
MAX_ROUNDS = 5
DEV_KINDS = tuple(sorted(set(DEV_EFFECTS), key=DEV_EFFECTS.index))  # expansion, holiday, blank
STAGES = 5                           # 0 setup, 1 turns, 2 end-round bonus, 3 development, 4 over
PENDING_KINDS = ("civ", "draft", "prepare", "first", "war", "expand", "build", "pyramid",
                 "holiday", "endturn", "token", "tokenciv", "dev_hex", "dev_kind")
BOTS = ("none", "xevron", "ory", "noks")
BOT_ACTIONS = ("bonus", "house", "factory", "barrack", "pyramid", "war", "holiday")
# hex colour codes of the view: 0..3 player colours, -1 plains, -2 desert, -3 volcano, -4 fortress
HEX_COLOURS = (0, 1, 2, 3, -1, -2, -3, -4)
PIECE_KINDS = 7                      # kinds 1..7: Fortress, House, Factory, Barrack, Pyramid,
                                     # plain monster, desert monster (0 = empty: all zero)
HEX_WIDTH = len(HEX_COLOURS) + 1 + N_CIVS + PIECE_KINDS + N_CRYSTALS          # 26
PAGES = len(PAGE_SPACES)             # 8
ITEM_KINDS = N_CRYSTALS + 1          # crystal colours, then Warriors (6)
CIV_WIDTH = (7 + N_CRYSTALS + PAGES + 1 + ITEM_KINDS + 1 + len(DEV_KINDS) + 3 * (4 + 6) + 1)
TILE_STATES = 4                      # locked, unlocked, held, used
SEAT_WIDTH = (1 + 1 + 1 + 4 + 1 + 1 + 1 + 1 + N_CIVS + N_CIVS * TILE_STATES + 1 + N_TOKENS + 1
              + 1 + 1 + N_CIVS)
BOT_CARD_WIDTH = 1 + 1 + 2 + 6 + len(BOT_ACTIONS) + 1 + 2                      # 20

_FIELDS: tuple[tuple[str, int], ...] = (
    ("viewer", MAX_SEATS),
    ("current_player", MAX_SEATS),
    ("my_turn", 1),
    ("terminal", 1),
    ("num_seats", MAX_SEATS),
    ("people", MAX_SEATS),
    ("variant_first_game", 1),
    ("variant_bot", len(BOTS)),
    ("variant_high", 1),
    ("bot_seat", MAX_SEATS),
    ("round", 1),
    ("rounds", 1),
    ("round_onehot", MAX_ROUNDS),
    ("turn_index", 1),
    ("turns", 1),
    ("stage", STAGES),
    ("first", MAX_SEATS),
    ("next_first", MAX_SEATS),
    ("erb_holder", MAX_SEATS),
    ("erb_die", N_CIVS),
    ("round_bonus", MAX_ROUNDS * N_BONUS),
    ("current_bonus", N_BONUS),
    ("table", N_CIVS * 6),
    ("bag", N_CIVS),
    ("reserve", N_CRYSTALS),
    ("deck_size", 1),
    ("discard", N_POWER),
    ("tokens", N_TOKENS),
    ("pending_kind", len(PENDING_KINDS)),
    ("pending_civ", N_CIVS),
    ("pending_die_colour", N_CIVS),
    ("pending_die_value", 6),
    ("pending_flags", 8),
    ("pending_piece", 3),
    ("pending_mode", 3),
    ("pending_holiday", 1 + N_CRYSTALS),
    ("pending_hexes", N_HEX),
    ("hand", N_POWER),
    ("bot_deck_size", 1),
    ("bot_revealed", 2 * BOT_CARD_WIDTH),
    ("grid", N_CIVS * 3 * N_TOKENS),
    ("hexes", N_HEX * HEX_WIDTH),
    ("civs", N_CIVS * CIV_WIDTH),
    ("seats", MAX_SEATS * SEAT_WIDTH),
)


LAYOUT: dict[str, tuple[int, int]] = layout(_FIELDS)
SIZE = sum(length for _, length in _FIELDS)


def observation_size(players: int, variant: Mapping[str, Any] | None = None) -> int:
    """The same length for every player count and variant (padded to four seats)."""
    return SIZE


def _bot_card(card_index: int) -> list[float]:
    from .content import BOT_CARDS

    c = BOT_CARDS[card_index]
    vec = [0.0] * BOT_CARD_WIDTH
    vec[0] = 1.0                                   # present
    vec[1] = c.number / 20
    vec[2 + (0 if c.arrow == "left" else 1)] = 1.0
    vec[4 + c.die - 1] = 1.0
    vec[10 + BOT_ACTIONS.index(c.action)] = 1.0
    vec[17] = c.worship / 3
    vec[18 + (0 if c.rotation == "cw" else 1)] = 1.0
    return vec


def encode_view(view: Mapping[str, Any]) -> list[float]:
    out = [0.0] * SIZE
    L = LAYOUT
    me = view.get("viewer")
    seats = view["seats"]
    n = len(seats)
    variant = view.get("variant", {})

    def put(name: str, values: list[float], at: int = 0) -> None:
        off = L[name][0] + at
        out[off:off + len(values)] = values

    def hot(name: str, index: int | None, at: int = 0, length: int | None = None) -> None:
        off, size = L[name]
        one_hot(out, off + at, index, length if length is not None else size)

    hot("viewer", me)
    hot("current_player", view.get("current_player"))
    out[L["my_turn"][0]] = float(me is not None and view.get("current_player") == me)
    out[L["terminal"][0]] = float(bool(view.get("terminal")))
    hot("num_seats", n - 1)
    hot("people", int(view.get("players", n)) - 1)
    out[L["variant_first_game"][0]] = float(bool(variant.get("first_game")))
    bot = view.get("bot") or "none"
    hot("variant_bot", BOTS.index(bot) if bot in BOTS else None)
    out[L["variant_high"][0]] = float(bool(view.get("high")))
    hot("bot_seat", view.get("bot_seat", -1))

    # ---- round, turn and tokens of the round ----------------------------------------------------
    rnd = int(view["round"])
    out[L["round"][0]] = rnd / MAX_ROUNDS
    out[L["rounds"][0]] = view["rounds"] / MAX_ROUNDS
    hot("round_onehot", rnd - 1)
    turns = int(view["turns"])
    out[L["turn_index"][0]] = view["turn_index"] / max(1, turns * n)
    out[L["turns"][0]] = turns / 3
    hot("stage", view["stage"])
    hot("first", view["first"])
    hot("next_first", view["next_first"])
    hot("erb_holder", view["erb_holder"])
    hot("erb_die", view["erb_die"])
    for r, bonus_id in enumerate(view["round_bonus"][:MAX_ROUNDS]):
        hot("round_bonus", BONUS_IDS.index(bonus_id), at=r * N_BONUS, length=N_BONUS)
    if 1 <= rnd <= len(view["round_bonus"]):
        hot("current_bonus", BONUS_IDS.index(view["round_bonus"][rnd - 1]))

    # ---- dice, reserve, cards, tokens ----------------------------------------------------------
    off = L["table"][0]
    for d in view["table"]:
        out[off + (d // 10) * 6 + d % 10 - 1] += 1 / 3
    off = L["bag"][0]
    for colour in view["bag"]:
        out[off + colour] += 1 / 3
    put("reserve", [x / 20 for x in view["reserve"]])
    out[L["deck_size"][0]] = view["deck_size"] / len(POWER_CARDS)
    off = L["discard"][0]
    for card in view["discard"]:
        k = POWER_KIND[card]
        out[off + k] += 1 / POWER_DEFS[k].copies
    off = L["tokens"][0]
    for k in view["tokens"]:
        out[off + k] += 1 / TOKENS[k].copies

    # ---- the pending decision -------------------------------------------------------------------
    pending = view.get("pending")
    if pending:
        kind = pending["kind"]
        hot("pending_kind", PENDING_KINDS.index(kind) if kind in PENDING_KINDS else None)
        hot("pending_civ", pending.get("civ", -1))
        die = pending.get("die", -1)
        if die is not None and die >= 0:
            hot("pending_die_colour", die // 10)
            hot("pending_die_value", die % 10 - 1)
        # The frame's own details ("a", "b", "flags", "items") are encoded when the view carries
        # them (they are public, and they decide the legal actions; see docs/encodings.md).
        flags = int(pending.get("flags") or 0)
        off = L["pending_flags"][0]
        for bit in range(8):
            out[off + bit] = float(bool(flags >> bit & 1))
        a, b, items = pending.get("a"), pending.get("b"), pending.get("items") or []
        if kind in ("expand", "build") and a is not None:
            hot("pending_piece", a - HOUSE)  # House, Factory, Barrack
            hot("pending_mode", b)           # 0 the action, 1 End Round Bonus / token upgrade, 2 token
        elif kind == "holiday" and a is not None:
            out[L["pending_holiday"][0]] = a / 10  # Crystals still to choose
            put("pending_holiday", [x / 10 for x in items[:N_CRYSTALS]], at=1)  # chosen so far
        elif kind in ("pyramid", "dev_kind") and a is not None:
            hot("pending_hexes", a)          # the Pyramid site / the House to upgrade
        elif kind == "dev_hex":
            for h in items:
                hot("pending_hexes", h)      # the tied hexes offered

    # ---- the viewer's hand (only the viewer's own seat carries "hand" in its view) -------------
    if me is not None and 0 <= me < n:
        off = L["hand"][0]
        for card in seats[me].get("hand", []):
            k = POWER_KIND[card]
            out[off + k] += 1 / POWER_DEFS[k].copies

    # ---- the solo automaton ---------------------------------------------------------------------
    out[L["bot_deck_size"][0]] = view.get("bot_deck_size", 0) / 20
    for i, card in enumerate(view.get("bot_revealed", [])[:2]):
        put("bot_revealed", _bot_card(card), at=i * BOT_CARD_WIDTH)
    for slot, k in enumerate(view.get("grid", [])[:N_CIVS * 3]):
        hot("grid", k, at=slot * N_TOKENS, length=N_TOKENS)

    # ---- board ---------------------------------------------------------------------------------
    my_colour = -1
    if me is not None and 0 <= me < n:
        my_colour = PLAYER_COLOURS.index(seats[me]["colour"])
    base = L["hexes"][0]
    civ_size = [0] * N_CIVS
    for h, (colour, civ, kind, crystal) in enumerate(view["hexes"]):
        o = base + h * HEX_WIDTH
        if colour in HEX_COLOURS:
            out[o + HEX_COLOURS.index(colour)] = 1.0
        o += len(HEX_COLOURS)
        out[o] = float(my_colour >= 0 and colour == my_colour)
        o += 1
        one_hot(out, o, civ, N_CIVS)
        o += N_CIVS
        one_hot(out, o, kind - 1, PIECE_KINDS)
        o += PIECE_KINDS
        one_hot(out, o, crystal, N_CRYSTALS)
        if 0 <= civ < N_CIVS and kind != 5:  # Civ size: buildings except Pyramids (TC-5.8)
            civ_size[civ] += 1

    # ---- Civ areas -----------------------------------------------------------------------------
    base = L["civs"][0]
    for v, c in enumerate(view["civs"][:N_CIVS]):
        o = base + v * CIV_WIDTH
        vals = [c["houses"] / 5, c["factories"] / 3, c["barracks"] / 3, c["pyramids"] / 2,
                c["warriors"] / 10, c["supply"] / 5, civ_size[v] / 10]
        vals += [x / 10 for x in c["crystals"]]
        page = [0.0] * PAGES
        page[min(c["page"], PAGES - 1)] = 1.0
        vals += page + [c["page"] / (PAGES - 1)]
        items = [0.0] * ITEM_KINDS
        for item in c["items"]:
            items[item] += 1 / 6
        spaces = PAGE_SPACES[min(c["page"], PAGES - 1)]
        vals += items + [(spaces - len(c["items"])) / 6]
        dev = [0.0] * len(DEV_KINDS)
        dev[DEV_KINDS.index(c["dev"])] = 1.0
        vals += dev
        row = [0.0] * (3 * 10)
        for i, d in enumerate(c["row"][:3]):
            row[i * 10 + d // 10] = 1.0
            row[i * 10 + 4 + d % 10 - 1] = 1.0
        vals += row + [len(c["row"]) / 3]
        assert len(vals) == CIV_WIDTH
        out[o:o + CIV_WIDTH] = vals

    # ---- seats (absolute seat order; `viewer` says which is the observer) ----------------------
    base = L["seats"][0]
    bot_seat = view.get("bot_seat", -1)
    for i, p in enumerate(seats[:MAX_SEATS]):
        o = base + i * SEAT_WIDTH
        vals = [1.0, float(i == me), float(i == bot_seat)]
        colour = [0.0] * 4
        colour[PLAYER_COLOURS.index(p["colour"])] = 1.0
        vals += colour
        vals += [p["cosmo"] / 10, p["malus"] / 13, float(bool(p["flipped"])),
                 (p["malus"] + (13 if p["flipped"] else 0)) / 26]
        vals += [(x + 1) / (TRACK_END + 1) for x in p["priests"]]
        tiles = [0.0] * (N_CIVS * TILE_STATES)
        for t, st in enumerate(p["tiles"][:4]):
            tiles[t * TILE_STATES + st] = 1.0
        vals += tiles
        vals.append(p["pyramids_built"] / 3)
        toks = [0.0] * N_TOKENS
        for k in p["tokens"]:
            toks[k] += 1 / TOKENS[k].copies
        vals += toks
        vals += [float(bool(p["end_token"])), p["hand_size"] / 10, p["score"] / 50]
        choice = [0.0] * N_CIVS
        if i < len(view["civ_choice"]):
            one_hot(choice, 0, view["civ_choice"][i], N_CIVS)
        vals += choice
        assert len(vals) == SEAT_WIDTH
        out[o:o + SEAT_WIDTH] = vals
    assert len(out) == SIZE
    return out
