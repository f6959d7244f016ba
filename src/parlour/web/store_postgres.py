"""The shared store: PostgreSQL (``psycopg``), for several app servers on one database.

Each app server holds one connection behind a lock; every write is one
statement in autocommit mode, and the version check in ``UPDATE ... WHERE
version = %s`` makes concurrent moves on the same game safe across servers.
"""

from __future__ import annotations

import threading
from typing import Any

from ..errors import ParlourError
from .store import COLUMNS, SCHEMA, GameRecord, StaleRecordError, now

__all__ = ["PostgresStore"]

_SELECT = f"SELECT {', '.join(COLUMNS)} FROM games"


class PostgresStore:
    """Games in a PostgreSQL database named by a ``postgresql://`` URL."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
            from psycopg.rows import dict_row
        except ImportError:  # pragma: no cover - depends on the installed extras
            raise ParlourError(
                "PostgreSQL needs the psycopg package: python -m pip install -e '.[web]'"
            ) from None
        self.url = url
        try:
            self._db: psycopg.Connection[dict[str, Any]] = psycopg.connect(
                url, autocommit=True, row_factory=dict_row
            )
            with self._db.transaction():
                # Serialise schema creation between app servers starting together.
                self._db.execute("SELECT pg_advisory_xact_lock(7011)")
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement.encode())
        except psycopg.Error as exc:
            raise ParlourError(f"cannot open the PostgreSQL database {url!r}: {exc}") from None
        self._lock = threading.Lock()

    def _all(self, sql: str, args: tuple[Any, ...]) -> list[dict[str, Any]]:
        with self._lock:
            return self._db.execute(sql.encode(), args).fetchall()

    def insert(self, record: GameRecord) -> None:
        record.version = 1
        row = record.to_row()
        marks = ", ".join("%s" for _ in COLUMNS)
        with self._lock:
            self._db.execute(
                f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES ({marks})".encode(),
                tuple(row[c] for c in COLUMNS),
            )

    def update(self, record: GameRecord) -> None:
        record.updated = now()
        row = record.to_row()
        row["version"] = record.version + 1
        names = [c for c in COLUMNS if c != "id"]
        sets = ", ".join(f"{c} = %s" for c in names)
        with self._lock:
            cursor = self._db.execute(
                f"UPDATE games SET {sets} WHERE id = %s AND version = %s".encode(),
                (*(row[c] for c in names), record.id, record.version),
            )
        if cursor.rowcount != 1:
            raise StaleRecordError(
                "the game was changed by another request meanwhile: reload it and try again"
            )
        record.version += 1

    def get(self, game_id: str) -> GameRecord | None:
        rows = self._all(f"{_SELECT} WHERE id = %s", (game_id,))
        return GameRecord.from_row(rows[0]) if rows else None

    def version(self, game_id: str) -> int | None:
        rows = self._all("SELECT version FROM games WHERE id = %s", (game_id,))
        return int(rows[0]["version"]) if rows else None

    def list_player(self, player: str) -> list[GameRecord]:
        rows = self._all(f"{_SELECT} WHERE player = %s ORDER BY updated DESC", (player,))
        return [GameRecord.from_row(r) for r in rows]

    def unfinished(self) -> list[GameRecord]:
        return [GameRecord.from_row(r) for r in self._all(f"{_SELECT} WHERE finished = 0", ())]

    def setting(self, name: str, default: str) -> str:
        with self._lock:
            self._db.execute(
                b"INSERT INTO settings (name, value) VALUES (%s, %s) ON CONFLICT (name) DO NOTHING",
                (name, default),
            )
            row = self._db.execute(
                b"SELECT value FROM settings WHERE name = %s", (name,)
            ).fetchone()
        assert row is not None
        return str(row["value"])

    def close(self) -> None:
        with self._lock:
            self._db.close()
