"""One live match: its state, log and seats, and what each seat may see of it.

Nothing leaves here unfiltered: `snapshot(seat)` and `events_for(seat)` build everything from
`state.view(seat)` and `Event.seen_by(seat)`; action texts (which can name hidden choices) are shown
only to the seat that chose them.
"""

from __future__ import annotations

import asyncio
import hmac
import time
from dataclasses import dataclass, field
from typing import Any

from theogony.core import Agent, Event, Game, Rng, State

from .checks import hash_token
from .errors import Forbidden
from .payload import board_payload, components_payload
from .storage import MatchRecord

RECENT_EVENTS = 80


def decision_of(state: State) -> tuple[str, str] | None:
    """The pending decision's kind and prompt: public (every seat's view shows them)."""
    decision = state.decision
    return None if decision is None else (decision.kind, decision.prompt)


@dataclass
class LogEntry:
    index: int            # 1-based number of the action that produced these events
    seat: int | None      # the seat that decided
    action: str
    events: list[Event]
    at: float
    decision: tuple[str, str] | None = None  # the decision's public kind and prompt


@dataclass
class Snapshot:
    seat: int
    state: State
    log_length: int


@dataclass(eq=False)
class Subscriber:
    seat: int | None
    token_hash: str | None = None  # the seat token it came with: dropped once that token is rotated
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class LiveMatch:
    def __init__(self, record: MatchRecord, game: Game, state: State, log_entries: list[LogEntry]):
        self.id = record.id
        self.game = game
        self.players = record.players
        self.seed = record.seed
        self.variant = dict(record.variant)
        self.seats = list(record.seats)
        self.token_hashes = dict(record.token_hashes)
        self.join_hashes = dict(record.join_hashes)  # seats whose join link is not claimed yet
        self.names: list[str | None] = [record.name_of(i) for i in range(record.players)]
        self.open = record.open
        self.rematch = record.rematch
        self.idle_seconds = record.idle_seconds
        self.expired = record.status == "expired"
        self.created_at = record.created_at
        self.updated_at = record.updated_at
        self.revision = record.revision
        self.state = state
        self.log = log_entries
        self.undo_stack: list[Snapshot] = []
        self.agents: dict[str, Agent] = {}
        self.subscribers: set[Subscriber] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.bot_error: str | None = None
        self.rng = Rng(record.seed ^ 0x5EED, stream=11)
        self.last_used = time.time()
        self.hinting: set[int] = set()              # seats whose hint is being computed
        self.hint_ready_at: dict[int, float] = {}   # seat -> monotonic time of its next hint

    # ---- identity ----------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to; None for no token; Forbidden for a wrong one."""
        if token is None or token == "":
            return None
        if not isinstance(token, str) or len(token) > 200:
            raise Forbidden("this token is not valid for this match")
        digest = hash_token(token)
        found = None
        for seat, stored in self.token_hashes.items():
            if hmac.compare_digest(stored, digest):
                found = seat
        if found is None:
            raise Forbidden("this token is not valid for this match (a wrong token, or one whose "
                            "seat was claimed with a join link since)")
        return found

    def controller(self, seat: int) -> str:
        return self.seats[seat] if seat < len(self.seats) else "random"

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat < len(self.seats) and self.seats[seat] == "human"

    @property
    def status(self) -> str:
        if self.state.is_terminal():
            return "finished"
        return "expired" if self.expired else "running"

    def idle_for(self) -> float:
        return max(0.0, time.time() - self.updated_at)

    def claimable(self, seat: int) -> bool:
        """BGA's zombie rule: a human seat that has kept everyone waiting too long."""
        return (self.status == "running" and self.state.current_player == seat
                and self.is_human(seat) and self.idle_for() >= self.idle_seconds)

    # ---- what a seat may see -----------------------------------------------------------------

    def events_for(self, seat: int | None, entries: list[LogEntry],
                   reveal: bool = False) -> list[dict[str, Any]]:
        """The log as `seat` may see it; `reveal` (a finished match's replay): everything, every
        seat's hidden choices included."""
        out = []
        for entry in entries:
            own = reveal or (seat is not None and entry.seat == seat)
            shown_events = []
            for event in entry.events:
                seen = event if reveal else event.seen_by(seat)
                if seen is not None:
                    shown_events.append(seen.to_json())
            item: dict[str, Any] = {"n": entry.index, "seat": entry.seat, "events": shown_events}
            if entry.decision is not None:  # says what kind of choice it was, never the choice
                item["decision"] = {"kind": entry.decision[0], "prompt": entry.decision[1]}
            if own:
                item["action"] = entry.action
            out.append(item)
        return out

    def snapshot(self, seat: int | None) -> dict[str, Any]:
        state = self.state
        view = state.view(seat)
        current = state.current_player
        mine = seat is not None and current == seat and self.is_human(seat) and self.status == "running"
        legal = [a.text for a in state.legal_actions()] if mine else []
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.game.info.id,
            "title": self.game.info.title,
            "players": self.players,
            "seats": [{"seat": i, "controller": "human" if self.is_human(i) else "bot",
                       "agent": None if self.is_human(i) else self.controller(i),
                       "name": self.names[i],
                       "claimable": seat is not None and i != seat and self.claimable(i)}
                      for i in range(self.players)],
            "viewer": seat,
            "revision": self.revision,
            "status": self.status,
            "steps": len(state.history),
            "view": view,
            "decision": view.get("decision"),
            "current_player": current,
            "your_turn": mine,
            "legal": legal,
            "can_undo": bool(seat is not None and self.undo_stack and self.undo_stack[-1].seat == seat
                             and self.is_human(seat)),
            "waiting_seconds": round(self.idle_for(), 1),
            "idle_seconds": self.idle_seconds,
            "events": self.events_for(seat, self.log[-RECENT_EVENTS:]),
            **self.board_payload(view, legal),
            "components": components_payload(self.game, view),
            "controls": self.controls(seat),
            "open": self.open,
            "rematch": self.rematch,
        }
        if state.is_terminal():
            out["outcome"] = state.outcome().to_json()
        if self.bot_error:
            out["bot_error"] = self.bot_error
        return out

    def board_payload(self, view: dict[str, Any], legal: list[str]) -> dict[str, Any]:
        return board_payload(self.game, view, legal)

    def controls(self, seat: int | None) -> list[str]:
        """The seat buttons the client shows: none to a spectator."""
        if seat is None:
            return []
        if self.status == "finished":
            return ["rematch"]
        if self.status != "running":
            return []
        return ["undo", "hint", "to-bot" if self.is_human(seat) else "take-back", "new-link"]

    # ---- changes -----------------------------------------------------------------------------

    def notify(self) -> None:
        for sub in list(self.subscribers):
            sub.changed.set()
