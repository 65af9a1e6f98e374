"""Driving the full-screen table in tests: one pilot session around a script, and key presses
that wait for the bots' worker and the drawing."""

from __future__ import annotations

import asyncio

from theogony.tui import TableApp

SIZE = (120, 40)


def run(app: TableApp, script, size: tuple[int, int] = SIZE) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            await script(app, pilot)
    asyncio.run(main())


async def press(app, pilot, *keys: str) -> None:
    await pilot.press(*keys)
    await app.workers.wait_for_complete()
    await pilot.pause()
