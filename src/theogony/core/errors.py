"""Errors raised by the engine. Each says what was expected, so a person can correct the input."""

from __future__ import annotations


class TheogonyError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(TheogonyError, ValueError):
    """An action that is not legal now. The state is unchanged.

    `reason` says why; `decision` describes what is pending; `rule` cites a rule id when known.
    """

    def __init__(self, reason: str, *, decision: str | None = None, rule: str | None = None,
                 expected: list[str] | None = None) -> None:
        self.reason = reason
        self.decision = decision
        self.rule = rule
        self.expected = expected or []
        parts = [reason]
        if rule:
            parts[0] += f" [{rule}]"
        if decision:
            parts.append(f"pending decision: {decision}")
        if self.expected:
            shown = ", ".join(repr(a) for a in self.expected[:12])
            more = f" (and {len(self.expected) - 12} more)" if len(self.expected) > 12 else ""
            parts.append(f"legal now: {shown}{more}")
        super().__init__("; ".join(parts))


class SetupError(TheogonyError, ValueError):
    """A game cannot be set up as asked: bad player count, unknown variant or value."""


class SaveFormatError(TheogonyError, ValueError):
    """A save file or JSON state that is corrupt or from an incompatible version."""


class UnknownGame(TheogonyError, KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; we want plain text
        return str(self.args[0]) if self.args else "unknown game"


class ContentError(TheogonyError, ValueError):
    """A content data file (cards, tiles, maps) that does not validate. Names file, entry and field."""
