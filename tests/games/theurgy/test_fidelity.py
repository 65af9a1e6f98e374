"""Rules fidelity, second pass (issue 16): the Griffin (TU-8.4, TU-15), Lutraz's single fight
(TU-14.1), the Nymph and miracles confined to its settlement (R-14), Kelerix choosing which follower
moves (R-6), and the re-decided rulings R-19 to R-23 (docs/rules/theurgy.md)."""

import pytest

from theogony.games.theurgy import cards
from theogony.games.theurgy.state import GREY

from .helpers import GAME, acolytes, begin, blank, give, in_di, monster, perform, put, q, texts

A, B = 0, 1


# ---------------------------------------------------------------- the Griffin (TU-8.4, TU-15)

def test_TU_8_4_a_griffin_does_not_fly_in_the_intervention_that_summoned_it():
    s = GAME.new_state(2, 9)
    for _ in range(8):                                   # setup: the first legal action each time
        s.apply(s.legal_actions()[0])
    s.apply("divine intervention")
    s.apply("summon Griffin")
    s.apply("place Griffin in Mine-1")
    options = texts(s)
    assert s.decision.kind == "di"
    assert not [t for t in options if t.startswith("fly") or "Griffin" in t], options


def test_TU_15_a_griffin_flight_carries_one_or_two_acolytes():
    s = blank(2)
    monster(s, "griffin", A, "Mine-3")
    acolytes(s, A, "Capital", "Capital")
    in_di(s, A)
    s.apply("activate Griffin")
    assert s.decision.kind == "di", "no acolyte aboard: no flight"
    assert s.mon_pos["griffin"] == q(s, "Mine-3")
    s2 = blank(2)
    monster(s2, "griffin", A, "Mine-3")
    acolytes(s2, A, "Mine-3", "Capital")
    in_di(s2, A)
    s2.apply("activate Griffin")
    flights = [t for t in texts(s2) if t.startswith("fly")]
    assert flights and all(t.endswith(" carrying acolyte 1") for t in flights)
    s2.apply("fly Griffin -> Market-2 carrying acolyte 1")
    assert s2.mon_pos["griffin"] == q(s2, "Market-2") and s2.seats[A].acolytes[0] == q(s2, "Market-2")


# ---------------------------------------------------------------- Lutraz (TU-14.1)

def test_TU_14_1_a_lutraz_acolyte_fights_at_most_once():
    s = blank(2)
    acolytes(s, A, "Forest-3", "Capital")
    monster(s, "werewolf", B, "Forest-3")
    monster(s, "boar", B, "Mine-1")
    put(s, "Mine-1", GREY, 2)
    begin(s, A, "pilgrimage")
    s.apply("acolyte 1 fights Werewolf in Forest-3")
    s.apply("move acolyte 1 Forest-3 -> Mine-1")
    options = texts(s)
    assert "acolyte 1 fights Wild Boar in Mine-1" not in options, "the second act is a preach"
    assert "acolyte 1 preaches to non-believer in Mine-1" in options


def test_TU_14_1_lutraz_may_preach_then_fight_after_moving():
    s = blank(2)
    acolytes(s, A, "Forest-3", "Capital")
    put(s, "Forest-3", GREY, 1)
    monster(s, "boar", B, "Mine-1")
    begin(s, A, "pilgrimage")
    s.apply("acolyte 1 preaches to non-believer in Forest-3")
    s.apply("move acolyte 1 Forest-3 -> Mine-1")
    s.apply("acolyte 1 fights Wild Boar in Mine-1")
    assert "boar" not in s.mon_pos


# ---------------------------------------------------------------- the Nymph

def test_R_14_a_miracle_only_on_an_opposing_nymphs_settlement_is_not_legal_there():
    s = blank(2)
    monster(s, "nymph", B, "Farmland-2")
    acolytes(s, A, "Farmland-2", "Farmland-2")
    put(s, "Farmland-2", GREY, 3)
    s.sceptics[q(s, "Farmland-2")] = 2
    give(s, A, "deeds", "mirror", "doubts")
    in_di(s, A)
    options = texts(s)
    assert "miracle They Shall Know Me By My Deeds by acolyte 1 in Farmland-2" not in options
    assert "miracle Pull Them From The Mirror by acolyte 1 in Farmland-2" not in options, "both acolytes here"
    assert "miracle Cast Out The Doubts by acolyte 1 in Farmland-2" in options, "it reaches the neighbours"
    assert s.sceptics[q(s, "Farmland-2")] == 2


def test_R_14_a_miracle_that_also_reaches_elsewhere_stays_legal_in_the_nymphs_settlement():
    s = blank(2)
    monster(s, "nymph", B, "Farmland-2")
    acolytes(s, A, "Farmland-2", "Capital")
    give(s, A, "mirror")
    in_di(s, A)
    assert "miracle Pull Them From The Mirror by acolyte 1 in Farmland-2" in texts(s)
    s.seats[A].wounded[1] = True                          # the wounded acolyte is as though absent
    assert "miracle Pull Them From The Mirror by acolyte 1 in Farmland-2" not in texts(s)


@pytest.mark.parametrize("nymph_owner,followers", [(B, 0), (A, 1)])
def test_R_23_lay_these_healing_hands_heals_in_a_nymph_settlement_but_a_rivals_keeps_followers_out(
        nymph_owner, followers):
    s = blank(2)
    monster(s, "nymph", nymph_owner, "Farmland-2")
    acolytes(s, A, "Capital", "Farmland-2")
    s.seats[A].wounded = [False, True]
    perform(s, A, "heal")
    s.apply("heal acolyte 2 in Farmland-2")
    assert s.seats[A].wounded == [False, False]
    assert s.mortals[q(s, "Farmland-2")][A] == followers


def test_R_14_let_us_return_recalls_only_what_may_be_performed_in_the_nymphs_settlement():
    s = blank(2)
    monster(s, "nymph", B, "Farmland-2")
    acolytes(s, A, "Farmland-2", "Farmland-2")
    give(s, A, "ages")
    s.miracle_discard = ["deeds"]
    in_di(s, A)
    assert not [t for t in texts(s) if t.startswith("miracle Let Us Return")]
    s.miracle_discard = ["deeds", "doubts"]
    s.apply("miracle Let Us Return To Ages Past by acolyte 1 in Farmland-2")
    assert texts(s) == ["recall Cast Out The Doubts"]


def test_R_14_the_nymphs_owner_may_still_perform_there():
    s = blank(2)
    monster(s, "nymph", B, "Farmland-2")
    acolytes(s, B, "Farmland-2", "Farmland-2")
    give(s, B, "deeds")
    in_di(s, B)
    assert "miracle They Shall Know Me By My Deeds by acolyte 1 in Farmland-2" in texts(s)


# ---------------------------------------------------------------- Kelerix

def test_R_6_kelerix_chooses_which_follower_makes_each_move():
    s = blank(2)
    put(s, "Capital", B, 1)
    put(s, "Forest-1", B, 1)
    begin(s, B, "pilgrimage")
    s.apply("move follower Capital -> Forest-1")
    options = texts(s)
    assert "move follower Forest-1 -> Market-1" in options           # the newcomer goes on
    s.apply("move unmoved follower Forest-1 -> Market-1")            # the one already there goes instead
    options = texts(s)
    assert "move follower Market-1 -> Marsh-2" in options, "it may walk a second step"
    assert "move follower Forest-1 -> Market-2" in options, "the newcomer has its second move left"
    assert not [t for t in options if t.startswith("move unmoved")]
    s.apply("move follower Market-1 -> Marsh-2")
    s.apply("move follower Forest-1 -> Market-2")
    assert not [t for t in texts(s) if t.startswith("move follower") or t.startswith("move unmoved")]
    assert s.mortals[q(s, "Marsh-2")][B] == 1 and s.mortals[q(s, "Market-2")][B] == 1


def test_R_6_the_choice_is_only_offered_when_it_exists():
    s = blank(2)
    put(s, "Forest-1", B, 2)
    begin(s, B, "pilgrimage")
    assert not [t for t in texts(s) if t.startswith("move unmoved")]
    s.apply("move follower Forest-1 -> Market-1")
    assert not [t for t in texts(s) if t.startswith("move unmoved")], "Market-1 holds one follower"
    s2 = blank(2)                                         # Lutraz's followers move once: no choice
    put(s2, "Capital", A, 1)
    put(s2, "Forest-1", A, 1)
    begin(s2, A, "pilgrimage")
    s2.apply("move follower Capital -> Forest-1")
    assert not [t for t in texts(s2) if t.startswith("move unmoved")]


# ---------------------------------------------------------------- re-decided rulings

def test_R_20_the_krakens_when_summoned_wounding_may_be_declined():
    s = blank(2)
    acolytes(s, B, "Harbour-1", "Marsh-3")
    s.faceup = ["kraken", "troll", "imp"]
    in_di(s, A)
    s.apply("summon Kraken")
    s.apply("place Kraken in Harbour-1")
    assert texts(s) == ["use Kraken's when-summoned ability", "stop"]
    s.apply("stop")
    assert s.seats[B].wounded == [False, False] and s.decision.kind == "di"
    assert "activate Kraken" not in texts(s), "R-11 the summoning was its activation"


def test_R_20_the_dragons_scatter_may_be_declined_and_is_not_asked_when_empty():
    s = blank(2)
    put(s, "Mine-2", A, 2)
    s.faceup = ["dragon", "troll", "imp"]
    in_di(s, A)
    s.apply("summon Dragon")
    s.apply("place Dragon in Mine-2")
    s.apply("stop")
    assert s.mortals[q(s, "Mine-2")][A] == 2 and s.decision.kind == "di"
    s2 = blank(2)
    s2.faceup = ["dragon", "troll", "imp"]
    in_di(s2, A)
    s2.apply("summon Dragon")
    s2.apply("place Dragon in Mine-2")
    assert s2.decision.kind == "di", "nothing to scatter: nothing to ask"


def test_R_19_a_divine_intervention_owes_a_miracle_or_a_summon():
    s = blank(2)
    monster(s, "boar", A, "Farmland-2")
    give(s, A, "doubts")
    in_di(s, A)
    assert "done" not in texts(s)
    s.apply("activate Wild Boar")
    assert "done" not in texts(s)
    s.apply("miracle Cast Out The Doubts by acolyte 1 in Market-3")
    assert "done" in texts(s)


def test_R_19_done_when_neither_a_miracle_nor_a_summon_is_possible():
    s = blank(2)
    s.seats[A].wounded = [True, True]
    s.faceup, s.markers, s.monster_deck, s.monster_discard = [], [], [], []
    in_di(s, A)
    assert texts(s) == ["done"]


def test_R_21_these_walls_do_not_restore_a_ruin_under_a_rivals_temple():
    s = blank(2)
    acolytes(s, A, "Capital")
    s.temple[0] = B
    s.ruins[0] = [A]
    perform(s, A, "walls")
    assert s.temple[0] == B and s.ruins[0] == [A] and s.decision.kind == "di"


def test_R_21_these_walls_do_not_restore_a_ruin_an_opposing_nymph_shields():
    s = blank(2)
    acolytes(s, A, "Capital")
    s.temple[0] = B
    s.ruins[q(s, "Farmland-2")] = [A]
    monster(s, "nymph", B, "Farmland-2")
    perform(s, A, "walls")
    assert s.decision.kind == "di", "no ruin may be restored, so no temple is destroyed"
    assert s.temple[0] == B and s.temple[q(s, "Farmland-2")] == -1


def test_R_22_pull_them_from_the_mirror_skips_a_wounded_acolyte():
    s = blank(2)
    acolytes(s, A, "Capital", "Forest-3")
    s.seats[A].wounded[1] = True
    perform(s, A, "mirror")
    assert s.mortals[0][A] == 2 and s.mortals[q(s, "Forest-3")][A] == 0
