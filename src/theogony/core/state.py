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

#: How many resamplings of the hidden parts must all agree before an action counts as undoable,
#: and the seed of their generators (streams 0 to UNDO_RESAMPLINGS - 1). Fixed, so the answer
#: depends only on what the acting seat saw and is reproducible (docs/architecture.md, Undo).
UNDO_RESAMPLINGS = 32
UNDO_SEED = 0x756E646F  # "undo"


@dataclass(slots=True)
class State:
    """Common fields of a state. A game's state subclasses this with `@dataclass(slots=True)` and
    implements the hooks marked below. Everything in a state is plain data (see `core.plain`)."""

    GAME_ID: ClassVar[str] = ""
    # the Game that owns this state class; set once by `Game.__init__` (core.game), so the state
    # reaches its game without asking the registry
    GAME: ClassVar[Any]   # the Game (typed Any: core.plain reads these hints at run time)

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
        return type(self).GAME

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
        """Apply like `apply`, and say whether the action may be taken back. It may only when
        nothing hidden from the acting seat before it is visible to that seat after it: the seat's
        view (and the events it sees) after the action must come out the same for every resampling
        of what was hidden from it before (docs/architecture.md, Undo). An action that drew on
        chance (the RNG moved) or an event marked `reveals` is refused at once."""
        seat = self.current_player
        chosen = self.legal_action(action.text if isinstance(action, Action) else str(action))
        before = self.clone()
        rng_before = (self.rng.state, self.rng.inc)
        events = self.step(chosen)
        if (self.rng.state, self.rng.inc) != rng_before or any(e.reveals for e in events):
            return events, False
        return events, before._shows_the_same_whatever_was_hidden(seat, chosen.text,
                                                                  self._seen_after(seat, events))

    def _shows_the_same_whatever_was_hidden(self, seat: int | None, text: str,
                                            seen: tuple[dict[str, Any], list[Event]]) -> bool:
        """True if the action `text`, taken in each of the fixed witness resamplings of what `seat`
        cannot see in this state, shows `seat` exactly `seen`; stops at the first difference."""
        return all(self._seen_after_resampled(seat, text, Rng(UNDO_SEED, stream=k)) == seen
                   for k in range(UNDO_RESAMPLINGS))

    def _seen_after(self, seat: int | None, events: list[Event]) -> tuple[dict[str, Any], list[Event]]:
        """What `seat` sees once an action is applied: its view and the events shown to it."""
        return self.view(seat), [shown for e in events if (shown := e.seen_by(seat)) is not None]

    def _seen_after_resampled(self, seat: int | None, text: str,
                              rng: Rng) -> tuple[dict[str, Any], list[Event]] | None:
        """`_seen_after` for the action `text` taken in a resampling of what `seat` cannot see;
        None if the resampling refuses the action (a determinization must keep the deciding
        seat's legal actions, so that can only be a game's bug, and then no undo)."""
        copy = self.determinize(seat, rng)
        try:
            events = copy.apply(text)
        except IllegalAction:
            return None
        return copy._seen_after(seat, events)

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
        return type(self).GAME.state_document(self)

    def rewards(self) -> tuple[float, ...]:
        return self.outcome().rewards()
