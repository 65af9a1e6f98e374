"""Issue 18: the Kemet screen shows what a player needs (KM-1, KM-3.3.3, KM-3.5) and none of
the old display bugs."""

from __future__ import annotations

import random

from theogony.core.registry import load

from .helpers import setup_done

GAME = load("kemet")


def test_board_market_floors_and_cards_are_shown() -> None:
    state = setup_done(3, 0)
    text = GAME.render_text(state.view(state.cur))
    assert "Temple of Khnum [temple: 3 PP at night, 1 Glory held, obelisk, Nile]" in text
    assert "Delta Desert [trade port, obelisk] | Delta Temple, Sanctuary" in text
    assert "storms cover:" in text
    assert "Tile market (a tile costs its level in PP):" in text and " L4 " in text
    assert "floor 1: empty; floor 2: empty; floor 3: empty" in text
    assert "Equilibrium: floor 1, 2, 3 still needs a token" in text
    assert "Charge 4/1/0" in text and "DI Distraction: " in text


def test_no_internal_ids_or_none_over_a_game() -> None:
    for players in (1, 3):
        state = GAME.new_state(players, 1, {})
        rng = random.Random(players)
        for _ in range(300):
            if state.is_terminal():
                break
            text = GAME.render_text(state.view(0))
            assert "None" not in text and "move-1" not in text and "d_disc" not in text
            if players == 1:
                assert "Amon" in text and "seat 1" not in text
            state.apply(rng.choice(state.legal_actions()))
