"""TC-12 Pyramid tokens: taken after building a Pyramid and on reaching a track's end; each gives
its named effect (effects.py) when it can be carried out."""

from __future__ import annotations

from theogony.core import Action, Event

from ..codes import C_CIVPICK, C_TOKEN
from ..content import (BARRACK, CIV_NAMES, FACTORY, HOUSE, N_HEX, PLAYER_COLOURS, TOKEN_IDS,
                       TOKENS)
from ..state import TheocratiaState, TokenChoice, TokenWorship
from .actions import expand_actions
from .conversion import claimed, with_claims
from .effects import TOKEN_EFFECTS
from .tracks import worship

_BUILD_PIECE = {"house": HOUSE, "factory_build": FACTORY, "barrack_build": BARRACK}
_UPGRADE_PIECE = {"factory_upgrade": FACTORY, "barrack_upgrade": BARRACK}


def take_token(s: TheocratiaState, k: int) -> None:
    s.tokens.remove(k)
    if k in s.grid:
        s.grid[s.grid.index(k)] = -1


def token_usable(s: TheocratiaState, seat: int, v: int, k: int) -> bool:
    tid = TOKEN_IDS[k]
    c = s.civs[v]
    col = s.seats[seat].colour
    if tid in _BUILD_PIECE:
        kind = _BUILD_PIECE[tid]
        piece = {HOUSE: c.houses, FACTORY: c.factories, BARRACK: c.barracks}[kind]
        return piece > 0 and bool(expand_actions(s, seat, v, kind))
    if tid in _UPGRADE_PIECE:
        piece = c.factories if _UPGRADE_PIECE[tid] == FACTORY else c.barracks
        return piece > 0 and any(s.hex_civ[h] == v and s.hex_kind[h] == HOUSE
                                 and s.hex_colour[h] == col for h in range(N_HEX))
    return True


def token_legal(s: TheocratiaState, f: TokenChoice) -> list[Action]:
    # R17 every available token may be taken, also one whose effect cannot be carried out (it
    # then gives nothing: taking it denies it to the others)
    return with_claims(s, f, [Action(f"token {TOKENS[k].name}", C_TOKEN + k, ("token", k))
                              for k in sorted(set(s.tokens))])


def token_apply(s: TheocratiaState, f: TokenChoice, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    s.stack.pop()
    seat, v = f.seat, f.civ
    k = a.data[1]
    take_token(s, k)
    p = s.seats[seat]
    if not f.track_end:
        p.tokens.append(k)
    events.append(Event("token", f"{PLAYER_COLOURS[p.colour]} takes the token {TOKENS[k].name}",
                        seat))
    if token_usable(s, seat, v, k):
        TOKEN_EFFECTS[TOKEN_IDS[k]](s, seat, v, events)


def worship_legal(s: TheocratiaState, f: TokenWorship) -> list[Action]:
    return with_claims(s, f, [Action(f"worship from {CIV_NAMES[v]}", C_CIVPICK + v, ("civ", v))
                              for v in range(4)])


def worship_apply(s: TheocratiaState, f: TokenWorship, a: Action, events: list[Event]) -> None:
    if claimed(s, f, a, events):
        return
    s.stack.pop()
    worship(s, f.seat, a.data[1], 1, events)
