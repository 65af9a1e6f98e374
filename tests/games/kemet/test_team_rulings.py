"""Team mode, rules fidelity (issue 16): losses split after the reveal (KM-T8.4, KM-TR4),
veteran tokens handed out when gained (KM-T8.5, KM-TR3), temples of mixed troops at night
(KM-T7.3/7.4, KM-TR5) and the end of the game (KM-T9).

Line-up of `tblank()`: seat 0 NW, seat 1 NE, seat 2 SW, seat 3 SE; teams {0, 2} and {1, 3}."""

from theogony.games.kemet import encoding as E
from theogony.games.kemet.rules import team as T
from theogony.games.kemet.content import ZONES

from .helpers import GAME, Z, council, play, texts
from .team_helpers import check_counts, tblank, tput, troop
from .test_team_troops import start_move
from theogony.games.kemet.rules import day, night, view


def _attack_temple_en(s, attackers: dict[int, int], defenders: dict[int, int], **allies):
    tput(s, "nile-e", attackers)
    tput(s, "temple-en", defenders)
    start_move(s, "nile-e", attackers[0], **allies)   # seat 0 moves
    play(s, "go to temple-en")


# ---------------------------------------------------------------- KM-T8.4 / KM-TR4 loss split

def test_KM_TR4_a_troop_of_three_and_two_losing_two_can_end_two_and_one():
    s = tblank()
    _attack_temple_en(s, {0: 5}, {1: 3, 3: 2})
    play(s, "seat 1 defends")
    council(s, "Phalanx", "Assault")       # 5 + 3 = 8, 2 damage
    council(s, "Phalanx", "Assault")       # 5 + 3 = 8: the defender wins the tie, 2 damage
    assert s.bt.losses == (2, 2)
    # the losses are known now; the defending seat says how they fall on its allies
    assert s.bt.stage == "split" and s.cur == 1
    assert texts(s) == ["seat 1 loses 0 warriors", "seat 1 loses 1 warrior",
                        "seat 1 loses 2 warriors"]
    assert s.view(1)["battle"]["team_after"][0] == {"decision": "split losses",
                                                    "side": "defender", "left": 2}
    play(s, "seat 1 loses 1 warrior")      # seat 3 then loses the other one
    assert troop(s, "temple-en") == {1: 2, 3: 1}
    assert s.ps[1].supply == 12 - 2 and s.ps[3].supply == 12 - 1
    check_counts(s)


def test_KM_T8_4_a_three_seat_side_splits_seat_by_seat():
    s = tblank(6, "3v3")                   # teams {0, 2, 4} and {1, 3, 5}
    _attack_temple_en(s, {0: 5}, {1: 2, 3: 2, 5: 1})
    play(s, "seat 1 defends")
    council(s, "Phalanx", "Assault")       # 5 + 3 = 8, 2 damage
    council(s, "Phalanx", "Charge")        # 5 + 4 = 9, 1 damage
    assert s.bt.stage == "split" and s.cur == 1
    assert texts(s) == ["seat 1 loses 0 warriors", "seat 1 loses 1 warrior",
                        "seat 1 loses 2 warriors"]
    play(s, "seat 1 loses 0 warriors")
    # seat 5's single warrior cannot take both losses: seat 3 loses at least one
    assert texts(s) == ["seat 3 loses 1 warrior", "seat 3 loses 2 warriors"]
    play(s, "seat 3 loses 1 warrior")      # and seat 5 the other
    assert troop(s, "temple-en") == {1: 2, 3: 1}
    check_counts(s)


def test_KM_T8_4_no_split_when_the_losses_have_a_single_outcome():
    s = tblank()
    _attack_temple_en(s, {0: 3}, {1: 1, 3: 1})
    play(s, "seat 3 defends")
    council(s, "Phalanx", "Assault")       # 3 + 3 = 6, 2 damage: the whole troop goes
    council(s, "Phalanx", "Charge")        # 2 + 4 = 6, 1 damage
    assert s.bt.stage == "vets" and troop(s, "temple-en") == {}
    check_counts(s)


# ---------------------------------------------------------------- KM-T8.5 / KM-TR3 veterans

def test_KM_T8_5_a_veteran_won_in_another_seats_turn_goes_to_an_ally_outside_the_battle():
    s = tblank()
    _attack_temple_en(s, {0: 3}, {1: 3})
    council(s, "Phalanx", "Assault")       # 3 + 3 = 6
    council(s, "Phalanx", "Charge")        # 3 + 4 = 7: seat 1 wins and gains 2 veterans
    # first the beaten attacker hands out its veteran, then the winning defender its two
    assert s.bt.stage == "vets" and s.cur == 0
    assert texts(s) == ["seat 0 takes a veteran token", "seat 2 takes a veteran token"]
    play(s, "seat 2 takes a veteran token")
    assert s.cur == 1 and texts(s) == ["seat 1 takes a veteran token",
                                       "seat 3 takes a veteran token"]
    play(s, "seat 3 takes a veteran token", "seat 1 takes a veteran token")
    assert [pl.veterans for pl in s.ps] == [0, 1, 1, 1]   # seat 3 took no part in the battle
    assert s.bt.stage == "loser" and s.cur == 0
    check_counts(s)


def test_KM_T8_5_all_gained_veterans_may_go_to_one_ally():
    s = tblank()
    _attack_temple_en(s, {0: 3}, {1: 3})
    council(s, "Phalanx", "Assault")
    council(s, "Phalanx", "Charge")
    play(s, "seat 0 takes a veteran token", "seat 3 takes a veteran token",
         "seat 3 takes a veteran token")
    assert [pl.veterans for pl in s.ps] == [1, 0, 0, 2]
    assert s.bt.stage == "loser"


# ---------------------------------------------------------------- KM-T7.3 / KM-TR5 temples at night

def _night_steps_3_and_4(s) -> list[int]:
    for pl in s.ps:
        pl.pp = 0
    s.night_step = 2
    s.phase = "night"
    night.next_night(s, [])                         # steps 3 and 4, then 5 (2 PP each)
    return [pl.pp - 2 for pl in s.ps]


def test_KM_TR5_two_temples_of_one_and_one_give_the_team_one_night_glory():
    s = tblank()
    tput(s, "temple-wn", {0: 1, 2: 1})
    tput(s, "temple-ws", {0: 1, 2: 1})
    assert T.team_glory(s, 0) == 2         # the temporary Glory: one per temple
    worship = _night_steps_3_and_4(s)
    assert T.team_glory(s, 0) == 3         # not 4: each temple counts for a single seat
    assert [pl.glory for pl in s.ps] == [1, 0, 0, 0]  # the troops' lead seat
    gain = ZONES[Z("temple-wn")].temple_pp + ZONES[Z("temple-ws")].temple_pp
    assert worship == [gain, 0, 0, 0]      # each temple's PP paid once


def test_KM_TR5_temples_are_shared_out_so_that_most_seats_count_two():
    s = tblank()
    tput(s, "temple-wn", {0: 2})
    tput(s, "temple-ws", {0: 1, 2: 1})
    tput(s, "temple-en", {2: 1, 0: 1})
    tput(s, "temple-es", {2: 2})
    seats = dict(zip(s.board.temples, T.temple_seats(s)))
    assert seats[Z("temple-wn")] == 0 and seats[Z("temple-es")] == 2
    assert {seats[Z("temple-ws")], seats[Z("temple-en")]} == {0, 2}
    _night_steps_3_and_4(s)
    assert [pl.glory for pl in s.ps] == [1, 0, 1, 0]


def test_KM_TR5_a_mixed_troop_still_pays_a_seat_that_holds_another_temple_alone():
    s = tblank()
    tput(s, "temple-wn", {2: 1})
    tput(s, "temple-ws", {0: 2, 2: 1})     # seat 0 leads, but only seat 2 can reach two
    _night_steps_3_and_4(s)
    assert [pl.glory for pl in s.ps] == [0, 0, 1, 0]


# ---------------------------------------------------------------- KM-T9 end of the game

def test_KM_T9_a_team_game_goes_on_past_round_10_until_a_team_has_12_glory():
    s = tblank()
    s.round = 10
    s.ps[1].glory = 11                     # team 1: 11 Glory, not enough
    for pl in s.ps:
        pl.tokens = 0
    day.start_turn(s)
    s.settle([])  # the night that follows is an automatic frame the rules push
    while s.round == 10 and not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert not s.is_terminal() and s.round == 11
    s.ps[3].glory = 1                      # team 1 reaches 12 at the start of an ally's turn
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert set(view.outcome(s).winners) == {1, 3}


def test_KM_T8_4_the_encoding_shows_the_pending_split_and_veterans():
    s = tblank()
    _attack_temple_en(s, {0: 5}, {1: 3, 3: 2})
    play(s, "seat 1 defends")
    council(s, "Phalanx", "Assault")
    council(s, "Phalanx", "Assault")
    base = GAME.observation_size(4)
    at = {name: off for name, off, _ in E.team_layout(4)}
    v = GAME.encode_view(s.view(1))
    assert v[base + at["team_step"] + E.TEAM_STEPS.index("split")] == 1.0
    assert v[base + at["team_left"]] == 2 / 5
    play(s, "seat 1 loses 1 warrior")      # then the attacker's veteran
    v = GAME.encode_view(s.view(0))
    assert v[base + at["team_step"] + E.TEAM_STEPS.index("vets")] == 1.0
    assert v[base + at["team_left"]] == 1 / 5
