"""Theocratia's board drawing and place map (issue 19, the board contract): the drawing parses at
setup, mid-game and at the end for 1 (the Bot) to 4 players; every place a legal action names is
drawn for the deciding seat; most real decisions are on the board; another seat's Power cards are
never drawn; every data-component is a real component; hex labels carry a contrasting outline."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import theogony
from tests.web.board_coverage import coverage, drawn_places, parse_svg

GAME = theogony.load("theocratia")
COMPONENT = re.compile(r'data-component="([^"]*)"')


def moments(players: int, seed: int = 1, limit: int = 400) -> Iterator[tuple[str, Any]]:
    """(what, state) at setup, every 25th decision and the end of a random game."""
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    yield "setup", state
    for step in range(limit):
        if state.is_terminal():
            break
        if step % 25 == 0:
            yield f"step {step}", state
        state.apply(rng.choice(state.legal_actions()))
    yield "end", state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_place_an_action_names_is_drawn(players):
    ids = {c.id for c in GAME.components()}
    ended = False
    for when, state in moments(players):
        seat = state.current_player if isinstance(state.current_player, int) and state.current_player >= 0 else 0
        view = state.view(seat)
        svg = GAME.render_svg(view)
        root = parse_svg(svg)
        keys = [e.get("data-place") for e in root.iter() if e.get("data-place")]
        assert len(keys) == len(set(keys)), f"{when}: a place key is drawn twice"
        moving = [e.get("data-piece") for e in root.iter() if e.get("data-piece")]
        assert len(moving) == len(set(moving)), f"{when}: a piece id is drawn twice"
        assert set(COMPONENT.findall(svg)) <= ids, when
        ended = state.is_terminal()
        if ended:
            continue
        for action in state.legal_actions():
            places = GAME.action_places(view, action.text)
            assert places, f"{when}: {action.text!r} has no place"
            assert set(places) <= set(keys), f"{when}: {action.text!r} names {set(places) - set(keys)}"
    assert ended, "the walk reached the end of the game"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_most_real_decisions_are_on_the_board(players):
    found = coverage("theocratia", players, seeds=range(1), limit=150)
    assert found.share >= 0.9, found.missed


def test_the_island_has_61_labelled_hexes_readable_on_every_colour():
    view = GAME.new_state(2, 1).view(0)
    svg = GAME.render_svg(view)
    hexes = [e for e in parse_svg(svg).iter() if e.get("class") == "hex"]
    assert len(hexes) == 61
    for group in hexes:
        label = next(t for t in group.iter() if t.tag.endswith("text") and t.text == group.get("data-place"))
        assert label.get("paint-order") == "stroke" and float(label.get("stroke-width")) >= 2
        # a dark hex gets light letters on a dark outline, a light one the reverse
        assert label.get("fill") != label.get("stroke")


def test_the_hand_shows_named_cards_with_text_and_hides_other_hands():
    for _, state in moments(2, seed=3, limit=120):
        own, other = state.view(0), state.view(1)
        svg = GAME.render_svg(own)
        mine = [GAME.components_in_view(own).get("your Power cards", [])]
        for k, card in enumerate(own["seats"][0].get("hand", [])):
            assert f'data-place="hand-{k}"' in svg
        theirs = {c for c in GAME.components_in_view(other).get("your Power cards", [])} - set(*mine)
        drawn = set(COMPONENT.findall(svg))
        assert not theirs & drawn - set(COMPONENT.findall(GAME.render_svg(state.view(None))))
        assert "hand" not in own["seats"][1]


def test_a_hand_card_carries_its_name_text_and_component():
    from theogony.games.theocratia.content import POWER_CARDS

    view = GAME.new_state(2, 1).view(0)
    view["seats"][0]["hand"] = [0]
    svg = GAME.render_svg(view)
    card = POWER_CARDS[0]
    assert f'data-component="power:{card.id}"' in svg and card.name.split()[0] in svg
    assert GAME.action_places(view, f"play {card.name}") == ("hand-0",)


def test_places_of_typical_texts():
    view = GAME.new_state(2, 1).view(0)
    assert GAME.action_places(view, "take Magenta 3") == ("die-3",)
    assert GAME.action_places(view, "expand with Violet") == ("civ-Violet",)
    assert GAME.action_places(view, "attack House on A3") == ("A3",)
    assert GAME.action_places(view, "remove E8 and E9") == ("E8", "E9")
    assert GAME.action_places(view, "end turn") == ("done",)
    assert GAME.action_places(view, "nonsense") == ()
    assert {"civ-Magenta", "deck", "erb", "A1", "I5"} <= drawn_places(GAME.render_svg(view))


def test_the_bot_board_is_drawn_in_solo_play():
    state = GAME.new_state(1, 1)
    rng = random.Random(1)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    svg = GAME.render_svg(state.view(0))
    assert "Bot " in svg and "Pyramid-token grid" in svg


def test_the_drawing_tolerates_an_empty_view():
    parse_svg(GAME.render_svg({}))
    assert GAME.action_places({}, "play Omen") == ()


def pieces(svg: str) -> dict[str, str]:
    """data-piece -> the element's data-place ('' when it has none)."""
    return {e.get("data-piece"): e.get("data-place") or "" for e in parse_svg(svg).iter() if e.get("data-piece")}


def test_a_drafted_die_keeps_its_piece_id_in_hand_and_on_its_civ_row():
    state = GAME.new_state(2, 4)
    rng = random.Random(4)
    while (state.view(state.current_player).get("decision") or {}).get("kind") != "draft":
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    before = pieces(GAME.render_svg(state.view(seat)))
    take = state.legal_actions()[0]
    piece = GAME.action_places(state.view(seat), take.text)[0]
    assert before[piece] == piece                      # on the table: the die is its own place
    state.apply(take)
    after = pieces(GAME.render_svg(state.view(seat)))
    assert after.get(piece) == "held-die"              # the same die, now in hand
    keys = [e.get("data-piece") for e in parse_svg(GAME.render_svg(state.view(seat))).iter() if e.get("data-piece")]
    assert len(keys) == len(set(keys))
