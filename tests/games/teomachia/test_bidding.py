"""Starting phase (TM-4), bidding (TM-5), making change (TM-10)."""

from __future__ import annotations

import pytest

from theogony.core import IllegalAction
from theogony.games.teomachia.queries import control, worth

from .helpers import bidding, card, finish_settlement, hand, layout, names, next_deal, play, started, to_act


def test_TM_4_2_layout_three_up_two_down_and_TM_4_3_conflict_rises_on_reshuffle():
    st = started(2)
    assert len(st.layout) == 5 and st.revealed == 3
    assert st.view(0)["face_down"] == 2 and len(st.view(0)["layout"]) == 3
    assert st.conflict == 1
    st.elements = st.elements[:4]
    next_deal(st)  # next deal starts: fewer than 5 cards -> reshuffle all 24
    assert st.conflict == 2 and len(st.elements) == 24 - 5
    assert all(s.stake == [0, 0, 2] for s in st.seats)
    for _ in range(3):
        st.elements = []
        next_deal(st)
    assert st.conflict == 3  # never above 3


def test_TM_4_5_a_player_who_cannot_pay_the_initial_stake_drops_out_and_the_last_one_wins():
    st = started(3)
    st.conflict = 2
    st.seats[1].community = [0, 0, 1]  # value of one faithful: cannot pay 2
    st.seats[2].community = [0, 1, 0]  # a priest changes into 2 faithful: can pay
    next_deal(st)
    assert not st.seats[1].alive and st.seats[2].alive and not st.is_terminal()
    assert st.seats[2].stake == [0, 0, 2] and st.seats[2].community == [0, 0, 0]
    st.seats[2].community = [0, 0, 0]
    next_deal(st)
    assert st.is_terminal()
    out = st.outcome()
    assert out.winners == (0,) and out.ranks[2] < out.ranks[1]  # seat 1 dropped out first


def test_TM_5_9a_everyone_waits_then_next_phase_reveals_an_element():
    st = started(3)
    bidding(st, initiative=1)
    for seat in (1, 2, 0):
        assert st.current_player == seat
        st.apply("wait")
    assert st.bid_round == 2 and st.revealed == 4
    assert st.current_player == 1  # TM-5.11 each phase starts with the initiative


def test_TM_5_9b_raise_then_everyone_calls_ends_the_phase_at_the_raiser():
    st = started(3)
    bidding(st, initiative=0)
    st.apply("raise priest")
    assert "wait" not in names(st) and "call" in names(st)
    st.apply("call")
    st.apply("call")
    assert st.bid_round == 2 and st.current_player == 0
    assert all(s.stake == [0, 1, 1] for s in st.seats)


def test_TM_5_7_reraise_calls_first_then_adds_a_token():
    st = started(3)
    bidding(st, initiative=0)
    st.apply("raise priest")        # seat 0: [0,1,1]
    st.apply("raise faithful")      # seat 1: calls the priest, adds a faithful: [0,1,2]
    assert st.seats[1].stake == [0, 1, 2]
    st.apply("call")                # seat 2
    assert st.current_player == 0 and st.bid_round == 1
    st.apply("call")                # seat 0 completes; the turn would return to seat 1
    assert st.bid_round == 2
    assert all(s.stake == [0, 1, 2] for s in st.seats)


def test_TM_5_9c_all_others_withdraw_and_the_last_wins_without_battle():
    st = started(3)
    bidding(st, initiative=0)
    st.seats[0].community = [0, 5, 7]
    for seat in st.seats:
        seat.hand = []
    st.apply("raise faithful")
    st.apply("withdraw")
    st.apply("withdraw")
    assert not st.battle
    # the sole winner took a priest and, lacking a prophet, a prophet (TM-8.9, TM-8.10), and its stake back
    assert st.seats[0].community == [1, 6, 8]
    # withdrawn players lost their stakes (TM-12.3)
    assert st.seats[1].community == [3, 5, 7] and st.seats[1].stake == [0, 0, 0]
    assert st.initiative == 0 and st.phase == "prayer"


def test_TM_5_8_desperation_calls_from_the_bank_but_cannot_raise():
    st = started(2)
    bidding(st, initiative=0)
    st.seats[1].community = [0, 0, 1]
    st.apply("raise priest")
    acts = names(st)
    assert "call" in acts and not any(a.startswith("raise") for a in acts)
    st.apply("call")
    s1 = st.seats[1]
    assert s1.stake == [0, 1, 1] and s1.desp == [0, 1, 0] and s1.desperate
    # settle with seat 1 as sole winner: the bank priest is discarded, not returned (TM-5.8)
    st.winners = [1]
    st.seats[0].in_deal = st.seats[1].in_deal = False
    finish_settlement(st)
    assert s1.community[1] == 0 + 1  # only the priest every sole winner takes (TM-8.9)
    assert s1.community == [1, 1, 2]


def test_TM_10_1_making_change_when_a_kind_runs_out():
    st = started(2)
    bidding(st, initiative=0)
    st.seats[0].community = [1, 1, 1]
    st.apply("raise faithful")
    # faithful ran out -> a priest became 2 faithful -> priests ran out -> a prophet became 2 priests
    assert st.seats[0].community == [0, 2, 2]


def test_TM_10_2_change_is_made_in_the_middle_of_sacrifice():
    st = started(2)
    from .helpers import battle
    battle(st, 0)
    layout(st, "el-fire-chaos-1", "el-water-order-1", "el-earth-order-1")
    hand(st, 0, "sacrifice")
    st.seats[0].community = [0, 1, 1]
    play(st, "play Sacrifice")
    assert st.seats[0].stake == [0, 0, 3] and st.seats[0].community == [0, 0, 1]


def test_TM_5_4_place_needs_its_token_from_the_community():
    st = started(2)
    bidding(st, initiative=0)
    layout(st, "el-earth-order-3", "el-earth-order-1", "el-fire-chaos-1")
    hand(st, 0, "sanctuary", "menhir")
    st.seats[0].community = [0, 3, 3]
    assert "play Sanctuary" not in names(st) and "play Menhir" in names(st)
    st.seats[0].community = [1, 3, 3]
    play(st, "play Sanctuary")
    assert st.seats[0].places == [card("sanctuary")] and st.seats[0].place_tokens == [0]
    # no prophet left: change is not needed for prophets; the community keeps its priests
    assert st.seats[0].community == [0, 3, 3]
    assert worth(st, 0) == 5 * 3 + 2 * 3 + 10 + 2  # the place's prophet still belongs to seat 0


def test_TM_6_requirements_and_laying_out_power():
    st = started(2)
    bidding(st, initiative=0)
    layout(st, "el-fire-order-1", "el-fire-chaos-1", "el-air-order-1")
    hand(st, 0, "go-and-convert", "pw-water-order-2")
    assert "play Go Forth and Convert on seat 1" not in names(st)  # needs 3 order + 1 water
    st.apply("lay out Water order 2")
    assert "play Go Forth and Convert on seat 1" in names(st)
    play(st, "play Go Forth and Convert on seat 1")
    assert st.seats[0].community == [3, 5, 9] and st.seats[1].community == [3, 5, 5]
    # TM-6.4: the power card stays laid out and can be used again
    assert st.seats[0].power == [card("pw-water-order-2")]
    with pytest.raises(IllegalAction):
        play(st, "play Go Forth and Convert on seat 1")


def test_TM_5_3_effects_are_discarded_lasting_effects_stay():
    st = started(2)
    bidding(st, initiative=0)
    layout(st, "el-fire-order-1", "el-fire-chaos-1", "el-earth-order-1")
    hand(st, 0, "prayer", "ecstasy")
    st.seats[0].deck = [card("gale"), card("gale", 1)]
    play(st, "play Prayer")
    assert st.seats[0].discard[-1] == card("prayer") and len(st.seats[0].hand) == 3
    play(st, "play Ecstasy")
    assert st.seats[0].lasting == [card("ecstasy")]
    assert control(st, 0)[1] == 1 + 2


def test_TM_4_1_draw_to_five_reshuffling_the_discard_pile():
    st = started(2)
    s0 = st.seats[0]
    s0.hand = []
    s0.deck = [card("gale"), card("storm")]
    s0.discard = [card("flood"), card("wave"), card("wave", 1), card("prayer")]
    next_deal(st)
    assert len(s0.hand) == 5 and s0.discard == [] and len(s0.deck) == 1


def test_TM_R2_call_matches_the_largest_stake_kind_by_kind():
    st = started(3)
    bidding(st, initiative=0)
    st.seats[2].stake = [0, 0, 3]  # e.g. after a Provocation
    st.apply("raise prophet")      # seat 0: [1, 0, 1], the largest by number? no: 2 tokens vs 3
    st.apply("call")               # seat 1 matches seat 2's stake, the one with most tokens
    assert st.seats[1].stake == [0, 0, 3]


def test_TM_5_10_withdrawing_keeps_the_hand_hidden_and_skips_the_player():
    st = started(3)
    bidding(st, initiative=0)
    size = len(st.seats[0].hand)
    st.apply("withdraw")
    assert st.view(1)["seats"][0]["hand_size"] == size and "hand" not in st.view(1)["seats"][0]
    st.apply("wait")
    st.apply("wait")
    assert st.bid_round == 2 and to_act(st) == [1, 2]
