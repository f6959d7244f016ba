"""One hint search at a time for each game (see :class:`OneSearchPerGame`).

A hint's search takes a second or more of a core, and runs outside the game's lock (a
move made meanwhile is not held up). Unguarded, a client that sends many hint requests
for one game at once got as many searches at once, up to the server's thread pool: two
cores shared by every table. Here requests for the same game and position share the
search that is running, and a request for another position of that game waits for it
to end before it starts its own, so a game never has two searches at once.

Each request that waits holds a thread of the web server while it waits, so the
waiters are capped, for each game (:data:`WAITING_PER_GAME`) and in all
(:data:`WAITING_IN_ALL`): a request beyond the cap is refused at once with a
:class:`~parlour.errors.BusyError` (the web app's 429, with ``Retry-After``), and a
flood of hint requests for one game cannot fill the server's thread pool.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ..errors import BusyError

T = TypeVar("T")

__all__ = ["OneSearchPerGame", "RETRY_AFTER", "WAITING_IN_ALL", "WAITING_PER_GAME"]

#: Requests that may wait for one game's running search: a table asks one hint at a
#: time, and one more right after a move (see :class:`OneSearchPerGame`); a few open
#: tabs of the same game stay well under it.
WAITING_PER_GAME = 4
#: Requests that may wait for the searches of every game together: the web server's
#: thread pool has 40 threads (AnyIO's), and moves and pages need theirs.
WAITING_IN_ALL = 16
#: Seconds after which a refused request may be sent again: about one search's time.
RETRY_AFTER = 2


@dataclass
class _Search(Generic[T]):
    """A search under way: the position it is for, and its result once it is done."""

    key: Hashable
    done: threading.Event = field(default_factory=threading.Event)
    #: Requests waiting for it to end (its own position's and others').
    waiting: int = 0
    result: T | None = None
    error: BaseException | None = None


class OneSearchPerGame(Generic[T]):
    """At most one search running for each game, shared by all who ask for its position.

    :meth:`run` either starts the search (no search runs for the game), joins the one
    running for the same ``key`` (the game's position: the later ones wait for the
    first one's answer, and get it, or its error), or, while a search for another
    position of the game runs, waits for that one to end and answers None: the caller
    reads the game again (it may have moved on meanwhile) and asks again. Waiting
    rather than refusing (429): the table itself asks that way, a hint for the new
    position right after a move while the last one's search still runs (the web app
    drops the old hint), and a person should get it, not an error; and a position
    changes only by a move, so a flood of requests cannot make more than one search at
    a time, only wait for it; and no more than ``per_game`` requests wait for one
    game's search, ``in_all`` for all of them: beyond that :meth:`run` raises
    :class:`~parlour.errors.BusyError` at once, in the words ``refusal`` gives (told
    whether the game's cap was reached, else the cap in all).
    """

    def __init__(
        self,
        refusal: Callable[[bool, int], str],
        per_game: int = WAITING_PER_GAME,
        in_all: int = WAITING_IN_ALL,
        retry_after: int = RETRY_AFTER,
    ) -> None:
        self._lock = threading.Lock()
        self._running: dict[str, _Search[T]] = {}
        self._refusal = refusal
        self._per_game = per_game
        self._in_all = in_all
        self._retry_after = retry_after
        #: Requests waiting for any game's search.
        self._waiting = 0

    def run(self, game_id: str, key: Hashable, search: Callable[[], T]) -> T | None:
        with self._lock:
            running = self._running.get(game_id)
            if running is None:
                running = self._running[game_id] = _Search(key)
                mine = True
            else:
                mine = False
                full = running.waiting >= self._per_game
                if full or self._waiting >= self._in_all:
                    message = self._refusal(full, self._retry_after)
                    raise BusyError(message, self._retry_after)
                running.waiting += 1
                self._waiting += 1
        if mine:
            return self._search(game_id, running, search)
        try:
            running.done.wait()
        finally:
            with self._lock:
                self._waiting -= 1
        if running.key != key:
            return None
        if running.error is not None:
            raise running.error
        return running.result

    def waiting(self, game_id: str) -> int:
        """How many requests wait for the game's running search to end (0: none runs)."""
        with self._lock:
            running = self._running.get(game_id)
            return 0 if running is None else running.waiting

    def waiting_in_all(self) -> int:
        """How many requests wait for a search to end, for every game together."""
        with self._lock:
            return self._waiting

    def _search(self, game_id: str, running: _Search[T], search: Callable[[], T]) -> T:
        try:
            running.result = search()
            return running.result
        except BaseException as exc:
            running.error = exc
            raise
        finally:
            with self._lock:
                del self._running[game_id]
            running.done.set()
