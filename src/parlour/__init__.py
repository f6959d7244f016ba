"""parlour: five classic card games as a rules-exact, fast Python engine.

>>> import parlour
>>> g = parlour.new_game("gate", seed=7)
>>> move = g.legal_moves()[0]
>>> g.play(move) == move
True
"""

from typing import TYPE_CHECKING

from . import games as _games  # noqa: F401  (registers the five games)
from .core.protocol import GameState, Outcome, OutcomeResult, SolveStatus
from .core.registry import games
from .core.session import Game, load_game, new_game
from .errors import (
    BusyError,
    EmptyDrawError,
    GameNotOverError,
    GameOverError,
    IllegalMoveError,
    InvalidActionError,
    InvalidCardError,
    InvalidDayError,
    InvalidDeckError,
    InvalidMessageError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidPlayerError,
    InvalidSaveError,
    InvalidSeedError,
    InvalidViewError,
    MissingExtraError,
    MoveIndexError,
    NoLegalMoveError,
    NoSolverError,
    NoWinningLineError,
    ParlourError,
    ResetNeededError,
    SolverGaveUpError,
    StorageError,
    UnknownGameError,
    WrongGameError,
)

if TYPE_CHECKING:  # imported on first use (below); named here for type checkers
    from . import ai as ai
    from . import envs as envs
    from . import service as service
    from . import sim as sim

__version__ = "0.1.0"

#: Subpackages reachable as attributes after ``import parlour`` (``parlour.ai.hint``),
#: imported on first use so that ``import parlour`` stays light.
_SUBPACKAGES = frozenset({"ai", "service", "sim", "envs"})


def __getattr__(name: str) -> object:
    if name in _SUBPACKAGES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module 'parlour' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names with the subpackages not yet imported, so that ``dir(parlour)``
    and a notebook's completion of ``parlour.`` offer ``ai``, ``sim`` and ``envs``."""
    return sorted(set(globals()) | _SUBPACKAGES)


__all__ = [
    "BusyError",
    "EmptyDrawError",
    "Game",
    "GameNotOverError",
    "GameOverError",
    "GameState",
    "IllegalMoveError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidDayError",
    "InvalidDeckError",
    "InvalidMessageError",
    "InvalidMoveError",
    "InvalidOptionError",
    "InvalidPlayerError",
    "InvalidSaveError",
    "InvalidSeedError",
    "InvalidViewError",
    "MissingExtraError",
    "MoveIndexError",
    "NoLegalMoveError",
    "NoSolverError",
    "NoWinningLineError",
    "Outcome",
    "OutcomeResult",
    "ParlourError",
    "ResetNeededError",
    "SolveStatus",
    "SolverGaveUpError",
    "StorageError",
    "UnknownGameError",
    "WrongGameError",
    "games",
    "load_game",
    "new_game",
]
