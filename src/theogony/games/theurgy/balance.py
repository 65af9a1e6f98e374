"""Balance runs for docs/content/theurgy.md: heuristic bots in every seat, deities dealt at random.

    nice -n 10 .venv/bin/python -m theogony.games.theurgy.balance --players 2,3 --games 1000 \
        --out /tmp/theurgy_balance.jsonl
    .venv/bin/python -m theogony.games.theurgy.balance --table --out /tmp/theurgy_balance.jsonl

Each finished game is appended to the JSON-lines file, so a run can be cut short and resumed with
`--seed` past the seeds already played (a seed that is already in the file is skipped). `--table`
prints the markdown tables of docs/content/theurgy.md from such a file: game length, how games end,
and win rates per deity and per turn position with counts and 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from multiprocessing import Pool

from ...arena.stats import wilson_interval as wilson
from ...core import Rng
from .bots import HeuristicAgent, potential
from .rules import has_won
from .state import DEITIES


# The game has no turn limit (TU-11); a balance game still running after this many decisions is
# stopped and counted as unfinished.
MAX_DECISIONS = 20_000


def play_one(job: tuple[int, int, bool, bool]) -> dict:
    """One game of heuristic bots in every seat; a summary row (with `potentials`: each seat's
    `bots.potential` at the start of every turn, the data `bots.SHARPNESS` is fitted to)."""
    from . import GAME

    players, seed, events, potentials = job
    s = GAME.new_state(players, seed, {"capital_events": events})
    agents = [HeuristicAgent() for _ in range(players)]
    rng = Rng(seed * 31 + 7)
    decisions = 0
    pots: list[list[float]] = []
    while not s.is_terminal() and decisions < MAX_DECISIONS:
        p = s.current_player
        if potentials and s.stack[-1].kind == "turn":
            pots.append([round(v, 3) for v in potential(s)])
        s.step(agents[p].act(s.determinize(p, rng), rng))
        decisions += 1
    out = s.outcome()
    how = has_won(s, s.winner).split(" (")[0] if s.winner >= 0 else "unfinished"
    return {"players": players, "seed": seed, "events": events, "winners": list(out.winners),
            "deities": [seat.deity for seat in s.seats], "first": s.first, "turns": s.turns_taken,
            "decisions": decisions, "how": how, "ranks": list(out.ranks),
            **({"potentials": pots} if potentials else {})}


def _cell(wins: float, n: int) -> str:
    if not n:
        return "-"
    lo, hi = wilson(wins, n)
    w = f"{wins:.0f}" if abs(wins - round(wins)) < 1e-9 else f"{wins:.1f}"
    return f"{100 * wins / n:.1f}% ({w}/{n}; {100 * lo:.0f}–{100 * hi:.0f})"


def table(rows: list[dict]) -> str:
    by_count: dict[int, list[dict]] = defaultdict(list)
    for r in rows:
        by_count[r["players"]].append(r)
    lines = ["| players | games | mean rounds | mean turns | mean decisions | unfinished | "
             "Official Faith | Calling | Spread |",
             "|---|---|---|---|---|---|---|---|---|"]
    for n in sorted(by_count):
        rs = by_count[n]
        how = Counter(r["how"] for r in rs)
        turns = sum(r["turns"] for r in rs) / len(rs)
        decisions = sum(r["decisions"] for r in rs) / len(rs)
        limit = how["unfinished"]
        lines.append(f"| {n} | {len(rs)} | {turns / n:.1f} | {turns:.1f} | {decisions:.0f} | "
                     f"{limit} ({100 * limit / len(rs):.1f}%) | {how['Establish the Official Faith']} | "
                     f"{how['Fulfil Your Calling']} | {how['Spread Across the Land']} |")
    lines += ["", "Win rate per deity: wins / games it played (95% interval, in percent); a shared "
              "first place of an unfinished game (ranked by temple points) counts as a fraction of a win.", ""]
    order = ("Lutraz", "Orrun", "Kelerix", "Kirjani", "Aeoris", "Eseryn")
    assert sorted(order) == sorted(DEITIES)
    lines.append("| players (fair) | " + " | ".join(order) + " |")
    lines.append("|---|" + "---|" * len(order))
    for n in sorted(by_count):
        played: Counter = Counter()
        won: Counter = Counter()
        for r in by_count[n]:
            for i, d in enumerate(r["deities"]):
                played[d] += 1
                if i in r["winners"]:
                    won[d] += 1 / len(r["winners"])
        lines.append(f"| {n} ({100 / n:.1f}%) | " + " | ".join(_cell(won[d], played[d]) for d in order) + " |")
    lines += ["", "Win rate per turn position (1 = the starting player):", ""]
    lines.append("| players | " + " | ".join(str(k) for k in range(1, 7)) + " |")
    lines.append("|---|" + "---|" * 6)
    for n in sorted(by_count):
        rs = by_count[n]
        won = Counter()
        for r in rs:
            for w in r["winners"]:
                won[(w - r["first"]) % n] += 1 / len(r["winners"])
        cells = [_cell(won[k], len(rs)) if k < n else "" for k in range(6)]
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--games", type=int, default=100, help="games per player count")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--events", action="store_true", help="with the capital events variant")
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--out", default="/tmp/theurgy_balance.jsonl")
    ap.add_argument("--table", action="store_true", help="print the tables of the file and stop")
    ap.add_argument("--potentials", action="store_true", help="also record the potentials per turn")
    args = ap.parse_args()
    if args.table:
        with open(args.out, encoding="utf-8") as f:
            print(table([json.loads(line) for line in f]))
        return
    done = set()
    try:
        with open(args.out, encoding="utf-8") as f:
            done = {(r["players"], r["seed"], r["events"], args.potentials) for r in map(json.loads, f)}
    except FileNotFoundError:
        pass
    jobs = [(n, args.seed + k, args.events, args.potentials) for k in range(args.games)
            for n in (int(x) for x in args.players.split(","))]
    jobs = [j for j in jobs if j not in done]
    start = time.time()
    with open(args.out, "a", encoding="utf-8") as out:
        results = map(play_one, jobs) if args.jobs == 1 else Pool(args.jobs).imap_unordered(play_one, jobs)
        for k, row in enumerate(results, 1):
            out.write(json.dumps(row) + "\n")
            out.flush()
            if k % 50 == 0:
                print(f"{k}/{len(jobs)} games, {time.time() - start:.0f}s", flush=True)


if __name__ == "__main__":
    main()
