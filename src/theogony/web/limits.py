"""The server's limits on shared resources: its settings, a per-client rate limiter for match creation
and a fair scheduler for bot and hint work. See "Threat model" in docs/web.md for the numbers."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ServerSettings:
    """Every limit of one server; the defaults suit a server shared by strangers."""

    allow_seeds: bool = False              # a client may choose a match's seed (development, tests)
    hint_cooldown: float = 5.0             # seconds between the end of a seat's hint and its next one
    bot_queue: int = 128                   # bot and hint jobs that may wait for a worker, all matches
    create_per_minute: float = 10.0        # matches one client address may create, on average
    create_burst: int = 10                 # ... and at once
    expire_after: float = 7 * 24 * 3600.0  # an unfinished match without a change for this long expires
    min_idle_seconds: float = 60.0         # the shortest idle time before another seat may hand over

    def __post_init__(self) -> None:
        for name in ("hint_cooldown", "create_per_minute", "expire_after", "min_idle_seconds"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and 0 <= value < float("inf")):
                raise ValueError(f"server setting {name} must be a finite number >= 0, not {value!r}")
        for name in ("bot_queue", "create_burst"):
            if not (isinstance(getattr(self, name), int) and getattr(self, name) >= 1):
                raise ValueError(f"server setting {name} must be a whole number >= 1")
        for name in ("expire_after", "create_per_minute"):
            if getattr(self, name) == 0:
                raise ValueError(f"server setting {name} must be above 0")


class RateLimiter:
    """A token bucket per client key: `burst` requests at once, then `per_minute` on average."""

    def __init__(self, per_minute: float, burst: int, max_clients: int = 10_000) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self.max_clients = max_clients
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, at)

    def take(self, key: str, now: float | None = None) -> float:
        """0 when the request may go ahead (one token taken), else the seconds until it may."""
        now = time.monotonic() if now is None else now
        tokens, at = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if tokens >= 1:
            self.buckets[key] = (tokens - 1, now)
            self._prune(now)
            return 0.0
        self.buckets[key] = (tokens, now)
        return (1 - tokens) / self.rate if self.rate > 0 else float("inf")

    def _prune(self, now: float) -> None:
        """Forget clients whose bucket has refilled (they lose nothing), so memory stays bounded."""
        if len(self.buckets) <= self.max_clients:
            return
        full = [k for k, (tokens, at) in self.buckets.items()
                if self.rate > 0 and tokens + (now - at) * self.rate >= self.burst]
        for key in full:
            del self.buckets[key]


class QueueFull(Exception):
    """More bot work is waiting than the server's bound allows."""


Job = tuple[Callable[[], Awaitable[Any]], "asyncio.Future[Any]"]


class FairScheduler:
    """Runs bot and hint work on `slots` workers at once. Waiting jobs are queued per match and the
    matches take turns (round robin), so a match with much work cannot delay another match's bot
    by more than one job per match; at most `max_queued` jobs wait in all (QueueFull beyond)."""

    def __init__(self, slots: int, max_queued: int) -> None:
        self.slots = max(1, slots)
        self.max_queued = max_queued
        self.queues: OrderedDict[str, deque[Job]] = OrderedDict()
        self.running = 0
        self.waiting = 0
        self.last: str | None = None  # the match served last: the others go first

    def submit(self, key: str, start: Callable[[], Awaitable[Any]]) -> asyncio.Future[Any]:
        """Queue `start` (a call that begins the work and returns its awaitable) for match `key`."""
        if self.waiting >= self.max_queued:
            raise QueueFull(f"{self.waiting} bot jobs are waiting already")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.queues.setdefault(key, deque()).append((start, future))
        self.waiting += 1
        self._dispatch()
        return future

    def _dispatch(self) -> None:
        while self.running < self.slots and self.queues:
            key = next(iter(self.queues))
            if key == self.last and len(self.queues) > 1:
                self.queues.move_to_end(key)
                key = next(iter(self.queues))
            queue = self.queues[key]
            start, future = queue.popleft()
            self.waiting -= 1
            self.last = key
            if queue:
                self.queues.move_to_end(key)  # this match has had its turn: the others first
            else:
                del self.queues[key]
            if future.cancelled():
                continue
            self.running += 1
            try:
                task = asyncio.ensure_future(start())
            except BaseException as exc:  # the work could not even start
                self.running -= 1
                future.set_exception(exc)
                continue
            task.add_done_callback(lambda done, future=future: self._finished(future, done))

    def _finished(self, future: asyncio.Future[Any], task: asyncio.Future[Any]) -> None:
        self.running -= 1
        if not future.done():
            if task.cancelled():
                future.cancel()
            elif task.exception() is not None:
                future.set_exception(task.exception())  # type: ignore[arg-type]
            else:
                future.set_result(task.result())
        elif not task.cancelled():
            task.exception()  # the caller left: mark the outcome as seen
        self._dispatch()
