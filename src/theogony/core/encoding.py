"""Small helpers for the games' fixed observation vectors (see docs/encodings.md)."""

from __future__ import annotations

from collections.abc import Iterable


def layout(fields: Iterable[tuple[str, int]]) -> dict[str, tuple[int, int]]:
    """Offsets of consecutive named blocks: {name: (offset, length)}."""
    out: dict[str, tuple[int, int]] = {}
    offset = 0
    for name, length in fields:
        out[name] = (offset, length)
        offset += length
    return out


def one_hot(out: list[float], offset: int, index: int | None, length: int) -> None:
    """Set `out[offset + index]` to 1 when `index` lies in [0, length); otherwise leave the block zero."""
    if index is not None and 0 <= index < length:
        out[offset + index] = 1.0
