"""The server side of the board contract: for the deciding seat only, every drawn `data-place` that
legal actions involve carries `data-action` (and `data-actions` when several share it); another
seat's and a spectator's drawing carry none; the drawn components' texts come along."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from theogony.web.boards import actions_by_place, prepare_board

from tests.web.test_api import auth, get, new_match
from tests.web.toy_board import install

SVG_NS = "http://www.w3.org/2000/svg"
BOARD = (f'<svg xmlns="{SVG_NS}" viewBox="0 0 10 10"><g data-place="a"><rect/></g>'
         '<circle data-place="b" data-component="card-3"/><rect data-place="c"/><!-- note --></svg>')


def places(svg: str) -> dict[str, dict[str, str]]:
    root = ET.fromstring(svg)
    return {node.get("data-place"): dict(node.attrib) for node in root.iter() if node.get("data-place")}


def test_one_action_gets_data_action_and_several_get_a_json_list():
    texts = ['move "x" & <y>', "take b"]
    board = prepare_board(BOARD, {"a": [texts[0]], "b": texts})
    found = places(board.svg)
    assert found["a"]["data-action"] == texts[0] and "data-actions" not in found["a"]
    assert found["b"]["data-action"] == texts[0]
    assert json.loads(found["b"]["data-actions"]) == texts
    assert "data-action" not in found["c"]
    assert board.svg.startswith("<svg ") and "ns0:" not in board.svg  # the SVG namespace stays the default
    assert board.components == ["card-3"]


def test_a_drawing_without_actions_goes_out_unchanged_and_markup_is_read_as_xml():
    assert prepare_board(BOARD, {}).svg == BOARD
    tricky = (f'<svg xmlns="{SVG_NS}"><!-- <g data-place="a"> --><style><![CDATA[ <g data-place="a"> ]]></style>'
              "<text>a &gt; b</text><g data-place='a' data-action=\"stale\" class=\"x&gt;y\"><rect/></g></svg>")
    board = prepare_board(tricky, {"a": ["take a"]})
    found = places(board.svg)
    assert found["a"] == {"data-place": "a", "class": "x>y", "data-action": "take a"}
    assert board.svg.count("take a") == 1 and "<!-- <g data-place=\"a\"> -->" in board.svg


def test_actions_by_place_keeps_the_legal_order_and_skips_a_failing_place_map():
    class Game:
        class info:
            id = "fake"

        def action_places(self, view, text):
            if text == "bad":
                raise ValueError("no")
            return {"go a b": ("a", "b"), "go b a": ("b", "a"), "pass": ()}[text]

    assert actions_by_place(Game(), {}, ["go a b", "bad", "go b a", "pass"]) == {
        "a": ["go a b", "go b a"], "b": ["go a b", "go b a"]}


def test_only_the_deciding_seats_drawing_is_annotated(client, toy, monkeypatch):
    install(monkeypatch, toy)
    match = new_match(client, ("human", "human"))
    mine = get(client, match, 0)
    assert mine["your_turn"]
    found = places(mine["board_svg"])
    assert found["deck"]["data-action"] == "draw"
    plays = [t for t in mine["legal"] if t.startswith("play ")]
    assert json.loads(found["hand"]["data-actions"]) == plays
    assert set(mine["board_components"]) == {f"card-{t.split()[1]}" for t in plays}
    assert mine["board_components"][f"card-{plays[0].split()[1]}"]["text"].startswith("Worth ")
    for other in (get(client, match, 1), get(client, match)):  # the other seat, a spectator
        assert other["legal"] == []
        assert "data-action" not in other["board_svg"]


def test_the_annotations_follow_the_turn(client, toy, monkeypatch):
    install(monkeypatch, toy)
    match = new_match(client, ("human", "human"))
    first = get(client, match, 0)
    moved = client.post(f"/api/matches/{match['id']}/actions", headers=auth(match["tokens"]["0"]),
                        json={"action": first["legal"][0], "version": first["revision"]})
    assert moved.status_code == 200
    assert "data-action" not in moved.json()["board_svg"]
    second = get(client, match, 1)
    assert second["your_turn"] and places(second["board_svg"])["deck"]["data-action"] == "draw"


@pytest.mark.parametrize("game_id", ["theurgy", "kemet", "teomachia", "theocratia"])
def test_no_seat_gets_the_texts_of_another_seats_own_cards(client, game_id):
    """board_components holds what the receiver's own drawing shows: never another seat's hand (unless
    that card is visible to the receiver anyway), and for the deciding seat only its own actions."""
    made = client.post("/api/matches", json={"game": game_id, "seats": ["human", "human"], "seed": 2,
                                             "hold": [0, 1]}).json()
    snaps = [get(client, made, 0), get(client, made, 1), get(client, made)]
    for receiver, snap in enumerate(snaps):
        drawn = {n.get("data-component") for n in ET.fromstring(snap["board_svg"]).iter() if n.get("data-component")}
        assert set(snap["board_components"]) <= drawn
        for owner, other in enumerate(snaps[:2]):
            if owner == receiver:
                continue
            own = {i for name, ids in other["components"]["groups"].items() if name.startswith("your") for i in ids}
            visible = {i for ids in snap["components"]["groups"].values() for i in ids}
            assert not (own - visible) & set(snap["board_components"])
        if not snap["your_turn"]:
            assert "data-action=" not in snap["board_svg"]
