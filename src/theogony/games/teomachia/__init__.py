"""Teomachia (2-4 players): draft, deals with three bidding phases, battles; full game with gods and myths."""

from .game import TeomachiaGame

GAME = TeomachiaGame()

__all__ = ["GAME", "TeomachiaGame"]
