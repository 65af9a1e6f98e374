"""Screenshots of the table for docs/play.md: `python -m theogony.tui.screenshots [DIR]` writes
DIR/table-<game>.svg (default docs/img) for each game, at 120 x 40, a few decisions into a game with
a fixed seed (the human seat takes the first action, the others play random)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import theogony
from theogony.tui.app import TableApp

GAMES = (("theurgy", 3), ("teomachia", 2), ("kemet", 3), ("theocratia", 2))
DECISIONS = 12


async def screenshot(game_id: str, players: int, folder: Path, seed: int = 7) -> Path:
    game = theogony.load(game_id)
    app = TableApp(game, game.new_state(players, seed, {}), ["human"] + ["random"] * (players - 1))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(DECISIONS):
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        return Path(app.save_screenshot(f"table-{game_id}.svg", str(folder)))


def main(argv: list[str]) -> None:
    folder = Path(argv[0] if argv else "docs/img")
    folder.mkdir(parents=True, exist_ok=True)
    for game_id, players in GAMES:
        print(f"wrote {asyncio.run(screenshot(game_id, players, folder))}")


if __name__ == "__main__":
    main(sys.argv[1:])
