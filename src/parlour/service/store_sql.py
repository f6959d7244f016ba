"""The SQL that the SQLite and PostgreSQL stores share.

Both keep the same two tables and ask the same questions; they differ only in
how a connection is opened, how a statement is sent, and the placeholder mark
(``?`` or ``%s``). Writing the statements once keeps the two backends from
drifting apart (the version check in ``update`` above all).
"""

from __future__ import annotations

import threading
from typing import Any, ClassVar

from .store import COLUMNS, INDEXES, MIGRATIONS, SCHEMA, GameRecord, Presence, StaleRecordError, now

__all__ = ["SQLStore"]

_SELECT = f"SELECT {', '.join(COLUMNS)} FROM games"


class SQLStore:
    """A :class:`~parlour.service.store.Store` over one DB-API connection behind a lock."""

    #: The driver's parameter placeholder.
    mark: ClassVar[str]
    #: Whether what it stores outlives the program.
    keeps: bool = True
    _lock: threading.Lock

    def _execute(self, sql: str, args: tuple[Any, ...]) -> Any:
        """Send one statement (the caller holds the lock); return the cursor."""
        raise NotImplementedError

    def _close_connection(self) -> None:
        raise NotImplementedError

    def _columns(self) -> set[str]:
        """The columns the ``games`` table has now."""
        raise NotImplementedError

    def _prepare(self) -> None:
        """Create the tables, bring an older database's ``games`` up to date (see
        :data:`~parlour.service.store.MIGRATIONS`), then the indexes (the caller holds
        whatever lock serialises this between app servers)."""
        for statement in SCHEMA.split(";"):
            if statement.strip():
                self._execute(statement, ())
        have = self._columns()
        for column, kind in MIGRATIONS:
            if column not in have:
                self._execute(f"ALTER TABLE games ADD COLUMN {column} {kind}", ())
        self._execute(INDEXES, ())

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
        q = self.mark
        rows = self._rows(
            f"{_SELECT} WHERE player = {q} OR guest = {q} ORDER BY updated DESC", (player, player)
        )
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

    def touch(self, game_id: str, seats: list[int], online: bool) -> None:
        q = self.mark
        seen = now()
        with self._lock:
            for seat in seats:
                self._execute(
                    f"INSERT INTO presence (game, seat, online, seen) VALUES ({q}, {q}, {q}, {q}) "
                    "ON CONFLICT (game, seat) DO UPDATE SET online = excluded.online, "
                    "seen = excluded.seen",
                    (game_id, seat, 1 if online else 0, seen),
                )

    def presence(self, game_id: str) -> dict[int, Presence]:
        rows = self._rows(
            f"SELECT seat, online, seen FROM presence WHERE game = {self.mark}", (game_id,)
        )
        return {int(r["seat"]): Presence(bool(r["online"]), float(r["seen"])) for r in rows}

    def close(self) -> None:
        with self._lock:
            self._close_connection()
