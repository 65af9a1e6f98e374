"""Scenario tests for the second rules-fidelity pass (issue 16): tile claims at any decision of
one's own turn (TC-11.3, R15), every Pyramid token on offer (TC-12.2, R17), the first player
(TC-2.3, R1), Pyramid groups as triangles (TC-5.6, R11), the rulings kept (R9, R23) and no
safety cap on game length (TC-14.6)."""

from __future__ import annotations

import pytest

from theogony.core import SetupError
from theogony.games.theocratia import GAME
from theogony.games.theocratia.content import (BARRACK, FACTORY, HEXES, HOME_HEX, HOUSE,
                                               MONSTER_PLAIN, TOKEN_IDS)
from theogony.core.frames import AUTOMATIC
from theogony.games.theocratia.rules.tracks import worship
from theogony.games.theocratia.state import (TURNS, DevelopmentKind, Developments, Draft,
                                             TokenChoice)

from ._helpers import (BROWN, H, MAGENTA, PINK, RED, TURQUOISE, clear_board, die, new_game, put,
                       texts, turn)
from ._helpers import end_turns, pending


# ---- TC-11.3 / R15: claim an unlocked tile at any decision of one's own turn ----------------

def _expand_with_a_tile_unlocked_by_the_row_bonus():
    """Red Expands Magenta with a Magenta die on the middle space: its 1 Worship takes Red's
    Magenta Priest from 4 to 5, which unlocks tile 2. Red's own hex next to the Fortress is taken,
    so only converting builds there."""
    s = new_game(4)
    clear_board(s)
    s.hex_kind[HOME_HEX[MAGENTA][RED]] = MONSTER_PLAIN
    s.seats[RED].priests[MAGENTA] = 4
    s.seats[RED].cosmo = 3
    s.civs[MAGENTA].row = [die(TURQUOISE, 1)]
    turn(s, RED, die(MAGENTA, 3))
    s.apply("expand with Magenta")
    return s


def test_TC_11_3_R15_tile_unlocked_by_the_die_can_be_claimed_and_used_in_the_same_expand():
    s = _expand_with_a_tile_unlocked_by_the_row_bonus()
    brown_hex = HOME_HEX[MAGENTA][BROWN]
    brown_id = HEXES[brown_hex].id
    assert s.decision.kind == "expand" and s.seats[RED].tiles[2] == 1
    assert f"convert {brown_id} with tile 2 and build a house" not in texts(s)
    assert "claim conversion tile 2" in texts(s)
    s.apply("claim conversion tile 2")
    assert s.seats[RED].tiles[2] == 2 and s.seats[RED].cosmo == 2  # 3 + 1 (bonus) - 2
    assert s.decision.kind == "expand"  # the Expand is still pending
    s.apply(f"convert {brown_id} with tile 2 and build a house")
    assert s.hex_kind[brown_hex] == HOUSE and s.hex_colour[brown_hex] == RED
    assert s.seats[RED].tiles[2] == 3


def test_TC_11_3_R15_no_claim_on_another_players_decision_or_after_the_turns():
    s = new_game(4)
    worship(s, BROWN, PINK, 3, [])   # Brown's tile 1 unlocks
    s.seats[BROWN].cosmo = 5
    s.stack.append(TokenChoice(seat=BROWN, civ=PINK))   # e.g. a track-end token in Red's turn
    assert not any(t.startswith("claim") for t in texts(s))
    s.stack = [Developments(seat=AUTOMATIC, next_civ=1),
               DevelopmentKind(seat=BROWN, civ=MAGENTA, house=H("F3"))]
    assert not any(t.startswith("claim") for t in texts(s))


# ---- TC-12.2 / R17: every available token may be taken --------------------------------------

def test_TC_12_2_R17_a_token_that_cannot_be_carried_out_may_be_taken_to_deny_it():
    s = new_game(4)
    pending(s, TokenChoice(seat=RED, civ=MAGENTA))
    s.civs[MAGENTA].houses = 0   # no House left: the Build a House token does nothing
    house = TOKEN_IDS.index("house")
    assert "token Build a House" in texts(s)
    s.apply("token Build a House")
    assert house not in s.tokens and s.seats[RED].tokens == [house]
    assert s.civs[MAGENTA].houses == 0 and s.decision.kind != "expand"


# ---- TC-2.3 / R1: the first player ----------------------------------------------------------

def test_TC_2_3_R1_first_player_variant_names_the_first_seat():
    s = GAME.new_state(3, 5, {"first_player": 2})
    assert s.first == 2
    assert [p.cosmo for p in s.seats] == [3, 3, 2]   # TC-2.4 by turn order from seat 2
    assert s.current_player == 1                     # TC-2.5 the last player chooses first
    for _ in range(3):
        s.apply(s.legal_actions()[0].text)
    assert s.decision.kind == "draft" and s.current_player == 2


def test_TC_2_3_R1_random_first_player_is_drawn_from_the_seed_and_keeps_the_deal():
    firsts = {GAME.new_state(3, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2}
    for seed in range(6):
        drawn = GAME.new_state(4, seed)
        assert GAME.new_state(4, seed).first == drawn.first   # reproducible
        fixed = GAME.new_state(4, seed, {"first_player": 0})
        assert drawn.round_bonus == fixed.round_bonus and drawn.deck == fixed.deck


def test_TC_2_3_R1_BOT_1_2_with_the_bot_the_seat_after_it_is_first():
    for seed in range(10):
        solo = GAME.new_state(1, seed)
        assert solo.first == 0 and solo.bot_seat == 1
        duo = GAME.new_state(2, seed, {"bot": "ory"})
        assert duo.first == 0 and duo.bot_seat == 2
    assert GAME.new_state(1, 0, {"first_player": 0}).first == 0
    with pytest.raises(SetupError, match="first_player"):
        GAME.new_state(2, 0, {"bot": "xevron", "first_player": 1})


@pytest.mark.parametrize("players,seat", [(2, 2), (3, 3), (1, 1)])
def test_TC_2_3_R1_first_player_outside_the_seats_is_refused(players, seat):
    with pytest.raises(SetupError, match="first_player"):
        GAME.new_state(players, 0, {"first_player": seat})


# ---- TC-5.6 / R11: the Pyramid group is a triangle ------------------------------------------

def test_TC_5_6_R11_a_chain_of_three_buildings_is_no_pyramid_group():
    s = new_game(4)
    clear_board(s)
    put(s, "H3", PINK, BARRACK)   # Red's; G4 and I3 both touch H3 but not each other
    put(s, "G4", PINK, FACTORY)
    put(s, "I3", PINK, HOUSE)
    turn(s, RED, die(MAGENTA, 5))
    assert "barrack with Pink" not in texts(s)
    put(s, "H2", PINK, HOUSE)     # touches H3, not G4 nor I3: still no triangle
    assert "barrack with Pink" not in texts(s)
    put(s, "I2", PINK, HOUSE)     # H3, H2, I2 touch each other
    assert "barrack with Pink" in texts(s)
    s.apply("barrack with Pink")
    s.apply("pyramid on H3")
    assert sorted(texts(s)) == ["remove H2 and I2", "remove I2 and I3"]


# ---- R9 and R23 kept ------------------------------------------------------------------------

def test_TC_5_2_5_R9_the_acting_player_gains_from_their_own_barrack_too():
    s = new_game(4)
    clear_board(s)
    put(s, "H3", PINK, BARRACK)   # on Red's hex
    put(s, "I3", PINK, BARRACK)   # on Brown's hex
    s.civs[PINK].supply = 1
    before = [list(p.priests) for p in s.seats]
    turn(s, RED, die(MAGENTA, 2))
    s.apply("war/convert with Pink")
    monster = next(t for t in texts(s) if t.startswith("attack"))
    s.apply(monster)
    assert s.seats[RED].priests[PINK] == before[RED][PINK] + 2     # the War + own Barrack
    assert s.seats[BROWN].priests[PINK] == before[BROWN][PINK] + 1  # a Barrack owner


def test_TC_7_2_R23_end_round_bonus_expand_is_taken_even_when_only_a_tile_makes_it_possible():
    s = new_game(4)
    clear_board(s)
    s.hex_kind[HOME_HEX[MAGENTA][RED]] = MONSTER_PLAIN   # no free Red hex next to Magenta
    s.erb_holder, s.erb_die = RED, MAGENTA
    end_turns(s)
    f = s.stack[-1]
    assert s.decision.kind == "expand" and f.seat == RED and f.civ == MAGENTA
    assert texts(s) and all(t.startswith("convert ") for t in texts(s))  # no way to skip


# ---- TC-14.6: no safety cap ----------------------------------------------------------------

def test_TC_14_6_no_decision_cap_ends_the_game():
    s = new_game(4)
    s.history = ["(earlier)"] * 3999   # the old cap stopped games at 4,000 decisions
    s.apply(s.legal_actions()[0].text)
    assert not s.is_terminal() and s.stage == TURNS and len(s.history) == 4000
