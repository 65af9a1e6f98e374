"""Teomachia's table drawing and its board places (the board contract): the drawing parses at every
moment of real games for every player count and both modes, every place a legal action names is
drawn for the deciding seat, at least 90% of real decisions are taken on the board, nothing hidden
from the seat is drawn, and every card drawn names a real component."""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import theogony
from theogony.games.teomachia.places import action_places
from theogony.games.teomachia.svg import render_svg
from tests.support import random_states
from tests.web.board_coverage import coverage, drawn_places, parse_svg

GAME = theogony.load("teomachia")
COUNTS = (2, 3, 4)
MODES = ({}, {"full": True})
COMPONENT_IDS = {c.id for c in GAME.components()}
COMPONENT = re.compile(r'data-component="([^"]*)"')


def shows(drawing: str, name: str) -> bool:
    """Whether a card is drawn: its name as a whole text or tooltip, or its component id."""
    shown = html.escape(name, quote=True)
    ids = [c.id for c in GAME.components() if c.name == name]
    return (f">{shown}<" in drawing or f"<title>{shown}" in drawing
            or any(f'data-component="{cid}"' in drawing for cid in ids))

def moments(players: int, variant: dict[str, Any], seed: int = 3) -> Iterator[tuple[str, Any]]:
    """(phase, state) at the first decision of each phase of a random game, and at its end."""
    seen: set[str] = set()
    for state in random_states(GAME, players, variant, seed, limit=2500):
        phase = "end" if state.is_terminal() else str(state.view(None)["phase"])
        if phase not in seen:
            seen.add(phase)
            yield phase, state


def test_action_places_read_every_kind_of_action_text():
    view: dict[str, Any] = {}
    expected = {
        "pick Great Wave": ["draft:Great Wave"], "set aside Flood": ["picked:Flood"],
        "choose Odin": ["deity:Odin"], "wait": ["wait"], "call": ["call"], "withdraw": ["withdraw"],
        "raise priest": ["token:priest", "stake"], "end turn": ["end turn"], "pass": ["pass"],
        "done": ["done"], "respond Shield of Faith": ["hand:Shield of Faith"],
        "take Hatred from slot 3": ["track:3"], "take top of prayer deck": ["prayer deck"],
        "put Sacrifice on top of the discard pile": ["hand:Sacrifice", "discard"],
        "buy Fenris": ["myth top"], "cycle myth deck": ["myth deck"], "leave myth deck": ["leave"],
        "lay out Water order 1": ["hand:Water order 1", "power"], "play Sacred Lake": ["hand:Sacred Lake"],
        "play Plague on seat 2": ["hand:Plague", "seat:2"], "use Odin on seat 1": ["deity:Odin", "seat:1"],
        "use Marduk": ["deity:Marduk"], "use Fenris on seat 0": ["myth:Fenris", "seat:0"],
        "add hero Cu Chulainn against seat 1": ["myth:Cu Chulainn", "stake", "seat:1"],
        "add hero Heracles": ["myth:Heracles", "stake"],
    }
    for action, places in expected.items():
        assert action_places(view, action) == places, action
    assert action_places(view, "something new") == []


@pytest.mark.parametrize("variant", MODES, ids=("basic", "full"))
@pytest.mark.parametrize("players", COUNTS)
def test_drawings_parse_and_draw_every_place_of_every_legal_action(players, variant):
    phases = set()
    for phase, state in moments(players, variant):
        phases.add(phase)
        for seat in [None, *range(players)]:
            parse_svg(render_svg(state.view(seat)))
        if state.is_terminal():
            continue
        view = state.view(state.current_player)
        drawn = drawn_places(render_svg(view))
        for action in state.legal_actions():
            missing = set(action_places(view, action.text)) - drawn
            assert not missing, f"{phase}: {action.text} names {missing}, not drawn"
    assert {"draft", "bid", "prayer", "end"} <= phases


@pytest.mark.parametrize("players", COUNTS)
def test_at_least_nine_decisions_in_ten_are_taken_on_the_board(players):
    found = coverage("teomachia", players, seeds=range(1), limit=250)
    assert found.decisions > 100
    assert found.share >= 0.9, dict(found.missed)


@pytest.mark.parametrize("players", COUNTS)
def test_nothing_hidden_from_the_seat_is_drawn(players):
    for phase, state in moments(players, {"full": True}, seed=5):
        mine = state.view(0)
        known = json.dumps(mine)
        drawing = render_svg(mine)
        for other in range(1, players):
            theirs = state.view(other)["seats"][other]
            for key in ("hand", "draft_hand", "picked", "discard"):
                for name in theirs.get(key, []):
                    assert name in known or not shows(drawing, name), (phase, key, name)
        assert "hand" not in mine["seats"][1]


def test_every_drawn_card_names_a_component_and_the_hand_shows_its_text():
    for _, state in moments(3, {"full": True}):
        view = state.view(state.current_player)
        drawing = render_svg(view)
        assert set(COMPONENT.findall(drawing)) <= COMPONENT_IDS
    state = next(s for p, s in moments(2, {}) if p == "bid")
    view = state.view(state.current_player)
    drawing = render_svg(view)
    hand = view["seats"][state.current_player]["hand"]
    assert hand and all(f'data-place="hand:{name}"' in drawing for name in hand)
    deeds = [c for c in GAME.components() if c.name in hand and c.kind not in ("power card", "element")]
    for component in deeds:
        assert component.text.split()[0] in drawing


def test_the_table_shows_the_track_prices_battle_strength_withdrawals_and_damage():
    view = GAME.new_state(2, 1).view(0)
    view.update(phase="battle", track=["Hatred", None, "Gale", "Tithe", "Flood", "Storm"],
                running_strength=[23, None], pending=[0, "Plague", 1])
    view["seats"][0]["places"] = [["Sacred Grove", "faithful", True]]
    view["seats"][0]["in_deal"] = True
    view["seats"][1]["in_deal"] = False
    drawing = render_svg(view)
    ET.fromstring(drawing)
    assert "battle strength 23" in drawing and "WITHDRAWN" in drawing and "IN THE DEAL" in drawing
    assert "DAMAGED · faithful" in drawing
    assert 'data-place="track:2"' in drawing and "free" in drawing
    assert "Waiting for responses: seat 0 plays Plague against seat 1" in drawing


def test_a_spectator_sees_no_hand_and_no_markers():
    state = next(s for p, s in moments(2, {}) if p == "bid")
    drawing = render_svg(state.view(None))
    places = drawn_places(drawing)
    assert not {p for p in places if p.startswith("hand:")}
    assert not places & {"wait", "call", "withdraw", "stake"}
