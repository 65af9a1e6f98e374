"""The bank is unlimited (TM-R4): the rulebook gives only a total of tokens, not how many of each
kind, so drawing, making change (TM-10) and the desperation rule (TM-5.8) never wait for the bank.
Each scenario hoards tokens in one community, more than the 14/24/36 split the engine used to assume
could leave in the bank, and checks that the rule is carried out anyway."""

from __future__ import annotations

from .helpers import battle, bidding, card, hand, layout, next_deal, settle_done, started

HOARD = 40  # more tokens of a kind than the old 74-token bank could ever have held


def test_TM_R4_TM_8_9_a_sole_winner_always_takes_a_priest():
    st = started(2)
    for s in st.seats:
        s.hand = []
    st.seats[0].community = [0, 2, 2]
    st.seats[0].stake = [0, 1, 1]
    st.seats[1].community[1] += HOARD
    bidding(st, initiative=0)
    st.apply("raise faithful")
    st.apply("withdraw")  # seat 1 withdraws: seat 0 wins alone
    settle_done(st)
    # TM-8.9 a priest and TM-8.10 a prophet from the bank, the stake back
    assert st.seats[0].community == [1, 2 + 1 + 1, 1 + 2]


def test_TM_R4_TM_10_1_change_is_made_at_once_whatever_the_others_hold():
    st = started(2)
    for s in st.seats:
        s.hand = []
    st.seats[0].community = [2, 1, 3]
    st.seats[1].community[1] += HOARD
    bidding(st, initiative=0)
    st.apply("raise priest")  # seat 0's last priest: a prophet becomes 2 priests at once
    assert st.seats[0].community == [1, 2, 3]


def test_TM_R4_TM_5_8_a_call_is_always_available_by_desperation():
    st = started(2)
    for s in st.seats:
        s.hand = []
    st.seats[1].community = [0, 0, 3]
    st.seats[0].community[1] += HOARD
    bidding(st, initiative=0)
    st.apply("raise priest")
    assert "call" in [a.text for a in st.legal_actions()]
    st.apply("call")
    assert st.seats[1].desp == [0, 1, 0] and st.seats[1].stake[1] == 1


def test_TM_R4_TM_4_5_a_priest_is_always_changed_for_the_initial_stake():
    st = started(2)
    for s in st.seats:
        s.hand = []
        s.stake = [0, 0, 0]
    st.seats[1].community = [0, 1, 0]
    st.seats[0].community[2] += HOARD
    next_deal(st)
    s1 = st.seats[1]
    assert s1.alive and s1.stake == [0, 0, 1] and s1.community == [0, 0, 1]


def test_TM_R4_TM_16_3_the_refill_is_always_complete():
    st = started(3, {"no_elimination": True})
    for s in st.seats:
        s.hand = []
        s.stake = [0, 0, 1]
    st.seats[0].stake = [0, 1, 1]
    st.seats[2].community = [0, 0, 0]
    st.seats[0].community[0] += HOARD
    layout(st, "el-earth-order-1", "el-water-chaos-1", "el-air-order-2")
    battle(st, 0)
    for _ in range(3):
        st.apply("pass")
    settle_done(st)
    assert st.winners == [0]
    assert st.seats[2].community == [1, 2, 4]


def test_TM_R4_gain_effects_always_give():
    st = started(2)
    layout(st, "el-earth-order-3", "el-earth-order-2", "el-water-order-1")
    for s in st.seats:
        s.hand = []
    hand(st, 0, "pilgrimage")
    st.seats[1].community[2] += HOARD
    bidding(st, initiative=0)
    before = list(st.seats[0].community)
    st.apply("play Pilgrimage")  # gain 2 faithful
    assert st.seats[0].community == [before[0], before[1], before[2] + 2]
    assert card("pilgrimage") in st.seats[0].discard


def test_TM_R4_TM_16_4_in_the_variant_the_initial_stake_is_always_complete():
    st = started(2, {"no_elimination": True})
    for s in st.seats:
        s.hand = []
        s.stake = [0, 0, 0]
    st.conflict = 2
    st.seats[1].community = [0, 0, 1]
    st.seats[0].community[2] += HOARD
    next_deal(st)
    s1 = st.seats[1]
    assert s1.alive and s1.in_deal and s1.stake == [0, 0, 2] and s1.desp == [0, 0, 1]
    assert s1.community == [0, 0, 0]
