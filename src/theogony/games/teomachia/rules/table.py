"""The table of Teomachia's frame rules; each rules module registers its frames here."""

from __future__ import annotations

from theogony.core.frames import FrameRules

RULES = FrameRules("teomachia")
