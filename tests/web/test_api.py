"""The JSON API, WebSocket pushes, storage and security rules of the web server (FastAPI test
client, toy game). Every endpoint, bad input, concurrency, restarts, hidden information."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time

import httpx
import pytest
from fastapi.testclient import TestClient

from theogony.web.limits import ServerSettings
from theogony.web.runtime import version_compatible
from theogony.web.storage import Storage, StorageError, normalise_url


def new_match(client, seats=("human", "random"), **extra):
    """A toy match whose creator holds every human seat (a hot seat: the tests act for each seat)
    unless `hold` says otherwise."""
    extra.setdefault("hold", [i for i, seat in enumerate(seats) if seat == "human"])
    body = {"game": "toy", "seats": list(seats), "seed": 3, **extra}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def auth(token):
    return {"X-Seat-Token": token}


def get(client, match, seat=None):
    headers = auth(match["tokens"][str(seat)]) if seat is not None else {}
    response = client.get(f"/api/matches/{match['id']}", headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def wait_turn(client, match, seat, timeout=10.0):
    """Bots act in the background: poll until `seat` decides or the game is over."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        snap = get(client, match, seat)
        if snap["your_turn"] or snap["status"] == "finished":
            return snap
        time.sleep(0.01)
    raise AssertionError("the bots did not hand the turn back")


def act(client, match, seat, text, version):
    return client.post(f"/api/matches/{match['id']}/actions", headers=auth(match["tokens"][str(seat)]),
                       json={"action": text, "version": version})


# ---- games ---------------------------------------------------------------------------------------

def test_games_lists_the_toy_game_with_players_variants_and_agents(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    toy = games["toy"]
    assert (toy["min_players"], toy["max_players"]) == (2, 3)
    assert toy["variants"]["big"] == {"choices": [False, True], "default": False, "help": ""}
    assert "random" in toy["agents"] and "human" not in toy["agents"]


def test_rules_endpoint(client):
    data = client.get("/api/games/toy/rules").json()
    assert data["title"] == "Toy" and data["markdown"] is None
    assert client.get("/api/games/nope/rules").status_code == 404


# ---- creating matches ----------------------------------------------------------------------------

def test_create_gives_the_creator_its_own_seat_and_a_link_for_each_invited_seat(client):
    match = new_match(client, ("human", "random", "human"), hold=None)  # the server's default
    assert set(match["tokens"]) == {"0"} and set(match["links"]) == {"2"}
    assert len(match["tokens"]["0"]) >= 32
    assert match["links"]["2"].startswith(f"/match/{match['id']}#seat=2&join=")
    assert match["tokens"]["0"] not in json.dumps(match["links"])  # a link holds no token
    assert match["seats"] == ["human", "random", "human"]
    hot_seat = new_match(client, ("human", "random", "human"), hold=[0, 2])
    assert set(hot_seat["tokens"]) == {"0", "2"} and hot_seat["links"] == {}
    assert len(set(hot_seat["tokens"].values())) == 2
    host = new_match(client, ("human", "random", "human"), hold=[])  # invites every player
    assert host["tokens"] == {} and set(host["links"]) == {"0", "2"}
    bots = new_match(client, ("random", "random"), hold=None)
    assert bots["tokens"] == {} and bots["links"] == {}


@pytest.mark.parametrize("hold, status, words", [([1], 400, "human seats only"), ([0, 0], 400, "twice"),
                                                 ([5], 400, "human seats only"), ([12], 422, ""),
                                                 ("0", 422, ""), ([True], 422, "")])
def test_create_refuses_a_hold_that_names_no_human_seat(client, hold, status, words):
    response = client.post("/api/matches", json={"game": "toy", "seats": ["human", "random"], "hold": hold})
    assert response.status_code == status
    assert words in str(response.json()["detail"])
    assert client.get("/api/matches").json() == []  # nothing was created


@pytest.mark.parametrize("body, status, words", [
    ({"game": "nope", "seats": ["human", "random"]}, 404, "unknown game"),
    ({"game": "toy", "seats": ["human"]}, 400, "takes 2 to 3 players"),
    ({"game": "toy", "seats": ["human", "random"], "players": 3}, 400, "one seat per player"),
    ({"game": "toy", "seats": ["human", "wizard"]}, 400, "unknown agent"),
    ({"game": "toy", "seats": ["human", "mcts:iterations=999999"]}, 400, "at most"),
    ({"game": "toy", "seats": ["human", "mcts:seconds=60"]}, 400, "at most"),
    ({"game": "toy", "seats": ["human", "mcts:bogus=1"]}, 400, "no option"),
    ({"game": "theurgy", "seats": ["human", "mcts:iterations=4000"]}, 400, "whole turns"),
    ({"game": "theurgy", "seats": ["human", "mcts:plans=9"]}, 400, "at most plans=6"),
    ({"game": "toy", "seats": ["human", "random"], "variant": {"huge": True}}, 400, "no variant"),
    ({"game": "toy", "seats": ["human", "random"], "variant": {"big": "maybe"}}, 400, "takes one of"),
    ({"game": "toy", "seats": ["human", "random"], "extra": 1}, 422, ""),
    ({"game": "toy", "seats": "human"}, 422, ""),
    ({"game": "toy", "seats": ["human"] * 40}, 422, ""),
    ({"game": "toy", "seats": ["human", "random"], "seed": -1}, 422, ""),
])
def test_create_refuses_bad_input_with_a_reason(client, body, status, words):
    response = client.post("/api/matches", json=body)
    assert response.status_code == status, response.text
    assert words.lower() in json.dumps(response.json()).lower()


def test_request_bodies_are_limited(client):
    huge = {"game": "toy", "seats": ["human", "random"], "variant": {"x": "y" * 100_000}}
    assert client.post("/api/matches", json=huge).status_code == 413
    chunked = client.post("/api/matches", content=iter([b"{" + b" " * 70_000 + b"}"]),
                          headers={"Content-Type": "application/json"})
    assert chunked.status_code == 413


def test_list_matches(client):
    match = new_match(client)
    listed = client.get("/api/matches").json()
    assert listed[0]["id"] == match["id"] and listed[0]["seats"] == ["human", "bot"]
    assert "tokens" not in json.dumps(listed) and match["tokens"]["0"] not in json.dumps(listed)
    assert client.get("/api/matches?status=bogus").status_code == 422


# ---- views and hidden information ----------------------------------------------------------------

def test_seat_and_spectator_views(client):
    match = new_match(client, ("human", "human"))
    mine = get(client, match, 0)
    other = get(client, match, 1)
    spectator = get(client, match)
    assert mine["viewer"] == 0 and mine["your_turn"] and mine["legal"]
    assert "hand" in mine["view"]["seats"][0] and "hand" not in mine["view"]["seats"][1]
    assert other["legal"] == [] and not other["your_turn"]
    assert "hand" in other["view"]["seats"][1] and "hand" not in other["view"]["seats"][0]
    assert spectator["viewer"] is None and spectator["legal"] == []
    assert all("hand" not in s for s in spectator["view"]["seats"])


def test_wrong_or_foreign_tokens_are_refused(client):
    match = new_match(client)
    other = new_match(client)
    assert client.get(f"/api/matches/{match['id']}", headers=auth("forged")).status_code == 403
    assert client.get(f"/api/matches/{match['id']}",
                      headers=auth(other["tokens"]["0"])).status_code == 403
    bearer = client.get(f"/api/matches/{match['id']}",
                        headers={"Authorization": f"Bearer {match['tokens']['0']}"})
    assert bearer.json()["viewer"] == 0
    assert client.get("/api/matches/doesnotexist").status_code == 404
    assert client.get("/api/matches/..%2f..%2fetc").status_code == 404


def test_hidden_draws_reach_only_the_drawer(client):
    match = new_match(client, ("human", "human"))
    snap = get(client, match, 0)
    assert act(client, match, 0, "draw", snap["revision"]).status_code == 200
    drawn = [e for e in get(client, match, 0)["events"] if e["n"] == 1][0]
    assert drawn["action"] == "draw" and drawn["events"][0]["text"].startswith("seat 0 draws ")
    for seat in (1, None):
        seen = get(client, match, seat)
        entry = [e for e in seen["events"] if e["n"] == 1][0]
        assert entry["events"][0]["text"] == "seat 0 draws"
        assert "action" not in entry
        history = client.get(f"/api/matches/{match['id']}/history",
                             headers=auth(match["tokens"]["1"]) if seat == 1 else {}).json()
        assert history["entries"][0]["events"][0]["text"] == "seat 0 draws"
        assert "action" not in history["entries"][0]
        assert "hand" not in seen["view"]["seats"][0]
        assert drawn["events"][0]["text"] not in json.dumps(seen) + json.dumps(history)


# ---- actions -------------------------------------------------------------------------------------

def test_legal_illegal_stale_and_foreign_actions(client):
    match = new_match(client, ("human", "human"))
    snap = get(client, match, 0)
    bad = act(client, match, 0, "fly away", snap["revision"])
    assert bad.status_code == 400
    assert "not a legal action" in bad.json()["detail"] and "draw" in bad.json()["expected"]
    assert get(client, match, 0)["revision"] == snap["revision"]
    assert act(client, match, 1, "draw", snap["revision"]).status_code == 409  # not seat 1's turn
    no_token = client.post(f"/api/matches/{match['id']}/actions",
                           json={"action": "draw", "version": snap["revision"]})
    assert no_token.status_code == 403
    missing_version = client.post(f"/api/matches/{match['id']}/actions",
                                  headers=auth(match["tokens"]["0"]), json={"action": "draw"})
    assert missing_version.status_code == 422
    long_text = act(client, match, 0, "x" * 600, snap["revision"])
    assert long_text.status_code == 422
    ok = act(client, match, 0, "  DRAW ", snap["revision"])
    assert ok.status_code == 200 and ok.json()["revision"] == snap["revision"] + 1
    stale = act(client, match, 0, snap["legal"][0], snap["revision"])
    assert stale.status_code == 409 and "stale" in stale.json()["detail"]
    assert stale.json()["revision"] == snap["revision"] + 1


def test_two_clients_acting_at_once_for_one_seat_cannot_both_succeed(app_factory):
    app = app_factory()

    async def race() -> list[int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            made = (await c.post("/api/matches", json={"game": "toy", "seats": ["human", "human"],
                                                          "seed": 5})).json()
            headers = auth(made["tokens"]["0"])
            snap = (await c.get(f"/api/matches/{made['id']}", headers=headers)).json()
            posts = [c.post(f"/api/matches/{made['id']}/actions", headers=headers,
                            json={"action": text, "version": snap["revision"]})
                     for text in snap["legal"] * 4]
            results = await asyncio.gather(*posts)
            final = (await c.get(f"/api/matches/{made['id']}/history")).json()
            assert final["steps"] == 1
            return sorted(r.status_code for r in results)

    codes = asyncio.run(race())
    assert codes.count(200) == 1 and set(codes[1:]) == {409}


def test_a_whole_game_against_bots(client):
    match = new_match(client, ("human", "random", "mcts:iterations=10"))
    snap = wait_turn(client, match, 0)
    moves = 0
    while snap["status"] != "finished":
        assert act(client, match, 0, snap["legal"][-1], snap["revision"]).status_code == 200
        moves += 1
        snap = wait_turn(client, match, 0)
    assert moves > 0 and snap["outcome"]["ranks"] and snap["legal"] == []
    assert snap["view"]["terminal"] is True
    assert act(client, match, 0, "draw", snap["revision"]).status_code == 409
    listed = {m["id"]: m for m in client.get("/api/matches?status=finished").json()}
    assert listed[match["id"]]["status"] == "finished"


# ---- undo, hint, hand-over -----------------------------------------------------------------------

def test_undo_follows_the_terminal_policy(client):
    match = new_match(client, ("human", "human"), variant={"open_deck": True})  # a draw shows nothing new
    snap = get(client, match, 0)
    hand = snap["view"]["seats"][0]["hand"]
    assert not snap["can_undo"]
    after = act(client, match, 0, "draw", snap["revision"]).json()
    assert after["can_undo"]
    assert client.post(f"/api/matches/{match['id']}/undo", headers=auth(match["tokens"]["1"]),
                       json={"version": after["revision"]}).status_code == 409  # not seat 1's
    stale = client.post(f"/api/matches/{match['id']}/undo", headers=auth(match["tokens"]["0"]),
                        json={"version": snap["revision"]})
    assert stale.status_code == 409
    undone = client.post(f"/api/matches/{match['id']}/undo", headers=auth(match["tokens"]["0"]),
                         json={"version": after["revision"]})
    assert undone.status_code == 200, undone.text
    body = undone.json()
    assert body["undone"] == 1 and body["steps"] == 0 and body["view"]["seats"][0]["hand"] == hand
    assert body["revision"] == after["revision"] + 1 and body["events"] == []
    played = act(client, match, 0, f"play {hand[0]}", body["revision"]).json()  # a reveal
    assert not played["can_undo"]
    refused = client.post(f"/api/matches/{match['id']}/undo", headers=auth(match["tokens"]["0"]),
                          json={"version": played["revision"]})
    assert refused.status_code == 409 and "nothing to undo" in refused.json()["detail"]
    assert client.get(f"/api/matches/{match['id']}/history").json()["steps"] == 1


def test_hint_for_own_decision_only(client):
    match = new_match(client, ("human", "human"))
    hint = client.post(f"/api/matches/{match['id']}/hint", headers=auth(match["tokens"]["0"]))
    assert hint.status_code == 200 and hint.json()["action"] in get(client, match, 0)["legal"]
    assert client.post(f"/api/matches/{match['id']}/hint",
                       headers=auth(match["tokens"]["1"])).status_code == 409
    assert client.post(f"/api/matches/{match['id']}/hint").status_code == 403


def test_hand_own_seat_to_a_bot_and_take_it_back(client):
    match = new_match(client, ("human", "human"))
    url = f"/api/matches/{match['id']}/seats"
    handed = client.post(f"{url}/1/bot", headers=auth(match["tokens"]["1"]), json={"agent": "random"})
    assert handed.status_code == 200 and handed.json()["seats"][1]["agent"] == "random"
    snap = get(client, match, 0)
    act(client, match, 0, snap["legal"][0], snap["revision"])
    snap = wait_turn(client, match, 0)  # the bot played seat 1
    assert any(e["seat"] == 1 for e in snap["events"]) or snap["status"] == "finished"
    assert client.post(f"{url}/1/human", headers=auth(match["tokens"]["0"])).status_code == 403
    back = client.post(f"{url}/1/human", headers=auth(match["tokens"]["1"]))
    assert back.status_code == 200 and back.json()["seats"][1]["controller"] == "human"
    assert client.post(f"{url}/1/bot", headers=auth(match["tokens"]["1"]),
                       json={"agent": "mcts:iterations=99999999"}).status_code == 400
    assert client.post(f"{url}/7/bot", headers=auth(match["tokens"]["1"])).status_code == 400
    assert client.post(f"{url}/1/bot").status_code == 403


def test_zombie_rule_other_seats_take_over_an_idle_seat_only_after_the_idle_time(app_factory):
    client = TestClient(app_factory(settings=ServerSettings(allow_seeds=True, min_idle_seconds=0)))
    client.__enter__()
    patient = new_match(client, ("human", "human"), idle_seconds=300)
    url = f"/api/matches/{patient['id']}/seats/0/bot"
    early = client.post(url, headers=auth(patient["tokens"]["1"]))
    assert early.status_code == 403 and "waiting" in early.json()["detail"]
    assert not get(client, patient, 1)["seats"][0]["claimable"]

    hasty = new_match(client, ("human", "human"), idle_seconds=0)
    assert get(client, hasty, 1)["seats"][0]["claimable"]
    assert client.post(f"/api/matches/{hasty['id']}/seats/1/bot",  # seat 1 is not deciding
                       headers=auth(hasty["tokens"]["0"])).status_code == 403
    taken = client.post(f"/api/matches/{hasty['id']}/seats/0/bot", headers=auth(hasty["tokens"]["1"]))
    assert taken.status_code == 200
    snap = wait_turn(client, hasty, 1)
    assert snap["steps"] >= 1 and snap["seats"][0]["controller"] == "bot"
    client.__exit__(None, None, None)


# ---- history and replays -------------------------------------------------------------------------

def test_history_and_views_at_each_step(client):
    match = new_match(client, ("human", "human"))
    for _ in range(3):
        snap = get(client, match, 0) if get(client, match, 0)["your_turn"] else get(client, match, 1)
        seat = snap["viewer"]
        act(client, match, seat, snap["legal"][-1], snap["revision"])
    history = client.get(f"/api/matches/{match['id']}/history").json()
    assert history["steps"] == 3 and [e["n"] for e in history["entries"]] == [1, 2, 3]
    start = client.get(f"/api/matches/{match['id']}/history?step=0").json()
    assert start["view"]["deck_size"] == 5 and start["step"] == 0
    assert all("hand" not in s for s in start["view"]["seats"])
    mine = client.get(f"/api/matches/{match['id']}/history?step=2",
                      headers=auth(match["tokens"]["0"])).json()
    assert "hand" in mine["view"]["seats"][0]
    assert client.get(f"/api/matches/{match['id']}/history?step=4").status_code == 400
    assert client.get(f"/api/matches/{match['id']}/history?step=-1").status_code == 422


# ---- WebSocket pushes ----------------------------------------------------------------------------

def test_websocket_pushes_filtered_snapshots(client):
    match = new_match(client, ("human", "human"))
    path = f"/api/matches/{match['id']}/ws"
    with client.websocket_connect(path) as spectator, client.websocket_connect(path) as seat1:
        spectator.send_text("{}")
        seat1.send_text(json.dumps({"token": match["tokens"]["1"]}))
        first = spectator.receive_json()
        assert first["type"] == "match" and first["viewer"] is None and first["revision"] == 0
        assert seat1.receive_json()["viewer"] == 1
        act(client, match, 0, "draw", 0)
        pushed = spectator.receive_json()
        assert pushed["revision"] == 1 and pushed["legal"] == []
        assert pushed["events"][0]["events"][0]["text"] == "seat 0 draws"
        assert "hand" not in pushed["view"]["seats"][0]
        other = seat1.receive_json()
        assert other["revision"] == 1 and "hand" in other["view"]["seats"][1]
        assert "hand" not in other["view"]["seats"][0]
    with client.websocket_connect(path) as forged:
        forged.send_text(json.dumps({"token": "forged"}))
        error = forged.receive_json()
        assert error["type"] == "error" and error["status"] == 403


# ---- storage, restarts and versions --------------------------------------------------------------

def test_restart_loses_nothing_and_resumes(app_factory, db_path):
    with TestClient(app_factory()) as first:
        match = new_match(first, ("human", "random"))
        snap = wait_turn(first, match, 0)
        act(first, match, 0, snap["legal"][-1], snap["revision"])
        before = wait_turn(first, match, 0)
    with TestClient(app_factory()) as second:
        after = get(second, match, 0)
        for key in ("revision", "steps", "view", "legal", "events", "status"):
            assert after[key] == before[key], key
        if after["status"] != "finished":
            assert act(second, match, 0, after["legal"][0], after["revision"]).status_code == 200


def test_bot_only_matches_resume_after_a_restart(app_factory, db_path):
    with TestClient(app_factory()) as first:
        made = first.post("/api/matches", json={"game": "toy", "seats": ["random", "random"],
                                                 "seed": 1}).json()
    # the first server may have finished it already; force it back to a running, shorter match
    with sqlite3.connect(db_path) as conn:
        conn.execute("DELETE FROM actions WHERE match_id = ? AND idx >= 2", (made["id"],))
        conn.execute("UPDATE matches SET status = 'running', outcome = NULL WHERE id = ?", (made["id"],))
    with TestClient(app_factory()) as second:
        deadline = time.time() + 10
        while time.time() < deadline:
            snap = second.get(f"/api/matches/{made['id']}").json()
            if snap["status"] == "finished":
                break
            time.sleep(0.02)
        assert snap["status"] == "finished" and snap["steps"] > 2


def test_match_from_an_incompatible_engine_is_refused_clearly(app_factory, db_path):
    with TestClient(app_factory()) as first:
        match = new_match(first, ("human", "human"))
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE matches SET engine_version = '9.4.0' WHERE id = ?", (match["id"],))
    with TestClient(app_factory()) as second:
        response = second.get(f"/api/matches/{match['id']}")
        assert response.status_code == 409
        assert "9.4.0" in response.json()["detail"] and "will not replay" in response.json()["detail"]
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE matches SET engine_version = '0.1.0', game = 'lost' WHERE id = ?",
                     (match["id"],))
    with TestClient(app_factory()) as third:
        response = third.get(f"/api/matches/{match['id']}")
        assert response.status_code == 409 and "'lost'" in response.json()["detail"]


def test_corrupt_action_list_is_refused_not_misread(app_factory, db_path):
    with TestClient(app_factory()) as first:
        match = new_match(first, ("human", "human"))
        act(first, match, 0, "draw", 0)
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE actions SET text = 'teleport' WHERE match_id = ?", (match["id"],))
    with TestClient(app_factory()) as second:
        response = second.get(f"/api/matches/{match['id']}")
        assert response.status_code == 409 and "cannot be replayed" in response.json()["detail"]


def test_storage_migrates_and_hashes_tokens(client, db_path):
    match = new_match(client)
    with sqlite3.connect(db_path) as conn:
        head = conn.execute("SELECT version_num FROM alembic_version").fetchone()[0]
        stored = [r[0] for r in conn.execute("SELECT token_hash FROM seat_tokens")]
    assert head == "0004"
    assert match["tokens"]["0"] not in stored and len(stored[0]) == 64
    Storage(str(db_path)).close()  # migrating twice is a no-op


def test_storage_urls():
    assert normalise_url("/tmp/x.db") == "sqlite:////tmp/x.db"
    assert normalise_url("sqlite:///:memory:") == "sqlite:///:memory:"
    assert normalise_url(None).startswith("sqlite:///") and normalise_url(None).endswith(".sqlite3")
    try:
        url = normalise_url("postgresql://u:p@localhost/db")
        assert url.startswith("postgresql+")
    except StorageError as exc:
        assert "psycopg" in str(exc)
    assert version_compatible("0.1.0", "0.1.7") and not version_compatible("0.1.0", "0.2.0")


# ---- the web client is served safely -------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/match/abc", "/replay/abc", "/rules/toy", "/static/match.js",
                                  "/static/common.js", "/static/style.css"])
def test_client_pages_are_served_with_security_headers(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"


def test_client_pages_use_no_inline_script(client):
    for path in ("/", "/match/x", "/replay/x", "/rules/x"):
        html = client.get(path).text
        assert "<script>" not in html and "onclick=" not in html


def test_board_hook_is_used_and_failures_are_tolerated(client, toy, monkeypatch):
    match = new_match(client, ("human", "human"))
    monkeypatch.setattr(type(toy), "render_svg",
                        lambda self, view: f'<svg xmlns="http://www.w3.org/2000/svg"><text>{view["deck_size"]}</text></svg>',
                        raising=False)
    assert get(client, match, 0)["board_svg"].endswith("<text>5</text></svg>")

    def broken(self, view):
        raise KeyError("missing")

    monkeypatch.setattr(type(toy), "render_svg", broken, raising=False)
    assert get(client, match, 0)["board_svg"] is None


# ---- PostgreSQL (opt-in: THEOGONY_TEST_POSTGRES=postgresql://user@host:port/db) -------------------

def test_postgresql_storage_round_trip_and_restart(toy):
    import os
    import secrets

    url = os.environ.get("THEOGONY_TEST_POSTGRES")
    if not url:
        pytest.skip("set THEOGONY_TEST_POSTGRES=postgresql://... to test PostgreSQL storage")
    try:
        normalise_url(url)
    except StorageError as exc:
        pytest.skip(str(exc))
    from sqlalchemy import create_engine, text

    base = normalise_url(url)
    schema_db = f"theogony_test_{secrets.token_hex(4)}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{schema_db}"'))
    target = url.rsplit("/", 1)[0] + "/" + schema_db
    try:
        from theogony.web import create_app

        with TestClient(create_app(target, hint_spec="mcts:iterations=10")) as first:
            match = new_match(first, ("human", "random"))
            snap = wait_turn(first, match, 0)
            assert act(first, match, 0, snap["legal"][-1], snap["revision"]).status_code == 200
            stale = act(first, match, 0, snap["legal"][-1], snap["revision"])
            assert stale.status_code == 409
            before = wait_turn(first, match, 0)
        with TestClient(create_app(target)) as second:
            after = get(second, match, 0)
            for key in ("revision", "steps", "view", "legal", "status"):
                assert after[key] == before[key], key
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{schema_db}" WITH (FORCE)'))
        admin.dispose()


def test_serve_entry_point_signature():
    import inspect

    from theogony.web import serve

    params = list(inspect.signature(serve).parameters.values())
    assert [p.name for p in params[:3]] == ["host", "port", "db"]
    assert params[0].default == "127.0.0.1"  # localhost unless asked otherwise


def test_a_thinking_bot_never_blocks_another_match(client):
    slow = new_match(client, ("human", "mcts:iterations=1500"))
    quick = new_match(client, ("human", "human"))
    snap = get(client, slow, 0)
    assert act(client, slow, 0, snap["legal"][0], snap["revision"]).status_code == 200  # a play
    # the bot of `slow` is thinking on a worker thread now; the other match answers meanwhile
    seen = get(client, slow, 0)
    started = time.perf_counter()
    other = get(client, quick, 0)
    assert act(client, quick, 0, other["legal"][0], other["revision"]).status_code == 200
    elapsed = time.perf_counter() - started
    # The quick match answers while the slow match waits for its bot (no revision check here: a
    # bot can make several decisions in a row, e.g. the toy's draws, so the revision may move).
    assert seen["your_turn"] is False
    assert elapsed < 5
    assert wait_turn(client, slow, 0, timeout=60)["steps"] >= 2


def test_bots_and_hints_in_worker_processes(app_factory):
    with TestClient(app_factory(bot_processes=1)) as c:
        assert c.app.state.manager.processes is not None
        match = new_match(c, ("human", "mcts:iterations=15", "random"))
        snap = wait_turn(c, match, 0)
        hint = c.post(f"/api/matches/{match['id']}/hint", headers=auth(match["tokens"]["0"]))
        assert hint.status_code == 200 and hint.json()["action"] in snap["legal"]
        while snap["status"] != "finished":
            assert act(c, match, 0, snap["legal"][0], snap["revision"]).status_code == 200
            snap = wait_turn(c, match, 0, timeout=30)
        assert snap["outcome"]["ranks"] and c.app.state.manager.processes is not None


def test_migrations_go_down_and_up_again(tmp_path):
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import inspect

    from theogony.web.storage import MIGRATIONS

    storage = Storage(str(tmp_path / "m.sqlite3"))
    assert {"matches", "seat_tokens", "actions"} <= set(inspect(storage.engine).get_table_names())
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with storage.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
    assert "matches" not in inspect(storage.engine).get_table_names()
    storage.migrate()
    assert "matches" in inspect(storage.engine).get_table_names()
    storage.close()


def test_undo_history_survives_a_restart(app_factory):
    with TestClient(app_factory()) as first:
        match = new_match(first, ("human", "human"), variant={"open_deck": True})
        snap = get(first, match, 0)
        after = act(first, match, 0, "draw", snap["revision"]).json()
        assert after["can_undo"]
    with TestClient(app_factory()) as second:
        again = get(second, match, 0)
        assert again["can_undo"] and not get(second, match, 1)["can_undo"]
        undone = second.post(f"/api/matches/{match['id']}/undo", headers=auth(match["tokens"]["0"]),
                             json={"version": again["revision"]})
        assert undone.status_code == 200 and undone.json()["steps"] == 0


def test_bot_decisions_are_never_undone_even_after_a_restart(app_factory):
    with TestClient(app_factory()) as first:
        match = new_match(first, ("human", "random"))
        snap = get(first, match, 0)
        act(first, match, 0, snap["legal"][0], snap["revision"])  # a play (a reveal), then the bot
        snap = wait_turn(first, match, 0)
        assert not snap["can_undo"]
    with TestClient(app_factory()) as second:
        assert not get(second, match, 0)["can_undo"]
