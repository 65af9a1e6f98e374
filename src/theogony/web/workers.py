"""The bot worker processes: what each runs first, what it runs per decision, and how they end."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time

import theogony
from theogony.agents import make_agent
from theogony.core import Agent, Rng, State


def watch_parent(parent: int) -> None:
    """Runs first in each bot worker process: the worker ends as soon as the server that started it
    is gone (even after a SIGKILL, which runs no clean-up), and leaves Ctrl-C to the server."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.25)
        os._exit(0)

    threading.Thread(target=watch, name="theogony-parent-watch", daemon=True).start()


def stop_processes(processes: list[multiprocessing.process.BaseProcess], grace: float = 2.0) -> None:
    """Ends worker processes now: a busy worker would otherwise finish its search first."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + grace
    for process in processes:
        process.join(timeout=max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(timeout=1.0)


_WORKER_AGENTS: dict[tuple[str, str], Agent] = {}


def think_in_process(game_id: str, spec: str, state: State, rng: Rng) -> str:
    """Runs in a bot worker process: the agent's choice on a determinized state."""
    agent = _WORKER_AGENTS.get((game_id, spec))
    if agent is None:
        agent = _WORKER_AGENTS[(game_id, spec)] = make_agent(spec, theogony.load(game_id))
    return agent.act(state, rng).text
