"""Kemet: Rise of the Gods, classic mode for 2 to 6 players (rule ids KM-x.y, docs/rules/kemet.md)."""

from .game import KemetGame

GAME = KemetGame()

__all__ = ["GAME", "KemetGame"]
