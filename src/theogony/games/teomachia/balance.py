"""Balance report for docs/content/teomachia.md: heuristic self-play in every mode and player count.

    python -m theogony.games.teomachia.balance [games_per_configuration]

Plays `games` seeded heuristic games (seeds 0..games-1) for 2, 3 and 4 players in the basic game,
the full game and the variant without elimination, and prints Markdown tables: wins per seat and per
deity with 95% Wilson intervals, deals per game, how often each prayer card is taken from the track
when it lies there, and how often each myth card is bought.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from theogony.arena.stats import wilson_interval as wilson
from theogony.core import Rng

from .bots import heuristic_policy
from .content import CARDS, DEITIES, MYTHS
from .game import TeomachiaGame

MODES: dict[str, dict[str, Any]] = {
    "basic": {},
    "full": {"full": True},
    "variant": {"no_elimination": True},
}


@dataclass
class Tally:
    """Counts of one configuration (mode, players)."""

    games: int = 0
    seat_wins: list[float] = field(default_factory=lambda: [0.0] * 4)
    deals: list[int] = field(default_factory=list)
    deity_games: Counter[str] = field(default_factory=Counter)
    deity_wins: Counter[str] = field(default_factory=Counter)
    taken: Counter[str] = field(default_factory=Counter)
    offered: Counter[str] = field(default_factory=Counter)
    myths: Counter[str] = field(default_factory=Counter)
    prayer_phases: int = 0


def play(mode: str, players: int, seed: int, tally: Tally) -> None:
    """One heuristic game, counted into `tally`."""
    game = TeomachiaGame()
    st: Any = game.new_state(players, seed, MODES[mode])
    rng = Rng(seed * 7 + players)
    while not st.is_terminal():
        if st.phase == "prayer" and st.queue and st.current_player == st.queue[0] \
                and st.queue[0] == st.order_from(st.initiative, st.alive_seats())[0]:
            tally.prayer_phases += 1
            for c in st.track:
                if c >= 0:
                    tally.offered[CARDS[c].name] += 1
        action = heuristic_policy(st, rng)
        if action.data[0] == "take":
            tally.taken[CARDS[st.track[action.data[1]]].name] += 1
        elif action.data[0] == "takedeck":
            tally.taken["(top of the prayer deck)"] += 1
        elif action.data[0] == "buy":
            tally.myths[MYTHS[st.seats[st.current_player].myth_deck[-1]].name] += 1
        st.apply(action)
    out = st.outcome()
    tally.games += 1
    tally.deals.append(st.deal)
    for i, s in enumerate(st.seats):
        share = 1 / len(out.winners) if i in out.winners else 0.0
        tally.seat_wins[i] += share
        if st.full:
            tally.deity_games[DEITIES[s.deity].name] += 1
            tally.deity_wins[DEITIES[s.deity].name] += share


def collect(games: int) -> dict[tuple[str, int], Tally]:
    tallies: dict[tuple[str, int], Tally] = {}
    for mode in MODES:
        for players in (2, 3, 4):
            tally = tallies[(mode, players)] = Tally()
            for seed in range(games):
                play(mode, players, seed, tally)
    return tallies


def _rate(wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{wins / n:.3f} ({lo:.2f}–{hi:.2f})" if n else "-"


def report(tallies: dict[tuple[str, int], Tally]) -> str:
    games = next(iter(tallies.values())).games
    lines = [f"Heuristic self-play, {games} games per configuration (seeds 0..{games - 1}); win rates with "
             "95% Wilson intervals; a shared win counts as a fraction.", ""]
    lines += ["| mode | players | seat 0 | seat 1 | seat 2 | seat 3 | deals: mean | median | max |",
              "|---|---|---|---|---|---|---|---|---|"]
    for (mode, players), t in tallies.items():
        cells = [_rate(t.seat_wins[i], t.games) if i < players else "-" for i in range(4)]
        ds = sorted(t.deals)
        lines.append(f"| {mode} | {players} | " + " | ".join(cells)
                     + f" | {sum(ds) / len(ds):.1f} | {ds[len(ds) // 2]} | {ds[-1]} |")
    lines += ["", "Full game, win rate per deity (the heuristic picks one of its two deities at random; "
              "a fair deity wins 1/players of its games):", "",
              "| deity | 2 players | 3 players | 4 players |", "|---|---|---|---|"]
    for d in DEITIES:
        cells = []
        for players in (2, 3, 4):
            t = tallies[("full", players)]
            n = t.deity_games[d.name]
            cells.append(f"{_rate(t.deity_wins[d.name], n)} n={n}" if n else "-")
        lines.append(f"| {d.name} | " + " | ".join(cells) + " |")
    lines += ["", "Prayer cards: share of prayer phases in which the card lay on the track and was taken "
              "(taken / seen, all player counts together):", "",
              "| card | basic | full | variant |", "|---|---|---|---|"]
    names = sorted({n for t in tallies.values() for n in t.offered}
                   | {n for t in tallies.values() for n in t.taken})

    def cell(mode: str, name: str) -> str:
        taken = sum(tallies[(mode, p)].taken[name] for p in (2, 3, 4))
        seen = sum(tallies[(mode, p)].offered[name] for p in (2, 3, 4))
        if name.startswith("("):
            phases = sum(tallies[(mode, p)].prayer_phases for p in (2, 3, 4))
            return f"{taken} picks in {phases} prayer phases"
        return f"{taken / seen:.2f} ({taken}/{seen})" if seen else "-"

    def order(name: str) -> float:
        seen = sum(t.offered[name] for t in tallies.values())
        return -1.0 if name.startswith("(") else (sum(t.taken[name] for t in tallies.values()) / seen
                                                     if seen else 0.0)

    for name in sorted(names, key=lambda n: -order(n)):
        lines.append(f"| {name} | " + " | ".join(cell(m, name) for m in MODES) + " |")
    lines += ["", "Myth cards bought (full game):", "", "| myth card | 2 players | 3 players | 4 players |",
              "|---|---|---|---|"]
    for m in MYTHS:
        lines.append(f"| {m.name} | " + " | ".join(str(tallies[('full', p)].myths[m.name]) for p in (2, 3, 4))
                     + " |")
    return "\n".join(lines)


def run(games: int) -> str:
    return report(collect(games))


if __name__ == "__main__":
    print(run(int(sys.argv[1]) if len(sys.argv) > 1 else 500))
