"""Progress of a long run on stderr: a rich bar on a terminal, otherwise a plain line now and
then (`label: done/total, elapsed, left`), so logs of runs in CI or under nohup show it too."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

# A plain line at most this often, and at every tenth of the run
_PLAIN_EVERY_SECONDS = 10.0


class Progress:
    """`with Progress(None, "theurgy 3p", 200) as advance: ... advance()`. `enabled`: None picks
    by stderr (a bar on a terminal, plain lines otherwise), False shows nothing, "plain" forces
    plain lines."""

    def __init__(self, enabled: bool | str | None, label: str, total: int,
                 stream: TextIO | None = None) -> None:
        self.stream = stream
        self.label = label
        self.total = total
        self.mode = self._mode(enabled)
        self.bar: Any = None
        self.done = 0
        self.started = 0.0
        self.last_line = 0.0

    def _mode(self, enabled: bool | str | None) -> str:
        if enabled is False:
            return "off"
        if enabled == "plain":
            return "plain"
        from rich.console import Console

        on_terminal = Console(stderr=True).is_terminal if self.stream is None else False
        return "bar" if on_terminal else "plain"

    def __enter__(self) -> Callable[[], None]:
        self.started = self.last_line = time.perf_counter()
        if self.mode == "off":
            return lambda: None
        if self.mode == "plain":
            return self._advance_plain
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)

        self.bar = Bar(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                       TimeElapsedColumn(), TimeRemainingColumn(), console=Console(stderr=True))
        self.bar.__enter__()
        task = self.bar.add_task(self.label, total=self.total)
        return lambda: self.bar.advance(task)

    def _advance_plain(self) -> None:
        self.done += 1
        now = time.perf_counter()
        tenth = max(1, self.total // 10)
        if self.done == self.total or self.done % tenth == 0 or now - self.last_line >= _PLAIN_EVERY_SECONDS:
            self.last_line = now
            elapsed = now - self.started
            left = elapsed / self.done * (self.total - self.done)
            print(f"{self.label}: {self.done}/{self.total}, {elapsed:.0f} s, about {left:.0f} s left",
                  file=self.stream or sys.stderr, flush=True)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)
