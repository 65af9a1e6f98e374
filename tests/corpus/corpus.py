"""The seeded game corpus that guards refactors of the engines (issue 17, docs/architecture.md).

For every game, player count and variant of the contract suite, a few seeded games (random play,
and the game's heuristic on every seat) are played and fingerprinted step by step: the deciding
seat, the decision, every legal action (text and code), the events of the chosen action, the
deciding seat's view every few steps, and at the end every seat's view and the outcome. A
refactor that keeps behaviour gives the same fingerprints; the first differing step is reported.

The corpus pins behaviour through the public contract (views, legal actions, events, outcome),
not the state's JSON: a redesign of the state's fields changes that JSON by design, with the save
schema version raised.

Record anew (only when behaviour is meant to change):
    python -m tests.corpus.corpus            # every game
    python -m tests.corpus.corpus GAME       # only GAME's file; the other games' files are untouched

Each game has its own file (`<game>.json.gz` here), so work on two games never writes the same file.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import theogony
from theogony.arena.match import play_match
from theogony.core import Game, State

from tests.contract.configs import all_configs, config_id

CORPUS_DIR = Path(__file__).parent
RANDOM_SEEDS = (11, 12)
HEURISTIC_SEEDS = (21,)
VIEW_EVERY = 7
MAX_STEPS = 12_000


def _digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def step_print(state: State, step: int) -> dict[str, Any]:
    """What the public contract shows before the step-th decision (0-based)."""
    seat = state.current_player
    legal = state.legal_actions()
    out: dict[str, Any] = {"seat": seat, "decision": str(state.decision),
                           "legal": [[a.code, a.text] for a in legal]}
    if step % VIEW_EVERY == 0:
        out["view"] = state.view(seat)
    return out


def final_print(state: State) -> dict[str, Any]:
    seats = list(range(state.num_seats)) + [None]
    outcome = state.outcome().to_json() if state.is_terminal() else None
    return {"views": [state.view(s) for s in seats], "outcome": outcome,
            "terminal": state.is_terminal()}


def fingerprint(game: Game, players: int, variant: dict[str, Any], seed: int,
                actions: list[str]) -> dict[str, Any]:
    """Replay `actions` and fingerprint every step: one short hash per step and one of the end."""
    state = game.new_state(players, seed, variant)
    steps: list[str] = []
    for index, text in enumerate(actions):
        before = step_print(state, index)
        events = state.apply(text)
        before["events"] = [e.to_json() for e in events]
        steps.append(_digest(before))
    return {"steps": steps, "final": _digest(final_print(state))}


def random_actions(game: Game, players: int, variant: dict[str, Any] | None, seed: int,
                   limit: int = MAX_STEPS) -> list[str]:
    """The action texts of a seeded random game, up to `limit` decisions."""
    state = game.new_state(players, seed, variant)
    rng = random.Random(seed)
    actions: list[str] = []
    while not state.is_terminal() and len(actions) < limit:
        action = rng.choice(state.legal_actions())
        actions.append(action.text)
        state.apply(action)
    return actions


def heuristic_actions(game: Game, players: int, variant: dict[str, Any], seed: int) -> list[str]:
    seats = ["heuristic"] * players
    result = play_match(game, seats, seed=seed, variant=variant, max_decisions=MAX_STEPS)
    return result.actions


def games_of(config: tuple[str, int, dict[str, Any]]) -> list[tuple[str, int]]:
    return [("random", s) for s in RANDOM_SEEDS] + [("heuristic", s) for s in HEURISTIC_SEEDS]


def record(only_game: str | None = None) -> dict[str, Any]:
    """Entries of every configuration, or only of `only_game`'s configurations."""
    corpus: dict[str, Any] = {}
    for config in all_configs():
        game_id, players, variant = config
        if only_game is not None and game_id != only_game:
            continue
        game = theogony.load(game_id)
        entries = []
        for kind, seed in games_of(config):
            make = random_actions if kind == "random" else heuristic_actions
            actions = make(game, players, variant, seed)
            entries.append({"kind": kind, "seed": seed, "actions": actions,
                            **fingerprint(game, players, variant, seed, actions)})
        corpus[config_id(config)] = {"game": game_id, "players": players, "variant": variant,
                                     "games": entries}
        print(config_id(config), [len(e["actions"]) for e in entries], file=sys.stderr)
    return corpus


def corpus_file(game_id: str) -> Path:
    return CORPUS_DIR / f"{game_id}.json.gz"


def load_corpus() -> dict[str, Any]:
    """Every game's entries, from the per-game files."""
    corpus: dict[str, Any] = {}
    for path in sorted(CORPUS_DIR.glob("*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            corpus.update(json.load(handle))
    return corpus


def known_games() -> list[str]:
    return sorted({config[0] for config in all_configs()})


def write_game(game_id: str, entries: dict[str, Any]) -> None:
    path = corpus_file(game_id)
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=9) as handle:
        json.dump(entries, handle, separators=(",", ":"))
    print(f"wrote {path} ({path.stat().st_size} bytes, {len(entries)} configurations)")


def main(arguments: list[str]) -> None:
    games = arguments or known_games()
    unknown = [g for g in games if g not in known_games()]
    if unknown:
        raise SystemExit(f"unknown game {unknown[0]!r}; expected one of {known_games()}")
    for game_id in games:
        write_game(game_id, record(game_id))


if __name__ == "__main__":
    main(sys.argv[1:])
