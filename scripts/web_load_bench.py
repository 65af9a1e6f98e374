#!/usr/bin/env python3
"""Load benchmark of the web server: many concurrent matches, latency of action requests.

Starts `python -m theogony.web` on a fresh SQLite file (or --db URL) in a subprocess, then:
  * creates --bot-matches matches whose seats are all bots (they play on the server, in the
    background, for the whole run),
  * creates --matches matches with one human seat each, played by concurrent HTTP clients that wait
    for their turn (long poll), then POST a random legal action with the state version,
and reports the latency of the action POSTs (p50 / p90 / p99 / max), of plain GETs of a seat's
snapshot, throughput and how far the bot matches got. Figures are reported, never asserted.

    .venv/bin/python scripts/web_load_bench.py --game teomachia --matches 32 --bot-matches 16
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def server_cpu(pid: int) -> float:
    """CPU seconds used so far by the server process (Linux /proc; -1 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return -1.0


def server_time(response: httpx.Response) -> float:
    """The server's own handling time (its Server-Timing header), in ms."""
    header = response.headers.get("server-timing", "")
    try:
        return float(header.split("dur=", 1)[1].split(",")[0])
    except (IndexError, ValueError):
        return float("nan")


async def wait_ready(base: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.time() + timeout
    async with httpx.AsyncClient() as client:
        while time.time() < deadline:
            if proc.poll() is not None:
                raise SystemExit(f"the server exited with {proc.returncode}")
            try:
                if (await client.get(base + "/api/games")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


async def player(client: httpx.AsyncClient, base: str, game: str, players: int, bot: str,
                 seed: int, stop_at: float, max_actions: int, post_ms: list[float],
                 get_ms: list[float], errors: list[str], server_ms: list[float]) -> int:
    made = (await client.post(f"{base}/api/matches", json={
        "game": game, "seats": ["human"] + [bot] * (players - 1), "seed": seed})).json()
    headers = {"X-Seat-Token": made["tokens"]["0"]}
    url = f"{base}/api/matches/{made['id']}"
    rng = random.Random(seed)
    t0 = time.perf_counter()
    snap = (await client.get(url, headers=headers)).json()
    get_ms.append((time.perf_counter() - t0) * 1000)
    done = 0
    while time.time() < stop_at and done < max_actions:
        if snap["status"] == "finished":  # start the next match of this client
            made = (await client.post(f"{base}/api/matches", json={
                "game": game, "seats": ["human"] + [bot] * (players - 1),
                "seed": rng.randrange(2**31)})).json()
            headers = {"X-Seat-Token": made["tokens"]["0"]}
            url = f"{base}/api/matches/{made['id']}"
            snap = (await client.get(url, headers=headers)).json()
            continue
        if not snap["your_turn"]:
            snap = (await client.get(url, headers=headers,
                                     params={"since": snap["revision"], "wait": 5})).json()
            continue
        action = rng.choice(snap["legal"])
        t0 = time.perf_counter()
        response = await client.post(f"{url}/actions", headers=headers,
                                     json={"action": action, "version": snap["revision"]})
        post_ms.append((time.perf_counter() - t0) * 1000)
        server_ms.append(server_time(response))
        done += 1
        if response.status_code != 200:
            errors.append(f"{response.status_code}: {response.text[:120]}")
            snap = (await client.get(url, headers=headers)).json()
        else:
            snap = response.json()
        if rng.random() < 0.2:  # a plain refresh now and then, as a page would
            t0 = time.perf_counter()
            await client.get(url, headers=headers)
            get_ms.append((time.perf_counter() - t0) * 1000)
    return done


class RetryingClient(httpx.AsyncClient):
    """Retries a request once when a kept-alive connection was closed under it (a benign race
    between the client's connection pool and the server's keep-alive timeout)."""

    async def send(self, request: httpx.Request, **kwargs):  # type: ignore[override]
        try:
            return await super().send(request, **kwargs)
        except (httpx.ReadError, httpx.RemoteProtocolError, httpx.WriteError):
            return await super().send(request, **kwargs)


async def run(args: argparse.Namespace) -> dict:
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    tmp = tempfile.TemporaryDirectory()
    db = args.db or str(Path(tmp.name) / "bench.sqlite3")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    # the bench chooses its deals and creates many matches from one address: a development server
    proc = subprocess.Popen([sys.executable, "-m", "theogony.web", "--port", str(port), "--db", db,
                             "--allow-seeds", "--create-burst", "100000", "--create-per-minute", "1000000"],
                            env=env, stdout=subprocess.DEVNULL,
                            stderr=None if args.verbose else subprocess.DEVNULL)
    try:
        await wait_ready(base, proc)
        limits = httpx.Limits(max_connections=args.matches * 2 + 20)
        requests = [0]

        async def count(_request: httpx.Request) -> None:
            requests[0] += 1

        async with RetryingClient(timeout=60, limits=limits,
                                     event_hooks={"request": [count]}) as client:
            info = {g["id"]: g for g in (await client.get(base + "/api/games")).json()}
            if args.game not in info:
                raise SystemExit(f"unknown game {args.game!r}; games: {', '.join(info)}")
            players = args.players or info[args.game]["min_players"]
            bot_ids = []
            for i in range(args.bot_matches):
                made = (await client.post(f"{base}/api/matches", json={
                    "game": args.game, "seats": [args.bot] * players, "seed": 10_000 + i})).json()
                bot_ids.append(made["id"])
            post_ms: list[float] = []
            get_ms: list[float] = []
            errors: list[str] = []
            server_ms: list[float] = []
            start = time.time()
            client_cpu0 = time.process_time()
            requests[0] = 0
            cpu0 = server_cpu(proc.pid)
            stop_at = start + args.seconds
            counts = await asyncio.gather(*[
                player(client, base, args.game, players, args.bot, i, stop_at, args.actions,
                       post_ms, get_ms, errors, server_ms) for i in range(args.matches)])
            client_cpu = time.process_time() - client_cpu0
            elapsed = time.time() - start
            total_requests = requests[0]
            cpu = server_cpu(proc.pid) - cpu0
            bot_moves = 0
            bot_finished = 0
            for match_id in bot_ids:
                snap = (await client.get(f"{base}/api/matches/{match_id}")).json()
                bot_moves += snap["steps"]
                bot_finished += snap["status"] == "finished"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        tmp.cleanup()
    return {
        "game": args.game, "players": players, "bot": args.bot,
        "client_matches": args.matches, "bot_matches": args.bot_matches,
        "seconds": round(elapsed, 2), "actions_posted": sum(counts),
        "actions_per_second": round(sum(counts) / elapsed, 1) if elapsed else None,
        "post_ms": {"p50": round(percentile(post_ms, 50), 2), "p90": round(percentile(post_ms, 90), 2),
                    "p99": round(percentile(post_ms, 99), 2), "max": round(max(post_ms, default=0), 2),
                    "mean": round(statistics.fmean(post_ms), 2) if post_ms else None},
        "post_server_ms": {"p50": round(percentile(server_ms, 50), 2),
                           "p99": round(percentile(server_ms, 99), 2)},
        "client_cpu_share": round(client_cpu / elapsed, 2),
        "get_ms": {"p50": round(percentile(get_ms, 50), 2), "p99": round(percentile(get_ms, 99), 2)},
        "requests": total_requests, "requests_per_second": round(total_requests / elapsed, 1),
        "server_cpu_share": round(cpu / elapsed, 2) if cpu >= 0 else None,
        "errors": len(errors), "error_samples": errors[:5],
        "bot_match_moves": bot_moves, "bot_matches_finished": bot_finished,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="teomachia")
    parser.add_argument("--players", type=int, default=None, help="default: the game's minimum")
    parser.add_argument("--matches", type=int, default=32, help="concurrent matches with a client")
    parser.add_argument("--bot-matches", type=int, default=16, help="all-bot matches in the background")
    parser.add_argument("--bot", default="random", help="agent spec of the bot seats")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the clients play")
    parser.add_argument("--actions", type=int, default=10**9, help="at most this many actions per client")
    parser.add_argument("--db", default=None, help="database URL or file (default: a temporary SQLite file)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--verbose", action="store_true", help="show the server's log")
    args = parser.parse_args()
    result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result))
        return
    p = result["post_ms"]
    print(f"{result['game']} ({result['players']} players, bots: {result['bot']}): "
          f"{result['client_matches']} client matches + {result['bot_matches']} bot matches, "
          f"{result['seconds']} s")
    print(f"  action POSTs: {result['actions_posted']} ({result['actions_per_second']}/s), latency ms "
          f"p50 {p['p50']}  p90 {p['p90']}  p99 {p['p99']}  max {p['max']}")
    print(f"  action POSTs, time inside the server (Server-Timing): p50 {result['post_server_ms']['p50']}  "
          f"p99 {result['post_server_ms']['p99']} ms")
    print(f"  load generator CPU: {result['client_cpu_share']} cores (on this machine, with the server)")
    print(f"  all requests: {result['requests']} ({result['requests_per_second']}/s, long polls "
          f"included); server process CPU: {result['server_cpu_share']} cores")
    print(f"  snapshot GETs: latency ms p50 {result['get_ms']['p50']}  p99 {result['get_ms']['p99']}")
    print(f"  bot matches: {result['bot_match_moves']} moves, {result['bot_matches_finished']} finished")
    print(f"  refused requests: {result['errors']} {result['error_samples'] if result['errors'] else ''}")


if __name__ == "__main__":
    main()
