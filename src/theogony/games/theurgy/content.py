"""The content part (core.game.PARTS): every Theurgy component with its text (cards.py loads them
from content/*.toml) and which of them a seat's view shows."""

from __future__ import annotations

from .cards import components
from .render import components_in_view

__all__ = ["components", "components_in_view"]
