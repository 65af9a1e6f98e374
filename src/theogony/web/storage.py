"""Persistent storage of matches through SQLAlchemy (SQLite by default, PostgreSQL on request).

A match is stored as its inputs (game, players, seed, variant, seat controllers, engine and schema
versions) and its ordered action list; the server rebuilds the state by replay. Seat tokens are stored
only as SHA-256 hashes, and so is each seat's one-time join code. Every change bumps the match's `revision` with a conditional UPDATE
(`WHERE revision = expected`), so two writers can never both commit on the same revision.
The schema is managed by Alembic migrations (`migrations/`), applied automatically on start.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (BigInteger, Boolean, Column, Float, ForeignKey, Integer, MetaData, String,
                        Table, Text, create_engine, delete, event, false, insert, select, update)
from sqlalchemy.engine import Engine

metadata = MetaData()

matches = Table(
    "matches", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("variant", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("engine_version", String(32), nullable=False),
    Column("schema_version", Integer, nullable=False),
    Column("revision", Integer, nullable=False, server_default="0"),
    Column("status", String(16), nullable=False, server_default="running"),
    Column("idle_seconds", Float, nullable=False, server_default="300"),
    Column("outcome", Text, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("names", Text, nullable=True),  # JSON list: each seat's chosen name, or null
    Column("open", Boolean, nullable=False, server_default=false()),  # listed in the lobby
    Column("rematch", String(32), nullable=True),  # the id of the match started as its rematch
)

seat_tokens = Table(
    "seat_tokens", metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),
    Column("join_hash", String(64), nullable=True),  # the unclaimed join code of the seat
)

actions = Table(
    "actions", metadata,
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
    Column("by_bot", Boolean, nullable=False, server_default=false()),
)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class StorageError(RuntimeError):
    """The database cannot be opened or used (bad URL, missing driver, unreachable server)."""


def default_db_path() -> Path:
    base = os.environ.get("THEOGONY_DATA") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share"), "theogony")
    return Path(base) / "web.sqlite3"


def normalise_url(db: str | os.PathLike[str] | None) -> str:
    """A SQLAlchemy URL from what a person typed: None (the default SQLite file), a file path, a
    `sqlite:///...` URL or a `postgresql://...` URL (mapped to the installed driver)."""
    if db is None or str(db) == "":
        path = default_db_path()
        return f"sqlite:///{path}"
    text = str(db)
    if "://" not in text:
        return f"sqlite:///{Path(text).expanduser().resolve()}"
    if text.startswith(("postgresql://", "postgres://")):
        rest = text.split("://", 1)[1]
        for module, driver in (("psycopg", "psycopg"), ("psycopg2", "psycopg2"), ("pg8000", "pg8000")):
            try:
                __import__(module)
            except ImportError:
                continue
            return f"postgresql+{driver}://{rest}"
        raise StorageError("a PostgreSQL database needs a driver: pip install 'psycopg[binary]'")
    return text


@dataclass
class MatchRecord:
    id: str
    game: str
    players: int
    seed: int
    variant: dict[str, Any]
    seats: list[str]
    engine_version: str
    schema_version: int
    revision: int
    status: str
    idle_seconds: float
    outcome: dict[str, Any] | None
    created_at: float
    updated_at: float
    token_hashes: dict[int, str] = field(default_factory=dict)
    join_hashes: dict[int, str] = field(default_factory=dict)
    actions: list[tuple[int | None, str, float, bool]] = field(default_factory=list)  # seat, text, at, by_bot
    names: list[str | None] = field(default_factory=list)  # each seat's chosen name, or None
    open: bool = False  # listed in the lobby: its unclaimed human seats may be joined there
    rematch: str | None = None

    def name_of(self, seat: int) -> str | None:
        return self.names[seat] if seat < len(self.names) else None

    def free_seats(self) -> list[int]:
        """The seats a stranger may join from the lobby: unclaimed human seats of an open match."""
        if not self.open or self.status != "running":
            return []
        return sorted(seat for seat in self.join_hashes if self.seats[seat] == "human")

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "players": self.players,
                "seats": [("human" if s == "human" else "bot") for s in self.seats],
                "names": [self.name_of(i) for i in range(self.players)],
                "status": self.status, "revision": self.revision, "open": self.open,
                "created_at": self.created_at, "updated_at": self.updated_at}


class Storage:
    def __init__(self, db: str | os.PathLike[str] | None = None) -> None:
        self.url = normalise_url(db)
        self.path: Path | None = None
        kwargs: dict[str, Any] = {"future": True}
        if self.url.startswith("sqlite"):
            raw = self.url.split("///", 1)[1] if "///" in self.url else ""
            if raw and raw != ":memory:":
                self.path = Path(raw)
                self.path.parent.mkdir(parents=True, exist_ok=True)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_pre_ping"] = True
        try:
            self.engine: Engine = create_engine(self.url, **kwargs)
        except Exception as exc:  # bad URL, unknown dialect, missing driver
            raise StorageError(f"cannot open database {self.safe_url()}: {exc}") from None
        if self.url.startswith("sqlite"):
            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_connection: Any, _record: Any) -> None:
                cursor = dbapi_connection.cursor()
                cursor.execute("PRAGMA foreign_keys=ON")
                if self.path is not None:
                    cursor.execute("PRAGMA journal_mode=WAL")
                    cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.close()
        self.migrate()

    def safe_url(self) -> str:
        """The URL without its password, for messages."""
        if "@" in self.url and "://" in self.url:
            scheme, rest = self.url.split("://", 1)
            creds, host = rest.rsplit("@", 1)
            user = creds.split(":", 1)[0]
            return f"{scheme}://{user}:***@{host}"
        return self.url

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (creates the tables on first start)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        try:
            with self.engine.begin() as connection:
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        except Exception as exc:
            raise StorageError(f"cannot prepare database {self.safe_url()}: {exc}") from None

    def close(self) -> None:
        self.engine.dispose()

    # ---- writes --------------------------------------------------------------------------------

    def create_match(self, record: MatchRecord) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(matches).values(
                id=record.id, game=record.game, players=record.players, seed=record.seed,
                variant=json.dumps(record.variant), seats=json.dumps(record.seats),
                engine_version=record.engine_version, schema_version=record.schema_version,
                revision=record.revision, status=record.status, idle_seconds=record.idle_seconds,
                outcome=None, created_at=record.created_at, updated_at=record.updated_at,
                names=json.dumps(record.names), open=record.open))
            if record.token_hashes:
                conn.execute(insert(seat_tokens), [
                    {"match_id": record.id, "seat": seat, "token_hash": digest,
                     "join_hash": record.join_hashes.get(seat)}
                    for seat, digest in record.token_hashes.items()])

    def _bump(self, conn: Any, match_id: str, expected: int, now: float, **values: Any) -> bool:
        result = conn.execute(
            update(matches).where(matches.c.id == match_id, matches.c.revision == expected)
            .values(revision=expected + 1, updated_at=now, **values))
        return result.rowcount == 1

    def append_action(self, match_id: str, expected_revision: int, idx: int, seat: int | None,
                      text: str, status: str, outcome: dict[str, Any] | None,
                      now: float | None = None, by_bot: bool = False) -> bool:
        """Commit one action as number `idx` (0-based) if the match is still at `expected_revision`."""
        now = time.time() if now is None else now
        with self.engine.begin() as conn:
            extra: dict[str, Any] = {"status": status}
            if outcome is not None:
                extra["outcome"] = json.dumps(outcome)
            if not self._bump(conn, match_id, expected_revision, now, **extra):
                return False
            conn.execute(insert(actions).values(match_id=match_id, idx=idx, seat=seat, text=text,
                                                at=now, by_bot=by_bot))
        return True

    def truncate_actions(self, match_id: str, expected_revision: int, keep: int,
                         now: float | None = None) -> bool:
        """Undo: keep the first `keep` actions, if the match is still at `expected_revision`."""
        now = time.time() if now is None else now
        with self.engine.begin() as conn:
            if not self._bump(conn, match_id, expected_revision, now, status="running", outcome=None):
                return False
            conn.execute(delete(actions).where(actions.c.match_id == match_id, actions.c.idx >= keep))
        return True

    def set_seats(self, match_id: str, expected_revision: int, seats: list[str],
                  now: float | None = None) -> bool:
        now = time.time() if now is None else now
        with self.engine.begin() as conn:
            return self._bump(conn, match_id, expected_revision, now, seats=json.dumps(seats))

    def claim_seat(self, match_id: str, seat: int, join_hash: str, token_hash: str) -> bool:
        """Spends the seat's join code (once) and gives the seat a new token hash."""
        with self.engine.begin() as conn:
            result = conn.execute(
                update(seat_tokens).where(seat_tokens.c.match_id == match_id, seat_tokens.c.seat == seat,
                                          seat_tokens.c.join_hash == join_hash)
                .values(token_hash=token_hash, join_hash=None))
            return result.rowcount == 1

    def claim_open_seat(self, match_id: str, seat: int, token_hash: str) -> bool:
        """A stranger joins an unclaimed seat of an open match: spends the seat's join code, whichever
        it is, and gives the seat a new token hash."""
        with self.engine.begin() as conn:
            listed = conn.execute(select(matches.c.id).where(
                matches.c.id == match_id, matches.c.open.is_(True), matches.c.status == "running")).first()
            if listed is None:
                return False
            result = conn.execute(
                update(seat_tokens).where(seat_tokens.c.match_id == match_id, seat_tokens.c.seat == seat,
                                          seat_tokens.c.join_hash.is_not(None))
                .values(token_hash=token_hash, join_hash=None))
            return result.rowcount == 1

    def set_names(self, match_id: str, names: list[str | None]) -> None:
        """The seats' names (not a move: the revision stays)."""
        with self.engine.begin() as conn:
            conn.execute(update(matches).where(matches.c.id == match_id).values(names=json.dumps(names)))

    def set_rematch(self, match_id: str, rematch_id: str) -> bool:
        """Records the match's rematch, once: False when it has one already."""
        with self.engine.begin() as conn:
            result = conn.execute(update(matches).where(matches.c.id == match_id,
                                                        matches.c.rematch.is_(None))
                                  .values(rematch=rematch_id))
            return result.rowcount == 1

    def set_join(self, match_id: str, seat: int, token_hash: str, join_hash: str) -> bool:
        """A new join code for the seat, if `token_hash` is still the seat's token."""
        with self.engine.begin() as conn:
            result = conn.execute(
                update(seat_tokens).where(seat_tokens.c.match_id == match_id, seat_tokens.c.seat == seat,
                                          seat_tokens.c.token_hash == token_hash)
                .values(join_hash=join_hash))
            return result.rowcount == 1

    def expire_matches(self, cutoff: float) -> list[str]:
        """Marks running matches last changed before `cutoff` as expired (their revision bumped,
        so a writer that read them before cannot commit); returns their ids."""
        expired = []
        with self.engine.begin() as conn:
            rows = conn.execute(select(matches.c.id, matches.c.revision)
                                .where(matches.c.status == "running", matches.c.updated_at < cutoff))
            for row in list(rows):
                done = conn.execute(
                    update(matches).where(matches.c.id == row.id, matches.c.revision == row.revision,
                                          matches.c.status == "running")
                    .values(status="expired", revision=row.revision + 1))
                if done.rowcount == 1:
                    expired.append(row.id)
        return expired

    # ---- reads ---------------------------------------------------------------------------------

    def load_match(self, match_id: str) -> MatchRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(matches).where(matches.c.id == match_id)).mappings().first()
            if row is None:
                return None
            record = _record(row)
            for token in conn.execute(select(seat_tokens).where(seat_tokens.c.match_id == match_id)):
                record.token_hashes[token.seat] = token.token_hash
                if token.join_hash is not None:
                    record.join_hashes[token.seat] = token.join_hash
            record.actions = [(a.seat, a.text, a.at, bool(a.by_bot)) for a in conn.execute(
                select(actions).where(actions.c.match_id == match_id).order_by(actions.c.idx))]
        return record

    def list_matches(self, limit: int = 50, status: str | None = None) -> list[MatchRecord]:
        query = select(matches).order_by(matches.c.updated_at.desc()).limit(limit)
        if status is not None:
            query = query.where(matches.c.status == status)
        with self.engine.connect() as conn:
            return [_record(row) for row in conn.execute(query).mappings()]

    def open_matches(self, limit: int = 50) -> list[MatchRecord]:
        """Open running matches with at least one free seat, most recently changed first."""
        query = (select(matches).where(matches.c.open.is_(True), matches.c.status == "running")
                 .order_by(matches.c.updated_at.desc()))
        out: list[MatchRecord] = []
        with self.engine.connect() as conn:
            for row in conn.execute(query).mappings():
                record = _record(row)
                for token in conn.execute(select(seat_tokens.c.seat).where(
                        seat_tokens.c.match_id == record.id, seat_tokens.c.join_hash.is_not(None))):
                    record.join_hashes[token.seat] = "unclaimed"
                if record.free_seats():
                    out.append(record)
                if len(out) >= limit:
                    break
        return out

    def running_ids(self, with_bots: bool = False) -> list[str]:
        """Running matches (only those with a bot seat when `with_bots`), least recent first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(matches.c.id, matches.c.seats)
                                .where(matches.c.status == "running")
                                .order_by(matches.c.updated_at))
            return [r.id for r in rows
                    if not with_bots or any(s != "human" for s in json.loads(r.seats))]


def _record(row: Any) -> MatchRecord:
    return MatchRecord(
        id=row["id"], game=row["game"], players=row["players"], seed=row["seed"],
        variant=json.loads(row["variant"]), seats=json.loads(row["seats"]),
        engine_version=row["engine_version"], schema_version=row["schema_version"],
        revision=row["revision"], status=row["status"], idle_seconds=row["idle_seconds"],
        outcome=json.loads(row["outcome"]) if row["outcome"] else None,
        created_at=row["created_at"], updated_at=row["updated_at"],
        names=json.loads(row["names"]) if row["names"] else [], open=bool(row["open"]),
        rematch=row["rematch"])
