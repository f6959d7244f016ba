"""The default store: one SQLite file (stdlib ``sqlite3``), no server to run.

One connection is shared by the app's worker threads behind a lock; writes are
small (one row per move) and SQLite's WAL journal keeps readers from waiting.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

from ..errors import StorageError
from .store_sql import SQLStore

__all__ = ["SQLiteStore"]


class SQLiteStore(SQLStore):
    """Games in an SQLite file (or ``:memory:``)."""

    mark = "?"

    def __init__(self, path: str) -> None:
        self.path = path
        self.keeps = path != ":memory:"
        if path != ":memory:":
            try:
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StorageError(
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
                # In WAL mode NORMAL still survives the program's crash or restart (every
                # move stays stored); only a power cut may lose the last moves. FULL
                # waited for the disk at every move: ~10 ms of each live move's delay.
                self._db.execute("PRAGMA synchronous=NORMAL")
            self._lock = threading.Lock()
            with self._lock:
                # One writer at a time: two programs opening an older file together
                # bring it up to date once.
                self._execute("BEGIN IMMEDIATE", ())
                try:
                    self._prepare()
                except sqlite3.Error:
                    self._execute("ROLLBACK", ())
                    raise
                self._execute("COMMIT", ())
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the database {path!r}: {exc}") from None

    def _execute(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        return self._db.execute(sql, args)

    def _close_connection(self) -> None:
        self._db.close()

    def _columns(self) -> set[str]:
        return {str(row[1]) for row in self._db.execute("PRAGMA table_info(games)")}
