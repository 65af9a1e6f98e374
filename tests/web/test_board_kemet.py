"""Kemet's board drawing and place map (issue 19, the board contract): the drawing parses at
setup, mid-game, in battles and at the end, for every player count and mode; every place a legal
action names is drawn for the deciding seat; most real decisions are on the board; nothing of
another seat's hidden hand is drawn; every data-component is a real component."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import theogony
from tests.web.board_coverage import coverage, drawn_places, parse_svg

GAME = theogony.load("kemet")
CONFIGS = [(2, None), (3, None), (4, None), (5, None), (6, None), (1, None),
           (4, {"mode": "team"}), (3, {"gods_of_egypt": True})]
COMPONENT = re.compile(r'data-component="([^"]*)"')


def moments(players: int, variant: dict[str, Any] | None, seed: int = 1,
            limit: int = 3000) -> Iterator[tuple[str, Any]]:
    """(what, state) at setup, every 60th decision, the first battle decisions and the end."""
    state = GAME.new_state(players, seed, variant)
    rng = random.Random(seed)
    battles = 0
    yield "setup", state
    for step in range(limit):
        if state.is_terminal():
            break
        battle = (state.view(state.current_player).get("decision") or {}).get("kind") == "battle"
        battles += battle
        if step % 60 == 0 or (battle and battles <= 8):
            yield f"step {step}", state
        state.apply(rng.choice(state.legal_actions()))
    yield "end", state


@pytest.mark.parametrize("players,variant", CONFIGS)
def test_every_place_an_action_names_is_drawn(players, variant):
    ids = {c.id for c in GAME.components()}
    battles = 0
    for when, state in moments(players, variant):
        seat = state.current_player if isinstance(state.current_player, int) else 0
        view = state.view(seat)
        svg = GAME.render_svg(view)
        root = parse_svg(svg)
        keys = [e.get("data-place") for e in root.iter() if e.get("data-place")]
        assert len(keys) == len(set(keys)), f"{when}: a place key is drawn twice"
        moving = [e.get("data-piece") for e in root.iter() if e.get("data-piece")]
        assert len(moving) == len(set(moving)), f"{when}: a piece id is drawn twice"
        assert set(COMPONENT.findall(svg)) <= ids, when
        battles += (view.get("decision") or {}).get("kind") == "battle"
        if state.is_terminal():
            continue
        drawn = set(keys)
        for action in state.legal_actions():
            places = GAME.action_places(view, action.text)
            assert places, f"{when}: {action.text!r} has no place"
            assert set(places) <= drawn, f"{when}: {action.text!r} names {set(places) - drawn}"
    assert battles or players == 1, "the walk reached no battle"
    assert state.is_terminal(), "the walk reached the end of the game"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_most_real_decisions_are_on_the_board(players):
    found = coverage("kemet", players, seeds=range(1), limit=120)
    assert found.share >= 0.9, found.missed


@pytest.mark.parametrize("variant", [{"mode": "team"}, {"gods_of_egypt": True}])
def test_modes_keep_decisions_on_the_board(variant):
    found = coverage("kemet", 4 if variant.get("mode") == "team" else 3, seeds=range(1), limit=120,
                     variant=variant)
    assert found.share >= 0.9, found.missed


def test_solo_decisions_are_on_the_board():
    assert coverage("kemet", 1, seeds=range(1), limit=120).share >= 0.9


def hidden_names(view: dict[str, Any], seat: int) -> set[str]:
    other = view["seats"][seat]
    return set(other.get("di_cards", [])) | set(other.get("battle_cards", []))


@pytest.mark.parametrize("players", [2, 3])
def test_another_seats_hidden_cards_are_not_drawn(players):
    for _, state in moments(players, None, seed=2, limit=200):
        own = state.view(0)
        svg = GAME.render_svg(own)
        visible = json.dumps(own)
        for seat in range(1, players):
            for name in hidden_names(state.view(seat), seat) - {n for n in hidden_names(state.view(seat), seat)
                                                                if f'"{n}"' in visible}:
                assert not re.search(f">{re.escape(name)}(<| —|:)", svg), name
        assert "battle_cards" not in own["seats"][1]


def test_the_market_shows_tiles_with_name_level_cost_and_text():
    view = GAME.new_state(3, 1).view(0)
    svg = GAME.render_svg(view)
    tile = next(t for t in theogony.games.kemet.content.TILES if t.id in view["market"])
    assert f'data-place="tile-{tile.id}"' in svg and f'data-component="tile:{tile.id}"' in svg
    assert f"level {tile.level} · {tile.level} PP" in svg
    assert tile.text.split()[0] in svg


def test_the_action_board_and_battle_cards_are_drawn_for_the_seat():
    view = GAME.new_state(2, 1).view(0)
    drawn = drawn_places(GAME.render_svg(view))
    assert {"space-move-1", "space-pray-2", "space-acquire-3", "space-gold"} <= drawn
    assert {"battle-charge", "battle-phalanx", "di-0"} <= drawn
    assert "Your battle cards" not in GAME.render_svg(GAME.new_state(2, 1).view(None))


def test_the_map_for_two_players_has_storms_and_unused_cities():
    svg = GAME.render_svg(GAME.new_state(2, 1).view(0))
    assert svg.count("Storm: out of play") == 2
    drawn = drawn_places(svg)
    assert {"city-NW", "city-NE", "NW-1", "NE-3", "delta-temple", "temple-ws"} <= drawn
    assert "w-desert" not in drawn and "SW-1" not in drawn


def test_places_of_typical_texts():
    view = GAME.new_state(2, 1).view(0)
    assert GAME.action_places(view, "go to nile-w") == ("nile-w",)
    assert GAME.action_places(view, "hire a mercenary in NE-2") == ("merc", "NE-2")
    assert GAME.action_places(view, "place token on Acquisition slot 2") == ("space-acquire-2",)
    assert GAME.action_places(view, "acquire Dominion (ruby 3) for 3 PP") == ("tile-dominion-ruby",)
    assert GAME.action_places(view, "play Bloodbath") == ("di-0",)
    assert GAME.action_places(view, "end turn") == ("done",)
    assert GAME.action_places(view, "nonsense") == ()


def test_a_city_is_chosen_by_a_click_anywhere_on_it_its_quarters_included():
    state = GAME.new_state(3, 1)
    view = state.view(state.current_player)
    assert GAME.action_places(view, "city NE") == ("city-NE", "NE-1", "NE-2", "NE-3")
    drawn = drawn_places(GAME.render_svg(view))
    assert {"city-NE", "NE-1", "NE-2", "NE-3"} <= drawn, "the quarters are drawn as places"


def test_the_drawing_tolerates_an_empty_view():
    parse_svg(GAME.render_svg({}))
    assert GAME.action_places({}, "play Bloodbath") == ()
