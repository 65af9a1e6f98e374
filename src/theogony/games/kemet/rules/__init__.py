"""Kemet's rules, one module per rulebook area (setup, day, build, recruit, acquire, movement,
battle, night), the modes (team, solo, gods) and the view; `RULES` is the table the Game binds to
the state class (docs/architecture.md, "Kemet on frames")."""

from __future__ import annotations

from .table import RULES, KemetRules

__all__ = ["RULES", "KemetRules"]
