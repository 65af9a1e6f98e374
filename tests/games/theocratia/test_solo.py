"""The solo automaton (issue 5): scenario tests per BOT rule (docs/rules/theocratia.md)."""

from __future__ import annotations

import pytest

from theogony.core import Rng, SetupError
from theogony.games.theocratia import GAME
from theogony.games.theocratia.content import (BARRACK, FACTORY, HOUSE, PYRAMID,
                                               TRACK_END, WARRIOR)
from theogony.games.theocratia.content import BOT_CARDS
from theogony.games.theocratia.rules.board import civ_size, remove
from theogony.games.theocratia.rules.solo import (_bot_holiday, _war_target, bot_build, bot_turn,
                                                  check_decks, choose_die)
from theogony.games.theocratia.rules.tracks import worship
from theogony.games.theocratia.scoring import final_score

from ._helpers import (BROWN, H, MAGENTA, PINK, RED, TURQUOISE, VIOLET, WHITE, clear_board,
                       die, put)


def solo(seed: int = 0, bot: str = "xevron", high: bool = False, players: int = 1):
    """A game with the Bot after the Civ choices (people take the lowest free Civs)."""
    s = GAME.new_state(players, seed, {"bot": bot, "difficulty": "high" if high else "standard"})
    while s.stack and s.decision.kind == "civ":
        s.apply(s.legal_actions()[0])
    return s


def card_index(number: int, deck: str) -> int:
    return next(i for i, c in enumerate(BOT_CARDS) if c.number == number and deck in c.decks)


# ---- BOT-1 setup -----------------------------------------------------------------------------

def test_BOT_1_1_decks_hold_every_number_once_and_26_cards():
    check_decks()
    assert len(BOT_CARDS) == 26


def test_BOT_1_2_solo_setup_seat_colour_rounds_and_grid():
    s = solo(3)
    assert s.num_seats == 2 and s.bot_seat == 1 and s.seats[1].colour == WHITE
    assert (s.rounds, s.turns) == (4, 3)
    assert len([k for k in s.grid if k >= 0]) == 12 and sorted(s.tokens) == sorted(s.grid)
    assert s.seats[1].tiles == [2, 2, 2, 2] and s.seats[1].hand == []
    assert len(s.bot_revealed) == 2 and len(s.bot_deck) == 18
    assert s.civ_choice[1] >= 0  # the Bot's Civ was drawn by a die


def test_BOT_1_2_multiplayer_setup_and_refusals():
    s = solo(1, players=2)
    assert s.num_seats == 3 and (s.rounds, s.turns) == (5, 2)
    assert [p.colour for p in s.seats] == [RED, BROWN, WHITE]
    with pytest.raises(SetupError):
        GAME.new_state(4, 0, {"bot": "noks"})
    assert GAME.new_state(1, 0).bot == "xevron"  # a solo game always has a Bot


def test_BOT_2_the_bot_never_decides_and_appears_in_the_outcome():
    for variant in ({"bot": "noks", "difficulty": "high"}, {"bot": "ory"}):
        s = GAME.new_state(2, 5, variant)
        rng = Rng(5)
        while not s.is_terminal():
            assert s.current_player != s.bot_seat
            s.apply(rng.choice(s.legal_actions()))
        assert len(s.outcome().scores) == 3


# ---- BOT-4 the Bot's turn ------------------------------------------------------------------------

def test_BOT_4_3_die_choice_side_six_and_closest_fallbacks():
    table = [die(MAGENTA, 3), die(PINK, 3), die(VIOLET, 6), die(TURQUOISE, 6), die(PINK, 1)]
    assert choose_die(table, 3, "left") == die(MAGENTA, 3)
    assert choose_die(table, 3, "right") == die(PINK, 3)
    assert choose_die(table, 2, "left") == die(TURQUOISE, 6)
    assert choose_die(table, 2, "right") == die(VIOLET, 6)
    table = [die(MAGENTA, 1), die(PINK, 3), die(VIOLET, 5)]
    assert choose_die(table, 4, "left") == die(VIOLET, 5)  # 3 and 5 tie: the higher
    assert choose_die(table, 2, "left") == die(PINK, 3)    # 1 and 3 tie: the higher


def test_BOT_4_2_arrow_chooses_the_card_and_cards_slide():
    s = solo(2)
    left, right = card_index(5, "xevron"), card_index(8, "xevron")
    new = card_index(1, "xevron")  # left arrow
    s.bot_revealed = [left, right]
    s.bot_deck = [x for x in s.bot_deck if x not in (left, right, new)] + [new]
    s.table = [die(MAGENTA, 3), die(PINK, 4)]
    bot_turn(s, [])
    assert s.bot_revealed == [new, right]  # card 5 (left) was resolved and removed
    assert left not in s.bot_deck
    assert s.civs[MAGENTA].row[-1] == die(MAGENTA, 3)


def test_BOT_4_1_revealed_cards_reshuffle_between_rounds():
    s = solo(4)
    revealed = list(s.bot_revealed)
    before = len(s.bot_deck)
    from theogony.games.theocratia.rules.solo import bot_round_setup
    bot_round_setup(s)
    assert len(s.bot_deck) == before and len(s.bot_revealed) == 2
    assert set(revealed) <= set(s.bot_deck) | set(s.bot_revealed)


def _war_board(high: bool):
    s = solo(0, high=high)
    clear_board(s)
    s.civs[MAGENTA].supply = 2
    return s


@pytest.mark.parametrize("high", [False, True])
def test_BOT_4_7_target_search_clockwise_and_counter_clockwise(high):
    s = _war_board(high)
    put(s, "G1", TURQUOISE, HOUSE)  # Blue hex (unchosen): 139 degrees clockwise from the Volcano
    put(s, "E2", TURQUOISE, HOUSE)  # Brown hex (unchosen): 259 degrees clockwise
    assert _war_target(s, MAGENTA, "cw") == H("G1")
    assert _war_target(s, MAGENTA, "ccw") == H("E2")


@pytest.mark.parametrize("high,expected", [(False, "F1"), (True, "E3")])
def test_BOT_3_2_neutral_targets_first_at_standard_people_first_at_high(high, expected):
    s = _war_board(high)
    put(s, "E3", TURQUOISE, HOUSE)  # the person's (Red) hex
    put(s, "F1", TURQUOISE, HOUSE)  # a desert hex
    assert _war_target(s, MAGENTA, "cw") == H(expected)


def test_BOT_4_7_warriors_decide_the_kind_of_target():
    s = _war_board(False)
    put(s, "G1", TURQUOISE, BARRACK)
    put(s, "F1", TURQUOISE, HOUSE)
    s.civs[MAGENTA].supply = 3
    assert _war_target(s, MAGENTA, "cw") == H("G1")   # 3 Warriors: an upgraded building
    s.civs[MAGENTA].supply = 2
    assert _war_target(s, MAGENTA, "cw") == H("F1")   # 2: a House
    s.civs[MAGENTA].supply = 1
    assert s.hex_kind[_war_target(s, MAGENTA, "cw")] in (6, 7)  # 1: a monster


def test_BOT_4_7_war_compensates_the_person_and_writes_chronicles():
    s = _war_board(True)
    put(s, "E3", TURQUOISE, FACTORY)  # Red's Turquoise Factory
    s.civs[MAGENTA].supply = 3
    s.civs[MAGENTA].items = []
    card = card_index(3, "xevron")  # war, 2 Worship
    before = s.seats[RED].priests[TURQUOISE]
    hand = len(s.seats[RED].hand)
    from theogony.games.theocratia.rules.solo import _resolve
    s.table = [die(MAGENTA, 2)]
    bot_before = s.seats[1].priests[MAGENTA]
    _resolve(s, card, die(MAGENTA, 2), "left", [])
    assert s.hex_kind[H("E3")] == 0 and s.civs[MAGENTA].items == [WARRIOR] * 3
    assert s.seats[RED].priests[TURQUOISE] == before + 1 and len(s.seats[RED].hand) == hand + 1
    assert s.seats[1].priests[MAGENTA] == bot_before + 2


def test_BOT_4_6_build_on_own_hex_closest_else_convert():
    s = solo(0)
    clear_board(s)
    assert bot_build(s, MAGENTA, HOUSE, []) == H("G2")
    assert s.hex_kind[H("G2")] == HOUSE  # the White hex next to the Magenta Fortress
    s2 = solo(0)
    clear_board(s2)
    put(s2, "G2", PINK, HOUSE)  # the Bot's hex is taken: it converts Green first
    assert bot_build(s2, MAGENTA, HOUSE, []) == H("F3")
    assert s2.hex_kind[H("F3")] == HOUSE and s2.hex_colour[H("F3")] == WHITE
    assert s2.seats[1].tiles[0] == 3  # the starting tile for a neutral hex


def test_BOT_4_6_factory_upgrades_an_existing_house_first():
    s = solo(0)
    clear_board(s)
    put(s, "G2", MAGENTA, HOUSE)
    bot_build(s, MAGENTA, FACTORY, [])
    assert s.hex_kind[H("G2")] == FACTORY


def test_BOT_4_6_pyramid_upgrade_order_and_token_row():
    s = solo(0)
    clear_board(s)
    put(s, "G2", MAGENTA, HOUSE)
    put(s, "G3", PINK, HOUSE)
    s.hex_colour[H("G3")] = WHITE
    s.hex_civ[H("G3")] = MAGENTA
    put(s, "E4", MAGENTA, BARRACK)  # a White hex, further away, but a Barrack comes first
    from theogony.games.theocratia.rules.solo import _bot_pyramid
    row = list(s.grid[0:3])
    _bot_pyramid(s, MAGENTA, "right", [])
    assert s.hex_kind[H("E4")] == PYRAMID and s.hex_kind[H("G2")] == HOUSE
    assert s.grid[0:3] == row[:2] + [-1]  # the rightmost token of the Magenta row is gone
    assert s.seats[1].pyramids_built == 1


def test_BOT_3_5_high_pyramid_removes_an_adjacent_person_building():
    s = solo(0, high=True)
    clear_board(s)
    put(s, "E3", MAGENTA, HOUSE)    # Red's
    put(s, "E4", MAGENTA, BARRACK)  # the Bot's (White), next to E3
    from theogony.games.theocratia.rules.solo import _bot_pyramid
    before = s.seats[RED].priests[MAGENTA]
    _bot_pyramid(s, MAGENTA, "left", [])
    assert s.hex_kind[H("E4")] == PYRAMID and s.hex_kind[H("E3")] == 0
    assert s.seats[RED].priests[MAGENTA] == before + 1  # Compensation


@pytest.mark.parametrize("high,left", [(False, [0, 0, 0, 0, 0, 1]), (True, [1, 0, 0, 0, 0, 0])])
def test_BOT_4_9_holiday_crystal_order(high, left):
    s = solo(0, high=high)
    size = civ_size(s, MAGENTA)
    c = s.civs[MAGENTA]
    c.crystals = [1, 0, 0, 1, size - 3, 2]  # Red (person), White (Bot), Green, Black
    c.items = []
    _bot_holiday(s, MAGENTA, [])
    assert c.crystals == left


def test_BOT_4_9_holiday_happens_even_without_enough_crystals():
    s = solo(0)
    c = s.civs[PINK]
    c.crystals = [0, 0, 0, 0, 1, 0]
    worship = _bot_holiday(s, PINK, [])
    assert worship == civ_size(s, PINK) and c.crystals == [0] * 6


def test_BOT_4_5_bonus_icon_takes_token_and_card_or_discards():
    s = solo(0)
    from theogony.games.theocratia.rules.solo import _resolve
    card = card_index(1, "xevron")
    s.table = [die(PINK, 1)]
    s.erb_holder = -1
    _resolve(s, card, die(PINK, 1), "left", [])
    assert s.next_first == 1 and s.erb_holder == 1
    s2 = solo(0, high=True)
    s2.erb_holder = 0
    s2.table = [die(PINK, 1)]
    deck, discard = len(s2.deck), len(s2.discard)
    before = s2.seats[1].priests[PINK]
    _resolve(s2, card, die(PINK, 1), "left", [])
    assert len(s2.deck) == deck - 1 and len(s2.discard) == discard + 1
    assert s2.seats[1].priests[PINK] == before + 1 + 1  # card Worship + high draw Worship


def test_BOT_3_4_high_priest_at_the_end_moves_the_lowest_instead():
    s = solo(0, high=True)
    p = s.seats[1]
    p.priests = [TRACK_END, 3, 1, 1]
    worship(s, 1, MAGENTA, 3, [])
    assert p.priests == [TRACK_END, 3, 2, 1]


def test_BOT_2_9_pyramid_cards_discarded_at_the_limit():
    s = solo(0)
    s.seats[1].pyramids_built = 3
    pyr = card_index(12, "xevron")
    other = card_index(5, "xevron")
    s.bot_deck = [other, pyr]
    from theogony.games.theocratia.rules.solo import _draw_card
    assert _draw_card(s) == other


def test_BOT_5_1_development_worship_except_blank():
    s = solo(0)
    from theogony.games.theocratia.rules.solo import bot_development
    from theogony.games.theocratia.content import DEV_EFFECTS
    before = list(s.seats[1].priests)
    bot_development(s, [])
    for v in range(4):
        gain = 0 if DEV_EFFECTS[s.civs[v].dev] == "blank" else 1
        assert s.seats[1].priests[v] == before[v] + gain


def test_BOT_6_2_multiplayer_targets_the_highest_worshipper():
    s = solo(0, players=2)
    clear_board(s)
    s.civs[MAGENTA].supply = 2
    put(s, "E3", TURQUOISE, HOUSE)  # Red's, closer
    put(s, "E2", TURQUOISE, HOUSE)  # Brown's
    s.seats[RED].priests[TURQUOISE] = 1
    s.seats[BROWN].priests[TURQUOISE] = 5
    s.high = True
    assert _war_target(s, MAGENTA, "ccw") == H("E2")


def test_BOT_7_final_score_ignores_cosmo_and_malus():
    s = solo(0)
    p = s.seats[1]
    p.priests = [8, 8, 4, -1]
    for v, page in enumerate([2, 5, 3, 3]):
        s.civs[v].page = page
    for h in range(len(s.hex_kind)):
        if s.hex_kind[h] == PYRAMID:
            remove(s, h)
    # tie for the farthest: the one worth less (Magenta 2x4) is ignored
    assert final_score(s, 1) == 5 * 4 + 3 * 2




def test_BOT_4_6_pyramid_without_a_building_goes_on_the_first_eligible_hex():
    s = solo(0)
    clear_board(s)
    from theogony.games.theocratia.rules.solo import _bot_pyramid
    pages = s.civs[MAGENTA].page
    _bot_pyramid(s, MAGENTA, "left", [])
    assert s.hex_kind[H("G2")] == PYRAMID and s.civs[MAGENTA].page == pages + 1
    assert s.grid[0] == -1
