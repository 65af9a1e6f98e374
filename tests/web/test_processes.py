"""The bot worker processes of `theogony serve` end with their server, however it ends (issue 15):
a real server in a subprocess on a free loopback port, its workers found in /proc, the server
stopped with SIGTERM or killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")

WORKERS = 2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Alive and not a zombie waiting for its parent to collect it."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start_server(tmp_path: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    command = [sys.executable, "-m", "theogony.cli", "serve", "--port", str(port),
               "--db", str(tmp_path / "web.sqlite3"), "--bot-processes", str(WORKERS)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env={**os.environ, "THEOGONY_DATA": str(tmp_path)})
    deadline = time.time() + 60
    while time.time() < deadline:
        assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2):
                return server, port
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise AssertionError("the server did not start")


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_bot_workers_end_with_their_server(tmp_path, how):
    server, _port = start_server(tmp_path)
    workers: list[int] = []
    try:
        workers = children(server.pid)
        assert len(workers) >= WORKERS, workers
        server.send_signal(how)
        server.wait(timeout=30)
        deadline = time.time() + 5
        while time.time() < deadline and any(running(pid) for pid in workers):
            time.sleep(0.1)
        assert not [pid for pid in workers if running(pid)], "bot workers outlived their server"
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=30)
        for pid in workers:  # never leave them behind, even when the test fails
            if running(pid):
                os.kill(pid, signal.SIGKILL)
