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


def test_a_drawing_builds_the_pattern_of_its_labels_once() -> None:
    """The board and the cards panel of one decision are underlined with the same places: the
    pattern of those labels is built once and reused; what it finds does not depend on the order."""
    from rich.text import Text

    from theogony.tui.places import label_pattern, pattern_of_labels, shown_labels, underline

    pattern_of_labels.cache_clear()
    places = {"Movement I", "Movement II", "Holy Shield"}
    board = underline(Text("Movement II | Movement I"), places)
    cards = underline(Text("Holy\nShield: a tile"), set(sorted(places, reverse=True)))
    assert pattern_of_labels.cache_info().misses == 1 and pattern_of_labels.cache_info().hits == 1
    assert [span.style.meta["@click"] for span in board.spans] == \
        ["app.place('Movement II')", "app.place('Movement II')", "app.place('Movement I')",
         "app.place('Movement I')"]
    assert {span.style.meta["@click"] for span in cards.spans} == {"app.place('Holy Shield')"}
    assert label_pattern(["a", "b", ""]) is label_pattern(["b", "a"])
    assert label_pattern(["", None]) is None
    assert shown_labels("Movement II", places) == {"Movement II"}
