"""Team mode: observation encoding, rendering and the heuristic in team games (KM-T…)."""

import pytest

from theogony.core import Rng
from theogony.games.kemet import encoding as E
from theogony.games.kemet.rules import team as T

from .helpers import GAME
from .team_helpers import tblank, tput
from theogony.games.kemet.rules import board, view
from theogony.games.kemet.team import TEAM_KINDS

KINDS = [(4, "2v2"), (6, "2v2v2"), (6, "3v3")]


@pytest.mark.parametrize("players,kind", KINDS)
def test_KM_T_encoding_has_a_fixed_size_with_a_team_block(players, kind):
    variant = {"mode": "team", "teams": kind}
    size = GAME.observation_size(players, variant)
    _, off, n = E.team_layout(players)[-1]
    assert size == GAME.observation_size(players) + off + n
    s = GAME.new_state(players, 2, variant)
    rng = Rng(2)
    for _ in range(300):
        for seat in (None, s.current_player):
            vec = GAME.encode_view(s.view(seat))
            assert len(vec) == size and max(vec) <= 12 and min(vec) >= 0
        s.apply(rng.choice(s.legal_actions()))


def test_KM_T_encoding_shows_teams_and_mixed_troops():
    s = tblank()
    z = tput(s, "temple-wn", {0: 2, 2: 3})
    v = GAME.encode_view(s.view(0))
    base = GAME.observation_size(4)
    at = {name: (off, size) for name, off, size in E.team_layout(4)}
    team_of = v[base + at["team_of"][0]: base + at["team_of"][0] + 4 * E.MAX_TEAMS]
    assert [team_of[p * E.MAX_TEAMS: (p + 1) * E.MAX_TEAMS].index(1.0) for p in range(4)] == [0, 1, 0, 1]
    cell = base + at["zone_seat_warriors"][0] + z * 4
    assert v[cell:cell + 4] == [2 / 5, 0.0, 3 / 5, 0.0]
    assert v[base + at["team_glory"][0]] == 1 / 12  # the temple


def test_KM_T_render_shows_teams_and_mixed_troops():
    s = tblank()
    tput(s, "temple-wn", {0: 2, 2: 3})
    text = GAME.render_text(s.view(0))
    assert "Teams (12 team Glory wins): team 0: seats 0, 2" in text
    assert "mixed you (seat 0) x2 + seat 2 x3 (= 5)" in text
    assert "[team 0]" in text


def _team_match(players, kind, seed, heuristic_team):
    h = GAME.agents()["heuristic"](None)
    s = GAME.new_state(players, seed, {"mode": "team", "teams": kind})
    rng = Rng(seed)
    while not s.is_terminal():
        p = s.current_player
        if s.team.team_of[p] == heuristic_team:
            a = h.act(s.determinize(p, rng), rng)
        else:
            a = rng.choice(s.legal_actions())
        s.apply(a.text)
    return s


@pytest.mark.parametrize("players,kind", KINDS)
def test_KM_T_heuristic_team_beats_random_teams(players, kind):
    nteams = players // TEAM_KINDS[kind][1]
    wins = 0
    for seed in range(3):
        s = _team_match(players, kind, seed, seed % nteams)
        wins += s.team.team_of[view.outcome(s).winners[0]] == seed % nteams
    assert wins == 3


def test_KM_T_heuristic_never_attacks_allies_and_gives_pp_to_a_poor_ally():
    s = tblank()
    h = GAME.agents()["heuristic"](None)
    s.ps[0].pp = 10
    s.ps[2].pp = 0
    a = h.act(s, Rng(1))
    assert a.text == "give 1 PP to seat 2"
    # in self-play no battle ever opposes two allies
    g = GAME.new_state(4, 9, {"mode": "team"})
    rng = Rng(9)
    while not g.is_terminal():
        if g.bt is not None:
            assert not board.ally(g, g.bt.att, g.bt.dfn)
        g.apply(h.act(g.determinize(g.current_player, rng), rng).text)


def test_KM_T_evaluate_is_equal_for_allies():
    s = GAME.new_state(6, 4, {"mode": "team", "teams": "3v3"})
    rng = Rng(4)
    for _ in range(200):
        s.apply(rng.choice(s.legal_actions()))
    ev = GAME.evaluate(s)
    for p in range(6):
        for q in T.allies_of(s, p):
            assert ev[p] == pytest.approx(ev[q])


@pytest.mark.parametrize("players,kind", KINDS)
def test_KM_T_equal_views_mean_equal_legal_actions(players, kind):
    import json

    seen: dict[str, list[str]] = {}
    for seed in range(3):
        s = GAME.new_state(players, seed, {"mode": "team", "teams": kind})
        rng = Rng(seed)
        while not s.is_terminal() and s.decisions < 500:
            legal = s.legal_actions()
            key = json.dumps(s.view(s.current_player), sort_keys=True)
            acts = sorted(a.text for a in legal)
            assert seen.setdefault(key, acts) == acts, f"equal views, different actions at {s.decision}"
            s.apply(rng.choice(legal))
    assert len(seen) > 500
