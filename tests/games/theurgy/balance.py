"""Balance runs for docs/content/theurgy.md (a helper, not a test): heuristic bots in every seat.

    .venv/bin/python -m tests.games.theurgy.balance --players 2,3,4,5,6 --games 1000 --jobs 2 \
        --out /tmp/theurgy_balance.jsonl

Each finished game is appended to the JSON-lines file (so a long run can be cut short and resumed);
`--table` prints the markdown tables from such a file: win rate per deity and per turn position (the
starting player is position 1), mean game length in turns and rounds, how games were won.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter, defaultdict
from multiprocessing import Pool

import theogony
from theogony.core import Rng
from theogony.games.theurgy.bots import HeuristicAgent
from theogony.games.theurgy.rules import has_won


def play_one(job: tuple[int, int, bool]) -> dict:
    players, seed, events = job
    game = theogony.load("theurgy")
    s = game.new_state(players, seed, {"capital_events": events})
    agents = [HeuristicAgent() for _ in range(players)]
    rng = Rng(seed * 31 + 7)
    decisions = 0
    while not s.is_terminal():
        p = s.current_player
        s.step(agents[p].act(s.determinize(p, rng), rng))
        decisions += 1
    out = s.outcome()
    how = has_won(s, s.winner).split(" (")[0] if s.winner >= 0 else "safety limit"
    return {"players": players, "seed": seed, "events": events, "winners": list(out.winners),
            "deities": [seat.deity for seat in s.seats], "first": s.first, "turns": s.turns_taken,
            "decisions": decisions, "how": how}


def table(path: str) -> str:
    rows = [json.loads(line) for line in open(path, encoding="utf-8")]
    lines = []
    by_count: dict[int, list[dict]] = defaultdict(list)
    for r in rows:
        by_count[r["players"]].append(r)
    lines.append("| players | games | mean turns | mean rounds | safety limit | Official Faith | Calling | Spread |")
    lines.append("|---|---|---|---|---|---|---|---|")
    for n in sorted(by_count):
        rs = by_count[n]
        how = Counter(r["how"] for r in rs)
        turns = sum(r["turns"] for r in rs) / len(rs)
        lines.append(f"| {n} | {len(rs)} | {turns:.1f} | {turns / n:.1f} | {how['safety limit']} | "
                     f"{how['Establish the Official Faith']} | {how['Fulfil Your Calling']} | "
                     f"{how['Spread Across the Land']} |")
    lines.append("")
    deities = ("Lutraz", "Orrun", "Kelerix", "Kirjani", "Aeoris", "Eseryn")
    lines.append("Win rate per deity (wins / games it played; fair share 1/players in brackets):")
    lines.append("")
    lines.append("| players | " + " | ".join(deities) + " |")
    lines.append("|---|" + "---|" * len(deities))
    for n in sorted(by_count):
        played, won = Counter(), Counter()
        for r in by_count[n]:
            for i, d in enumerate(r["deities"]):
                played[d] += 1
                if i in r["winners"]:
                    won[d] += 1 / len(r["winners"])
        cells = [f"{100 * won[d] / played[d]:.1f}%" if played[d] else "-" for d in deities]
        lines.append(f"| {n} ({100 / n:.1f}%) | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("Win rate per turn position (1 = starting player):")
    lines.append("")
    lines.append("| players | " + " | ".join(str(k) for k in range(1, 7)) + " |")
    lines.append("|---|" + "---|" * 6)
    for n in sorted(by_count):
        won = Counter()
        for r in by_count[n]:
            for w in r["winners"]:
                won[(w - r["first"]) % n] += 1 / len(r["winners"])
        cells = [f"{100 * won[k] / len(by_count[n]):.1f}%" if k < n else "" for k in range(6)]
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--events", action="store_true")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="/tmp/theurgy_balance.jsonl")
    ap.add_argument("--table", action="store_true")
    args = ap.parse_args()
    if args.table:
        print(table(args.out))
        return
    jobs = [(n, args.seed + k, args.events) for k in range(args.games)
            for n in (int(x) for x in args.players.split(","))]
    start = time.time()
    with Pool(args.jobs) as pool, open(args.out, "a", encoding="utf-8") as out:
        for k, row in enumerate(pool.imap_unordered(play_one, jobs), 1):
            out.write(json.dumps(row) + "\n")
            out.flush()
            if k % 50 == 0:
                print(f"{k}/{len(jobs)} games, {time.time() - start:.0f}s", flush=True)


if __name__ == "__main__":
    main()
