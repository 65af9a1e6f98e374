"""theogony: rules-faithful engine, bots and arena for four god-themed board games."""

__version__ = "0.1.0"

from .core.registry import games, load  # noqa: E402

__all__ = ["__version__", "games", "load"]
