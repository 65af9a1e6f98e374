"""Teomachia's rules, one module per area of the rulebook (docs/rules/teomachia.md): `setup`
(TM-2), `deal` (TM-3, TM-4), `bidding` (TM-5), `deeds` (TM-6, TM-7, TM-11: cards and
responses), `battle` (TM-8.1-8.5), `settlement` (TM-8.6-8.12), `prayer` (TM-9), and the modes:
`full` (TM-15) and `victory` (TM-16). Each registers its frames in `RULES` (`table`)."""

from __future__ import annotations

from . import battle, bidding, deal, deeds, full, prayer, settlement, setup, victory
from .table import RULES

__all__ = ["RULES", "battle", "bidding", "deal", "deeds", "full", "prayer", "settlement", "setup",
           "victory"]
