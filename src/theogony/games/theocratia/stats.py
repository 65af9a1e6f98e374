"""Designer statistics of a finished Theocratia game (`Game.match_stats`, aggregated by
`theogony simulate`): win rates per chosen Civ, per colour and per place in the first round's
turn order, score measures, and how often each action was taken (read from the action texts of
the history). The Bot's engine-driven turns are not in the history: with the Bot the game is
replayed from its history to count the actions the Bot resolved, from the events (BOT-4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import tally
from .content import CIV_NAMES, LAST_PAGE, PLAYER_COLOURS
from .rules.setup import first_seat

if TYPE_CHECKING:
    from .state import TheocratiaState

_ORDINALS = ("1st", "2nd", "3rd", "4th")  # place in the first round's turn order (R1)

# action-text prefixes (or exact texts) -> count name; the first match wins
_PREFIXES = (
    ("first player with ", "action 1 first player"),
    ("war/convert with ", "action 2 war/convert"),
    ("expand with ", "action 3 expand"),
    ("factory with ", "action 4 factory"),
    ("barrack with ", "action 5 barrack"),
    ("divine ", "action 6 divination"),
    ("holiday with ", "holiday"),
    ("set the die aside", "die set aside"),
    ("die +1", "die changed (2 Cosmo)"),
    ("die -1", "die changed (2 Cosmo)"),
    ("attack ", "war: attack"),
    ("convert ", "war/expand: conversion tile used"),
    ("pyramid on ", "pyramid built"),
    ("play ", "power card played"),
    ("claim conversion tile", "conversion tile claimed"),
    ("take the End Round Bonus card", "end round bonus card taken"),
)


def _count_name(text: str) -> str | None:
    if text.startswith("discard "):
        return "power card discarded: recolour" if " to recolour " in text else \
            "power card discarded: same-number rule"
    for prefix, name in _PREFIXES:
        if text.startswith(prefix):
            return name
    return None


def _bot_action_counts(state: TheocratiaState) -> dict[str, int]:
    """How often the Bot resolved each action icon (BOT-4.5 .. BOT-4.9), by replaying the game."""
    counts: dict[str, int] = {}
    if state.bot_seat < 0:
        return counts
    replay = state.game.new_state(state.players, state.seed, state.variant)
    for text in state.history:
        action = next((a for a in replay.legal_actions() if a.text == text), None)
        if action is None:
            # the arena's per-seat shares pass a state holding one seat's actions only: the
            # Bot's actions are nobody's share
            return {}
        for event in replay.step(action):
            if event.kind == "bot" and event.text.startswith("the Bot takes"):
                name = "Bot action " + event.text.rsplit(": ", 1)[1]
                counts[name] = counts.get(name, 0) + 1
    return counts


def match_stats(state: TheocratiaState) -> dict[str, Any]:
    counts = tally(state.history, _count_name)
    counts.update(_bot_action_counts(state))
    scores = sorted(state.outcome().scores, reverse=True)
    n = len(state.seats)
    first = first_seat(state.players, state.seed, state.variant)
    return {
        "labels": {"civ": [CIV_NAMES[v] if v >= 0 else "none" for v in state.civ_choice],
                   "colour": [PLAYER_COLOURS[p.colour] for p in state.seats],
                   "turn order": [_ORDINALS[(i - first) % n] for i in range(n)]},
        "numbers": {"winner score": float(scores[0]),
                    "winning margin": float(scores[0] - scores[1]) if n > 1 else 0.0,
                    "mean score": sum(scores) / n,
                    "final Chronicles page (mean of the Civs)":
                        sum(min(c.page, LAST_PAGE) for c in state.civs) / 4},
        "counts": counts,
    }
