"""Team mode: line-ups, setup, Gather, shared PP, Destiny, victory and outcome (KM-T0 … KM-T9)."""

import pytest

from theogony.core import IllegalAction, Rng, SetupError
from theogony.games.kemet.rules import team as T
from theogony.games.kemet.content import DI_INDEX, GATHER
from theogony.games.kemet.state import MOVING, SUPPLY

from .helpers import GAME, Z, city_q, play, texts
from .team_helpers import check_counts, tblank, tput, troop
from theogony.games.kemet.rules import board, day, night, view
from theogony.games.kemet.team import TEAM_KINDS, _MOVING, _SUPPLY
from .helpers import step_of

KINDS = [(4, "2v2"), (6, "2v2v2"), (6, "3v3")]


def test_KM_T0_line_ups_and_refused_combinations():
    assert GAME.new_state(4, 1, {"mode": "team"}).team.size == 2  # 4 players: 2v2 by default
    for players, kind in KINDS:
        s = GAME.new_state(players, 1, {"mode": "team", "teams": kind})
        assert s.team.size == TEAM_KINDS[kind][1]
    with pytest.raises(SetupError, match="needs mode=team"):
        GAME.new_state(4, 1, {"teams": "2v2"})
    with pytest.raises(SetupError, match="takes 6 players"):
        GAME.new_state(4, 1, {"mode": "team", "teams": "3v3"})
    with pytest.raises(SetupError, match="takes 4 players"):
        GAME.new_state(6, 1, {"mode": "team", "teams": "2v2"})
    with pytest.raises(SetupError, match="needs teams="):
        GAME.new_state(6, 1, {"mode": "team"})
    with pytest.raises(SetupError):
        GAME.new_state(5, 1, {"mode": "team"})


def test_KM_T_constants_match_state():
    assert (_SUPPLY, _MOVING) == (SUPPLY, MOVING)


@pytest.mark.parametrize("players,kind", KINDS)
def test_KM_T3_1_interleaved_turn_order(players, kind):
    for seed in range(8):
        s = GAME.new_state(players, seed, {"mode": "team", "teams": kind})
        td = s.team
        n = players // td.size
        teams = [td.team_of[p] for p in s.order]
        # the team order of the first block repeats in every block: allies never follow each other
        assert teams == teams[:n] * td.size
        assert sorted(teams[:n]) == list(range(n))
        assert all(teams[i] != teams[i + 1] for i in range(players - 1))


@pytest.mark.parametrize("players,kind", KINDS)
def test_KM_T3_2_troops_of_four_plus_an_ally_and_T4_gather_dealt(players, kind):
    s = GAME.new_state(players, 3, {"mode": "team", "teams": kind})
    for pl in s.ps:
        assert GATHER in pl.di and DI_INDEX["distraction"] in pl.di and len(pl.di) == 4
    while step_of(s) != "turn":
        s.apply(s.legal_actions()[0])
    td = s.team
    for p in range(players):
        qs = [q for q in board.quarters_of(s, p) if s.count[q]]
        assert len(qs) == 2
        guests = []
        for q in qs:
            t = troop(s, q)
            assert t[p] == 4 and s.count[q] == 5 and len(t) == 2
            (g,) = [x for x in t if x != p]
            assert td.team_of[g] == td.team_of[p]
            guests.append(g)
        # with two allies, each of them has one warrior in one of the quarters
        assert sorted(guests) == sorted(T.allies_of(s, p) * (2 if td.size == 2 else 1))
        assert s.ps[p].supply == 2
    check_counts(s)


def test_KM_T3_2_three_ally_setup_offers_both_assignments():
    s = GAME.new_state(6, 0, {"mode": "team", "teams": "3v3"})
    while step_of(s) != "troops":
        s.apply(s.legal_actions()[0])
    acts = s.legal_actions()
    assert len(acts) == 6  # 3 quarters left empty x 2 ways to seat the two allies
    assert len({a.code for a in acts}) == 6


def test_KM_T1_4_allies_pass_pp_and_veterans_but_not_to_opponents():
    s = tblank()
    s.ps[0].veterans = 1
    s.ps[2].pp = 11
    opts = texts(s)
    assert "give 1 veteran token to seat 2" in opts
    assert "give 1 PP to seat 2" not in opts            # seat 2's track is full (KM-7.3)
    assert not any("seat 1" in t or "seat 3" in t for t in opts if t.startswith("give"))
    with pytest.raises(IllegalAction):
        s.apply("give 1 PP to seat 1")
    s.ps[2].pp = 2
    play(s, "give 1 PP to seat 2", "give 1 veteran token to seat 2")
    assert (s.ps[0].pp, s.ps[2].pp, s.ps[0].veterans, s.ps[2].veterans) == (6, 3, 0, 1)


def test_KM_T4_gather_adds_warriors_to_an_allys_troop_once():
    s = tblank()
    tput(s, "temple-wn", {2: 3})
    tput(s, "nile-w", {2: 4, 0: 1})
    tput(s, "NW-1", {0: 5})                 # no ally there: not a target
    s.ps[0].di.append(GATHER)
    opts = texts(s)
    assert "play Gather" in opts
    play(s, "play Gather")
    assert step_of(s) == "gather"
    targets = texts(s)
    assert "gather a warrior in temple-wn" in targets and "gather a warrior in nile-w" not in targets
    assert "gather a warrior in NW-1" not in targets
    play(s, "gather a warrior in temple-wn", "gather a warrior in temple-wn")
    assert troop(s, "temple-wn") == {0: 2, 2: 3}
    assert step_of(s) == "turn" and GATHER not in s.ps[0].di
    assert GATHER not in s.di_discard and GATHER not in s.di_deck  # out of the game
    check_counts(s)


def test_KM_T4_gather_respects_the_mixed_limit():
    s = tblank()
    tput(s, "temple-wn", {2: 4})
    s.ps[0].di.append(GATHER)
    play(s, "play Gather", "gather a warrior in temple-wn")
    assert step_of(s) == "turn" and s.count[Z("temple-wn")] == 5  # full: Gather ends early


def test_KM_T4_gather_not_offered_in_classic_games():
    s = GAME.new_state(4, 0, {})
    assert all(GATHER not in pl.di for pl in s.ps)


def test_KM_T1_3_team_glory_counts_members_temples_and_a_level4_pyramid_once():
    s = tblank()
    s.ps[0].glory = 2
    s.ps[2].glory = 3
    tput(s, "temple-wn", {0: 1})
    tput(s, "temple-ws", {2: 2})
    q = city_q(s, 1, 1)                    # an enemy level-4 pyramid held by a mixed troop
    s.pyr_level[q], s.pyr_colour[q] = 4, 0
    tput(s, q, {0: 1, 2: 1})
    assert T.team_glory(s, 0) == 2 + 3 + 2 + 1
    assert board.glory(s, 0) == board.glory(s, 2) == 8
    assert T.team_glory(s, 1) == 0


def test_KM_T9_team_wins_with_12_glory_at_the_start_of_an_allys_turn():
    s = tblank()
    s.ps[0].glory = 6
    s.ps[2].glory = 6
    s.cur, s.pos = 3, 3
    s.pos = 0
    s.order = [1, 2, 3, 0]
    day.start_turn(s)                         # seat 1 (other team) plays: no win for it
    assert not s.over and s.cur == 1
    s.pos = 1
    day.start_turn(s)                         # seat 2's turn starts: its team has 12
    assert s.over and s.winner == 2
    out = view.outcome(s)
    assert set(out.winners) == {0, 2}
    # allies share their team's rank (competition ranking over seats: 1, 1, 3, 3)
    assert out.ranks[0] == out.ranks[2] == 1 and out.ranks[1] == out.ranks[3] == 3


def test_KM_T9_nine_glory_is_not_enough_and_a_richer_team_blocks():
    s = tblank()
    s.ps[0].glory = 9
    day.start_turn(s)
    assert not s.over
    s.ps[0].glory = 12
    s.ps[1].glory = 13
    day.start_turn(s)
    assert not s.over                      # team 1 has more Glory
    s.ps[1].glory = 12
    day.start_turn(s)
    assert s.over and s.winner == 0        # a tie does not block (KM-3.2 as in classic)


def _night_destiny(s):
    s.night_step = 8
    night.next_night(s, [])


def test_KM_T7_9_least_glorious_team_places_first_then_blocks_repeat():
    s = tblank(6, "2v2v2")                 # teams {0,3} {1,4} {2,5}
    s.round = 1
    s.order = [0, 1, 2, 3, 4, 5]
    s.ps[1].glory = 3                      # team 1: 3, team 2: 1, team 0: 0
    s.ps[2].glory = 1
    _night_destiny(s)
    assert step_of(s) == "tdestiny" and s.cur == 0  # team 0 first, through its earliest seat
    opts = texts(s)
    assert "seat 3 takes turn position 3" in opts and "seat 0 takes turn position 4" not in opts
    play(s, "seat 3 takes turn position 3")
    assert s.cur == 2                      # then team 2 (1 Glory)
    assert "seat 2 takes turn position 3" not in texts(s)
    play(s, "seat 5 takes turn position 1")
    # team 1 is left with position 2 and picks the seat; the second markers follow 2, 1, 0
    assert s.cur == 1 and texts(s) == ["seat 1 takes turn position 2", "seat 4 takes turn position 2"]
    play(s, "seat 1 takes turn position 2")
    assert step_of(s) == "turn"
    assert s.order == [5, 1, 3, 2, 4, 0]


def test_KM_T7_9_ties_go_to_the_team_earlier_in_the_old_order():
    s = tblank(4, "2v2")
    s.round = 1
    s.order = [1, 0, 3, 2]
    _night_destiny(s)
    assert s.cur == 1                      # both teams at 0 Glory: team of seat 1 chooses first
    play(s, "seat 3 takes turn position 2")
    assert s.cur == 0
    play(s, "seat 0 takes turn position 1")
    assert s.order == [0, 3, 2, 1]


def test_KM_T7_9_three_ally_teams_choose_the_seat_of_each_block():
    s = tblank(6, "3v3")                   # teams {0,2,4} {1,3,5}
    s.round = 1
    s.ps[1].glory = 1
    _night_destiny(s)
    assert s.cur == 0
    play(s, "seat 4 takes turn position 1")
    assert s.cur == 1 and len(texts(s)) == 3  # team 1 chooses a seat for position 2
    play(s, "seat 5 takes turn position 2")
    assert s.cur == 0 and texts(s) == ["seat 0 takes turn position 3", "seat 2 takes turn position 3"]
    play(s, "seat 2 takes turn position 3", "seat 1 takes turn position 4")
    assert s.order == [4, 5, 2, 1, 0, 3]


def test_KM_T1_5_allies_see_each_others_hands_and_determinize_keeps_them():
    s = GAME.new_state(4, 5, {"mode": "team"})
    td = s.team
    p = 0
    ally = T.allies_of(s, p)[0]
    enemy = next(q for q in range(4) if td.team_of[q] != td.team_of[p])
    v = s.view(p)
    assert "di_cards" in v["seats"][ally] and "battle_cards" in v["seats"][ally]
    assert "di_cards" not in v["seats"][enemy]
    d = s.determinize(p, Rng(3))
    assert d.ps[ally].di == s.ps[ally].di and d.ps[ally].hand == s.ps[ally].hand
    assert d.view(p) == v


def test_KM_T1_5_gather_stays_personal_when_determinizing():
    s = GAME.new_state(4, 5, {"mode": "team"})
    for seed in range(5):
        d = s.determinize(0, Rng(seed))
        assert all(GATHER in pl.di for pl in d.ps) and GATHER not in d.di_deck


@pytest.mark.parametrize("players,kind", KINDS)
def test_KM_T_random_games_keep_troop_bookkeeping(players, kind):
    for seed in range(2):
        s = GAME.new_state(players, seed, {"mode": "team", "teams": kind})
        rng = Rng(seed)
        while not s.is_terminal():
            if s.phase != "setup" and step_of(s) != "move_tally":
                check_counts(s)
            s.apply(rng.choice(s.legal_actions()))
        out = view.outcome(s)
        teams = {s.team.team_of[w] for w in out.winners}
        assert len(teams) == 1
        assert set(out.winners) == set(T.seats_of(s, teams.pop()))
