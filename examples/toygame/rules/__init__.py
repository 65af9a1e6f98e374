"""The toy's rules: one module per rulebook area, each registering its frames in RULES."""

from theogony.core.frames import FrameRules

RULES = FrameRules("toy")

from . import automaton, turn  # noqa: E402,F401  (each module registers its frames)

__all__ = ["RULES"]
