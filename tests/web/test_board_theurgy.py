"""Theurgy's map drawing and its board places (the board contract): the drawing parses at every
kind of decision of real games for every player count, every place a legal action names is drawn for
the deciding seat, at least 90% of real decisions are taken on the board, nothing hidden from the
seat is drawn, and every card drawn names a real component."""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import theogony
from theogony.games.theurgy import cards
from theogony.games.theurgy.places import action_places
from theogony.games.theurgy.svg import render_svg, temple_count
from tests.games.theurgy.helpers import blank
from tests.support import random_states
from tests.web.board_coverage import coverage, drawn_places, parse_svg

GAME = theogony.load("theurgy")
COUNTS = (2, 3, 4, 5, 6)
COMPONENT_IDS = {c.id for c in GAME.components()}
COMPONENT = re.compile(r'data-component="([^"]*)"')
VARIANT = {"deities": "choose", "capital_events": True}


def shows(drawing: str, name: str) -> bool:
    """Whether a card is drawn: its name as a whole text or tooltip, or its component id."""
    shown = html.escape(name, quote=True)
    ids = [c.id for c in GAME.components() if c.name == name]
    return (f">{shown}<" in drawing or f"<title>{shown}" in drawing
            or any(f'data-component="{cid}"' in drawing for cid in ids))

def moments(players: int, variant: dict[str, Any], seed: int = 3, limit: int = 700) -> Iterator[tuple[str, Any]]:
    """(decision kind, state) at the first decision of each kind in a random game, and at its end."""
    seen: set[str] = set()
    for state in random_states(GAME, players, variant, seed, limit=limit):
        kind = "end" if state.is_terminal() else str(state.decision.kind)
        if kind not in seen:
            seen.add(kind)
            yield kind, state


def test_action_places_read_every_kind_of_action_text():
    view = {"viewer": 1, "seats": [{"deity": "Kirjani"}, {"deity": "Eseryn"}],
            "monsters": {"Dryad": {"at": "Forest-1"}, "Giant Spider": {"at": "Mine-2"}}}
    expected = {
        "pilgrimage": ["action:pilgrimage"], "test the faith": ["action:test the faith"],
        "choose Orrun": ["deity:Orrun"], "start in Farmland-2 and Harbour-2": ["Farmland-2", "Harbour-2"],
        "start in Mine-3": ["Mine-3"], "faith V11 in Farmland-3": ["V11"],
        "keep Extend Your Borders": ["calling:Extend Your Borders"], "keep the rest": ["keep"],
        "move follower Farmland-3 -> Market-1": ["Farmland-3", "Market-1"],
        "move unmoved follower Mine-1 -> Capital": ["Mine-1", "Capital"],
        "move acolyte 2 Mine-1 -> Capital": ["acolyte:1:2", "Capital"],
        "acolyte 1 preaches to non-believer in Mine-1": ["acolyte:1:1", "Mine-1"],
        "acolyte 2 fights Dryad in Forest-1": ["acolyte:1:2", "monster:Dryad"],
        "acolytes 1+2 fight Dragon in Mine-1": ["acolyte:1:1", "monster:Dragon"],
        "test the faith in Market-1": ["Market-1"],
        "place faith V0 (Capital/Farmland-1/Mine-1)": ["V0"],
        "replace Aeoris faith V42 (Harbour-2/Harbour-3)": ["V42"],
        "remove Kirjani faith V3 (Capital/Market-1/Forest-1)": ["V3"],
        "miracle Cast The Runes by acolyte 1 in Forest-2": ["miracle:Cast The Runes", "acolyte:1:1"],
        "miracle Cast The Runes from supply by acolyte 2 in Forest-2": ["supply:Cast The Runes", "acolyte:1:2"],
        "activate Dryad": ["monster:Dryad"], "move Giant Spider Mine-2 -> Mine-3": ["monster:Giant Spider", "Mine-3"],
        "summon Kraken": ["monster:Kraken"], "summon blind": ["monster deck"],
        "place Dryad in Forest-2": ["Forest-2"], "discard Cast The Runes": ["miracle:Cast The Runes"],
        "sceptic -> Mine-1": ["Mine-1"], "convert non-believer in Mine-1": ["Mine-1"],
        "remove Kirjani in Farmland-3": ["Farmland-3"],
        "wound Kirjani acolyte 2 in Mine-1": ["acolyte:0:2", "Mine-1"],
        "bring Kirjani Capital -> Mine-1": ["Capital", "Mine-1"],
        "send non-believer Farmland-2 -> Market-1": ["Farmland-2", "Market-1"],
        "send Dryad -> Forest-3": ["monster:Dryad", "Forest-3"],
        "add 2 sceptics to Capital": ["Capital"], "add follower in Harbour-1": ["Harbour-1"],
        "take Dragon": ["monster:Dragon"], "banish Dryad": ["monster:Dryad"],
        "remove own follower in Mine-1": ["Mine-1"],
        "everyone else must spread the word": ["action:spread the word"],
        "Kirjani may not pilgrimage": ["action:pilgrimage", "seat:0"],
        "look at Kirjani's hand": ["seat:0"], "Kirjani discards Cast The Runes": ["peek:Cast The Runes"],
        "recall Cast The Runes": ["discarded:Cast The Runes"], "restore ruin in Mine-2": ["Mine-2"],
        "heal acolyte 1 in Mine-2": ["acolyte:1:1"], "walk to Capital with 2 followers": ["Capital"],
        "fly Griffin -> Mine-2": ["monster:Griffin", "Mine-2"],
        "use Hydra's when-summoned ability": ["monster:Hydra"],
        "done": ["done"], "pass": ["pass"], "stop": ["stop"],
    }
    for action, places in expected.items():
        assert action_places(view, action) == places, action
    assert action_places(view, "something new") == []


@pytest.mark.parametrize("variant", ({}, VARIANT), ids=("default", "choose-events"))
@pytest.mark.parametrize("players", COUNTS)
def test_drawings_parse_and_draw_every_place_of_every_legal_action(players, variant):
    kinds = set()
    for kind, state in moments(players, variant):
        kinds.add(kind)
        for seat in [None, *range(players)]:
            parse_svg(render_svg(state.view(seat)))
        if state.is_terminal():
            continue
        view = state.view(state.current_player)
        drawn = drawn_places(render_svg(view))
        for action in state.legal_actions():
            missing = set(action_places(view, action.text)) - drawn
            assert not missing, f"{kind}: {action.text} names {missing}, not drawn"
    assert {"start", "turn", "pilgrimage", "di"} <= kinds


def test_a_finished_game_draws_the_winner():
    *_, (kind, state) = moments(2, {}, seed=1, limit=5000)
    assert kind == "end" and state.is_terminal()
    drawing = render_svg(state.view(0))
    ET.fromstring(drawing)
    assert "Game over" in drawing


@pytest.mark.parametrize("players", COUNTS)
def test_at_least_nine_decisions_in_ten_are_taken_on_the_board(players):
    found = coverage("theurgy", players, seeds=range(1), limit=120)
    assert found.decisions > 100
    assert found.share >= 0.9, dict(found.missed)


@pytest.mark.parametrize("players", (2, 4))
def test_nothing_hidden_from_the_seat_is_drawn(players):
    for kind, state in moments(players, VARIANT, seed=5):
        mine = state.view(0)
        known = json.dumps(mine)
        drawing = render_svg(mine)
        for other in range(1, players):
            theirs = state.view(other)["seats"][other]
            for name in [*theirs.get("hand", []), *theirs.get("offer", []), theirs.get("calling") or ""]:
                if name:
                    assert name in known or not shows(drawing, name), (kind, name)
            assert "hand" in mine["seats"][other] or 'data-place="peek:' not in drawing


def test_cards_name_components_and_the_hand_and_calling_show_their_text():
    for _, state in moments(3, VARIANT):
        drawing = render_svg(state.view(state.current_player))
        assert set(COMPONENT.findall(drawing)) <= COMPONENT_IDS
    state = next(s for k, s in moments(3, {}) if k == "turn")
    view = state.view(state.current_player)
    mine = view["seats"][state.current_player]
    drawing = render_svg(view)
    by_name = {c.name: c for c in GAME.components()}
    for name in [*mine["hand"], mine["calling"]]:
        assert f'data-component="{by_name[name].id}"' in drawing
        assert by_name[name].text.split()[0] in drawing
    for monster in view["faceup_monsters"]:
        assert f'data-place="monster:{monster["name"]}"' in drawing


@pytest.mark.parametrize("calling", sorted(c.id for c in cards.CALLING.values()))
def test_every_divine_calling_shows_its_whole_text_on_its_card(calling):
    """A player plans by the card's face: its text must not be cut (the tooltip alone would hide
    a clause such as the two-player one of Root Out the Unfaithful)."""
    card = cards.CALLING[calling]
    state = blank(card.players[0])
    state.seats[0].calling = calling
    drawing = render_svg(state.view(0))
    face = re.search(rf'<g class="card"[^>]*data-component="{calling}">(.*?)</g>', drawing).group(1)
    shown = " ".join(html.unescape(t) for t in re.findall(r">([^<>]+)</text>", face))
    assert "…" not in shown
    assert " ".join(card.text.split()) in shown


def test_the_map_shows_pawns_temples_against_x_markers_and_the_anomaly():
    state = next(s for k, s in moments(4, {}) if k == "turn")
    view = state.view(0)
    view["faceup_monsters"][0]["markers"] = 2
    view["seats"][0]["pawn"], view["seats"][3]["pawn"] = "pilgrimage", "test the faith"
    view["settlements"][3]["temple"] = view["seats"][0]["deity"]
    view["settlements"][5]["ruins"] = [view["seats"][0]["deity"]]
    drawing = render_svg(view)
    root = ET.fromstring(drawing)
    assert temple_count(view, view["seats"][0]["deity"])[:2] == (1, 1)
    assert f"temples 1 + ruins 1 (½ each) = 1.5 of X = {view['temples_x']}" in drawing
    pieces = {e.get("data-piece") for e in root.iter() if e.get("data-piece")}
    assert {"anomaly", "pawn-0", "pawn-3", "acolyte-0-1", "acolyte-3-2"} <= pieces
    assert drawing.count("<title>marker</title>") == 2
    assert all(f'data-place="action:{a}"' in drawing for a in ("pilgrimage", "test the faith"))
    assert all(f'data-place="V{v}"' in drawing for v in range(54))
