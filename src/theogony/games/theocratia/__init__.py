"""Theocratia: alien gods draft dice to steer four Civs (rules: docs/rules/theocratia.md)."""

from .game import TheocratiaGame

GAME = TheocratiaGame()

__all__ = ["GAME", "TheocratiaGame"]
