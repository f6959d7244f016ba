"""The default store: one SQLite file (stdlib ``sqlite3``), no server to run.

One connection is shared by the app's worker threads behind a lock; writes are
small (one row per move) and SQLite's WAL journal keeps readers from waiting.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

from ..errors import ParlourError
from .store import COLUMNS, SCHEMA, GameRecord, StaleRecordError, now

__all__ = ["SQLiteStore"]

_SELECT = f"SELECT {', '.join(COLUMNS)} FROM games"


class SQLiteStore:
    """Games in an SQLite file (or ``:memory:``)."""

    def __init__(self, path: str) -> None:
        self.path = path
        if path != ":memory:":
            try:
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise ParlourError(
                    f"cannot create the folder for the database {path!r}: {exc.strerror or exc}"
                ) from None
        try:
            self._db = sqlite3.connect(
                str(Path(path).expanduser()) if path != ":memory:" else path,
                check_same_thread=False,
                isolation_level=None,
            )
            self._db.row_factory = sqlite3.Row
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            raise ParlourError(f"cannot open the database {path!r}: {exc}") from None
        self._lock = threading.Lock()

    def _one(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Row | None:
        with self._lock:
            row: sqlite3.Row | None = self._db.execute(sql, args).fetchone()
            return row

    def insert(self, record: GameRecord) -> None:
        record.version = 1
        row = record.to_row()
        marks = ", ".join("?" for _ in COLUMNS)
        with self._lock:
            self._db.execute(
                f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES ({marks})",
                tuple(row[c] for c in COLUMNS),
            )

    def update(self, record: GameRecord) -> None:
        record.updated = now()
        row = record.to_row()
        row["version"] = record.version + 1
        names = [c for c in COLUMNS if c != "id"]
        sets = ", ".join(f"{c} = ?" for c in names)
        with self._lock:
            cursor = self._db.execute(
                f"UPDATE games SET {sets} WHERE id = ? AND version = ?",
                (*(row[c] for c in names), record.id, record.version),
            )
        if cursor.rowcount != 1:
            raise StaleRecordError(
                "the game was changed by another request meanwhile: reload it and try again"
            )
        record.version += 1

    def get(self, game_id: str) -> GameRecord | None:
        row = self._one(f"{_SELECT} WHERE id = ?", (game_id,))
        return None if row is None else GameRecord.from_row(dict(row))

    def version(self, game_id: str) -> int | None:
        row = self._one("SELECT version FROM games WHERE id = ?", (game_id,))
        return None if row is None else int(row[0])

    def list_player(self, player: str) -> list[GameRecord]:
        with self._lock:
            rows = self._db.execute(
                f"{_SELECT} WHERE player = ? ORDER BY updated DESC", (player,)
            ).fetchall()
        return [GameRecord.from_row(dict(r)) for r in rows]

    def unfinished(self) -> list[GameRecord]:
        with self._lock:
            rows = self._db.execute(f"{_SELECT} WHERE finished = 0").fetchall()
        return [GameRecord.from_row(dict(r)) for r in rows]

    def setting(self, name: str, default: str) -> str:
        with self._lock:
            self._db.execute(
                "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING",
                (name, default),
            )
            row = self._db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return str(row[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
