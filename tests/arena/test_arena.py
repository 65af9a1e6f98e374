import pytest

from theogony.arena import Ratings, play_match, seat_agents, tournament, two_proportion_test, wilson_interval


def test_play_match_records_everything_needed_to_replay(toy):
    result = play_match(toy, ["random", "random", "random"], seed=8)
    assert result.error is None and result.outcome is not None
    replayed = toy.replay(3, 8, {}, result.actions)
    assert replayed.is_terminal() and replayed.outcome() == result.outcome
    assert result.decisions == len(result.actions) and len(result.think_seconds) == 3


def test_seat_rotation_gives_each_agent_each_seat():
    seatings = [seat_agents(["a", "b"], 2, i) for i in range(4)]
    assert seatings == [["a", "b"], ["b", "a"], ["a", "b"], ["b", "a"]]
    assert seat_agents(["h"], 4, 3) == ["h"] * 4
    assert sorted(seat_agents(["a", "b", "c"], 3, 1)) == ["a", "b", "c"]


def test_tournament_summary_counts_wins_by_seat_and_agent(toy):
    result = tournament("toy", ["mcts:iterations=40", "random"], games=8, players=2, seed=1,
                        progress=False)
    summary = result.summary()
    assert summary["games"] == 8 and summary["errors"] == 0
    assert sum(summary["wins_by_seat"]) == pytest.approx(8)
    assert set(summary["wins_by_agent"]) == {"mcts:iterations=40", "random"}
    assert summary["win_rate_by_agent"]["mcts:iterations=40"]["games_seated"] == 8
    lo, hi = summary["win_rate_by_seat"][0]["ci95"]
    assert 0 <= lo <= summary["win_rate_by_seat"][0]["rate"] <= hi <= 1
    assert set(summary["ratings"]) == {"mcts:iterations=40", "random"}
    assert summary["mean_decisions"] == pytest.approx(sum(m.decisions for m in result.matches) / 8, abs=0.01)
    assert [m.seed for m in result.matches] == list(range(1, 9))


def test_errors_are_captured_with_seed_and_actions(toy, monkeypatch):
    from tests.core import toygame

    original = toygame.ToyState._apply

    def broken(self, action):
        if len(self.history) == 5:
            raise RuntimeError("boom")
        return original(self, action)

    monkeypatch.setattr(toygame.ToyState, "_apply", broken)
    result = play_match(toy, ["random", "random"], seed=2, capture_errors=True)
    assert result.error == "RuntimeError: boom"
    assert len(result.actions) == 5 and "boom" in result.traceback


def test_wilson_interval():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_ratings_come_from_openskill_plackett_luce_with_uncertainty():
    from openskill.models import PlackettLuce

    ratings = Ratings()
    for _ in range(10):
        ratings.update(["a", "b", "c"], [1, 2, 3])
    table = ratings.table()
    assert list(table) == ["a", "b", "c"]
    assert table["a"]["mu"] > table["b"]["mu"] > table["c"]["mu"]
    assert all(row["sigma"] < PlackettLuce().rating().sigma for row in table.values())
    assert table["a"]["ordinal"] == pytest.approx(table["a"]["mu"] - 3 * table["a"]["sigma"], abs=0.02)
    # the first update is exactly openskill's own
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    once = Ratings()
    once.update(["x", "y"], [1, 2])
    assert once.table()["x"]["mu"] == pytest.approx(expected[0][0].mu, abs=0.01)
    assert once.table()["y"]["sigma"] == pytest.approx(expected[1][0].sigma, abs=0.01)


def test_self_play_ratings_stay_at_the_start_mean():
    ratings = Ratings()
    ratings.update(["r", "r", "r"], [1, 2, 3])
    assert ratings.table()["r"]["mu"] == pytest.approx(25.0, abs=0.01)


def test_the_summary_shows_mu_sigma_and_ordinal_per_agent(toy):
    summary = tournament("toy", ["mcts:iterations=40", "random"], games=6, players=2, seed=1,
                         progress=False).summary()
    for row in summary["ratings"].values():
        assert set(row) == {"mu", "sigma", "ordinal"} and row["sigma"] > 0


def test_two_proportion_test():
    assert two_proportion_test(50, 100, 50, 100) == pytest.approx(1.0)
    assert two_proportion_test(30, 100, 70, 100) < 1e-6
    assert two_proportion_test(45, 100, 55, 100) == pytest.approx(0.1573, abs=1e-3)  # z = 1.414
    assert two_proportion_test(0, 0, 3, 10) == 1.0


def test_engine_driven_seats_count_in_the_summary():
    """Theocratia's solo Bot is an extra seat the engine plays: it must appear in the tables."""
    import theogony

    if "theocratia" not in theogony.games():
        pytest.skip("theocratia is not installed")
    result = tournament("theocratia", ["random"], games=2, players=1, seed=3,
                        variant={"bot": "xevron"}, progress=False)
    summary = result.summary()
    assert summary["seats"] == 2 and len(summary["wins_by_seat"]) == 2
    assert sum(summary["wins_by_seat"]) == pytest.approx(2)
    assert summary["win_rate_by_agent"]["automaton"]["games_seated"] == 2


def test_designer_stats_give_win_rates_per_label_and_means_per_game(toy):
    result = tournament("toy", ["random"], games=10, players=2, seed=3, progress=False)
    summary = result.summary()
    by_order = summary["win_rate_by_label"]["turn order"]
    assert by_order["opener"]["games"] == 10 and by_order["follower"]["games"] == 10
    assert by_order["opener"]["wins"] == pytest.approx(summary["wins_by_seat"][0])
    assert by_order["follower"]["wins"] == pytest.approx(summary["wins_by_seat"][1])
    assert summary["numbers"]["decisions"]["mean"] == pytest.approx(summary["mean_decisions"], abs=0.01)
    draws = sum(m.actions.count("draw") for m in result.matches)
    assert summary["counts_per_game"]["draw"] == pytest.approx(draws / 10, abs=0.001)


def test_a_game_past_the_decision_cap_is_truncated_not_won_drawn_or_failed(toy):
    result = play_match(toy, ["random", "random"], seed=2, max_decisions=5)
    assert result.truncated and result.outcome is None and result.error is None
    assert result.decisions == len(result.actions) == 5
    assert result.to_json()["truncated"] is True and result.to_json()["outcome"] is None
    unfinished = toy.replay(2, 2, {}, result.actions)
    assert not unfinished.is_terminal()
    full = play_match(toy, ["random", "random"], seed=2)
    assert not full.truncated and full.to_json()["truncated"] is False
    assert full.actions[:5] == result.actions


def test_a_game_that_ends_exactly_at_the_cap_is_not_truncated(toy):
    length = play_match(toy, ["random", "random"], seed=3).decisions
    result = play_match(toy, ["random", "random"], seed=3, max_decisions=length)
    assert not result.truncated and result.outcome is not None


def test_the_decision_cap_must_be_a_positive_whole_number(toy):
    for bad in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match="max_decisions is a whole number of at least 1"):
            play_match(toy, ["random", "random"], max_decisions=bad)
    with pytest.raises(ValueError, match="max_decisions"):
        tournament("toy", ["random"], games=1, max_decisions=0, progress=False)


def test_tournament_counts_truncated_games_apart_and_leaves_them_out_of_the_win_rates(toy):
    result = tournament("toy", ["random"], games=12, players=2, seed=0, progress=False,
                        max_decisions=14)
    summary = result.summary()
    cut = [m.seed for m in result.matches if m.truncated]
    assert 0 < len(cut) < 12, "the cap should cut some of these games, not all"
    assert summary["truncated"] == len(cut) and summary["truncated_seeds"] == cut
    assert summary["max_decisions"] == 14 and summary["errors"] == 0
    assert summary["completed"] == 12 - len(cut)
    assert sum(summary["wins_by_seat"]) == pytest.approx(summary["completed"])
    assert summary["win_rate_by_agent"]["random"]["games_seated"] == 2 * summary["completed"]


def test_each_seat_gets_its_share_of_the_counts(toy):
    result = play_match(toy, ["random", "random"], seed=4)
    whole = result.stats["counts"]
    shares = result.seat_counts
    assert shares is not None and len(shares) == 2
    for name, total in whole.items():
        assert sum(share.get(name, 0) for share in shares) == total
    assert result.to_json()["seat_counts"] == shares


def test_plain_progress_lines_when_not_on_a_terminal():
    import io

    from theogony.arena.progress import Progress

    stream = io.StringIO()
    with Progress(None, "toy 2p", 20, stream=stream) as advance:
        for _ in range(20):
            advance()
    lines = stream.getvalue().splitlines()
    assert lines[-1].startswith("toy 2p: 20/20, ") and 2 <= len(lines) <= 20
    quiet = io.StringIO()
    with Progress(False, "toy", 3, stream=quiet) as advance:
        advance()
    assert quiet.getvalue() == ""
