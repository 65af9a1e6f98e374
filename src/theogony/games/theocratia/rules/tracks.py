"""TC-9 the tracks: Cosmo, Malus and the Priests on the Temple tracks (which unlock Conversion
tiles, TC-11.2, and give a Pyramid token at the end of the track, TC-12.3)."""

from __future__ import annotations

from theogony.core import Event

from ..content import TRACK_END, UNLOCK_AT
from ..state import TheocratiaState, TokenChoice


def cosmo(s: TheocratiaState, seat: int, n: int) -> None:
    p = s.seats[seat]
    p.cosmo = max(0, min(10, p.cosmo + n))  # TC-9.1


def malus(s: TheocratiaState, seat: int, n: int) -> None:
    """TC-9.2 forward n steps; past 13 the tracker flips and restarts at 1."""
    p = s.seats[seat]
    for _ in range(n):
        if p.malus >= 13:
            if not p.flipped:
                p.flipped = True
                p.malus = 1
            # (a second trip past 13 stays at 13; ruling R10)
        else:
            p.malus += 1


def worship(s: TheocratiaState, seat: int, v: int, n: int, events: list[Event]) -> None:
    """TC-9.3 move Civ v's Priest n steps on `seat`'s Temple track."""
    p = s.seats[seat]
    before = p.priests[v]
    if seat == s.bot_seat and s.high and before >= TRACK_END and n > 0:
        # BOT-3.4 high difficulty: the lowest Priest moves 1 step instead
        v = min(range(4), key=lambda x: (p.priests[x], x))
        before = p.priests[v]
        n = 1
    after = min(TRACK_END, before + n)
    if after == before:
        return
    p.priests[v] = after
    for tile, pos in UNLOCK_AT.items():  # TC-11.2
        if p.tiles[tile] == 0 and after >= pos:
            p.tiles[tile] = 1
    if after >= TRACK_END and not p.end_token and s.tokens and seat != s.bot_seat:
        p.end_token = True  # TC-12.3
        s.stack.append(TokenChoice(seat=seat, civ=v, track_end=True))
