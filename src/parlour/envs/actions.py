"""Fixed action spaces: every move string a game can ever have, numbered once.

Reinforcement-learning libraries want a fixed set of actions and a mask of the
legal ones. Each game's moves are canonical strings (the rules pages' notation),
so an action is simply an index into the list of every string the game can
produce, which each game declares (``GameState.every_move``, from its rules page's
move grammar). Tests play many random games
and check that every legal move string has an index.
"""

from __future__ import annotations

from functools import cache

from .. import games as _games  # noqa: F401  (registers the games)
from ..core.registry import game_class, game_names

__all__ = ["ACTION_GAMES", "action_table", "action_index"]

#: The games that declare their action space (``GameState.every_move``).
ACTION_GAMES = tuple(name for name in game_names() if game_class(name).every_move())


@cache
def action_table(game: str) -> tuple[str, ...]:
    """Every move string of ``game``, in a fixed order: action ``i`` is ``table[i]``."""
    return game_class(game).every_move()


@cache
def action_index(game: str) -> dict[str, int]:
    """Move string -> action number."""
    return {move: i for i, move in enumerate(action_table(game))}
