"""Battles (KM-3.5) and the night phase (KM-3.6)."""

from theogony.games.kemet.content import BASE_BATTLE

from .helpers import Z, bc, blank, city_q, council, di, play, put, texts
from theogony.games.kemet.rules import night
from .helpers import step_of


def attack(s, frm, to, n=None):
    play(s, "place token on Movement I", f"move troop from {frm}")
    if step_of(s) == "move_take":
        k = n or s.count[Z(frm)]
        play(s, f"take {k} warrior{'s' if k > 1 else ''}")
    play(s, f"go to {to}")
    assert step_of(s) == "battle"


def test_KM_3_5_4_impenetrable_then_unblockable_then_damage_minus_shield():
    s = blank(2)
    put(s, "nile-w", 0, 5)
    put(s, "temple-ws", 1, 3)
    s.ps[0].di = [di("piercing-spear")]
    attack(s, "nile-w", "temple-ws")
    council(s, "Frenzy", "Ambush", ("Piercing Spear",))      # 2 unblockable, 1 damage
    council(s, "Charge", "Hold the Line")                   # 1 impenetrable, 2 shield
    # 3 defenders, 1 protected: the 2 unblockable remove 2; 1 damage - 2 shield removes none
    assert s.bt.losses == (0, 2)
    assert s.count[Z("temple-ws")] == 1
    assert s.bt.strengths == (6, 4)


def test_KM_3_5_4_self_damage_and_a_winner_without_troop():
    s = blank(2)
    put(s, "nile-w", 0, 1)
    put(s, "temple-ws", 1, 1)
    attack(s, "nile-w", "temple-ws")
    council(s, "Charge", "Frenzy")            # 6 strength, -1: one damage to itself
    council(s, "Charge", "Phalanx")
    assert s.bt.winner == 0 and s.bt.losses == (1, 0)
    # KM-3.5.5: no Battle Glory without a troop in the zone; a veteran instead
    assert s.ps[0].glory == 0 and s.ps[0].veterans == 1 and s.ps[1].veterans == 1
    # KM-3.5.6: the loser still retreats or recalls
    assert step_of(s) == "battle" and s.bt.stage == "loser" and s.cur == 1
    play(s, "recall")
    assert s.owner[Z("temple-ws")] == -1 and s.bt is None


def test_KM_3_5_3_defender_wins_ties_and_gets_two_veterans():
    s = blank(2)
    put(s, "nile-w", 0, 3)
    put(s, "temple-ws", 1, 3)
    attack(s, "nile-w", "temple-ws")
    council(s, "Charge", "Phalanx")
    council(s, "Charge", "Phalanx")
    assert s.bt.strengths == (5, 5) and s.bt.winner == 1
    assert s.ps[1].veterans == 2 and s.ps[0].veterans == 1


def test_KM_3_5_3_plus_one_strength_in_ones_own_city():
    s = blank(2)
    q = city_q(s, 0, 1)
    put(s, q, 1, 2)
    play(s, "place token on Recruitment I", "recruit in NW-1", "recruit in NW-1", "done recruiting")
    council(s, "Charge", "Phalanx")
    council(s, "Charge", "Phalanx")
    assert s.bt.strengths == (2 + 2 + 1, 2 + 2)


def test_KM_3_5_6_retreat_to_an_empty_adjacent_zone_chosen_by_the_winner():
    s = blank(2)
    put(s, "nile-w", 0, 5)
    put(s, "temple-ws", 1, 2)
    attack(s, "nile-w", "temple-ws")
    council(s, "Phalanx", "Charge")
    council(s, "Charge", "Phalanx")
    assert s.bt.loser == 1 and "retreat" in texts(s)
    # nile-w was left empty by the attacker, sw-desert is empty
    play(s, "retreat")
    assert s.cur == 0 and sorted(texts(s)) == ["retreat to nile-w", "retreat to sw-desert"]
    play(s, "retreat to sw-desert", "stay")
    assert s.owner[Z("sw-desert")] == 1 and s.owner[Z("temple-ws")] == 0


def test_KM_3_5_6_no_retreat_into_another_city_and_no_ports():
    s = blank(2)
    put(s, "ne-desert", 0, 2)
    put(s, "temple-en", 1, 1)
    put(s, "sanctuary", 1, 1)
    put(s, city_q(s, 1, 1), 1, 5)
    s.cur, s.pos = 1, 1
    play(s, "place token on Movement I", "move troop from NE-1", "take 5 warriors", "go to ne-desert")
    council(s, "Phalanx", "Charge")
    council(s, "Charge", "Phalanx")
    assert s.bt.loser == 0
    # the adjacent zones are seat 1's quarters and occupied zones: seat 0 must recall
    assert texts(s) == ["recall"]


def test_KM_3_5_8_battle_cards_come_back_when_all_are_used():
    s = blank(2)
    put(s, "nile-w", 0, 5)
    put(s, "temple-ws", 1, 1)
    s.ps[0].hand = [bc("charge"), bc("phalanx")]
    s.ps[0].down = [c for c in BASE_BATTLE if c not in (bc("charge"), bc("phalanx"))][:3]
    s.ps[0].up = [c for c in BASE_BATTLE if c not in (bc("charge"), bc("phalanx"))][3:]
    attack(s, "nile-w", "temple-ws")
    council(s, "Phalanx", "Charge")
    council(s, "Charge", "Phalanx")
    play(s, "recall", "stay")
    assert sorted(s.ps[0].hand) == sorted(BASE_BATTLE) and not s.ps[0].down and not s.ps[0].up
    assert len(s.ps[1].hand) == 6 and len(s.ps[1].down) == 1 and len(s.ps[1].up) == 1


def test_KM_3_5_1_council_choices_stay_hidden_until_revealed():
    s = blank(2)
    put(s, "nile-w", 0, 5)
    put(s, "temple-ws", 1, 1)
    s.ps[0].di = [di("distraction"), di("fury-of-war")]
    attack(s, "nile-w", "temple-ws")
    ev = council(s, "Phalanx", "Charge", ("Fury of War",))
    assert all(e.visible_to == (0,) for e in ev if e.kind == "council")
    v1 = s.view(1)["battle"]
    assert v1["attacker_card"] == "hidden" and v1["attacker_di"] == 1
    assert "attacker_di_cards" not in v1 and "attacker_discard" not in v1
    assert s.view(0)["battle"]["attacker_card"] == "Charge"


def test_KM_3_6_night_steps_in_order():
    s = blank(2)
    put(s, "sanctuary", 0, 3)
    put(s, "delta-temple", 0, 2)
    put(s, "temple-wn", 0, 1)
    put(s, "temple-en", 0, 1)
    put(s, city_q(s, 1, 1), 1, 2)
    s.ps[0].pp = 0
    s.ps[0].veterans = 3
    s.ps[1].pp = 4
    deck = len(s.di_deck)
    night.start_night(s, [])
    assert step_of(s) == "devotion" and s.cur == 0
    play(s, "sacrifice 2 warriors for 1 Glory")
    assert step_of(s) == "delta"
    play(s, "sacrifice 1 warrior for 5 PP")
    # steps 3-5: +1 Glory for 2+ temples, worship 1 + 1 PP, prayers 2 PP; then veterans
    assert step_of(s) == "prayers" and s.ps[0].pp == 9 and s.ps[0].glory == 2
    play(s, "convert 1 veterans to PP")
    assert s.ps[0].pp == 10 and s.ps[1].pp == 6
    assert step_of(s) == "di_buy"
    play(s, "buy 1 more DI cards")
    assert len(s.ps[0].di) == 3 and len(s.ps[1].di) == 2 and len(s.di_deck) == deck - 3
    # step 7: no veterans left; step 8: tokens back, veterans gone; step 9: least Glory first
    assert step_of(s) == "destiny" and s.cur == 1
    assert s.ps[0].veterans == 0 and s.ps[0].tokens == 5
    play(s, "take turn position 2")
    assert s.order == [0, 1] and step_of(s) == "turn" and s.round == 2
    assert s.count[Z("sanctuary")] == 1 and s.count[Z("delta-temple")] == 1


def test_KM_3_6_7_summoning_into_free_home_quarters():
    s = blank(2)
    put(s, city_q(s, 0, 1), 0, 4)
    put(s, city_q(s, 0, 2), 1, 1)
    s.ps[0].veterans = 2
    s.night_step = 6
    s.pos = 0
    night.night_player(s, 7, [])
    assert step_of(s) == "summon"
    assert sorted(texts(s)) == ["done summoning", "summon a warrior in NW-1", "summon a warrior in NW-3"]
    play(s, "summon a warrior in NW-1")
    assert "summon a warrior in NW-1" not in texts(s)  # troop limit
    play(s, "summon a warrior in NW-3")
    assert s.count[city_q(s, 0, 3)] == 1 and s.ps[0].veterans == 0


def test_KM_3_6_9_destiny_ties_go_to_the_earlier_seat():
    s = blank(3)
    s.order = [2, 0, 1]
    for pl in s.ps:
        pl.tokens = 0
    s.night_step = 8
    night.next_night(s, [])
    assert step_of(s) == "destiny" and s.destiny == [2, 0, 1]
    play(s, "take turn position 3", "take turn position 1")
    assert s.order == [0, 1, 2]


def test_KM_3_4_3_5_summoned_warriors_may_take_a_companion():
    from .helpers import comp, give
    s = blank(2)
    put(s, city_q(s, 0, 1), 0, 2)
    give(s, 0, "ancient-elephant")
    s.ps[0].veterans = 1
    s.pos = 0
    s.night_step = 7
    night.night_player(s, 7, [])
    assert "attach Ancient Elephant to NW-1" not in texts(s)
    play(s, "summon a warrior in NW-1")
    assert step_of(s) == "summon"
    play(s, "attach Ancient Elephant to NW-1")
    assert s.comp_loc[comp("ancient-elephant")] == city_q(s, 0, 1)
