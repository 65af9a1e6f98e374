"""A server fit for strangers: secret seeds, strict and crash-free input handling, limits on shared
resources (hints, bot work, match creation, abandoned matches, hand-overs), one-time join links,
and an OpenAPI document that names every refusal (issue 15)."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from theogony.web.limits import FairScheduler, QueueFull, RateLimiter, ServerSettings

from tests.web.test_api import act, auth, get, new_match, wait_turn


def public_server(app_factory, **limits):
    """An app with the limits of a public server (no client-chosen seeds) unless told otherwise."""
    return TestClient(app_factory(settings=ServerSettings(**limits)))


def create(client, seats=("human", "human"), **extra):
    """A toy match on a server that chooses the seed; its creator holds every human seat."""
    extra.setdefault("hold", [i for i, seat in enumerate(seats) if seat == "human"])
    response = client.post("/api/matches", json={"game": "toy", "seats": list(seats), **extra})
    assert response.status_code == 201, response.text
    return response.json()


def stored_seed(db_path, match_id):
    with sqlite3.connect(db_path) as conn:
        return conn.execute("SELECT seed FROM matches WHERE id = ?", (match_id,)).fetchone()[0]


def join_code(link: str) -> str:
    return link.split("join=", 1)[1]


def play_to_the_end(client, match, seat=0):
    snap = wait_turn(client, match, seat)
    while snap["status"] != "finished":
        assert act(client, match, seat, snap["legal"][-1], snap["revision"]).status_code == 200
        snap = wait_turn(client, match, seat)
    return snap


# ---- 2. the seed is secret and cannot be chosen ---------------------------------------------------

def test_a_public_server_refuses_a_chosen_seed(app_factory):
    with public_server(app_factory) as client:
        refused = client.post("/api/matches", json={"game": "toy", "seats": ["human", "human"], "seed": 3})
        assert refused.status_code == 403 and "--allow-seeds" in refused.json()["detail"]
        assert client.get("/api/matches").json() == []  # nothing was created


def test_the_seed_is_secret_until_the_match_is_over(app_factory, db_path):
    with public_server(app_factory) as client:
        first, second = create(client), create(client, ("human", "random"))
        seeds = stored_seed(db_path, first["id"]), stored_seed(db_path, second["id"])
        assert seeds[0] != seeds[1]
        assert "seed" not in first and str(seeds[0]) not in json.dumps(first)
        draw = act(client, first, 0, "draw", 0).json()
        payloads = [draw, get(client, first, 1), get(client, first),
                    client.get(f"/api/matches/{first['id']}/history").json(),
                    client.get(f"/api/matches/{first['id']}/history?step=1",
                               headers=auth(first["tokens"]["1"])).json()]
        with client.websocket_connect(f"/api/matches/{first['id']}/ws") as spectator:
            spectator.send_text("{}")
            payloads.append(spectator.receive_json())
        for payload in payloads:
            assert "seed" not in payload and str(seeds[0]) not in json.dumps(payload)
        # the line of another seat's hidden choice names neither the choice nor the card drawn
        drawn = draw["events"][0]["events"][0]["text"]
        for viewer in (1, None):
            line = get(client, first, viewer)["events"][0]
            assert "action" not in line and line["events"][0]["text"] == "seat 0 draws"
            assert drawn not in json.dumps(get(client, first, viewer))

        finished = play_to_the_end(client, second)
        replay = client.get(f"/api/matches/{second['id']}/history").json()  # a spectator's replay
        assert finished["status"] == "finished" and replay["seed"] == seeds[1]
        assert all("action" in entry for entry in replay["entries"])  # every seat's choices
        draws = [e for e in replay["entries"] if e["action"] == "draw"]  # hidden while it ran
        assert draws and all(re.fullmatch(r"seat \d draws \d", e["events"][0]["text"]) for e in draws)


# ---- 4. malformed input gets a clear 4xx, never a crash -------------------------------------------

@pytest.mark.parametrize("raw", [
    b'{"action": "draw", "version": NaN}',
    b'{"action": "draw", "version": Infinity}',
    b'{"action": "draw", "version": -Infinity}',
    b'{"action": "draw", "version": true}',
    b'{"action": "draw", "version": "0"}',
    b'{"action": "draw", "version": 0.0}',
    b'{"action": "\\ud800", "version": "x"}',
    b'{"action": "draw", "version": 0, "\\ud800": 1}',
    b'{"action": "draw", "version": 0',
])
def test_malformed_actions_are_refused_with_422(client, raw):
    match = new_match(client, ("human", "human"))
    response = client.post(f"/api/matches/{match['id']}/actions", content=raw,
                           headers={**auth(match["tokens"]["0"]), "Content-Type": "application/json"})
    assert response.status_code == 422, response.text
    assert response.json()["detail"][0]["msg"]
    assert get(client, match, 0)["revision"] == 0  # nothing changed


@pytest.mark.parametrize("raw, status", [
    (b'{"game": "toy", "seats": ["human", "human"], "idle_seconds": NaN}', 422),
    (b'{"game": "toy", "seats": ["human", "human"], "players": true}', 422),
    (b'{"game": "toy", "seats": ["human", "human"], "variant": {"big": Infinity}}', 422),
    (b'{"game": "\\ud800", "seats": ["human", "human"]}', 422),
    (b'{"game": "toy", "seats": ["human", "\\udfff"]}', 422),
    (b'{"game": "toy", "seats": ["human", "' + b"r" * 101 + b'"]}', 422),  # an agent spec of 101
])
def test_malformed_setups_are_refused_clearly(client, raw, status):
    response = client.post("/api/matches", content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == status, response.text
    assert response.json()["detail"]


def test_an_undo_with_a_boolean_version_is_refused(client):
    match = new_match(client, ("human", "human"))
    act(client, match, 0, "draw", 0)
    response = client.post(f"/api/matches/{match['id']}/undo", headers=auth(match["tokens"]["0"]),
                           json={"version": True})
    assert response.status_code == 422


def test_a_binary_websocket_hello_is_closed_cleanly(client):
    match = new_match(client, ("human", "human"))
    path = f"/api/matches/{match['id']}/ws"
    with client.websocket_connect(path) as socket:
        socket.send_bytes(b"\x00\xff")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1003
    with client.websocket_connect(path) as socket:  # the server is fine afterwards
        socket.send_text("{}")
        assert socket.receive_json()["type"] == "match"


# ---- 6. limits on shared resources -----------------------------------------------------------------

def test_hints_come_one_at_a_time_per_seat_then_after_a_cool_down(app_factory):
    app = app_factory(hint_spec="mcts:iterations=200",
                      settings=ServerSettings(allow_seeds=True, hint_cooldown=60))

    async def scenario() -> None:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
                made = (await c.post("/api/matches", json={"game": "toy", "seats": ["human", "human"],
                                                              "seed": 2})).json()
                url = f"/api/matches/{made['id']}/hint"
                headers = auth(made["tokens"]["0"])
                together = await asyncio.gather(*[c.post(url, headers=headers) for _ in range(5)])
                codes = sorted(r.status_code for r in together)
                assert codes == [200, 409, 409, 409, 409], codes
                assert "being computed" in [r for r in together if r.status_code == 409][0].json()["detail"]
                again = await c.post(url, headers=headers)
                assert again.status_code == 429 and "every 60 s" in again.json()["detail"]
                assert 1 <= int(again.headers["retry-after"]) <= 60

    asyncio.run(scenario())


def test_a_hint_is_refused_with_503_when_the_bot_queue_is_full(client, monkeypatch):
    match = new_match(client, ("human", "human"))

    def full(key, start):
        raise QueueFull("full")

    monkeypatch.setattr(client.app.state.manager.scheduler, "submit", full)
    response = client.post(f"/api/matches/{match['id']}/hint", headers=auth(match["tokens"]["0"]))
    assert response.status_code == 503 and "busy" in response.json()["detail"]
    assert "retry-after" in response.headers


def test_bot_work_takes_the_matches_in_turn_and_its_queue_is_bounded():
    async def scenario() -> list[str]:
        scheduler = FairScheduler(slots=1, max_queued=5)
        started: list[str] = []
        gates: dict[str, asyncio.Future[None]] = {}

        def job(name: str):
            async def run() -> str:
                started.append(name)
                gates[name] = asyncio.get_running_loop().create_future()
                await gates[name]
                return name
            return run

        futures = [scheduler.submit("A", job(f"A{i}")) for i in range(1, 5)]
        futures.append(scheduler.submit("B", job("B1")))
        futures.append(scheduler.submit("C", job("C1")))
        with pytest.raises(QueueFull):  # A2-A4, B1, C1 wait: the bound of 5 is reached
            scheduler.submit("D", job("D1"))
        for i in range(6):  # let the jobs finish one by one, in the order they started
            while len(started) <= i:
                await asyncio.sleep(0)
            gates[started[i]].set_result(None)
        assert [await f for f in futures] == ["A1", "A2", "A3", "A4", "B1", "C1"]
        return started

    # A's first job runs at once; after it, B and C each get a turn before A's next job
    assert asyncio.run(scenario()) == ["A1", "B1", "C1", "A2", "A3", "A4"]


def test_match_creation_is_limited_per_client_address(app_factory):
    app = app_factory(settings=ServerSettings(create_burst=3, create_per_minute=1))
    with TestClient(app) as first, TestClient(app, client=("203.0.113.9", 4000)) as other:
        codes = [first.post("/api/matches", json={"game": "toy", "seats": ["human", "random"]}).status_code
                 for _ in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        refused = first.post("/api/matches", json={"game": "toy", "seats": ["human", "random"]})
        assert "at most 3 new matches at once" in refused.json()["detail"]
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert other.post("/api/matches", json={"game": "toy", "seats": ["human", "random"]}).status_code == 201


def test_the_rate_limiter_refills_at_its_rate():
    limiter = RateLimiter(per_minute=6, burst=2)  # one every 10 s
    assert limiter.take("a", now=0) == 0 and limiter.take("a", now=0) == 0
    assert limiter.take("a", now=0) == pytest.approx(10)
    assert limiter.take("a", now=5) == pytest.approx(5)
    assert limiter.take("a", now=10) == 0
    assert limiter.take("b", now=10) == 0  # another client has its own bucket


def test_abandoned_matches_expire_and_keep_their_replay(app_factory, db_path):
    with TestClient(app_factory()) as first:
        abandoned = new_match(first, ("human", "human"))
        act(first, abandoned, 0, "draw", 0)
        recent = new_match(first, ("human", "human"))
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE matches SET updated_at = updated_at - 8 * 86400 WHERE id = ?", (abandoned["id"],))
    with TestClient(app_factory()) as second:  # the server expires them at its start, then hourly
        snap = get(second, abandoned, 0)
        assert snap["status"] == "expired" and snap["steps"] == 1
        refused = act(second, abandoned, 0, "draw", snap["revision"])
        assert refused.status_code == 409 and "expired after 7 days" in refused.json()["detail"]
        history = second.get(f"/api/matches/{abandoned['id']}/history").json()
        assert history["status"] == "expired" and [e["n"] for e in history["entries"]] == [1]
        listed = [m["id"] for m in second.get("/api/matches?status=expired").json()]
        assert listed == [abandoned["id"]]
        assert get(second, recent, 0)["status"] == "running"


def test_a_live_match_expires_while_the_server_runs(client):
    match = new_match(client, ("human", "human"))
    manager = client.app.state.manager
    assert manager.expire_abandoned(now=time.time() + 3600) == []
    assert manager.expire_abandoned(now=time.time() + 8 * 86400) == [match["id"]]
    snap = get(client, match, 0)
    assert snap["status"] == "expired" and snap["legal"] == [] and not snap["your_turn"]
    assert client.post(f"/api/matches/{match['id']}/hint", headers=auth(match["tokens"]["0"])).status_code == 409


def test_a_hand_over_needs_the_minimum_idle_time(app_factory, db_path):
    with public_server(app_factory) as client:
        refused = client.post("/api/matches", json={"game": "toy", "seats": ["human", "human"],
                                                    "idle_seconds": 0})
        assert refused.status_code == 400 and "at least 60" in refused.json()["detail"]
        match = create(client, idle_seconds=60)
    with sqlite3.connect(db_path) as conn:  # a match stored with a shorter idle time
        conn.execute("UPDATE matches SET idle_seconds = 0 WHERE id = ?", (match["id"],))
    with public_server(app_factory) as client:
        snap = get(client, match, 1)
        assert snap["idle_seconds"] == 60 and not snap["seats"][0]["claimable"]
        taken = client.post(f"/api/matches/{match['id']}/seats/0/bot", headers=auth(match["tokens"]["1"]))
        assert taken.status_code == 403


def test_server_settings_refuse_nonsense():
    for bad in ({"hint_cooldown": float("nan")}, {"bot_queue": 0}, {"create_per_minute": 0},
                {"expire_after": -1}, {"min_idle_seconds": float("inf")}):
        with pytest.raises(ValueError):
            ServerSettings(**bad)


# ---- 7. join links are claimed once ----------------------------------------------------------------

def test_a_join_link_is_claimed_once(app_factory):
    with TestClient(app_factory()) as client:
        match = new_match(client, ("human", "human"), hold=[0])
        assert set(match["tokens"]) == {"0"}  # the invited seat's only way in is its link
        claim = f"/api/matches/{match['id']}/seats/1/claim"
        claimed = client.post(claim, json={"code": join_code(match["links"]["1"])})
        assert claimed.status_code == 200, claimed.text
        token = claimed.json()["token"]
        assert claimed.json()["viewer"] == 1 and token != match["tokens"]["0"]
        again = client.post(claim, json={"code": join_code(match["links"]["1"])})
        assert again.status_code == 403 and "used already" in again.json()["detail"]
        wrong_seat = client.post(f"/api/matches/{match['id']}/seats/0/claim",
                                 json={"code": join_code(match["links"]["1"])})
        assert wrong_seat.status_code == 403
        assert client.post(f"/api/matches/{match['id']}/seats/5/claim", json={"code": "x"}).status_code == 400
        assert client.get(f"/api/matches/{match['id']}", headers=auth(token)).json()["viewer"] == 1
    with TestClient(app_factory()) as restarted:  # the claim is stored
        assert restarted.get(f"/api/matches/{match['id']}", headers=auth(token)).json()["viewer"] == 1
        assert restarted.post(claim, json={"code": join_code(match["links"]["1"])}).status_code == 403


def strings_in(answer) -> list[str]:
    """Every text in a JSON answer, and each join code of its links: all a creator was given."""
    if isinstance(answer, dict):
        return [text for value in answer.values() for text in strings_in(value)]
    if isinstance(answer, list):
        return [text for value in answer for text in strings_in(value)]
    if isinstance(answer, str):
        return [answer, join_code(answer)] if "join=" in answer else [answer]
    return []


def reaches_seat(client, match_id: str, secret: str, seat: int) -> bool:
    """Whether `secret` opens `seat` of the match as a token (HTTP or WebSocket)."""
    answer = client.get(f"/api/matches/{match_id}", headers=auth(secret))
    if answer.status_code == 200 and answer.json()["viewer"] == seat:
        return True
    with client.websocket_connect(f"/api/matches/{match_id}/ws") as socket:
        socket.send_text(json.dumps({"token": secret}))
        pushed = socket.receive_json()
    return pushed.get("viewer") == seat


def test_nothing_the_creator_is_given_opens_an_invited_seat(client):
    """The creator's answer holds its own seat's token and the friend's one-time link, no token of the
    friend's seat: nothing in it shows the friend's hand, before or after the friend's claim."""
    made = new_match(client, ("human", "human"), hold=[0])
    mid = made["id"]
    secrets = [text for text in strings_in(made) if len(text) >= 20 and "/" not in text]
    assert made["tokens"]["0"] in secrets and join_code(made["links"]["1"]) in secrets
    for secret in secrets:
        assert not reaches_seat(client, mid, secret, 1)
    mine = get(client, made, 0)
    assert "hand" not in mine["view"]["seats"][1] and mine["legal"]  # seat 0 decides; seat 1's hand hidden
    friend = client.post(f"/api/matches/{mid}/seats/1/claim", json={"code": join_code(made["links"]["1"])})
    their_hand = friend.json()["view"]["seats"][1]["hand"]
    assert their_hand
    for secret in secrets:  # the used code, the creator's token: neither opens seat 1 now
        assert not reaches_seat(client, mid, secret, 1)
        claim = client.post(f"/api/matches/{mid}/seats/1/claim", json={"code": secret})
        assert claim.status_code == 403
    seen = [get(client, made, 0), client.get(f"/api/matches/{mid}/history?step=0",
                                             headers=auth(made["tokens"]["0"])).json()]
    assert all("hand" not in payload["view"]["seats"][1] for payload in seen)


def test_a_rematch_gives_its_maker_no_token_of_another_seat(client):
    match = new_match(client, ("human", "human"), hold=[0])
    friend = client.post(f"/api/matches/{match['id']}/seats/1/claim",
                         json={"code": join_code(match["links"]["1"])}).json()["token"]
    both = {"id": match["id"], "tokens": {"0": match["tokens"]["0"], "1": friend}}
    snap = get(client, both)
    while snap["status"] != "finished":
        seat = snap["current_player"]
        mine = get(client, both, seat)
        assert act(client, both, seat, mine["legal"][0], mine["revision"]).status_code == 200
        snap = get(client, both)
    new = client.post(f"/api/matches/{match['id']}/rematch", headers=auth(match["tokens"]["0"])).json()
    assert set(new["tokens"]) == {"0"} and set(new["links"]) == {"1"}
    for secret in [text for text in strings_in(new) if len(text) >= 20 and "/" not in text]:
        assert not reaches_seat(client, new["id"], secret, 1)
    theirs = client.post(f"/api/matches/{match['id']}/rematch", headers=auth(friend)).json()
    assert set(theirs["tokens"]) == {"1"} and theirs["links"] == {}  # the friend's own seat, unclaimed
    assert reaches_seat(client, new["id"], theirs["tokens"]["1"], 1)
    refused = client.post(f"/api/matches/{new['id']}/seats/1/claim", json={"code": join_code(new["links"]["1"])})
    assert refused.status_code == 403  # the maker's link died when the friend sat down


def test_a_seat_reissues_its_own_join_link(client):
    match = new_match(client, ("human", "human"), hold=[0])
    first = client.post(f"/api/matches/{match['id']}/seats/1/claim",
                        json={"code": join_code(match["links"]["1"])}).json()["token"]
    url = f"/api/matches/{match['id']}/seats/1/link"
    assert client.post(url, headers=auth(match["tokens"]["0"])).status_code == 403  # not seat 0's
    assert client.post(url).status_code == 403
    link = client.post(url, headers=auth(first))
    assert link.status_code == 200 and link.json()["link"].startswith(f"/match/{match['id']}#seat=1&join=")
    assert get(client, {**match, "tokens": {"1": first}}, 1)["viewer"] == 1  # works until claimed
    second = client.post(f"/api/matches/{match['id']}/seats/1/claim",
                         json={"code": join_code(link.json()["link"])}).json()["token"]
    assert client.get(f"/api/matches/{match['id']}", headers=auth(first)).status_code == 403
    assert client.get(f"/api/matches/{match['id']}", headers=auth(second)).json()["viewer"] == 1


def test_the_pushes_to_a_rotated_token_end(client):
    match = new_match(client, ("human", "human"))  # a hot seat: the creator holds seat 1 too
    link = client.post(f"/api/matches/{match['id']}/seats/1/link", headers=auth(match["tokens"]["1"])).json()
    with client.websocket_connect(f"/api/matches/{match['id']}/ws") as socket:
        socket.send_text(json.dumps({"token": match["tokens"]["1"]}))
        assert socket.receive_json()["viewer"] == 1
        client.post(f"/api/matches/{match['id']}/seats/1/claim", json={"code": join_code(link["link"])})
        ended = socket.receive_json()
        assert ended["type"] == "error" and ended["status"] == 403
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()
    assert client.get(f"/api/matches/{match['id']}", headers=auth(match["tokens"]["1"])).status_code == 403


# ---- 8. the OpenAPI document names every answer ----------------------------------------------------

def test_the_openapi_document_names_every_refusal(client):
    paths = client.get("/api/openapi.json").json()["paths"]
    expected = {
        ("post", "/api/matches"): {"201", "400", "403", "404", "413", "422", "429"},
        ("get", "/api/matches/{match_id}"): {"200", "403", "404", "409", "413", "422"},
        ("post", "/api/matches/{match_id}/actions"): {"200", "400", "403", "404", "409", "413", "422"},
        ("post", "/api/matches/{match_id}/hint"): {"200", "400", "403", "404", "409", "413", "422",
                                                   "429", "503"},
        ("post", "/api/matches/{match_id}/seats/{seat}/claim"): {"200", "400", "403", "404", "409",
                                                                 "413", "422"},
    }
    for (method, path), codes in expected.items():
        assert set(paths[path][method]["responses"]) == codes, (method, path)
    for path, methods in paths.items():
        for method, operation in methods.items():
            assert "413" in operation["responses"], (method, path)
            refusal = operation["responses"]["413"]["content"]["application/json"]["schema"]
            assert refusal == {"$ref": "#/components/schemas/ErrorBody"}
