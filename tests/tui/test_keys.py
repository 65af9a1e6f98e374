"""Keys, typing and clicks on the full-screen table (issue 18, item 1): the line mode's rules of
input, undo and lookup, reached through the table's keys (the toy game, and Theurgy for places)."""

from __future__ import annotations

import theogony
from theogony.tui import TableApp, screen_text
from theogony.tui.places import filtered, place_words
from theogony.tui.screens import TextScreen

from .pilot import press, run



def toy_table(toy, hand=(2, 7), seats=("human", "random")) -> TableApp:
    state = toy.new_state(len(seats), seed=1, variant={"names": True})
    state.seats[0].hand = list(hand)
    return TableApp(toy, state, list(seats))


def test_a_typed_number_keeps_that_action_and_enter_takes_it(toy):
    app = toy_table(toy)

    async def script(app, pilot):
        assert app.menu.texts == ("play Anvil", "play Ember", "draw")
        await press(app, pilot, "2")
        assert app.query_one("#prompt").value == "2"
        assert "play Ember" in screen_text(app) and "play Anvil" not in screen_text(app)
        await press(app, pilot, "enter")
    run(app, script)
    assert app.session.state.history[0] == "play Ember"


def test_keys_that_reach_the_list_before_the_focus_moves_are_all_kept(toy):
    """Typed fast (a paste, tmux send-keys), several characters arrive at the action list before
    the prompt has the focus: each must go to the end of the line, not replace it."""
    from textual import events

    app = toy_table(toy)

    async def script(app, pilot):
        actions = app.query_one("#actions")
        for character in "dra":
            actions.post_message(events.Key(character, character))
        await pilot.pause()
        assert app.query_one("#prompt").value == "dra"
        assert app.query_one("#actions").border_subtitle == "1 of 3"
        await press(app, pilot, "enter")
    run(app, script)
    assert app.session.state.history[0] == "draw"


def test_a_typed_beginning_filters_the_list_and_escape_brings_it_back(toy):
    app = toy_table(toy)

    async def script(app, pilot):
        await press(app, pilot, "p", "l")
        assert app.query_one("#actions").border_subtitle == "2 of 3"
        await press(app, pilot, "escape")
        assert app.query_one("#prompt").value == ""
        await press(app, pilot, "d", "r", "enter")
    run(app, script)
    assert app.session.state.history[0] == "draw"


def test_arrow_keys_and_enter_take_the_highlighted_action(toy):
    app = toy_table(toy)

    async def script(app, pilot):
        await press(app, pilot, "down", "down", "enter")
    run(app, script)
    assert app.session.state.history[0] == "draw"


def test_c_looks_a_card_up_by_the_beginning_of_its_name(toy):
    app = toy_table(toy)

    async def script(app, pilot):
        await press(app, pilot, "c", *"acor", "enter")
        assert isinstance(app.screen, TextScreen)
        assert "Acorn (card; value 1): Worth 1 when played." in screen_text(app)
        await press(app, pilot, "escape")
        assert not isinstance(app.screen, TextScreen)
    run(app, script)
    assert app.session.state.history == []


def test_help_and_log_open_over_the_table_and_q_leaves_with_the_state(toy):
    app = toy_table(toy)

    async def script(app, pilot):
        await press(app, pilot, "question_mark")
        assert "u undo" in screen_text(app) and "card NAME" in screen_text(app)
        await press(app, pilot, "escape", "enter", "l")
        assert "seat 0 (you) " in screen_text(app)  # the credited log, the actor named once
        await press(app, pilot, "escape", "q")
    run(app, script)
    assert app.return_value is app.session.state and len(app.session.state.history) >= 1


def test_undo_refused_after_another_seat_moved_leaves_the_state(toy):
    app = toy_table(toy)

    async def script(app, pilot):
        await press(app, pilot, "enter")
        before = list(app.session.state.history)
        await press(app, pilot, "u")
        assert "Nothing to undo" in screen_text(app)
        assert app.session.state.history == before
    run(app, script)


def test_u_takes_back_a_decision_of_the_seat_in_theurgy():
    game = theogony.load("theurgy")
    app = TableApp(game, game.new_state(3, 7, {}), ["human", "random", "random"])

    async def script(app, pilot):
        first = app.session.state.decision.prompt
        length = len(app.session.state.history)
        await press(app, pilot, "enter")
        assert len(app.session.state.history) == length + 1
        await press(app, pilot, "u")
        assert len(app.session.state.history) == length
        assert app.session.state.decision.prompt == first and "Undone (1 decision)" in screen_text(app)
    run(app, script)


def test_a_click_on_a_place_of_the_map_keeps_the_actions_naming_it():
    game = theogony.load("theurgy")
    app = TableApp(game, game.new_state(3, 7, {}), ["human", "random", "random"])

    async def script(app, pilot):
        settlements = sorted(p for p in app.places if "-" in p)   # e.g. Mine-3 (the deal decides which)
        assert settlements and "V45" not in app.places  # no setup action names V45
        place = settlements[0]
        await app.run_action(f"place('{place}')")
        await pilot.pause()
        kept = [app.menu.texts[i] for i in filtered(app.menu.texts, place)]
        assert kept and all(place in text for text in kept)
        assert app.query_one("#actions").border_subtitle == f"{len(kept)} of {len(app.menu.texts)}"
        await press(app, pilot, "enter")
        assert any(place in h for h in app.session.state.history)
    run(app, script)


def test_place_words_are_board_ids_that_some_but_not_all_actions_name():
    board = "Mine-3  V30  Capital\nnext to Market-2"
    actions = ["faith V30 in Mine-3", "faith V31 in Mine-3", "faith V30 in Market-2"]
    assert place_words(board, actions) == {"V30", "Mine-3", "Market-2"}
    assert place_words(board, ["faith V30 in Mine-3"]) == set()  # one action: nothing to narrow


def test_slash_starts_a_text_that_begins_with_a_key_letter(toy):
    app = toy_table(toy, hand=(8, 7))  # 8 is a card whose name may begin with any letter

    async def script(app, pilot):
        await press(app, pilot, "slash", "d", "r", "a", "enter")
    run(app, script)
    assert app.session.state.history[0] == "draw"


def test_h_highlights_the_hint_agents_move(toy):
    state = toy.new_state(2, seed=1, variant={"names": True})
    state.seats[0].hand = [2, 7]
    app = TableApp(toy, state, ["human", "random"], hint_spec="random")

    async def script(app, pilot):
        await press(app, pilot, "h")
        said = str(app.query_one("#messages").render())
        assert said.startswith("Hint: ")
        actions = app.query_one("#actions")
        highlighted = app.menu.texts[int(actions.highlighted_option.id.removeprefix("action-"))]
        assert said.endswith(highlighted)
    run(app, script)


def test_a_wide_terminal_puts_the_board_beside_the_panels(toy):
    app = toy_table(toy)

    async def script(app, pilot):
        assert app.has_class("wide")
        board, side = app.query_one("#board"), app.query_one("#side")
        assert board.region.right <= side.region.x and board.region.y == side.region.y

    run(app, script, size=(200, 50))


def test_a_mouse_click_on_an_underlined_place_filters_the_actions():
    game = theogony.load("theurgy")
    app = TableApp(game, game.new_state(3, 7, {}), ["human", "random", "random"])

    async def script(app, pilot):
        lines = screen_text(app).splitlines()
        place, row = next((p, y) for p in sorted(k for k in app.place_actions if "-" in k)  # e.g. Mine-3
                          for y, line in enumerate(lines) if p in line and y > 1)
        await pilot.click(offset=(lines[row].index(place) + 2, row))
        await pilot.pause()
        kept = app.place_actions[place]  # the game's place map (Game.action_places)
        assert kept and all(place in app.menu.texts[i] for i in kept)
        assert app.query_one("#actions").border_subtitle == f"{len(kept)} of {len(app.menu.texts)}"
        shown = {o.id for o in app.query_one("#actions")._options if o.id}
        assert shown == {f"action-{i}" for i in kept}
    run(app, script)


def test_a_save_that_cannot_be_written_says_why_and_the_game_goes_on(toy, tmp_path):
    app = toy_table(toy)
    target = tmp_path / "no-such-folder" / "game.json"

    async def script(app, pilot):
        await press(app, pilot, "s", *str(target), "enter")
        assert "failed" in str(app.query_one("#messages").render())
        await press(app, pilot, "escape", "s")  # now a file that can be written
        await press(app, pilot, *str(tmp_path / "game.json"), "enter")
        assert "Saved to" in str(app.query_one("#messages").render())
    run(app, script)
    assert (tmp_path / "game.json").exists() and app.session.state.history == []


def _state_with_a_two_place_move(game_id: str, players: int):
    """A position (random play) where a piece and a destination, both on the board, name one move."""
    import random

    from theogony.tui.places import declared_place_words, place_map

    game = theogony.load(game_id)
    state = game.new_state(players, 7, {})
    rng = random.Random(2)
    for _ in range(600):
        seat = state.current_player
        view = state.view(seat)
        places = place_map(game, view, [a.text for a in state.legal_actions()])
        shown = sorted(declared_place_words(game.render_text(view), places))
        for a in shown:
            for b in shown:
                if len(places[a]) > 1 and len(places[b]) > 1 and len(places[a] & places[b]) == 1:
                    return game, state, a, b
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no two-place move in 600 steps")


def test_two_clicks_a_piece_then_its_destination_narrow_the_list_to_one_move():
    game, state, first, second = _state_with_a_two_place_move("theurgy", 3)
    seats = ["random"] * 3
    seats[state.current_player] = "human"
    app = TableApp(game, state, seats)

    async def script(app, pilot):
        assert {first, second} <= app.places
        await app.run_action(f"place({first!r})")
        await pilot.pause()
        assert app.query_one("#actions").border_subtitle.startswith(f"{len(app.place_actions[first])} of")
        await app.run_action(f"place({second!r})")
        await pilot.pause()
        assert app.query_one("#actions").border_subtitle == f"1 of {len(app.menu.texts)}"
        await press(app, pilot, "enter")
    run(app, script)
    taken = app.session.state.history[-1]
    assert first in taken and second in taken


def test_a_click_on_a_kemet_zone_of_the_map_keeps_the_moves_into_it():
    game = theogony.load("kemet")
    state = game.new_state(3, 7, {})
    app = TableApp(game, state, ["human", "random", "random"])

    async def script(app, pilot):
        while not any(t.startswith("go to ") for t in app.menu.texts):
            texts = app.menu.texts
            choice = next((t for t in texts if t.startswith(("token on Movement", "move troop"))),
                          texts[0])
            app.take(choice)
            await app.workers.wait_for_complete()
            await pilot.pause()
        target = next(t for t in app.menu.texts if t.startswith("go to ")).split()[-1]
        assert target in app.places  # the map draws the zone ids the actions use
        lines = screen_text(app).splitlines()
        row = next(y for y, line in enumerate(lines) if f"|{target} " in line or f" {target} " in line)
        await pilot.click(offset=(lines[row].index(target) + 1, row))
        await pilot.pause()
        kept = app.place_actions[target]
        assert app.query_one("#actions").border_subtitle == f"{len(kept)} of {len(app.menu.texts)}"
    run(app, script)
