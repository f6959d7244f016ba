"""Warming what the computer players and solvers run compiled, before anyone waits.

The UNO player's search and the Calculation solver run in code numba compiles
(``pip install parlour[fast]``); numba loads it from its disk cache, or compiles it
once per install, at the first call in a process. A server calls :func:`warm` as it
starts so that no person's first move, hint or solve pays for that.
"""

from __future__ import annotations

from .. import kernels

__all__ = ["compiled", "warm", "warm_game"]


def warm() -> dict[str, float]:
    """Load every compiled kernel of the players and solvers; the seconds each took."""
    from . import players  # noqa: F401  (each game's players register their kernels)

    return kernels.warm()


def compiled() -> bool:
    """Whether the players and solvers run compiled here (numba is installed)."""
    return kernels.numba_available()


def warm_game(game: str) -> dict[str, float]:
    """Load the compiled kernels one game's players and solver use (none for most
    games); the seconds each took."""
    from . import players  # noqa: F401  (each game's players register their kernels)

    return kernels.warm(game, f"{game} strong player")
