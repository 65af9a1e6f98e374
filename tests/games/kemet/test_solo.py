"""Kemet solo mode against Amon (rule ids KM-S.x, docs/rules/kemet.md "Solo mode")."""

from __future__ import annotations

import pytest

from theogony.core import Event, IllegalAction, Rng, SetupError
from theogony.games.kemet.rules import solo as S
from theogony.games.kemet.content import COLOUR_INDEX, COMPANIONS, DI_INDEX, TILE_INDEX, TILES
from theogony.games.kemet.state import KemetState

from .helpers import GAME, Z, comp, play, texts
from theogony.games.kemet.rules import acquire, battle, board, day, night, table, view
from theogony.games.kemet.state import AmonActionStep, AmonEventStep
from .helpers import set_step, step_of

EV = {e.id: i for i, e in enumerate(S.EVENTS)}
ACT = {a.id: i for i, a in enumerate(S.ACTIONS)}
CARD = {c.id: i for i, c in enumerate(S.AMON_CARDS)}


def solo_state(objective: int = 1, seed: int = 0) -> KemetState:
    """A solo game after the player's setup (first legal choice each time), at the first token."""
    s = GAME.new_state(1, seed, {"mode": "solo", "objective": objective})
    while step_of(s) != "turn":
        s.apply(s.legal_actions()[0])
    return s


def clear(s: KemetState) -> None:
    """Empty the board of troops (pyramids stay); both sides' warriors back to supply."""
    for z in range(len(s.owner)):
        if s.owner[z] >= 0:
            s.ps[s.owner[z]].supply += s.count[z]
        s.owner[z] = -1
        s.count[z] = 0
    for k in range(len(s.comp_loc)):
        if s.comp_owner[k] == 0:
            s.comp_loc[k] = -1


def put(s: KemetState, zone: str, p: int, n: int) -> None:
    z = Z(zone)
    s.owner[z] = p
    s.count[z] = n
    s.ps[p].supply -= n


def amon(s: KemetState, a: tuple[str, int, str], b: tuple[str, int, str]) -> None:
    """Place Amon's troops A and B (zone, warriors, creature tile id)."""
    for k in s.solo.troop_comp:
        s.comp_owner[k] = -1
        s.comp_loc[k] = -3
    s.solo.troop_comp = []
    s.ps[1].tiles = []
    for zone, n, creature in (a, b):
        put(s, zone, 1, n)
        k = comp(creature)
        s.comp_owner[k] = 1
        s.comp_loc[k] = Z(zone)
        s.solo.troop_comp.append(k)
        s.ps[1].tiles.append(COMPANIONS[k])


def pyramids(s: KemetState, west: int, east: int) -> None:
    s.pyr_level[Z("SW-1")] = west
    s.pyr_level[Z("SW-3")] = east


def run_action(s: KemetState, card: str) -> list:
    """Put an Action card on top of Amon's deck and let the player draw it."""
    c = ACT[card]
    if c in s.solo.action_deck:
        s.solo.action_deck.remove(c)
    s.solo.action_deck.append(c)
    s.ps[0].tokens = 0
    s.solo.event_done = True
    s.solo.action_done = False
    set_step(s, AmonActionStep)
    return s.apply("draw an Amon Action card")


def force_card(monkeypatch, card: str) -> None:
    def draw(s):
        s.solo.amon_card = CARD[card]
    monkeypatch.setattr(S, "draw_card", draw)
    monkeypatch.setattr(table.SOLO_STEPS, "draw_card", draw)  # the classic battle draws through the hook


# ---------------------------------------------------------------------------- setup


def test_KM_S_1_one_player_is_solo_with_amon_as_second_seat():
    s = GAME.new_state(1, 3)
    assert s.solo is not None and s.num_seats == 2 and s.current_player == 0
    with pytest.raises(SetupError, match="solo"):
        GAME.new_state(3, 0, {"mode": "solo"})
    with pytest.raises(SetupError, match="objective"):
        GAME.new_state(2, 0, {"objective": 3})
    with pytest.raises(SetupError, match="variant 'objective'"):
        GAME.new_state(1, 0, {"objective": 6})


def test_KM_S_3_amon_setup():
    """Amon's City in the north with two level-4 pyramids of the game's colours, a troop of 5
    with a Creature in each; Event deck = 2 calamities + rounds - 2 events; 9 Action cards."""
    for number in range(1, 6):
        s = GAME.new_state(1, number, {"objective": number})
        solo = s.solo
        rounds = S.OBJECTIVES[solo.objective].rounds
        assert solo.marker == rounds
        assert len(solo.event_deck) == rounds
        assert sum(1 for c in solo.event_deck if S.EVENTS[c].kind == "calamity") == 2
        assert sorted(solo.action_deck) == list(range(9))
        assert len(solo.plunder_deck) + len(solo.plunder_discard) == 8
        for i, q in enumerate(S.AMON_PYRAMIDS):
            assert s.pyr_level[q] == 4 and s.pyr_colour[q] == s.colours[i]
            assert s.owner[q] == 1 and s.count[q] == 5
            k = solo.troop_comp[i]
            assert s.comp_loc[k] == q and TILES[COMPANIONS[k]].kind == "creature"
            assert s.market[COMPANIONS[k]] == 0
        assert s.ps[1].supply == 2 and s.ps[1].di == [] and step_of(s) == "troops"
        assert S.war_values(s) == [0, 0, 0, 0]


def test_KM_S_2_player_pyramids_in_the_shown_quarters_and_no_amon_tile():
    s = GAME.new_state(1, 0)
    s.apply("leave SW-2 empty")
    assert texts(s) == ["pyramids 2/0/1", "pyramids 1/0/2"]
    s.apply("pyramids 1/0/2")
    while step_of(s) == "pcolour":
        s.apply(s.legal_actions()[0])
    assert step_of(s) == "tile1" and s.cur == 0
    s.apply(s.legal_actions()[0])
    assert step_of(s) == "turn" and len(s.ps[1].tiles) == 2  # only his two creatures
    assert board.max_pyramids(s) == 2


def test_KM_S_2_tile_rows_are_laid_out_by_level():
    s = solo_state(seed=4)
    for pos, colour in enumerate(s.colours):
        for lv in range(1, 5):
            row = [t for t in s.solo.rows[pos * 16 + (lv - 1) * 4:pos * 16 + lv * 4] if t >= 0]
            assert row and all(TILES[t].level == lv and TILES[t].colour == _cname(colour) for t in row)


def _cname(c: int) -> str:
    return next(name for name, i in COLOUR_INDEX.items() if i == c)


# -------------------------------------------------------------------------- day sequence


def test_KM_S_4_event_after_the_third_token_action_card_after_the_fifth():
    s = solo_state()
    seen = []
    rng = Rng(3)
    while s.round == 1:
        if step_of(s) in ("amon_event", "amon_action"):
            seen.append((step_of(s), s.ps[0].tokens))
        s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal():
            break
    assert seen[:2] == [("amon_event", 2), ("amon_action", 0)]


def test_KM_S_7_red_text_lasts_until_covered_calamities_accumulate():
    s = solo_state()
    s.solo.event_deck = [EV["sandstorm"], EV["iron-discipline"], EV["blood-moon"],
                         EV["bloody-skirmish"]]
    for expected in ([1, 0, 1, 1], [2, 0, 1, 1], [2, 1, 0, 0], [2, 1, 0, 1]):
        set_step(s, AmonEventStep)
        s.solo.event_done = False
        s.apply("draw an Event card")
        assert S.war_values(s) == expected  # strength, shield, damage, moves
    assert [S.EVENTS[c].name for c in s.solo.calamities] == ["Blood Moon", "Sandstorm"]


def test_KM_S_7_calamity_player_modifier_is_permanent():
    s = solo_state()
    s.solo.event_deck = [EV["locusts"]]
    s.ps[0].di = []
    set_step(s, AmonEventStep)
    s.apply("draw an Event card")
    s.ps[0].pp = 0
    play(s, "place token on Prayer I")
    assert s.ps[0].pp == 1  # Prayer gives 2 - 1


def test_KM_S_7_thirst_for_revenge_discard_two_di_cards_once():
    s = solo_state()
    s.ps[0].di = [DI_INDEX["bronze-wall"], DI_INDEX["fury-of-war"], DI_INDEX["distraction"]]
    s.solo.event_deck = [EV["thirst-for-revenge"]]
    set_step(s, AmonEventStep)
    s.apply("draw an Event card")
    assert step_of(s) == "amon_discard"
    with pytest.raises(IllegalAction):
        s.apply("discard Offering")
    play(s, "discard Fury of War", "discard Distraction")
    assert s.ps[0].di == [DI_INDEX["bronze-wall"]] and step_of(s) == "turn"
    assert S.war_values(s)[:3] == [2, 0, 2]


def test_KM_S_5_war_table_limits():
    s = solo_state()
    s.solo.calamities = [EV["blood-moon"]]
    s.solo.active_event = EV["thirst-for-revenge"]
    assert S.war_values(s)[0] == 3
    s.solo.calamities = [EV["blood-moon"]] * 6
    assert S.war_values(s)[0] == 5  # the column stops at its top
    s.solo.calamities = []
    s.solo.active_event = EV["nile-flood"]
    assert S.war_values(s)[3] == -1


# ----------------------------------------------------------------------------- movement


def test_KM_S_6_assault_targets_in_priority_order():
    """Assault: highest Pyramid; if tied, the occupied Pyramid; if none, the westernmost."""
    s = solo_state()
    clear(s)
    amon(s, ("nw-desert", 5, "bastets-lion"), ("NW-3", 5, "giant-scorpion"))
    put(s, "temple-en", 0, 3)
    pyramids(s, 2, 3)
    assert S.target(s, Z("nw-desert"), S.ACTIONS[ACT["assault"]].steps[0]["targets"]) == Z("SW-3")
    pyramids(s, 3, 3)
    put(s, "SW-3", 0, 2)
    assert S.target(s, Z("nw-desert"), S.ACTIONS[ACT["assault"]].steps[0]["targets"]) == Z("SW-3")
    s.owner[Z("SW-3")] = -1
    assert S.target(s, Z("nw-desert"), S.ACTIONS[ACT["assault"]].steps[0]["targets"]) == Z("SW-1")
    assert S.target(s, Z("nw-desert"), ("easternmost_pyramid",)) == Z("SW-3")


def test_KM_S_6_shortest_path_and_moves_from_base_war_table_and_creature():
    """Troop A (Deep Desert Snake, +1 move) has 2 + 1 land moves; Amon ignores the walls of the
    player's City and ends in the empty target Quarter."""
    s = solo_state()
    clear(s)
    amon(s, ("nw-desert", 5, "deep-desert-snake"), ("NW-3", 5, "giant-scorpion"))
    put(s, "temple-en", 0, 3)
    pyramids(s, 2, 1)
    assert S.troop_moves(s, 0) == 3 and S.troop_moves(s, 1) == 2
    ev = run_action(s, "assault")
    assert s.owner[Z("SW-1")] == 1 and s.count[Z("SW-1")] == 5
    assert s.comp_loc[comp("deep-desert-snake")] == Z("SW-1")
    assert s.owner[Z("nw-desert")] == -1
    assert any("North-West Desert -> South-West City Quarter 1" in e.text for e in ev)
    assert board.quarter_controller(s, Z("SW-1")) == 1


def test_KM_S_6_moves_stop_short_of_a_far_target():
    s = solo_state()
    clear(s)
    amon(s, ("NW-1", 5, "giant-scorpion"), ("NW-3", 5, "sacred-crocodile"))
    put(s, "temple-en", 0, 3)
    pyramids(s, 2, 1)
    run_action(s, "assault")
    assert s.owner[Z("w-desert")] == 1 and s.count[Z("w-desert")] == 5  # NW-1 -> nw -> w


def test_KM_S_6_entering_a_player_troop_starts_a_battle_at_once():
    s = solo_state()
    clear(s)
    amon(s, ("w-desert", 5, "giant-scorpion"), ("NW-3", 5, "sacred-crocodile"))
    put(s, "sw-desert", 0, 2)
    put(s, "temple-en", 0, 3)
    pyramids(s, 2, 1)
    run_action(s, "assault")
    assert step_of(s) == "battle" and s.bt.zone == Z("sw-desert")
    assert s.bt.att == 1 and s.bt.dfn == 0 and s.bt.att_count == 5
    assert s.bt.stage == "d_disc" and s.cur == 0  # Amon holds no war council (KM-S.10.1)


def test_KM_S_6_passing_through_the_other_troop():
    """With moves to spare the troop passes through Amon's other troop; otherwise it stops in
    the last empty zone before it."""
    s = solo_state()
    clear(s)
    amon(s, ("NW-1", 5, "deep-desert-snake"), ("nw-desert", 5, "giant-scorpion"))
    put(s, "temple-en", 0, 3)
    pyramids(s, 2, 1)
    run_action(s, "assault")  # 3 moves: NW-1 -> (nw-desert) -> w-desert -> sw-desert
    assert s.owner[Z("sw-desert")] == 1 and s.comp_loc[comp("deep-desert-snake")] == Z("sw-desert")
    s2 = solo_state()
    clear(s2)
    amon(s2, ("NW-1", 5, "giant-scorpion"), ("w-desert", 5, "sacred-crocodile"))
    put(s2, "temple-en", 0, 3)
    pyramids(s2, 2, 1)
    run_action(s2, "assault")  # 2 moves: NW-1 -> nw-desert, then the own troop: stop
    assert s2.owner[Z("nw-desert")] == 1 and s2.count[Z("NW-1")] == 0


def test_KM_S_6_free_teleport_into_the_delta():
    """March on the Delta from a Pyramid Quarter: a free teleport to the Delta's obelisk, then
    a land move onto the Delta Temple."""
    s = solo_state()
    clear(s)
    amon(s, ("NW-1", 5, "giant-scorpion"), ("NW-3", 5, "sacred-crocodile"))
    put(s, "temple-en", 0, 3)
    pp = s.ps[1].pp
    ev = run_action(s, "march-on-the-delta")
    assert any("teleports to Delta Desert" in e.text for e in ev)
    assert s.owner[Z("delta-temple")] == 1 and s.ps[1].pp == pp


def test_KM_S_6_military_port_from_a_desert_into_the_delta():
    s = solo_state()
    clear(s)
    amon(s, ("sw-desert", 5, "giant-scorpion"), ("NW-3", 5, "sacred-crocodile"))
    put(s, "temple-en", 0, 3)
    assert S.DIST[Z("sw-desert")][Z("delta-desert")] == 1
    assert S.DIST[Z("delta-desert")][Z("sw-desert")] > 1  # entering a desert by port: no
    run_action(s, "march-on-the-delta")
    assert s.owner[Z("delta-temple")] == 1  # sw-desert -> delta-desert -> delta-temple


# -------------------------------------------------------------------------- recruitment


def test_KM_S_6_recruitment_fills_troops_up_to_six():
    s = solo_state()
    clear(s)
    amon(s, ("NW-1", 3, "giant-scorpion"), ("NW-3", 4, "sacred-crocodile"))
    S.recruit(s, [])
    assert (s.count[Z("NW-1")], s.count[Z("NW-3")], s.ps[1].supply) == (6, 6, 0)


def test_KM_S_6_recruitment_shares_evenly_odd_warrior_to_A():
    s = solo_state()
    clear(s)
    amon(s, ("NW-1", 2, "giant-scorpion"), ("NW-3", 2, "sacred-crocodile"))
    s.ps[1].supply = 3
    S.recruit(s, [])
    assert (s.count[Z("NW-1")], s.count[Z("NW-3")], s.ps[1].supply) == (4, 3, 0)
    s.count[Z("NW-1")] = 6
    s.count[Z("NW-3")] = 1
    s.ps[1].supply = 3
    S.recruit(s, [])
    assert (s.count[Z("NW-1")], s.count[Z("NW-3")]) == (6, 4)


# ------------------------------------------------------------------------------ plunder


def _row(s: KemetState, pos: int, lv: int) -> list[int]:
    return s.solo.rows[pos * 16 + (lv - 1) * 4:pos * 16 + lv * 4]


def test_KM_S_8_plunder_removes_the_named_tiles():
    s = solo_state()
    card = next(i for i, p in enumerate(S.PLUNDER) if p.id == "plunder-2")  # top 2/1, bottom 3/3
    s.solo.plunder_deck.append(card)
    top, bottom = _row(s, 0, 2)[0], _row(s, 1, 3)[2]
    for t in (top, bottom):
        s.market[t] = 1
    S.plunder(s, [])
    assert s.market[top] == 0 and s.market[bottom] == 0
    assert s.solo.removed[-2:] == [top, bottom]
    assert s.solo.plunder_discard[-1] == card


def test_KM_S_8_plunder_falls_back_to_the_lower_level_of_the_column():
    s = solo_state()
    card = next(i for i, p in enumerate(S.PLUNDER) if p.id == "plunder-1")  # top 4/1
    s.solo.plunder_deck.append(card)
    l4, l3, l2 = _row(s, 0, 4)[0], _row(s, 0, 3)[0], _row(s, 0, 2)[0]
    s.market[l4] = 0
    s.market[l3] = 0
    s.market[l2] = 1
    S.plunder(s, [])
    assert s.market[l2] == 0 and l2 in s.solo.removed


def test_KM_S_8_impossible_part_takes_a_new_card():
    """Column 4 exists only at level 4: once that tile is gone, the lower part of Plunder IV
    removes nothing, so the next card's lower part is carried out."""
    s = solo_state()
    iv = next(i for i, p in enumerate(S.PLUNDER) if p.id == "plunder-4")   # bottom 4/4
    vi = next(i for i, p in enumerate(S.PLUNDER) if p.id == "plunder-6")   # bottom 3/1
    s.solo.plunder_deck = [c for c in s.solo.plunder_deck if c not in (iv, vi)] + [vi, iv]
    s.solo.plunder_discard = [c for c in s.solo.plunder_discard if c not in (iv, vi)]
    s.market[_row(s, 1, 4)[3]] = 0
    target = _row(s, 1, 3)[0]
    s.market[target] = 1
    S.plunder(s, [])
    assert s.market[target] == 0 and s.solo.plunder_discard[-2:] == [iv, vi]


# ------------------------------------------------------------------------------- battle


def battle_setup(monkeypatch, card: str, objective: int = 1):
    s = solo_state(objective)
    clear(s)
    amon(s, ("temple-ws", 5, "ancient-elephant"), ("NW-3", 5, "soul-devourer"))
    put(s, "nile-w", 0, 5)
    put(s, "SW-1", 0, 2)
    s.solo.active_event = EV["bloody-skirmish"]
    s.ps[0].di = []
    force_card(monkeypatch, card)
    return s


def test_KM_S_10_amon_battle_values(monkeypatch):
    """Strength = War table + warriors + Creature + card; Shield = War table + Creature + card;
    Damage = War table Damage + Creature + card (ruling KM-S.R3)."""
    s = battle_setup(monkeypatch, "wall-of-sand")
    s.solo.calamities = [EV["bronze-tide"]]
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    play(s, "discard Phalanx", "play Charge")
    if s.bt.stage == "a_di":
        s.apply("commit no more cards")
    st = battle.stats(s, 1, False)
    # 1 (event) + 5 + 1 (Elephant) + 3 (card); shield 1 (calamity) + 1 (Elephant) + 2; damage 1
    assert (st["strength"], st["shield"], st["damage"]) == (10, 4, 1)
    assert s.solo.amon_card == CARD["wall-of-sand"]


def test_KM_S_10_amon_card_is_random_among_all_of_his_cards():
    s = solo_state()
    seen = set()
    for _ in range(200):
        S.draw_card(s)
        seen.add(s.solo.amon_card)
    assert seen == set(range(len(S.AMON_CARDS)))


def test_KM_S_10_amon_with_three_or_fewer_recalls_and_comes_back_with_five(monkeypatch):
    s = battle_setup(monkeypatch, "veil-of-dust")
    s.count[Z("temple-ws")] = 3
    s.ps[1].supply += 2
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    play(s, "discard Phalanx", "play Charge")
    if s.bt is not None and s.bt.stage == "a_di":
        s.apply("commit no more cards")
    # Amon 3 + 1 + 1 + 0 = 5 < 5 + 4: he loses with 3 or fewer and recalls
    play(s, "stay")
    assert s.owner[Z("temple-ws")] == 0
    assert s.owner[Z("NW-1")] == 1 and s.count[Z("NW-1")] == 5
    assert s.comp_loc[comp("ancient-elephant")] == Z("NW-1")
    assert s.ps[1].veterans == 0  # KM-S.10.5


def test_KM_S_10_redeploy_onto_the_weakest_player_troop(monkeypatch):
    """Both Pyramid Quarters held by the player: the new troop attacks the weaker one."""
    s = battle_setup(monkeypatch, "veil-of-dust")
    s.count[Z("temple-ws")] = 3
    s.ps[1].supply += 2
    clear_zone = Z("NW-3")
    s.ps[1].supply += s.count[clear_zone]
    s.owner[clear_zone], s.count[clear_zone] = -1, 0
    s.comp_loc[comp("soul-devourer")] = Z("temple-en")
    put(s, "temple-en", 1, 5)
    put(s, "NW-1", 0, 4)
    put(s, "NW-3", 0, 2)
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws", "discard Phalanx", "play Charge")
    if s.bt is not None and s.bt.stage == "a_di":
        s.apply("commit no more cards")
    play(s, "stay")
    assert step_of(s) == "battle" and s.bt.zone == Z("NW-3") and s.bt.att == 1
    assert s.bt.att_count == 5


def test_KM_S_10_amon_with_four_or_more_retreats_where_the_player_chooses(monkeypatch):
    s = battle_setup(monkeypatch, "veil-of-dust")
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws", "discard Phalanx", "play Charge")
    if s.bt is not None and s.bt.stage == "a_di":
        s.apply("commit no more cards")
    # Amon 5 + 1 + 1 + 1 (card) = 8 against 5 + 4 = 9: the player wins; Amon keeps 5 - (1 - 1) = 5
    assert s.bt.stage == "retreat" and s.cur == 0
    assert sorted(texts(s)) == ["retreat to nile-w", "retreat to sw-desert"]
    play(s, "retreat to sw-desert")
    assert s.owner[Z("sw-desert")] == 1 and s.comp_loc[comp("ancient-elephant")] == Z("sw-desert")


def test_KM_S_10_amon_winning_stays_and_picks_the_player_retreat(monkeypatch):
    s = battle_setup(monkeypatch, "onslaught")
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws", "discard Phalanx", "play Hold the Line")
    assert s.bt.stage == "loser" and s.cur == 0
    play(s, "retreat")
    # Amon sends the troop farthest from the player's City: nile-w rather than sw-desert
    assert s.owner[Z("nile-w")] == 0 and s.count[Z("nile-w")] == 5
    assert s.owner[Z("temple-ws")] == 1 and s.bt is None


# ------------------------------------------------------------------- the worked example


def test_KM_S_12_jacks_round_two(monkeypatch):
    """The rulebook's solo example (ruling KM-S.R8 on its last Warrior count)."""
    s = solo_state(objective=1, seed=2)
    clear(s)
    onyx, sapphire = COLOUR_INDEX["onyx"], COLOUR_INDEX["sapphire"]
    s.colours = [onyx, sapphire]
    s.round = 2
    s.ps[0].pp = 9
    s.pyr_level[Z("SW-1")], s.pyr_colour[Z("SW-1")] = 3, onyx
    s.pyr_level[Z("SW-3")], s.pyr_colour[Z("SW-3")] = 1, sapphire
    s.ps[0].slots = [onyx, sapphire, -1]
    s.ps[0].tiles, s.ps[0].mods = [], [0] * len(s.ps[0].mods)
    for k in range(len(s.comp_loc)):
        if s.comp_owner[k] == 0:
            s.comp_owner[k], s.comp_loc[k] = -1, -3
    s.market[TILE_INDEX["animal-fury"]] = 1
    s.market[TILE_INDEX["sphinx-griffin"]] = 1
    acquire.gain_tile(s, 0, TILE_INDEX["sphinx-griffin"], [])
    amon(s, ("temple-ws", 5, "ancient-elephant"), ("sw-desert", 5, "soul-devourer"))
    put(s, "nile-w", 0, 5)
    s.comp_loc[comp("sphinx-griffin")] = Z("nile-w")
    put(s, "SW-1", 0, 3)
    s.ps[0].di = [DI_INDEX["bronze-wall"]]
    s.solo.event_deck.append(EV["bloody-skirmish"])
    s.solo.active_event = -1
    s.solo.calamities = []
    force_card(monkeypatch, "crushing-blow")
    # Action 1: Construction, the onyx pyramid to level 4; Action 2: Animal Fury for 4 PP
    play(s, "place token on Construction I", "raise SW-1 pyramid 3 -> 4 for 4 PP")
    play(s, "place token on Acquisition slot 1",
         "acquire Animal Fury (onyx 4) for 4 PP")
    assert s.ps[0].pp == 1
    # the third action, which the printed example does not describe (ruling KM-S.R8)
    play(s, "place token on Recruitment I", "recruit in SW-1", "done recruiting")  # KM-R28
    # the Event card: Bloody Skirmish
    play(s, "draw an Event card")
    assert S.war_values(s) == [1, 0, 1, 1]
    # Action 4: Movement onto the Temple held by Troop A
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws")
    seen: dict[int, dict[str, int]] = {}
    original = battle.stats

    def spy(st, p, attacking):
        seen[p] = original(st, p, attacking)
        return seen[p]

    monkeypatch.setattr(battle, "stats", spy)
    play(s, "discard Skirmish", "play Charge", "commit Bronze Wall")
    if s.bt.stage == "a_di":
        s.apply("commit no more cards")
    bt = s.bt
    assert bt.strengths == (12, 8)
    assert (seen[0]["strength"], seen[0]["damage"], seen[0]["shield"]) == (12, 2, 1)
    assert (seen[1]["strength"], seen[1]["damage"], seen[1]["shield"]) == (8, 4, 1)
    assert bt.winner == 0 and bt.losses == (3, 1)
    # Troop A keeps 4 warriors: it retreats (only the West Nile Bank is free) and Jack has
    # won 1 Battle Glory under Objective 1
    assert s.owner[Z("nile-w")] == 1 and s.count[Z("nile-w")] == 4
    assert s.ps[0].glory == 1
    pp = s.ps[0].pp
    play(s, "recall")
    assert s.ps[0].pp == pp + 1 and s.owner[Z("temple-ws")] == -1
    # Action 5: Prayer for 2 PP
    play(s, "place token on Prayer I")
    assert s.ps[0].pp == pp + 3
    assert step_of(s) == "amon_action"


# -------------------------------------------------------------------------- win and loss


def test_KM_S_9_objective_met_at_the_start_of_a_turn_wins():
    s = solo_state(objective=1)
    s.ps[0].glory = S.OBJECTIVES[s.solo.objective].glory
    s.ps[0].tokens = 5
    day.end_turn(s)
    assert s.is_terminal() and s.solo.won
    out = view.outcome(s)
    assert out.winners == (0,) and out.ranks == (1, 2)


def test_KM_S_9_night_objective_only_at_night():
    s = solo_state(objective=2)
    o = S.OBJECTIVES[s.solo.objective]
    clear(s)
    amon(s, ("NW-1", 5, "giant-scorpion"), ("NW-3", 5, "sacred-crocodile"))
    put(s, "temple-ws", 0, 5)
    put(s, "temple-en", 0, 5)
    put(s, "temple-es", 0, 1)
    s.ps[0].glory = o.glory
    assert S.fulfilled(s) and not S.check_turn(s, 0)
    S.end_night(s, [])
    assert s.solo.won and s.is_terminal()


def test_KM_S_9_objective_4_only_at_the_end_of_the_last_round():
    s = solo_state(objective=4)
    o = S.OBJECTIVES[s.solo.objective]
    clear(s)
    amon(s, ("NW-1", 5, "giant-scorpion"), ("NW-3", 5, "sacred-crocodile"))
    put(s, "SW-1", 0, 5)
    put(s, "SW-3", 0, 5)
    put(s, "SW-2", 0, o.warriors - 10)
    s.ps[0].glory = o.glory
    assert S.fulfilled(s) and not S.check_turn(s, 0)
    S.end_night(s, [])
    assert not s.is_terminal() and s.solo.marker == o.rounds - 1
    s.solo.marker = 1
    S.end_night(s, [])
    assert s.solo.won


def test_KM_S_11_round_track_running_out_loses():
    s = solo_state(objective=1)
    s.solo.marker = 1
    S.end_night(s, [])
    assert s.is_terminal() and not s.solo.won and "round track" in s.solo.lost
    assert view.outcome(s).winners == (1,)


def test_KM_S_11_no_night_for_amon():
    """Amon holding the Sanctuary and the Delta Temple makes no night sacrifice and gains
    nothing; the player's night runs as usual."""
    s = solo_state(objective=1)
    clear(s)
    amon(s, ("sanctuary", 5, "giant-scorpion"), ("delta-temple", 5, "sacred-crocodile"))
    put(s, "SW-1", 0, 5)
    s.ps[0].pp = 0
    s.ps[1].pp = 0
    events: list[Event] = []
    night.start_night(s, events)
    assert step_of(s) == "turn" and s.round == 2
    told = [e.text for e in events if e.actor == Event.BY_GAME]   # narrated into the given list
    assert told[0] == "night of round 1 begins" and told[-1].startswith("round 2 begins")
    assert f"Amon's round marker moves on: {s.solo.marker} rounds left" in told
    assert s.count[Z("sanctuary")] == 5 and s.ps[1].pp == 0 and s.ps[0].pp == 2
    assert s.solo.marker == S.OBJECTIVES[s.solo.objective].rounds - 1


def test_KM_S_1_no_warriors_left_on_the_board_loses(monkeypatch):
    s = battle_setup(monkeypatch, "crushing-blow")
    s.ps[0].supply += s.count[Z("SW-1")]
    s.owner[Z("SW-1")], s.count[Z("SW-1")] = -1, 0
    play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
         "go to temple-ws", "discard Phalanx", "play Tactical Withdrawal", "recall")
    assert s.is_terminal() and "no warriors" in s.solo.lost


def test_KM_S_1_amon_never_decides_in_random_games():
    for seed in range(6):
        s = GAME.new_state(1, seed, {"objective": 1 + seed % 5})
        rng = Rng(seed)
        while not s.is_terminal():
            assert s.current_player == 0
            s.apply(rng.choice(s.legal_actions()))
        assert len(view.outcome(s).ranks) == 2


def test_KM_S_view_shows_amon_and_hides_deck_order():
    s = solo_state()
    v = s.view(0)
    assert v["solo"]["objective"]["number"] == 1
    assert v["solo"]["event_deck"] == len(s.solo.event_deck)
    assert "event_deck" not in str(v["solo"]["tile_rows"])
    d = s.determinize(0, Rng(5))
    assert d.view(0) == v
    assert sorted(d.solo.action_deck) == sorted(s.solo.action_deck)


def test_KM_S_heuristic_completes_objectives_random_does_not():
    from theogony.games.kemet.bots import KemetHeuristic

    wins = {"heuristic": 0, "random": 0}
    for seed in range(12):
        for name in wins:
            s = GAME.new_state(1, seed, {"objective": 1})
            rng = Rng(seed)
            agent = KemetHeuristic()
            while not s.is_terminal():
                legal = s.legal_actions()
                s.apply(agent.act(s, rng) if name == "heuristic" else rng.choice(legal))
            wins[name] += s.solo.won
    assert wins["heuristic"] >= 2 and wins["random"] == 0


def test_KM_S_render_shows_the_amon_board():
    s = solo_state()
    text = GAME.render_text(s.view(0))
    assert "SOLO vs Amon - Objective 1" in text and "War table" in text
    assert "Amon's troops  A:" in text


def test_KM_S_9_objective_3_gives_no_battle_glory(monkeypatch):
    """An Objective card overrides the rules: under The Great Builder a won attack brings the
    player no Battle Glory (under Objective 1 it does, as in the worked example)."""
    for objective, glory in ((3, 0), (1, 1)):
        s = battle_setup(monkeypatch, "veil-of-dust", objective)
        play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
             "go to temple-ws", "discard Phalanx", "play Charge")
        assert s.ps[0].glory == glory


def test_KM_S_9_a_winning_attacker_denied_battle_glory_takes_the_veteran(monkeypatch):
    """KM-3.5.5: each side that gains no Glory in the Rewards step gains a veteran token. Under
    The Great Builder the player's won attack brings no Battle Glory, so it brings the veteran;
    under Objective 1 the Battle Glory replaces it."""
    for objective, glory, veterans in ((3, 0, 1), (1, 1, 0)):
        s = battle_setup(monkeypatch, "veil-of-dust", objective)
        play(s, "place token on Movement I", "move troop from nile-w", "take 5 warriors",
             "go to temple-ws", "discard Phalanx", "play Charge")
        assert s.bt is None or s.bt.winner == 0
        assert (s.ps[0].glory, s.ps[0].veterans) == (glory, veterans)


def test_KM_S_9_objective_5_holding_a_pyramid_of_amon():
    s = solo_state(objective=5)
    o = S.OBJECTIVES[s.solo.objective]
    clear(s)
    amon(s, ("temple-wn", 5, "giant-scorpion"), ("NW-3", 5, "sacred-crocodile"))
    put(s, "SW-1", 0, 2)
    s.ps[0].glory = o.glory - 1
    assert not S.fulfilled(s)
    put(s, "NW-1", 0, 3)  # the level-4 pyramid's Glory is held too
    assert dict((n, h) for n, h, _ in S.progress(s))["Amon's pyramids held"] == 1
    assert board.glory(s, 0) >= o.glory and S.check_turn(s, 0) and s.solo.won
