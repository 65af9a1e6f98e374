"""theogony: rules-faithful engine, bots and arena for four god-themed board games."""

from .core.registry import games, load
from .core.version import __version__

__all__ = ["__version__", "games", "load"]
