"""Theocratia on the core's decision frames (issue 17): one rule per frame class, the action codes
of the code space equal to the numbers the game has always used, the stack of typed frames in the
saved JSON, and the schema version that refuses documents of the old shape."""

from __future__ import annotations

import random

import pytest

from theogony.core import SaveFormatError
from theogony.core.frames import AUTOMATIC
from theogony.games.theocratia import GAME
from theogony.games.theocratia.codes import CODES, NUM_CODES
from theogony.games.theocratia.rules import RULES
from theogony.games.theocratia.state import (TURNS, Developments, DevelopmentKind, Holiday,
                                             PlayerTurns, TheocratiaFrame)

from ._helpers import MAGENTA, RED, new_game

# the first code of every kind of action before the code space (the recorded games carry them)
HISTORIC_OFFSETS = {"civ": 0, "draft": 4, "claim": 28, "up": 32, "down": 33, "recolour": 34,
                    "ignore": 82, "place": 94, "holiday": 98, "divine": 102, "aside": 122,
                    "erb": 123, "draw": 124, "hex": 125, "convert": 186, "crystal": 430,
                    "play": 436, "end": 448, "token": 449, "civ_pick": 459, "kind": 463,
                    "pyramid_site": 465, "pyramid_group": 526}


def test_the_code_space_keeps_the_historic_numbers() -> None:
    assert {k: CODES.offset(k) for k in CODES.kinds()} == HISTORIC_OFFSETS
    assert NUM_CODES == 526 + 61 * 61 == GAME.num_action_codes(4)
    assert CODES.code("convert", 2, 5) == 186 + 2 * 61 + 5
    assert CODES.decode(CODES.code("divine", 4, 3)) == ("divine", (4, 3))
    with pytest.raises(ValueError, match="outside"):
        CODES.code("claim", 4)


def test_every_frame_class_has_exactly_one_rule_and_the_decision_kinds_stay() -> None:
    classes = set(RULES.frame_classes())
    assert classes == set(_all_frame_classes())
    assert RULES.kinds() == sorted(["build", "civ", "dev_hex", "dev_kind", "draft", "endturn",
                                    "expand", "first", "holiday", "pyramid", "prepare", "token",
                                    "tokenciv", "war"])


def _all_frame_classes() -> list[type]:
    out, todo = [], [TheocratiaFrame]
    while todo:
        cls = todo.pop()
        subs = cls.__subclasses__()
        todo.extend(subs)
        if not subs:
            out.append(cls)
    return out


def test_the_round_flow_is_the_frame_at_the_bottom_of_the_stack() -> None:
    s = new_game(4)
    assert isinstance(s.stack[0], PlayerTurns) and s.stage == TURNS
    assert s.turn_index == 1 and s.turn_seat() == s.current_player
    assert all(f.seat == AUTOMATIC for f in s.stack[:1])


def test_a_stack_of_different_frames_round_trips_through_json() -> None:
    s = new_game(4)
    s.stack = [Developments(seat=AUTOMATIC, next_civ=2),
               DevelopmentKind(seat=RED, civ=MAGENTA, house=7),
               Holiday(seat=RED, civ=MAGENTA, left=2, spent=[1, 0, 0, 0, 1, 0])]
    back = GAME.from_json(s.to_json())
    assert back.stack == s.stack and [type(f) for f in back.stack] == [type(f) for f in s.stack]
    assert back.view(RED) == s.view(RED)


def test_a_played_game_round_trips_and_continues_alike() -> None:
    s = GAME.new_state(3, 5)
    rng = random.Random(5)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    back = GAME.from_json(s.to_json())
    assert [a.code for a in back.legal_actions()] == [a.code for a in s.legal_actions()]
    assert back.view(None) == s.view(None)


def test_a_document_of_the_old_state_shape_is_refused_with_the_version_message() -> None:
    doc = GAME.state_document(new_game(2))
    assert doc["schema_version"] == 2
    with pytest.raises(SaveFormatError, match="schema 1"):
        GAME.from_json({**doc, "schema_version": 1})
