"""The terminal table's link to the table service and the store it shares with the web app.

The terminal table keeps no games of its own: it plays through
:class:`~parlour.service.TableService` over the same database as the web app
(SQLite by default, ``~/.local/share/parlour/parlour.db``), so a game started in
the browser can be resumed in the terminal and the other way round, with the same
rules for undo, the same computer replies and the same words. Only answers for the
person's seat come back from the service, so hidden cards never reach the screen.
"""

from __future__ import annotations

from typing import Any, cast

from ..service import TableService, open_service
from ..service.answers import GameSummary, Hint
from ..service.ending import stats_lines

__all__ = ["Backend", "open_service"]


class Backend:
    """Start, play, undo and list games in the shared store, as the local person."""

    def __init__(self, db: str) -> None:
        self.service: TableService = open_service(db)
        self.store = self.service.store
        self.player = self._local_player()
        self._owners: dict[str, str] = {}

    def _local_player(self) -> str:
        return self.service.local_player()

    def _owner(self, game_id: str) -> str:
        """Whose game it is in the store (a browser's games keep their owner)."""
        owner = self._owners.get(game_id)
        if owner is None:
            record = self.store.get(game_id)
            owner = self.player if record is None else record.player
            self._owners[game_id] = owner
        return owner

    # --- the games ------------------------------------------------------------

    def start(
        self,
        name: str,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        opponent: str | None = None,
        series_of: str | None = None,
        deal: str = "random",
    ) -> dict[str, Any]:
        """A new game; ``deal`` is ``random``, ``winnable`` (proved by the solver: may
        take seconds) or ``daily`` (the deal of the day), as the catalogue offers."""
        answer = _plain(
            self.service.start(
                self.player, name, seed, options or {}, opponent, series_of=series_of, deal=deal
            )
        )
        self._owners[answer["id"]] = self.player
        return answer

    def again(self, game_id: str, same_deal: bool = False) -> dict[str, Any]:
        """A new game like ``game_id``, with the same kind of deal, or its very deal
        again (see ``TableService.again``)."""
        answer = _plain(self.service.again(self._owner(game_id), game_id, same_deal=same_deal))
        self._owners[answer["id"]] = self.player
        return answer

    def next_game(self, game_id: str) -> dict[str, Any]:
        """The next game of the series ``game_id`` ended (see ``TableService.next_game``:
        the same options and opponent, totals kept, the other player starts)."""
        answer = _plain(self.service.next_game(self._owner(game_id), game_id))
        self._owners[answer["id"]] = self.player
        return answer

    def get(self, game_id: str, seat: int | None = None) -> dict[str, Any]:
        return _plain(self.service.get(self._owner(game_id), game_id, seat))

    def play(self, game_id: str, move: str, picked_by: str | None = None) -> dict[str, Any]:
        owner = self._owner(game_id)
        return _plain(self.service.play(owner, game_id, move, picked_by=picked_by))

    def send_home(self, game_id: str) -> dict[str, Any]:
        """A patience's last cards home by themselves (``TableService.send_home``)."""
        return _plain(self.service.send_home(self._owner(game_id), game_id))

    def undo(self, game_id: str, seat: int | None = None) -> dict[str, Any]:
        return _plain(self.service.undo(self._owner(game_id), game_id, seat))

    def redo(self, game_id: str, seat: int | None = None) -> dict[str, Any]:
        return _plain(self.service.redo(self._owner(game_id), game_id, seat))

    def check(self, game_id: str, source: str, target: str) -> dict[str, Any]:
        """Whether a card may go from ``source`` to ``target`` now, and why not."""
        return self.service.check(self._owner(game_id), game_id, source, target)

    def verdict(self, game_id: str) -> dict[str, Any]:
        """The solver's verdict on a final patience's deal (may take seconds)."""
        return _plain(self.service.verdict(self._owner(game_id), game_id))

    def winning_line(self, game_id: str) -> list[dict[str, Any]]:
        """The verdict's winning line, move by move with the table after each."""
        return [_plain(step) for step in self.service.winning_line(self._owner(game_id), game_id)]

    def hint(self, game_id: str) -> Hint:
        return self.service.hint(self._owner(game_id), game_id)

    def resign(self, game_id: str, seat: int | None = None) -> dict[str, Any]:
        return _plain(self.service.resign(self._owner(game_id), game_id, seat))

    def catalog(self) -> list[dict[str, Any]]:
        return [_plain(entry) for entry in self.service.catalog()]

    def saved(self) -> list[GameSummary]:
        """Unfinished games in the store, most recently played first (from either app)."""
        return self.service.unfinished()

    def stats(self) -> list[str]:
        """This machine's player's statistics, as the lines ``parlour stats`` prints."""
        return stats_lines(self.service.stats(self.player))

    def close(self) -> None:
        self.store.close()


def _plain(answer: object) -> dict[str, Any]:
    """An answer as the plain dict the table's drawing code reads."""
    return cast(dict[str, Any], answer)
