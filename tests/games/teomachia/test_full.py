"""Full game (TM-15): deities, demands and miracle tokens, windows, myth phase, heroes."""

from __future__ import annotations

from theogony.games.teomachia import GAME
from theogony.games.teomachia.content import DEITIES, MYTHOLOGIES, MYTHS

from theogony.games.teomachia.queries import strength

from .helpers import (BuyMyth, PreBid, battle, begin_battle, bidding, card, check_demands, hand, layout,
                      myth, names, play, seats_phase)
from .test_corrections import full_started


def test_TM_15_1_each_seat_gets_both_deities_of_a_different_mythology():
    st = GAME.new_state(4, 2, {"full": True})
    myths = [s.mythology for s in st.seats]
    assert sorted(myths) == [0, 1, 2, 3]
    for s in st.seats:
        assert {DEITIES[d].mythology for d in s.deity_options} == {MYTHOLOGIES[s.mythology]}
        assert len(s.deity_options) == 2


def test_TM_15_2_deity_choice_is_secret_until_everyone_chose():
    st = GAME.new_state(2, 4, {"full": True})
    while st.phase in ("draft", "aside"):
        st.apply(st.legal_actions()[0])
    assert st.phase == "deity" and st.current_player == 0
    st.apply(st.legal_actions()[1])
    assert st.view(1)["seats"][0]["deity"] is None and st.view(1)["seats"][0]["deity_chosen"]
    assert st.view(0)["seats"][0]["deity"] is not None
    st.apply(st.legal_actions()[0])
    assert st.deities_revealed and st.view(1)["seats"][0]["deity"] is not None
    for s in st.seats:  # TM-15.2 the myth deck of the mythology, only its top visible
        assert sorted(s.myth_deck) == sorted(i for i, m in enumerate(MYTHS)
                                             if m.mythology == MYTHOLOGIES[s.mythology])
    assert st.view(1)["seats"][0]["myth_top"] is not None


def test_TM_15_3_at_most_one_miracle_token_per_deal_and_supply_limit():
    st = full_started("odin")
    st.seats[0].deity = 0
    for s in st.seats:
        s.hand = []
        s.stake = [0, 0, 1]
    st.seats[1].stake = [0, 0, 0]
    battle(st, 0)
    st.apply("pass")
    st.apply("pass")
    assert st.winners == [0] and st.seats[0].miracles == 1
    st.miracle_supply = 0
    st.seats[0].miracles = 0
    check_demands(st, [0, 0])
    assert st.seats[0].miracles == 0  # the supply of 6 is empty


def test_TM_15_5_myth_phase_buy_cycle_leave():
    st = full_started("odin")
    seats_phase(st, BuyMyth, [0, 1])
    s0 = st.seats[0]
    s0.miracles = 3
    top = s0.myth_deck[-1]
    assert "cycle myth deck" in names(st) and "leave myth deck" in names(st)
    st.apply(f"buy {MYTHS[top].name}")
    assert top in s0.myths and s0.miracles == 3 - MYTHS[top].cost
    assert st.miracle_supply == 6 + MYTHS[top].cost
    s1 = st.seats[1]
    second = s1.myth_deck[-2]
    st.apply("cycle myth deck")
    assert s1.myth_deck[-1] == second and st.phase != "myth"  # next deal


def test_TM_15_5_prebattle_window_heroes_join_and_die_on_a_loss():
    st = full_started("odin")
    s0, s1 = st.seats
    s0.myths = [myth("sigurd"), myth("mjolnir")]
    for s in st.seats:
        s.hand = []
        s.stake = [1, 0, 1]
    s1.stake = [2, 0, 1]
    s0.deck = []  # Sigurd's draw on joining finds no card, so the battle settles at once
    st.bid_round = 3
    begin_battle(st)
    assert st.phase == "prebattle" and st.current_player == 0
    assert set(names(st)) == {"add hero Sigurd", "use Mjolnir", "done"}
    st.apply("add hero Sigurd")
    st.apply("done")
    assert st.phase == "battle"
    st.apply("pass")
    st.apply("pass")
    # 12 + 6 (Sigurd) = 18 against 22: seat 0 loses and its hero dies
    assert st.strengths == [18, 22] and myth("sigurd") not in s0.myths
    assert myth("mjolnir") in s0.myths


def test_TM_15_5_prebid_window_and_targeted_myth():
    st = full_started("odin")
    s0 = st.seats[0]
    s0.myths = [myth("yggdrasil")]
    st.seats[1].myths = [myth("pandoras-box")]
    layout(st, "el-fire-order-1", "el-water-order-1", "el-air-order-1")
    seats_phase(st, PreBid, [0, 1])
    hand(st, 0)
    s0.deck = list(range(10, 14))
    st.apply("use Yggdrasil")
    assert len(s0.hand) == 2 and st.current_player == 1  # nothing more to use: done by itself
    faithful = s0.community[2]
    st.apply("use Pandora's Box on seat 0")
    assert s0.community[2] == faithful - 2
    assert st.phase == "bid" and st.bid_round == 1


def test_TM_15_4_activated_attribute_once_per_deal_on_your_bidding_turn():
    st = full_started("cernunnos")
    bidding(st, 0)
    s0 = st.seats[0]
    before = len(s0.hand)
    st.apply("use Cernunnos")
    assert len(s0.hand) == before + 2 and s0.community[0] == 2  # the attribute costs a prophet
    assert "use Cernunnos" not in names(st)


def test_TM_15_4_athena_may_play_attacks_of_two_spheres():
    st = full_started("athena")
    layout(st, "el-earth-chaos-3", "el-fire-chaos-2", "el-air-order-1")
    hand(st, 0, "stone-fist", "heavens-fire", "gale")
    battle(st, 0)
    play(st, "play Stone Fist")
    play(st, "play Fire of Heaven")
    assert "play Gale" not in names(st)


def test_TM_13_2_odin_and_loki_choose_one_opponent_still_in_the_deal():
    st = full_started("odin", players=3)
    bidding(st, 0)
    st.seats[1].in_deal = False
    acts = [a for a in names(st) if a.startswith("use Odin")]
    assert acts == ["use Odin on seat 2"]
    events = st.apply("use Odin on seat 2")
    peek = [e for e in events if e.kind == "peek"][0]
    assert peek.visible_to == (0,) and "seat 0 looks at the hand of seat 2" == peek.public_text
    st2 = full_started("loki", players=3)
    bidding(st2, 0)
    before = len(st2.seats[2].hand)
    st2.apply("use Loki on seat 2")
    assert len(st2.seats[2].hand) == before - 1 and len(st2.seats[0].hand) == 6


def test_TM_15_5_zeus_before_the_battle_and_dagda_before_bidding():
    st = full_started("zeus")
    for s in st.seats:
        s.hand = []
        s.stake = [0, 1, 1]
    st.bid_round = 3
    begin_battle(st)
    assert st.phase == "prebattle" and "use Zeus" in names(st)
    st.apply("use Zeus")
    assert st.phase == "battle" and st.seats[0].bonus == 3 and st.seats[0].community[1] == 4
    st.apply("pass")
    st.apply("pass")
    assert st.strengths == [10, 7]  # 7 on the table + Zeus' 3
    st = full_started("dagda")
    st.seats[0].attr_used = False
    seats_phase(st, PreBid, [0])
    st.revealed = 3
    st.apply("use Dagda")
    assert st.revealed == 4 and st.phase == "bid"


def test_TM_15_6_cuchulainn_joins_with_a_chosen_opponent_effect():
    st = full_started("cernunnos", players=3)
    s0 = st.seats[0]
    s0.myths = [myth("cuchulainn")]
    for s in st.seats:
        s.hand = []
        s.stake = [0, 1, 2]
    st.bid_round = 3
    begin_battle(st)
    assert {"add hero CuChulainn against seat 1", "add hero CuChulainn against seat 2"} <= set(names(st))
    st.apply("add hero CuChulainn against seat 2")
    assert st.seats[2].stake == [0, 1, 1] and st.seats[1].stake == [0, 1, 2]
    assert strength(st, 0) == 9 + 6


def test_TM_15_4_ishtar_spares_places_when_she_did_not_fight():
    st = full_started("ishtar")
    s0 = st.seats[0]
    s0.places = [card("menhir")]
    s0.damaged = [False]
    s0.place_tokens = [2]
    for s in st.seats:
        s.hand = []
    bidding(st, 0)
    st.apply("withdraw")
    assert s0.damaged == [False]
