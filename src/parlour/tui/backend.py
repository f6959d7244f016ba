"""The terminal table's link to the games store it shares with the web app.

The TUI does not keep games of its own: it plays through the web app's
:class:`~parlour.web.service.GameService` over the same database (SQLite by
default, ``~/.local/share/parlour/parlour.db``), so a game started in the
browser can be resumed in the terminal and the other way round, with the same
rules for undo against the computer and the same computer replies. Only
``view(0)`` answers come back from the service, so hidden cards never reach
the screen.

``open_service`` is the one place that reaches into ``parlour.web``. Its
package ``__init__`` imports the FastAPI app, which a ``parlour[tui]``-only
install does not have; until the storage and service modules can be imported
without it, the fallback below loads them without running that ``__init__``.
"""

from __future__ import annotations

import importlib.util
import secrets
import sys
import types
from typing import TYPE_CHECKING, Any

from ..errors import ParlourError

if TYPE_CHECKING:
    from ..web.service import GameService

__all__ = ["Backend", "open_service", "LOCAL_PLAYER_SETTING"]

#: The settings row naming the person who plays at this machine (the store's
#: ``player`` column): games the terminal starts belong to them.
LOCAL_PLAYER_SETTING = "local_player"


def _web_package_without_app() -> None:
    """Register ``parlour.web`` as a bare package so its stdlib-only submodules load."""
    spec = importlib.util.find_spec("parlour.web")
    if spec is None or spec.submodule_search_locations is None:
        raise ParlourError("this parlour has no games store (the parlour.web package is missing)")
    package = types.ModuleType("parlour.web")
    package.__path__ = list(spec.submodule_search_locations)
    package.__package__ = "parlour.web"
    package.__spec__ = spec
    sys.modules["parlour.web"] = package


def open_service(db: str) -> GameService:
    """The web app's game service over the store at ``db`` (a path or ``:memory:``)."""
    try:
        from ..web.service import GameService
        from ..web.store import open_store
    except ImportError:  # FastAPI missing: load the service without the web app
        _web_package_without_app()
        from ..web.service import GameService
        from ..web.store import open_store
    return GameService(open_store(db))


class Backend:
    """Start, play, undo and list games in the shared store, as the local person."""

    def __init__(self, db: str) -> None:
        self.service = open_service(db)
        self.store = self.service.store
        self.player = self._local_player()
        self._owners: dict[str, str] = {}

    def _local_player(self) -> str:
        """The person at this machine: a stored setting, first taken from the player
        of the most recent game in the store (the browser's), else a new id."""
        recent = sorted(self.store.unfinished(), key=lambda r: r.updated, reverse=True)
        default = recent[0].player if recent else secrets.token_urlsafe(16)
        return self.store.setting(LOCAL_PLAYER_SETTING, default)

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
    ) -> dict[str, Any]:
        answer = self.service.start(self.player, name, seed, options or {}, opponent)
        self._owners[answer["id"]] = self.player
        return answer

    def get(self, game_id: str) -> dict[str, Any]:
        return self.service.get(self._owner(game_id), game_id)

    def play(self, game_id: str, move: str) -> dict[str, Any]:
        return self.service.play(self._owner(game_id), game_id, move)

    def undo(self, game_id: str) -> dict[str, Any]:
        return self.service.undo(self._owner(game_id), game_id)

    def redo(self, game_id: str) -> dict[str, Any]:
        return self.service.redo(self._owner(game_id), game_id)

    def hint(self, game_id: str) -> dict[str, Any]:
        return self.service.hint(self._owner(game_id), game_id)

    def resign(self, game_id: str) -> dict[str, Any]:
        return self.service.resign(self._owner(game_id), game_id)

    def saved(self) -> list[dict[str, Any]]:
        """Unfinished games in the store, most recently played first (from either app)."""
        from ..web.service import summary

        records = sorted(self.store.unfinished(), key=lambda r: r.updated, reverse=True)
        return [summary(r) for r in records]

    # --- front-end facts kept with a game -------------------------------------

    def meta(self, game_id: str) -> dict[str, Any]:
        record = self.store.get(game_id)
        return {} if record is None else dict(record.meta)

    def set_meta(self, game_id: str, key: str, value: Any) -> None:
        """Keep a fact with the game (a Chinese Patience series total), in the store."""
        record = self.store.get(game_id)
        if record is None:
            return
        record.meta[key] = value
        self.store.update(record)

    def close(self) -> None:
        self.store.close()
