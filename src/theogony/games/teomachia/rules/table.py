"""The table of Teomachia's frame rules; each rules module registers its frames here."""

from __future__ import annotations

from theogony.core import Event
from theogony.core.frames import FrameRules

from ..queries import make_change, order_from
from ..state import TeomachiaState


def after_action(st: TeomachiaState, events: list[Event]) -> None:
    """TM-10.2: a last check, once everything the action set off is done, that no community still
    owes change."""
    for i in order_from(st, st.initiative):
        make_change(st.seats[i].community)


RULES = FrameRules("teomachia", after_action=after_action)
