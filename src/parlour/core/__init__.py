"""The game protocol, sessions (undo/redo, save/load) and the game registry.

Nothing here imports a game: games register themselves with the registry.
"""

from .options import OptionSpec
from .protocol import GameState, Move, Outcome, normalize_move_text
from .registry import game_class, games, register
from .session import Game, load_game, new_game

__all__ = [
    "Game",
    "GameState",
    "Move",
    "OptionSpec",
    "Outcome",
    "game_class",
    "games",
    "load_game",
    "new_game",
    "normalize_move_text",
    "register",
]
