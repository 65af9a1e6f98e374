"""Runs the generic contract checks on the test-only toy game, so the suite itself is tested."""

from tests.contract.test_contract import play_checked


def test_toy_game_keeps_the_contract(toy):
    for players in (2, 3):
        for variant in ({}, {"big": True}):
            for seed in range(5):
                play_checked("toy", players, variant, seed)
