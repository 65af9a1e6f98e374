"""End-to-end: the real server (uvicorn, in a thread) and the web client in a real headless Chromium
(Debian's /usr/bin/chromium, driven by Playwright). Matches are created in the lobby and played to
the end by clicking; a restart test stops the server mid-match and continues after a new start."""

from __future__ import annotations

import json
import os
import random
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import theogony

from tests.web.board_clicks import click_place

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not os.path.exists(CHROMIUM),
                       reason=f"{CHROMIUM} is missing: run `bash .ci/install-browser` (Debian's chromium)"),
]

from theogony.web.runtime import available_games  # noqa: E402

REAL_GAMES = [g for g in available_games() if g != "toy"]  # games that load (others test them)


def has_websocket_library() -> bool:
    import importlib.util

    return any(importlib.util.find_spec(m) for m in ("websockets", "wsproto"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """uvicorn in a thread on a fixed port; stop() and start() again = a server restart."""

    def __init__(self, app_factory, port: int) -> None:
        self.app_factory = app_factory
        self.port = port
        self.server = None
        self.thread = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        import uvicorn

        config = uvicorn.Config(self.app_factory(), host="127.0.0.1", port=self.port,
                                log_level="warning", lifespan="on", timeout_graceful_shutdown=2)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 15
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
            self.thread.join(timeout=15)
            self.server = None

    def api(self, method: str, path: str, body=None, token=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("X-Seat-Token", token)
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())


@pytest.fixture
def server(app_factory):
    srv = Server(app_factory, free_port()).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser():
    """One Chromium per module (a fresh temporary profile); each test gets its own context."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


def new_page(browser, errors):
    # bypass_csp lets Playwright evaluate its wait conditions; the CSP itself is tested in test_api
    context = browser.new_context(bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page


@pytest.fixture
def page(browser):
    errors: list[str] = []
    page = new_page(browser, errors)
    yield page
    page.context.close()
    assert not errors, f"JavaScript errors: {errors}"


def create_in_lobby(page, base: str, game: str, seats: list[str]) -> str:
    """Fills the lobby form, creates the match, follows the join link of seat 0; returns the id."""
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", game)
    page.fill("#players", str(len(seats)))
    page.dispatch_event("#players", "change")
    for i, seat in enumerate(seats):
        page.select_option(f"#seat-{i}", seat)
    page.click("#create")
    page.click("a.play-link[data-seat='0']")
    page.wait_for_selector("body[data-revision]")
    assert "#" not in page.url  # the join code left the address bar; the seat's token is stored
    return page.url.rstrip("/").split("/")[-1]


def play_by_clicking(page, seed: int = 0, limit: int | None = None, deadline_s: float = 240) -> int:
    """Clicks legal-action buttons until the final screen (or `limit` clicks). Returns clicks.
    The client removes the buttons on a click, so new buttons mean the next decision."""
    rng = random.Random(seed)
    clicks = 0
    end = time.time() + deadline_s
    while limit is None or clicks < limit:
        assert time.time() < end, f"the game did not end within {deadline_s} s ({clicks} clicks)"
        count = page.wait_for_function(
            "document.body.dataset.status === 'finished' ? -1 : "
            "(document.querySelectorAll('#actions button.action').length || false)", polling=10).json_value()
        if count == -1:
            break
        try:
            page.locator("#actions button.action").nth(rng.randrange(count)).click(timeout=2000, force=True)
        except Exception:
            continue  # the buttons changed under the pointer (a push arrived): look again
        clicks += 1
    return clicks


def check_final_screen(page) -> None:
    page.wait_for_selector("#game-over", state="visible")
    assert page.text_content("#game-over") == "Game over"
    assert page.text_content("#winners").startswith("Winner")
    assert page.locator("#final table tr").count() >= 3  # header + one row per seat
    assert page.text_content("#prompt") == "The game is over."


def test_toy_match_from_the_lobby_to_the_final_screen_and_replay(server, page):
    match_id = create_in_lobby(page, server.url, "toy", ["human", "random"])
    page.wait_for_selector("#actions button.action")
    # live updates: a WebSocket when uvicorn has a WebSocket library, else long polling
    page.wait_for_selector("body[data-live]")
    expected = "websocket" if has_websocket_library() else "polling"
    assert page.evaluate("document.body.dataset.live") == expected
    assert page.locator("#board .gv").count() == 1  # the generic view drawing
    assert "hand" in page.text_content("#board")
    clicks = play_by_clicking(page)
    assert clicks >= 1
    check_final_screen(page)
    assert page.locator("#log li").count() >= clicks

    page.goto(f"{server.url}/replay/{match_id}")
    page.wait_for_selector("body[data-step='0']")
    page.click("#next")
    page.wait_for_selector("body[data-step='1']")
    assert page.locator("#log li.current").count() == 1
    page.click("#last")
    page.wait_for_selector("#final h2", state="visible")


def test_the_log_names_each_entrys_seat_once(server, page, browser):
    """An entry whose event starts with its own seat names it there ("1. seat 0 (you) draws 4 ·
    (draw)"), not again in front; the other seats read the public text only ("1. seat 0 draws")."""
    made = server.api("POST", "/api/matches", {"game": "toy", "seats": ["human", "random"], "seed": 4,
                                               "variant": {"open_deck": True}, "hold": []})
    page.goto(f"{server.url}{made['links']['0']}")
    page.click("#actions button.action[data-action='draw']")
    page.wait_for_selector("body[data-revision='1']")
    first = page.locator("#log li").first.text_content()
    assert first.startswith("1.seat 0 (you) draws ") and first.endswith(" · (draw)"), first
    errors: list[str] = []
    spectator = new_page(browser, errors)
    spectator.goto(f"{server.url}{made['spectate']}")
    spectator.wait_for_selector("body[data-revision='1']")
    assert spectator.locator("#log li").first.text_content() == "1.seat 0 draws"
    for shown in (page, spectator):
        for line in shown.locator("#log li").all_text_contents():
            assert "seat 0: seat 0" not in line and "(seat 0): seat 0" not in line, line
    # the rule itself, as the client applies it: a name, another seat's credit, an event without a seat
    lines = page.evaluate("""async () => {
        const { logLine } = await import("/static/common.js");
        const seats = [{ name: "Ann" }, { name: null }];
        const entry = (seat, text, action) => ({ n: 3, seat, events: [{ text }], ...(action ? { action } : {}) });
        return [logLine(seats, entry(0, "seat 0 chooses Orrun"), 1), logLine(seats, entry(1, "seat 1 picks Flood", "pick 2"), 1),
                logLine(seats, entry(1, "Lutraz places a token"), 0), logLine(seats, entry(1, "seat 12 wins"), 0),
                logLine(seats, entry(null, "round 2 begins"), 0)];
    }""")
    assert lines == [{"who": "3.", "text": "Ann (seat 0) chooses Orrun"},
                     {"who": "3.", "text": "seat 1 (you) picks Flood · (pick 2)"},
                     {"who": "3. seat 1:", "text": "Lutraz places a token"},
                     {"who": "3. seat 1:", "text": "seat 12 wins"},
                     {"who": "3. game:", "text": "round 2 begins"}]
    spectator.context.close()
    assert not errors


def test_restart_mid_match_then_continue(server, page):
    match_id = create_in_lobby(page, server.url, "toy", ["human", "random"])
    play_by_clicking(page, limit=2)
    page.wait_for_selector("#actions button.action, #game-over")  # the bots have played: stable
    revision = page.evaluate("document.body.dataset.revision")
    assert server.api("GET", f"/api/matches/{match_id}")["revision"] == int(revision)
    server.stop()
    server.start()  # a new app on the same database and port: everything rebuilt by replay
    page.reload()
    page.wait_for_selector(f"body[data-revision='{revision}']")
    assert page.text_content("#who") == "you are seat 0"
    play_by_clicking(page, seed=1)
    check_final_screen(page)
    assert server.api("GET", f"/api/matches/{match_id}")["status"] == "finished"


def test_undo_hint_and_spectator_in_the_browser(server, page, browser):
    made = server.api("POST", "/api/matches", {"game": "toy", "seats": ["human", "human"], "seed": 4,
                                               "variant": {"open_deck": True}, "hold": []})  # a draw may be undone
    page.goto(f"{server.url}{made['links']['0']}")
    page.wait_for_selector("#actions button.action[data-action='draw']")
    page.click("#hint")
    page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint: ')")
    page.click("#actions button.action[data-action='draw']")
    page.wait_for_selector("body[data-revision='1']")
    page.click("#undo")
    page.wait_for_selector("body[data-revision='2']")
    assert page.text_content("#message").startswith("Undone (1 decision)")

    errors: list[str] = []
    spectator = new_page(browser, errors)  # another browser profile: no token stored there
    spectator.goto(f"{server.url}{made['spectate']}")
    spectator.wait_for_selector("body[data-revision='2']")
    assert spectator.text_content("#who") == "spectator"
    assert spectator.locator("#actions button").count() == 0
    assert "hand" not in spectator.text_content("#board").replace("hand size", "")
    spectator.context.close()
    assert not errors


def test_a_join_link_works_once_and_a_seat_moves_with_a_new_link(server, page, browser):
    """The friend claims seat 1 with its link (the creator got no token of that seat); the same link
    opened again claims nothing; the friend's new link moves the seat to another browser."""
    made = server.api("POST", "/api/matches", {"game": "toy", "seats": ["human", "human"]})
    assert set(made["tokens"]) == {"0"} and set(made["links"]) == {"1"}
    page.goto(f"{server.url}{made['links']['1']}")
    page.wait_for_selector("body[data-revision]")
    assert page.text_content("#who") == "you are seat 1" and "#" not in page.url

    errors: list[str] = []
    late = new_page(browser, errors)
    late.goto(f"{server.url}{made['links']['1']}")
    late.wait_for_selector("body[data-revision]")
    late.wait_for_function("document.getElementById('message').textContent.includes('cannot be used')")
    assert late.text_content("#who") == "spectator"
    late.context.close()

    page.click("#new-link")
    url = page.wait_for_selector("#new-link-url").text_content()
    moved = new_page(browser, errors)
    moved.goto(url)
    moved.wait_for_selector("body[data-revision]")
    assert moved.text_content("#who") == "you are seat 1"
    # the first browser's seat is gone: its pushes end (a WebSocket message or a refused long poll)
    page.wait_for_function("document.getElementById('message').textContent.includes('claimed')")
    moved.context.close()
    assert not errors


def test_rules_page(server, page):
    page.goto(f"{server.url}/rules/{REAL_GAMES[0] if REAL_GAMES else 'toy'}")
    page.wait_for_function("document.getElementById('rules').textContent !== 'Loading…'")
    assert page.text_content("#rules").strip()


@pytest.mark.parametrize("game", REAL_GAMES)
def test_each_game_opens_from_the_lobby_and_plays_by_clicking(server, page, game):
    """Quick (default run): a match of each game against bots, a few decisions by clicking."""
    info = theogony.load(game).info
    match_id = create_in_lobby(page, server.url, game, ["human"] + ["random"] * (info.min_players - 1))
    page.wait_for_selector("#actions button.action, #game-over")
    assert page.locator("#board svg").count() == 1  # the game's board drawing
    shared = page.locator("#board [data-actions].legal")
    if shared.count():  # a place that several actions share: selected, its menu and list narrowed
        total = page.locator("#actions button.action").count()
        if click_place(page, shared.first.get_attribute("data-place")):
            page.wait_for_selector("#place-menu:not([hidden])")
            assert 2 <= page.locator("#actions button.action").count() <= total
            page.click("#clear-place")
            assert page.locator("#actions button.action").count() == total
    play_by_clicking(page, seed=3, limit=12)
    deadline = time.time() + 10  # the last click's request may still be on its way
    while True:
        snap = server.api("GET", f"/api/matches/{match_id}")
        if snap["steps"] >= 12 or snap["status"] == "finished" or time.time() > deadline:
            break
        time.sleep(0.1)
    assert snap["steps"] >= 12 or snap["status"] == "finished"
    assert page.locator("#log li").count() >= 1


@pytest.mark.slow
@pytest.mark.parametrize("game", REAL_GAMES)
def test_each_game_against_bots_to_the_final_screen(server, page, game):
    """Full playthrough by clicking (20-60 s per game): `pytest -m slow tests/web`."""
    info = theogony.load(game).info
    create_in_lobby(page, server.url, game, ["human"] + ["random"] * (info.min_players - 1))
    play_by_clicking(page, seed=7, deadline_s=300)
    check_final_screen(page)


def test_two_friends_play_each_other_in_two_browsers(server, page, browser):
    """Join links for two human seats, two browser profiles; each sees the other's moves live."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", "toy")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "human")
    page.click("#create")
    link = page.locator("a.play-link[data-seat='1']").get_attribute("href")
    errors: list[str] = []
    friend = new_page(browser, errors)
    friend.goto(server.url + link)
    page.click("a.play-link[data-seat='0']")
    pages = [page, friend]
    for p in pages:
        p.wait_for_selector("body[data-revision]")
    assert friend.text_content("#who") == "you are seat 1"
    rng = random.Random(9)
    for _ in range(200):
        if all(p.evaluate("document.body.dataset.status") == "finished" for p in pages):
            break
        for p in pages:
            buttons = p.locator("#actions button.action")
            if p.evaluate("document.body.dataset.yourTurn") == "1" and buttons.count():
                revision = p.evaluate("document.body.dataset.revision")
                try:
                    buttons.nth(rng.randrange(buttons.count())).click(force=True, timeout=2000)
                except Exception:
                    continue  # the buttons changed under the pointer: look again
                other = pages[1 - pages.index(p)]  # the other player's page follows without reload
                other.wait_for_function(f"Number(document.body.dataset.revision) > {revision}")
        time.sleep(0.02)
    for p in pages:
        check_final_screen(p)
    friend.context.close()
    assert not errors
