import pytest

from theogony.core import Outcome


def test_ranks_follow_scores_then_tiebreak():
    outcome = Outcome.from_scores([5, 9, 5, 1], tiebreak=[0, 0, 1, 0])
    assert outcome.ranks == (3, 1, 2, 4)
    assert outcome.winners == (1,)


def test_rewards_are_linear_in_rank_from_first_to_last_place():
    assert Outcome.from_scores([4, 3, 2, 1]).rewards() == pytest.approx((1, 2 / 3, 1 / 3, 0))
    assert Outcome.from_scores([4, 3, 3, 1]).rewards() == pytest.approx((1, 2 / 3, 2 / 3, 0))


def test_a_losing_team_and_the_seats_behind_a_sole_winner_get_nothing():
    team_game = Outcome(scores=(1, 1, 0, 0), winners=(0, 1), ranks=(1, 1, 3, 3))
    assert team_game.rewards() == (1.0, 1.0, 0.0, 0.0)
    assert Outcome.win(4, [2]).rewards() == (0.0, 0.0, 1.0, 0.0)


def test_a_full_tie_is_a_draw_and_a_solo_game_is_won_or_lost():
    assert Outcome.from_scores([2, 2, 2]).rewards() == (0.5, 0.5, 0.5)
    assert Outcome.from_scores([3]).rewards() == (1.0,)
    assert Outcome((0.0,), (), (1,)).rewards() == (0.0,)


def test_win_rewards_count_first_place_only_and_share_it():
    assert Outcome.from_scores([4, 3, 2]).win_rewards() == (1.0, 0.0, 0.0)
    assert Outcome.from_scores([4, 4, 2, 1]).win_rewards() == (0.5, 0.5, 0.0, 0.0)
    assert Outcome.from_scores([2, 2]).win_rewards() == (0.5, 0.5)
    assert Outcome((0.0,), (), (1,)).win_rewards() == (0.0,)
