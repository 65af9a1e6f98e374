"""Matches and tournaments between agents, on any game, through the contract alone."""

from .match import DEFAULT_MAX_DECISIONS, MatchResult, play_match
from .stats import Ratings, two_proportion_test, wilson_interval
from .tournament import TournamentResult, seat_agents, tournament

__all__ = ["DEFAULT_MAX_DECISIONS", "MatchResult", "TournamentResult", "play_match", "seat_agents",
           "Ratings", "tournament", "two_proportion_test", "wilson_interval"]
