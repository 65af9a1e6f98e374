"""Action codes from a declared code space: the one way a game numbers its actions.

A game declares, in order, one block per kind of action with the shape of its arguments
(`{"move": (zones, zones), "pass": ()}`); each block takes the next dense range of codes, and an
action's code is its block's offset plus the row-major index of its arguments. Codes are stable as
long as blocks are only appended (a released game never reorders or resizes a block: add a new
block at the end instead). Every index is range-checked, so a code can never spill into the next
block.
"""

from __future__ import annotations

from collections.abc import Mapping


class CodeSpace:
    def __init__(self, game_id: str, blocks: Mapping[str, tuple[int, ...]]) -> None:
        self.game_id = game_id
        self._shape: dict[str, tuple[int, ...]] = {}
        self._offset: dict[str, int] = {}
        self._strides: dict[str, tuple[int, ...]] = {}
        size = 0
        for kind, shape in blocks.items():
            if any(not isinstance(n, int) or n < 1 for n in shape):
                raise ValueError(f"{game_id}: block {kind!r} has shape {shape}; sizes are >= 1")
            strides: list[int] = []
            stride = 1
            for n in reversed(shape):
                strides.append(stride)
                stride *= n
            self._shape[kind] = tuple(shape)
            self._strides[kind] = tuple(reversed(strides))
            self._offset[kind] = size
            size += stride
        self.size = size

    def code(self, kind: str, *index: int) -> int:
        """The code of action `kind` with arguments `index` (missing trailing arguments are 0)."""
        shape = self._shape.get(kind)
        if shape is None:
            raise ValueError(f"{self.game_id}: no action block named {kind!r}")
        if len(index) > len(shape):
            raise ValueError(f"{self.game_id}: {kind} takes {len(shape)} arguments, got {index}")
        code = self._offset[kind]
        for i, (value, n, stride) in enumerate(zip(index, shape, self._strides[kind])):
            if not 0 <= value < n:
                raise ValueError(f"{self.game_id}: argument {i} of {kind} is {value}, "
                                 f"outside 0..{n - 1}")
            code += value * stride
        return code

    def offset(self, kind: str) -> int:
        return self._offset[kind]

    def shape(self, kind: str) -> tuple[int, ...]:
        return self._shape[kind]

    def decode(self, code: int) -> tuple[str, tuple[int, ...]]:
        """The block and arguments of `code` (the inverse of `code`)."""
        if not 0 <= code < self.size:
            raise ValueError(f"{self.game_id}: action code {code} outside 0..{self.size - 1}")
        for kind, offset in reversed(self._offset.items()):
            if code >= offset:
                rest = code - offset
                index = []
                for stride in self._strides[kind]:
                    index.append(rest // stride)
                    rest %= stride
                return kind, tuple(index)
        raise AssertionError("unreachable")

    def kinds(self) -> list[str]:
        return list(self._shape)
