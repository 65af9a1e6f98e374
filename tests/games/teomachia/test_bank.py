"""The limited bank (TM-1.5, TM-R4): the 74 tokens are all there is; drawing, making change and the
desperation rule take only what the bank holds."""

from __future__ import annotations

from .helpers import battle, bidding, card, hand, layout, next_deal, settle_done, started


def drain(st, seat: int, kind: int, leave: int = 0) -> None:
    """Move the bank's tokens of `kind` (all but `leave`) into `seat`'s community."""
    st.seats[seat].community[kind] += st.bank()[kind] - leave
    assert st.bank()[kind] == leave


def test_TM_R4_the_bank_starts_with_the_tokens_no_community_holds():
    assert started(2).bank() == [14 - 6, 24 - 10, 36 - 16 - 0]  # before the initial stake moves
    st4 = started(4)
    assert st4.bank() == [2, 4, 4]  # the initial stakes come from the communities, not the bank


def test_TM_R4_TM_8_9_a_sole_winner_takes_a_priest_only_if_the_bank_has_one():
    st = started(2)
    for s in st.seats:
        s.hand = []
    st.seats[0].community = [0, 2, 2]
    st.seats[0].stake = [0, 1, 1]
    drain(st, 1, 1)  # every bank priest sits in seat 1's community
    bidding(st, initiative=0)
    st.apply("raise faithful")
    st.apply("withdraw")  # seat 1 withdraws: its faithful go to the bank, seat 0 wins alone
    settle_done(st)
    # no priest for the winner (TM-8.9 cannot be carried out), but a prophet (TM-8.10) is there
    assert st.seats[0].community == [1, 2 + 1, 1 + 2]


def test_TM_R4_TM_10_1_change_waits_for_the_bank_and_is_made_once_it_can_be():
    st = started(2)
    for s in st.seats:
        s.hand = []
    st.seats[0].community = [2, 1, 3]
    drain(st, 1, 1)  # no priest in the bank
    bidding(st, initiative=0)
    st.apply("raise priest")  # seat 0's last priest: a prophet should become 2 priests, but cannot
    assert st.seats[0].community == [2, 0, 3] and st.bank()[1] == 0
    st.apply("raise priest")  # seat 1 calls the priest and raises one more: 2 priests in its stake
    st.apply("withdraw")      # seat 0 withdraws: its priest goes back to the bank (1 priest there)
    settle_done(st)
    # seat 1 won alone and took the bank's only priest; still no change possible for seat 0
    assert st.bank()[1] == 0 and st.seats[0].community == [2, 0, 3]
    st.seats[1].community[1] -= 2  # two priests go back to the bank (say, paid for prayer cards)
    st.fix_all()
    assert st.seats[0].community == [1, 2, 3]  # TM-10.1: change as soon as the bank can give


def test_TM_R4_TM_5_8_no_call_when_neither_community_nor_bank_has_the_token():
    st = started(2)
    for s in st.seats:
        s.hand = []
    st.seats[1].community = [0, 0, 3]
    drain(st, 0, 1)  # seat 0 holds every bank priest
    bidding(st, initiative=0)
    st.apply("raise priest")  # now one priest is in seat 0's stake, none in the bank
    acts = [a.text for a in st.legal_actions()]
    assert "call" not in acts and "withdraw" in acts  # desperation finds no priest in the bank
    st.seats[0].community[1] -= 1  # one priest back to the bank
    acts = [a.text for a in st.legal_actions()]
    assert "call" in acts
    st.apply("call")
    assert st.seats[1].desp == [0, 1, 0] and st.bank()[1] == 0


def test_TM_R4_TM_4_5_without_faithful_in_the_bank_a_priest_cannot_be_changed_for_the_initial_stake():
    st = started(2)
    for s in st.seats:
        s.hand = []
        s.stake = [0, 0, 0]
    st.seats[1].community = [0, 1, 0]
    drain(st, 0, 2)  # every bank faithful sits with seat 0
    next_deal(st)
    assert not st.seats[1].alive and st.is_terminal() and st.outcome().winners == (0,)


def test_TM_R4_TM_16_3_the_refill_takes_what_the_bank_holds():
    st = started(3, {"no_elimination": True})
    for s in st.seats:
        s.hand = []
        s.stake = [0, 0, 1]
    st.seats[0].stake = [0, 1, 1]
    st.seats[2].community = [0, 0, 0]
    drain(st, 0, 0)  # all bank prophets sit with seat 0
    layout(st, "el-earth-order-1", "el-water-chaos-1", "el-air-order-2")
    battle(st, 0)
    for _ in range(3):
        st.apply("pass")
    settle_done(st)
    assert st.winners == [0]
    # no prophet left in the bank: seat 2 gets 2 priests and 4 faithful only
    assert st.seats[2].community == [0, 2, 4]


def test_TM_R4_gain_effects_take_only_what_the_bank_holds():
    st = started(2)
    layout(st, "el-earth-order-3", "el-earth-order-2", "el-water-order-1")
    for s in st.seats:
        s.hand = []
    hand(st, 0, "pilgrimage")
    drain(st, 1, 2)  # no faithful in the bank
    bidding(st, initiative=0)
    before = list(st.seats[0].community)
    st.apply("play Pilgrimage")  # gain 2 faithful: the bank has none
    assert st.seats[0].community == before and min(st.bank()) >= 0
    assert card("pilgrimage") in st.seats[0].discard


def test_TM_R4_TM_16_4_in_the_variant_a_short_bank_means_a_smaller_initial_stake():
    st = started(2, {"no_elimination": True})
    for s in st.seats:
        s.hand = []
        s.stake = [0, 0, 0]
    st.conflict = 2
    st.seats[1].community = [0, 0, 1]
    drain(st, 0, 2)  # no faithful in the bank for the desperation rule
    next_deal(st)
    s1 = st.seats[1]
    assert s1.alive and s1.in_deal and s1.stake == [0, 0, 1] and s1.desp == [0, 0, 0]
    assert s1.community == [0, 0, 0] and min(st.bank()) >= 0
