"""Computer players, hints and solvers. They see only a player's view.

``parlour.ai.solver.solve(game, budget)`` answers whether a patience's deal was
winnable (the solver, unlike a player, reads the whole deal).
"""

from . import solver
from .base import (
    Player,
    RandomPlayer,
    Recall,
    caught_up,
    make_player,
    player_levels,
    register_player,
)
from .hints import Hint, hint
from .warming import warm

__all__ = [
    "Hint",
    "Player",
    "RandomPlayer",
    "Recall",
    "caught_up",
    "hint",
    "make_player",
    "player_levels",
    "register_player",
    "solver",
    "warm",
]
