"""Rules fidelity, second review (issue 16): the discard pile's top card (TM-R7), responses to
responses (TM-R8), the battle once every element is face up (TM-R6), victim's tokens (TM-R3),
no safety limits (TM-14)."""

from __future__ import annotations

from theogony.core import Rng
from theogony.games.teomachia.bots import heuristic_policy

from .helpers import (battle, bidding, card, chain_cards, hand, layout, names, next_deal, pending_card, play,
                      settle_done, started, to_act)
from .test_battle import BATTLE_LAYOUT, example_position

ORDER_LAYOUT = ("el-air-order-3", "el-water-order-2", "el-fire-chaos-2")
ALL_UP = ("el-air-order-3", "el-water-order-2", "el-fire-chaos-2", "el-earth-order-1", "el-water-chaos-1")


# ---- TM-R7: the owner chooses the card that shows on top of its discard pile ----------------------

def _deal_ends_with(hand0: tuple[str, ...], power0: tuple[str, ...] = ()):
    st = started(2)
    layout(st, "el-earth-order-1", "el-water-chaos-1", "el-air-order-2")
    for s in st.seats:
        s.stake = [0, 0, 1]
    hand(st, 0, *hand0)
    hand(st, 1)
    st.seats[0].power = [card(i) for i in power0]
    battle(st, 0)
    st.apply("pass")
    st.apply("pass")
    settle_done(st)
    return st


def test_TM_R7_the_owner_chooses_which_hand_card_shows_on_top():
    st = _deal_ends_with(("gale", "storm"))
    assert st.phase == "discard" and st.current_player == 0
    assert sorted(names(st)) == ["put Gale on top of the discard pile", "put Storm on top of the discard pile"]
    st.apply("put Storm on top of the discard pile")
    s0 = st.seats[0]
    assert s0.discard[-1] == card("storm") and card("gale") in s0.discard and s0.hand == []
    assert st.view(1)["seats"][0]["discard_top"] == "Storm"
    assert st.phase == "prayer"


def test_TM_R7_a_card_everyone_has_seen_goes_on_top_without_a_decision():
    st = _deal_ends_with(("gale", "storm"), power0=("pw-fire-order-1",))
    assert st.phase == "prayer"  # nothing to choose: the laid-out power card reveals nothing
    assert st.seats[0].discard[-1] == card("pw-fire-order-1")


def test_TM_R7_a_hand_of_one_kind_needs_no_decision():
    st = _deal_ends_with(("gale",))
    assert st.phase == "prayer" and st.seats[0].discard[-1] == card("gale")


def test_TM_R7_the_heuristic_shows_its_least_valuable_card():
    st = _deal_ends_with(("plague", "pw-fire-order-1"))
    action = heuristic_policy(st, Rng(0))
    assert action.text == "put Fire order 1 on top of the discard pile"


# ---- TM-R8: a response is an effect and may itself be answered -----------------------------------

def _prayer_window(players: int):
    st = started(players)
    layout(st, *ORDER_LAYOUT)
    for s in st.seats:
        s.hand = []
    hand(st, 0, "prayer")
    st.seats[0].hand.append(card("anathema", 1))
    st.seats[0].deck = [card("gale"), card("storm")]
    st.seats[0].discard = []
    hand(st, 1, "anathema", "flood")
    if players > 2:
        hand(st, 2, "hurricane")
    bidding(st, initiative=0)
    st.apply("play Prayer")
    return st


def test_TM_R8_the_player_of_a_cancelled_card_may_answer_the_response():
    st = _prayer_window(2)
    st.apply("respond Anathema")  # seat 1 answers Prayer
    # the Anathema is an effect of an opponent: seat 0 is asked and answers it
    assert st.phase == "respond" and st.current_player == 0 and pending_card(st) == card("anathema")
    assert "respond Anathema" in names(st)
    st.apply("respond Anathema")
    # both Anathemas are on the table now, so everyone sees that nobody can answer again; last
    # played first: seat 0's Anathema cancels seat 1's, so Prayer resolves (2 cards drawn)
    assert st.phase == "bid" and st.current_player == 0
    assert sorted(st.seats[0].hand) == sorted([card("gale"), card("storm")])
    assert card("prayer") in st.seats[0].discard and card("anathema", 1) in st.seats[0].discard
    assert card("anathema") in st.seats[1].discard and chain_cards(st) == []


def test_TM_R8_an_unanswered_response_still_cancels():
    st = _prayer_window(3)
    st.apply("respond Anathema")
    assert to_act(st)[:2] == [2, 0]  # seat 1's Anathema may be answered by seats 2 and 0
    st.apply("pass")
    st.apply("pass")
    assert st.phase == "bid" and st.seats[0].hand == [card("anathema", 1)]
    assert card("prayer") in st.seats[0].discard


def test_TM_R8_after_a_cancelled_response_the_first_window_goes_on():
    """Plague of seat 0; seat 1 answers with Shield of Faith, seat 0 answers that with Anathema:
    the Shield is cancelled, and Plague's own window resumes with seat 2, which holds the second
    Shield of Faith."""
    st = started(3)
    for s in st.seats:
        s.stake = [1, 1, 4]
        s.hand = []
    layout(st, *BATTLE_LAYOUT)
    hand(st, 0, "plague", "anathema", "quicksand")
    hand(st, 1, "shield-of-faith", "flood")
    st.seats[2].hand = [card("shield-of-faith", 1), card("hurricane")]
    battle(st, 0)
    st.apply("play Plague on seat 1")
    assert to_act(st)[:2] == [1, 2]
    st.apply("respond Shield of Faith")   # seat 1
    assert to_act(st)[:2] == [2, 0] and pending_card(st) == card("shield-of-faith")
    st.apply("pass")                      # seat 2 does not answer the Shield
    st.apply("respond Anathema")          # seat 0 does
    assert to_act(st)[:2] == [1, 2] and pending_card(st) == card("anathema")
    st.apply("pass")
    st.apply("pass")
    # the Anathema cancelled the Shield; Plague waits again, and seat 2 was not asked about it yet
    assert st.phase == "respond" and pending_card(st) == card("plague") and st.current_player == 2
    assert "respond Shield of Faith" in names(st)
    st.apply("respond Shield of Faith")
    st.apply("pass")                      # seat 0 (Anathema copy 1 may be anywhere) ...
    st.apply("pass")                      # ... and seat 1 do not answer
    assert st.phase == "battle" and st.seats[1].stake == [1, 1, 4]  # Plague was cancelled
    assert card("plague") in st.seats[0].discard and chain_cards(st) == []


def test_TM_R8_an_anathema_answers_a_shield_of_faith():
    st = example_position()
    st.seats[1].hand.append(card("shield-of-faith"))
    st.seats[0].hand.append(card("anathema"))
    st.apply("play Plague on seat 1")
    st.apply("respond Shield of Faith")
    assert st.current_player == 0 and "respond Anathema" in names(st)
    st.apply("respond Anathema")
    st.apply("pass")  # seat 1 could hold the other Anathema: it is asked, and passes
    assert st.seats[1].stake == [1, 1, 0] and st.phase == "battle"  # Plague resolved after all


def test_TM_R8_a_seat_that_cannot_hold_a_response_is_not_asked():
    st = started(3)
    layout(st, *ORDER_LAYOUT)
    for s in st.seats:
        s.hand = []
    hand(st, 0, "prayer")
    hand(st, 1, "gale")
    hand(st, 2, "flood")
    st.seats[0].deck = [card("storm"), card("hurricane")]
    st.boxed.append(card("anathema"))      # one copy left the game,
    st.track[0] = card("anathema", 1)      # the other lies face up on the track
    bidding(st, initiative=0)
    st.apply("play Prayer")
    assert st.phase == "bid" and len(st.seats[0].hand) == 2  # no window: everyone sees it
    st.track[0] = card("gale", 1)          # now one copy could be in any hand: everyone is asked
    hand(st, 0, "prayer")
    st.seats[0].deck = [card("storm"), card("hurricane")]
    st.apply("play Prayer")
    assert st.phase == "respond" and to_act(st)[:2] == [1, 2]


# ---- TM-R6: the battle follows as soon as every element is face up ---------------------------

def test_TM_R6_the_battle_comes_once_every_element_is_face_up():
    st = started(2)
    layout(st, *ALL_UP)
    bidding(st, initiative=0)
    st.apply("wait")
    st.apply("wait")
    assert st.phase == "battle" and st.bid_round == 1


def test_TM_R6_TM_13_4_no_peace_on_earth_in_a_phase_with_every_element_face_up():
    st = started(2)
    layout(st, "el-earth-order-2", "el-fire-chaos-1", "el-air-order-1", "el-water-chaos-1", "el-fire-order-2")
    for s in st.seats:
        s.hand = []
    hand(st, 0, "peace-on-earth")
    bidding(st, initiative=0)
    assert "play Peace on Earth" not in names(st)


# ---- TM-R3: the victim's tokens from the bank go first -------------------------------------

def test_TM_R3_an_attack_removes_the_victims_desperation_tokens_first():
    st = started(2)
    layout(st, "el-fire-order-3", "el-earth-order-3", "el-air-chaos-3", "el-water-chaos-3")
    for s in st.seats:
        s.hand = []
        s.stake = [0, 2, 1]
    st.seats[0].desp = [0, 1, 0]
    hand(st, 1, "whirlpool")
    battle(st, 1)
    play(st, "play Whirlpool on seat 0")
    assert st.seats[0].stake == [0, 1, 1] and st.seats[0].desp == [0, 0, 0]


def test_TM_R3_persuasion_gets_nothing_from_a_desperation_token():
    st = started(2)
    layout(st, "el-fire-order-3", "el-earth-order-3", "el-air-chaos-3", "el-water-chaos-3")
    for s in st.seats:
        s.hand = []
    st.seats[1].stake = [0, 0, 2]
    st.seats[1].desp = [0, 0, 1]
    hand(st, 0, "persuasion")
    bidding(st, 0)
    before = list(st.seats[0].community)
    play(st, "play Persuasion on seat 1")
    assert st.seats[1].stake == [0, 0, 1] and st.seats[1].desp == [0, 0, 0]
    assert st.seats[0].community == before  # the bank's faithful went back to the bank


# ---- TM-14: the rulebook has no safety limits ---------------------------------------------

def test_TM_14_a_game_goes_on_after_fifty_deals():
    st = started(3)
    st.deal = 50
    next_deal(st)
    assert not st.is_terminal() and st.deal == 51


def test_TM_14_draw_effects_may_be_played_again_and_again_and_the_heuristic_stops():
    st = started(2)
    layout(st, "el-fire-order-3", "el-water-order-2", "el-air-order-1")
    hand(st, 0, "prayer", "mind-reading")
    hand(st, 1)
    st.seats[0].deck = []
    st.seats[0].discard = []
    bidding(st, 0)
    for _ in range(30):  # more than the old limit of 20 deed cards per deal
        play(st, next(a for a in st.legal_actions() if a.text.startswith("play")).text)
    assert st.current_player == 0 and any(a.text.startswith("play") for a in st.legal_actions())
    rng = Rng(1)
    for _ in range(40):
        action = heuristic_policy(st, rng)
        if not action.text.startswith("play") and not action.text.startswith("lay"):
            break
        play(st, action.text)
    else:
        raise AssertionError("the heuristic kept playing draw effects")
