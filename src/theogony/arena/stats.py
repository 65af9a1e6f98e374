"""Statistics for tournaments: confidence intervals and many-player ratings."""

from __future__ import annotations

import math
from collections.abc import Sequence


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (fractional successes allowed for shared wins)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class EloRatings:
    """Multiplayer Elo: each game is scored as every pair of seats playing each other, the better
    rank winning (ties draw), with K divided by the number of opponents."""

    def __init__(self, k: float = 24.0, start: float = 1500.0) -> None:
        self.k = k
        self.start = start
        self.ratings: dict[str, float] = {}

    def update(self, names: Sequence[str], ranks: Sequence[int]) -> None:
        n = len(names)
        if n < 2:
            return
        current = [self.ratings.get(name, self.start) for name in names]
        delta = [0.0] * n
        for i in range(n):
            for j in range(n):
                if i == j:
                    continue
                expected = 1 / (1 + 10 ** ((current[j] - current[i]) / 400))
                score = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                delta[i] += self.k / (n - 1) * (score - expected)
        for name, d in zip(names, delta):
            self.ratings[name] = self.ratings.get(name, self.start) + d

    def table(self) -> dict[str, float]:
        return {name: round(r, 1) for name, r in sorted(self.ratings.items(), key=lambda x: -x[1])}
