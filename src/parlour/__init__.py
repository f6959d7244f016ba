"""parlour: five classic card games as a rules-exact, fast Python engine.

>>> import parlour
>>> g = parlour.new_game("gate", seed=7)
>>> move = g.legal_moves()[0]
>>> g.play(move) == move
True
"""

from . import games as _games  # noqa: F401  (registers the five games)
from .core.protocol import GameState, Outcome
from .core.registry import games
from .core.session import Game, load_game, new_game
from .errors import (
    GameOverError,
    IllegalMoveError,
    InvalidCardError,
    InvalidDeckError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidSaveError,
    ParlourError,
    UnknownGameError,
)

__version__ = "0.1.0"

__all__ = [
    "Game",
    "GameOverError",
    "GameState",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidDeckError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidSaveError",
    "Outcome",
    "ParlourError",
    "UnknownGameError",
    "games",
    "load_game",
    "new_game",
]
