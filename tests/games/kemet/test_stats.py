"""Designer statistics for `theogony simulate` (Game.match_stats)."""

from theogony.core import Rng
from theogony.games.kemet.content import GODS, TILES
from theogony.games.kemet.stats import main_colour

from .helpers import GAME


def _finished(players, variant, seed):
    s = GAME.new_state(players, seed, variant)
    rng = Rng(seed)
    while not s.is_terminal():
        s.step(rng.choice(s.legal_actions()))
    return s


def test_stats_label_colours_and_gods_and_count_action_spaces():
    s = _finished(3, {"gods_of_egypt": True}, 3)
    stats = GAME.match_stats(s)
    assert stats["labels"]["main tile colour"] == [main_colour(pl.tiles) for pl in s.ps]
    assert all(name in {g.name for g in GODS} | {"none"} for name in stats["labels"]["God"])
    assert stats["numbers"]["rounds"] == s.round
    tokens = sum(1 for text in s.history if text.startswith("place token on "))
    assert sum(v for k, v in stats["counts"].items() if k.startswith("action space: ")) == tokens


def test_main_colour_is_mixed_on_a_tie_and_none_without_colour_tiles_and_no_gods_in_classic():
    assert main_colour([]) == "none"
    ruby = [t for t, tile in enumerate(TILES) if tile.colour == "ruby"]
    onyx = [t for t, tile in enumerate(TILES) if tile.colour == "onyx"]
    assert main_colour([ruby[0], onyx[0]]) == "mixed"
    assert main_colour([ruby[0], ruby[1], onyx[0]]) == "ruby"
    classic = _finished(2, {}, 1)
    assert "God" not in GAME.match_stats(classic)["labels"]
