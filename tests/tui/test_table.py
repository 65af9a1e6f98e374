"""The full-screen table (issue 18, item 1), driven by Textual's pilot: every game played to its end
by keys (the human seat takes the first action with Enter, the others random), with text snapshots
of the screen at setup, mid-game, the first battle decision (Kemet, Teomachia) and at the end compared to tests/tui/snapshots/ (stable seeds).
Regenerate the references after a deliberate change of a game's screen with
THEOGONY_UPDATE_SNAPSHOTS=1."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

import theogony
from theogony.tui import TableApp, screen_text
from theogony.tui.screens import EndScreen

SNAPSHOTS = Path(__file__).parent / "snapshots"
SIZE = (120, 40)
GAMES = [("theurgy", 3), ("teomachia", 2), ("kemet", 3), ("theocratia", 2)]
#: Theurgy and Kemet take several hundred decisions of the human seat: the quick run takes the first
#: KEYED of them by keys, then plays the rest through the app's session without drawing each screen
#: (the slow run, -m slow, takes every one by keys).
LONG_GAMES = {"theurgy", "kemet"}
KEYED = 40
MID_GAME = 12  # decisions of the human seat before the mid-game snapshot
LIMIT = 5000


def table(game_id: str, players: int, seed: int = 7) -> TableApp:
    game = theogony.load(game_id)
    return TableApp(game, game.new_state(players, seed, {}), ["human"] + ["random"] * (players - 1))


async def settle(app, pilot) -> None:
    """The bots' worker done and the screen drawn: the log panel scrolls to its end only after the
    refresh that lays out its new text, so pause until two drawings in a row agree (a slow machine
    may need several; one pause was flaky in CI)."""
    await app.workers.wait_for_complete()
    await pilot.pause()
    drawn = screen_text(app)
    for _ in range(50):
        await pilot.pause()
        again = screen_text(app)
        log = app.screen.query("#log")
        at_end = not log or log.first().scroll_y == log.first().max_scroll_y
        if again == drawn and at_end:
            return
        drawn = again


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("THEOGONY_UPDATE_SNAPSHOTS") or not path.exists():
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert text + "\n" == path.read_text(encoding="utf-8"), f"screen differs from {path}"


#: The games whose table has a battle to snapshot (the seat deciding while it fights).
BATTLE_GAMES = {"kemet", "teomachia"}


def in_battle(app: TableApp, seat: int | None) -> bool:
    if seat is None:
        return False
    view = app.session.state.view(seat)
    return "battle" in view or any(n is not None for n in view.get("running_strength") or [])


def seek_battle(app: TableApp, seat: int, texts: tuple[str, ...]) -> str:
    """Kemet's way to a battle: a Movement token, then a move into a zone another seat holds."""
    zones = app.session.state.view(seat).get("zones", {})

    def attacks(text: str) -> bool:
        words = text.split()
        return words[0] in ("go", "teleport") and any(
            zones.get(word, {}).get("owner", seat) != seat for word in words)
    return next((t for t in texts if attacks(t)),
                next((t for t in texts if t.startswith("token on Movement")), texts[0]))


def fast_forward(app: TableApp, until_battle: bool) -> None:
    """The human seat takes the first action, the others play as in the app: to the end, or to the
    human seat's first decision in a battle."""
    session = app.session
    seat = session.next_human()
    while seat is not None and not (until_battle and in_battle(app, seat)):
        texts = session.menu_for(seat).texts
        session.decide(seat, seek_battle(app, seat, texts) if until_battle else texts[0])
        seat = session.next_human()
    app.advance()


async def play_to_the_end(game_id: str, players: int, keyed: int = LIMIT
                          ) -> tuple[TableApp, dict[str, str]]:
    app = table(game_id, players)
    screens: dict[str, str] = {}
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screens["setup"] = screen_text(app)
        decisions = 0
        wants_battle = game_id in BATTLE_GAMES
        while not isinstance(app.screen, EndScreen):
            assert decisions < LIMIT, "the game did not end"
            if wants_battle and "battle" not in screens and in_battle(app, app.seat):
                screens["battle"] = screen_text(app)
            if decisions >= keyed:
                fast_forward(app, until_battle=wants_battle and "battle" not in screens)
                await settle(app, pilot)
                if isinstance(app.screen, EndScreen) or "battle" in screens or not wants_battle:
                    continue
                keyed = decisions + 1  # one decision of the battle by keys, then on
                continue
            await pilot.press("enter")
            await settle(app, pilot)
            decisions += 1
            if decisions == MID_GAME:
                screens["mid"] = screen_text(app)
        screens["end"] = screen_text(app)
        await pilot.press("q")
        await pilot.pause()
    return app, screens


@pytest.mark.parametrize("game_id,players", GAMES)
def test_a_whole_game_is_played_through_the_table_and_its_screens_match(game_id, players):
    keyed = KEYED if game_id in LONG_GAMES else LIMIT
    app, screens = asyncio.run(play_to_the_end(game_id, players, keyed))
    state = app.session.state
    assert state.is_terminal() and app.return_value is state
    assert "Winner(s): " in screens["end"] and "rank 1" in screens["end"]
    assert f"{app.session.game.info.title} - you are seat 0" in screens["setup"]
    assert ("battle" in screens) == (game_id in BATTLE_GAMES), "no battle decision was drawn"
    for moment, text in screens.items():
        check_snapshot(f"{game_id}-{moment}", text)


@pytest.mark.slow
@pytest.mark.parametrize("game_id,players", [g for g in GAMES if g[0] in LONG_GAMES])
def test_a_long_game_is_played_by_keys_alone_to_its_end(game_id, players):
    app, screens = asyncio.run(play_to_the_end(game_id, players))
    assert app.session.state.is_terminal() and "Winner(s): " in screens["end"]
