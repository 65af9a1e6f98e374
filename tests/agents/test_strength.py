"""The difficulty ladder holds (slow suite): seeded, small matches in which each level must still
beat the one below. The full measurements, with 95% intervals and their commands, are in
docs/bots.md; these thresholds sit below the measured rates so that only a real loss of strength
fails them."""

from __future__ import annotations

import pytest

from theogony.arena.tournament import tournament

pytestmark = pytest.mark.slow

GAMES = ("kemet", "teomachia", "theocratia", "theurgy")


def win_rates(game: str, agents: list[str], games: int, seed: int = 0) -> dict[str, float]:
    """Two-player win rates per agent, seats rotated, every game finished without an error."""
    summary = tournament(game, agents, games, players=2, seed=seed, progress=False).summary()
    assert summary["errors"] == 0 and summary["completed"] == games, summary["error_cases"]
    return {agent: line["rate"] for agent, line in summary["win_rate_by_agent"].items()}


@pytest.mark.parametrize("game", GAMES)
def test_normal_beats_easy(game: str) -> None:
    rates = win_rates(game, ["easy", "normal"], games=40)
    assert rates["normal"] >= 0.6, rates


@pytest.mark.parametrize("game", GAMES)
def test_easy_is_no_random_flailer(game: str) -> None:
    assert win_rates(game, ["easy", "random"], games=20)["easy"] >= 0.8


@pytest.mark.parametrize("game", GAMES)
def test_the_heuristic_beats_random(game: str) -> None:
    assert win_rates(game, ["heuristic", "random"], games=20)["heuristic"] >= 0.85


def test_the_search_beats_normal_in_theurgy() -> None:
    """`hard`'s search at a quarter of its iterations and without its time cap (so the result does
    not depend on the machine's load): it won all 6 of these games (docs/bots.md)."""
    search = "mcts:iterations=100"
    assert win_rates("theurgy", ["normal", search], games=6)[search] >= 0.8


def test_the_whole_turn_search_beats_normal_in_theocratia() -> None:
    """Theocratia's plain `mcts` (400 iterations over whole-turn plans, uncapped): it won 51.5 of
    60 two-player games from seed 1000 (docs/bots.md); these are the first 6 of them."""
    search = "mcts"
    assert win_rates("theocratia", ["normal", search], games=6, seed=1000)[search] >= 0.5


@pytest.mark.parametrize("game", ["kemet", "teomachia"])
def test_the_search_with_the_games_defaults_beats_normal(game: str) -> None:
    """Kemet's and Teomachia's plain `mcts` takes its game's search defaults (heuristic rollouts
    and prior, `MCTS_DEFAULTS`); at a quarter of `hard`'s iterations, uncapped, it must still win
    most of these deals (docs/bots.md: 11 and 9 of 12 at 400 iterations; 0 and 2 of 12 at 100
    with random rollouts)."""
    search = "mcts:iterations=100"
    assert win_rates(game, ["normal", search], games=6)[search] >= 0.5


# More of the same search wins: ten times the iterations (the games' defaults, uncapped) against one
# tenth, 4000 and 400 at a tenth of the budget, since the real pair costs minutes a game here. It is
# Kemet's `expert` rung in small (Kemet's `hard` is now 150 iterations, so the real gap is wider);
# Teomachia's `expert` also rolls out further, and has its own test below.
TEN_TIMES = {"kemet": (25, 250), "teomachia": (40, 400)}


@pytest.mark.parametrize("game", sorted(TEN_TIMES))
def test_ten_times_the_search_beats_the_smaller_one(game: str) -> None:
    """docs/bots.md: the larger search won 9 of 12 in Kemet and 8 of 12 in Teomachia from seed 1000,
    and 4000 iterations beat 400 in 4 of 4 Kemet games and 4 of 6 Teomachia games. These are the
    first 6 deals of the small lines."""
    low, high = (f"mcts:iterations={n}" for n in TEN_TIMES[game])
    assert win_rates(game, [low, high], games=6, seed=1000)[high] >= 0.5


def test_theocratias_expert_search_beats_hards_in_small() -> None:
    """Theocratia's `expert` (sequential halving over the plans, each judged three turns on) against
    `hard` (UCB1 over the plans, judged after the reply), both uncapped at about the playouts their
    time caps buy: a `horizon=3` playout costs about two of the others, so 125 against 100. The
    larger won 8.5 of 12 from seed 1000 and the real levels 76.5 of 100 (docs/bots.md); these are
    the first 6 deals."""
    low, high = "mcts:iterations=100", "mcts:iterations=125:root=halving:horizon=3"
    assert win_rates("theocratia", [low, high], games=6, seed=1000)[high] >= 0.5


def test_theurgys_expert_search_beats_hards_in_small() -> None:
    """Theurgy's `expert` (the fitted evaluation, `evaluation=fitted`) against `hard` (the
    hand-built `evaluate`), both uncapped at 2.5 times the playouts for the larger, as their time
    caps give: 250 iterations against 100. The larger won 9 of 12 from seed 1000 and the real
    levels 86 of 100 (docs/bots.md); these are the first 6 deals."""
    low, high = "mcts:iterations=100", "mcts:iterations=250:evaluation=fitted"
    assert win_rates("theurgy", [low, high], games=6, seed=1000)[high] >= 0.5


def test_teomachias_expert_search_beats_hards_in_small() -> None:
    """Teomachia's `expert` (heuristic rollouts of 30 decisions, `depth=30`) against `hard` (the
    default cut-off of 10), both uncapped at a tenth of the iterations their time caps buy on an
    idle core (about 1,500 and 400): 150 against 40. The larger won 8 of 12 from seed 1000 and the
    real levels 88 of 100 (docs/bots.md); these are the first 6 deals."""
    low, high = "mcts:iterations=40", "mcts:iterations=150:depth=30"
    assert win_rates("teomachia", [low, high], games=6, seed=1000)[high] >= 0.5
