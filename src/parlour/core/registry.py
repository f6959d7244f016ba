"""The registry of games: name -> GameState subclass.

Games register themselves when ``parlour.games`` is imported, so the core
needs no knowledge of any particular game.
"""

from __future__ import annotations

from typing import TypeVar

from ..errors import UnknownGameError, meant, quoted
from .protocol import GameState

__all__ = ["register", "game_class", "games", "game_names", "match_games"]

_GAMES: dict[str, type[GameState]] = {}
#: Other spellings of the games' names (each game's ``aliases``) -> the name.
_ALIASES: dict[str, str] = {}
G = TypeVar("G", bound=type[GameState])


def register(cls: G) -> G:
    """Class decorator adding a game under its ``name``."""
    if cls.name in _GAMES and _GAMES[cls.name] is not cls:
        raise ValueError(f"game {cls.name!r} is already registered")
    _GAMES[cls.name] = cls
    for alias in cls.aliases:
        _ALIASES[alias] = cls.name
    return cls


def _canonical_name(name: str) -> str:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    return _ALIASES.get(key, key)


def game_class(name: str) -> type[GameState]:
    """The game registered as ``name`` (or one of its aliases, in any case: ``"8x8"``);
    ``UnknownGameError`` naming the games if there is none."""
    if not isinstance(name, str):
        known = ", ".join(_GAMES) or "none"
        raise UnknownGameError(
            f"a game is named by a string, got {quoted(name)}: the games are {known}"
        )
    cls = _GAMES.get(_canonical_name(name))
    if cls is None:
        known = ", ".join(_GAMES) or "none"
        guess = meant(_canonical_name(name), {**{g: g for g in _GAMES}, **_ALIASES})
        hint = f" (did you mean {guess}?)" if guess else ""
        raise UnknownGameError(f"unknown game {quoted(name)}{hint}: the games are {known}")
    return cls


def game_names() -> list[str]:
    """The registered games' names, in the order they registered."""
    return list(_GAMES)


def games() -> dict[str, str]:
    """Registered game names with their one-line descriptions."""
    return {name: cls.summary for name, cls in _GAMES.items()}


def match_games() -> list[str]:
    """The games played as matches of hands (``GameState.match``)."""
    return [name for name, cls in _GAMES.items() if cls.match]
