"""Computer players: the interface and the registry of levels.

A computer player sees exactly what a person in its seat sees: the view dict
of ``GameState.view(player)`` and the legal move strings. It never touches the
engine state, so it cannot peek at hidden cards, and a test can prove that its
choice does not change when the hidden cards change. Randomness comes from the
player's own stream, so the same seed deals the same cards whoever plays.
"""

from __future__ import annotations

import copy
import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ..core.protocol import seat_name
from ..core.registry import game_class
from ..errors import (
    InvalidMoveError,
    InvalidOptionError,
    InvalidPlayerError,
    InvalidViewError,
    NoLegalMoveError,
    UnknownGameError,
    WrongGameError,
    quoted,
)
from ..rng import Rng, check_seed, stream_seed

if TYPE_CHECKING:
    from ..core.session import Game

__all__ = [
    "Player",
    "RandomPlayer",
    "register_player",
    "make_player",
    "player_levels",
    "caught_up",
    "observes",
    "Recall",
    "odds_words",
]

#: The chances a reason may quote, as people say them (nearest first).
_ODDS = [
    (1, 10),
    (1, 5),
    (1, 4),
    (1, 3),
    (2, 5),
    (1, 2),
    (3, 5),
    (2, 3),
    (3, 4),
    (4, 5),
    (9, 10),
]


def odds_words(part: float, whole: float) -> str:
    """A chance as a person says it, for a player's reason: "about 1 in 3" (``161`` of
    ``504``), "about 3 in 4", "almost always", "hardly ever", "never", "always"; the
    sampled evidence behind a strong player's choice without its counts (a hint reads
    "it keeps the most deals winnable (about 1 in 3)", not "it wins 161 of 504
    play-outs of sampled stock orders"). It names no card, so no hidden one either."""
    if whole <= 0 or part <= 0:
        return "never"
    p = part / whole
    if p >= 1:
        return "always"
    if p >= 0.95:
        return "almost always"
    if p < 0.05:
        return "hardly ever"
    top, bottom = min(_ODDS, key=lambda odds: abs(odds[0] / odds[1] - p))
    return f"about {top} in {bottom}"


#: Every move string of a game (``GameState.every_move``), by the game's name.
_EVERY_MOVE: dict[str, tuple[str, frozenset[str]]] = {}


def check_legal(view: Mapping[str, Any], legal: Sequence[str], plays: str = "") -> None:
    """Refuse ``legal`` unless each is a move string of the view's game.

    The contract of :meth:`Player.choose` and :meth:`Player.explain`: ``legal`` is the
    game's legal moves as ``Game.legal_moves()`` gives them (canonical strings). Text
    that is no move of the game at all (``"zz"`` for The Gate) is an
    ``InvalidMoveError`` naming it and the game, not a failure deep in a player. Only
    the move's form is checked (the view alone cannot say what is legal now). A view
    that names no registered game is left to the player (a ``WrongGameError``). A view
    that is no mapping is an ``InvalidViewError``, and ``legal`` that is not a list of
    move strings (a single string, None) an ``InvalidMoveError``; so is the view of a
    player whose turn it is not an ``InvalidViewError`` (it chose for the mover from the
    other's cards, silently). ``plays``, the game a
    player was made for (:attr:`Player.game_name`), refuses a view of another game with
    a ``WrongGameError`` naming both, before any player reads a field its game's views
    have and the other's lack (a Gate player handed an UNO view said ``KeyError:
    'piles'``).
    """
    if not isinstance(view, Mapping):
        raise InvalidViewError(
            f"a computer player is handed a view, the dict game.view(seat) gives, got "
            f"{quoted(view)}"
        )
    if isinstance(legal, str) or not isinstance(legal, Sequence):
        raise InvalidMoveError(
            "a computer player chooses among a list of move strings, as "
            f"game.legal_moves() gives them, got {quoted(legal)}"
        )
    name = view.get("game")
    if not isinstance(name, str):
        return
    if plays and name != plays:
        raise WrongGameError(
            f"a player of {plays!r} was given a view of {quoted(name)}: it plays {plays!r} only"
        )
    seat, to_move = view.get("player"), view.get("to_move")
    if isinstance(seat, int) and isinstance(to_move, int) and seat != to_move:
        raise InvalidViewError(
            f"a computer player was given {seat_name(seat)}'s view, but it is "
            f"{seat_name(to_move)}'s turn: it chooses for the player to move, from "
            "game.view(game.to_move)"
        )
    known = _EVERY_MOVE.get(name)
    if known is None:
        try:
            cls = game_class(name)
        except UnknownGameError:
            return
        known = _EVERY_MOVE[name] = (cls.title, frozenset(cls.every_move()))
    title, moves = known
    if not moves:  # a game that declares no move grammar
        return
    for text in legal:
        if text not in moves:
            example = next((m for m in legal if m in moves), None) or min(moves)
            said = (
                f"{quoted(text)} is not a move of {title}"
                if isinstance(text, str)
                else (f"a move is a string, got {quoted(text)}")
            )
            raise InvalidMoveError(
                f"{said}: a computer player chooses among the game's legal moves as "
                f"game.legal_moves() gives them, such as {example!r}"
            )


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _checking(method: _Method) -> _Method:
    """``method`` (a player's ``choose`` or ``explain``) after :func:`check_legal`."""

    @functools.wraps(method)
    def checked(self: Player, view: Mapping[str, Any], legal: Sequence[str]) -> Any:
        check_legal(view, legal, self.game_name)
        return method(self, view, legal)

    checked.__dict__["checks_legal"] = True
    return cast(_Method, checked)


class Player(ABC):
    """A computer player for one seat of one game.

    ``choose`` and ``explain`` are handed the view and the game's legal move strings;
    every subclass's own ``choose`` and ``explain`` first refuse strings that are no
    move of the game (:func:`check_legal`), in this one place for every player.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("choose", "explain"):
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "checks_legal", False):
                setattr(cls, name, _checking(method))

    #: The level name under which the player is registered ("random", "strong", ...).
    level: str = ""

    #: The game :func:`make_player` made it for ("" for a player constructed directly):
    #: ``choose`` and ``explain`` refuse a view of another game (``WrongGameError``).
    game_name: str = ""

    #: Set by a patience player once it has found that no move leads anywhere
    #: (every line only shuffles cards back and forth): a demo stops there.
    stuck: bool = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level!r}>"

    @abstractmethod
    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        """One of ``legal``, chosen from ``view`` alone."""

    def explain(self, view: Mapping[str, Any], legal: Sequence[str]) -> tuple[str, str]:
        """The chosen move and a one-line reason (used by hints)."""
        return self.choose(view, legal), f"the {self.level} player's choice"

    def engine_chooser(self) -> Callable[[Any, list[Any]], Any] | None:
        """The same choices made on the engine's state and move objects, for speed
        (an environment's opponent, a simulation), or None where the level has none.

        It must draw the same numbers from ``self.rng`` as :meth:`choose`, so the game
        is the same move for move (its game's tests check that).
        """
        return None

    def observe(self, view: Mapping[str, Any], move: str) -> None:  # noqa: B027 (optional hook)
        """Learn from an earlier position of this seat and the move played from it.

        A player created for a game under way is told the game so far this way
        (see :func:`caught_up`), so one with a memory (positions already seen, what
        the opponent showed by drawing) chooses as it would have had it played from
        the start. The default remembers nothing. Observing never draws from
        ``self.rng`` and the seed sets nothing but ``self.rng``: :class:`Recall` relies
        on both to keep a player's memory from one move to the next.
        """


class RandomPlayer(Player):
    """Plays a uniformly random legal move: the baseline every level must beat."""

    level = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        if not legal:
            raise NoLegalMoveError()
        return legal[self.rng.randbelow(len(legal))]


PlayerFactory = Callable[[int], Player]
P = TypeVar("P", bound=Player)
_PLAYERS: dict[str, dict[str, PlayerFactory]] = {}


def _is_built_in(factory: PlayerFactory) -> bool:
    return getattr(factory, "__module__", "").startswith("parlour.")


def register_player(
    game: str, level: str, *, replace: bool = False
) -> Callable[[PlayerFactory], PlayerFactory]:
    """Decorator: register a player class (or factory taking a seed) for a game.

    A game may register its own ``random`` level where a uniform choice over
    move strings is a poor baseline (documented by that game's player module).
    ``game`` is read as :func:`~parlour.new_game` reads it (``"Uno"``, ``"8x8"``): a
    level registered under another spelling was kept apart and never offered. An
    unknown game is an ``UnknownGameError`` and a level that is no name (``""``, a
    number, ``"a,b"``) an ``InvalidOptionError``, here rather than when the level is first asked
    for.

    A level of parlour's own (``random``, ``basic``, ``strong`` ...: :func:`own_levels`)
    is replaced only with ``replace=True``; without it the decorator refuses with an
    ``InvalidOptionError``, since ``@register_player("uno", "strong")`` on one's own
    class silently replaced the ``strong`` that simulations, environments' opponents and
    hints had meant until then. A level of one's own may be registered again (a
    notebook cell run twice).
    """
    name = game_class(game).name
    if not isinstance(level, str) or not level.strip() or level != level.strip() or "," in level:
        # a comma would split it in a simulation's "mine,strong"
        raise InvalidOptionError(
            f"a player level is a name such as 'mine' (no comma, no spaces around it), got "
            f"{quoted(level)}: the players of {name} are {', '.join(player_levels(name))}"
        )

    def add(factory: PlayerFactory) -> PlayerFactory:
        if not replace and not _is_built_in(factory) and level in own_levels(name):
            what = getattr(factory, "__name__", type(factory).__name__)
            raise InvalidOptionError(
                f"{quoted(level)} is one of parlour's own levels for {name} "
                f"({', '.join(own_levels(name))}): registering {what} under it would replace "
                f"it wherever the level is named (simulations, environments' opponents, "
                f"make_player); give your level a name of its own (such as "
                f"'mine'), or register_player({name!r}, {level!r}, replace=True) to replace it"
            )
        _PLAYERS.setdefault(name, {})[level] = factory
        return factory

    return add


def player_levels(game: str) -> list[str]:
    """The levels available for a game: ``random``, parlour's own levels weakest first,
    then the levels a user's code registered, in the order they were registered
    (whenever that was: the built-ins load on first use)."""
    own = own_levels(game)
    registered = _PLAYERS.get(game_class(game).name, {})
    return own + [level for level in registered if level not in own]


def own_levels(game: str) -> list[str]:
    """The levels parlour itself registers for a game, weakest first: those of
    :func:`player_levels` less any a user's code registered (a hint, a demo, the
    computer opponent take the strongest of these, never a level of one's own)."""
    name = game_class(game).name
    _load_players()
    registered = _PLAYERS.get(name, {})
    return ["random"] + [
        level
        for level, factory in registered.items()
        if level != "random" and _is_built_in(factory)
    ]


def make_player(game: str, level: str, seed: int = 0, seat: int = 0) -> Player:
    """A computer player for ``game`` at ``level``, with its own random stream.

    The stream is derived from the game seed and the seat, never shared with
    the game's own stream. An unknown ``game`` is an ``UnknownGameError``, an unknown
    ``level`` an ``InvalidOptionError``, a ``seat`` the game does not have an
    ``InvalidPlayerError`` and a ``seed`` that is not a whole number from 0 to 2**63 - 1
    (``parlour.rng.check_seed``, as ``new_game`` takes it) an ``InvalidSeedError``; each
    message quotes the input and says what is accepted.
    """
    cls = game_class(game)
    name = cls.name
    levels = player_levels(name)
    if not isinstance(level, str):
        raise InvalidOptionError(
            f"a player level is a string, got {quoted(level)}: the players of {name} are "
            f"{', '.join(levels)}"
        )
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < cls.players:
        seats = {1: "seat 0 only", 2: "seats 0 and 1"}.get(
            cls.players, f"seats 0 to {cls.players - 1}"
        )
        raise InvalidPlayerError(
            f"there is no seat {quoted(seat)} in {name}: a player sits at {seats}"
            if isinstance(seat, int) and not isinstance(seat, bool)
            else f"a seat is a whole number ({seats} in {name}), got {quoted(seat)}"
        )
    if level not in levels:
        raise InvalidOptionError(
            f"unknown player {quoted(level)} for {name}: the players are {', '.join(levels)}"
        )
    player_seed = stream_seed(check_seed(seed), f"player-{seat}-{level}")
    factory = _PLAYERS.get(name, {}).get(level)
    # only "random" lacks a game-specific registration
    player = RandomPlayer(player_seed) if factory is None else factory(player_seed)
    if not player.level:  # a class registered without naming its level: its repr, a
        player.level = level  # simulation's messages name the level it was made as
    player.game_name = name
    return player


def observes(player: Player) -> bool:
    """Whether ``player`` learns from earlier turns (overrides :meth:`Player.observe`)."""
    return type(player).observe is not Player.observe


def caught_up(player: P, game: Game, seat: int) -> P:
    """``player`` after observing every earlier turn of ``seat`` in ``game`` (its views only)."""
    if observes(player):
        for view, move in game.past_turns(seat):
            player.observe(view, move)
    return player


class Recall:
    """Computer players of one game told the game so far, kept between their moves.

    A server answers each move with a fresh player (seeded by the game and the move
    number, so a restarted server or an undo and redo makes the same reply) that is
    :func:`caught_up` on the game: told every earlier turn again. In a 500-point UNO
    match that is hundreds of turns, and re-reading them was most of the person's
    wait. ``Recall`` keeps, per level and seat, a player that has only observed the
    turns so far, and tells a copy of it just the turns since; the copy gets the
    fresh player's random stream. That is the same player as ``caught_up`` makes, as
    a player's seed sets its stream only and observing draws nothing from it (the
    contract of :meth:`Player.observe`), so the reply is the same with or without it.
    If the moves so far are not the ones it was told (an undo), it starts again.
    """

    def __init__(self) -> None:
        self._kept: dict[tuple[str, int], tuple[list[str], Player]] = {}

    def player(self, game: Game, level: str, seed: int, seat: int) -> Player:
        """``make_player(game.name, level, seed, seat)`` caught up on ``game``."""
        fresh = make_player(game.name, level, seed=seed, seat=seat)
        if not observes(fresh):
            return fresh
        moves = game.moves
        told, memory = self._kept.get((level, seat), ([], None))
        if memory is None or moves[: len(told)] != told:
            told, memory = [], make_player(game.name, level, seed=0, seat=seat)
        for view, move in game.past_turns(seat, start=len(told)):
            memory.observe(view, move)
        self._kept[level, seat] = (moves, memory)
        player = copy.deepcopy(memory)
        player.rng = fresh.rng
        return player


def _load_players() -> None:
    """Import the modules that register players (kept lazy: import order stays one-way)."""
    from . import players  # noqa: F401
