"""From game records (theogony.arena.records) to the figures' numbers: win rates with 95% Wilson
intervals against the fair share, per seat, per turn position, per label of the game's statistics
(deity, Civ, colour, God...) and per card or action when chosen; how often each is chosen; game
lengths. A shared first place counts as a fraction of a win (1/winners), as in `simulate`."""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from theogony.arena.stats import wilson_interval

# a label category that tells each seat's place in the turn order (Theurgy, Theocratia)
_TURN_CATEGORY = re.compile(r"^turn (position|order)$", re.IGNORECASE)


@dataclass(frozen=True)
class Rate:
    """`wins` of `trials` (seat-games); flagged when the fair share lies outside the interval."""

    name: str
    wins: float
    trials: int
    fair: float
    out_of: int = 0   # the seat-games the trials were drawn from, when not all of them (when chosen)

    @property
    def rate(self) -> float:
        return self.wins / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.trials)

    @property
    def flagged(self) -> bool:
        low, high = self.interval
        return self.trials > 0 and not low <= self.fair <= high


@dataclass(frozen=True)
class Mean:
    """A per-game measure: its values over the completed games, mean and a normal 95% interval."""

    name: str
    values: tuple[float, ...]
    floor: float | None = None   # the lowest possible value (0 for counts): the interval stops there

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def half_width(self) -> float:
        n = len(self.values)
        if n < 2:
            return 0.0
        variance = sum((v - self.mean) ** 2 for v in self.values) / (n - 1)
        return 1.96 * math.sqrt(variance / n)

    @property
    def interval(self) -> tuple[float, float]:
        low = self.mean - self.half_width
        return (low if self.floor is None else max(self.floor, low), self.mean + self.half_width)


@dataclass
class Section:
    key: str          # stable across runs, to pair the sections of an A/B comparison
    title: str
    explanation: str
    rates: list[Rate] = field(default_factory=list)
    means: list[Mean] = field(default_factory=list)
    distribution: bool = False   # means drawn as histograms (game length) rather than bars

    @property
    def flagged(self) -> list[str]:
        return [r.name for r in self.rates if r.flagged]


@dataclass
class Analysis:
    """One player count of one game, one content set."""

    game: str
    players: int
    seats: int
    content: str | None
    games: int
    completed: int
    truncated: int
    errors: int
    agents: list[str]
    sections: list[Section]

    def section(self, key: str) -> Section | None:
        return next((s for s in self.sections if s.key == key), None)


def group_records(records: list[dict[str, Any]]) -> dict[tuple[str, int, str | None], list[dict[str, Any]]]:
    """Records by (game, players, content), in a stable order."""
    groups: dict[tuple[str, int, str | None], list[dict[str, Any]]] = defaultdict(list)
    for record in records:
        groups[(record["game"], int(record["players"]), record.get("content"))].append(record)
    return dict(sorted(groups.items(), key=lambda item: (item[0][0], item[0][1], item[0][2] or "")))


def _win_share(record: dict[str, Any], seat: int) -> float:
    winners = record["winners"] or []
    return 1.0 / len(winners) if seat in winners else 0.0


def analyse(records: list[dict[str, Any]]) -> Analysis:
    """The analysis of records of one game, player count and content set."""
    if not records:
        raise ValueError("no records to analyse")
    first = records[0]
    done = [r for r in records if r.get("winners") is not None and not r.get("error")]
    seats = max([int(r["seats"]) for r in done] or [int(first["seats"])])
    agents = sorted({a for r in records for a in r["agents"]})
    by_seat = {n for r in done for counts in (r.get("seat_counts") or []) for n in counts}
    sections = [_seat_section(done, seats), *_label_sections(done, seats), _length_section(done),
                *_chosen_sections(done, by_seat), _win_when_chosen_section(done, seats),
                _tally_section(done, by_seat)]
    return Analysis(first["game"], int(first["players"]), seats, first.get("content"), len(records),
                    len(done), sum(1 for r in records if r.get("truncated")),
                    sum(1 for r in records if r.get("error")), agents,
                    [s for s in sections if s.rates or s.means])


def _seat_section(done: list[dict[str, Any]], seats: int) -> Section:
    rates = [Rate(f"seat {seat}", sum(_win_share(r, seat) for r in done if seat < r["seats"]),
                  sum(1 for r in done if seat < r["seats"]), 1 / seats) for seat in range(seats)]
    return Section("seat", "Win rate per seat",
                   "Seat 0 is the first seat of the table, not necessarily the first to play. "
                   f"Fair share: 1/{seats}.", rates=rates)


def _label_rates(done: list[dict[str, Any]], category: str, seats: int) -> list[Rate]:
    wins: dict[str, float] = defaultdict(float)
    trials: dict[str, int] = defaultdict(int)
    for record in done:
        for seat, label in enumerate(record.get("labels", {}).get(category, [])):
            trials[label] += 1
            wins[label] += _win_share(record, seat)
    return [Rate(label, wins[label], trials[label], 1 / seats) for label in sorted(trials, key=_natural)]


def _natural(text: str) -> tuple[Any, ...]:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def _label_sections(done: list[dict[str, Any]], seats: int) -> list[Section]:
    categories = sorted({c for r in done for c in r.get("labels", {})})
    turn = next((c for c in categories if _TURN_CATEGORY.match(c)), None)
    sections = []
    if turn is not None:
        sections.append(Section(
            "first player", "First-player advantage",
            f"Win rate per place in the turn order (the game's label '{turn}'). "
            f"Fair share: 1/{seats}.", rates=_label_rates(done, turn, seats)))
    else:
        sections.append(Section(
            "first player", "First-player advantage",
            "The game reports no turn order, so this is seat 0 against the others "
            f"(see the seat figure). Fair share: 1/{seats}.",
            rates=[_seat_section(done, seats).rates[0]] if done else []))
    for category in categories:
        if category == turn:
            continue
        sections.append(Section(
            f"label:{category}", f"Win rate per {category}",
            f"Wins of the seats that had each {category}, over the seat-games it was seated. "
            f"Fair share: 1/{seats}.", rates=_label_rates(done, category, seats)))
    return sections


def _length_section(done: list[dict[str, Any]]) -> Section:
    means = [Mean("decisions", tuple(float(r["decisions"]) for r in done))]
    names = sorted({n for r in done for n in r.get("numbers", {})})
    means += [Mean(name, tuple(float(r["numbers"][name]) for r in done if name in r.get("numbers", {})))
              for name in names]
    return Section("length", "Game length and per-game measures",
                   "Distribution over the completed games of the number of decisions and of each "
                   "per-game measure the game reports.", means=means, distribution=True)


def _group(name: str) -> str:
    """The family of a count ("prayer card taken: Gale" -> "prayer card taken"), to keep families
    together in a figure; "" for a name of its own."""
    return name.split(": ", 1)[0] if ": " in name else ""


def _count_means(done: list[dict[str, Any]], names: set[str]) -> list[Mean]:
    """Per family, the most chosen first."""
    means = [Mean(name, tuple(float(r.get("counts", {}).get(name, 0)) for r in done), floor=0.0)
             for name in names]
    return sorted(means, key=lambda m: (_group(m.name), -m.mean, _natural(m.name)))


# more rows than this in one figure are split by family, so each family gets a readable scale
_ROWS_PER_FIGURE = 20


def _chosen_sections(done: list[dict[str, Any]], by_seat: set[str]) -> list[Section]:
    names = {n for r in done for n in r.get("counts", {})}
    chosen = names & by_seat if by_seat else names
    title = "How often each card or action is chosen"
    explanation = "Mean times per game (all seats together), with a 95% interval of the mean."
    families: dict[str, set[str]] = defaultdict(set)
    for name in chosen:
        families[_group(name)].add(name)
    big = sorted(f for f, members in families.items() if f and len(members) >= 3)
    if len(chosen) <= _ROWS_PER_FIGURE or not big:
        return [Section("chosen", title, explanation, means=_count_means(done, chosen))]
    rest = chosen - {n for f in big for n in families[f]}
    sections = [Section(f"chosen:{f}", f"{title}: {f}", explanation, means=_count_means(done, families[f]))
                for f in big]
    if rest:
        sections.append(Section("chosen:other", f"{title}: other", explanation,
                                means=_count_means(done, rest)))
    return sections


def _tally_section(done: list[dict[str, Any]], by_seat: set[str]) -> Section:
    names = {n for r in done for n in r.get("counts", {})} - by_seat if by_seat else set()
    return Section("tallies", "Whole-game tallies",
                   "Counts the game keeps about a whole game rather than one seat's choices (for "
                   "example how it was won): mean per game, so 0.25 means one game in four.",
                   means=_count_means(done, names))


def _win_when_chosen_section(done: list[dict[str, Any]], seats: int) -> Section:
    wins: dict[str, float] = defaultdict(float)
    trials: dict[str, int] = defaultdict(int)
    for record in done:
        for seat, counts in enumerate(record.get("seat_counts") or []):
            for name, times in counts.items():
                if times:
                    trials[name] += 1
                    wins[name] += _win_share(record, seat)
    seat_games = sum(len(r.get("seat_counts") or []) for r in done)
    rates = [Rate(name, wins[name], trials[name], 1 / seats, seat_games)
             for name in sorted(trials, key=_natural)]
    return Section("win when chosen", "Win rate when chosen",
                   "Win rate of the seats that chose each card or action at least once in a game "
                   f"(n: those seat-games, of {seat_games}). Fair share: 1/{seats}; a rate above it "
                   "means choosing it goes with winning (cause or effect: a leading seat may simply "
                   "have more chances to choose it). Something nearly every seat chooses sits at the "
                   "fair share whatever its strength: read its row in the figure above instead.",
                   rates=rates)
