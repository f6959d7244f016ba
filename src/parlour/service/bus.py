"""Word that a game changed, to every app server that has someone at its table.

When a move of a game between two people is stored, the other person's browser
must hear of it at once, whichever app server it is connected to. The table
service publishes the game's id on a bus after each stored change; each app
server subscribes and sends the people connected to it what they have not seen
yet (the message carries no game data: each server reads the store, so nothing
but an id ever travels between servers).

- :class:`LocalBus`: one process (SQLite, or tests): subscribers are called at once.
- :class:`PostgresBus`: several app servers on one PostgreSQL database, through its
  own ``LISTEN``/``NOTIFY`` (no broker to run). Subscribers on the publishing
  server are still called at once; the other servers hear it from PostgreSQL.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
from collections.abc import Callable
from typing import Any

from .store_postgres import cannot_open, require_psycopg

__all__ = ["LocalBus", "PostgresBus", "open_bus", "CHANNEL"]

#: The PostgreSQL channel the app servers share.
CHANNEL = "parlour_games"
#: How long the listener waits for a notification before checking it should stop.
_POLL_SECONDS = 0.5

Subscriber = Callable[[str], None]
_log = logging.getLogger(__name__)


class LocalBus:
    """Changes told to the subscribers in this process (called in the publisher's
    thread: a subscriber must only hand the work on, e.g. to an event loop)."""

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []
        self._lock = threading.Lock()

    def subscribe(self, callback: Subscriber) -> None:
        with self._lock:
            self._subscribers.append(callback)

    def unsubscribe(self, callback: Subscriber) -> None:
        with self._lock, contextlib.suppress(ValueError):
            self._subscribers.remove(callback)

    def publish(self, game_id: str) -> None:
        self._tell(game_id)

    def _tell(self, game_id: str) -> None:
        with self._lock:
            subscribers = list(self._subscribers)
        for callback in subscribers:
            try:
                callback(game_id)
            except Exception:  # one subscriber's fault must not stop the others
                _log.exception("a bus subscriber failed on %s", game_id)

    def close(self) -> None:
        with self._lock:
            self._subscribers.clear()


class PostgresBus(LocalBus):
    """Changes shared between app servers through PostgreSQL ``NOTIFY``.

    Each server has a name of its own (``origin``) sent with each notification,
    so it skips its own (its subscribers were called already). The listening
    connection reconnects by itself if the database goes away for a while.
    """

    def __init__(self, url: str) -> None:
        super().__init__()
        require_psycopg()
        import psycopg

        self.url = url
        self.origin = secrets.token_hex(6)
        self._psycopg: Any = psycopg
        self._send_lock = threading.Lock()
        try:
            self._sender: Any = psycopg.connect(url, autocommit=True)
        except psycopg.Error as exc:
            raise cannot_open(url, exc) from None
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="parlour-bus", daemon=True)
        self._thread.start()
        self._ready.wait(10)

    def publish(self, game_id: str) -> None:
        self._tell(game_id)
        payload = f"{self.origin} {game_id}"
        with self._send_lock:
            try:
                self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            except self._psycopg.Error:
                # One retry on a fresh connection (the database restarted meanwhile).
                self._sender = self._psycopg.connect(self.url, autocommit=True)
                self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                with self._psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=_POLL_SECONDS):
                            origin, _, game_id = note.payload.partition(" ")
                            if origin != self.origin and game_id:
                                self._tell(game_id)
            except self._psycopg.Error:
                _log.warning("the PostgreSQL listener lost its connection; reconnecting")
                self._stop.wait(1.0)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        with self._send_lock, contextlib.suppress(Exception):
            self._sender.close()
        super().close()


def open_bus(db: str) -> LocalBus:
    """The bus for a store: PostgreSQL's for a ``postgresql://`` URL, else this process's."""
    if db.startswith(("postgresql://", "postgres://")):
        return PostgresBus(db)
    return LocalBus()
