"""Statistics for tournaments: confidence intervals, a two-proportion test, and many-player
ratings (openskill's Plackett-Luce model)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (fractional successes allowed for shared wins)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def two_proportion_test(successes_a: float, trials_a: int, successes_b: float,
                        trials_b: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test that both rates are equal. It takes
    fractional successes (a shared win counts as a fraction), which Fisher's exact test does not;
    1.0 when either side has no trials or the pooled rate is 0 or 1 (nothing to tell apart)."""
    if trials_a == 0 or trials_b == 0:
        return 1.0
    pooled = (successes_a + successes_b) / (trials_a + trials_b)
    variance = pooled * (1 - pooled) * (1 / trials_a + 1 / trials_b)
    if variance <= 0:
        return 1.0
    z = (successes_a / trials_a - successes_b / trials_b) / math.sqrt(variance)
    return math.erfc(abs(z) / math.sqrt(2))


class Ratings:
    """Plackett-Luce ratings (openskill) from each game's ranks: every seat a team of one, tied
    seats sharing a rank. Each rating has a mean `mu`, an uncertainty `sigma` and a conservative
    `ordinal` (mu - 3 sigma) to sort by. An agent seated more than once in one game (self-play)
    gets the sum of its seats' changes of mu and the smallest of their sigmas."""

    def __init__(self) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.ratings: dict[str, Any] = {}

    def _rating(self, name: str) -> Any:
        if name not in self.ratings:
            self.ratings[name] = self.model.rating(name=name)
        return self.ratings[name]

    def update(self, names: Sequence[str], ranks: Sequence[int]) -> None:
        if len(names) < 2:
            return
        before = {name: (self._rating(name).mu, self._rating(name).sigma) for name in names}
        teams = [[self.model.rating(mu=before[n][0], sigma=before[n][1], name=n)] for n in names]
        rated = self.model.rate(teams, ranks=list(ranks))
        mu_change: dict[str, float] = {}
        sigma: dict[str, float] = {}
        for name, (new,) in zip(names, rated):
            mu_change[name] = mu_change.get(name, 0.0) + new.mu - before[name][0]
            sigma[name] = min(sigma.get(name, math.inf), new.sigma)
        for name, change in mu_change.items():
            self.ratings[name] = self.model.rating(mu=before[name][0] + change, sigma=sigma[name],
                                                   name=name)

    def table(self) -> dict[str, dict[str, float]]:
        """{name: {mu, sigma, ordinal}}, best ordinal first."""
        rows = {name: {"mu": round(r.mu, 2), "sigma": round(r.sigma, 2), "ordinal": round(r.ordinal(), 2)}
                for name, r in self.ratings.items()}
        return dict(sorted(rows.items(), key=lambda item: -item[1]["ordinal"]))
