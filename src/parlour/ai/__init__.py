"""Computer players, hints and solvers. They see only a player's view."""

from .base import Player, RandomPlayer, make_player, player_levels, register_player
from .hints import Hint, hint

__all__ = [
    "Hint",
    "Player",
    "RandomPlayer",
    "hint",
    "make_player",
    "player_levels",
    "register_player",
]
