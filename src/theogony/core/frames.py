"""Decision frames: the one way a game holds a turn of many small decisions (docs/architecture.md).

A pending step is a small plain-data `Frame` on the state's `stack`; the top frame is what happens
next. Each kind of frame is a dataclass subclass of the game's own frame base, and the game's rules
declare, once per frame class, in a `FrameRules` table:

- a **decision** frame: the decision's kind (a string, or a function of state and frame for one
  class serving a family of steps), its prompt, its legal actions and how an action
  applies (`rules.decision(...)`); optionally `skip`, which settles the frame by itself when there
  is nothing to decide (an optional effect with no target);
- an **automatic** frame: a step the engine carries out with no decision (`rules.automatic(...)`).

`FramedState` derives the contract from the top frame: `current_player` is its seat, `decision`
its kind and prompt, `legal_actions` and `_apply` its rule's; after every action, automatic frames
(and skippable ones) are settled in one loop, so the top of the stack is always a real decision or
the stack is empty, which is the end of the game.

A frame's handlers take the state and the frame: `legal(state, frame) -> list[Action]`,
`apply(state, frame, action, events) -> None`, `prompt(state, frame) -> str` (or a plain string),
`run(state, frame, events) -> None`, `skip(state, frame, events) -> bool`. Handlers change the
stack themselves (pop the frame when its step is done, push the frames of what follows). Plain
functions only: the rules modules stay free of dynamic tricks.

A game whose rules look at the whole table after every action (a seat wiped out, a threshold
crossed, change still owed) gives its table one `after_action(state, events)`: `_apply` calls it
once the action has settled, with the action's events to add to. It may end the game (empty the
stack) but is not settled again, and it never runs for the settling that setup does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from .state import State
from .types import Action, Decision, Event

#: The seat of an automatic frame: nobody decides it.
AUTOMATIC = -1
#: More automatic steps than any game takes between two decisions: a frame rule that never
#: changes the stack is a bug, reported instead of hanging.
SETTLE_LIMIT = 100_000


@dataclass(slots=True)
class Frame:
    """One pending step. A game derives one base class for its frames (so their names are looked up
    among that game's frames only) and one dataclass per kind of step, adding the step's fields.

    `seat` decides the step (AUTOMATIC for a step the engine carries out). Frames are written in
    JSON as their fields plus `"$type": <class name>` (core.plain reads them back by that name).
    """

    TAGGED: ClassVar[bool] = True   # core.plain: values of this family carry their class name

    seat: int


Legal = Callable[[Any, Any], list[Action]]
Apply = Callable[[Any, Any, Action, list[Event]], None]
Prompt = Callable[[Any, Any], str] | str
Kind = Callable[[Any, Any], str] | str
Run = Callable[[Any, Any, list[Event]], None]
Skip = Callable[[Any, Any, list[Event]], bool]
AfterAction = Callable[[Any, list[Event]], None]


@dataclass(frozen=True, slots=True)
class FrameRule:
    """What one frame class does: a decision (kind, prompt, legal, apply, skip) or an automatic
    step (run)."""

    frame_class: type
    kind: Kind
    prompt: Prompt = ""
    legal: Legal | None = None
    apply: Apply | None = None
    run: Run | None = None
    skip: Skip | None = None

    @property
    def automatic(self) -> bool:
        return self.run is not None

    def prompt_of(self, state: Any, frame: Any) -> str:
        return self.prompt if isinstance(self.prompt, str) else self.prompt(state, frame)

    def kind_of(self, state: Any, frame: Any) -> str:
        """The decision's kind: fixed per frame class, or computed (one frame class serving a
        family of small steps, such as effect operations named by a field)."""
        return self.kind if isinstance(self.kind, str) else self.kind(state, frame)


class FrameRules:
    """A game's table of frame rules, keyed by frame class. The rules modules fill it at import
    (`decision`, `automatic`); the Game binds it to its state class (`Game.frame_rules`)."""

    def __init__(self, game_id: str, after_action: AfterAction | None = None) -> None:
        self.game_id = game_id
        self.after_action = after_action     # see the module text; None: nothing after an action
        self._rules: dict[type, FrameRule] = {}

    def decision(self, frame_class: type, kind: Kind, *, prompt: Prompt, legal: Legal,
                 apply: Apply, skip: Skip | None = None) -> None:
        self._add(FrameRule(frame_class, kind, prompt, legal, apply, None, skip))

    def automatic(self, frame_class: type, run: Run, kind: str = "") -> None:
        """`run(state, frame, events)` carries the step out and changes the stack."""
        self._add(FrameRule(frame_class, kind or frame_class.__name__, "", None, None, run, None))

    def _add(self, rule: FrameRule) -> None:
        cls = rule.frame_class
        if not (isinstance(cls, type) and issubclass(cls, Frame)):
            raise TypeError(f"{self.game_id}: {cls!r} is not a Frame class")
        if cls in self._rules:
            raise ValueError(f"{self.game_id}: frame {cls.__name__} has two rules")
        self._rules[cls] = rule

    def rule(self, frame: Frame) -> FrameRule:
        rule = self._rules.get(type(frame))
        if rule is None:
            raise LookupError(f"{self.game_id}: no rule for frame {type(frame).__name__}")
        return rule

    def frame_classes(self) -> list[type]:
        return list(self._rules)

    def kinds(self) -> list[str]:
        """The decision kinds a seat can meet (automatic frames excluded)."""
        return sorted({r.kind for r in self._rules.values()
                       if not r.automatic and isinstance(r.kind, str)})


@dataclass(slots=True)
class FramedState(State):
    """A State whose flow is its stack of frames (see the module text). A game's state subclasses it
    and redeclares `stack` with its own frame base (`stack: list[KemetFrame]`). The game is over
    exactly when the stack is empty."""

    RULES: ClassVar[FrameRules]

    stack: list[Frame]

    @property
    def current_player(self) -> int | None:
        stack = self.stack
        return stack[-1].seat if stack else None

    @property
    def decision(self) -> Decision | None:
        if not self.stack:
            return None
        top = self.stack[-1]
        rule = self.RULES.rule(top)
        return Decision(top.seat, rule.kind_of(self, top), rule.prompt_of(self, top))

    def legal_actions(self) -> list[Action]:
        if not self.stack:
            return []
        top = self.stack[-1]
        legal = self.RULES.rule(top).legal
        assert legal is not None, f"automatic frame {type(top).__name__} left on top of the stack"
        return legal(self, top)

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        top = self.stack[-1]
        rules = self.RULES
        apply = rules.rule(top).apply
        assert apply is not None
        apply(self, top, action, events)
        self.settle(events)
        after_action = rules.after_action
        if after_action is not None:
            after_action(self, events)
        return events

    def settle(self, events: list[Event]) -> None:
        """Carry out automatic frames (and decisions that skip themselves) until a seat must decide
        or the game is over. Setup calls it once after pushing the first frames."""
        stack = self.stack
        rules = self.RULES
        for _ in range(SETTLE_LIMIT):
            if not stack:
                return
            top = stack[-1]
            rule = rules.rule(top)
            if rule.run is not None:
                rule.run(self, top, events)
            elif rule.skip is None or not rule.skip(self, top, events):
                return
        raise RuntimeError(f"{rules.game_id}: {SETTLE_LIMIT} automatic steps in a row without a "
                           f"decision (top frame {type(stack[-1]).__name__}); a frame rule loops")

    def is_terminal(self) -> bool:
        return not self.stack

    def push(self, frame: Frame) -> None:
        self.stack.append(frame)

    def pop(self) -> Frame:
        return self.stack.pop()
