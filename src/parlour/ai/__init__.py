"""Computer players, hints and solvers. They see only a player's view."""

from .base import Player, RandomPlayer, make_player, player_levels, register_player

__all__ = ["Player", "RandomPlayer", "make_player", "player_levels", "register_player"]
