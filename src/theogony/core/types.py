"""The small value types of the engine contract: Action, Decision, Event, Outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Action:
    """One choice a seat can make now.

    `text` is the stable, parseable text form (used in logs, saves, the CLI and the web API) and is the
    action's identity: two actions are equal when their texts are. `code` is the integer code in the
    game's fixed action range (for RL and OpenSpiel). `data` is the game's own payload (plain, hashable).
    """

    text: str
    code: int = field(default=-1, compare=False)
    data: tuple[Any, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Decision:
    """The pending choice: who decides, what kind of choice it is, and a prompt for people."""

    player: int
    kind: str
    prompt: str

    def __str__(self) -> str:
        return f"seat {self.player} - {self.kind}: {self.prompt}"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, narrated in one line.

    `visible_to=None` means every seat sees it. Otherwise only the listed seats see `text`; others see
    `public_text` when given, or nothing. `reveals` marks events that showed hidden information (the
    CLI never undoes across one).

    `actor` credits the event in logs: None (the default) means the seat whose decision produced it,
    a seat number names another seat that did it (an engine-driven seat such as an automaton), and
    `Event.BY_GAME` means the game itself (reveals, phases, scoring). `player` stays the seat the
    event is about, which need not be the one that acted.
    """

    BY_GAME: ClassVar[int] = -1

    kind: str
    text: str
    player: int | None = None
    data: dict[str, Any] | None = field(default=None, compare=False)
    visible_to: tuple[int, ...] | None = None
    public_text: str | None = None
    reveals: bool = False
    actor: int | None = None

    def seen_by(self, seat: int | None) -> Event | None:
        """This event as `seat` (None: a spectator) may see it, or None if hidden from it."""
        if self.visible_to is None or (seat is not None and seat in self.visible_to):
            return self
        if self.public_text is not None:
            return Event(self.kind, self.public_text, self.player, None, None, None, self.reveals,
                         self.actor)
        return None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.player is not None:
            out["player"] = self.player
        if self.data:
            out["data"] = self.data
        if self.actor is not None:
            out["actor"] = self.actor
        return out


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final result. `ranks[i]` is 1 for first place; tied seats share a rank."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]

    @classmethod
    def from_scores(cls, scores: tuple[float, ...] | list[float],
                    tiebreak: tuple[float, ...] | list[float] | None = None) -> Outcome:
        """Rank by score, then by `tiebreak` (higher is better); winners are everyone ranked 1."""
        keys = [(s, tiebreak[i] if tiebreak else 0) for i, s in enumerate(scores)]
        ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        winners = tuple(i for i, r in enumerate(ranks) if r == 1)
        return cls(tuple(float(s) for s in scores), winners, ranks)

    @classmethod
    def win(cls, players: int, winners: tuple[int, ...] | list[int]) -> Outcome:
        """Winners first, everyone else shares second place."""
        scores = tuple(1.0 if i in winners else 0.0 for i in range(players))
        return cls.from_scores(scores)

    def rewards(self) -> tuple[float, ...]:
        """Per-seat reward in [0, 1] for search: 1 for first place, 0 for the last rank present,
        linear by rank in between. Measuring from the last rank present (not the seat count) gives
        a losing team (ranks 1,1,3,3) and everyone behind a sole winner (1,2,2,2) nothing; when all
        seats tie, each gets 0.5, a draw."""
        n = len(self.ranks)
        if n == 1:
            return (1.0 if self.winners else 0.0,)
        last = max(self.ranks)
        if last == 1:
            return tuple(0.5 for _ in self.ranks)
        return tuple((last - r) / (last - 1) for r in self.ranks)

    def win_rewards(self) -> tuple[float, ...]:
        """Per-seat reward counting first place only: the winners share 1, everyone else gets 0
        (a search that should play to win, not to finish second; arena win rates count the same)."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if i in self.winners else 0.0 for i in range(len(self.ranks)))

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "ranks": list(self.ranks)}
