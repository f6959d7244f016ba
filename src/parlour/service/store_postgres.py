"""The shared store: PostgreSQL (``psycopg``), for several app servers on one database.

Each app server holds one connection behind a lock; every write is one
statement in autocommit mode, and the version check in ``UPDATE ... WHERE
version = %s`` makes concurrent moves on the same game safe across servers.
"""

from __future__ import annotations

import threading
from typing import Any

from ..errors import MissingExtraError, StorageError
from .store_sql import SQLStore

__all__ = ["PostgresStore", "cannot_open", "require_psycopg"]


def require_psycopg() -> None:
    """A :class:`MissingExtraError` saying how to install ``psycopg`` when it is missing."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise MissingExtraError(
            "PostgreSQL needs the psycopg package: python -m pip install -e '.[web]'"
        ) from None


def cannot_open(url: str, exc: Exception) -> StorageError:
    """The error for a PostgreSQL database that cannot be opened."""
    return StorageError(f"cannot open the PostgreSQL database {url!r}: {exc}")


class PostgresStore(SQLStore):
    """Games in a PostgreSQL database named by a ``postgresql://`` URL."""

    mark = "%s"

    def __init__(self, url: str) -> None:
        require_psycopg()
        import psycopg
        from psycopg.rows import dict_row

        self.url = url
        try:
            self._db: psycopg.Connection[dict[str, Any]] = psycopg.connect(
                url, autocommit=True, row_factory=dict_row
            )
            with self._db.transaction():
                # Serialise schema creation between app servers starting together.
                self._db.execute("SELECT pg_advisory_xact_lock(7011)")
                self._prepare()
        except psycopg.Error as exc:
            raise cannot_open(url, exc) from None
        self._lock = threading.Lock()

    def _execute(self, sql: str, args: tuple[Any, ...]) -> Any:
        # Statements are built only from the fixed column names, never from input.
        return self._db.execute(sql.encode(), args)

    def _close_connection(self) -> None:
        self._db.close()

    def _columns(self) -> set[str]:
        rows = self._db.execute(
            b"SELECT column_name FROM information_schema.columns "
            b"WHERE table_name = 'games' AND table_schema = current_schema()"
        ).fetchall()
        return {str(row["column_name"]) for row in rows}
