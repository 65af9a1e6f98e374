"""TC-2 setup: the board, the Civs, the decks, the players' colours and Cosmo, the first player
(R1) and the Civ choices (TC-2.5), in reverse turn order. With the solo automaton (issue 5) it is
one more seat, last, playing White (BOT-1.2); the setup then follows the player count that
includes it."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from theogony.core import Action, Event, Rng
from theogony.core.frames import AUTOMATIC

from ..codes import C_CIV
from ..content import (BARRACK, CIV_NAMES, CIVS, EMPTY, FACTORY, FORTRESS, FORTRESS_OF, GREEN,
                       HEX_TERRAIN, HEXES, HOME_HEX, HOUSE, MONSTER_DESERT, MONSTER_PLAIN, N_HEX,
                       PLAINS, PLAYER_COLOURS, POWER_CARDS, ROUND_BONUSES, START_HEX, TOKENS)
from ..state import ChooseCiv, Civ, Player, RoundSetup, TheocratiaFrame, TheocratiaState
from .board import place
from .solo import bot_choose_civ, bot_deck, bot_token_grid, setup_bot_seat

_COLOUR_KEYS = ("red", "brown", "blue", "white")
# the colour sets the players may choose (TC-2.3, ruling R1): "auto" = the first N in colour order
COLOUR_SETS = ("auto",) + tuple("-".join(_COLOUR_KEYS[c] for c in combo)
                                for n in (2, 3) for combo in combinations(range(4), n))
FIRST_PLAYERS = ("random", 0, 1, 2, 3)  # the `first_player` variant (TC-2.3, R1)
_FIRST_PLAYER_STREAM = 1601  # its own random stream: the deal of a seed does not depend on it
_START_COSMO = (2, 3, 3, 4)  # by place in the turn order (TC-2.3)


def chosen_colours(value: str) -> list[int] | None:
    """The colour indices named by the `colours` variant (None for "auto")."""
    if value == "auto":
        return None
    return [_COLOUR_KEYS.index(x) for x in value.split("-")]


def bot_personality(players: int, variant: Mapping[str, Any]) -> str:
    """The Bot's personality ("" without the Bot); BOT-1.1 a solo game always has a Bot."""
    bot = variant.get("bot", "none")
    if players == 1 and bot == "none":
        bot = "xevron"
    return "" if bot == "none" else bot


def first_seat(players: int, seed: int, variant: Mapping[str, Any]) -> int:
    """The first player of a game (TC-2.3, R1): the `first_player` variant's seat, or one drawn
    from the seed on a stream of its own; with the Bot always seat 0, the seat after the Bot."""
    if bot_personality(players, variant):
        return 0
    chosen = variant.get("first_player", "random")
    if chosen != "random":
        return int(chosen)
    return Rng(seed, stream=_FIRST_PLAYER_STREAM).below(players)


def _board() -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """TC-2.1 the hexes (colour, Civ, piece, Crystal) and the Crystal reserve, before the Civs'
    pieces (which take Green Crystals from the reserve)."""
    hex_civ = [-1] * N_HEX
    hex_kind = [EMPTY] * N_HEX
    hex_crystal = [-1] * N_HEX
    reserve = [15, 15, 15, 15, 20, 0]
    for v, cd in enumerate(CIVS):
        hex_civ[FORTRESS_OF[v]] = v
        hex_kind[FORTRESS_OF[v]] = FORTRESS
        hex_civ[START_HEX[v]] = v
        hex_kind[START_HEX[v]] = FACTORY if cd.start_building == "factory" else BARRACK
        reserve[GREEN] -= cd.crystals
    for h, hd in enumerate(HEXES):
        if hd.monster == "plain":
            hex_kind[h] = MONSTER_PLAIN
        elif hd.monster == "desert":
            hex_kind[h] = MONSTER_DESERT
        t = HEX_TERRAIN[h]
        if hex_civ[h] < 0 and (t >= 0 or t == PLAINS):
            colour = t if t >= 0 else GREEN
            hex_crystal[h] = colour
            reserve[colour] -= 1
    return list(HEX_TERRAIN), hex_civ, hex_kind, hex_crystal, reserve


def _civs(seats: int, rounds: int) -> list[Civ]:
    out = []
    for cd in CIVS:
        start = FACTORY if cd.start_building == "factory" else BARRACK
        crystals = [0] * 6
        crystals[GREEN] = cd.crystals
        out.append(Civ(houses=5, factories=3 - (start == FACTORY), barracks=3 - (start == BARRACK),
                       pyramids=2, warriors=10 - cd.warriors - (rounds - 1), supply=cd.warriors,
                       crystals=crystals, page={4: 0, 3: 1, 2: 2}[seats], items=[], dev=0, row=[]))
    return out


def _seat_colours(players: int, bot: str, variant: Mapping[str, Any],
                  colours: list[int] | None) -> list[int]:
    """TC-2.3 the seats' colours, in colour order (the Bot plays White, BOT-1.2)."""
    if not colours and not bot:
        colours = chosen_colours(variant.get("colours", "auto"))
    if colours:
        return sorted(colours)
    if bot:
        return list(range(players)) + [3]
    return list(range(players))


def build_state(players: int, seed: int, variant: dict[str, Any], rng: Rng,
                first: int | None = None, colours: list[int] | None = None) -> TheocratiaState:
    """TC-2 setup, up to the Civ choice (which is the first decision). Seats sit in colour order
    (Red, Brown, Blue, White among the chosen colours); `first` is the first player (None: by the
    `first_player` variant, R1)."""
    if first is None:
        first = first_seat(players, seed, variant)
    bot = bot_personality(players, variant)
    n = players + (1 if bot else 0)
    rounds = 4 if n == 2 else 5
    hex_colour, hex_civ, hex_kind, hex_crystal, reserve = _board()
    civs = _civs(n, rounds)
    devs = [0, 1, 2, 3]
    rng.shuffle(devs)
    for v in range(4):
        civs[v].dev = devs[v]
    bonus = list(range(len(ROUND_BONUSES)))
    rng.shuffle(bonus)
    deck = list(range(len(POWER_CARDS)))
    rng.shuffle(deck)
    tokens = [k for k, t in enumerate(TOKENS) for _ in range(1 if n == 3 else t.copies)]
    grid: list[int] = []
    if bot:
        grid = bot_token_grid(rng)
        tokens = sorted(grid)
    seat_colours = _seat_colours(players, bot, variant, colours)
    seats = [Player(colour=seat_colours[i], cosmo=_START_COSMO[(i - first) % n], malus=0,
                    flipped=False, priests=[-1] * 4, hand=[], tiles=[2, 0, 0, 0],
                    pyramids_built=0, tokens=[], end_token=False) for i in range(n)]
    for i in range(players):
        seats[i].hand.append(deck.pop())
    bot_seat = n - 1 if bot else -1
    if bot:
        setup_bot_seat(seats[bot_seat])
    state = TheocratiaState(
        players=players, seed=seed, variant=dict(variant), rng=rng, history=[],
        stack=[RoundSetup(seat=AUTOMATIC)],
        civs=civs, seats=seats,
        colour_seat=[seat_colours.index(c) if c in seat_colours else -1 for c in range(4)],
        hex_colour=hex_colour, hex_civ=hex_civ, hex_kind=hex_kind, hex_crystal=hex_crystal,
        reserve=reserve, bag=[], table=[], round=1, rounds=rounds, turns=3 if n == 2 else 2,
        first=first, next_first=-1, erb_holder=-1, erb_die=-1, round_bonus=bonus, deck=deck,
        discard=[], tokens=tokens, civ_choice=[-1] * n, bot=bot,
        high=bot != "" and variant.get("difficulty") == "high", bot_seat=bot_seat,
        bot_deck=bot_deck(bot, rng) if bot else [], bot_revealed=[], grid=grid)
    chooser = (first - 1) % n
    if chooser == bot_seat:
        bot_choose_civ(state, [])
        chooser = (chooser - 1) % n
    state.stack.append(ChooseCiv(seat=chooser))
    return state


# ---- the Civ choice (TC-2.5) -------------------------------------------------------------------

def civ_legal(s: TheocratiaState, f: TheocratiaFrame) -> list[Action]:
    return [Action(f"choose {CIV_NAMES[v]}", C_CIV + v, (v,)) for v in range(4)
            if v not in s.civ_choice]


def civ_apply(s: TheocratiaState, f: TheocratiaFrame, a: Action, events: list[Event]) -> None:
    v = a.data[0]
    seat = f.seat
    s.stack.pop()
    s.civ_choice[seat] = v
    p = s.seats[seat]
    place(s, v, HOME_HEX[v][p.colour], HOUSE, -1, events)
    if s.variant.get("first_game"):
        p.priests[v] = 0  # TC-2.6
    events.append(Event("civ", f"{PLAYER_COLOURS[p.colour]} chooses {CIV_NAMES[v]}", seat))
    nxt = (seat - 1) % len(s.seats)
    if seat != s.first and nxt == s.bot_seat:
        bot_choose_civ(s, events)
        seat = nxt
        nxt = (seat - 1) % len(s.seats)
    if seat != s.first:
        s.stack.append(ChooseCiv(seat=nxt))
        return
    unchosen_civs = [x for x in range(4) if x not in s.civ_choice]
    unchosen_cols = [c for c in range(4) if s.colour_seat[c] < 0]
    for x, c in zip(unchosen_civs, unchosen_cols):
        place(s, x, HOME_HEX[x][c], HOUSE, -1, events)
        events.append(Event("civ", f"{CIV_NAMES[x]} (unchosen) builds on the "
                            f"{PLAYER_COLOURS[c]} hex"))
