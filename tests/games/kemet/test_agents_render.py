"""The heuristic player, the evaluation and the text rendering."""

from theogony.core import Rng

from .helpers import GAME, blank, di, put
from theogony.games.kemet.rules import view


def play_out(players, seed, heuristic_seat):
    h = GAME.agents()["heuristic"]({})
    s = GAME.new_state(players, seed)
    rng = Rng(seed)
    while not s.is_terminal():
        p = s.current_player
        if p == heuristic_seat:
            a = h.act(s.determinize(p, rng), rng)
        else:
            a = rng.choice(s.legal_actions())
        s.apply(a.text)
    return s


def test_heuristic_beats_random():
    wins = 0
    for seed in range(6):
        s = play_out(2, seed, seed % 2)
        wins += (seed % 2) in view.outcome(s).winners
    assert wins >= 5


def test_evaluate_gives_a_reward_per_seat_in_0_1():
    s = blank(3)
    s.ps[1].glory = 4
    values = GAME.evaluate(s)
    assert len(values) == 3 and all(0 <= v <= 1 for v in values)
    assert values[1] == max(values)


def test_render_shows_the_board_and_only_the_viewers_hand():
    s = blank(2)
    put(s, "temple-ws", 1, 3)
    s.ps[0].di = [di("distraction"), di("fury-of-war")]
    s.ps[1].di = [di("bronze-wall")]
    text = GAME.render_text(s.view(0))
    assert "Temple of Khnum" in text and "seat 1 x3" in text
    assert "Fury of War" in text and "Bronze Wall" not in text
    assert "Bronze Wall" not in GAME.render_text(s.view(None))
