"""The multiplayer corrections (TM-13) and the full game's corrected gods."""

from __future__ import annotations

import pytest

from theogony.core import IllegalAction
from theogony.games.teomachia import GAME
from theogony.games.teomachia.content import CARDS, DEITY_INDEX

from .helpers import play, settle_done, battle, bidding, card, hand, layout, names, started
from .test_battle import BATTLE_LAYOUT


def test_TM_13_1_the_four_removed_cards_never_enter_play():
    removed = {i for i, c in enumerate(CARDS) if c.removed}
    assert {CARDS[i].name_pl for i in removed} == {"Honor", "Pasja", "Rozejm", "Spętanie sfer"}
    assert {CARDS[i].sphere for i in removed} == {"water", "fire", "earth", "air"}
    for players in (2, 3, 4):
        st = GAME.new_state(players, 11)
        zones = set(st.prayer_deck)
        for s in st.seats:
            zones |= set(s.draft_hand)
        assert len(zones) == 116 and not zones & removed


def test_TM_13_2_plague_hits_only_the_chosen_opponent():
    st = started(3)
    for s in st.seats:
        s.stake = [0, 1, 3]
    layout(st, *BATTLE_LAYOUT)
    hand(st, 0, "plague")
    battle(st, 0)
    assert {"play Plague on seat 1", "play Plague on seat 2"} <= set(names(st))
    play(st, "play Plague on seat 2")
    assert st.seats[2].stake == [0, 1, 0] and st.seats[1].stake == [0, 1, 3]


def test_TM_13_3_war_song_reveals_to_everyone():
    st = started(2)
    layout(st, "el-fire-order-2", "el-fire-chaos-1", "el-air-order-1")
    hand(st, 0, "war-song")
    st.seats[0].deck = [card("prayer"), card("gale"), card("flood")]
    battle(st, 0)
    events = play(st, "play War Song")
    shown = [e for e in events if e.kind == "reveal"]
    assert shown and shown[0].visible_to is None and shown[0].reveals
    assert st.seats[0].bonus == 6  # Flood and Gale are attacks: +3 each


def test_TM_13_3_omnipotence_reveals_and_reshuffles():
    st = started(2)
    layout(st, "el-air-order-3", "el-air-order-1", "el-fire-chaos-1")
    hand(st, 0, "omnipotence")
    st.seats[0].deck = [card("pw-air-order-1"), card("gale")]
    st.seats[0].discard = [card("pw-fire-chaos-1")]
    bidding(st, 0)
    events = play(st, "play Omnipotence")
    assert [e for e in events if e.kind == "reveal"][0].visible_to is None
    assert sorted(st.seats[0].power) == sorted([card("pw-air-order-1"), card("pw-fire-chaos-1")])
    assert card("gale") in st.seats[0].discard


def test_TM_13_4_peace_on_earth_withdraws_one_player_without_loss():
    st = started(3)
    layout(st, "el-earth-order-2", "el-fire-chaos-1", "el-air-order-1")
    for s in st.seats:
        s.hand = []
        s.places = [card("menhir")]
        s.damaged = [False]
        s.place_tokens = [2]
    hand(st, 1, "peace-on-earth")
    bidding(st, 0)
    st.apply("raise priest")
    play(st, "play Peace on Earth")   # seat 1, on its turn, instead of calling
    assert st.seats[1].stake == [0, 0, 0] and st.seats[1].community == [3, 5, 8]
    assert not st.seats[1].in_deal and st.seats[0].in_deal and st.seats[2].in_deal  # the deal goes on
    assert st.current_player == 2
    st.apply("withdraw")
    assert st.winners == [0]
    assert st.seats[1].damaged == [False] and st.seats[2].damaged == [True]  # no loss for seat 1


def test_TM_13_4_peace_on_earth_not_in_the_last_bidding_phase():
    st = started(2)
    layout(st, "el-earth-order-2", "el-fire-chaos-1", "el-air-order-1")
    hand(st, 0, "peace-on-earth")
    bidding(st, 0, round_=2)
    assert "play Peace on Earth" in names(st)
    bidding(st, 0, round_=3)
    st.revealed = 5  # TM-5.1: by the third phase every element is face up (TM-R6)
    assert "play Peace on Earth" not in names(st)
    with pytest.raises(IllegalAction):
        play(st, "play Peace on Earth")


def test_TM_13_5_gods_people_zeroes_every_priest_and_prophet_in_the_battle():
    st = started(2)
    st.seats[0].stake = [0, 0, 4]
    st.seats[1].stake = [1, 1, 1]
    layout(st, "el-fire-order-3", "el-fire-chaos-1", "el-air-order-1")
    hand(st, 0, "gods-people")
    hand(st, 1)
    battle(st, 0)
    play(st, "play God's People")
    st.apply("end turn")
    st.apply("pass")
    st.apply("pass")
    assert st.strengths == [10, 2] and st.winners == [0]


def full_started(deity: str, players: int = 2):
    for seed in range(40):
        st = GAME.new_state(players, seed, {"full": True})
        while st.phase in ("draft", "aside"):
            st.apply(st.legal_actions()[0])
        s0 = st.seats[0]
        if DEITY_INDEX[deity] in s0.deity_options:
            st.apply(f"choose {deity.capitalize()}")
            while st.phase == "deity":
                st.apply(st.legal_actions()[0])
            while st.phase == "prebid":
                st.apply("done")
            return st
    raise AssertionError("no seed deals that mythology to seat 0")


def test_TM_13_6_marduk_cannot_retreat_in_the_last_bidding_phase():
    st = full_started("marduk", players=3)
    bidding(st, 0, round_=1)
    assert "use Marduk" in names(st)
    bidding(st, 0, round_=3)
    st.revealed = 5  # TM-5.1: by the third phase every element is face up (TM-R6)
    assert "use Marduk" not in names(st)
    bidding(st, 0, round_=2)
    st.revealed = 4
    st.seats[0].stake = [0, 2, 3]
    st.apply("use Marduk")
    s0 = st.seats[0]
    # the faithful paid for the attribute, then the whole stake came back
    assert s0.stake == [0, 0, 0] and not s0.in_deal and s0.attr_used and s0.peace
    assert s0.community == [3, 5 + 2, 7 - 1 + 3]
    assert st.current_player == 1


def test_TM_13_7_cernunnos_draws_a_miracle_after_three_deed_cards():
    st = full_started("cernunnos")
    layout(st, "el-fire-order-3", "el-earth-order-2", "el-water-order-1")
    hand(st, 0, "prayer", "prayer", "pilgrimage", "anointing")
    for s in st.seats[1:]:
        s.hand = []
    st.seats[0].deck = [card("gale"), card("storm"), card("hurricane"), card("flood")]
    bidding(st, 0)
    play(st, "play Prayer")
    play(st, "play Prayer")
    assert st.seats[0].deeds_played == 2
    play(st, "play Pilgrimage")
    st.apply("raise priest")
    st.apply("withdraw")
    settle_done(st)
    assert st.seats[0].miracles == 1 and st.miracle_supply == 5
