"""Issue 18: the Kemet screen shows what a player needs (KM-1, KM-3.3.3, KM-3.5) and none of
the old display bugs."""

from __future__ import annotations

import random
import re

from theogony.core.registry import load

from .helpers import setup_done

GAME = load("kemet")


def test_board_market_floors_and_cards_are_shown() -> None:
    state = setup_done(3, 0)
    text = GAME.render_text(state.view(state.cur))
    assert "Temple of Khnum (temple-ws) [temple 3 PP, obelisk, Nile]" in text
    assert "Delta Desert (delta-desert) [trade port, obelisk] | delta-temple, sanctuary" in text
    assert "storms cover (out of the game): East Desert, South-East Desert" in text
    assert "Tile market by level (a tile costs its level in PP):" in text and " | 4: " in text
    assert "floors 1: - | 2: - | 3: -" in text
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


def test_KM_3_6_the_night_is_narrated_and_credited_to_the_game() -> None:
    """Issue 18: the night's automatic steps (temple PP, prayers, DI draws, awakening, the next
    round's order) come out as events with actor Event.BY_GAME; Amon's moves are Amon's."""
    from theogony.core import Event

    for players in (3, 1):
        state = GAME.new_state(players, 2, {})
        rng = random.Random(0)
        events = []
        while state.round < 2 and not state.is_terminal():
            events += state.apply(rng.choice(state.legal_actions()))
        texts = [e.text for e in events if e.actor == Event.BY_GAME]
        assert any(t.startswith("night (prayers): seat 0 gains 2 PP") for t in texts)
        assert any(t.startswith("night (divine intervention): seat 0 draws 1 DI card") for t in texts)
        assert any(t.startswith("night (awakening)") for t in texts)
        assert any(t.startswith("round 2 begins; turn order") for t in texts)
        if players == 1:
            assert "Amon's round marker moves on: 5 rounds left" in texts
            assert all(e.actor == 1 for e in events if e.text.startswith("Amon's troop"))


def test_the_players_line_names_the_victory_of_the_mode() -> None:
    """KM-3.2 in the classic game; the Objective card in solo (KM-S.9); team Glory (KM-T9)."""
    classic = setup_done(3, 0)
    assert "Players (9 Glory at the start of your turn wins;" in GAME.render_text(classic.view(classic.cur))
    solo = GAME.new_state(1, 0, {})
    text = GAME.render_text(solo.view(0))
    assert "Players (the Objective under SOLO decides, not Glory alone;" in text
    assert "9 Glory" not in text
    team = GAME.new_state(4, 0, {"mode": "team", "teams": "2v2"})
    text = GAME.render_text(team.view(0))
    assert "Players (12 team Glory at the start of an ally's turn wins;" in text


def _marked_glory(svg: str) -> list[str]:
    return re.findall(r'fill="#f5b041" stroke="#9a7d0a"/><text [^>]*>(\d+)</text>', svg)


def test_the_glory_track_marks_the_mode_s_goal() -> None:
    """The SVG board's Glory track marks 9 in the classic game (KM-3.2), the Glory the Objective card
    asks for in solo (KM-S.9, here hard Amon's Fall of Amon: 7), and nothing in team mode (KM-T9)."""
    classic = setup_done(3, 0)
    assert _marked_glory(GAME.render_svg(classic.view(classic.cur))) == ["9"]
    solo = GAME.new_state(1, 3, {"mode": "solo", "difficulty": "hard", "objective": 5})
    assert _marked_glory(GAME.render_svg(solo.view(0))) == ["7"]
    team = GAME.new_state(4, 0, {"mode": "team", "teams": "2v2"})
    assert _marked_glory(GAME.render_svg(team.view(0))) == []
