"""TU-13 (miracles), TU-14 (deities), TU-15 (monsters), TU-16 (callings), TU-12 (capital events):
every Clarification of the rulebook."""

from theogony.games.theurgy import cards
from theogony.games.theurgy.board import CORNERS, NEIGHBOURS
from theogony.games.theurgy.effects import resolve_capital_event as capital_event
from theogony.games.theurgy.rules.intervention import draw_miracles
from theogony.games.theurgy.rules.winning import calling_met
from theogony.games.theurgy.state import GREY

from .helpers import (acolytes, begin, blank, faith_on, give, in_di, monster, perform, put, q, texts)

A, B, C = 0, 1, 2


def test_TU_13_1_each_player_effects_run_in_turn_order_from_the_performers_left():
    s = blank(4)
    acolytes(s, 2, "Capital")
    for seat in (0, 1, 3):
        put(s, "Capital", seat, 3)
    perform(s, 2, "death")
    order = []
    while s.decision.kind == "cull":
        order.append(s.current_player)
        s.apply(texts(s)[0])
    assert order == [3, 3, 0, 0, 1, 1]


def test_TU_13_death_shall_come_the_victim_chooses_which_followers():
    s = blank(2)
    acolytes(s, A, "Capital")
    put(s, "Capital", B, 1)
    put(s, "Forest-1", B, 3)
    perform(s, A, "death")
    assert s.current_player == B and texts(s) == ["remove own follower in Capital", "remove own follower in Forest-1"]
    s.apply("remove own follower in Forest-1")
    s.apply("remove own follower in Forest-1")
    assert s.mortals[0][B] == 1 and s.mortals[q(s, "Forest-1")][B] == 1


def test_TU_13_2_place_is_not_replace():
    s = blank(2)
    acolytes(s, A, "Forest-3")
    for v in CORNERS[q(s, "Forest-3")]:
        s.faith[v] = B
    perform(s, A, "tongues")
    assert s.faith.count(A) == 0, "Speak In Every Tongue only places on vacant vertices"


def test_TU_13_bend_this_creature_takes_the_card_into_your_horde():
    s = blank(2)
    acolytes(s, A, "Forest-2")
    monster(s, "dryad", B, "Forest-2")
    perform(s, A, "bend")
    s.apply("take Dryad")
    assert s.seats[A].horde == ["dryad"] and s.seats[B].horde == [] and s.mon_owner["dryad"] == A


def test_TU_13_break_their_brittle_bones_wounds():
    s = blank(2)
    acolytes(s, A, "Forest-2")
    acolytes(s, B, "Forest-2")
    perform(s, A, "bones")
    s.apply("wound Kelerix acolyte 1 in Forest-2")
    s.apply("wound Kelerix acolyte 2 in Forest-2")
    assert s.seats[B].wounded == [True, True]


def test_TU_13_bring_blight_moves_every_mortal_as_you_choose():
    s = blank(2)
    acolytes(s, A, "Market-2")
    put(s, "Market-2", B, 2)
    put(s, "Market-2", GREY, 1)
    perform(s, A, "blight")
    assert "stop" not in texts(s)
    s.apply("send Kelerix Market-2 -> Forest-1")
    s.apply("send Kelerix Market-2 -> Market-3")
    s.apply("send non-believer Market-2 -> Market-3")
    assert sum(s.mortals[q(s, "Market-2")]) == 0 and s.current_player == A
    assert s.mortals[q(s, "Market-3")][B] == 1 and s.mortals[q(s, "Market-3")][GREY] == 1


def test_TU_13_cast_out_the_doubts_clears_here_and_the_neighbours():
    s = blank(2)
    acolytes(s, A, "Farmland-1")
    for r in range(19):
        s.sceptics[r] = 2
    perform(s, A, "doubts")
    f = q(s, "Farmland-1")
    assert s.sceptics[f] == 0 and all(s.sceptics[r] == 0 for r in NEIGHBOURS[f])
    assert s.sceptics[q(s, "Forest-3")] == 2


def test_TU_13_cast_the_runes_forces_the_named_action_even_on_the_same_space():
    s = blank(3)
    s.seats[B].pawn = "pilgrimage"
    perform(s, A, "runes")
    s.apply("everyone else must pilgrimage")
    s.apply("done")
    assert s.current_player == B and texts(s) == ["pilgrimage"]
    s.apply("pilgrimage")
    s.apply("done")
    assert texts(s) == ["pilgrimage"]                  # seat C too
    s.apply("pilgrimage")
    s.apply("done")
    assert "pilgrimage" in texts(s) and len(texts(s)) > 1, "the performer is not forced"


def test_TU_13_make_them_choose_a_different_path_names_one_action_per_player():
    s = blank(3)
    perform(s, A, "path")
    s.apply("Kelerix may not test the faith")
    s.apply("Kirjani may not spread the word")
    s.apply("done")
    assert "test the faith" not in texts(s)
    s.apply("pilgrimage")
    s.apply("done")
    assert "spread the word" not in texts(s) and "test the faith" in texts(s)


def test_TU_13_lay_these_healing_hands_heals_an_acolyte_anywhere():
    s = blank(2)
    acolytes(s, A, "Capital", "Forest-3")
    s.seats[A].wounded = [False, True]
    perform(s, A, "heal")
    s.apply("heal acolyte 2 in Forest-3")
    assert s.seats[A].wounded == [False, False] and s.mortals[q(s, "Forest-3")][A] == 1


def test_TU_13_let_us_return_to_ages_past_keeps_the_pile_order_and_tops_the_performed_card():
    s = blank(2)
    acolytes(s, A, "Capital")
    s.miracle_discard = ["sow", "mirror", "doubts", "tongues"]
    perform(s, A, "ages")
    assert s.miracle_discard == ["sow", "mirror", "doubts", "tongues", "ages"]
    assert "recall Let Us Return To Ages Past" not in texts(s)
    s.apply("recall Pull Them From The Mirror")
    assert s.miracle_discard == ["sow", "doubts", "tongues", "ages", "mirror"]
    assert s.mortals[0][A] == 4


def test_TU_13_let_your_whispers_counts_every_acolyte_here():
    s = blank(3)
    acolytes(s, A, "Capital", "Forest-3")
    acolytes(s, B, "Capital")
    perform(s, A, "whispers")
    assert s.decision.kind == "faith" and s.stack[-1].count == 3


def test_TU_13_make_these_creatures_mine_summons_two_with_one_marker_each_after_both():
    s = blank(2)
    acolytes(s, A, "Capital")
    s.faceup = ["dryad", "troll", "imp"]
    s.markers = [0, 1, 0]
    perform(s, A, "command")
    s.apply("summon Dryad")
    s.apply("place Dryad in Forest-1")
    assert s.faceup == ["troll", "imp"] and s.markers == [1, 0], "no marker between the two summons"
    s.apply("summon Imp")
    s.apply("place Imp in Market-1")
    while s.decision.kind not in ("di",):
        s.apply(texts(s)[-1])
    assert s.seats[A].horde == ["dryad", "imp"]
    assert s.faceup[0] == "troll" and s.markers[0] == 2 and len(s.faceup) == 3


def test_TU_13_pull_them_from_the_mirror_adds_four():
    s = blank(2)
    acolytes(s, A, "Capital", "Capital")
    perform(s, A, "mirror")
    assert s.mortals[0][A] == 4
    s2 = blank(2)
    acolytes(s2, A, "Capital", "Forest-3")
    perform(s2, A, "mirror", acolyte=2)
    assert s2.mortals[0][A] == 2 and s2.mortals[q(s2, "Forest-3")][A] == 2


def test_TU_13_reveal_your_power_and_they_shall_know_me_may_use_either_acolyte():
    s = blank(2)
    acolytes(s, A, "Capital", "Forest-3")
    give(s, A, "reveal", "deeds")
    in_di(s, A)
    options = texts(s)
    for card in ("Reveal Your Power", "They Shall Know Me By My Deeds"):
        assert f"miracle {card} by acolyte 1 in Capital" in options
        assert f"miracle {card} by acolyte 2 in Forest-3" in options
    put(s, "Forest-3", A, 1)
    faith_on(s, "Forest-3", A, 1)
    s.apply("miracle Reveal Your Power by acolyte 2 in Forest-3")
    assert s.anomaly == q(s, "Forest-3") and s.temple[q(s, "Forest-3")] == A
    assert s.seats[A].pawn == "divine intervention", "TU-7.12 the pawn stays on Divine Intervention"


def test_TU_13_they_shall_know_me_converts_up_to_three_undefended():
    s = blank(2)
    acolytes(s, A, "Forest-3")
    put(s, "Forest-3", GREY, 2)
    put(s, "Forest-3", B, 2)
    perform(s, A, "deeds")
    s.apply("convert Kelerix in Forest-3")
    s.apply("convert non-believer in Forest-3")
    s.apply("convert non-believer in Forest-3")
    assert s.mortals[q(s, "Forest-3")][A] == 3 and s.decision.kind == "di"


def test_TU_13_seep_the_strength_shows_the_hand_only_to_the_performer():
    s = blank(3)
    s.seats[B].hand = ["sow", "mirror", "doubts"]
    perform(s, A, "seep")
    s.apply("look at Kelerix's hand")
    assert "hand" in s.view(A)["seats"][B] and "hand" not in s.view(C)["seats"][B]
    s.apply("Kelerix discards Pull Them From The Mirror")
    assert "mirror" not in s.seats[B].hand and len(s.seats[B].hand) == 3
    assert "hand" not in s.view(A)["seats"][B]


def test_TU_13_send_them_back_retriggers_a_legendary_when_summoned_ability():
    s = blank(2)
    acolytes(s, A, "Capital")
    monster(s, "kraken", A, "Harbour-1")
    acolytes(s, B, "Harbour-3")
    perform(s, A, "shadows")
    s.apply("send Kraken -> Harbour-3")
    s.apply("use Kraken's when-summoned ability")
    assert s.mon_pos["kraken"] == q(s, "Harbour-3") and s.seats[B].wounded == [True, True]


def test_TU_13_these_walls_must_restore_a_ruin_to_destroy_a_temple():
    s = blank(2)
    acolytes(s, A, "Capital")
    s.temple[0] = B
    perform(s, A, "walls")
    assert s.temple[0] == B, "no ruin: nothing is destroyed"
    s2 = blank(2)
    acolytes(s2, A, "Capital")
    s2.temple[0] = B
    s2.ruins[7] = [A]
    perform(s2, A, "walls")
    s2.apply("restore ruin in Market-2")
    assert s2.temple[7] == A and s2.temple[0] == -1 and s2.ruins[0] == [B]


def test_TU_13_walk_the_winds_moves_the_acolyte_and_removes_sceptics_here():
    s = blank(2)
    acolytes(s, A, "Forest-3")
    put(s, "Forest-3", A, 4)
    s.sceptics[q(s, "Forest-3")] = 2
    perform(s, A, "winds")
    assert s.sceptics[q(s, "Forest-3")] == 0
    s.apply("walk to Capital with 3 followers")
    assert s.seats[A].acolytes[0] == 0 and s.mortals[0][A] == 3


# ---------------------------------------------------------------- monsters (TU-15)

def test_TU_15_centaur_defends_followers_but_not_herself():
    s = blank(2)
    monster(s, "centaur", B, "Forest-3")
    put(s, "Forest-3", B, 2)
    acolytes(s, A, "Forest-3")
    begin(s, A, "pilgrimage")
    options = texts(s)
    assert not [t for t in options if "preaches to Kelerix" in t]
    assert "acolyte 1 fights Centaur in Forest-3" in options


def test_TU_15_demon_bans_faith_tokens_even_for_its_owner():
    s = blank(2)
    monster(s, "demon", A, "Market-2")
    put(s, "Market-2", A, 2)
    begin(s, A, "spread the word")
    vertices = {int(t.split()[2][1:]) for t in texts(s) if t.startswith("place")}
    assert not vertices & set(CORNERS[q(s, "Market-2")])


def test_TU_15_giant_spider_stops_leaving_by_pilgrimage_miracle_and_griffin_not_monsters():
    s = blank(2)
    monster(s, "spider", B, "Forest-3")
    acolytes(s, A, "Forest-3")
    put(s, "Forest-3", A, 2)
    begin(s, A, "pilgrimage")
    assert not [t for t in texts(s) if t.startswith("move")]
    s2 = blank(2)
    monster(s2, "spider", B, "Forest-3")
    acolytes(s2, A, "Forest-3")
    perform(s2, A, "winds")
    assert s2.decision.kind == "di", "Walk The Winds cannot leave the web"
    s3 = blank(2)
    monster(s3, "spider", B, "Mine-3")
    monster(s3, "griffin", A, "Mine-3")
    acolytes(s3, A, "Mine-3")
    in_di(s3, A)
    assert "move Griffin Mine-3 -> Mine-1" in texts(s3), "monsters leave the web"
    s3.apply("activate Griffin")
    assert s3.decision.kind == "di", "no acolyte can leave, so there is no flight"
    assert not [t for t in texts(s3) if t.startswith("fly")] and s3.mon_pos["griffin"] == q(s3, "Mine-3")


def test_TU_15_giant_bans_temples_even_for_its_owner():
    s = blank(2)
    monster(s, "giant", A, "Mine-2")
    put(s, "Mine-2", A, 3)
    faith_on(s, "Mine-2", A, 1)
    begin(s, A, "test the faith")
    s.apply("test the faith in Mine-2")
    assert s.temple[q(s, "Mine-2")] == -1


def test_TU_15_nymph_shields_its_settlement_from_opposing_miracles_not_its_owner():
    s2 = blank(2)
    monster(s2, "nymph", B, "Farmland-2")
    acolytes(s2, B, "Farmland-2")
    put(s2, "Farmland-2", GREY, 3)
    perform(s2, B, "deeds")
    assert s2.decision.kind == "convert"
    # a miracle that affects another settlement still works from the Nymph's settlement
    s3 = blank(2)
    monster(s3, "nymph", B, "Farmland-2")
    acolytes(s3, A, "Farmland-2", "Capital")
    s3.sceptics[q(s3, "Farmland-2")] = 2
    perform(s3, A, "mirror")
    assert s3.mortals[0][A] == 2 and s3.mortals[q(s3, "Farmland-2")][A] == 0
    assert s3.sceptics[q(s3, "Farmland-2")] == 0, "TU-7.4 the sceptics where it is performed go"


def test_TU_15_troll_bans_mortals_moving_in_even_its_owners():
    s = blank(2)
    monster(s, "troll", A, "Marsh-1")
    put(s, "Capital", A, 2)
    acolytes(s, A, "Capital")
    begin(s, A, "pilgrimage")
    options = texts(s)
    assert "move follower Capital -> Marsh-1" not in options
    assert "move acolyte 1 Capital -> Marsh-1" in options


def test_TU_15_griffin_moves_and_flies_carrying_acolytes():
    s = blank(2)
    monster(s, "griffin", A, "Mine-3")
    acolytes(s, A, "Mine-3", "Mine-3")
    in_di(s, A)
    s.apply("move Griffin Mine-3 -> Mine-1")
    s.apply("activate Griffin")
    assert not [t for t in texts(s) if "carrying" in t]
    s2 = blank(2)
    monster(s2, "griffin", A, "Mine-3")
    acolytes(s2, A, "Mine-3", "Mine-3")
    in_di(s2, A)
    s2.apply("activate Griffin")
    s2.apply("fly Griffin -> Capital carrying acolytes 1+2")
    s2.apply("move Griffin Capital -> Forest-1")
    assert s2.seats[A].acolytes == [0, 0] and s2.mon_pos["griffin"] == q(s2, "Forest-1")


def test_TU_8_7_clash_the_siren_cannot_pull_out_of_the_spiders_web():
    s = blank(2)
    monster(s, "siren", A, "Harbour-1")
    monster(s, "spider", B, "Mine-1")
    put(s, "Mine-1", B, 3)
    put(s, "Capital", GREY, 1)
    in_di(s, A)
    s.apply("activate Siren")
    options = texts(s)
    assert "bring non-believer Capital -> Harbour-1" in options
    assert not [t for t in options if "Mine-1" in t]


def test_TU_15_kraken_when_summoned_wounds_every_opposing_acolyte_nearby():
    s = blank(2)
    acolytes(s, B, "Harbour-1", "Marsh-3")
    s.faceup = ["kraken", "troll", "imp"]
    in_di(s, A)
    s.apply("summon Kraken")
    s.apply("place Kraken in Harbour-1")
    s.apply("use Kraken's when-summoned ability")
    assert s.seats[B].wounded == [True, True]


def test_TU_15_dragon_when_summoned_scatters_mortals():
    s = blank(2)
    put(s, "Mine-2", B, 2)
    s.faceup = ["dragon", "troll", "imp"]
    in_di(s, A)
    s.apply("summon Dragon")
    s.apply("place Dragon in Mine-2")
    s.apply("use Dragon's when-summoned ability")
    assert "stop" not in texts(s), "once started, every mortal is scattered"
    s.apply("send Kelerix Mine-2 -> Forest-2")
    s.apply("send Kelerix Mine-2 -> Harbour-2")
    assert sum(s.mortals[q(s, "Mine-2")]) == 0


def test_TU_15_unicorn_wards_acolytes_from_wounding():
    s = blank(2)
    monster(s, "unicorn", B, "Farmland-2")
    acolytes(s, B, "Farmland-2")
    acolytes(s, A, "Farmland-2")
    perform(s, A, "bones")
    assert s.seats[B].wounded == [False, False] and s.decision.kind == "di"


# ---------------------------------------------------------------- deities (TU-14)

def test_TU_14_4_aeoris_keeps_performed_miracles_in_a_supply_and_performs_them_later():
    s = blank(2, deities=("Aeoris", "Kelerix"))
    acolytes(s, A, "Capital")
    perform(s, A, "mirror")
    assert s.seats[A].supply == ["mirror"] and "mirror" not in s.miracle_discard
    s.apply("done")
    s.apply("pilgrimage")                 # Kelerix
    s.apply("done")
    s.seats[A].pawn = "pilgrimage"
    s.apply("divine intervention")
    s.apply("miracle Pull Them From The Mirror from supply by acolyte 1 in Capital")
    assert s.seats[A].supply == [] and s.miracle_discard[-1] == "mirror"


# ---------------------------------------------------------------- callings (TU-16)

def test_TU_16_build_an_outpost_counts_other_players_temples():
    s = blank(2)
    s.temple[7] = A
    assert calling_met(s, A, "outpost")
    s.temple[NEIGHBOURS[7][0]] = B
    assert not calling_met(s, A, "outpost")


def test_TU_16_extend_your_borders_needs_a_connected_network_of_own_temples():
    s = blank(4)                          # the card is dealt with four to six players
    for q in (0, 1, 7, 8, 18):            # the Capital, Forest-1 and three outer neighbours of it
        s.temple[q] = A
    assert calling_met(s, A, "borders")
    s.temple[15] = A                      # Harbour-3 is far away
    assert not calling_met(s, A, "borders")
    s.temple[15] = -1
    s.temple[1] = B                       # without Forest-1 the Capital is cut off from the rest
    assert not calling_met(s, A, "borders")


def test_TU_16_root_out_the_unfaithful_ignores_non_believers():
    s = blank(2)
    s.temple[7] = A
    s.mortals[7][GREY] = 4
    assert calling_met(s, A, "root_out")
    s.mortals[7][B] = 1
    assert not calling_met(s, A, "root_out")


def test_TU_16_every_calling_condition_is_checkable():
    s = blank(2)
    for c in cards.CALLINGS:
        assert calling_met(s, A, c.id) in (True, False)


# ---------------------------------------------------------------- capital events (TU-12)

def test_TU_12_capital_events_resolve_when_drawn_and_leave_the_game():
    s = blank(2)
    s.temple[0] = B
    s.mortals[0] = [3, 5, 0, 0, 0, 0, 4]
    s.seats[A].hand = ["sow", "sow"]
    s.miracle_deck = ["doubts", "ev_fire"]
    draw_miracles(s, A, [])             # the event drawn goes on top of the stack, then the drawing
    s.settle([])
    assert s.decision.kind == "turn"
    assert s.temple[0] == -1 and s.ruins[0] == [B]
    assert s.removed_events == ["ev_fire"] and s.seats[A].hand == ["sow", "sow", "doubts"]
    ev = []
    capital_event(s, "ev_riot", ev)
    assert s.mortals[0][:2] == [2, 3] and s.mortals[0][GREY] == 2
    capital_event(s, "ev_exodus", ev)
    assert s.mortals[0][:2] == [0, 0] and s.mortals[0][GREY] == 7
    capital_event(s, "ev_guild", ev)
    assert s.sceptics[0] == 3
    acolytes(s, A, "Capital")
    capital_event(s, "ev_inquisition", ev)
    assert s.seats[A].wounded == [True, True]
    faith_on(s, "Capital", B, 3)
    capital_event(s, "ev_purge", ev)
    assert all(s.faith[v] < 0 for v in CORNERS[0])


def test_TU_13_15_16_every_card_the_rulebook_names_exists_under_that_name():
    named_miracles = [
        "Bend This Creature To My Will", "Break Their Brittle Bones", "Bring Blight and Decay",
        "Cast Out The Doubts", "Cast The Runes", "Death Shall Come To Those Who Deny Me",
        "Make Them Choose A Different Path", "Lay These Healing Hands Upon Your Kin",
        "Let Us Return To Ages Past", "Let Your Whispers Dance on the Wind",
        "Make These Creatures Mine to Command", "Pull Them From The Mirror", "Reveal Your Power",
        "Seep The Strength From Their Bones", "Send Them Back To The Shadows",
        "These Walls Shall Stand Again", "They Shall Know Me By My Deeds", "Walk The Winds and Water"]
    named_monsters = ["Centaur", "Demon", "Giant Spider", "Giant", "Nymph", "Troll", "Griffin", "Werewolf",
                      "Siren", "Kraken", "Dragon"]
    named_callings = ["Build an Outpost", "Extend Your Borders", "Root Out the Unfaithful"]
    assert set(named_miracles) <= {m.name for m in cards.MIRACLES}
    assert set(named_monsters) <= {m.name for m in cards.MONSTERS}
    assert set(named_callings) <= {c.name for c in cards.CALLINGS}
    assert {m.name: m.legendary for m in cards.MONSTERS}["Kraken"] and \
        {m.name: m.legendary for m in cards.MONSTERS}["Dragon"]
    assert sum(m.count for m in cards.MIRACLES) == 51 and len(cards.MONSTERS) == 30
    assert len(cards.CALLINGS) == 27 and len(cards.EVENTS) == 6


def test_TU_15_sphinx_silences_opposing_preachers():
    s = blank(2)
    monster(s, "sphinx", B, "Market-2")
    acolytes(s, A, "Market-2")
    put(s, "Market-2", GREY, 3)
    begin(s, A, "pilgrimage")
    assert not [t for t in texts(s) if "preaches" in t]


def test_TU_15_sea_serpent_bars_opposing_acolytes_and_moves_to_any_harbour():
    s = blank(2)
    monster(s, "serpent", B, "Harbour-1")
    acolytes(s, A, "Capital")
    begin(s, A, "pilgrimage")
    assert "move acolyte 1 Capital -> Harbour-1" not in texts(s)
    s2 = blank(2)
    monster(s2, "serpent", A, "Harbour-1")
    in_di(s2, A)
    options = texts(s2)
    assert "move Sea Serpent Harbour-1 -> Harbour-2" in options and "move Sea Serpent Harbour-1 -> Capital" in options


def test_TU_15_stone_golem_keeps_sceptics_out():
    s = blank(2)
    monster(s, "golem", B, "Mine-1")
    acolytes(s, A, "Forest-1")
    perform(s, A, "sow")
    assert "add 2 sceptics to Mine-1" not in texts(s)
    assert "add 2 sceptics to Capital" in texts(s)


def test_TU_15_imp_removes_and_treant_protects_faith_tokens():
    s = blank(2)
    monster(s, "imp", A, "Market-2")
    faith_on(s, "Market-2", B, 2)
    in_di(s, A)
    s.apply("activate Imp")
    s.apply(texts(s)[0])
    assert s.faith.count(B) == 1
    s2 = blank(2)
    monster(s2, "imp", A, "Market-2")
    monster(s2, "treant", B, "Forest-1")            # Forest-1 neighbours Market-2: shared vertices
    shared = [v for v in CORNERS[q(s2, "Market-2")] if v in CORNERS[q(s2, "Forest-1")]]
    for v in shared:
        s2.faith[v] = B
    in_di(s2, A)
    s2.apply("activate Imp")
    assert s2.faith.count(B) == len(shared)


def test_TU_15_kobold_converts_only_non_believers_and_djinn_spawns_next_door():
    s = blank(2)
    monster(s, "kobold", A, "Mine-2")
    monster(s, "djinn", A, "Market-2")
    put(s, "Mine-2", GREY, 1)
    put(s, "Mine-2", B, 2)
    in_di(s, A)
    s.apply("activate Kobold")
    assert texts(s) == ["convert non-believer in Mine-2", "stop"]
    s.apply("convert non-believer in Mine-2")
    s.apply("activate Djinn")
    s.apply("add follower in Forest-1")
    assert s.mortals[q(s, "Forest-1")][A] == 1 and s.mortals[q(s, "Mine-2")][A] == 1


def test_TU_15_harbour_ghost_replaces_ignoring_majorities_but_not_kirjani():
    s = blank(2, deities=("Lutraz", "Kirjani"))
    monster(s, "ghost", A, "Harbour-3")
    v = faith_on(s, "Harbour-3", B, 1)[0]
    in_di(s, A)
    s.apply("activate Harbour Ghost")
    s.apply(texts(s)[0])
    assert s.faith[v] == A
    s2 = blank(2, deities=("Lutraz", "Kirjani"))
    monster(s2, "ghost", A, "Harbour-3")
    faith_on(s2, "Harbour-3", B, 1)
    acolytes(s2, B, "Harbour-3")
    in_di(s2, A)
    s2.apply("activate Harbour Ghost")
    assert s2.decision.kind == "di"
