"""One record per game for analysis (`theogony simulate --records FILE`, `theogony report`):
JSON Lines, or Parquet when the file name ends in `.parquet` (needs pyarrow: the `report` or
`parquet` extra).

A record is plain data: game, players, seed, variant, content (the override directory or None),
seats (every seat including engine-driven ones), agents (per seat; `automaton` for an engine
seat), labels (the game's `match_stats` labels: category -> one label per seat, e.g. deity, Civ,
colour, turn position), decisions, scores, ranks and winners (seats), numbers and counts (the
game's statistics), seat_counts (each seat's share of the counts), truncated, error,
wall_seconds, and actions (the action texts: `game.replay(players, seed, variant, actions)` gives
back any position of the game). A truncated or failed game has no scores, ranks or winners (None).

In Parquet the dict-valued fields (variant, labels, numbers, counts, seat_counts) are JSON text
columns, which `read_records` decodes; lists of numbers stay lists. With pandas:
`pandas.read_json(path, lines=True)` or `pandas.read_parquet(path)`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .match import MatchResult

RECORD_FIELDS = ("game", "players", "seed", "variant", "content", "seats", "agents", "labels",
                 "decisions", "scores", "ranks", "winners", "numbers", "counts", "seat_counts",
                 "truncated", "error", "wall_seconds", "actions")
_JSON_FIELDS = ("variant", "labels", "numbers", "counts", "seat_counts")
PARQUET_HINT = "pip install -e '.[report]' (or '.[parquet]')"


def match_record(match: MatchResult, content: str | None = None) -> dict[str, Any]:
    outcome = match.outcome
    seats = len(outcome.ranks) if outcome is not None else match.players
    stats = match.stats or {}
    return {
        "game": match.game, "players": match.players, "seed": match.seed,
        "variant": dict(match.variant), "content": content, "seats": seats,
        "agents": list(match.agents) + ["automaton"] * (seats - len(match.agents)),
        "labels": {k: list(v) for k, v in stats.get("labels", {}).items()},
        "decisions": match.decisions,
        "scores": None if outcome is None else list(outcome.scores),
        "ranks": None if outcome is None else list(outcome.ranks),
        "winners": None if outcome is None else list(outcome.winners),
        "numbers": dict(stats.get("numbers", {})), "counts": dict(stats.get("counts", {})),
        "seat_counts": match.seat_counts, "truncated": match.truncated, "error": match.error,
        "wall_seconds": round(match.wall_seconds, 4), "actions": list(match.actions),
    }


def is_parquet(path: str | Path) -> bool:
    return str(path).lower().endswith(".parquet")


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ValueError(f"Parquet records need pyarrow: {PARQUET_HINT}; or name a .jsonl file") from None
    return pyarrow


def check_writable(path: str | Path) -> None:
    """Refuse early (before any game is played) a format whose library is missing or a folder
    that does not exist."""
    if is_parquet(path):
        _pyarrow()
    if not Path(path).parent.is_dir():
        raise ValueError(f"the folder of {path} does not exist")


def write_records(path: str | Path, records: Iterable[dict[str, Any]]) -> int:
    """Write the records (replacing the file); how many were written."""
    rows = list(records)
    if is_parquet(path):
        pa = _pyarrow()
        encoded = [{k: (json.dumps(r.get(k)) if k in _JSON_FIELDS else r.get(k)) for k in RECORD_FIELDS}
                   for r in rows]
        table = pa.Table.from_pylist(encoded, schema=_schema(pa))
        pa.parquet.write_table(table, str(path))
    else:
        with open(path, "w", encoding="utf-8") as out:
            for row in rows:
                out.write(json.dumps(row) + "\n")
    return len(rows)


def _schema(pa: Any) -> Any:
    text, whole = pa.string(), pa.int64()
    return pa.schema([
        ("game", text), ("players", whole), ("seed", whole), ("variant", text), ("content", text),
        ("seats", whole), ("agents", pa.list_(text)), ("labels", text), ("decisions", whole),
        ("scores", pa.list_(pa.float64())), ("ranks", pa.list_(whole)), ("winners", pa.list_(whole)),
        ("numbers", text), ("counts", text), ("seat_counts", text), ("truncated", pa.bool_()),
        ("error", text), ("wall_seconds", pa.float64()), ("actions", pa.list_(text))])


def read_records(path: str | Path) -> list[dict[str, Any]]:
    """The records of a file written by `write_records` (or by `simulate --records`)."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"records file {path} does not exist")
    if is_parquet(path):
        pa = _pyarrow()
        rows = pa.parquet.read_table(str(path)).to_pylist()
        return [{k: (json.loads(v) if k in _JSON_FIELDS and v is not None else v) for k, v in row.items()}
                for row in rows]
    records = []
    with open(path, encoding="utf-8") as source:
        for number, line in enumerate(source, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path} line {number} is not JSON: {exc}") from None
            if not isinstance(record, dict) or "seed" not in record or "game" not in record:
                raise ValueError(f"{path} line {number} is not a game record (no game or seed)")
            records.append(record)
    return records
