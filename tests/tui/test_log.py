"""The log (the plain mode's lines, the table's panel: `Session.event_lines`) names each event's actor once: an event that starts with its own seat
("seat 1 plays Anvil") takes the seat's label there instead of a second credit in front; the
game's events and events naming their actor otherwise keep the credit. Hidden texts stay hidden."""

from __future__ import annotations

import io

from rich.console import Console

from theogony.core import Event
from theogony.play import Session
from theogony.tui import TableApp, screen_text

from .pilot import press, run


def toy_session(toy, seats=("human", "random"), variant=None) -> Session:
    state = toy.new_state(len(seats), seed=1, variant={"names": True, **(variant or {})})
    state.seats[0].hand = [2, 7]
    return Session(toy, state, list(seats), Console(file=io.StringIO()))


def test_an_event_that_names_its_own_seat_first_is_credited_there(toy):
    session = toy_session(toy)
    assert session.credited_line(1, 0, "seat 1 plays Anvil") == "seat 1 (random) plays Anvil"
    assert session.credited_line(0, 0, "seat 0 plays Anvil") == "seat 0 (you) plays Anvil"
    assert session.credited_line(0, 1, "seat 0 plays Anvil") == "seat 0 plays Anvil"
    assert session.credited_line(0, None, "seat 0's army moves") == "seat 0's army moves"


def test_other_events_keep_the_credit_in_front(toy):
    session = toy_session(toy)
    assert session.credited_line(1, 0, "Lutraz places a faith token") == \
        "seat 1 (random): Lutraz places a faith token"
    assert session.credited_line(1, 0, "seat 0 loses 2 units") == "seat 1 (random): seat 0 loses 2 units"
    assert session.credited_line(1, 0, "seat 12 wins") == "seat 1 (random): seat 12 wins"
    assert session.credited_line(Event.BY_GAME, 0, "round 1 ends") == "game: round 1 ends"
    assert session.credited_line(2, 0, "the automaton scores 1") == "seat 2 (automaton): the automaton scores 1"


def test_the_log_shows_each_line_as_its_viewer_may_see_it(toy):
    session = toy_session(toy, variant={"open_deck": False})
    session.apply("draw", 0, 0)
    session.apply("play Anvil", 0, 0)
    drawn = [line for line in session.event_lines(session.log, 0) if "draws" in line]
    assert len(drawn) == 1 and drawn[0].startswith("seat 0 (you) draws ") and drawn[0] != "seat 0 (you) draws"
    for viewer in (1, None):
        lines = session.event_lines(session.log, viewer)
        assert lines[:2] == ["seat 0 draws", "seat 0 plays Anvil"]
        assert drawn[0].replace(" (you)", "") not in lines
    for line in session.event_lines(session.log, 0) + session.event_lines(session.log, 1):
        assert "seat 0: seat 0" not in line and "you: seat 0" not in line


def test_the_table_log_names_the_bot_once(toy):
    state = toy.new_state(2, seed=1, variant={"names": True})
    state.seats[0].hand = [2, 7]
    app = TableApp(toy, state, ["human", "random"])

    async def script(app, pilot):
        await press(app, pilot, "enter")  # play Anvil: the bot answers
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "seat 0 (you) plays Anvil" in text and "seat 1 (random) " in text
        assert "(random): seat 1" not in text and "you: seat 0" not in text
        await press(app, pilot, "l")
        full = screen_text(app)
        assert "seat 0 (you) plays Anvil" in full and "(random): seat 1" not in full
        await press(app, pilot, "escape", "q")
    run(app, script)
