"""Designer statistics for `theogony simulate` (Game.match_stats)."""

import theogony
from theogony.core import Rng


def _finished(variant: dict, seed: int):
    game = theogony.load("teomachia")
    state = game.new_state(3, seed, variant)
    rng = Rng(seed)
    while not state.is_terminal():
        state.step(rng.choice(state.legal_actions()))
    return game, state


def test_full_game_stats_label_each_seat_with_its_deity_and_count_choices():
    game, state = _finished({"full": True}, 4)
    stats = game.match_stats(state)
    assert len(stats["labels"]["deity"]) == 3
    assert stats["numbers"]["deals"] == state.deal
    raises = sum(1 for text in state.history if text.startswith("raise "))
    assert stats["counts"].get("bid: raise", 0) == raises
    taken = sum(1 for text in state.history if text.startswith("take "))
    assert sum(v for k, v in stats["counts"].items() if k.startswith("prayer card taken: ")) == taken


def test_basic_game_has_no_deity_labels():
    game, state = _finished({}, 2)
    assert game.match_stats(state)["labels"] == {}
