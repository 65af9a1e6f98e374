"""Scenario tests per Theocratia rule (ids from docs/rules/theocratia.md)."""

from __future__ import annotations

import pytest

from theogony.core import IllegalAction, Rng
from theogony.games.theocratia import GAME
from theogony.games.theocratia.content import (BARRACK, BLACK, FACTORY, FORTRESS, GREEN, HOUSE,
                                               PYRAMID, START_HEX, TOKEN_IDS,
                                               TOKENS, WARRIOR, check_board, multiplier)
from theogony.games.theocratia.rules.board import civ_size, remove
from theogony.games.theocratia.rules.development import expand_at, expansion_targets
from theogony.games.theocratia.rules.end_of_round import develop
from theogony.games.theocratia.rules.power_cards import draw
from theogony.games.theocratia.rules.rounds import overflow
from theogony.games.theocratia.rules.tracks import cosmo, worship
from theogony.games.theocratia.scoring import final_score
from theogony.games.theocratia.state import (BY_END_ROUND_BONUS, OVER, Draft, EndTurn, Expand,
                                             TokenChoice)

from ._helpers import (BLUE, BROWN, H, MAGENTA, PINK, RED, TURQUOISE, VIOLET, WHITE, clear_board,
                       die, give_card, new_game, put, texts, turn)
from ._helpers import end_turns, pending, start_round


# ---- TC-1 components and board -------------------------------------------------------------

def test_TC_1_2_board_invariants():
    check_board()


def test_TC_1_3_temple_track_multipliers():
    assert multiplier(-1) == 0 and multiplier(0) == 0
    assert multiplier(5) == 2          # Cosmo 5 -> x2 (scoring example)
    assert multiplier(10) == 5         # Cosmo at most 10 never reaches x6
    assert multiplier(12) == 6 and multiplier(14) == 7


# ---- TC-2 setup ----------------------------------------------------------------------------

@pytest.mark.parametrize("players,page,tokens", [(4, 0, 13), (3, 1, 10), (2, 2, 13)])
def test_TC_2_2_chronicles_start_page_and_tokens_by_player_count(players, page, tokens):
    s = GAME.new_state(players, 3)
    assert all(c.page == page for c in s.civs)
    assert len(s.tokens) == tokens
    assert sum(t.copies for t in TOKENS) == 13


def test_TC_2_1_starting_civs_buildings_crystals_warriors():
    s = GAME.new_state(4, 0)
    assert [s.hex_kind[START_HEX[v]] for v in range(4)] == [BARRACK, FACTORY, BARRACK, FACTORY]
    assert [s.civs[v].supply for v in range(4)] == [2, 1, 2, 1]
    assert [s.civs[v].crystals[GREEN] for v in range(4)] == [1, 2, 1, 2]
    # crystals on every free player hex and plains hex; none on deserts, Fortresses, Volcano
    for h in range(len(s.hex_kind)):
        if s.hex_kind[h] in (HOUSE, FACTORY, BARRACK, FORTRESS) or s.hex_colour[h] <= -2:
            assert s.hex_crystal[h] == -1
        else:
            assert s.hex_crystal[h] >= 0
    assert len(s.deck) == 24 - 4 and all(len(p.hand) == 1 for p in s.seats)


@pytest.mark.parametrize("players", [2, 3])
def test_TC_2_5_unchosen_civs_build_on_unchosen_colours(players):
    from theogony.games.theocratia.content import HOME_HEX
    s = new_game(players)
    unchosen = [c for c in range(4) if s.colour_seat[c] < 0]
    setup_civs = [v for v in range(4) for c in unchosen
                  if s.hex_kind[HOME_HEX[v][c]] == HOUSE and s.hex_civ[HOME_HEX[v][c]] == v]
    others = [v for v in range(4) if v not in s.civ_choice]
    assert set(setup_civs) == set(others)  # (a round-1 expansion may add one more)


def test_TC_2_6_first_game_variant_off_keeps_priests_on_start():
    s = new_game(4)
    assert all(p.priests == [-1] * 4 for p in s.seats)


# ---- TC-3 rounds ---------------------------------------------------------------------------

@pytest.mark.parametrize("players,rounds,turns,table", [(4, 5, 2, 9), (3, 5, 2, 7), (2, 4, 3, 7)])
def test_TC_3_1_rounds_turns_and_dice(players, rounds, turns, table):
    s = new_game(players)
    assert (s.rounds, s.turns, len(s.table)) == (rounds, turns, table)
    on_rows = sum(len(c.row) for c in s.civs)
    assert on_rows == (0 if players == 4 else 2)
    assert 0 <= s.erb_die < 4
    assert len(s.bag) == 12 - table - on_rows - 1


def test_TC_3_2_overflow_cascades_and_wraps():
    dice = [die(MAGENTA, 1)] * 3 + [die(TURQUOISE, 6)] * 4 + [die(PINK, 2)] * 3
    out = overflow(dice)
    assert sum(1 for d in out if d % 10 == 1) == 3 and sum(1 for d in out if d % 10 == 2) == 3
    # 6 -> 1: then the 1s overflow and a repeated colour (Magenta) moves on, then a Pink 2
    assert out.count(die(TURQUOISE, 1)) == 1 and out.count(die(MAGENTA, 2)) == 1
    assert out.count(die(PINK, 3)) == 1


def test_TC_3_2_round_setup_black_crystals_and_warrior_cap():
    s = new_game(4)
    s.civs[MAGENTA].supply = 5
    warriors = [c.warriors for c in s.civs]
    supply = [c.supply for c in s.civs]
    start_round(s, 2)
    assert all(c.crystals[BLACK] == 1 for c in s.civs)
    assert s.civs[MAGENTA].supply == 5 and s.civs[MAGENTA].warriors == warriors[MAGENTA] + 1
    assert s.civs[TURQUOISE].supply == supply[TURQUOISE] + 1


def test_TC_3_3_three_players_automatic_expansion_into_unchosen_colour():
    for seed in range(5):
        s = new_game(3, seed=seed)
        d1 = [c for c in range(4) if s.civs[c].row][0]
        white = [h for h in range(len(s.hex_kind)) if s.hex_colour[h] == WHITE
                 and s.hex_kind[h] == HOUSE]
        # the setup House of the unchosen Civ plus the round-1 expansion
        assert len(white) == 2
        assert len({d // 10 for c in s.civs for d in c.row}) == 2


# ---- TC-4 turns ----------------------------------------------------------------------------

def test_TC_4_3_matching_bonus_by_space():
    s = new_game(4)
    s.civs[PINK].row = [die(MAGENTA, 3), die(MAGENTA, 4)]
    before = list(s.seats[RED].priests)
    cosmo = s.seats[RED].cosmo
    turn(s, RED, die(PINK, 1))
    s.apply("first player with Pink")
    s.apply("draw a Power card")
    assert s.seats[RED].priests[PINK] == before[PINK] + 1  # rightmost: 1 Worship
    assert s.seats[RED].cosmo == cosmo + 1                 # only the action's Cosmo
    assert s.legal_actions() and "first player with Pink" not in texts(s)


def test_TC_4_5_change_die_costs_two_cosmo_never_a_six():
    s = new_game(4)
    s.seats[RED].cosmo = 4
    turn(s, RED, die(PINK, 5))
    legal = texts(s)
    assert "die -1 (2 Cosmo)" in legal and "die +1 (2 Cosmo)" not in legal  # never into a 6
    s.apply("die -1 (2 Cosmo)")
    assert s.stack[-1].die == die(PINK, 4) and s.seats[RED].cosmo == 2
    turn(s, RED, die(PINK, 6))
    assert not any(t.startswith("die ") for t in texts(s))  # a 6 cannot change


def test_TC_4_4_full_row_refuses_a_die():
    s = new_game(4)
    s.civs[VIOLET].row = [die(MAGENTA, 2), die(MAGENTA, 4), die(MAGENTA, 2)]
    turn(s, RED, die(PINK, 1))
    assert not any("Violet" in t for t in texts(s) if not t.startswith("discard"))


def test_TC_4_6_die_with_no_use_is_set_aside():
    s = new_game(4)
    for c in s.civs:
        c.row = [die(MAGENTA, 2), die(MAGENTA, 4), die(MAGENTA, 2)]
    s.seats[RED].hand = []
    turn(s, RED, die(PINK, 1))
    legal = texts(s)
    assert "set the die aside (no legal use)" in legal
    assert all(t.startswith("die ") or t.startswith("set") for t in legal)


def test_TC_4_illegal_input_refused_with_reason_and_state_unchanged():
    s = new_game(4)
    doc = s.to_json()
    with pytest.raises(IllegalAction) as exc:
        s.apply("take Pink 9")
    assert "not a legal action" in str(exc.value) and "draft" in str(exc.value)
    assert s.to_json() == doc


# ---- TC-5 actions --------------------------------------------------------------------------

def test_TC_5_1_first_player_draws_when_card_taken():
    s = new_game(4)
    s.erb_holder = BLUE
    hand = len(s.seats[RED].hand)
    turn(s, RED, die(TURQUOISE, 1))
    s.apply("first player with Pink")
    assert len(s.seats[RED].hand) == hand + 1 and s.next_first == RED


def test_TC_5_2_forbidden_war_targets():
    s = new_game(4)
    clear_board(s)
    put(s, "E3", MAGENTA, HOUSE)     # Red's own hex: Red may not attack it
    put(s, "E2", MAGENTA, HOUSE)     # Brown hex
    put(s, "B2", TURQUOISE, HOUSE)   # the attacking Civ's own House
    put(s, "E8", VIOLET, PYRAMID)    # Pyramids are never targets
    s.civs[TURQUOISE].supply = 3
    turn(s, RED, die(VIOLET, 2))
    s.apply("war/convert with Turquoise")
    legal = texts(s)
    assert "attack House on E2" in legal
    assert not any(x in t for t in legal for x in ("E3", "B2", "E8", "Fortress"))
    assert "attack Plain Monster on F4" in legal
    assert not any(t.startswith("convert") and "Monster" in t for t in legal)


def test_TC_5_2_no_warriors_no_war():
    s = new_game(4)
    s.civs[TURQUOISE].supply = 0
    turn(s, RED, die(VIOLET, 2))
    assert "war/convert with Turquoise" not in texts(s)


def test_TC_5_2_monster_gives_a_power_card_and_chronicles_turn_pages():
    s = new_game(4)
    c = s.civs[TURQUOISE]
    c.supply = 1
    c.items = [WARRIOR] * 5  # page 0 holds 6
    hand = len(s.seats[RED].hand)
    turn(s, RED, die(VIOLET, 2))
    s.apply("war/convert with Turquoise")
    s.apply("attack Plain Monster on F4")
    assert s.hex_kind[H("F4")] == 0 and len(s.seats[RED].hand) == hand + 1
    assert c.page == 1 and c.items == []


def test_TC_5_2_converting_a_player_building_gives_their_highest_tile():
    s = new_game(4)
    clear_board(s)
    put(s, "E2", MAGENTA, FACTORY)  # Brown's Magenta Factory
    s.civs[TURQUOISE].supply = 3
    s.seats[RED].tiles[2] = 2
    hand = len(s.seats[BROWN].hand)
    turn(s, RED, die(VIOLET, 2))
    s.apply("war/convert with Turquoise")
    assert "convert Factory on E2 with tile 0" not in texts(s)  # starting tile: neutral only
    s.apply("convert Factory on E2 with tile 2")
    assert s.hex_colour[H("E2")] == RED
    assert s.seats[BROWN].tiles[3] == 2 and len(s.seats[BROWN].hand) == hand + 1


def test_TC_5_3_no_hex_no_tile_no_expand():
    s = new_game(4)
    clear_board(s)
    s.seats[RED].tiles = [3, 0, 0, 0]
    put(s, "E3", PINK, HOUSE)  # Red's only hex next to the Magenta Fortress is taken
    turn(s, RED, die(PINK, 3))
    assert "expand with Magenta" not in texts(s)


def test_TC_5_4_no_house_no_factory():
    s = new_game(4)
    clear_board(s)
    turn(s, RED, die(PINK, 4))
    assert not any(t.startswith("factory with") for t in texts(s))


def test_TC_5_6_pyramid_limit_per_player():
    s = new_game(4)
    clear_board(s)
    put(s, "H3", PINK, BARRACK)
    put(s, "H2", PINK, FACTORY)
    put(s, "I2", PINK, HOUSE)
    turn(s, RED, die(MAGENTA, 5))
    assert "barrack with Pink" in texts(s)
    s.seats[RED].pyramids_built = 2
    turn(s, RED, die(MAGENTA, 5))
    assert "barrack with Pink" not in texts(s)


def test_TC_5_6_pyramid_group_must_be_connected_and_of_the_civ():
    s = new_game(4)
    clear_board(s)
    put(s, "H3", PINK, BARRACK)
    put(s, "I3", PINK, HOUSE)
    put(s, "G5", MAGENTA, HOUSE)
    s.hex_kind[H("F4")] = 0
    put(s, "F4", PINK, HOUSE)  # two steps away through G4 (empty): not connected
    turn(s, RED, die(MAGENTA, 5))
    assert "barrack with Pink" not in texts(s)


def test_TC_5_7_malus_flips_after_13():
    s = new_game(4)
    s.seats[RED].malus = 13
    turn(s, RED, die(VIOLET, 6))
    s.apply("divine 1 with Magenta")
    p = s.seats[RED]
    assert p.flipped and p.malus == 1
    flipped_score = final_score(s, RED)
    p.flipped = False
    assert flipped_score == final_score(s, RED) - 13  # -1 on the track and -13 on the tracker


def test_TC_5_8_holiday_needs_colour_cosmo_and_crystals():
    s = new_game(4)
    size = civ_size(s, MAGENTA)
    s.civs[MAGENTA].crystals = [0, 0, 0, 0, size, 0]
    s.seats[RED].cosmo = size - 2  # +2 for the matching die on the leftmost space
    s.civs[MAGENTA].row = []
    turn(s, RED, die(MAGENTA, 2))
    assert "holiday with Magenta" in texts(s)
    s.seats[RED].cosmo = size - 3
    turn(s, RED, die(MAGENTA, 2))
    assert "holiday with Magenta" not in texts(s)
    s.seats[RED].cosmo = 10
    s.civs[MAGENTA].crystals = [0, 0, 0, 0, size - 1, 0]
    turn(s, RED, die(MAGENTA, 2))
    assert "holiday with Magenta" not in texts(s)


def test_TC_5_8_holiday_crystal_choice_when_more_than_needed():
    s = new_game(4)
    size = civ_size(s, MAGENTA)
    s.civs[MAGENTA].crystals = [0, size, 0, 0, 0, 1]
    s.seats[RED].cosmo = 10
    turn(s, RED, die(MAGENTA, 2))
    s.apply("holiday with Magenta")
    assert set(texts(s)) == {"spend Brown crystal", "spend Black crystal"}
    s.apply("spend Brown crystal")
    while s.decision.kind == "holiday":
        s.apply("spend Brown crystal")
    assert s.civs[MAGENTA].crystals[BLACK] == 1 and s.seats[RED].malus == 0


# ---- TC-6/7/8 end of round -------------------------------------------------------------------

def test_TC_7_2_end_round_bonus_card_gives_an_extra_expand():
    s = new_game(4)
    s.erb_holder, s.erb_die = RED, MAGENTA
    end_turns(s)
    f = s.stack[-1]
    assert s.decision.kind == "expand" and f.seat == RED and f.civ == MAGENTA


def test_TC_8_3_holiday_development_card():
    s = new_game(4)
    clear_board(s)
    put(s, "B4", TURQUOISE, FACTORY)  # Blue hex -> Blue crystal
    c = s.civs[TURQUOISE]
    c.crystals = [1, 0, 0, 1, 0, 0]
    c.page, c.items = 0, []
    c.dev = 2  # the Holiday card
    before = [list(p.priests) for p in s.seats]
    develop(s, TURQUOISE, [])
    assert c.crystals == [0, 0, 0, 0, 0, 0]
    assert sorted(c.items) == [RED, BLUE, WHITE]
    for x in (RED, BLUE, WHITE):
        assert s.seats[x].priests[TURQUOISE] == before[x][TURQUOISE] + 1
    assert s.seats[BROWN].priests == before[BROWN]


def test_TC_8_2_expansion_upgrades_to_balance_buildings():
    s = new_game(4)
    clear_board(s)
    c = s.civs[MAGENTA]
    c.houses = 0  # no House left to place: the card upgrades
    put_house = H("F3")
    s.hex_civ[put_house], s.hex_kind[put_house] = MAGENTA, HOUSE
    put(s, "E3", MAGENTA, BARRACK)
    assert expansion_targets(s, MAGENTA) == [put_house]
    expand_at(s, MAGENTA, put_house, [])
    assert s.hex_kind[put_house] == FACTORY


def test_TC_8_2_expansion_tie_is_decided_by_the_first_player():
    s = new_game(4)
    clear_board(s)
    put(s, "F3", MAGENTA, HOUSE)
    s.hex_kind[H("F4")] = 0
    s.hex_kind[H("G3")] = 0
    s.first = BROWN
    s.civs[MAGENTA].dev = 0
    pending(s)
    develop(s, MAGENTA, [])
    f = s.stack[-1]
    assert s.decision.kind == "dev_hex" and f.seat == BROWN
    assert set(texts(s)) == {"develop Magenta at F4", "develop Magenta at G3"}


# ---- TC-9 .. TC-12 tracks, cards, tiles, tokens ---------------------------------------------

def test_TC_9_1_cosmo_is_capped_at_ten():
    s = new_game(4)
    cosmo(s, RED, 20)
    assert s.seats[RED].cosmo == 10
    cosmo(s, RED, -30)
    assert s.seats[RED].cosmo == 0


def test_TC_11_2_tiles_unlock_at_2_5_7_and_cost_2_cosmo():
    s = new_game(4)
    worship(s, RED, MAGENTA, 3, [])   # -1 -> 2
    assert s.seats[RED].tiles == [2, 1, 0, 0]
    worship(s, RED, MAGENTA, 5, [])   # -> 7
    assert s.seats[RED].tiles == [2, 1, 1, 1]
    s.seats[RED].cosmo = 3
    pending(s, Draft(seat=RED))
    assert "claim conversion tile 3" in texts(s)
    s.apply("claim conversion tile 3")
    assert s.seats[RED].tiles[3] == 2 and s.seats[RED].cosmo == 1
    assert not any(t.startswith("claim") for t in texts(s))


def test_TC_12_3_track_end_token_once_and_not_a_pyramid():
    s = new_game(4)
    pending(s)
    worship(s, RED, PINK, 20, [])
    assert s.seats[RED].priests[PINK] == 14 and s.decision.kind == "token"
    s.apply("token Gain 5 Cosmo")
    assert s.seats[RED].tokens == [] and s.seats[RED].pyramids_built == 0
    worship(s, RED, MAGENTA, 20, [])
    assert not s.stack or s.decision.kind != "token"


def test_TC_12_2_token_build_house_and_worship_choice():
    s = new_game(4)
    pending(s)
    s.stack.append(TokenChoice(seat=RED, civ=MAGENTA))
    assert "token Build a House" in texts(s)
    s.apply("token 1 Worship from a Civ of your choice")
    before = s.seats[RED].priests[VIOLET]
    s.apply("worship from Violet")
    assert s.seats[RED].priests[VIOLET] == before + 1
    assert TOKEN_IDS.index("worship1") in s.seats[RED].tokens


def test_TC_10_1_power_card_requires_its_action_and_cost():
    s = new_game(4)
    s.seats[RED].hand = []
    give_card(s, RED, "battle_hymn")
    give_card(s, RED, "star_offering")
    pending(s, EndTurn(seat=RED, civ=MAGENTA, action=3))
    legal = texts(s)
    assert "play Star Offering" in legal and "play Battle Hymn" not in legal
    pending(s, EndTurn(seat=RED, civ=MAGENTA, action=2))
    s.seats[RED].cosmo = 1
    before = s.seats[RED].priests[MAGENTA]
    s.apply("play Battle Hymn")
    assert s.seats[RED].cosmo == 0 and s.seats[RED].priests[MAGENTA] == before + 2


def test_TC_10_2_empty_deck_reshuffles_the_discard_pile():
    s = new_game(4)
    s.discard = list(s.deck)
    n = len(s.discard)
    s.deck = []
    draw(s, RED, [])
    assert s.discard == [] and len(s.deck) == n - 1


def test_TC_10_3_hidden_hands_and_deck_resampled_consistently():
    s = new_game(4)
    v = s.view(RED)
    assert "hand" in v["seats"][RED] and "hand" not in v["seats"][BROWN]
    d = s.determinize(RED, Rng(1))
    assert d.seats[RED].hand == s.seats[RED].hand
    assert sorted(d.deck + [c for p in d.seats for c in p.hand]) == \
        sorted(s.deck + [c for p in s.seats for c in p.hand])


# ---- TC-14 end ---------------------------------------------------------------------------------

def test_TC_14_2_pyramids_owned_add_worship_at_the_end():
    s = new_game(4)
    put(s, "E3", MAGENTA, PYRAMID)  # a Pyramid on a Red hex
    p = s.seats[RED]
    p.priests = [5, 3, 2, -1]
    p.cosmo, p.malus = 0, 0
    for c in s.civs:
        c.page = 3
    # without the Pyramid: Magenta (farthest) ignored, 3x1 + 3x1 = 6; the Pyramid's step is best
    # spent on Turquoise 3 -> 4 (x2): 3x2 + 3x1 = 9
    assert final_score(s, RED) == 9


def test_TC_14_5_ties_share_the_victory():
    s = new_game(2)
    for p in s.seats:
        p.priests = [-1] * 4
        p.cosmo, p.malus = 4, 0
    for h in range(len(s.hex_kind)):
        if s.hex_kind[h] == PYRAMID:
            remove(s, h)
    o = s.outcome()
    assert o.winners == (0, 1) and o.ranks == (1, 1)


def test_TC_3_game_ends_after_the_last_round():
    s = GAME.new_state(2, 4)
    r = Rng(4)
    while not s.is_terminal():
        s.apply(r.choice(s.legal_actions()))
    assert s.round == 4 and s.stage == OVER and s.legal_actions() == []




def test_TC_12_2_token_upgrade_factory_produces_only_itself():
    s = new_game(4)
    clear_board(s)
    put(s, "E3", MAGENTA, HOUSE)
    put(s, "G1", MAGENTA, FACTORY)  # another Magenta Factory: not activated by the token
    s.civs[MAGENTA].crystals = [0] * 6
    pending(s, TokenChoice(seat=RED, civ=MAGENTA))
    s.apply("token Upgrade a House to a Factory")
    s.apply("factory on E3")
    assert s.hex_kind[H("E3")] == FACTORY
    assert s.civs[MAGENTA].crystals == [1, 0, 0, 0, 0, 0]


def test_TC_12_2_token_build_barrack_without_house_does_not_train():
    s = new_game(4)
    clear_board(s)
    supply = s.civs[MAGENTA].supply
    pending(s, TokenChoice(seat=RED, civ=MAGENTA))
    s.apply("token Build a Barrack")
    s.apply("barrack on E3")
    assert s.hex_kind[H("E3")] == BARRACK and s.civs[MAGENTA].supply == supply


def test_TC_12_2_token_each_civ_produces_your_crystal():
    s = new_game(4)
    for c in s.civs:
        c.crystals = [0] * 6
    pending(s, TokenChoice(seat=BLUE, civ=MAGENTA))
    s.apply("token Each Civ produces your Crystal")
    assert all(c.crystals == [0, 0, 1, 0, 0, 0] for c in s.civs)


def test_TC_7_1_expansion_bonus_counts_the_end_round_bonus_house():
    s = new_game(4, bonus="expansion")
    clear_board(s)
    before = s.seats[RED].priests[MAGENTA]
    pending(s, Expand(seat=RED, civ=MAGENTA, piece=HOUSE, by=BY_END_ROUND_BONUS))
    s.apply("house on E3")
    assert s.seats[RED].priests[MAGENTA] == before + 1


def test_TC_7_1_holiday_war_bonus():
    s = new_game(4, bonus="holiday_war")
    s.civs[TURQUOISE].supply = 1
    before = s.seats[RED].priests[TURQUOISE]
    turn(s, RED, die(VIOLET, 2))
    s.apply("war/convert with Turquoise")
    s.apply("attack Plain Monster on F4")
    assert s.seats[RED].priests[TURQUOISE] == before + 2


def test_TC_3_3_two_players_expand_into_alternating_unchosen_colours():
    seen = set()
    for seed in range(6):
        s = new_game(2, seed=seed)
        assert [c for c in range(4) if s.colour_seat[c] < 0] == [BLUE, WHITE]
        for r, name in ((2, "White"), (3, "Blue")):
            events = []
            start_round(s, r, events)
            autos = [e.text for e in events if e.kind == "auto"]
            assert all(f"({name}, unchosen)" in t for t in autos)
            seen.update((r, t.split("(")[1]) for t in autos)
    assert {r for r, _ in seen} == {2, 3}


def test_TC_4_7_fast_feasibility_checks_agree_with_the_target_lists():
    from theogony.games.theocratia.rules.actions import (expand_actions, expand_possible,
                                                         war_possible, war_targets)
    for seed in range(6):
        s = GAME.new_state(2 + seed % 3, seed)
        rng = Rng(seed)
        steps = 0
        while not s.is_terminal() and steps < 400:
            for seat in range(s.players):
                for v in range(4):
                    assert war_possible(s, seat, v) == bool(war_targets(s, seat, v))
                    assert expand_possible(s, seat, v) == bool(
                        expand_actions(s, seat, v, HOUSE))
            s.apply(rng.choice(s.legal_actions()))
            steps += 7
            for _ in range(6):
                if not s.is_terminal():
                    s.apply(rng.choice(s.legal_actions()))
