"""The SQL that the SQLite and PostgreSQL stores share.

Both keep the same two tables and ask the same questions; they differ only in
how a connection is opened, how a statement is sent, and the placeholder mark
(``?`` or ``%s``). Writing the statements once keeps the two backends from
drifting apart (the version check in ``update`` above all).
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar

from .store import COLUMNS, GameRecord, StaleRecordError, now

__all__ = ["SQLStore"]

_SELECT = f"SELECT {', '.join(COLUMNS)} FROM games"


class SQLStore:
    """A :class:`~parlour.service.store.Store` over one DB-API connection behind a lock."""

    #: The driver's parameter placeholder.
    mark: ClassVar[str]
    _lock: threading.Lock

    def _execute(self, sql: str, args: tuple[Any, ...]) -> Any:
        """Send one statement (the caller holds the lock); return the cursor."""
        raise NotImplementedError

    def _close_connection(self) -> None:
        raise NotImplementedError

    def _rows(self, sql: str, args: tuple[Any, ...]) -> list[dict[str, Any]]:
        with self._lock:
            return [dict(row) for row in self._execute(sql, args).fetchall()]

    def insert(self, record: GameRecord) -> None:
        record.version = 1
        row = record.to_row()
        marks = ", ".join(self.mark for _ in COLUMNS)
        with self._lock:
            self._execute(
                f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES ({marks})",
                tuple(row[c] for c in COLUMNS),
            )

    def update(self, record: GameRecord) -> None:
        record.updated = now()
        row = record.to_row()
        row["version"] = record.version + 1
        names = [c for c in COLUMNS if c != "id"]
        q = self.mark
        sets = ", ".join(f"{c} = {q}" for c in names)
        with self._lock:
            cursor = self._execute(
                f"UPDATE games SET {sets} WHERE id = {q} AND version = {q}",
                (*(row[c] for c in names), record.id, record.version),
            )
        if cursor.rowcount != 1:
            raise StaleRecordError(
                "the game was changed by another request meanwhile: reload it and try again"
            )
        record.version += 1

    def get(self, game_id: str) -> GameRecord | None:
        rows = self._rows(f"{_SELECT} WHERE id = {self.mark}", (game_id,))
        return GameRecord.from_row(rows[0]) if rows else None

    def version(self, game_id: str) -> int | None:
        rows = self._rows(f"SELECT version FROM games WHERE id = {self.mark}", (game_id,))
        return int(rows[0]["version"]) if rows else None

    def list_player(self, player: str) -> list[GameRecord]:
        rows = self._rows(f"{_SELECT} WHERE player = {self.mark} ORDER BY updated DESC", (player,))
        return [GameRecord.from_row(r) for r in rows]

    def unfinished(self) -> list[GameRecord]:
        return [GameRecord.from_row(r) for r in self._rows(f"{_SELECT} WHERE finished = 0", ())]

    def delete_finished(self, player: str) -> int:
        with self._lock:
            cursor = self._execute(
                f"DELETE FROM games WHERE player = {self.mark} AND finished = 1", (player,)
            )
        return int(cursor.rowcount)

    def setting(self, name: str, default: str) -> str:
        q = self.mark
        with self._lock:
            self._execute(
                f"INSERT INTO settings (name, value) VALUES ({q}, {q}) "
                "ON CONFLICT (name) DO NOTHING",
                (name, default),
            )
            row = self._execute(f"SELECT value FROM settings WHERE name = {q}", (name,)).fetchone()
        assert row is not None
        return str(dict(row)["value"])

    def close(self) -> None:
        with self._lock:
            self._close_connection()
