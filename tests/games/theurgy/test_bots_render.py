"""The heuristic player (it must beat random) and the text rendering."""

import theogony
from theogony.core import Rng
from theogony.games.theurgy.bots import HeuristicAgent, evaluate

from .helpers import GAME


def _play(players, seed, heuristic_seat):
    s = GAME.new_state(players, seed)
    bot = HeuristicAgent()
    rng = Rng(seed + 99)
    while not s.is_terminal():
        p = s.current_player
        if p == heuristic_seat:
            s.step(bot.act(s.determinize(p, rng), rng))
        else:
            s.step(rng.choice(s.legal_actions()))
    return s


def test_TU_bots_heuristic_beats_random_clearly():
    wins = 0
    games = 6
    for seed in range(games):
        players = 2 + seed % 2
        s = _play(players, seed, seed % players)
        wins += (seed % players) in s.outcome().winners
    assert wins >= 5


def test_TU_bots_registered_and_evaluate_in_range():
    game = theogony.load("theurgy")
    agent = game.agents()["heuristic"]({})
    s = game.new_state(3, 4)
    rng = Rng(1)
    for _ in range(60):
        if s.is_terminal():
            break
        p = s.current_player
        s.apply(agent.act(s.determinize(p, rng), rng))
    values = game.evaluate(s)
    assert len(values) == 3 and all(0.0 <= v <= 1.0 for v in values)


def test_TU_render_shows_the_board_and_only_the_viewers_hand():
    s = GAME.new_state(3, 2)
    while s.decision.kind != "turn":
        s.apply(s.legal_actions()[0])
    text = GAME.render_text(s.view(1))
    assert "Capital" in text and "Seat 1" in text and "(you)" in text
    assert text.count("hand:") == 1
    assert "Divine Calling:" in text


def test_TU_bots_evaluate_is_a_rank_expectation_that_favours_the_stronger_seat():
    from theogony.games.theurgy.bots import potential

    s = GAME.new_state(2, 5)
    bot = HeuristicAgent()
    rng = Rng(3)
    for _ in range(120):
        if s.is_terminal():
            break
        p = s.current_player
        s.step(bot.act(s.determinize(p, rng), rng))
    values = evaluate(s)
    pot = potential(s)
    assert abs(sum(values) - 1.0) < 1e-9                  # two seats: P(0 ahead) + P(1 ahead) = 1
    assert (values[0] > values[1]) == (pot[0] > pot[1])
    four = GAME.new_state(4, 2)
    values = evaluate(four)
    assert len(values) == 4 and all(0.0 <= v <= 1.0 for v in values)
    assert abs(sum(values) - 2.0) < 1e-9                  # expected rank rewards sum to n/2


def test_TU_bots_plan_is_followed_only_in_the_turn_it_was_made_for():
    s = GAME.new_state(2, 8)
    while s.decision.kind != "turn":
        s.apply(s.legal_actions()[0])
    bot = HeuristicAgent()
    rng = Rng(0)
    bot.act(s.clone(), rng)
    assert bot.planned == (s.turns_taken, s.current_player)
    bot.plan = ["done"]                                   # a stale plan from another position
    bot.planned = (s.turns_taken + 5, s.current_player)
    other = GAME.new_state(2, 9)
    while other.decision.kind != "turn":
        other.apply(other.legal_actions()[0])
    other.apply("pilgrimage")
    action = bot.act(other, rng)
    assert action in other.legal_actions() and bot.plan == []


def test_TU_2_5_render_before_the_deities_are_chosen():
    s = GAME.new_state(3, 1, {"deities": "choose"})
    text = GAME.render_text(s.view(0))
    assert "Seats 0 (you) (to play), 1, 2: no deity chosen yet" in text and "choose your deity" in text
    s.apply("choose Aeoris")
    text = GAME.render_text(s.view(0))
    assert "Seat 2 Aeoris [Ae]" in text and "Seats 0 (you) (to play), 1: no deity chosen yet" in text


def test_match_stats_report_deities_positions_length_and_choices():
    """Designer statistics for `simulate`: one label per seat, rounds, and counts read from the history."""
    import theogony
    from theogony.core import Rng

    game = theogony.load("theurgy")
    state = game.new_state(3, 5)
    rng = Rng(1)
    while not state.is_terminal():
        state.step(rng.choice(state.legal_actions()))
    stats = game.match_stats(state)
    assert sorted(stats["labels"]["turn position"]) == ["1", "2", "3"]
    assert stats["labels"]["deity"] == [seat.deity for seat in state.seats]
    assert stats["numbers"]["rounds"] == state.turns_taken / 3
    assert stats["counts"]["action: pilgrimage"] == state.history.count("pilgrimage")
    assert sum(v for k, v in stats["counts"].items() if k.startswith("won by: ")) == 1


def test_R_19_the_heuristic_takes_an_owed_miracle_or_summon_when_its_memo_would_skip_them_all():
    """Seed 353 of two heuristic seats once reached a Divine Intervention that owed a miracle or a
    summon while the heuristic's memo of helpful options skipped every one of them (StopIteration)."""
    from theogony.arena import play_match

    result = play_match("theurgy", ["heuristic", "heuristic"], seed=353)
    assert result.error is None and result.outcome is not None
