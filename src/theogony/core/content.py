"""Content as data: TOML files of cards, tiles, decks and maps, validated into frozen dataclasses.

A content file holds arrays of tables, e.g. `[[miracle]]` entries, each with an `id`. `load_entries`
turns one array into frozen dataclass instances, checking every field against the dataclass's type
hints and naming file, entry and field in any error. An owner's override directory (`--content DIR`,
see `set_override_dir`) may hold `DIR/<game>/<file>.toml` with entries of the same ids: their fields
replace ours (names, numbers, texts); unknown ids or fields are refused.
"""

from __future__ import annotations

import dataclasses
import tomllib
import typing
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from . import plain
from .errors import ContentError, SaveFormatError

T = TypeVar("T")

_override_dir: Path | None = None


def set_override_dir(path: str | Path | None) -> None:
    """Use an owner's content directory from now on (clears cached content)."""
    global _override_dir
    _override_dir = None if path is None else Path(path)
    if _override_dir is not None and not _override_dir.is_dir():
        raise ContentError(f"content directory {path} does not exist")
    _read_toml.cache_clear()


def override_dir() -> Path | None:
    return _override_dir


def read_toml(path: Path) -> dict[str, Any]:
    try:
        stat = path.stat()
    except FileNotFoundError:
        raise ContentError(f"content file {path} is missing") from None
    return _read_toml(path, stat.st_mtime_ns, stat.st_size)


@cache
def _read_toml(path: Path, mtime_ns: int, size: int) -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"content file {path} is not valid TOML: {exc}") from None


def load_entries(path: Path, table: str, cls: type[T], game_id: str | None = None) -> list[T]:
    """The entries of array `table` in TOML file `path` as `cls` instances, overrides applied."""
    data = read_toml(path)
    raw = data.get(table)
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        raise ContentError(f"{path.name}: expected an array of tables [[{table}]]")
    entries = [dict(e) for e in raw]
    if game_id is not None and _override_dir is not None:
        _apply_overrides(_override_dir / game_id / path.name, table, entries,
                         {f.name for f in dataclasses.fields(cls)})  # type: ignore[arg-type]
    return [build(cls, entry, f"{path.name} [[{table}]] #{i + 1}") for i, entry in enumerate(entries)]


def _apply_overrides(path: Path, table: str, entries: list[dict[str, Any]], known: set[str]) -> None:
    """Each override replaces fields of the entry with its id; a field the component has but the
    entry leaves at its default may be given too."""
    if not path.exists():
        return
    raw = read_toml(path).get(table, [])
    by_id = {e.get("id"): e for e in entries}
    for i, override in enumerate(raw):
        target = by_id.get(override.get("id"))
        if target is None:
            raise ContentError(f"{path}: [[{table}]] #{i + 1} names unknown id {override.get('id')!r}")
        for key, value in override.items():
            if key not in target and key not in known:
                raise ContentError(f"{path}: [[{table}]] id {override['id']!r} has unknown field {key!r}")
            target[key] = value


def require_text(**fields: str) -> None:
    """Every player-facing component carries the text a player reads (issue 18): a blank text field
    is refused (ValueError, which `build` reports with the file, entry and field)."""
    for name, value in fields.items():
        if not value.strip():
            raise ValueError(f"field {name!r} is empty: every component needs the text a player reads")


def build(cls: type[T], entry: dict[str, Any], where: str) -> T:
    """One validated frozen dataclass from a TOML table. Fields with defaults may be omitted."""
    if "id" in entry:
        where = f"{where} (id {entry['id']!r})"
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(entry) - set(fields))
    if unknown:
        raise ContentError(f"{where}: unknown field(s) {unknown}; known: {sorted(fields)}")
    values: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in entry:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ContentError(f"{where}: missing field {name!r}")
            continue
        value = entry[name]
        try:
            values[name] = plain.decode(hints[name], _lists_for_tuples(value), name)
        except SaveFormatError as exc:
            raise ContentError(f"{where}: field {name!r}: {exc}") from None
    try:
        obj = cls(**values)
    except (TypeError, ValueError) as exc:
        raise ContentError(f"{where}: {exc}") from None
    check = getattr(obj, "check", None)
    if callable(check):
        try:
            check()
        except ValueError as exc:
            raise ContentError(f"{where}: {exc}") from None
    return obj


def _lists_for_tuples(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _lists_for_tuples(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_lists_for_tuples(v) for v in value]
    return value
