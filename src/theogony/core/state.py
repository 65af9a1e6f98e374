"""The base of every game state: plain data plus the contract methods of DESIGN §3."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from . import plain
from .errors import IllegalAction
from .rng import Rng
from .types import Action, Decision, Event, Outcome

if TYPE_CHECKING:
    from .game import Game


@dataclass(slots=True)
class State:
    """Common fields of a state. A game's state subclasses this with `@dataclass(slots=True)` and
    implements the hooks marked below. Everything in a state is plain data (see `core.plain`)."""

    GAME_ID: ClassVar[str] = ""

    players: int
    seed: int
    variant: dict[str, Any]
    rng: Rng
    history: list[str]

    # ---- hooks each game implements ---------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None when the game is over."""
        raise NotImplementedError

    @property
    def decision(self) -> Decision | None:
        """The pending decision; None when the game is over."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """Every legal action of the pending decision; empty only when terminal."""
        raise NotImplementedError

    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action (as returned by legal_actions) and say what happened."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def outcome(self) -> Outcome:
        raise NotImplementedError

    def _view(self, player: int | None) -> dict[str, Any]:
        """The game-specific part of `view`: only what `player` (None: a spectator) may see."""
        raise NotImplementedError

    def _resample_hidden(self, player: int | None, rng: Rng) -> None:
        """Resample in place everything hidden from `player`, consistently with what it saw.
        Games with no hidden information keep the default."""

    @property
    def num_seats(self) -> int:
        """Seats that appear in views and outcomes (engine-driven automata included)."""
        return self.players

    # ---- provided -----------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        from .registry import load

        return load(self.GAME_ID)

    def apply(self, action: Action | str) -> list[Event]:
        """Apply a legal action (an Action or its text). Raises IllegalAction, changing nothing."""
        return self.step(self.legal_action(action.text if isinstance(action, Action) else str(action)))

    def legal_action(self, text: str) -> Action:
        """The legal action whose text is `text` (case and spacing forgiven), or IllegalAction
        naming the pending decision and the legal texts."""
        if self.is_terminal():
            raise IllegalAction("the game is over; no action is legal")
        wanted = " ".join(text.split())
        legal = self.legal_actions()
        for candidate in legal:
            if candidate.text == wanted:
                return candidate
        lowered = wanted.lower()
        for candidate in legal:
            if candidate.text.lower() == lowered:
                return candidate
        raise IllegalAction(f"{wanted!r} is not a legal action now", decision=str(self.decision),
                            expected=[a.text for a in legal])

    def apply_undoable(self, action: Action | str) -> tuple[list[Event], bool]:
        """Apply like `apply`, and say whether the action may be taken back: not when it drew on
        chance (the RNG moved) or revealed hidden information (an event marked `reveals`), since
        undoing it would let a player peek. Interfaces never undo across such an action."""
        before = (self.rng.state, self.rng.inc)
        events = self.apply(action)
        undoable = (self.rng.state, self.rng.inc) == before and not any(e.reveals for e in events)
        return events, undoable

    def step(self, action: Action) -> list[Event]:
        """Apply an action taken from `legal_actions()` without checking it again (for search)."""
        events = self._apply(action)
        self.history.append(action.text)
        return events

    def clone(self) -> State:
        return plain.cloner(type(self))(self)

    def determinize(self, player: int | None, rng: Rng) -> State:
        """A copy in which everything hidden from `player` is resampled. The copy's own RNG is
        reseeded (its future chance events are unknown) and its history is dropped (action texts
        can name hidden choices)."""
        copy = self.clone()
        copy.rng = rng.spawn()
        copy.history = []
        copy._resample_hidden(player, rng)
        return copy

    def view(self, player: int | None) -> dict[str, Any]:
        decision = self.decision
        out: dict[str, Any] = {
            "game": self.GAME_ID,
            "players": self.players,
            "seats": self.num_seats,
            "viewer": player,
            "current_player": self.current_player,
            "decision": None if decision is None else {
                "player": decision.player, "kind": decision.kind, "prompt": decision.prompt},
            "terminal": self.is_terminal(),
            "variant": dict(self.variant),
        }
        if out["terminal"]:
            out["outcome"] = self.outcome().to_json()
        out.update(self._view(player))
        return out

    def to_json(self) -> dict[str, Any]:
        from .save import state_document

        return state_document(self)

    def rewards(self) -> tuple[float, ...]:
        return self.outcome().rewards()
