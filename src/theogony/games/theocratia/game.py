"""The Theocratia Game object: info, setup (TC-2), action codes, agents, rendering."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from theogony.core import Component, Game, GameInfo, Rng, SetupError

from .content import (CIVS, FORTRESS, FORTRESS_OF, GREEN, HEX_TERRAIN, HEXES,
                      MONSTER_DESERT, MONSTER_PLAIN, N_HEX, PLAINS, POWER_CARDS, ROUND_BONUSES,
                      START_HEX, TOKENS, FACTORY, BARRACK, EMPTY)
from .state import NUM_CODES, Civ, Frame, Player, TheocratiaState

_COLOUR_KEYS = ("red", "brown", "blue", "white")
# the colour sets the players may choose (TC-2.3, ruling R1): "auto" = the first N in colour order
COLOUR_SETS = ("auto",) + tuple("-".join(_COLOUR_KEYS[c] for c in combo)
                                for n in (2, 3) for combo in combinations(range(4), n))


FIRST_PLAYERS = ("random", 0, 1, 2, 3)  # the `first_player` variant (TC-2.3, R1)
_FIRST_PLAYER_STREAM = 1601  # its own random stream: the deal of a seed does not depend on it


def chosen_colours(value: str) -> list[int] | None:
    """The colour indices named by the `colours` variant (None for "auto")."""
    if value == "auto":
        return None
    return [_COLOUR_KEYS.index(x) for x in value.split("-")]


class TheocratiaGame(Game):
    info = GameInfo(
        id="theocratia",
        title="Theocratia",
        min_players=1,
        max_players=4,
        variants={"first_game": ((False, True), False),
                  "bot": (("none", "xevron", "ory", "noks"), "none"),
                  "difficulty": (("standard", "high"), "standard"),
                  "colours": (COLOUR_SETS, "auto"),
                  "first_player": (FIRST_PLAYERS, "random")},
        variant_help={"first_game": "setup step for first games: the Priest of each player's chosen "
                                    "Civ starts on space 0 of that player's Temple track",
                      "bot": "add the solo automaton as an extra engine-driven seat (players counts "
                             "the people; 1 player = the solo game, which always has a Bot)",
                      "difficulty": "the automaton's difficulty (no effect without a Bot)",
                  "colours": "the player colours chosen at the table with 2 or 3 players, e.g. "
                             "red-blue (TC-2.3, R1); seats take them in colour order; auto = the "
                             "first colours in order Red, Brown, Blue, White",
                  "first_player": "the seat that plays first (TC-2.3, R1): random (drawn from "
                                  "the seed) or a seat number; with the Bot the seat after it, "
                                  "seat 0, is always first (the Bot begins last)"},
        summary="Alien gods draft dice to steer four Civs and compete for their worship.",
    )
    state_class = TheocratiaState

    def check_setup(self, players: int, variant: dict[str, Any]) -> None:
        if players >= 4 and variant.get("bot", "none") != "none":
            raise SetupError("the bot variant takes 1 to 3 people (the Bot is the fourth colour)")
        bot = variant.get("bot", "none") != "none" or players == 1
        first = variant.get("first_player", "random")
        if first != "random":
            seats = players + (1 if bot else 0)
            if bot and first != 0:
                raise SetupError("with the Bot the first player is seat 0, the seat after the Bot "
                                 "(the Bot begins the game last: BOT-1.2, R1); first_player takes "
                                 "random or 0 there")
            if first >= seats:
                raise SetupError(f"first_player names seat {first}, but the seats are 0 to "
                                 f"{seats - 1}")
        chosen = chosen_colours(variant.get("colours", "auto"))
        if chosen is not None:
            if bot:
                raise SetupError("the colours variant is for games without the Bot (the Bot plays "
                                 "White and the people Red, Brown, Blue: BOT-1.2)")
            if len(chosen) != players:
                raise SetupError(f"the colours variant names {len(chosen)} colours for {players} "
                                 "players")

    def contract_variants(self) -> list[dict[str, Any]]:
        return [{"bot": b, "difficulty": "high"} for b in ("xevron", "ory", "noks")]

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> TheocratiaState:
        rng = Rng(seed)
        return build_state(players, seed, variant, rng)

    def num_action_codes(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return NUM_CODES

    def observation_size(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        from .encoding import observation_size

        return observation_size(players, variant)

    def encode_view(self, view: Mapping[str, Any]) -> list[float]:
        from .encoding import encode_view

        return encode_view(view)

    def agents(self):
        from .bots import heuristic_agent

        return {"heuristic": heuristic_agent}

    def evaluate(self, state: Any) -> tuple[float, ...] | None:
        from .evaluation import evaluate

        return evaluate(state)

    def turn_plans(self, state: Any, rng: Rng, width: int) -> list[tuple[str, ...]] | None:
        from .plans import turn_plans

        return turn_plans(state, rng, width)

    def turn_count(self, state: Any) -> int:
        from .plans import turn_count

        return turn_count(state)

    def match_stats(self, state: Any) -> Any:
        from .stats import match_stats

        return match_stats(state)

    def components(self) -> list[Component]:
        from .content import components

        return components()

    def components_in_view(self, view: Mapping[str, Any]) -> dict[str, list[str]]:
        from .render import components_in_view

        return components_in_view(view)

    def render_text(self, view: Mapping[str, Any]) -> str:
        from .render import render

        return render(view)


def first_seat(players: int, seed: int, variant: Mapping[str, Any]) -> int:
    """The first player of a game (TC-2.3, R1): the `first_player` variant's seat, or one drawn
    from the seed on a stream of its own; with the Bot always seat 0, the seat after the Bot."""
    bot = variant.get("bot", "none") != "none" or players == 1
    chosen = variant.get("first_player", "random")
    if bot:
        return 0
    if chosen != "random":
        return int(chosen)
    return Rng(seed, stream=_FIRST_PLAYER_STREAM).below(players)


def build_state(players: int, seed: int, variant: dict[str, Any], rng: Rng,
                first: int | None = None, colours: list[int] | None = None) -> TheocratiaState:
    """TC-2 setup, up to the Civ choice (which is the first decision). Seats sit in colour order
    (Red, Brown, Blue, White among the chosen colours); `first` is the first player (None: by the
    `first_player` variant, R1). With the solo automaton (issue 5) it is one more seat, last,
    playing White (BOT-1.2); the setup then follows the player count that includes it."""
    if first is None:
        first = first_seat(players, seed, variant)
    bot = variant.get("bot", "none")
    if players == 1 and bot == "none":
        bot = "xevron"  # BOT-1.1 a solo game always has a Bot
    bot = "" if bot == "none" else bot
    n = players + (1 if bot else 0)
    rounds = 4 if n == 2 else 5
    hex_colour = list(HEX_TERRAIN)
    hex_civ = [-1] * N_HEX
    hex_kind = [EMPTY] * N_HEX
    hex_crystal = [-1] * N_HEX
    reserve = [15, 15, 15, 15, 20, 0]
    civs = []
    for v, cd in enumerate(CIVS):
        hex_civ[FORTRESS_OF[v]] = v
        hex_kind[FORTRESS_OF[v]] = FORTRESS
        start = FACTORY if cd.start_building == "factory" else BARRACK
        hex_civ[START_HEX[v]] = v
        hex_kind[START_HEX[v]] = start
        reserve[GREEN] -= cd.crystals
        crystals = [0] * 6
        crystals[GREEN] = cd.crystals
        civs.append(Civ(houses=5, factories=3 - (start == FACTORY), barracks=3 - (start == BARRACK),
                        pyramids=2, warriors=10 - cd.warriors - (rounds - 1), supply=cd.warriors,
                        crystals=crystals, page={4: 0, 3: 1, 2: 2}[n], items=[], dev=0, row=[]))
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
        # BOT-1.3 twelve tokens (one duplicate copy removed) in a grid, one row of 3 per Civ
        dups = [k for k, t in enumerate(TOKENS) if t.copies > 1]
        tokens = [k for k, t in enumerate(TOKENS) for _ in range(t.copies)]
        tokens.remove(rng.choice(dups))
        rng.shuffle(tokens)
        grid = list(tokens)
        tokens = sorted(tokens)
    start_cosmo = [2, 3, 3, 4]
    if not colours and not bot:
        colours = chosen_colours(variant.get("colours", "auto"))
    if colours:
        colours = sorted(colours)
    elif bot:
        colours = list(range(players)) + [3]
    else:
        colours = list(range(players))
    seats = [Player(colour=colours[i], cosmo=start_cosmo[(i - first) % n], malus=0,
                    flipped=False, priests=[-1] * 4, hand=[], tiles=[2, 0, 0, 0],
                    pyramids_built=0, tokens=[], end_token=False) for i in range(n)]
    for i in range(players):
        seats[i].hand.append(deck.pop())
    bot_seat = -1
    bot_deck: list[int] = []
    if bot:
        from .solo import BOT_CARDS

        bot_seat = n - 1
        seats[bot_seat].cosmo = 0  # BOT-2.1 the Bot ignores Cosmo
        seats[bot_seat].tiles = [2, 2, 2, 2]  # BOT-2.1 all Conversion tiles from the start
        bot_deck = [i for i, c in enumerate(BOT_CARDS) if bot in c.decks]
        rng.shuffle(bot_deck)
    colour_seat = [colours.index(c) if c in colours else -1 for c in range(4)]
    state = TheocratiaState(
        players=players, seed=seed, variant=dict(variant), rng=rng, history=[],
        civs=civs, seats=seats, colour_seat=colour_seat, hex_colour=hex_colour, hex_civ=hex_civ,
        hex_kind=hex_kind, hex_crystal=hex_crystal, reserve=reserve, bag=[], table=[],
        round=1, rounds=rounds, turns=3 if n == 2 else 2, turn_index=0,
        stage=0, dev_civ=0, first=first, next_first=-1, erb_holder=-1, erb_die=-1,
        round_bonus=bonus, deck=deck, discard=[], tokens=tokens, civ_choice=[-1] * n,
        stack=[], decisions=0, log=[], bot=bot,
        high=bot != "" and variant.get("difficulty") == "high", bot_seat=bot_seat,
        bot_deck=bot_deck, bot_revealed=[], grid=grid)
    chooser = (first - 1) % n
    if chooser == bot_seat:
        from .solo import bot_choose_civ

        bot_choose_civ(state, [])
        chooser = (chooser - 1) % n
    state.stack.append(Frame("civ", chooser))
    return state


