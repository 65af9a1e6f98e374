"""Click targets of the terminal table (issue 18): every place key of the game's place map
(Game.action_places) has a label that the text board or the cards panel shows (Game.text_labels),
and a click on a label keeps the actions of its place. Like tests/web/board_coverage.py for the SVG."""

from __future__ import annotations

import pytest
from rich.text import Text

import theogony
from theogony.tui import TableApp, screen_text
from theogony.tui.places import (cards_text, label_map, labels_of, place_map, shown_labels,
                                  underline, unlabelled_keys)

from tests.corpus.corpus import random_actions

from .pilot import run



class _Game:
    """Two keys share one label, a choice has none, a key without a declared label is its own."""

    @staticmethod
    def action_places(view: dict, text: str) -> tuple[str, ...]:
        return {"take Dominion (ruby)": ("tile-dominion-ruby",),
                "take Dominion (onyx)": ("tile-dominion-onyx",),
                "play Hold the Line": ("battle-hold",), "go to NW-1": ("NW-1",),
                "done": ("done",)}[text]

    @staticmethod
    def text_labels(view: dict, keys) -> dict[str, str | None]:
        named = {"tile-dominion-ruby": "Dominion", "tile-dominion-onyx": "Dominion",
                 "battle-hold": "Hold the Line", "done": None}
        return {key: named[key] for key in keys if key in named}


ACTIONS = ["take Dominion (ruby)", "take Dominion (onyx)", "play Hold the Line", "go to NW-1", "done"]


def test_a_label_keeps_the_actions_of_every_key_it_labels_and_a_choice_has_none():
    places = place_map(_Game(), {}, ACTIONS)
    assert labels_of(_Game(), {}, places)["NW-1"] == "NW-1"
    assert label_map(_Game(), {}, places) == {"Dominion": {0, 1}, "Hold the Line": {2}, "NW-1": {3}}


def test_labels_match_whole_words_the_longest_first_and_across_a_wrapped_line():
    board = "Movement II, Movement I (token) | hand: Ambush; Hold the\n      Line 1/0/2 | Holder"
    assert shown_labels(board, ["Movement I", "Movement II", "Hold the Line", "Hold"]) == {
        "Movement I", "Movement II", "Hold the Line"}
    text = underline(Text(board), {"Hold the Line"})
    underlined = {board[span.start:span.end] for span in text.spans}
    assert underlined == {"Hold", "the", "Line"}  # word by word: no underlined indentation


def test_only_choices_may_go_unshown_and_an_unshown_place_is_reported():
    game = _Game()
    assert unlabelled_keys(game, {}, ACTIONS, "Dominion x2 | NW-1") == {"battle-hold"}
    assert unlabelled_keys(game, {}, ACTIONS, "Dominion Hold the Line NW-1") == set()


#: Seeded random games, one per game (and the player counts and modes whose screens differ most).
COVERAGE = [("kemet", 3, {}), ("kemet", 5, {}), ("kemet", 1, {"mode": "solo"}),
            ("kemet", 3, {"gods_of_egypt": True}), ("theocratia", 3, {}),
            ("theocratia", 1, {"bot": "xevron"}), ("teomachia", 2, {}),
            ("teomachia", 3, {"full": True}), ("theurgy", 3, {}), ("theurgy", 4, {}),
            ("theurgy", 5, {"deities": "choose"})]
DECISIONS = 250


@pytest.mark.parametrize("game_id,players,variant", COVERAGE)
def test_every_place_of_the_legal_actions_is_a_label_on_the_board_or_in_the_cards(
        game_id, players, variant):
    game = theogony.load(game_id)
    known = {c.id: c for c in game.components()}
    state = game.new_state(players, 11, variant)
    missed: dict[str, str] = {}
    for text in random_actions(game, players, variant, 11, DECISIONS):
        view = state.view(state.current_player)
        screen = game.render_text(view) + "\n" + cards_text(game, view, known).plain
        for key in unlabelled_keys(game, view, [a.text for a in state.legal_actions()], screen):
            missed.setdefault(key, str((view.get("decision") or {}).get("kind")))
        state.apply(text)
    assert not missed, f"place keys with no label on the screen (key: decision kind): {missed}"


async def _take_until(app: TableApp, pilot, wanted) -> None:
    """The human seat takes the first action until `wanted(texts)` holds."""
    for _ in range(200):
        if wanted(app.menu.texts):
            return
        app.take(app.menu.texts[0])
        await app.workers.wait_for_complete()
        await pilot.pause()
    raise AssertionError("the decision never came")


def _click_target(lines: list[str], word: str, below: int = 1, left: int = 0) -> tuple[int, int]:
    row = next(y for y, line in enumerate(lines) if y > below and word in line[left:])
    return lines[row].index(word, left) + 1, row


def test_a_click_on_a_space_of_kemets_action_board_keeps_the_token_for_it():
    game = theogony.load("kemet")
    app = TableApp(game, game.new_state(3, 7, {}), ["human", "random", "random"])

    async def script(app, pilot):
        await _take_until(app, pilot, lambda texts: "place token on Movement II" in texts)
        lines = screen_text(app).splitlines()
        board = app.query_one("#board").region
        x, y = _click_target(lines, "Movement II")
        assert board.y <= y < board.bottom  # the seat's action board is above the fold
        await pilot.click(offset=(x, y))
        await pilot.pause()
        shown = [o.id for o in app.query_one("#actions")._options if o.id]
        assert [app.menu.texts[int(i.removeprefix("action-"))] for i in shown] == [
            "place token on Movement II"]
    run(app, script)


def test_a_click_on_a_card_in_the_cards_panel_keeps_the_actions_of_that_card():
    game = theogony.load("teomachia")
    app = TableApp(game, game.new_state(2, 7, {}), ["human", "random"])

    async def script(app, pilot):
        await _take_until(app, pilot, lambda texts: texts[0].startswith("pick "))
        cards = app.query_one("#cards").region
        lines = screen_text(app).splitlines()
        in_panel = [line[cards.x:cards.right] for line in lines[cards.y:cards.bottom]]
        card = next(name for name in (t.removeprefix("pick ") for t in app.menu.texts)
                    if any(f"{name} (" in line for line in in_panel))
        x, y = _click_target(lines, f"{card} (", below=cards.y, left=cards.x)
        await pilot.click(offset=(x, y))
        await pilot.pause()
        kept = app.place_actions[card]
        assert [app.menu.texts[i] for i in kept] == [f"pick {card}"]
        assert app.query_one("#actions").border_subtitle == f"1 of {len(app.menu.texts)}"
    run(app, script)


def test_a_click_on_an_action_of_theurgys_action_board_keeps_that_action():
    game = theogony.load("theurgy")
    app = TableApp(game, game.new_state(3, 7, {}), ["human", "random", "random"])

    async def script(app, pilot):
        await _take_until(app, pilot, lambda texts: "test the faith" in texts or "pilgrimage" in texts)
        action = next(a for a in ("test the faith", "pilgrimage") if a in app.menu.texts)
        title = {"test the faith": "Test the Faith", "pilgrimage": "Pilgrimage"}[action]
        lines = screen_text(app).splitlines()
        board = app.query_one("#board").region
        row = next(y for y, line in enumerate(lines) if line.startswith("Action board", board.x))
        assert board.y <= row < board.bottom          # under the map, without scrolling at 120 x 40
        await pilot.click(offset=(lines[row].index(title) + 1, row))
        await pilot.pause()
        shown = [o.id for o in app.query_one("#actions")._options if o.id]
        assert [app.menu.texts[int(i.removeprefix("action-"))] for i in shown] == [action]
    run(app, script)
