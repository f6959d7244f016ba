"""Computer players: the interface and the registry of levels.

A computer player sees exactly what a person in its seat sees: the view dict
of ``GameState.view(player)`` and the legal move strings. It never touches the
engine state, so it cannot peek at hidden cards, and a test can prove that its
choice does not change when the hidden cards change. Randomness comes from the
player's own stream, so the same seed deals the same cards whoever plays.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.registry import game_class
from ..errors import ParlourError
from ..rng import Rng, stream_seed

if TYPE_CHECKING:
    from ..core.session import Game

__all__ = [
    "Player",
    "RandomPlayer",
    "register_player",
    "make_player",
    "player_levels",
    "caught_up",
]


class Player(ABC):
    """A computer player for one seat of one game."""

    #: The level name under which the player is registered ("random", "strong", ...).
    level: str = ""

    #: Set by a patience player once it has found that no move leads anywhere
    #: (every line only shuffles cards back and forth): a demo stops there.
    stuck: bool = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        """One of ``legal``, chosen from ``view`` alone."""

    def explain(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, str]:
        """The chosen move and a one-line reason (used by hints)."""
        return self.choose(view, legal), f"the {self.level} player's choice"

    def observe(self, view: Mapping[str, Any], move: str) -> None:  # noqa: B027 (optional hook)
        """Learn from an earlier position of this seat and the move played from it.

        A player created for a game under way is told the game so far this way
        (see :func:`caught_up`), so one with a memory (positions already seen, what
        the opponent showed by drawing) chooses as it would have had it played from
        the start. The default remembers nothing.
        """


class RandomPlayer(Player):
    """Plays a uniformly random legal move: the baseline every level must beat."""

    level = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        if not legal:
            raise ParlourError("no legal move to choose from")
        return legal[self.rng.randbelow(len(legal))]


PlayerFactory = Callable[[int], Player]
P = TypeVar("P", bound=Player)
_PLAYERS: dict[str, dict[str, PlayerFactory]] = {}


def register_player(game: str, level: str) -> Callable[[PlayerFactory], PlayerFactory]:
    """Decorator: register a player class (or factory taking a seed) for a game.

    A game may register its own ``random`` level where a uniform choice over
    move strings is a poor baseline (documented by that game's player module).
    """

    def add(factory: PlayerFactory) -> PlayerFactory:
        _PLAYERS.setdefault(game, {})[level] = factory
        return factory

    return add


def player_levels(game: str) -> list[str]:
    """The levels available for a game, weakest first ('random' always)."""
    name = game_class(game).name
    _load_players()
    return ["random"] + [lvl for lvl in _PLAYERS.get(name, {}) if lvl != "random"]


def make_player(game: str, level: str, seed: int = 0, seat: int = 0) -> Player:
    """A computer player for ``game`` at ``level``, with its own random stream.

    The stream is derived from the game seed and the seat, never shared with
    the game's own stream.
    """
    name = game_class(game).name
    levels = player_levels(name)
    if level not in levels:
        raise ParlourError(
            f"unknown player {level!r} for {name}: the players are {', '.join(levels)}"
        )
    player_seed = stream_seed(seed, f"player-{seat}-{level}")
    factory = _PLAYERS.get(name, {}).get(level)
    if factory is None:  # only "random" lacks a game-specific registration
        return RandomPlayer(player_seed)
    return factory(player_seed)


def caught_up(player: P, game: Game, seat: int) -> P:
    """``player`` after observing every earlier turn of ``seat`` in ``game`` (its views only)."""
    for view, move in game.past_turns(seat):
        player.observe(view, move)
    return player


def _load_players() -> None:
    """Import the modules that register players (kept lazy: import order stays one-way)."""
    from . import players  # noqa: F401
