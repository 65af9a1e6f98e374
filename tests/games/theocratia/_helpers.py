"""Position builders for Theocratia scenario tests."""

from __future__ import annotations

from theogony.core import Rng
from theogony.core.frames import AUTOMATIC
from theogony.games.theocratia import GAME
from theogony.games.theocratia.content import (BONUS_IDS, CIV_NAMES, EMPTY, HEX_INDEX, HOUSE, PYRAMID, POWER_DEFS,
                                               POWER_KIND)
from theogony.games.theocratia.rules.board import place, remove
from theogony.games.theocratia.rules.setup import build_state
from theogony.games.theocratia.state import (ChooseCiv, PlayerTurns, Prepare, RoundSetup,
                                             TheocratiaFrame, TheocratiaState)

RED, BROWN, BLUE, WHITE = range(4)
MAGENTA, TURQUOISE, VIOLET, PINK = range(4)


def H(hex_id: str) -> int:
    return HEX_INDEX[hex_id]


def die(civ: int, value: int) -> int:
    return civ * 10 + value


def new_game(players: int = 4, seed: int = 0, first: int = 0, colours=None,
             choices=None, variant=None, bonus: str = "barrack") -> TheocratiaState:
    """A game after the Civ choices, at the first draft. `choices` lists the Civ each chooser
    takes, in choosing order (default: lowest free Civ). The current Round Bonus is set to
    `bonus` so that scenario numbers do not depend on the shuffle."""
    variant = GAME.info.resolve_variant(variant or {})
    s = build_state(players, seed, variant, Rng(seed), first=first, colours=colours)
    choices = list(choices or [])
    while s.stack and isinstance(s.stack[-1], ChooseCiv):
        legal = s.legal_actions()
        text = f"choose {CIV_NAMES[choices.pop(0)]}" if choices else legal[0].text
        s.apply(text)
    s.round_bonus[s.round - 1] = BONUS_IDS.index(bonus)
    return s


def clear_board(s: TheocratiaState) -> None:
    """Remove every building but the Fortresses (pieces go back to their Civ areas); monsters stay."""
    for h in range(len(s.hex_kind)):
        if HOUSE <= s.hex_kind[h] <= PYRAMID:
            remove(s, h)


def put(s: TheocratiaState, hex_id: str, civ: int, kind: int) -> int:
    h = H(hex_id)
    if s.hex_kind[h] != EMPTY:
        remove(s, h)
    place(s, civ, h, kind, -1, [])
    return h


def turn(s: TheocratiaState, seat: int, d: int) -> None:
    """Make `seat` hold die `d` at the prepare step of its turn."""
    pending(s, Prepare(seat=seat, die=d))


def pending(s: TheocratiaState, *frames: TheocratiaFrame) -> None:
    """Replace the pending decisions by `frames` (the last decides now), keeping the round's flow
    at the bottom of the stack."""
    s.stack[1:] = list(frames)


def give_card(s: TheocratiaState, seat: int, card_id: str) -> int:
    kind = next(i for i, c in enumerate(POWER_DEFS) if c.id == card_id)
    card = next(i for i, k in enumerate(POWER_KIND) if k == kind and i in s.deck)
    s.deck.remove(card)
    s.seats[seat].hand.append(card)
    return card


def texts(s: TheocratiaState) -> list[str]:
    return [a.text for a in s.legal_actions()]


def end_turns(s: TheocratiaState, events: list | None = None) -> None:
    """Run the end of the round from the moment every turn is over (TC-6)."""
    s.stack = [PlayerTurns(seat=AUTOMATIC, turn_index=s.turns * len(s.seats))]
    s.settle([] if events is None else events)


def start_round(s: TheocratiaState, r: int, events: list | None = None) -> None:
    """Run the setup of round r (TC-3.2) up to its first decision."""
    s.round = r
    s.stack = [RoundSetup(seat=AUTOMATIC)]
    s.settle([] if events is None else events)
