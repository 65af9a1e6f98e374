"""Theurgy on the core's decision frames: every pending step is a frame with its rule, the
Pilgrimage's and the Intervention's book-keeping live in their frames, a state round-trips through
JSON with its stack of frames, an old save is refused with the version message, and the action
codes are the declared code space's."""

from __future__ import annotations

import random

import pytest

from theogony.core import SaveFormatError
from theogony.games.theurgy import frames
from theogony.games.theurgy.codes import CODES, N_CODES, code
from theogony.games.theurgy.frames import Intervention, Pilgrimage
from theogony.games.theurgy.rules import RULES

from .helpers import GAME, begin, blank, put


def test_every_frame_class_has_exactly_one_rule():
    classes = {getattr(frames, name) for name in frames.__all__ if name not in ("AUTOMATIC", "TheurgyFrame")}
    assert classes == set(RULES.frame_classes())


def test_the_pilgrimage_keeps_its_book_keeping_in_its_frame():
    s = blank(2)
    put(s, "Forest-3", 0, 2)
    begin(s, 0, "pilgrimage")
    pil = s.stack[-1]
    assert isinstance(pil, Pilgrimage) and s.decision.kind == "pilgrimage"
    move = next(a for a in s.legal_actions() if a.text.startswith("move follower Forest-3"))
    s.apply(move.text)
    assert sum(pil.locked) == 1 and s.stack[-1] is pil
    s.apply("done")
    assert not any(isinstance(f, Pilgrimage) for f in s.stack)


def test_the_intervention_keeps_its_book_keeping_in_its_frame():
    s = blank(2)
    begin(s, 0, "divine intervention")
    di = s.stack[-1]
    assert isinstance(di, Intervention) and di.main == "" and s.decision.kind == "di"
    s.apply(next(a.text for a in s.legal_actions() if a.text.startswith("summon ")))
    while s.decision.kind != "di":
        s.apply(s.legal_actions()[0].text)
    assert di.main == "summon" and len(di.summoned) == 1 and di.summoned == di.activated


def test_a_state_round_trips_with_its_stack_of_frames():
    s = GAME.new_state(3, 5, {"capital_events": True})
    rng = random.Random(5)
    for _ in range(300):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
        back = GAME.from_json(GAME.state_document(s))
        assert back.stack == s.stack and [type(f) for f in back.stack] == [type(f) for f in s.stack]
        assert back.decision == s.decision and back.legal_actions() == s.legal_actions()


def test_a_save_of_the_old_schema_is_refused_with_the_version_message():
    doc = GAME.state_document(GAME.new_state(2, 0))
    assert doc["schema_version"] == 2
    with pytest.raises(SaveFormatError, match="schema 1.*reads schema 2 only"):
        GAME.from_json({**doc, "schema_version": 1})


def test_action_codes_are_the_code_space_s():
    assert N_CODES == CODES.size == GAME.num_action_codes(2)
    for kind in CODES.kinds():
        shape = CODES.shape(kind)
        index = tuple(n - 1 for n in shape)
        assert code(kind, *index) == CODES.code(kind, *index)
        assert CODES.decode(code(kind, *index)) == (kind, index)
    # today's numbering, as the corpus records it: the first and the last blocks
    assert code("turn", 0) == 0 and code("start", 0, 0) == 4
    assert code("trigger", 0) == N_CODES - CODES.shape("trigger")[0]
    with pytest.raises(ValueError, match="out of range"):
        code("turn", 4)

