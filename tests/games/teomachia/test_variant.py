"""Variant without elimination (TM-16)."""

from __future__ import annotations

from .helpers import battle, next_deal, started

NE = {"no_elimination": True}


def test_TM_16_1_winners_score_and_TM_16_2_three_points_per_emptied_player_and_TM_16_3_refill():
    st = started(3, NE)
    for s in st.seats:
        s.hand = []
        s.stake = [0, 0, 1]
    st.seats[0].stake = [0, 1, 1]
    st.seats[2].community = [0, 0, 0]  # seat 2 loses its last worshippers in this deal
    battle(st, 0)
    for _ in range(3):
        st.apply("pass")
    assert st.winners == [0]
    assert st.seats[0].vp == 1 + 3 and st.seats[1].vp == 0
    assert st.seats[2].community == [1, 2, 4]


def test_TM_16_4_desperation_for_the_initial_stake():
    st = started(2, NE)
    st.seats[1].community = [0, 0, 0]
    next_deal(st)
    s1 = st.seats[1]
    assert s1.alive and s1.stake == [0, 0, 1] and s1.desp == [0, 0, 1]


def test_TM_16_5_first_to_ten_points_wins():
    st = started(2, NE)
    st.seats[0].vp = 9
    for s in st.seats:
        s.hand = []
        s.stake = [0, 0, 1]
    st.seats[0].stake = [0, 1, 1]
    battle(st, 0)
    st.apply("pass")
    st.apply("pass")
    assert st.is_terminal() and st.outcome().winners == (0,)
