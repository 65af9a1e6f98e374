"""Versioned JSON documents: full states (`State.to_json`) and save files (match inputs + actions).

A document carries the format version, the engine version and the game's state schema version.
Loading refuses anything from an incompatible version with a message naming both versions, and
anything malformed with a message naming the bad field; it never guesses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import plain
from .errors import SaveFormatError, TheogonyError
from .registry import load
from .version import __version__

if TYPE_CHECKING:
    from .game import Game
    from .state import State

STATE_FORMAT = "theogony.state"
SAVE_FORMAT = "theogony.save"
FORMAT_VERSION = 1


def engine_version() -> str:
    return __version__


def state_document(state: State) -> dict[str, Any]:
    game = state.game
    return {
        "format": STATE_FORMAT,
        "format_version": FORMAT_VERSION,
        "engine_version": engine_version(),
        "game": game.info.id,
        "schema_version": game.schema_version,
        "state": plain.encode(state),
    }


def _check_header(doc: Any, kind: str, game: Game | None) -> None:
    if not isinstance(doc, dict):
        raise SaveFormatError(f"a {kind} document is a JSON object, got {type(doc).__name__}")
    if doc.get("format") != kind:
        raise SaveFormatError(f"not a {kind} document (format is {doc.get('format')!r})")
    if doc.get("format_version") != FORMAT_VERSION:
        raise SaveFormatError(
            f"this {kind} document has format version {doc.get('format_version')!r}, written by "
            f"theogony {doc.get('engine_version', '?')}; this engine ({engine_version()}) reads "
            f"version {FORMAT_VERSION} only")
    if game is not None:
        if doc.get("game") != game.info.id:
            raise SaveFormatError(f"this document is for game {doc.get('game')!r}, not {game.info.id!r}")
        if doc.get("schema_version") != game.schema_version:
            raise SaveFormatError(
                f"this {game.info.title} document has state schema {doc.get('schema_version')!r}, "
                f"written by theogony {doc.get('engine_version', '?')}; this engine "
                f"({engine_version()}) reads schema {game.schema_version} only")


def state_from_document(game: Game, doc: Any) -> State:
    _check_header(doc, STATE_FORMAT, game)
    state = plain.decode(game.state_class, doc.get("state"), "state")
    game.validate_state(state)
    return state


def save_document(state: State, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """A save file: the inputs of the match and its actions, rebuilt by replay when loaded."""
    game = state.game
    doc = {
        "format": SAVE_FORMAT,
        "format_version": FORMAT_VERSION,
        "engine_version": engine_version(),
        "game": game.info.id,
        "schema_version": game.schema_version,
        "players": state.players,
        "seed": state.seed,
        "variant": dict(state.variant),
        "actions": list(state.history),
    }
    if extra:
        doc.update(extra)
    return doc


def write_save(path: str | Path, state: State, extra: dict[str, Any] | None = None) -> None:
    Path(path).write_text(json.dumps(save_document(state, extra), indent=1) + "\n", encoding="utf-8")


def read_save(path: str | Path) -> tuple[State, dict[str, Any]]:
    """Load a save file: returns the rebuilt state and the whole document."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise SaveFormatError(f"cannot read save file {path}: {exc.strerror or exc}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFormatError(f"{path} is not valid JSON (line {exc.lineno}): {exc.msg}") from None
    return state_from_save(doc), doc


def state_from_save(doc: Any) -> State:
    if not isinstance(doc, dict):
        raise SaveFormatError("a save file is a JSON object")
    try:
        game = load(str(doc.get("game")))
    except TheogonyError as exc:
        raise SaveFormatError(f"save file names an unknown game: {exc}") from None
    _check_header(doc, SAVE_FORMAT, game)
    for key, kind in (("players", int), ("seed", int), ("variant", dict), ("actions", list)):
        if not isinstance(doc.get(key), kind):
            raise SaveFormatError(f"save file field {key!r} must be a {kind.__name__}")
    return game.replay(doc["players"], doc["seed"], doc["variant"], doc["actions"])
