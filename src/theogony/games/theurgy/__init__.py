"""Theurgy (docs/rules/theurgy.md): 2-6 deities compete to have temples built in their honour."""

from .game import TheurgyGame

GAME = TheurgyGame()

__all__ = ["GAME", "TheurgyGame"]
