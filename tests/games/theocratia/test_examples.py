"""Every worked example of the Theocratia rulebook, reproduced with its numbers (TC rule ids)."""

from __future__ import annotations

from theogony.games.theocratia.content import (BARRACK, FACTORY, GREEN, HOUSE, PYRAMID,
                                               TOKEN_IDS, WARRIOR)
from theogony.core.frames import AUTOMATIC
from theogony.games.theocratia.rules.board import civ_size, remove
from theogony.games.theocratia.rules.development import expand_at, expansion_targets
from theogony.games.theocratia.rules.rounds import overflow
from theogony.games.theocratia.scoring import final_score, score_priests
from theogony.games.theocratia.state import Developments, Draft

from ._helpers import (BLUE, BROWN, H, MAGENTA, PINK, RED, TURQUOISE, VIOLET, WHITE, clear_board,
                       die, give_card, new_game, put, texts, turn)
from ._helpers import pending


def test_TC_2_4_2_5_setup_example_blue_first():
    # Blue is first: Blue 2 Cosmo, White and Red 3, Brown 4; Brown, Red, White, Blue choose
    # Magenta, Violet, Pink, Turquoise and build on their own hex next to that Fortress.
    s = new_game(4, first=BLUE, choices=[MAGENTA, VIOLET, PINK, TURQUOISE],
                 variant={"first_game": True})
    assert [p.cosmo for p in s.seats] == [3, 4, 2, 3]
    assert s.civ_choice == [VIOLET, MAGENTA, TURQUOISE, PINK]
    for seat, civ in enumerate(s.civ_choice):
        from theogony.games.theocratia.content import HOME_HEX
        h = HOME_HEX[civ][seat]
        assert s.hex_civ[h] == civ and s.hex_kind[h] == HOUSE
        # TC-2.5 the hex's crystal went to the Civ area; TC-2.6 first games: Priest on space 0
        assert s.civs[civ].crystals[seat] == 1
        assert s.seats[seat].priests[civ] == 0
        assert [x for x in s.seats[seat].priests if x != 0] == [-1, -1, -1]


def test_TC_3_2_changing_exceeding_dice_example():
    # 3 players: four dice show 6, two of them Magenta: one Magenta 6 becomes a 1.
    rolled = [die(MAGENTA, 6), die(MAGENTA, 6), die(TURQUOISE, 6), die(PINK, 6),
              die(VIOLET, 2), die(VIOLET, 4), die(PINK, 3)]
    out = overflow(rolled)
    assert sorted(out) == sorted([die(MAGENTA, 1), die(MAGENTA, 6), die(TURQUOISE, 6),
                                  die(PINK, 6), die(VIOLET, 2), die(VIOLET, 4), die(PINK, 3)])


def test_TC_4_turn_sequence_example():
    # 3 players (Blue, White, Red); White and Red are last. Left: two Violet 3 and a Magenta 1.
    s = new_game(3, first=1, colours=[RED, BLUE, WHITE])
    white, red = 2, 0
    s.table = [die(VIOLET, 3), die(VIOLET, 3), die(MAGENTA, 1)]
    for c in s.civs:
        c.row = []
    pending(s, Draft(seat=white))
    s.apply("take Violet 3")
    cosmo = s.seats[white].cosmo
    s.apply("expand with Violet")
    assert s.seats[white].cosmo == cosmo + 2  # TC-4.3 leftmost space: 2 Cosmo
    assert s.decision.kind == "expand"
    s.apply(texts(s)[0])
    s.apply("end turn")
    pending(s, Draft(seat=red))
    give_card(s, red, "star_offering")
    s.apply("take Violet 3")
    legal = texts(s)
    assert "expand with Violet" not in legal  # TC-4.4 same number next to the Violet 3
    assert "discard Star Offering to ignore the same-number rule" in legal
    assert "expand with Pink" in legal
    s.apply("expand with Pink")
    assert s.civs[PINK].row[-1] == die(VIOLET, 3)


def test_TC_5_1_first_player_action_example():
    s = new_game(4)
    s.first = BLUE
    s.civs[PINK].row = [die(MAGENTA, 4)]
    turn(s, BLUE, die(TURQUOISE, 1))
    s.apply("first player with Turquoise")
    s.apply("take the End Round Bonus card")
    assert s.erb_holder == BLUE and s.next_first == BLUE
    s.apply("end turn")
    cosmo, worship, hand = s.seats[RED].cosmo, s.seats[RED].priests[PINK], len(s.seats[RED].hand)
    turn(s, RED, die(PINK, 1))
    s.apply("first player with Pink")
    # middle space: 1 Cosmo and 1 Worship; the action: token, a Power card, 1 Cosmo
    assert s.seats[RED].priests[PINK] == worship + 1
    assert s.seats[RED].cosmo == cosmo + 2
    assert len(s.seats[RED].hand) == hand + 1
    assert s.next_first == RED and s.erb_holder == BLUE
    # Red played last: before the Development phase Red becomes the first player (TC-5.1.3)
    s.stack[0].turn_index = s.turns * s.players
    s.apply("end turn")
    assert s.first == RED


def _war_position():
    s = new_game(4)
    clear_board(s)
    put(s, "E2", MAGENTA, HOUSE)     # a Magenta House on a Brown hex
    put(s, "F1", MAGENTA, HOUSE)     # a Magenta House on a neutral (desert) hex
    put(s, "F3", MAGENTA, BARRACK)   # a Magenta Barrack (neutral hex)
    put(s, "A3", TURQUOISE, BARRACK)  # White owns a Turquoise Barrack
    s.civs[TURQUOISE].supply = 2
    return s


def test_TC_5_2_attacking_a_building_and_compensation_example():
    s = _war_position()
    before = [list(p.priests) for p in s.seats]
    turn(s, RED, die(VIOLET, 2))
    s.apply("war/convert with Turquoise")
    legal = texts(s)
    assert "attack House on E2" in legal and "attack House on F1" in legal
    assert not any("F3" in t for t in legal)  # a Barrack needs 3 Warriors
    houses = s.civs[MAGENTA].houses
    s.apply("attack House on E2")
    assert s.hex_kind[H("E2")] == 0 and s.civs[MAGENTA].houses == houses + 1
    assert s.civs[TURQUOISE].supply == 0 and s.civs[TURQUOISE].items == [WARRIOR, WARRIOR]
    assert s.seats[RED].priests[TURQUOISE] == before[RED][TURQUOISE] + 1
    assert s.seats[WHITE].priests[TURQUOISE] == before[WHITE][TURQUOISE] + 1
    assert s.seats[BROWN].priests[MAGENTA] == before[BROWN][MAGENTA] + 1  # Compensation
    assert s.seats[BLUE].priests == before[BLUE]


def test_TC_5_2_converting_example():
    s = _war_position()
    before = [list(p.priests) for p in s.seats]
    turn(s, RED, die(VIOLET, 2))
    s.apply("war/convert with Turquoise")
    s.apply("convert House on F1 with tile 0")
    assert s.hex_kind[H("F1")] == HOUSE and s.hex_colour[H("F1")] == RED
    assert s.seats[RED].tiles[0] == 3
    assert s.civs[TURQUOISE].items == [WARRIOR, WARRIOR]
    assert s.seats[RED].priests[TURQUOISE] == before[RED][TURQUOISE] + 1
    assert s.seats[WHITE].priests[TURQUOISE] == before[WHITE][TURQUOISE] + 1
    assert s.seats[BROWN].priests == before[BROWN]  # neutral hex: no Compensation


def test_TC_5_3_expand_example():
    s = new_game(4)
    clear_board(s)
    put(s, "F3", MAGENTA, BARRACK)
    s.seats[RED].tiles[1] = 2
    turn(s, RED, die(PINK, 3))
    s.apply("expand with Magenta")
    legal = texts(s)
    assert "house on E3" in legal  # Red's own hex next to the Fortress
    assert "convert E2 with tile 1 and build a house" in legal
    assert "convert E2 with tile 0 and build a house" not in legal  # starting tile: neutral only
    s.apply("convert E2 with tile 1 and build a house")
    assert s.hex_colour[H("E2")] == RED and s.hex_kind[H("E2")] == HOUSE
    assert s.civs[MAGENTA].crystals[BROWN] == 1 and s.hex_crystal[H("E2")] == -1
    assert s.seats[RED].tiles[1] == 3


def test_TC_5_4_factory_example():
    s = new_game(4)
    clear_board(s)
    put(s, "B2", TURQUOISE, HOUSE)    # Red's Turquoise House
    put(s, "B4", TURQUOISE, FACTORY)  # Blue's Turquoise Factory
    put(s, "H3", PINK, FACTORY)       # Red's Pink Factory
    put(s, "G4", PINK, FACTORY)       # a neutral Pink Factory: not activated
    for c in s.civs:
        c.crystals = [0] * 6
    turn(s, RED, die(VIOLET, 4))
    s.apply("factory with Turquoise")
    houses = s.civs[TURQUOISE].houses
    s.apply("factory on B2")
    assert s.hex_kind[H("B2")] == FACTORY and s.civs[TURQUOISE].houses == houses + 1
    assert s.civs[TURQUOISE].crystals == [1, 0, 1, 0, 0, 0]  # Red (new) + Blue (B4)
    assert s.civs[PINK].crystals == [1, 0, 0, 0, 0, 0]       # Red's other Factory


def test_TC_5_5_barrack_example():
    s = new_game(4)
    clear_board(s)
    put(s, "H3", PINK, HOUSE)      # Red's only Pink House
    put(s, "G4", PINK, BARRACK)    # an existing Pink Barrack
    c = s.civs[PINK]
    c.row = []
    c.supply, c.warriors = 1, 5
    cosmo = s.seats[RED].cosmo
    turn(s, RED, die(PINK, 5))
    s.apply("barrack with Pink")
    assert s.seats[RED].cosmo == cosmo + 2  # matching colour, leftmost space
    s.apply("barrack on H3")
    assert s.hex_kind[H("H3")] == BARRACK
    assert c.supply == 3 and c.warriors == 3  # both Barracks train one Warrior


def test_TC_5_6_pyramid_example():
    s = new_game(4)
    clear_board(s)
    put(s, "H3", PINK, BARRACK)   # Red's Pink Barrack
    put(s, "H2", PINK, FACTORY)   # neutral; H3, H2 and I2 touch each other (R11)
    put(s, "I2", PINK, HOUSE)     # Brown's Pink House
    s.civs[PINK].page, s.civs[PINK].items = 2, [WARRIOR, GREEN]
    s.seats[RED].cosmo = 3
    before = [list(p.priests) for p in s.seats]
    turn(s, RED, die(MAGENTA, 5))
    s.apply("barrack with Pink")
    assert "pyramid on H3" in texts(s)
    s.apply("pyramid on H3")
    assert texts(s) == ["remove H2 and I2"]
    s.apply("remove H2 and I2")
    assert s.hex_kind[H("H3")] == PYRAMID and s.hex_kind[H("H2")] == 0 and s.hex_kind[H("I2")] == 0
    assert s.civs[PINK].pyramids == 1 and s.seats[RED].pyramids_built == 1
    assert s.seats[RED].priests[PINK] == before[RED][PINK] + 1
    assert s.civs[PINK].page == 3 and s.civs[PINK].items == []  # page flipped
    assert s.seats[BROWN].priests[PINK] == before[BROWN][PINK] + 1  # Compensation
    s.apply("token Gain 5 Cosmo")
    assert s.seats[RED].cosmo == 8
    assert s.seats[RED].tokens == [TOKEN_IDS.index("cosmo5")]


def test_TC_5_7_divination_example():
    s = new_game(4)
    turn(s, RED, die(VIOLET, 6))
    s.apply("divine 3 with Magenta")
    assert s.seats[RED].malus == 1
    assert s.civs[MAGENTA].row[-1] == die(VIOLET, 3)
    assert s.decision.kind == "expand"


def test_TC_5_8_holiday_example():
    s = new_game(4)
    clear_board(s)
    for h in ("C7", "C6", "E7"):
        put(s, h, VIOLET, HOUSE)
    put(s, "D6", VIOLET, FACTORY)
    put(s, "D8", VIOLET, FACTORY)
    put(s, "D5", VIOLET, BARRACK)
    put(s, "E8", VIOLET, PYRAMID)  # on a White hex
    v = s.civs[VIOLET]
    v.crystals = [1, 1, 1, 0, 2, 2]
    v.page, v.items = 0, [WARRIOR, WARRIOR]  # 4 empty spaces left on page 0
    v.row = []
    s.seats[RED].cosmo = 5
    give_card(s, RED, "star_offering")
    before = [list(p.priests) for p in s.seats]
    assert civ_size(s, VIOLET) == 7
    turn(s, RED, die(TURQUOISE, 4))
    assert "holiday with Violet" not in texts(s)
    s.apply("discard Star Offering to recolour die to Violet")
    s.apply("holiday with Violet")
    assert s.seats[RED].cosmo == 0  # 5 + 2 (leftmost, matching) - 7
    assert v.crystals == [0] * 6
    assert s.seats[BROWN].priests[VIOLET] == before[BROWN][VIOLET] + 1
    assert s.seats[BLUE].priests[VIOLET] == before[BLUE][VIOLET] + 1
    assert s.seats[RED].malus == 2
    assert v.page == 1 and len(v.items) == 3
    assert s.seats[RED].priests[VIOLET] == before[RED][VIOLET] + 4  # 3 Houses + Fortress
    assert s.seats[WHITE].priests[VIOLET] == before[WHITE][VIOLET] + 1  # Pyramid owner


def test_TC_7_1_factory_round_bonus_example():
    s = new_game(4, bonus="factory")
    clear_board(s)
    put(s, "E3", MAGENTA, HOUSE)   # Red's
    put(s, "I3", PINK, HOUSE)      # Brown's
    before = [list(p.priests) for p in s.seats]
    turn(s, RED, die(TURQUOISE, 4))
    s.apply("factory with Magenta")
    s.apply("factory on E3")
    turn(s, BROWN, die(TURQUOISE, 4))
    s.apply("factory with Pink")
    s.apply("factory on I3")
    assert s.seats[RED].priests[MAGENTA] == before[RED][MAGENTA] + 1
    assert s.seats[BROWN].priests[PINK] == before[BROWN][PINK] + 1


def test_TC_8_2_expansion_development_example():
    s = new_game(4)
    clear_board(s)
    put(s, "F3", MAGENTA, HOUSE)
    put(s, "F5", PINK, BARRACK)  # Red's Barrack next to the hex Magenta will take
    s.hex_kind[H("F4")] = 0      # a free Green hex next to the House (monster gone)
    assert expansion_targets(s, MAGENTA) == [H("F4")]  # Green beats the desert F1
    before = [list(p.priests) for p in s.seats]
    expand_at(s, MAGENTA, H("F4"), [])
    assert s.hex_kind[H("F4")] == HOUSE and s.civs[MAGENTA].crystals[GREEN] >= 1
    assert s.seats[RED].priests[MAGENTA] == before[RED][MAGENTA] + 1
    assert all(s.seats[x].priests == before[x] for x in (BROWN, BLUE, WHITE))


def test_TC_6_4_slide_development_cards_example():
    s = new_game(4)
    devs = [c.dev for c in s.civs]
    s.stack = [Developments(seat=AUTOMATIC, next_civ=4)]
    s.settle([])
    assert [c.dev for c in s.civs] == [devs[1], devs[2], devs[3], devs[0]]


def test_TC_14_final_scoring_example_47():
    s = new_game(4)
    blue = s.seats[BLUE]
    blue.cosmo, blue.malus = 5, 5
    blue.priests = [8, 4, 6, 8]
    for v, page in enumerate([6, 7, 4, 3]):
        s.civs[v].page = page
    for h in range(len(s.hex_kind)):
        if s.hex_kind[h] == PYRAMID:
            remove(s, h)
    assert score_priests(blue.priests, [6, 7, 4, 3]) == 24 + 14 + 12
    assert final_score(s, BLUE) == 2 + 24 + 14 + 12 - 5 == 47


