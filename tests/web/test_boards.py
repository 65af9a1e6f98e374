"""The board drawings of the four games: valid SVG for every seat and the spectator through
random games, tolerant of missing keys, drawn only from the view given."""

from __future__ import annotations

import pytest

import theogony
from theogony.core import Rng
from theogony.web.boards import board_svg, has_board
from theogony.web.runtime import available_games

from tests.web.board_coverage import parse_svg

GAMES = [g for g in ("kemet", "teomachia", "theocratia", "theurgy") if g in available_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_drawings_through_a_random_game(game_id):
    game = theogony.load(game_id)
    assert has_board(game)
    players = game.info.min_players + (1 if game.info.max_players > game.info.min_players else 0)
    state = game.new_state(players, 11)
    rng = Rng(5)
    step = 0
    while True:
        if step % 25 == 0 or state.is_terminal():
            for seat in [None, *range(players)]:
                svg = board_svg(game, state.view(seat))
                assert svg is not None, f"{game_id} drawing failed at step {step}"
                root = parse_svg(svg)
                places = [e.get("data-place") for e in root.iter() if e.get("data-place")]
                assert places, "the table offers clickable places"
        if state.is_terminal() or step > 3000:
            break
        state.apply(rng.choice(state.legal_actions()))
        step += 1


@pytest.mark.parametrize("game_id", GAMES)
def test_drawings_tolerate_missing_keys(game_id):
    module = __import__(f"theogony.games.{game_id}.svg", fromlist=["render_svg"])
    parse_svg(module.render_svg({}))
    view = theogony.load(game_id).new_state(theogony.load(game_id).info.min_players, 1).view(0)
    for key in list(view):
        partial = {k: v for k, v in view.items() if k != key}
        parse_svg(module.render_svg(partial))
    seats = view.get("seats")
    if isinstance(seats, list):
        parse_svg(module.render_svg({**view, "seats": [{} for _ in seats]}))


def test_names_are_escaped():
    from theogony.games.teomachia.svg import render_svg

    svg = render_svg({"layout": ['<script>alert(1)</script>'], "seats": []})
    assert "<script>" not in svg
    parse_svg(svg)
