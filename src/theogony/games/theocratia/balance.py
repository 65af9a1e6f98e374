"""Balance sweep: many heuristic-vs-heuristic games per player count, reported as a markdown table
for docs/content/theocratia.md.

Run: python -m theogony.games.theocratia.balance PLAYERS GAMES [START] [random|heuristic] [--civ random]
     [--records FILE]

With `--civ random` the setup Civ choice (TC-2.5) is drawn at random (seeded) and the rest of the game
is played by the agent, so the per-Civ win rates are not confounded with seats (the heuristic's own
Civ choice is deterministic). `--records FILE` appends one JSON line per game (seed, action texts,
scores), so positions can be replayed later (evaluation studies) without replaying the agents."""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import Counter

from theogony.core import Rng

from . import GAME
from .bots import Heuristic
from .content import CIV_NAMES

# seat 0 plays first in these measurements (and in their records, replayed by fit_evaluation), so
# the seat tables read as turn order (R1)
RECORD_VARIANT = {"first_player": 0}


class _Random:
    def act(self, state, rng):
        return rng.choice(state.legal_actions())


def sweep(players: int, games: int, start: int = 0, agent_name: str = "heuristic",
          random_civ: bool = False, records: str | None = None) -> dict:
    wins = [0.0] * players
    scores: list[tuple[float, ...]] = []
    actions: Counter[str] = Counter()
    civ_wins: Counter[str] = Counter()
    civ_seated: Counter[str] = Counter()
    decisions = 0
    t0 = time.time()
    agent = Heuristic() if agent_name == "heuristic" else _Random()
    out_file = open(records, "a") if records else None
    for seed in range(start, start + games):
        s = GAME.new_state(players, seed, RECORD_VARIANT)
        rng = Rng(seed + 12345)
        civ_rng = Rng(seed + 54321)
        while not s.is_terminal():
            seat = s.current_player
            f = s.stack[-1]
            if random_civ and f.kind == "civ":
                a = civ_rng.choice(s.legal_actions())
            else:
                a = agent.act(s.determinize(seat, rng), rng)
            if f.kind == "prepare" and a.data[0] in ("place", "divine", "holiday", "aside"):
                kind = a.data[0]
                if kind == "place":
                    actions[str(f.die % 10)] += 1
                elif kind == "divine":
                    actions["6"] += 1
                    actions[f"6->{a.data[2]}"] += 1
                else:
                    actions[kind] += 1
            elif f.kind == "build" and a.data[0] == "pyramid":
                actions["pyramid"] += 1
            elif f.kind == "war":
                actions["convert" if a.data[0] == "convert" else "attack"] += 1
            elif f.kind == "endturn" and a.data[0] == "play":
                actions["power card"] += 1
            elif f.kind in ("draft", "prepare", "endturn") and a.data[0] == "claim":
                actions["claim tile"] += 1
            s.apply(a.text)
            decisions += 1
        out = s.outcome()
        for w in out.winners:
            wins[w] += 1 / len(out.winners)
        for seat in range(players):
            name = CIV_NAMES[s.civ_choice[seat]]
            civ_seated[name] += 1
            if seat in out.winners:
                civ_wins[name] += 1 / len(out.winners)
        scores.append(out.scores)
        if out_file:
            out_file.write(json.dumps({"players": players, "seed": seed, "actions": s.history,
                                       "scores": list(out.scores),
                                       "civs": list(s.civ_choice)}) + "\n")
            out_file.flush()
    if out_file:
        out_file.close()
    flat = [x for sc in scores for x in sc]
    margins = [sorted(sc)[-1] - sorted(sc)[-2] for sc in scores]
    return {
        "players": players, "games": games, "agent": agent_name, "random_civ": random_civ,
        "seconds": round(time.time() - t0, 1),
        "win_rate_by_seat": [round(w / games, 3) for w in wins],
        "mean_score_by_seat": [round(statistics.mean(sc[i] for sc in scores), 2)
                               for i in range(players)],
        "score_mean": round(statistics.mean(flat), 2), "score_sd": round(statistics.pstdev(flat), 2),
        "score_min": min(flat), "score_max": max(flat),
        "score_quartiles": [round(q, 1) for q in statistics.quantiles(flat, n=4)],
        "winner_mean": round(statistics.mean(max(sc) for sc in scores), 2),
        "margin_mean": round(statistics.mean(margins), 2),
        "ties": sum(1 for m in margins if m == 0),
        "civ_seated": {c: civ_seated[c] for c in sorted(civ_seated)},
        "civ_chosen_win_rate": {c: round(civ_wins[c] / civ_seated[c], 3) for c in sorted(civ_seated)},
        "actions_per_game": {k: round(v / games, 2) for k, v in sorted(actions.items())},
        "decisions_per_game": round(decisions / games, 1),
    }


def main(argv: list[str]) -> None:
    args = list(argv)
    random_civ = False
    records = None
    if "--civ" in args:
        i = args.index("--civ")
        random_civ = args[i + 1] == "random"
        del args[i:i + 2]
    if "--records" in args:
        i = args.index("--records")
        records = args[i + 1]
        del args[i:i + 2]
    players = int(args[0])
    games = int(args[1])
    start = int(args[2]) if len(args) > 2 else 0
    name = args[3] if len(args) > 3 else "heuristic"
    print(json.dumps(sweep(players, games, start, name, random_civ, records)))


def solo_sweep(bot: str, difficulty: str, games: int, agent=None, people: int = 1) -> dict:
    """Heuristic (or the given agent) against the Bot: its win rate, scores and the Bot's actions."""
    agent = agent or Heuristic()
    wins = 0.0
    person, robot = [], []
    acts: Counter[str] = Counter()
    t0 = time.time()
    for seed in range(games):
        s = GAME.new_state(people, seed, {"bot": bot, "difficulty": difficulty})
        rng = Rng(seed + 777)
        while not s.is_terminal():
            seat = s.current_player
            a = agent.act(s.determinize(seat, rng), rng)
            for e in s.apply(a.text):
                if e.kind == "bot" and e.text.startswith("the Bot takes"):
                    acts[e.text.rsplit(": ", 1)[1]] += 1
        out = s.outcome()
        best_person = max(out.scores[:people])
        if best_person > out.scores[s.bot_seat]:
            wins += 1
        elif best_person == out.scores[s.bot_seat]:
            wins += 0.5
        person.append(best_person)
        robot.append(out.scores[s.bot_seat])
    total = sum(acts.values()) or 1
    return {"bot": bot, "difficulty": difficulty, "games": games,
            "people_win_rate": round(wins / games, 3),
            "person_mean": round(statistics.mean(person), 1),
            "bot_mean": round(statistics.mean(robot), 1),
            "bot_action_share": {k: round(v / total, 3) for k, v in sorted(acts.items())},
            "seconds": round(time.time() - t0, 1)}


if __name__ == "__main__":
    main(sys.argv[1:])
