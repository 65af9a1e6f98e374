"""Accessibility (axe-core through axe-playwright-python, in headless Chromium): the lobby and the
match page of every game, at desktop and phone sizes, have no serious or critical violations."""

from __future__ import annotations

import pytest

from tests.web.test_e2e import REAL_GAMES, browser, pytestmark, server  # noqa: F401
from tests.web.toy_board import install

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright",
                                     reason="axe-playwright-python is in the dev extra")
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
BLOCKING = {"serious", "critical"}


def violations(page) -> list[str]:
    found = axe_playwright.Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:4]]}"
            for v in found if v["impact"] in BLOCKING]


def open_page(browser, size: str):
    context = browser.new_context(bypass_csp=True, viewport=SIZES[size], reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby(server, browser, size, toy):
    page = open_page(browser, size)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    found = violations(page)
    page.context.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["toy", *REAL_GAMES])
def test_the_match_page(server, browser, monkeypatch, toy, game, size):
    if game == "toy":
        install(monkeypatch, toy)  # the toy's test board: clickable places, a menu
    players = 2
    made = server.api("POST", "/api/matches", {"game": game, "seats": ["human"] * players, "seed": 1,
                                               "hold": []})
    page = open_page(browser, size)
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#seats .seat-row")
    found = violations(page)
    shared = page.locator("#board [data-actions].legal")
    if shared.count():  # with a place's menu open
        shared.first.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("#place-menu:not([hidden])")
        found += violations(page)
    page.context.close()
    assert not found, "\n".join(found)
