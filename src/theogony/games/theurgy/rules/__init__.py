"""Theurgy's transitions, one module per area of the rulebook (rule ids of docs/rules/theurgy.md):

- `setup` (TU-2), `turn` (TU-3: the golden rule, the end of a turn), `winning` (TU-4),
- `pilgrimage` (TU-5), `spread_the_word` (TU-6), `intervention` (TU-7: miracles, summoning,
  drawing back to three), `monsters` (TU-8: where monsters and acolytes stand, passive abilities),
  `test_the_faith` (TU-9: conversions, temples, Eseryn's sceptics),
- `map_actions`: the actions whose texts name places, built once per map.

Each module registers the rules of its frames (frames.py) in `RULES`, the game's one table of
frame rules; the miracle, monster and capital-event effects register theirs from `effects.py`,
which builds on these modules (they never call it: they push the frame of an effect instead).
The Game binds `RULES` to the state class.
"""

from __future__ import annotations

from ....core.frames import FrameRules

RULES = FrameRules("theurgy")
