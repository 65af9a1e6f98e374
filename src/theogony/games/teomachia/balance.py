"""Balance report for docs/content/teomachia.md: heuristic self-play in the full game.

    python -m theogony.games.teomachia.balance [games_per_player_count]

Prints Markdown tables: wins per deity and per seat, deals per game, and how often each prayer card
and myth card is bought.
"""

from __future__ import annotations

import sys
from collections import Counter

from theogony.core import Rng

from .bots import heuristic_policy
from .content import CARDS, DEITIES, MYTHS
from .game import TeomachiaGame


def run(games: int) -> str:
    game = TeomachiaGame()
    deity_games: Counter[str] = Counter()
    deity_wins: Counter[str] = Counter()
    seat_games: Counter[tuple[int, int]] = Counter()
    seat_wins: Counter[tuple[int, int]] = Counter()
    deals: dict[int, list[int]] = {}
    bought: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    myth_bought: Counter[str] = Counter()
    for players in (2, 3, 4):
        deals[players] = []
        for seed in range(games):
            st = game.new_state(players, seed, {"full": True})
            rng = Rng(seed * 7 + players)
            while not st.is_terminal():
                a = heuristic_policy(st, rng)
                if a.data[0] == "take":
                    bought[CARDS[st.track[a.data[1]]].name] += 1
                elif a.data[0] == "takedeck":
                    bought["(top of prayer deck)"] += 1
                elif a.data[0] == "buy":
                    myth_bought[MYTHS[st.seats[st.current_player].myth_deck[-1]].name] += 1
                if st.phase == "prayer" and st.queue and st.current_player == st.queue[0] \
                        and st.queue[0] == st.order_from(st.initiative, st.alive_seats())[0]:
                    for c in st.track:
                        if c >= 0:
                            offered[CARDS[c].name] += 1
                st.apply(a)
            out = st.outcome()
            deals[players].append(st.deal)
            for i, s in enumerate(st.seats):
                name = DEITIES[s.deity].name
                deity_games[name] += 1
                seat_games[(players, i)] += 1
                if i in out.winners:
                    deity_wins[name] += 1 / len(out.winners)
                    seat_wins[(players, i)] += 1 / len(out.winners)
    lines = [f"Heuristic self-play, full game, {games} games for each player count (seeds 0..{games - 1}).", ""]
    lines += ["| deity | games | win rate |", "|---|---|---|"]
    for d in DEITIES:
        g = deity_games[d.name]
        lines.append(f"| {d.name} | {g} | {deity_wins[d.name] / g:.2f} |" if g else f"| {d.name} | 0 | - |")
    lines += ["", "| players | seat 0 | seat 1 | seat 2 | seat 3 | mean deals | max deals |",
              "|---|---|---|---|---|---|---|"]
    for players in (2, 3, 4):
        cells = [f"{seat_wins[(players, i)] / seat_games[(players, i)]:.2f}" if i < players else "-"
                 for i in range(4)]
        ds = deals[players]
        lines.append(f"| {players} | " + " | ".join(cells) + f" | {sum(ds) / len(ds):.1f} | {max(ds)} |")
    lines += ["", "Prayer cards taken in the prayer phase (times taken / times seen on the track at the "
              "start of a prayer phase):", "", "| card | taken | seen |", "|---|---|---|"]
    for name, n in sorted(bought.items(), key=lambda kv: -kv[1]):
        lines.append(f"| {name} | {n} | {offered.get(name, '-')} |")
    lines += ["", "| myth card | bought |", "|---|---|"]
    for m in MYTHS:
        lines.append(f"| {m.name} | {myth_bought[m.name]} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(run(int(sys.argv[1]) if len(sys.argv) > 1 else 100))
