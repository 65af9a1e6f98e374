"""Undo and rebuild: the undo policy after each applied action, and a live match rebuilt from its
stored inputs by replay (its undo stack included)."""

from __future__ import annotations

import theogony
from theogony.core import State, TheogonyError
from theogony.core.save import engine_version

from .checks import version_compatible
from .errors import Unavailable
from .live import LiveMatch, LogEntry, Snapshot, decision_of
from .storage import MatchRecord

MAX_UNDO = 64


def remember_undo(stack: list[Snapshot], seat: int, before: State, log_length: int, human: bool,
                  chance: bool) -> None:
    """The terminal's undo policy after one applied action: a person's decision can be taken back
    while only that person's own decisions, without chance or reveals, came after it."""
    if stack and stack[-1].seat != seat:
        stack.clear()
    if human and not chance:
        stack.append(Snapshot(seat, before, log_length))
        del stack[:-MAX_UNDO]
    else:
        stack.clear()


def undo_candidates_start(actions: list[tuple[int | None, str, float, bool]]) -> int:
    """How many leading stored actions can hold no snapshot of the final undo stack: the stack keeps
    at most MAX_UNDO decisions, all by one person and after any other seat's or a bot's decision, so
    only the last MAX_UNDO actions of the trailing run of one seat's own decisions need the (costly)
    undoability check when a match is rebuilt. A stored action without its seat checks everything."""
    start = len(actions)
    last_seat = actions[-1][0] if actions else None
    while start > 0 and len(actions) - start < MAX_UNDO:
        seat, _text, _at, by_bot = actions[start - 1]
        if seat is None:
            return 0
        if by_bot or seat != last_seat:
            break
        start -= 1
    return start


def rebuild(record: MatchRecord) -> LiveMatch:
    """The live match from its stored inputs, or Unavailable with the reason (never a guess)."""
    current = engine_version()
    try:
        game = theogony.load(record.game)
    except Exception as exc:
        raise Unavailable(f"match {record.id} is a game of {record.game!r}, which this server cannot "
                          f"load: {exc}") from None
    if not version_compatible(record.engine_version, current) or record.schema_version != game.schema_version:
        raise Unavailable(
            f"match {record.id} was saved by theogony {record.engine_version} ({game.info.title} "
            f"schema {record.schema_version}); this server runs theogony {current} (schema "
            f"{game.schema_version}) and will not replay it, so as never to misread it")
    try:
        state = game.new_state(record.players, record.seed, record.variant)
        entries: list[LogEntry] = []
        undo: list[Snapshot] = []
        checked_from = undo_candidates_start(record.actions)
        for number, (seat, text, at, by_bot) in enumerate(record.actions, 1):
            actor = state.current_player if seat is None else seat
            decided = decision_of(state)
            if number <= checked_from:  # cannot be on the undo stack at the end: skip the proof
                events = state.apply(text)
                undo.clear()
            else:
                before = state.clone() if not by_bot else None
                events, undoable = state.apply_undoable(text)
                remember_undo(undo, actor, before, len(entries), not by_bot, not undoable)  # type: ignore[arg-type]
            entries.append(LogEntry(number, actor, text, events, at, decided))
    except (TheogonyError, ValueError) as exc:
        raise Unavailable(f"match {record.id} cannot be replayed by this engine: {exc}") from None
    match = LiveMatch(record, game, state, entries)
    match.undo_stack = [s for s in undo if match.is_human(s.seat)]  # a seat now played by a bot: none
    return match
