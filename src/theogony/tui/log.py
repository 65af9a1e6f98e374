"""The table's log lines: every event a seat may see, credited to its actor, the actor named once.

Kemet's and Teomachia's events name their seat first ("seat 2 chooses Orrun"); crediting such a
line again ("seat 2 (random): seat 2 chooses Orrun") only costs the narrow log panel its width, so
the credit takes the place of that name instead ("seat 2 (random) chooses Orrun"). Events that name
their actor otherwise (a deity, a colour) or not at all keep the credit in front.
"""

from __future__ import annotations

import re

from theogony.core import Event
from theogony.play import Session


def log_lines(session: Session, entries: list[tuple[int, Event]], viewer: int | None) -> list[str]:
    """The lines of `entries` as `viewer` sees them (None: a spectator's eyes)."""
    lines = []
    for actor, event in entries:
        shown = event.seen_by(viewer)
        if shown is not None:
            lines.append(credited_line(session, actor, viewer, shown.text))
    return lines


def credited_line(session: Session, actor: int, viewer: int | None, text: str) -> str:
    """`text` credited to `actor`: its own leading `seat N` replaced by the seat's label, or the
    label in front."""
    if actor != Event.BY_GAME:
        named = re.match(rf"seat {actor}(?!\d)", text)
        if named:
            label = session.seat_label(actor) + (" (you)" if actor == viewer else "")
            return label + text[named.end():]
    return f"{session.credit(actor, viewer)}: {text}"
