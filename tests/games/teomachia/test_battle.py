"""Battle (TM-8.1..8.5), settlement (TM-8.6..8.13), responses (TM-7), participation (TM-12)."""

from __future__ import annotations

from .helpers import (battle, bidding, card, finish_settlement, hand, layout, names, play, settle_done,
                      started, to_act)

BATTLE_LAYOUT = ("el-earth-chaos-3", "el-air-chaos-2", "el-water-order-2", "el-fire-order-1",
                 "el-fire-chaos-1")


def example_position():
    st = started(2)
    for s in st.seats:
        s.stake = [1, 1, 4]
        s.community = [2, 4, 4]
    layout(st, *BATTLE_LAYOUT)
    hand(st, 0, "plague", "quicksand")
    hand(st, 1, "web-of-lightning", "unity")
    battle(st, 0)
    return st


def test_TM_8_5_worked_example_29_against_24():
    """The rulebook's strength example: Plague + Quicksand against Web of Lightning + Unity."""
    st = example_position()
    play(st, "play Plague on seat 1")           # immediate: all faithful leave seat 1's stake
    assert st.seats[1].stake == [1, 1, 0]
    play(st, "play Quicksand")                  # +6, counted at settlement
    st.apply("end turn")
    play(st, "play Web of Lightning")           # +7
    play(st, "play Unity")                      # +1 per worshipper in the stake at settlement
    st.apply("end turn")
    st.apply("pass")
    st.apply("pass")                            # all passed in succession: the battle ends
    assert st.strengths == [29, 24]             # 6 + (10+5+8) against 7 + 2 + (10+5)
    assert st.winners == [0]
    # TM-8.8..8.11: the loser's stake went to the bank; the sole winner got a priest and its stake back
    assert st.seats[1].community == [2, 4, 4]
    assert st.seats[0].community == [3, 6, 8]
    assert st.initiative == 0


def test_TM_8_2_attacks_of_one_sphere_per_battle():
    st = example_position()
    hand(st, 0, "quicksand", "heavens-fire", "earthquake")
    play(st, "play Quicksand")
    acts = names(st)
    assert "play Earthquake" in acts and "play Fire of Heaven" not in acts


def test_TM_8_4_battle_ends_only_when_all_pass_in_succession():
    st = example_position()
    st.apply("pass")
    play(st, "play Web of Lightning")
    st.apply("end turn")
    assert st.phase == "battle" and st.current_player == 0
    play(st, "play Quicksand")
    st.apply("end turn")
    st.apply("pass")
    assert st.phase == "battle"
    st.apply("pass")
    assert st.phase != "battle" and st.winners == [1]  # 23+7 = 30 against 23+6 = 29


def test_TM_8_6_ties_make_several_winners_and_initiative_passes_clockwise():
    st = started(3)
    for s in st.seats:
        s.stake = [0, 1, 1]
        s.hand = []
    battle(st, 1)
    st.initiative = 1
    st.seats[1].stake = [0, 0, 1]
    for _ in range(3):
        st.apply("pass")
    assert st.winners == [0, 2]
    # no sole winner: no bonus priest; initiative goes from seat 1 to the closest winner clockwise
    assert st.initiative == 2
    assert st.seats[0].community == [3, 6, 8] and st.seats[2].community == [3, 6, 8]
    assert st.seats[1].community == [3, 5, 7]


def test_TM_8_8_losers_damage_places_then_lose_them():
    st = example_position()
    st.seats[1].places = [card("menhir")]
    st.seats[1].damaged = [False]
    st.seats[1].place_tokens = [2]
    hand(st, 0, "quicksand")
    hand(st, 1)
    play(st, "play Quicksand")
    st.apply("end turn")
    st.apply("pass")
    st.apply("pass")
    assert st.winners == [0] and st.seats[1].damaged == [True]
    assert st.seats[1].places == [card("menhir")]
    # a second loss destroys it: the card to the discard pile, its token to the bank
    st.winners = [0]
    finish_settlement(st)
    assert st.seats[1].places == [] and card("menhir") in st.seats[1].discard


def test_TM_8_10_sole_winner_without_prophet_takes_one_even_with_prophets_in_stake():
    st = example_position()
    st.seats[0].community = [0, 2, 2]
    hand(st, 0)
    hand(st, 1)
    st.seats[1].stake = [0, 0, 1]
    st.apply("pass")
    st.apply("pass")
    assert st.winners == [0]
    assert st.seats[0].community == [1 + 1, 2 + 1 + 1, 2 + 4]


def test_TM_8_12_cards_are_discarded_after_the_deal_and_only_the_top_is_public():
    st = example_position()
    play(st, "play Quicksand")
    st.apply("end turn")
    st.apply("pass")
    st.apply("pass")
    settle_done(st)
    s0 = st.seats[0]
    assert s0.hand == [] and s0.power == [] and s0.played == []
    assert card("quicksand") in s0.discard and card("plague") in s0.discard
    view = st.view(1)
    assert "discard" not in view["seats"][0] and view["seats"][0]["discard_top"] is not None
    assert st.view(0)["seats"][0]["discard"]
    assert st.layout == [] and len(st.el_discard) == 5  # TM-8.13


def test_TM_7_1_responses_are_offered_clockwise_and_cancel():
    st = started(3)
    layout(st, "el-air-order-3", "el-water-order-2", "el-fire-chaos-2")
    for s in st.seats:
        s.hand = []
    hand(st, 0, "prayer")
    hand(st, 1, "anathema")
    hand(st, 2, "anathema")
    st.seats[2].hand = [card("anathema", 1)]
    bidding(st, initiative=0)
    st.apply("play Prayer")
    assert st.phase == "respond" and st.current_player == 1
    st.apply("pass")
    assert st.current_player == 2
    st.apply("respond Anathema")
    assert st.current_player == 1  # TM-R8: the Anathema may itself be answered; seat 1 passes
    st.apply("pass")
    assert st.phase == "bid" and st.current_player == 0
    assert card("prayer") in st.seats[0].discard and len(st.seats[0].hand) == 0  # no cards drawn
    assert card("anathema", 1) in st.seats[2].discard


def test_TM_7_shield_of_faith_cancels_an_attack():
    st = example_position()
    st.seats[1].hand.append(card("shield-of-faith"))
    st.apply("play Plague on seat 1")
    assert st.current_player == 1 and "respond Shield of Faith" in names(st)
    st.apply("respond Shield of Faith")
    st.apply("pass")  # TM-R8: seat 0 may answer the Shield (an effect) and does not
    assert st.seats[1].stake == [1, 1, 4] and st.current_player == 0 and st.phase == "battle"


def test_TM_12_withdrawn_players_are_skipped_and_cannot_be_chosen():
    st = started(3)
    layout(st, "el-water-order-3", "el-water-order-1", "el-fire-chaos-1")
    for s in st.seats:
        s.hand = []
    hand(st, 0, "mind-reading")
    bidding(st, initiative=1)
    st.apply("withdraw")  # seat 1
    st.apply("wait")      # seat 2
    assert st.current_player == 0
    acts = names(st)
    assert "play Mind Reading on seat 2" in acts and "play Mind Reading on seat 1" not in acts
    st.apply("wait")
    assert st.bid_round == 2 and to_act(st) == [2, 0]


def test_TM_12_3_withdrawn_players_play_in_settlement():
    st = started(2)
    layout(st, "el-water-order-3", "el-water-order-1", "el-fire-chaos-1")
    for s in st.seats:
        s.hand = []
    hand(st, 1, "resurrection")
    bidding(st, initiative=0)
    st.apply("raise priest")
    st.apply("withdraw")
    assert st.phase == "settle" and st.current_player == 1
    play(st, "play Resurrection")
    st.apply("done")
    assert st.seats[1].community == [3, 5, 8]  # its faithful came back instead of going to the bank


def _window(response: bool):
    st = started(3)
    layout(st, "el-air-chaos-3", "el-water-chaos-2", "el-fire-order-1")
    for s in st.seats:
        s.hand = []
    hand(st, 0, "prayer")
    hand(st, 1, "anathema" if response else "gale", "pw-water-order-2")
    bidding(st, initiative=0)
    st.apply("play Prayer")
    return st


def test_TM_R8_every_seat_holding_cards_is_asked_whatever_it_holds():
    views = []
    for response in (True, False):
        st = _window(response)
        # seat 1 is asked in both cases; seat 2 holds no card (hand sizes are public) and is not
        assert st.phase == "respond" and st.current_player == 1 and st.view(0)["to_act"][0] == 1
        views.append(st.view(0))
        acts = names(st)
        if response:  # Anathema needs 2 order symbols: power may be laid out towards it
            assert acts == ["lay out Water order 2", "pass"]
        else:  # nothing to respond with: the only choice is a cheap pass
            assert acts == ["pass"]
        st.apply("pass")
        assert st.phase == "bid" and len(st.seats[0].hand) == 2  # Prayer resolved
    assert views[0] == views[1]  # being asked reveals nothing to the player of the card


def test_TM_7_2_a_responder_lays_out_power_then_responds():
    st = _window(True)
    st.apply("lay out Water order 2")
    assert "respond Anathema" in names(st)
    st.apply("respond Anathema")
    assert st.phase == "bid" and st.seats[0].hand == [] and card("prayer") in st.seats[0].discard


def test_TM_R9_the_settlement_window_asks_every_seat_holding_cards():
    st = example_position()
    hand(st, 1, "gale")
    hand(st, 0)
    st.apply("pass")
    st.apply("pass")
    # seat 0 has no card and is not asked; seat 1 holds a card that does nothing here: only "done"
    assert st.phase == "settle" and to_act(st) == [1] and names(st) == ["done"]
    st.apply("done")
    assert st.phase == "prayer"
