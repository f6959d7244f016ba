"""A game being played: the public object behind ``parlour.new_game``.

It wraps a :class:`GameState` with what people expect of a card-game app:
moves as strings, undo and redo, resigning, and versioned saves that replay
the moves on loading, so a save can never describe an impossible position.
Bad input never changes the game: every check happens before any change.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import secrets
from collections.abc import Iterator, Mapping
from typing import Any, SupportsIndex, TypeGuard

from ..errors import (
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidSaveError,
    MoveIndexError,
    ParlourError,
    quoted,
)
from ..notation import deal_seed
from ..rng import LARGEST_SEED, check_seed
from .options import given_options, resolve_options
from .protocol import GameState, Move, Outcome, check_player
from .registry import game_class

__all__ = ["Game", "new_game", "load_game", "SAVE_FORMAT", "SAVE_VERSION"]

SAVE_FORMAT = "parlour-save"
SAVE_VERSION = 1


def random_seed() -> int:
    """A fresh seed for a game started without one (kept, so it can be replayed): 53
    random bits, too many to search, and every one of them a number a browser holds
    exactly (JavaScript reads a JSON number as a double: a 63-bit seed lost its last
    digits on the web table, so the deal number shown there dealt another deal)."""
    return secrets.randbits(53)


class Game:
    """One game in play, with its history."""

    def __init__(
        self, state: GameState, seed: int, deck: str | None, options: dict[str, Any]
    ) -> None:
        self._state = state
        self.seed = seed
        self.deck = deck
        self.options = dict(options)
        self._past: list[tuple[GameState, str]] = []  # (state before, move string)
        self._future: list[str] = []
        #: The position's legal moves by canonical string, made on first need and
        #: dropped whenever the position may change: a player's loop of
        #: ``legal_moves()`` then ``play(one of them)`` makes them once, not twice.
        self._legal: dict[str, Move] | None = None
        #: The state object last handed out by ``state``: whoever holds it may change it
        #: at any time, so while it is the game's position nothing is kept about it.
        self._handed_out: GameState | None = None
        self.resigned_by: int | None = None
        #: Free-form facts a front end keeps with the game (opponent level, seat ...).
        self.meta: dict[str, Any] = {}

    # --- identity -----------------------------------------------------------

    @property
    def name(self) -> str:
        """The game's registered name (``"gate"``), as ``new_game`` and saves take it."""
        return self._state.name

    @property
    def state(self) -> GameState:
        """The engine state, hidden cards included: for engines and solvers, not for players.

        It is the game's own object, not a copy: change it through ``play`` and ``undo``
        (a move applied to it directly is in no history and no save)."""
        self._legal = None  # handed out, so it may be changed: the legal moves are made again
        self._handed_out = self._state
        return self._state

    @property
    def players(self) -> int:
        """1 for a patience, 2 for UNO and Chinese Patience: the seats ``view`` takes."""
        return self._state.players

    # --- playing --------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """The seat whose move it is (always 0 in a patience); a computer player or a
        learner for that seat should be shown ``view(to_move)`` only."""
        return self._state.to_move

    @property
    def outcome(self) -> Outcome | None:
        """None while the game is in play; else how it ended (a resignation included,
        which the engine itself does not know of, so read it here, not on ``state``)."""
        if self.resigned_by is not None:
            if self.players == 1:
                return Outcome("resigned", "resigned")
            loser = self.resigned_by
            score = self._state.resign_score(loser)
            return Outcome("resigned", "resigned", score, winner=1 - loser, loser=loser)
        return self._state.outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (``outcome`` is not None): no move can be played."""
        return self.outcome is not None

    def legal_moves(self) -> list[str]:
        """The moves that may be played now, as canonical strings in a fixed order (the
        same on every machine, so a seeded random choice among them replays); empty
        once the game is over. Each is accepted by ``play`` as it is."""
        if self.resigned_by is not None:
            return []
        return list(self._legal_moves())

    def _legal_moves(self) -> dict[str, Move]:
        """The legal moves now by canonical string, in ``legal_moves`` order (kept until
        the position changes: making them is most of what ``play`` costs)."""
        legal = self._legal
        if legal is None:
            state = self._state
            legal = {state.move_str(m): m for m in state.legal_moves()}
            if state is not self._handed_out:  # else a holder may change it before play
                self._legal = legal
        return legal

    def parse(self, text: str) -> Move:
        """The legal move named by ``text`` (raises, changing nothing, if there is none)."""
        if not isinstance(text, str):
            state = self._state
            if _is_engine_move(text, state):
                # a move from g.state.legal_moves(), the engine level's own objects
                raise InvalidMoveError(
                    f"a move is a string, got {quoted(text)}: an engine move "
                    f"(g.state.legal_moves()); play it by its string, "
                    f"{state.move_str(text)!r} (g.state.move_str(move))"
                )
            example = self.legal_moves()[:1] or state.every_move()[:1]
            raise InvalidMoveError(
                f"a move is a string such as {example[0]!r}, got {quoted(text)}"
                if example
                else f"a move is a string, got {quoted(text)}"
            )
        outcome = self.outcome
        if outcome is not None:
            raise GameOverError(f"the game is over ({outcome}); {quoted(text)} cannot be played")
        return self._state.parse_move(text)

    def play(self, text: str) -> str:
        """Parse and play a move; return its canonical string.

        ``text`` is a move in the notation of the game's rules page, in any case and
        spacing (``"t3  f"`` plays ``"T3 F"``); ``legal_moves()`` lists the canonical
        strings. A move refused changes nothing and raises a ``ValueError`` subclass
        whose message quotes ``text`` as given and says what is accepted:
        ``InvalidMoveError`` (no move of this game at all), ``IllegalMoveError`` (a move
        the rules do not allow now) or ``GameOverError`` (the game has ended).
        """
        move, canonical = self._find(text)
        self._push(move, canonical)
        self._future.clear()
        return canonical

    def _find(self, text: str) -> tuple[Move, str]:
        """The legal move ``text`` names and its canonical string: a canonical string (what
        ``legal_moves`` gives and saves hold) is looked up, anything else parsed."""
        if isinstance(text, str) and self.resigned_by is None:
            legal = self._legal_moves()
            if text in legal:
                return legal[text], text
        move = self.parse(text)
        return move, self._state.move_str(move)

    def _push(self, move: Move, canonical: str) -> None:
        before = self._state.copy()
        self._legal = None
        self._state.apply(move)
        self._past.append((before, canonical))

    def undo(self) -> str:
        """Take back the last move (or a resignation); return what was undone."""
        if self.resigned_by is not None:
            self.resigned_by = None
            return "resign"
        if not self._past:
            raise IllegalMoveError("nothing to undo: no move has been played")
        before, canonical = self._past.pop()
        self._state = before
        self._legal = None
        self._future.append(canonical)
        return canonical

    def redo(self) -> str:
        """Play again the last move undone."""
        if not self._future:
            raise IllegalMoveError("nothing to redo")
        canonical = self._future[-1]
        legal = self._legal_moves()
        move = legal[canonical] if canonical in legal else self._state.parse_move(canonical)
        self._push(move, canonical)
        self._future.pop()
        return canonical

    @property
    def can_undo(self) -> bool:
        """Whether ``undo`` has a move (or a resignation) to take back. The library
        takes back anything; the table's stricter rule is ``parlour.service``'s."""
        return bool(self._past) or self.resigned_by is not None

    @property
    def can_redo(self) -> bool:
        """Whether ``redo`` has a move taken back to play again (a new move clears it)."""
        return bool(self._future)

    def _check_player(self, player: int) -> None:
        check_player(player, self.players, self.name)

    def resign(self, player: int | None = None) -> None:
        """Resign (the player to move, unless another is named)."""
        if self.is_over:
            raise GameOverError(f"the game is already over ({self.outcome})")
        who = self.to_move if player is None else player
        self._check_player(who)
        self.resigned_by = who

    @property
    def moves(self) -> list[str]:
        """The canonical strings of the moves played so far."""
        return [text for _, text in self._past]

    @property
    def movers(self) -> list[int]:
        """Who played each move so far (the player to move before it)."""
        return [before.to_move for before, _ in self._past]

    def view_before(self, index: int, player: int) -> dict[str, Any]:
        """``player``'s view of the position before move ``index`` (0 is the deal; the
        number of moves played is the position now), as it was then."""
        self._check_player(player)
        if (
            isinstance(index, bool)
            or not isinstance(index, int)
            or not 0 <= index <= len(self._past)
        ):
            raise MoveIndexError(
                f"no position before move {quoted(index)}: the positions are numbered 0 (the deal) "
                f"to {len(self._past)} (now, after {len(self._past)} moves)"
            )
        state = self._state if index == len(self._past) else self._past[index][0]
        return dict(state.view(player))

    def past_turns(self, player: int, start: int = 0) -> Iterator[tuple[dict[str, Any], str]]:
        """``(view, move)`` for each earlier position where ``player`` was to move, oldest first
        (from move ``start`` on: a player told the earlier ones already).

        Only that player's views, so a computer player that joins a game under way
        (a hint, a reloaded game, a server answering one move) can be told the game so
        far without seeing a hidden card.
        """
        self._check_player(player)
        played = len(self._past)
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start <= played:
            raise MoveIndexError(
                f"no move {quoted(start)} to start from: the moves are numbered 0 to "
                f"{played} (the number played)"
            )
        for before, canonical in itertools.islice(self._past, start, None):
            if before.to_move == player:
                view = dict(before.view(player))
                view["outcome"] = None
                yield view, canonical

    # --- showing --------------------------------------------------------------

    def view(self, player: int = 0) -> dict[str, Any]:
        """What ``player`` may see, as a JSON-ready dict: never a hidden card (the
        other's hand, the stock's order, a face-down card), so a player, a hint or a
        learner given only views cannot cheat. Its ``outcome`` counts a resignation."""
        self._check_player(player)
        data = dict(self._state.view(player))
        outcome = self.outcome
        data["outcome"] = None if outcome is None else outcome.to_dict()
        if self.resigned_by is not None:  # the engine does not know the game was resigned
            data["legal_moves"] = []
            if "moves" in data:
                data["moves"] = []
        return data

    def render(self, colour: bool = False) -> str:
        """The position as text, as ``print(game)`` shows it (for a two-player game as
        the player to move sees it; ``render_for`` for another seat); ANSI colours
        when ``colour``."""
        return self._state.render(colour)

    def render_for(
        self,
        player: int,
        colour: bool = False,
        other: str = "the opponent",
        *,
        end: bool = True,
        scores: bool = True,
        you: str = "you",
    ) -> str:
        """The position as ``player`` may see it, the other player named ``other``; a
        game resigned shows nobody to move. ``end=False`` and ``scores=False`` leave
        out the line saying the game is over and a match's running scores, for a front
        end that tells those itself; ``you`` names ``player`` where nobody at the
        screen is that player (a demo's "Player 1")."""
        self._check_player(player)
        return self._state.render_for(
            player,
            colour,
            other=other,
            resigned_by=self.resigned_by,
            end=end,
            scores=scores,
            you=you,
        )

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"<parlour.Game {self.name} seed={self.seed} moves={len(self._past)}>"

    # --- saving ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The save as a dict (``to_json`` writes it): the deal and the moves, not the
        position, so ``load_game`` replays it by the rules and a save is always a game
        that could have been played."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.name,
            "options": self.options,
            "seed": self.seed,
            "deck": self.deck,
            "moves": self.moves,
            "resigned_by": self.resigned_by,
            "meta": self.meta,
        }

    def to_json(self) -> str:
        """A versioned save: game, options, deal (seed or deck) and the moves."""
        return json.dumps(self.to_dict(), indent=1)

    def copy(self) -> Game:
        """An independent game with the same position and history (undo and redo
        included), for trying moves without touching this one."""
        other = Game(self._state.copy(), self.seed, self.deck, self.options)
        other._past = list(self._past)
        other._future = list(self._future)
        other.resigned_by = self.resigned_by
        other.meta = dict(self.meta)
        return other


def new_game(
    name: str,
    seed: SupportsIndex | None = None,
    deck: str | None = None,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> Game:
    """Start a game from a seed (random if omitted) or an explicit deck, plus options.

    A seed is a whole number from 0 to 2**63 - 1 (``parlour.rng.LARGEST_SEED``, what
    the game stores and numpy's ``int64`` hold; a numpy integer is taken too); any
    other (negative, larger, a bool, a float, a string) is an ``InvalidSeedError``
    quoting it. The same seed deals the same game on every machine. A seed left out is
    53 random bits, a deal number the web app and ``parlour play --seed`` take too
    (they take 0 to 2**53 - 1, the largest a browser holds exactly).

    Options may be given as a mapping or as keyword arguments
    (``new_game("gate", seed=7, bars=3)``). A deck given without a seed takes the
    deal's own ``seed=`` field, or 0: an explicit deal never depends on a fresh
    random seed, so it plays the same game on every run.
    """
    if seed is None:
        return _dealt(
            name, random_seed() if deck is None else deal_seed(deck), deck, options, kwargs
        )
    return _dealt(name, check_seed(seed), deck, options, kwargs)


def _dealt(
    name: str,
    seed: int,
    deck: str | None,
    options: Mapping[str, Any] | None,
    kwargs: Mapping[str, Any],
) -> Game:
    """:func:`new_game` once its seed is settled: the options resolved, the cards dealt.
    ``load_game`` comes here too with a seed from before the range was checked."""
    cls = game_class(name)
    given = given_options(options, cls.name)
    for key, value in kwargs.items():
        if key in given and given[key] != value:
            # both ways at once: neither silently wins (the keyword did)
            raise InvalidOptionError(
                f"option {key!r} of {cls.name} is given twice, {key}={quoted(value)} and "
                f"options={{{key!r}: {quoted(given[key])}}}: give it once"
            )
        given[key] = value
    resolved = resolve_options(cls.option_specs, given, cls.name)
    state = cls.new(seed, deck, resolved)
    return Game(state, seed, deck, resolved)


def _is_legacy_seed(seed: object) -> TypeGuard[int]:
    """A seed above 2**63 - 1 (``LARGEST_SEED``), which ``new_game`` took, folding it into
    64 bits, before it checked the range: a save that holds one is still a real game."""
    return isinstance(seed, int) and not isinstance(seed, bool) and seed > LARGEST_SEED


def _is_engine_move(value: object, state: GameState) -> bool:
    """Whether ``value`` is one of the engine's legal move objects now (a tuple or
    number from ``state.legal_moves()``), handed to ``Game.play`` by mistake."""
    try:
        return value is not None and value in state.legal_moves()
    except TypeError:  # not comparable with the engine's moves
        return False


def _looks_like_a_file_name(text: str | bytes | bytearray) -> bool:
    """A path handed to ``load_game`` instead of the text of the file: one short line
    ending in a file extension, not JSON (a save always starts with ``{``)."""
    if isinstance(text, bytes | bytearray):
        return False
    name = text.strip()
    return (
        0 < len(name) <= 4096
        and "\n" not in name
        and not name.startswith(("{", "["))
        and re.search(r"\.[A-Za-z0-9]{1,8}$", name) is not None
    )


def load_game(text: str | bytes | Mapping[str, Any]) -> Game:
    """Rebuild a game from a save by replaying its moves; raise ``InvalidSaveError``
    if the save is corrupt, of another version, or contains an impossible move.

    What can be loaded is loaded: a save whose seed is 2**63 or more (``new_game`` took
    one, folding it into 64 bits, before it checked the range) is dealt as it was then
    and keeps its seed, so the same cards come and the save writes back unchanged. A
    negative seed, or one that is no whole number, was never a game's and is refused."""
    if isinstance(text, Mapping):
        data: Any = dict(text)
    elif isinstance(text, os.PathLike) or hasattr(text, "read"):
        what = "a file name" if isinstance(text, os.PathLike) else "an open file"
        read = "Path(name).read_text()" if isinstance(text, os.PathLike) else "file.read()"
        raise InvalidSaveError(
            f"not a parlour save: got {what} ({type(text).__name__}); load_game takes the "
            f"save's text: parlour.load_game({read})"
        )
    elif not isinstance(text, str | bytes | bytearray):
        raise InvalidSaveError(
            "not a parlour save: a save is the text game.to_json() writes (str or bytes) "
            f"or the dict game.to_dict() gives, got {type(text).__name__}"
        )
    else:
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError, ValueError) as exc:
            if _looks_like_a_file_name(text):
                raise InvalidSaveError(
                    f"not a parlour save: {quoted(str(text).strip(), 100)} looks like a file "
                    "name; load_game takes the save's text: "
                    "parlour.load_game(Path(name).read_text())"
                ) from None
            raise InvalidSaveError(
                f"not a parlour save: the file is not valid JSON ({exc})"
            ) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise InvalidSaveError(
            f"not a parlour save: expected a JSON object with format {SAVE_FORMAT!r}"
        )
    if "sealed" in data:
        raise InvalidSaveError(
            "this save seals the deal of a game still in play: load it with "
            "'parlour load' on the machine that saved it"
        )
    if data.get("version") != SAVE_VERSION:
        raise InvalidSaveError(
            f"save version {data.get('version')!r} is not supported; "
            f"this parlour reads version {SAVE_VERSION}"
        )
    expected = {
        "format",
        "version",
        "game",
        "options",
        "seed",
        "deck",
        "moves",
        "resigned_by",
        "meta",
    }
    unknown = set(data) - expected
    if unknown:
        raise InvalidSaveError(f"save has unknown fields: {', '.join(sorted(unknown))}")
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InvalidSaveError("save field 'moves' must be a list of move strings")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InvalidSaveError("save field 'options' must be an object")
    seed = data.get("seed")
    deck = data.get("deck")
    if deck is not None and not isinstance(deck, str):
        raise InvalidSaveError("save field 'deck' must be a string of cards or null")
    if not isinstance(data.get("game"), str):
        raise InvalidSaveError("save field 'game' must name a game")
    try:
        if _is_legacy_seed(seed):  # dealt as it was then (Rng folds it), and kept, so
            game = _dealt(data["game"], seed, deck, options, {})  # the save round-trips
        else:
            game = new_game(data["game"], seed=seed, deck=deck, options=options)
    except ParlourError as exc:
        raise InvalidSaveError(f"save describes an impossible game: {exc}") from None
    for number, move in enumerate(moves, start=1):
        try:
            game.play(move)
        except ParlourError as exc:
            raise InvalidSaveError(
                f"save move {number} {quoted(move)} cannot be played: {exc}"
            ) from None
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise InvalidSaveError("save field 'meta' must be an object")
    game.meta = dict(meta)
    resigned_by = data.get("resigned_by")
    if resigned_by is not None:
        if isinstance(resigned_by, bool) or not isinstance(resigned_by, int):
            raise InvalidSaveError("save field 'resigned_by' must be a player number or null")
        try:
            game.resign(resigned_by)
        except ParlourError as exc:
            raise InvalidSaveError(f"save's resignation is impossible: {exc}") from None
    return game
