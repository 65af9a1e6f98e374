"""Kemet on the core's decision frames: one rule per step class, the movement and the battle in
their frames, saves of the frame stack, and old saves refused with the version message."""

from __future__ import annotations

import random

import pytest

import theogony
from theogony.core import SaveFormatError
from theogony.games.kemet import state as K
from theogony.games.kemet.rules import RULES

GAME = theogony.load("kemet")


def _steps() -> set[type]:
    found, todo = set(), [K.KemetFrame]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            found.add(sub)
            todo.append(sub)
    return found - {K.MovementStep, K.Handover}


def test_every_step_class_has_one_rule_with_the_decision_kind_of_its_name() -> None:
    assert set(RULES.frame_classes()) == _steps()
    handovers = {cls for cls in RULES.frame_classes() if issubclass(cls, K.Handover)}
    assert handovers == {K.NextPick, K.StartRound, K.StartNight, K.StartBattle}
    for cls in handovers:
        frame = cls(0, 0, 0, 0) if cls is K.StartBattle else cls(0)
        assert RULES.rule(frame).automatic
    for cls in set(RULES.frame_classes()) - handovers:
        frame = cls(0, None) if issubclass(cls, (K.MovementStep, K.BattleStep)) else cls(0)
        kind = RULES.rule(frame).kind
        assert cls.__name__ == "".join(p.capitalize() for p in kind.split("_")) + "Step"


def test_the_movement_and_the_battle_live_in_the_top_frame_and_saves_round_trip() -> None:
    s = GAME.new_state(3, 4)
    rng = random.Random(4)
    seen = set()
    while not s.is_terminal() and len(s.history) < 900:
        top = s.stack[-1]
        assert (s.mv is not None) == isinstance(top, K.MovementStep)
        assert (s.bt is not None) == isinstance(top, K.BattleStep)
        assert s.current_player == top.seat == s.cur
        if type(top) not in seen:
            seen.add(type(top))
            doc = s.to_json()
            assert doc["state"]["stack"][-1]["$type"] == type(top).__name__
            again = GAME.from_json(doc)
            assert again.to_json() == doc and again.stack == s.stack
        s.apply(rng.choice(s.legal_actions()))
    assert {K.MoveStep, K.BattleStep, K.TurnStep} <= seen


def test_a_save_of_the_old_kstep_schema_is_refused_with_the_version_message() -> None:
    doc = GAME.new_state(3, 1).to_json()
    assert doc["schema_version"] == 2
    with pytest.raises(SaveFormatError, match="schema 1"):
        GAME.from_json({**doc, "schema_version": 1})
