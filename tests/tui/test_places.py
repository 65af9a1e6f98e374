"""The terminal table's map clicks use the game's own place map (Game.action_places)."""

from __future__ import annotations

from theogony.tui.places import declared_place_words, place_map


class _Game:
    @staticmethod
    def action_places(view: dict, text: str) -> tuple[str, ...]:
        if text.startswith("move "):
            source, target = text[5:].split(" -> ")
            return (source, target)
        return ()


def test_each_place_maps_to_the_actions_involving_it_and_only_drawn_keys_are_clickable() -> None:
    actions = ["move Mine-2 -> Market-1", "move Mine-2 -> Forest-3", "move Farm-1 -> Market-1",
               "done"]
    places = place_map(_Game(), {}, actions)
    assert places == {"Mine-2": {0, 1}, "Market-1": {0, 2}, "Forest-3": {1}, "Farm-1": {2}}
    # a piece then its destination: the intersection names exactly one move
    assert places["Mine-2"] & places["Market-1"] == {0}
    board = "Mine-2 (2 followers)   Market-1   Temple"
    assert declared_place_words(board, places) == {"Mine-2", "Market-1"}


def test_a_game_without_places_has_an_empty_map() -> None:
    assert place_map(object(), {}, ["done"]) == {}
