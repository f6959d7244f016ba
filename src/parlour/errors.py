"""Exception classes.

Every error a user can cause is a ``ValueError`` subclass, so callers that only
care about "bad input" can catch one thing, while the CLI and the web app can
tell the kinds apart. Messages quote the offending input and say what would
have been accepted.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping

__all__ = [
    "ParlourError",
    "InvalidMoveError",
    "InvalidActionError",
    "IllegalMoveError",
    "InvalidDeckError",
    "InvalidSaveError",
    "InvalidOptionError",
    "UnknownGameError",
    "InvalidCardError",
    "GameOverError",
    "InvalidPlayerError",
    "MoveIndexError",
    "InvalidSeedError",
    "NoSolverError",
    "SolverGaveUpError",
    "GameNotOverError",
    "WrongGameError",
    "NoLegalMoveError",
    "ResetNeededError",
    "EmptyDrawError",
    "NoWinningLineError",
    "InvalidViewError",
    "MissingExtraError",
    "StorageError",
    "InvalidMessageError",
    "InvalidDayError",
    "BusyError",
]


#: The most of a person's input that an error message quotes: a move or a value typed
#: at length (a 100 KB line) is quoted by its start, not echoed whole.
QUOTE_LIMIT = 40


def cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` as a message shows it: whole up to ``limit`` characters, else its
    start and "…" (``limit`` characters in all)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A person's input quoted in an error message, as ``repr`` quotes it ('T9 F'),
    cut to its first ``limit`` characters with "…" ('xxxxxxxx…'). Every message that
    quotes what was typed (a move, a card, a deck's card, an option's value, a deal
    number) quotes it by this."""
    if isinstance(value, str):
        return repr(cut(value, limit))
    return cut(repr(value), limit)


def meant(given: str, names: Mapping[str, str]) -> str | None:
    """The one thing ``given`` begins or nearly spells, among ``names`` (each name
    typed -> what it stands for: a game's aliases stand for the game), for a refusal to
    ask "did you mean simulate?" ('sim'), "... calculation?" ('calc', 'calculaton');
    None when there is none or more than one (a guess between two helps nobody)."""
    key = given.strip().lower()
    if not key:
        return None
    starts = [name for name in names if name.startswith(key)]
    close = starts or difflib.get_close_matches(key, list(names), n=3, cutoff=0.75)
    found = {names[name] for name in close}
    return found.pop() if len(found) == 1 else None


class ParlourError(ValueError):
    """Base class of every error caused by bad input.

    ``brief``: the same refusal in one short sentence, where the table service has one
    for a front end that shows the notation elsewhere (the web app, ``parlour play``:
    "“T9 F” is not a move here: there is no row T9 (the rows are T1-T8)."); None when
    the message is short already."""

    brief: str | None = None


class InvalidMoveError(ParlourError):
    """A move string that cannot be read at all (bad syntax)."""


class InvalidActionError(InvalidMoveError):
    """An environment's action outside its action space (``-1``, ``n``, ``2.5``): the
    number form of a move that cannot be read, refused as Gymnasium's convention has
    it. An action in the space that is illegal now is the environment's to score."""


class IllegalMoveError(ParlourError):
    """A well-formed move that the rules do not allow in the current position."""


class GameOverError(IllegalMoveError):
    """A move or command given after the game has ended."""


class InvalidCardError(ParlourError):
    """Text that does not name a card."""


class InvalidDeckError(ParlourError):
    """An explicit deck that is malformed, the wrong size, or has duplicate or unknown cards."""


class InvalidSaveError(ParlourError):
    """A save file that is corrupt, of an unknown version, or describes an impossible game."""


class InvalidOptionError(ParlourError):
    """An unknown game option or setting (a player level, an environment's argument),
    or a value it does not take."""


class InvalidSeedError(ParlourError):
    """A deal number (seed) that is not a whole number a game can be dealt from; the
    web app names its field, so a form can say it by the box it was typed in."""


class EmptyDrawError(ParlourError):
    """A random draw from nothing: ``Rng.randbelow(0)``, ``Rng.choice([])``. A caller
    that computed an empty range has a bug upstream, and the message says what the
    draw needs rather than failing deep in the generator."""


class InvalidPlayerError(ParlourError):
    """A player number the game does not have (player 1 of a one-player game)."""


class MoveIndexError(ParlourError, IndexError):
    """A move number outside a game's history (``game.view_before(9, 0)`` of a game of
    two moves); the message gives the range. Also an ``IndexError``, the class it was
    raised as before."""


class NoSolverError(ParlourError):
    """A game with no solver asked to be solved (only the one-player patiences have
    one: in a two-player game "was this deal winnable?" depends on the other player)."""


class SolverGaveUpError(ParlourError):
    """A solver that ran out of tries or budget before it could answer: no winnable deal
    (or deal of the day) proved in ``deals.MAX_TRIES`` deals, which the budgets make
    vanishingly unlikely. Asking again (or with a larger budget) may succeed."""


class NoWinningLineError(ParlourError):
    """A winning line asked of a deal that has none to show: the solver proved it
    unwinnable, or gave up before it found one (the message says which)."""


class InvalidViewError(ParlourError):
    """A view handed to a computer player that no game could show (the cards seen and
    the stock count disagree): one built or altered by hand; or the view of a seat
    whose turn it is not. A player is handed ``Game.view(game.to_move)`` as it is."""


class GameNotOverError(ParlourError):
    """A command for a finished game given while it is still in play: the solver's
    verdict on a deal shows its hidden cards, so it waits for the end; the same deal
    again, or the next game of a series, waits too (the web answers 409)."""


class WrongGameError(ParlourError):
    """One game's position or view given to another game's solver or computer player
    (the Gate solver given a Calculation deal); the message names both games. Also
    what is not a game at all where one is needed (``hint(game.state)``, whose history
    a hint needs, or ``solve("gate")``): the message says what is taken."""


class NoLegalMoveError(ParlourError):
    """A computer player asked to choose from no legal moves: the game is over (or the
    caller passed an empty list); it needs at least one of ``legal_moves()``."""

    def __init__(
        self,
        message: str = "no legal move to choose from: a player is asked to move only while "
        "the game is in play, with one or more of its legal moves",
    ) -> None:
        super().__init__(message)


class ResetNeededError(ParlourError, RuntimeError):
    """An environment stepped before its first ``reset()`` (Gymnasium's wrappers call
    this ``ResetNeeded``). Also a ``RuntimeError``, the class it was raised as before."""


class UnknownGameError(ParlourError):
    """A game name that is not registered."""


class MissingExtraError(ParlourError, ImportError):
    """An optional package that a feature needs is not installed (Gymnasium for the
    environments, pandas for ``records_frame``, Rich for ``parlour simulate``, psycopg
    for PostgreSQL); the message names the extra to install
    (``pip install 'parlour[rl]'``). Also an ``ImportError``, the class it was raised as
    before."""


class StorageError(ParlourError):
    """A file or database that cannot be read, written, created or opened (a save, a
    results file, the folder of an SQLite file, a PostgreSQL server that refuses the
    connection); the message names the path (or URL) and the system's reason."""


class InvalidMessageError(ParlourError):
    """A live (WebSocket) message that is malformed: not JSON text, too long, not an
    object, an unknown ``type``, a bad ``id`` or a field its type does not take or
    takes in another form. A well-formed message the game refuses is the game's error."""


class InvalidDayError(ParlourError):
    """A day that is not a date: not written ``YYYY-MM-DD``, or out of range
    (``2026-02-30``). A real date that is refused (a deal of the day not out yet) is an
    ``InvalidOptionError``."""


class BusyError(ParlourError):
    """A request refused for now, not for what it asks: the same work is already
    under way for that game and enough requests wait for it (a flood of hint requests
    would hold every thread of the web server). Asked again after ``retry_after``
    seconds it is answered as usual (the web app's 429, with ``Retry-After``)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
