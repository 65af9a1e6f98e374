"""The Kemet Game object: info, variants, setup (KM-2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from theogony.core import Game, GameInfo, Rng, SetupError

from . import codes as C
from .content import (BASE_BATTLE, COLOURS, COMPANIONS, DI_CARDS, DISTRACTION, GATHER,
                      MERCENARIES, MOD_KEYS, NZ, SPACES, TILE_COLOUR, TILES)
from . import gods as G
from .rules import RULES
from .rules import solo as solo_rules
from .solo import DIFFICULTIES
from .state import CityStep, KemetState, Player
from .team import TEAM_KINDS, form_teams

# KM-2.1.3: number of Mightiness tile colours by player count
COLOURS_BY_PLAYERS = {2: 2, 3: 3, 4: 3, 5: 4, 6: 5}


def tile_market(players: int, colours: list[int], update: bool, rng: Rng) -> list[int]:
    """KM-2.1.4: copies of each tile on offer. Two players: one copy of each tile and no
    Punishment of the Gods (KM-2.1.5). Update variant: each colour's Dominion is shuffled with
    that colour's Update tiles and one of them is drawn blind (KM-2.1.6)."""
    market = [0] * len(TILES)
    for t, tile in enumerate(TILES):
        c = TILE_COLOUR[t]
        if tile.colour == "amber":
            market[t] = tile.copies  # KM-1.12: the amber tile is on offer in every game
            continue
        if c not in colours or tile.update:
            continue
        if players == 2:
            market[t] = 0 if tile.name == "Punishment of the Gods" else 1
        else:
            market[t] = tile.copies
    if update:
        for c in colours:
            pool = [t for t, tile in enumerate(TILES) if TILE_COLOUR[t] == c
                    and (tile.update or tile.name == "Dominion")]
            rng.shuffle(pool)
            for t in pool:
                market[t] = 0
            market[pool[0]] = 1
    return market


class KemetGame(Game):
    info = GameInfo(
        id="kemet",
        title="Kemet: Rise of the Gods",
        min_players=1,
        max_players=6,
        variants={"update": ((False, True), False),
                  "mode": (("classic", "team", "solo"), "classic"),
                  "teams": (("none", "2v2", "2v2v2", "3v3"), "none"),
                  "objective": ((1, 2, 3, 4, 5), 1),
                  "difficulty": (DIFFICULTIES, "standard"),
                  "gods_of_egypt": ((False, True), False)},
        variant_help={"update": "Game Up: Update - each colour's level-3 Dominion tile is shuffled "
                                "with that colour's Update tiles and one is drawn blind",
                      "mode": "classic: every player for themselves; team: allies share Glory, "
                              "PP and veterans and win together at 12 Glory (needs teams=...); "
                              "solo: 1 player against Amon, an engine-driven second seat (1 player "
                              "always means solo)",
                      "gods_of_egypt": "module Gods of Egypt (classic or team mode): every player "
                                       "embodies a God, a troop with Life Points, deployed by "
                                       "recruitment and awakened by acquiring its God tile",
                      "teams": "team mode line-up: 2v2 (4 players), 2v2v2 or 3v3 (6 players); "
                               "with 4 players mode=team alone means 2v2",
                      "objective": "solo mode: the Objective card 1-5 to complete against Amon",
                      "difficulty": "solo mode: standard Amon, or hard Amon, whose Objective cards "
                                    "ask for more (KM-S.R13)"},
        summary="Egyptian gods clash for Glory: build pyramids, buy Mightiness tiles, march troops "
                "through temples and the Delta, and fight battles with secret cards (classic mode).",
    )
    state_class = KemetState
    frame_rules = RULES
    schema_version = 2  # issue 17: the pending step is a frame stack (was the `kstep` string)

    def check_setup(self, players: int, variant: dict[str, Any]) -> None:
        solo = is_solo(players, variant)
        if solo and players != 1:
            raise SetupError(f"Kemet solo mode (players 1, against Amon) takes 1 player, got {players}")
        if not solo and not 2 <= players <= 6:
            raise SetupError(f"Kemet classic mode takes 2 to 6 players, got {players}")
        if not solo and variant.get("objective", 1) != 1:
            raise SetupError("the variant 'objective' applies to solo mode only (players 1)")
        if not solo and variant.get("difficulty", "standard") != "standard":
            raise SetupError("the variant 'difficulty' applies to solo mode only (players 1): "
                             "it sets how hard Amon is")
        if solo and variant.get("gods_of_egypt"):
            raise SetupError("solo mode cannot be played with the Gods of Egypt module (KM-S.1)")
        mode = variant.get("mode", "classic")
        if solo and mode == "team":
            raise SetupError("team mode needs 4 or 6 players; 1 player is the solo mode")
        teams = variant.get("teams", "none")
        if mode == "team":
            kind = self.team_kind(players, variant)
            need = TEAM_KINDS[kind][0]
            if players != need:
                raise SetupError(f"Kemet team mode {kind} takes {need} players, got {players} "
                                 "(team mode: 2v2 with 4 players, 2v2v2 or 3v3 with 6)")
        elif teams != "none":
            raise SetupError(f"teams={teams} needs mode=team")

    @staticmethod
    def team_kind(players: int, variant: Mapping[str, Any]) -> str:
        """KM-T0: the team line-up; with 4 players mode=team alone means 2v2."""
        teams = variant.get("teams", "none")
        if teams != "none":
            return str(teams)
        if players == 4:
            return "2v2"
        raise SetupError("Kemet team mode needs teams=2v2 (4 players), teams=2v2v2 or teams=3v3 "
                         f"(6 players); got {players} players and no teams")

    def contract_variants(self) -> list[dict[str, Any]]:
        """Team line-ups for the contract suite (each is valid at one player count only), also
        with the Gods of Egypt module (KM-G0: it works with the classic and the team mode)."""
        return ([{"mode": "team", "teams": k} for k in TEAM_KINDS]
                + [{"mode": "team", "teams": k, "gods_of_egypt": True} for k in TEAM_KINDS])

    def setup(self, players: int, seed: int, variant: dict[str, Any]) -> KemetState:
        rng = Rng(seed)
        solo = is_solo(players, variant)
        base = 2 if solo else players  # KM-S.2 solo mode starts from the two-player setup
        colours = sorted(rng.sample(range(len(COLOURS)), COLOURS_BY_PLAYERS[base]))
        market = tile_market(base, colours, bool(variant.get("update")), rng)
        deck = [i for i, card in enumerate(DI_CARDS) for _ in range(card.count)]
        rng.shuffle(deck)
        team = None
        if variant.get("mode") == "team":
            team, order = form_teams(players, self.team_kind(players, variant), rng)  # KM-T3.1
        else:
            order = list(range(players))
            rng.shuffle(order)  # KM-2.3.1
        ps = []
        for _ in range(players):
            di = [DISTRACTION] + [deck.pop() for _ in range(2)]  # KM-2.2.3
            if team is not None:
                di.insert(1, GATHER)  # KM-T4
            ps.append(Player(city=-1, pp=7, glory=0, veterans=0, supply=12, tokens=5,
                             spaces=[0] * len(SPACES), slots=[-1, -1, -1], tiles=[],
                             mods=[0] * len(MOD_KEYS), bought=[], silver=0, silver_used=False,
                             gold_used=False, hand=list(BASE_BATTLE), down=[], up=[], di=di))
        ncomp = len(COMPANIONS)
        state = KemetState(
            players=players, seed=seed, variant=dict(variant), rng=rng, history=[],
            ps=ps, colours=colours, order=order, city_owner=[-1] * 6, owner=[-1] * NZ,
            count=[0] * NZ, pyr_level=[0] * NZ, pyr_colour=[-1] * NZ,
            comp_loc=[-3] * ncomp, comp_owner=[-1] * ncomp, market=market, di_deck=deck,
            di_discard=[], round=0, phase="setup", stack=[CityStep(order[0])], cur=order[0], pos=0,
            pending=[], acting=-1, rec_add=[0] * NZ, rec_free=0, rec_touched=[],
            battle_queue=[], build_discount=0, rearranged=0, acq_tile=-1, night_step=0,
            destiny=[], new_order=[], winner=-1, over=False, decisions=0,
            team=team, merc_bank=MERCENARIES,
            gods=G.new(players) if variant.get("gods_of_egypt") else None)
        if solo:
            state.variant["mode"] = "solo"  # a one-player game is always solo (KM-S.1)
            solo_rules.setup(state, int(variant.get("objective", 1)))
        return state

    def num_action_codes(self, players: int, variant: Mapping[str, Any] | None = None) -> int:
        return C.NUM_CODES


def is_solo(players: int, variant: Mapping[str, Any]) -> bool:
    """KM-S.1: solo mode is asked for by mode=solo; a one-player game is always solo."""
    return variant.get("mode") == "solo" or players == 1

