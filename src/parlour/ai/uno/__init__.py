"""UNO's computer players: ``random``, ``basic`` and ``strong``.

What is where:

* :mod:`.table`: the view read as card numbers (``Table``, ``read_table``) and the
  move strings a player answers with;
* :mod:`.players`: ``random`` (with :func:`random_engine_move`, its policy on engine
  moves) and ``basic``;
* :mod:`.strong`: ``strong``, a turn planner with a determinised Monte Carlo search
  on top, and what it learns of the opponent during a hand and a match;
* :mod:`.encoding`: UNO encoded for learning (``parlour.envs`` reads it), and
  :mod:`.observer`, the same numbers written straight from the engine;
* :mod:`.search`: one search of ``strong`` (:func:`search`, :class:`Searched`),
  played out by the UNO kernel (``parlour.kernels.uno``), compiled with numba.

Importing this package registers the three levels.
"""

from . import encoding  # noqa: F401  (declares the game's encoding for learning)
from .players import UnoBasicPlayer, UnoRandomPlayer, best_colour, random_engine_move
from .search import Searched, search
from .strong import UnoStrongPlayer
from .table import Table, read_table

__all__ = [
    "Searched",
    "Table",
    "UnoBasicPlayer",
    "UnoRandomPlayer",
    "UnoStrongPlayer",
    "best_colour",
    "random_engine_move",
    "read_table",
    "search",
]
