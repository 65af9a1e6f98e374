"""The web layer's errors: each carries the HTTP status and the message the client gets."""

from __future__ import annotations

from typing import Any


class WebError(Exception):
    """An error with an HTTP status and a message for the client."""

    status = 400

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra


class NotFound(WebError):
    status = 404


class Forbidden(WebError):
    status = 403


class Conflict(WebError):
    status = 409


class Unavailable(WebError):
    """A stored match this server cannot rebuild (other engine version, unknown game)."""

    status = 409


class TooMany(WebError):
    """A client or seat over one of the server's rate limits; `retry_after` seconds to wait."""

    status = 429


class Busy(WebError):
    """The shared bot workers have more waiting work than the server's bound."""

    status = 503
