"""End-to-end (headless Chromium) for issue 19's table features: a card's text on hover, keyboard
focus and tap; the card reference; joining a free seat from the lobby under a name; a rematch from
the final screen; a spectator without seat buttons; the rules page's lists."""

from __future__ import annotations

import pytest

from tests.web.test_e2e import (REAL_GAMES, browser, new_page, page, play_by_clicking,  # noqa: F401
                                pytestmark, server)


def test_a_cards_text_shows_on_hover_focus_and_tap(server, page):
    made = server.api("POST", "/api/matches", {"game": "toy", "seats": ["human", "human"], "seed": 5,
                                               "hold": []})
    page.goto(f"{server.url}{made['links']['0']}")
    page.wait_for_selector("#cards-panel:not([hidden]) .card-chip")
    hand = server.api("GET", f"/api/matches/{made['id']}", token=None)  # spectator: no hand
    assert hand["components"]["cards"] == {}
    chip = page.locator("[data-group='your hand'] .card-chip").first
    tip = page.locator("[data-group='your hand'] .card-tip").first
    assert not tip.is_visible()
    chip.hover()
    assert tip.is_visible() and "when played." in tip.text_content()
    page.mouse.move(0, 0)
    assert not tip.is_visible()
    chip.click()  # a tap opens it, a second tap or a tap elsewhere closes it
    page.mouse.move(0, 0)
    assert tip.is_visible()
    chip.click()
    page.mouse.move(0, 0)
    assert not tip.is_visible()
    chip.click()
    page.mouse.click(2, 2)
    assert not tip.is_visible()
    page.keyboard.press("Escape")
    chip.focus()  # keyboard users reach it with Tab
    assert tip.is_visible()
    page.keyboard.press("Escape")
    assert not tip.is_visible()
    assert chip.get_attribute("aria-describedby") == tip.get_attribute("id")

    page.goto(f"{server.url}/cards/toy")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator(".card-entry").count() == 9
    assert "Worth 5 when played." in page.text_content("[data-component='card-5']")
    page.fill("#card-filter", "anvil")
    assert page.locator(".card-entry:visible").count() == 1


def test_join_a_free_seat_from_the_lobby_under_a_name(server, page, browser):
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", "toy")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "human")
    page.fill("#my-name", "Ann")
    page.check("#open")
    page.click("#create")
    page.click("#my-seat-link")
    page.wait_for_selector("body[data-revision]")
    assert page.text_content("#who") == "you are Ann"
    match_id = page.url.rstrip("/").split("/")[-1]

    errors: list[str] = []
    friend = new_page(browser, errors)
    friend.goto(server.url + "/")
    friend.wait_for_selector(f"[data-match='{match_id}'] button.join-seat")
    assert friend.locator(f"[data-match='{match_id}'] button.join-seat").count() == 1  # Ann holds seat 0
    friend.fill("#join-name", "Bob")
    friend.click(f"[data-match='{match_id}'] button.join-seat[data-seat='1']")
    friend.wait_for_selector("body[data-revision]")
    assert friend.text_content("#who") == "you are Bob"
    assert "Ann · seat 0" in friend.text_content("#seats")
    page.wait_for_function("document.getElementById('seats').textContent.includes('Bob · seat 1')")
    friend.goto(server.url + "/")
    friend.wait_for_selector("#open-matches p.muted")  # the match has no free seat any more
    assert friend.locator(f"[data-match='{match_id}']").count() == 0
    friend.context.close()
    assert not errors


def test_rematch_from_the_final_screen(server, page):
    made = server.api("POST", "/api/matches", {"game": "toy", "seats": ["human", "random"], "seed": 6,
                                               "names": ["Ann"], "hold": []})
    page.goto(f"{server.url}{made['links']['0']}")
    page.wait_for_selector("body[data-revision]")
    play_by_clicking(page, seed=1)
    page.wait_for_selector("#game-over")
    assert "Ann" in page.text_content("#final")
    page.click("#final-rematch")
    page.wait_for_url(lambda url: made["id"] not in url)
    page.wait_for_selector("body[data-revision]")
    new_id = page.url.rstrip("/").split("/")[-1]
    assert page.text_content("#who") == "you are Ann"
    snap = server.api("GET", f"/api/matches/{new_id}")
    assert snap["seats"][1]["agent"] == "random" and snap["status"] == "running"


def test_a_spectator_sees_no_seat_buttons(server, page):
    made = server.api("POST", "/api/matches", {"game": "toy", "seats": ["human", "human"]})
    page.goto(f"{server.url}{made['spectate']}")
    page.wait_for_selector("body[data-revision]")
    for button in ("#undo", "#hint", "#to-bot", "#new-link", "#rematch"):
        assert not page.locator(button).is_visible(), button
    assert not page.locator("#name-form").is_visible()


@pytest.mark.skipif(not REAL_GAMES, reason="no real game loads")
def test_rules_page_renders_lists_and_headings(server, page):
    page.goto(f"{server.url}/rules/{REAL_GAMES[0]}")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#rules h2").count() >= 2 and page.locator("#rules li").count() >= 3
