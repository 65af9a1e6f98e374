"""How easy each Divine Calling is, for the heuristic's choice of the calling it keeps (issue 21).

A calling's ease at a player count is the share of seats whose condition already holds at the first
moment they have X+1 temple points, measured in heuristic self-play (`first_x1_shares`). The shares
live in `content/calling_ease.toml`, each with the card's terms at that count (condition, the number it
counts, the settlement type, the followers its temples must hold); a card whose terms differ from the
measured ones (a retuned card, or an owner's `--content` override) counts as middling (`MIDDLING`)
until the table is regenerated with
`python -m theogony.games.theurgy.calling_ease_table` (calling_ease_table.py: the self-play that
measures the shares, kept apart because it needs the heuristic that reads this module).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from ...core.content import ContentError
from . import cards
from .cards import Calling

TABLE = Path(__file__).with_name("content") / "calling_ease.toml"
MIDDLING = 0.2           # about the median share of the measured callings


def terms(calling: Calling, players: int) -> str:
    """What the condition asks at this player count, as the table records it."""
    tend = calling.tended(players)
    tended = f"/tend{tend}" if tend else ""
    return f"{calling.condition}/{calling.need(players)}/{'+'.join(calling.kinds(players))}{tended}"


def _read(path: Path) -> dict[tuple[int, str], tuple[str, float]]:
    if not path.exists():
        return {}
    try:
        with path.open("rb") as fh:
            rows = tomllib.load(fh).get("ease", [])
        return {(int(r["players"]), str(r["calling"])): (str(r["terms"]), float(r["share"])) for r in rows}
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as exc:
        raise ContentError(f"{path.name}: expected [[ease]] rows with players, calling, terms and share "
                           "(regenerate it with python -m theogony.games.theurgy.calling_ease_table): "
                           f"{exc!r}") from None


_SHARES = _read(TABLE)


def ease(calling_id: str, players: int) -> float:
    """The measured share for this card at this player count, or MIDDLING if its terms changed."""
    calling = cards.CALLING[calling_id]
    row = _SHARES.get((players, calling_id))
    if row is None or row[0] != terms(calling, players):
        return MIDDLING
    return row[1]
