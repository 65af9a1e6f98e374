"""core.frames (decision frames), core.plain's tagged unions and core.codes (code spaces)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from theogony.core import Action, Event, Rng, SaveFormatError, plain
from theogony.core.codes import CodeSpace
from theogony.core.frames import AUTOMATIC, Frame, FramedState, FrameRules


@dataclass(slots=True)
class CountFrame(Frame):
    pass


@dataclass(slots=True)
class Ask(CountFrame):
    left: int


@dataclass(slots=True)
class Tick(CountFrame):
    pass


@dataclass(slots=True)
class CountState(FramedState):
    stack: list[CountFrame]
    total: int


def _legal(s: CountState, f: Ask) -> list[Action]:
    return [Action(f"add {n}", n, n) for n in (1, 2)]


def _apply(s: CountState, f: Ask, a: Action, ev: list[Event]) -> None:
    s.total += a.data
    f.left -= 1
    ev.append(Event("add", a.text, f.seat))
    if f.left == 0:
        s.stack.pop()
        s.stack.append(Tick(AUTOMATIC))


def _tick(s: CountState, f: Tick, ev: list[Event]) -> None:
    s.stack.pop()
    ev.append(Event("tick", "done"))


def _skip_when_full(s: CountState, f: Ask, ev: list[Event]) -> bool:
    if s.total >= 5:
        s.stack.pop()
        return True
    return False


RULES = FrameRules("count")
RULES.decision(Ask, "add", prompt=lambda s, f: f"add ({f.left} left)", legal=_legal, apply=_apply,
               skip=_skip_when_full)
RULES.automatic(Tick, _tick)
CountState.RULES = RULES


def _state(*frames: CountFrame) -> CountState:
    return CountState(players=1, seed=0, variant={}, rng=Rng(0), history=[], stack=list(frames),
                      total=0)


def test_the_top_frame_is_the_decision_and_automatic_frames_settle() -> None:
    s = _state(Ask(0, 2))
    assert s.current_player == 0 and s.decision.kind == "add" and s.decision.prompt == "add (2 left)"
    assert [a.text for a in s.legal_actions()] == ["add 1", "add 2"]
    s.step(s.legal_actions()[1])
    assert s.stack[-1] == Ask(0, 1)
    events = s.step(s.legal_actions()[0])
    assert [e.kind for e in events] == ["add", "tick"]
    assert s.is_terminal() and s.current_player is None and s.legal_actions() == []


def test_a_decision_skips_itself_when_there_is_nothing_to_decide() -> None:
    s = _state(Ask(0, 1), Ask(0, 3))
    s.total = 4
    s.step(s.legal_actions()[0])     # total 5: the Tick runs, then the lower Ask skips itself
    assert s.is_terminal()


def test_a_stack_of_different_frame_classes_round_trips_and_clones_by_class() -> None:
    s = _state(Ask(0, 2), Tick(AUTOMATIC))
    data = plain.encode(s)
    assert data["stack"] == [{"seat": 0, "left": 2, "$type": "Ask"}, {"seat": -1, "$type": "Tick"}]
    back = plain.decode(CountState, data)
    assert back.stack == s.stack and [type(f) for f in back.stack] == [Ask, Tick]
    copy = s.clone()
    assert [type(f) for f in copy.stack] == [Ask, Tick] and copy.stack[0] is not s.stack[0]


@pytest.mark.parametrize("frame, message", [
    ({"seat": 0, "left": 2}, "'$type'"),
    ({"seat": 0, "left": 2, "$type": "Nope"}, "unknown CountFrame kind 'Nope'"),
    ({"seat": 0, "$type": "Ask"}, "missing ['left']"),
])
def test_a_malformed_frame_is_refused_with_what_was_expected(frame: dict[str, Any],
                                                             message: str) -> None:
    data = plain.encode(_state())
    data["stack"] = [frame]
    with pytest.raises(SaveFormatError, match=message.replace("[", r"\[").replace("$", r"\$")):
        plain.decode(CountState, data)


def test_a_frame_without_a_rule_is_named() -> None:
    @dataclass(slots=True)
    class Stray(CountFrame):
        pass

    with pytest.raises(LookupError, match="no rule for frame Stray"):
        _ = _state(Stray(0)).decision


def test_after_action_sees_the_settled_action_and_may_end_the_game() -> None:
    def look_at_the_table(s: CountState, ev: list[Event]) -> None:
        ev.append(Event("after", f"total {s.total}, {len(s.stack)} frames"))
        if s.total >= 4:
            s.stack.clear()          # a check over the whole table ends the game

    rules = FrameRules("watched", after_action=look_at_the_table)
    rules.decision(Ask, "add", prompt="add", legal=_legal, apply=_apply)
    rules.automatic(Tick, _tick)

    @dataclass(slots=True)
    class WatchedState(FramedState):
        stack: list[CountFrame]
        total: int

    WatchedState.RULES = rules
    s = WatchedState(players=1, seed=0, variant={}, rng=Rng(0), history=[],
                     stack=[Ask(0, 5), Tick(AUTOMATIC)], total=0)
    settled: list[Event] = []
    s.settle(settled)                # setup's settling: no action, so no after_action
    assert [e.kind for e in settled] == ["tick"] and s.stack == [Ask(0, 5)]
    events = s.step(s.legal_actions()[1])
    assert [e.text for e in events] == ["add 2", "total 2, 1 frames"]
    events = s.step(s.legal_actions()[1])
    assert [e.kind for e in events] == ["add", "after"] and s.is_terminal()
    assert RULES.after_action is None    # a table without the hook


def test_code_space_blocks_are_dense_checked_and_invertible() -> None:
    space = CodeSpace("g", {"pass": (), "move": (3, 4), "pick": (5,)})
    assert space.size == 1 + 12 + 5
    assert space.code("pass") == 0 and space.code("move", 0, 0) == 1
    assert space.code("move", 2, 3) == 12 and space.code("pick", 4) == 17
    for code in range(space.size):
        kind, index = space.decode(code)
        assert space.code(kind, *index) == code
    with pytest.raises(ValueError, match="argument 1 of move is 4, outside 0..3"):
        space.code("move", 0, 4)
    with pytest.raises(ValueError, match="no action block named 'jump'"):
        space.code("jump")


def test_a_frame_class_may_compute_its_decision_kind() -> None:
    @dataclass(slots=True)
    class Op(CountFrame):
        op: str

    rules = FrameRules("ops")
    rules.decision(Op, lambda s, f: f.op, prompt="do it", legal=_legal, apply=_apply)

    @dataclass(slots=True)
    class OpState(FramedState):
        stack: list[CountFrame]

    OpState.RULES = rules
    s = OpState(players=1, seed=0, variant={}, rng=Rng(0), history=[], stack=[Op(0, "convert")])
    assert s.decision.kind == "convert"


def test_effect_registry_refuses_an_unknown_effect_name_with_file_entry_and_field() -> None:
    from theogony.core import ContentError
    from theogony.core.effects import EffectRegistry

    effects = EffectRegistry("g")

    @effects.handler("gain")
    def gain(state: Any, amount: int) -> int:
        return amount

    assert effects["gain"](None, 2) == 2 and "gain" in effects
    effects.check([{"id": "a", "effect": "gain"}, {"id": "b", "effect": ""}], "cards.toml", "card",
                  allow_empty=True)
    with pytest.raises(ContentError, match=r"cards.toml \[\[card\]\] #2 \(id 'c'\): field 'effect': "
                                           r"unknown effect 'gian'; known: gain"):
        effects.check([{"id": "a", "effect": "gain"}, {"id": "c", "effect": "gian"}], "cards.toml",
                      "card")
    with pytest.raises(ValueError, match="two handlers"):
        effects.handler("gain")(gain)


def test_effect_registry_checks_each_name_of_a_table_and_knows_passive_names() -> None:
    from theogony.core import ContentError
    from theogony.core.effects import EffectRegistry

    effects = EffectRegistry("g", "tile effect", passive=["strength"])

    @effects.handler("glory")
    def glory(state: Any, amount: int) -> int:
        return amount

    assert effects.known() == {"glory", "strength"} and effects.names() == ["glory"]
    assert "strength" not in effects            # passive: known to the check, never dispatched
    effects.check([{"id": "a", "effect": {"glory": 1, "strength": 2}}, {"id": "b", "effect": {}}],
                  "tiles.toml", "tile")
    with pytest.raises(ContentError, match=r"tiles.toml \[\[tile\]\] #2 \(id 'c'\): field 'effect': "
                                           r"unknown tile effect 'shield'; known: glory, strength"):
        effects.check([{"id": "a", "effect": ["glory"]}, {"id": "c", "effect": {"glory": 1, "shield": 1}}],
                      "tiles.toml", "tile")


def test_the_class_a_slotted_dataclass_replaced_is_not_a_second_member() -> None:
    import gc

    gc.disable()   # keep the replaced, unslotted original among the subclasses
    try:
        @dataclass(slots=True)
        class Late(CountFrame):
            n: int

        data = plain.encode(_state(Late(0, 3)))
        assert type(plain.decode(CountState, data).stack[0]) is Late
    finally:
        gc.enable()
