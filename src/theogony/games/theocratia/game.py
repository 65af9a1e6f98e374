"""The Theocratia Game object: info, setup (TC-2), action codes, agents, rendering."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core import Game, GameInfo, Rng

from .content import (BLACK, CIVS, FORTRESS, FORTRESS_OF, GREEN, HEX_TERRAIN, HEXES, HOUSE,
                      MONSTER_DESERT, MONSTER_PLAIN, N_HEX, PLAINS, POWER_CARDS, ROUND_BONUSES,
                      START_HEX, TOKENS, FACTORY, BARRACK, EMPTY)
from .state import NUM_CODES, Civ, Frame, Player, TheocratiaState


class TheocratiaGame(Game):
    info = GameInfo(
        id="theocratia",
        title="Theocratia",
        min_players=2,
        max_players=4,
        variants={"first_game": ((False, True), False)},
        variant_help={"first_game": "setup step for first games: the Priest of each player's chosen "
                                    "Civ starts on space 0 of that player's Temple track"},
        summary="Alien gods draft dice to steer four Civs and compete for their worship.",
    )
    state_class = TheocratiaState

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> TheocratiaState:
        rng = Rng(seed)
        return build_state(players, seed, variant, rng)

    def num_action_codes(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return NUM_CODES

    def agents(self):
        from .bots import heuristic_agent

        return {"heuristic": heuristic_agent}

    def evaluate(self, state: Any) -> tuple[float, ...] | None:
        from .bots import evaluate

        return evaluate(state)

    def render_text(self, view: Mapping[str, Any]) -> str:
        from .render import render

        return render(view)


def build_state(players: int, seed: int, variant: dict[str, Any], rng: Rng,
                first: int = 0, colours: list[int] | None = None) -> TheocratiaState:
    """TC-2 setup, up to the Civ choice (which is the first decision). Seat i plays colour i
    (Red, Brown, Blue, White); `first` is the first player (seat 0 in every engine game, R1)."""
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
        rounds = 4 if players == 2 else 5
        civs.append(Civ(houses=5, factories=3 - (start == FACTORY), barracks=3 - (start == BARRACK),
                        pyramids=2, warriors=10 - cd.warriors - (rounds - 1), supply=cd.warriors,
                        crystals=crystals, page={4: 0, 3: 1, 2: 2}[players], items=[], dev=0, row=[]))
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
    tokens = [k for k, t in enumerate(TOKENS) for _ in range(1 if players == 3 else t.copies)]
    start_cosmo = [2, 3, 3, 4]
    colours = sorted(colours) if colours else list(range(players))
    seats = [Player(colour=colours[i], cosmo=start_cosmo[(i - first) % players], malus=0, flipped=False, priests=[-1] * 4,
                    hand=[deck.pop()], tiles=[2, 0, 0, 0], pyramids_built=0, tokens=[],
                    end_token=False) for i in range(players)]
    colour_seat = [colours.index(c) if c in colours else -1 for c in range(4)]
    state = TheocratiaState(
        players=players, seed=seed, variant=dict(variant), rng=rng, history=[],
        civs=civs, seats=seats, colour_seat=colour_seat, hex_colour=hex_colour, hex_civ=hex_civ,
        hex_kind=hex_kind, hex_crystal=hex_crystal, reserve=reserve, bag=[], table=[],
        round=1, rounds=4 if players == 2 else 5, turns=3 if players == 2 else 2, turn_index=0,
        stage=0, dev_civ=0, first=first, next_first=-1, erb_holder=-1, erb_die=-1,
        round_bonus=bonus, deck=deck, discard=[], tokens=tokens, civ_choice=[-1] * players,
        stack=[Frame("civ", (first - 1) % players)], decisions=0, log=[])
    return state


_unused = (BLACK, HOUSE)
