"""The seeded corpus (tests/corpus/corpus.py): the same seeds give the same legal actions, events,
views and results at every step as when the corpus was recorded, for every configuration."""

from __future__ import annotations

from typing import Any

import pytest

import theogony

from .corpus import fingerprint, heuristic_actions, load_corpus

CORPUS = load_corpus()


def _first_difference(recorded: list[str], now: list[str]) -> str:
    for index, (a, b) in enumerate(zip(recorded, now)):
        if a != b:
            return f"first differs at step {index + 1}"
    return f"lengths differ: recorded {len(recorded)} steps, now {len(now)}"


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_same_behaviour_as_recorded(name: str) -> None:
    entry: dict[str, Any] = CORPUS[name]
    game = theogony.load(entry["game"])
    for recorded in entry["games"]:
        label = f"{name} {recorded['kind']} seed {recorded['seed']}"
        if recorded["kind"] == "heuristic":
            now_actions = heuristic_actions(game, entry["players"], entry["variant"],
                                            recorded["seed"])
            assert now_actions == recorded["actions"], f"{label}: the heuristic plays differently"
        now = fingerprint(game, entry["players"], entry["variant"], recorded["seed"],
                          recorded["actions"])
        assert now["steps"] == recorded["steps"], f"{label}: " + _first_difference(
            recorded["steps"], now["steps"])
        assert now["final"] == recorded["final"], f"{label}: final views or outcome differ"


def test_corpus_covers_every_configuration() -> None:
    from theogony.core.registry import installed_games

    from tests.contract.configs import all_configs, config_id

    installed = set(installed_games())   # not the test games other tests register
    assert sorted(config_id(c) for c in all_configs() if c[0] in installed) == sorted(CORPUS)
