"""Where the table keeps its games: one small interface, two databases.

A game is stored as its *record* (game, options, seed, moves, the redo stack,
who plays it and how it ended), never as a pickled engine state: on a restart
the engine replays the moves, so a stored game is always a real game and the
database is the single source of truth. ``version`` counts the writes of a
record; a write names the version it started from, so two app servers sharing
one PostgreSQL database can never silently overwrite each other's move.

A game between two people in two browsers (see :mod:`parlour.service.friends`)
names its second person in ``guest``; where each of them is (at the table or
away, and since when) is kept apart in ``presence``, written without touching
the game's version. A database made before these existed is brought up to date
in place when it is opened (:data:`MIGRATIONS`): games already stored keep working.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import ParlourError

__all__ = ["GameRecord", "Presence", "Store", "StaleRecordError", "open_store", "now"]


def now() -> float:
    """Seconds since the epoch: records keep wall-clock times for the game list."""
    return time.time()


class StaleRecordError(ParlourError):
    """Another request (perhaps on another app server) changed the game first."""


@dataclass
class GameRecord:
    """Everything needed to rebuild one game exactly, plus its owner and result."""

    id: str
    player: str
    game: str
    options: dict[str, Any]
    seed: int
    opponent: str | None = None
    #: The second person of a game between two people in two browsers (the owner,
    #: ``player``, sits in seat 0 and the guest in seat 1).
    guest: str | None = None
    moves: list[str] = field(default_factory=list)
    #: Moves undone and not yet replayed, the next one to redo last (the engine's order).
    future: list[str] = field(default_factory=list)
    resigned_by: int | None = None
    #: Moves before this index cannot be undone (they showed the person a new card).
    undo_floor: int = 0
    #: Front-end facts that are not part of the game (series totals, ...).
    meta: dict[str, Any] = field(default_factory=dict)
    created: float = field(default_factory=now)
    updated: float = field(default_factory=now)
    finished: bool = False
    outcome: dict[str, Any] | None = None
    version: int = 0

    def to_row(self) -> dict[str, Any]:
        """Column values; lists and dicts as JSON text so both databases store them alike."""
        return {
            "id": self.id,
            "player": self.player,
            "game": self.game,
            "options": json.dumps(self.options, sort_keys=True),
            "seed": self.seed,
            "opponent": self.opponent,
            "guest": self.guest,
            "moves": json.dumps(self.moves),
            "future": json.dumps(self.future),
            "resigned_by": self.resigned_by,
            "undo_floor": self.undo_floor,
            "meta": json.dumps(self.meta, sort_keys=True),
            "created": self.created,
            "updated": self.updated,
            "finished": 1 if self.finished else 0,
            "outcome": None if self.outcome is None else json.dumps(self.outcome),
            "version": self.version,
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> GameRecord:
        return cls(
            id=str(row["id"]),
            player=str(row["player"]),
            game=str(row["game"]),
            options=json.loads(row["options"]),
            seed=int(row["seed"]),
            opponent=row["opponent"],
            guest=row["guest"],
            moves=json.loads(row["moves"]),
            future=json.loads(row["future"]),
            resigned_by=row["resigned_by"],
            undo_floor=int(row["undo_floor"]),
            meta=json.loads(row["meta"]),
            created=float(row["created"]),
            updated=float(row["updated"]),
            finished=bool(row["finished"]),
            outcome=None if row["outcome"] is None else json.loads(row["outcome"]),
            version=int(row["version"]),
        )


COLUMNS = tuple(GameRecord("", "", "", {}, 0).to_row())

#: The table both backends create (types that SQLite and PostgreSQL both accept).
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    opponent TEXT,
    guest TEXT,
    moves TEXT NOT NULL,
    future TEXT NOT NULL,
    resigned_by INTEGER,
    undo_floor INTEGER NOT NULL,
    meta TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    finished INTEGER NOT NULL,
    outcome TEXT,
    version INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_player ON games (player, updated);
CREATE TABLE IF NOT EXISTS settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS presence (
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    online INTEGER NOT NULL,
    seen DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game, seat)
)
"""

#: Columns added to ``games`` after its first version, each with its SQL type: a
#: database that lacks one gets it (``ALTER TABLE ... ADD COLUMN``, NULL in every
#: stored game) when it is opened, before the indexes that use it.
MIGRATIONS = (("guest", "TEXT"),)
#: Indexes over migrated columns (created once the columns exist).
INDEXES = "CREATE INDEX IF NOT EXISTS games_guest ON games (guest)"


@dataclass(frozen=True)
class Presence:
    """Whether a seat's person has the game open (on any app server), and since when
    they were last seen there."""

    online: bool
    seen: float


class Store(Protocol):
    """The storage interface the app uses; SQLite and PostgreSQL implement it."""

    #: Whether what it stores outlives the program (not so for SQLite's ``:memory:``).
    keeps: bool

    def insert(self, record: GameRecord) -> None:
        """Add a new game (version 0 -> stored as 1)."""

    def update(self, record: GameRecord) -> None:
        """Write a changed game if nobody changed it since ``record.version`` was read;
        else raise :class:`StaleRecordError`. Bumps ``record.version``."""

    def get(self, game_id: str) -> GameRecord | None:
        """The game with that id, or None."""

    def version(self, game_id: str) -> int | None:
        """The stored version of a game (cheap: lets a cache check it is current)."""

    def list_player(self, player: str) -> list[GameRecord]:
        """A player's games (as owner or guest), most recently played first."""

    def unfinished(self) -> list[GameRecord]:
        """Every game still in play (resumed after a restart)."""

    def delete_finished(self, player: str) -> int:
        """Forget a player's finished games; returns how many."""

    def setting(self, name: str, default: str) -> str:
        """A stored setting; ``default`` is stored and returned the first time."""

    def touch(self, game_id: str, seats: list[int], online: bool) -> None:
        """Say that the people of ``seats`` have ``game_id`` open (or left it) now."""

    def presence(self, game_id: str) -> dict[int, Presence]:
        """Where each seat's person is, for the seats ever seen at the game."""

    def close(self) -> None:
        """Release the connection."""


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def open_store(db: str) -> Store:
    """A store for ``db``: a ``postgresql://`` URL, or a path to an SQLite file
    (created with its folders), or ``:memory:`` for tests."""
    if db.startswith(("postgresql://", "postgres://")):
        from .store_postgres import PostgresStore

        return PostgresStore(db)
    from .store_sqlite import SQLiteStore

    return SQLiteStore(db)
