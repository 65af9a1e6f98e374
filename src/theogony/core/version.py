"""The engine's version, written into every state and save document."""

__version__ = "0.1.0"
