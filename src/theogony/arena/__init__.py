"""Matches and tournaments between agents, on any game, through the contract alone."""

from .match import DEFAULT_MAX_DECISIONS, MatchResult, play_match
from .stats import EloRatings, wilson_interval
from .tournament import TournamentResult, seat_agents, tournament

__all__ = ["DEFAULT_MAX_DECISIONS", "EloRatings", "MatchResult", "TournamentResult", "play_match", "seat_agents",
           "tournament", "wilson_interval"]
