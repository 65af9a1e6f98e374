"""The effect vocabulary of the designed cards (docs/content/teomachia.md), one scenario each."""

from __future__ import annotations

from theogony.games.teomachia.queries import control, strength

from .helpers import (PreBid, battle, begin_battle, bidding, card, hand, layout, myth, names, next_deal,
                      play, seats_phase, started)

RICH = ("el-fire-order-3", "el-earth-order-3", "el-air-chaos-3", "el-water-chaos-3", "el-fire-chaos-2")


def bid_position(players=2):
    st = started(players)
    layout(st, *RICH)
    for s in st.seats:
        s.hand = []
    bidding(st, 0)
    return st


def test_TM_13_2_provocation_moves_the_chosen_opponents_faithful_into_the_stake():
    st = bid_position()
    hand(st, 0, "provocation")
    play(st, "play Provocation on seat 1")
    assert st.seats[1].stake == [0, 0, 3] and st.seats[1].community == [3, 5, 5]


def test_TM_13_2_persuasion_takes_a_faithful_from_the_chosen_opponents_stake():
    st = bid_position()
    hand(st, 0, "persuasion")
    play(st, "play Persuasion on seat 1")
    assert st.seats[1].stake == [0, 0, 0] and st.seats[0].community == [3, 5, 8]


def test_TM_13_2_ruse_and_confusion_act_on_the_chosen_opponents_hand():
    st = bid_position()
    hand(st, 0, "ruse", "confusion")
    hand(st, 1, "gale", "storm", "flood")
    play(st, "play Ruse on seat 1")
    assert len(st.seats[1].hand) == 2 and len(st.seats[0].hand) == 2
    play(st, "play Confusion of the Senses on seat 1")
    assert st.seats[1].hand == [] and len(st.seats[1].discard) == 2


def test_TM_R6_revelation_turns_an_element_up_early():
    st = started(2)
    for s in st.seats:
        s.hand = []
    hand(st, 0, "revelation")
    bidding(st, 0)
    layout(st, "el-air-order-1", "el-fire-chaos-1", "el-water-chaos-1")  # + 2 face down
    assert st.revealed == 3 and len(st.layout) == 5
    play(st, "play Revelation")
    assert st.revealed == 4
    st.apply("wait")
    st.apply("wait")
    assert st.bid_round == 2 and st.revealed == 5


def test_TM_5_3_blessing_is_lasting_strength():
    st = bid_position()
    hand(st, 0, "blessing")
    play(st, "play Blessing")
    base = strength(st, 0)
    assert st.seats[0].lasting == [card("blessing")] and base == 2 + 4


def test_TM_5_4_places_draw_and_symbols():
    st = bid_position()
    hand(st, 0, "holy-spring", "sacred-lake")
    play(st, "play Holy Spring")
    order_before = control(st, 0)[0]
    play(st, "play Sacred Lake")
    assert control(st, 0)[0] == order_before + 1
    for i, s in enumerate(st.seats):
        s.deck = [card("gale", i), card("storm", 0) if i == 0 else card("flood", 0)] + \
            [card(f"pw-fire-order-{k}", i) for k in (1, 2)] + [card(f"pw-air-chaos-{k}", i) for k in (1, 2)]
        s.discard = []
    next_deal(st)
    assert len(st.seats[0].hand) == 6 and len(st.seats[1].hand) == 5


def test_TM_8_3_stake_attacks_act_at_once():
    st = started(3)
    layout(st, *RICH)
    for s in st.seats:
        s.hand = []
        s.stake = [1, 2, 3]
    hand(st, 0, "sudden-death", "heavens-fire")
    hand(st, 1, "whirlpool")
    hand(st, 2, "thunderbolt")
    battle(st, 0)
    play(st, "play Sudden Death on seat 1")
    assert st.seats[1].stake == [0, 2, 3]
    st.apply("end turn")
    play(st, "play Whirlpool on seat 2")
    assert st.seats[2].stake == [1, 1, 3]
    st.apply("end turn")
    play(st, "play Thunderbolt on seat 0")
    assert st.seats[0].stake == [1, 1, 3]


def test_TM_8_7_tithe_for_a_winner_in_the_settlement():
    st = bid_position()
    hand(st, 0, "tithe")
    st.apply("raise priest")
    st.apply("withdraw")
    assert st.phase == "settle" and names(st) == ["play Tithe", "done"]
    play(st, "play Tithe")
    st.apply("done")
    assert st.seats[0].community == [3, 4 + 1 + 1, 7 + 1 + 2]  # priest back, bonus priest, tithe


def test_TM_15_5_myth_stake_attacks_before_the_battle():
    from .test_corrections import full_started

    st = full_started("cernunnos", players=3)
    s0 = st.seats[0]
    s0.myths = [myth("gae-bolga"), myth("fenris"), myth("lilith")]
    for s in st.seats:
        s.hand = []
        s.stake = [0, 2, 4]
    st.bid_round = 3
    begin_battle(st)
    st.apply("use Gae Bolga on seat 1")
    st.apply("use Fenris on seat 2")
    st.apply("use Lilith on seat 1")
    assert st.seats[1].stake == [0, 1, 2] and st.seats[2].stake == [0, 1, 3]
    assert st.current_player != 0  # nothing left to use: seat 0 is done by itself


def test_TM_15_5_hammurabi_before_bidding():
    from .test_corrections import full_started

    st = full_started("cernunnos")
    st.seats[0].myths = [myth("hammurabi")]
    hand(st, 1, "gale", "storm")
    seats_phase(st, PreBid, [0])
    st.apply("use Code of Hammurabi on seat 1")
    assert len(st.seats[1].hand) == 1 and st.phase == "bid"
