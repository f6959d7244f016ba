"""The table service: what any front end may do with a game, and its words.

``parlour play``, the terminal table (``parlour tui``) and the web app all go
through :class:`TableService`, over one store (SQLite by default, PostgreSQL for
several app servers). Plain Python: nothing here needs FastAPI or Textual.

- :mod:`.table`: the service itself (start, view, play, undo, redo, hint, resign,
  series, lists, statistics);
- :mod:`.policy`: the table's rules (who acts, the one undo rule, when a game is
  final, what each answer holds);
- :mod:`.words`: events into sentences, the same for every front end;
- :mod:`.answers`: the typed shapes of the answers;
- :mod:`.friends`: a game between two people in two browsers (invitations,
  presence, pauses, claims); :mod:`.bus`: word of each change to every app server;
- :mod:`.store` and its SQLite and PostgreSQL backends; :mod:`.stats`.
"""

from __future__ import annotations

from .bus import LocalBus, open_bus
from .store import GameRecord, StaleRecordError, Store, open_store
from .table import FRIEND, HUMAN, MAX_SEED, NotFoundError, TableService

__all__ = [
    "FRIEND",
    "GameRecord",
    "HUMAN",
    "LocalBus",
    "MAX_SEED",
    "NotFoundError",
    "StaleRecordError",
    "Store",
    "TableService",
    "open_bus",
    "open_service",
    "open_store",
]


def open_service(db: str) -> TableService:
    """The table service over the store at ``db`` (a path, ``:memory:`` or a
    ``postgresql://`` URL)."""
    return TableService(open_store(db))
