"""Cards you can read, players and the lobby (issue 19): the card reference, the components a seat's
payload carries, seat names, open matches joined from the lobby, rematches, spectators without seat
controls, hidden choices logged by their kind only, and the rules page's Markdown."""

from __future__ import annotations

import json

import pytest

from tests.web.test_api import act, auth, get, new_match


def finish(client, match):
    """Plays a two-human toy match to its end (first legal action of whoever decides)."""
    for _ in range(200):
        seat = get(client, match)["current_player"]
        if seat is None:
            break
        snap = get(client, match, seat)
        assert act(client, match, seat, snap["legal"][0], snap["revision"]).status_code == 200
    assert get(client, match)["status"] == "finished"


# ---- cards ------------------------------------------------------------------------------------------

def test_card_reference_lists_every_component_by_kind(client):
    body = client.get("/api/games/toy/components").json()
    cards = body["kinds"]["card"]
    assert [c["id"] for c in cards] == [f"card-{v}" for v in range(1, 10)]
    assert cards[0] == {"id": "card-1", "kind": "card", "name": "Acorn", "text": "Worth 1 when played.",
                        "details": [["value", "1"]]}
    assert client.get("/api/games/nope/components").status_code == 404
    page = client.get("/cards/toy")
    assert page.status_code == 200 and "cards.js" in page.text


def test_a_seat_payload_carries_only_the_components_its_view_shows(client):
    match = new_match(client, ("human", "human"))
    mine, theirs, watcher = get(client, match, 0), get(client, match, 1), get(client, match)
    hand = mine["view"]["seats"][0]["hand"]
    assert mine["components"]["groups"] == {"your hand": [f"card-{v}" for v in hand]}
    assert set(mine["components"]["cards"]) == {f"card-{v}" for v in hand}
    assert mine["components"]["cards"][f"card-{hand[0]}"]["text"] == f"Worth {hand[0]} when played."
    other_hand = {f"card-{v}" for v in theirs["view"]["seats"][1]["hand"]} - {f"card-{v}" for v in hand}
    assert other_hand and not other_hand & set(mine["components"]["cards"])
    assert watcher["components"] == {"groups": {}, "cards": {}}


# ---- names ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, words", [("", "1 to 32"), ("x" * 33, "at most 32"),
                                         ("bad\u0007bell", "control characters"),
                                         ("zero\u200bwidth", "control characters")])
def test_names_are_validated(client, name, words):
    response = client.post("/api/matches", json={"game": "toy", "seats": ["human", "random"],
                                                 "names": [name]})
    assert response.status_code == 400 and words in response.json()["detail"]
    match = new_match(client, ("human", "human"), hold=[0])
    code = match["links"]["1"].split("join=")[1]
    response = client.post(f"/api/matches/{match['id']}/seats/1/claim", json={"code": code, "name": name})
    assert response.status_code == 400 and words in response.json()["detail"]
    # the link was not spent by the refused claim
    claimed = client.post(f"/api/matches/{match['id']}/seats/1/claim", json={"code": code, "name": " Bea  Q "})
    assert claimed.status_code == 200 and claimed.json()["seats"][1]["name"] == "Bea Q"


def test_names_show_in_every_payload_and_survive_a_restart(app_factory):
    from fastapi.testclient import TestClient

    with TestClient(app_factory()) as client:
        match = new_match(client, ("human", "random"), names=["Ann"])
        assert [s["name"] for s in get(client, match)["seats"]] == ["Ann", None]
        renamed = client.post(f"/api/matches/{match['id']}/name", headers=auth(match["tokens"]["0"]),
                              json={"name": "Anna"})
        assert renamed.status_code == 200
        assert client.post(f"/api/matches/{match['id']}/name", json={"name": "Eve"}).status_code == 403
    with TestClient(app_factory()) as client:
        assert [s["name"] for s in get(client, match)["seats"]] == ["Anna", None]
        assert client.get("/api/matches").json()[0]["names"] == ["Anna", None]
        history = client.get(f"/api/matches/{match['id']}/history").json()
        assert [s["name"] for s in history["seats"]] == ["Anna", None]


# ---- lobby ------------------------------------------------------------------------------------------

def test_lobby_lists_only_open_matches_with_free_seats(client):
    closed = new_match(client, ("human", "human"), hold=[0])
    open_one = new_match(client, ("human", "human", "human"), players=3, open=True, names=["Ann"], hold=[0])
    held = new_match(client, ("human", "random"), open=True, hold=[0])  # the creator's seat is not free
    full = new_match(client, ("human", "human"), open=True, hold=[0])
    code = full["links"]["1"].split("join=")[1]
    assert client.post(f"/api/matches/{full['id']}/seats/1/claim", json={"code": code}).status_code == 200
    lobby = client.get("/api/lobby").json()
    assert [m["id"] for m in lobby] == [open_one["id"]]
    assert lobby[0]["free_seats"] == [1, 2] and lobby[0]["names"] == ["Ann", None, None]
    assert held["id"] not in json.dumps(lobby)
    assert closed["id"] not in json.dumps(lobby)


def test_joining_an_open_seat_claims_it_like_a_join_link(client):
    match = new_match(client, ("human", "human", "human"), players=3, open=True, hold=[0])
    mid = match["id"]
    assert set(match["tokens"]) == {"0"} and set(match["links"]) == {"1", "2"}
    joined = client.post(f"/api/matches/{mid}/seats/1/join", json={"name": "Bob"})
    assert joined.status_code == 200
    token = joined.json()["token"]
    assert joined.json()["viewer"] == 1 and joined.json()["seats"][1]["name"] == "Bob"
    assert get(client, {"id": mid, "tokens": {"1": token}}, 1)["viewer"] == 1
    # the seat's join link stops working; the seat is not free any more
    code = match["links"]["1"].split("join=")[1]
    assert client.post(f"/api/matches/{mid}/seats/1/claim", json={"code": code}).status_code == 403
    again = client.post(f"/api/matches/{mid}/seats/1/join", json={"name": "Eve"})
    assert again.status_code == 403 and "not free" in again.json()["detail"]
    assert client.get("/api/lobby").json()[0]["free_seats"] == [2]
    held = client.post(f"/api/matches/{mid}/seats/0/join", json={"name": "Eve"})
    assert held.status_code == 403  # the creator's own seat was never free
    # a bot seat, a closed match, a bad name
    bots = new_match(client, ("human", "random"), open=True)
    assert client.post(f"/api/matches/{bots['id']}/seats/1/join", json={"name": "Eve"}).status_code == 403
    closed = new_match(client, ("human", "human"))
    refused = client.post(f"/api/matches/{closed['id']}/seats/1/join", json={"name": "Eve"})
    assert refused.status_code == 403 and "not open" in refused.json()["detail"]
    assert client.post(f"/api/matches/{mid}/seats/0/join", json={"name": "\n"}).status_code == 400


# ---- rematch ----------------------------------------------------------------------------------------

def test_rematch_starts_once_with_the_same_seats_and_names(client):
    match = new_match(client, ("human", "human"), names=["Ann", "Bob"], variant={"names": True})
    mid = match["id"]
    early = client.post(f"/api/matches/{mid}/rematch", headers=auth(match["tokens"]["0"]))
    assert early.status_code == 409
    finish(client, match)
    assert client.post(f"/api/matches/{mid}/rematch").status_code == 403  # spectators cannot
    made = client.post(f"/api/matches/{mid}/rematch", headers=auth(match["tokens"]["0"]))
    assert made.status_code == 200
    new = made.json()
    assert new["id"] != mid and new["game"] == "toy" and new["seats"] == ["human", "human"]
    assert new["variant"]["names"] is True and new["names"] == ["Ann", "Bob"]
    assert set(new["tokens"]) == {"0"} and set(new["links"]) == {"1"}
    assert get(client, {"id": new["id"], "tokens": new["tokens"]}, 0)["viewer"] == 0
    assert get(client, match)["rematch"] == new["id"]
    # the other seat asks too: the same rematch, its own seat, no links
    second = client.post(f"/api/matches/{mid}/rematch", headers=auth(match["tokens"]["1"])).json()
    assert second["id"] == new["id"] and set(second["tokens"]) == {"1"} and second["links"] == {}
    assert get(client, {"id": new["id"], "tokens": second["tokens"]}, 1)["viewer"] == 1
    third = client.post(f"/api/matches/{mid}/rematch", headers=auth(match["tokens"]["1"])).json()
    assert third["tokens"] == {}  # held already


def test_rematch_keeps_the_bots(client):
    match = new_match(client, ("human", "random"))
    from tests.web.test_api import wait_turn
    for _ in range(100):
        snap = wait_turn(client, match, 0)
        if snap["status"] == "finished":
            break
        act(client, match, 0, snap["legal"][0], snap["revision"])
    new = client.post(f"/api/matches/{match['id']}/rematch", headers=auth(match["tokens"]["0"])).json()
    assert new["seats"] == ["human", "random"] and new["links"] == {}


# ---- spectators and hidden choices ------------------------------------------------------------------

def test_spectators_get_no_seat_controls(client):
    match = new_match(client, ("human", "human"))
    assert get(client, match)["controls"] == []
    assert get(client, match, 0)["controls"] == ["undo", "hint", "to-bot", "new-link"]
    finish(client, match)
    assert get(client, match)["controls"] == [] and get(client, match, 1)["controls"] == ["rematch"]


def test_other_seats_hidden_choices_say_their_kind_and_nothing_else(client):
    match = new_match(client, ("human", "human"))
    snap = get(client, match, 0)
    play = next(text for text in snap["legal"] if text.startswith("play"))
    assert act(client, match, 0, play, snap["revision"]).status_code == 200
    for seat in (1, None):
        entry = get(client, match, seat)["events"][0]
        assert entry["decision"] == {"kind": "play", "prompt": "play a card or draw"}
        assert "action" not in entry
    own = get(client, match, 0)["events"][0]
    assert own["action"] == play


def test_rules_render_markdown_lists_and_headings_and_escape_html(client, monkeypatch, tmp_path):
    from theogony.web.server import rules_html

    html = rules_html("# Title\n\n- one\n  wrapped\n- two\n\n1. first\n\n<script>x</script> <b>b</b>\n")
    assert "<h1>Title</h1>" in html and "<ul>\n<li>one\nwrapped</li>" in html and "<ol>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html and "<b>" not in html
    assert "href" not in rules_html("[x](javascript:alert(1))")
    body = client.get("/api/games/theurgy/rules").json()
    if body["markdown"]:
        assert "<h2>" in body["html"] and "<li>" in body["html"]


@pytest.mark.parametrize("game_id", ["theurgy", "kemet", "teomachia", "theocratia"])
def test_each_games_payload_holds_exactly_the_components_in_the_seats_view(client, game_id):
    import theogony

    game = theogony.load(game_id)
    made = client.post("/api/matches", json={"game": game_id, "seats": ["human", "human"], "seed": 2,
                                             "hold": [0, 1]}).json()
    mine, theirs = get(client, made, 0), get(client, made, 1)
    groups = game.components_in_view(mine["view"])
    assert set(mine["components"]["cards"]) == {i for ids in groups.values() for i in ids}
    shown_to_me = set(mine["components"]["cards"])
    their_own = {i for name, ids in theirs["components"]["groups"].items() if name.startswith("your")
                 for i in ids}
    visible_anyway = {i for ids in groups.values() for i in ids}
    assert not (their_own - visible_anyway) & shown_to_me
    for card in mine["components"]["cards"].values():
        assert card["name"] and card["text"]


def test_the_hand_is_drawn_as_cards_whose_full_names_and_texts_come_along(client):
    """Theurgy's drawing shows the seat's hand as cards (`data-component`), never a cut list; the
    payload carries each drawn card's full name and text for its tooltip."""
    made = client.post("/api/matches", json={"game": "theurgy", "seats": ["human", "human"], "seed": 7}).json()
    mine = get(client, made, 0)
    hand = mine["components"]["groups"]["your hand"]
    assert len(hand) >= 3
    for card_id in hand:
        assert f'data-component="{card_id}"' in mine["board_svg"]
        assert mine["board_components"][card_id] == mine["components"]["cards"][card_id]
    watcher = get(client, made)
    assert not set(hand) & set(watcher["board_components"])  # nobody else's drawing shows them
