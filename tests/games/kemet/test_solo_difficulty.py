"""Kemet solo mode: hard Amon, the designed variant `difficulty` (ruling KM-S.R13)."""

from __future__ import annotations

import dataclasses

import pytest

from theogony.core import SetupError
from theogony.core.content import ContentError, build
from theogony.games.kemet.rules import day
from theogony.games.kemet.rules import solo as S
from theogony.games.kemet.solo import HARD_NUMBERS, Objective
from theogony.games.kemet.state import KemetState

from .helpers import GAME, step_of


def solo_state(objective: int, difficulty: str, seed: int = 0) -> KemetState:
    """A solo game after the player's setup (first legal choice each time), at the first token."""
    s = GAME.new_state(1, seed, {"mode": "solo", "objective": objective, "difficulty": difficulty})
    while step_of(s) != "turn":
        s.apply(s.legal_actions()[0])
    return s


def test_KM_S_R13_difficulty_is_standard_or_hard_and_solo_only():
    with pytest.raises(SetupError, match="difficulty"):
        GAME.new_state(1, 0, {"difficulty": "nightmare"})
    with pytest.raises(SetupError, match="'difficulty' applies to solo mode only"):
        GAME.new_state(2, 0, {"difficulty": "hard"})
    GAME.new_state(2, 0, {"difficulty": "standard"})   # the default is accepted everywhere
    assert GAME.info.variants["difficulty"] == (("standard", "hard"), "standard")


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_KM_S_R13_hard_setup_applies_the_hard_numbers(number):
    standard = S.OBJECTIVES[S.OBJECTIVE_BY_NUMBER[number]]
    s = GAME.new_state(1, 7, {"objective": number, "difficulty": "hard"})
    o = S.objective_of(s)
    assert o.hard == {} and o.text == standard.hard_text
    for key, value in standard.hard.items():
        assert getattr(o, key) == value
        assert str(value) in o.text
    assert s.solo.marker == o.rounds
    assert len(s.solo.event_deck) == o.rounds   # KM-S.3.5: one Event deck card per round
    needs = {name: need for name, _, need in S.progress(s)}
    if standard.hard.get("glory"):
        assert needs["glory"] == standard.hard["glory"] > standard.glory
    shown = s.view(0)["solo"]["objective"]
    assert shown["difficulty"] == "hard" and shown["text"] == standard.hard_text
    assert shown["rounds"] == o.rounds


def test_KM_S_R13_every_hard_card_asks_for_more_and_says_so():
    for o in S.OBJECTIVES:
        assert o.hard and o.hard_text.startswith("Hard Amon")
        assert any(o.hard[k] != getattr(o, k) for k in o.hard)


def test_KM_S_R13_hard_objective_is_not_met_with_the_standard_numbers():
    s = solo_state(objective=1, difficulty="hard")
    standard = S.OBJECTIVES[s.solo.objective]
    s.ps[0].glory = standard.glory
    s.ps[0].tokens = 5
    day.end_turn(s)
    assert not s.is_terminal() and not S.fulfilled(s)
    s.ps[0].glory = standard.hard["glory"]
    s.ps[0].tokens = 5
    day.end_turn(s)
    assert s.is_terminal() and s.solo.won


def test_KM_S_R13_standard_difficulty_is_the_default_and_unchanged():
    for number in (1, 5):
        default = GAME.new_state(1, 3, {"objective": number})
        explicit = GAME.new_state(1, 3, {"objective": number, "difficulty": "standard"})
        assert default.view(0) == explicit.view(0)
        o = S.objective_of(default)
        assert o is S.OBJECTIVES[default.solo.objective]
        assert default.solo.marker == o.rounds
        assert default.view(0)["solo"]["objective"]["difficulty"] == "standard"


def test_KM_S_R13_the_board_shows_which_amon_the_player_faces():
    hard = GAME.new_state(1, 0, {"objective": 2, "difficulty": "hard"})
    standard = GAME.new_state(1, 0, {"objective": 2})
    text = GAME.render_text(hard.view(0))
    assert "SOLO vs hard Amon" in text and S.OBJECTIVES[1].hard_text in text
    assert "SOLO vs Amon" in GAME.render_text(standard.view(0))
    assert "hard Amon" in GAME.render_svg(hard.view(0))
    assert "hard Amon" not in GAME.render_svg(standard.view(0))


def _objective(**changes: object) -> Objective:
    entry = {"id": "x", "name": "X", "text": "Win with 13 Glory within 6 rounds.", "number": 1,
             "rounds": 6, "when": "any", "glory": 13,
             "hard": {"glory": 15}, "hard_text": "Hard Amon: 15 Glory within 6 rounds."}
    entry.update(changes)
    return build(Objective, entry, "solo.toml objective")


def test_KM_S_R13_content_validates_the_hard_card():
    assert _objective().at_hard().glory == 15
    with pytest.raises(ContentError, match="easier"):
        _objective(hard={"glory": 12}, hard_text="Hard Amon: 12 Glory.")
    with pytest.raises(ContentError, match="easier"):
        _objective(hard={"rounds": 7}, hard_text="Hard Amon: within 7 rounds.")
    with pytest.raises(ContentError, match="unknown number"):
        _objective(hard={"battle_glory": 0}, hard_text="Hard Amon: 0.")
    with pytest.raises(ContentError, match="must state the hard glory"):
        _objective(hard_text="Hard Amon: more Glory.")
    with pytest.raises(ContentError, match="empty"):
        _objective(hard_text=" ")
    with pytest.raises(ContentError, match="hard_text without"):
        _objective(hard={})
    with pytest.raises(ContentError, match="3 to 10 rounds"):
        _objective(hard={"rounds": 2}, hard_text="Hard Amon: 2 rounds.")
    assert set(HARD_NUMBERS) <= {f.name for f in dataclasses.fields(Objective)}


def test_KM_S_R13_the_card_catalogue_shows_the_hard_text():
    from theogony.games.kemet.components import components

    cards = {c.id: c for c in components()}
    for o in S.OBJECTIVES:
        assert ("against hard Amon", o.hard_text) in cards["objective:" + o.id].details
