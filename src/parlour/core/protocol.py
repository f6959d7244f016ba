"""The game protocol shared by all five games.

A :class:`GameState` is one mutable position, kept compact (small ints, tuples
and lists) so that simulations and searches can copy and apply millions of
them. Moves are game-specific hashable values (usually tuples); every legal
move has exactly one canonical string, and parsing accepts that string plus the
aliases each rules page allows. The public, friendlier wrapper with undo/redo
and saves is :class:`parlour.core.session.Game`.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Literal, NotRequired, SupportsIndex, TypeAlias, TypedDict

from ..errors import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidSeedError,
    quoted,
)
from ..rng import Rng, check_seed
from .events import Event
from .options import OptionSpec

__all__ = [
    "BaseView",
    "check_player",
    "GameState",
    "home_run",
    "Move",
    "MoveKey",
    "MoveParts",
    "Outcome",
    "OutcomeResult",
    "SolveStatus",
    "normalize_move_text",
    "seat_name",
]

#: A move as the engine holds it: a game-specific hashable value (usually a small
#: tuple) that ``GameState.move_str`` writes and ``GameState.parse_move`` reads.
Move: TypeAlias = Hashable

#: How a finished game ended, as :attr:`Outcome.result` says it: a patience is ``"won"``
#: or ``"lost"``; a two-player game is ``"won"`` (with a winner) or a ``"draw"``; a game
#: resigned is ``"resigned"`` (``Game.outcome``: the engine itself never resigns).
OutcomeResult: TypeAlias = Literal["won", "lost", "draw", "resigned"]

#: A solver's answer (``parlour.ai.solver.SolveResult.status``): ``"solved"`` (a winning
#: line), ``"unwinnable"`` (proved: no line wins) or ``"unknown"`` (the budget ran out
#: first). These are values kept in saved games' verdicts and in JSON: people read
#: ``"unknown"`` as *undecided* (``parlour.ai.solver.STATUS_WORDS``, the one place
#: the words are).
SolveStatus: TypeAlias = Literal["solved", "unwinnable", "unknown"]

_SPACES = re.compile(r"\s+")


def seat_name(seat: int) -> str:
    """A seat in the library's words: ``"player 0"``, ``"player 1"``.

    The number is the seat's index, the one every view, move, outcome and simulation
    record holds (``to_move``, ``Outcome.winner``, ``state.view(seat)``,
    ``GameRecord.winner``) and the rules pages use ("player 0 first"), so a sentence
    and the data beside it never disagree: the one way the engine, ``parlour.sim``
    and ``parlour.envs`` write a seat, as OpenSpiel and PettingZoo number theirs from
    0. The front ends name seats to the people playing in the service's words
    ("you", "the computer", a friend's name, ``ONE_TABLE_NAMES``' "Player 1" at one
    shared screen), never by the index."""
    return f"player {seat}"


#: Where a normalised move's text is cut into the words and parts a refusal may quote
#: ("W4:Q" into "W4" and "Q").
_PIECES = re.compile(r"[ :]")
#: Where a refusal's notation help begins ("; moves are ...", ": play a card ...").
_NOTATION = re.compile(r"[;:] (?:(?:accepted )?moves are|legal moves|play a card)\b")


def _split(message: str, found: re.Match[str]) -> tuple[str, str]:
    return message[: found.start()], message[found.start() :]


def normalize_move_text(text: str) -> str:
    """Upper case, single spaces, no padding: the form canonical strings use."""
    return _SPACES.sub(" ", text.strip()).upper()


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``result`` is ``"won"``, ``"lost"``, ``"draw"`` or ``"resigned"`` (an
    :data:`OutcomeResult`). In a one-player game it is the player's result; in a
    two-player game ``"won"`` comes with ``winner`` (the player index) and
    ``"resigned"`` with ``loser`` (who resigned). A blocked game of Chinese
    Patience is ``"won"`` or a ``"draw"``, its ``reason`` saying it was blocked.
    ``reason`` is a short phrase for people ("all cards on the foundations", "no
    legal move left").
    ``score`` is the winner's score where the game has one.
    """

    result: OutcomeResult
    reason: str
    score: int | None = None
    winner: int | None = None
    loser: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The five fields as a JSON-ready dict (what a view's ``outcome`` holds)."""
        return asdict(self)

    def __str__(self) -> str:
        if self.result == "resigned":
            who = "the player" if self.loser is None else seat_name(self.loser)
            return f"{who} resigned"
        text = f"{self.result}: {self.reason}"
        if self.winner is not None:
            text = f"{seat_name(self.winner)} {text}"
        if self.score is not None:
            text += f" (score {self.score})"
        return text


class MoveParts(TypedDict):
    """A legal move split into what a front end needs to offer it as a gesture.

    ``source`` and ``target`` are pile names as the view gives them (``None`` for a
    move that is one button, like ``deal`` or ``twist``); ``count`` is how many cards
    move (0 for a move that moves none, like ``end``); ``card`` the card picked up (a
    run's deepest card), when it is face up. A front end matches a person's click or
    drag against these and sends ``move``: it never parses move strings. UNO adds the
    colour a Wild names and whether the move calls UNO (``uno`` only when it does).
    """

    move: str
    source: str | None
    target: str | None
    count: int
    card: str | None
    colour: NotRequired[str]
    uno: NotRequired[bool]
    #: The one-word move (a :class:`MoveKey`'s ``move``) this move is a form of, where
    #: its string says more than the word: UNO's ``play:R uno`` is a ``play`` of the
    #: card drawn. A front end finds a key's moves by it (else by ``move``).
    word: NotRequired[str]


@dataclass(frozen=True)
class MoveKey:
    """A one-word move (no pile or card to pick: ``deal``, ``draw``, ``twist``) with
    the key a table plays it by and what it does, declared once by the game so that
    every front end offers the same key for it (the terminal table's key, ``parlour
    play``'s move typed as that letter alone).

    The key is no move of the notation: a front end resolves it to ``move`` (the
    canonical string, unchanged). One letter read as a move by the engine would clash
    with the notation's own letters (8 x 8's ``T``/``P`` piles, The Gate's stock
    ``S``, UNO's colour ``G``), and the keys that work depend on the table's options.
    """

    #: The canonical move string the key plays.
    move: str
    #: One lower-case letter (a front end takes either case).
    key: str
    #: What it does, as a button says it: "play the drawn card".
    label: str
    #: The same in fewer words for a key bar ("play drawn"); empty: the label.
    short: str = ""
    #: The option that must be on for the move to exist at all (UNO's ``catch``
    #: needs ``uno_call``); None: always.
    option: str | None = None


class BaseView(TypedDict):
    """What every game's view holds; each game's own view (``CalculationView`` ...)
    extends it. ``legal_moves`` and ``moves`` (their parts) are empty unless it is
    the viewer's turn in a game still in play.

    One idea has one key in every game that has it, so code written for one game reads
    another (the list is here, and only here):

    * ``game``, ``player``, ``legal_moves``, ``moves``, ``options`` (every option of the
      game with its value, as the state keeps them: ``Game.options``, but Chinese
      Patience's ``first`` is the player who did move first where the deal chose them):
      every game;
    * ``to_move``: every game (UNO's is None once the match is over); ``outcome`` is
      added by ``Game.view`` (None while in play, else ``Outcome.to_dict()``);
    * ``foundations``: every patience and Chinese Patience (its shape is the game's);
    * ``stock_count``: the cards left in the pile the game deals or draws from
      (Calculation's and The Gate's stock, 8 x 8's talon, UNO's draw pile). The Gate
      also says ``stock``, 8 x 8 ``talon`` and UNO ``draw_pile``, the rules' own words:
      deprecated aliases of ``stock_count`` that nothing in parlour reads any more,
      kept (always equal to it) for code written against 0.1 and for a web page loaded
      before an upgrade, which reads them until it is reloaded. A view is a plain dict
      (JSON as it is), so reading an alias cannot warn; they go in 1.0.

    Other keys are one game's own idea, in its rules' words (8 x 8's ``pass`` and
    ``passes``, its passes through the talon, are not UNO's ``passes``, the passes in a
    row of a blocked hand)."""

    game: str
    player: int
    legal_moves: list[str]
    moves: list[MoveParts]
    options: dict[str, Any]


def check_player(player: object, players: int, game: str) -> None:
    """Refuse what is not a seat of a game of ``players`` players (named ``game``),
    saying which seats there are: the one check for a player number, from the
    session's views and resignations to a state's samples."""
    if isinstance(player, bool) or not isinstance(player, int):
        raise InvalidPlayerError(
            f"a player is a number (0 or 1 in a two-player game), got {quoted(player)}"
        )
    if not 0 <= player < players:
        seats = f"{seat_name(0)} only" if players == 1 else "players 0 and 1"
        raise InvalidPlayerError(f"there is no {seat_name(player)} in {game}: it has {seats}")


class GameState(ABC):
    """One position of a game, including everything hidden (stock order, hands).

    Subclasses declare ``name`` (the registry key), ``title``, ``summary`` (one
    line), ``players`` and ``option_specs``, and implement the abstract methods.
    ``apply`` trusts its argument to be legal: the session checks legality by
    parsing; simulations pass moves straight from ``legal_moves``.
    """

    name: ClassVar[str]
    #: Other spellings a person may type for the name ("8x8"), lower case.
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str]
    summary: ClassVar[str]
    players: ClassVar[int] = 1
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    #: File name of the rules page shipped in ``parlour/rules`` (``parlour rules GAME``).
    rules_file: ClassVar[str]
    #: Help for players: move syntax, controls, and every "Decision" the rules page makes.
    help_text: ClassVar[str] = ""
    #: Played game after game with running totals, the first player alternating
    #: (Chinese Patience): tables offer "next game of the series".
    series: ClassVar[bool] = False
    #: One game is a match of hands played to a points target (UNO).
    match: ClassVar[bool] = False
    #: Where each move object stands for one move string whatever the position:
    #: every move string -> its move (lets an environment number the legal moves
    #: without writing them). None: strings come from :meth:`move_str`.
    fixed_moves: ClassVar[Mapping[str, Move] | None] = None
    #: The option that says who moves first, where there is one.
    first_option: ClassVar[str | None] = None
    #: The game's piles in words where its notation is a letter ("L": "the left
    #: post"), for the sentences people read; other names are shown as they are.
    pile_names: ClassVar[Mapping[str, str]] = {}
    #: Piles that belong to a seat and are numbered from the side of the seat an
    #: event is told to (Chinese Patience: "0" that seat's own discard pile, "9" the
    #: other's): name -> (0 that seat, 1 the other; what the pile is). Sentences then say
    #: whose it is from the reader's side: "your discard pile", "Ann's discard pile".
    seat_piles: ClassVar[Mapping[str, tuple[int, str]]] = {}
    #: Every pile name of the move notation, under any option, with what it is for a
    #: newcomer ("T1": "row 1 of the tableau"): the table's notation names are short
    #: for typing, so front ends show these as each pile's long name (its tooltip and
    #: accessible name) and the rules page's "In brief" lists them. Seat piles are
    #: worded from the reader's side by the service (see :attr:`seat_piles`).
    pile_legend: ClassVar[Mapping[str, str]] = {}
    #: The game's one-word moves with their keys and labels (see :class:`MoveKey`), in
    #: the order a table offers them: the terminal table's key legend and ``parlour
    #: play``'s help list them, and a key typed or pressed plays its move in both.
    move_keys: ClassVar[tuple[MoveKey, ...]] = ()
    #: What :meth:`progress` counts and out of how many (one-player games).
    progress_label: ClassVar[str | None] = None
    progress_total: ClassVar[int | None] = None

    #: The complete, validated options this game was created with.
    options: dict[str, Any]

    # --- creation ---------------------------------------------------------

    @classmethod
    @abstractmethod
    def new(cls, seed: int, deck: str | None, options: dict[str, Any]) -> GameState:
        """Deal a game from ``seed`` or, when ``deck`` is given, from that explicit deck.

        ``options`` is complete and validated. Raise ``InvalidDeckError`` with
        a precise message for a bad deck.
        """

    @classmethod
    def every_move(cls) -> tuple[str, ...]:
        """Every move string the game can ever produce, whatever its options, in a
        fixed order: an agent's action ``i`` is ``every_move()[i]`` (``parlour.envs``).
        Made from the rules page's move grammar; empty where a game declares none."""
        return ()

    @abstractmethod
    def deal_str(self) -> str:
        """The initial deal as an explicit deck that deals this same game."""

    # --- playing ----------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int:
        """The index of the player to move (0 in a one-player game)."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move, in a deterministic order; empty when the game is over."""

    @abstractmethod
    def move_str(self, move: Move) -> str:
        """The canonical string of a legal move."""

    @abstractmethod
    def apply(self, move: Move) -> None:
        """Play a legal move, including whatever the rules make automatic."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game is in play."""

    def last_events(self, viewer: int) -> list[Event]:
        """Everything the last move applied did, the move itself included, as data
        and as ``viewer`` may know it (see :mod:`parlour.core.events`). Before the
        first move: how a two-player game begins (who starts), nothing for others.
        Never a card ``viewer`` may not see."""
        return []

    def prompt(self, player: int) -> Event | None:
        """What ``player`` is expected to do now, as a ``prompt`` event (see
        :mod:`parlour.core.events`), or None: not their turn, the game is over, or
        the game has nothing particular to ask (any legal move will do)."""
        return None

    def move_parts(self, move: Move) -> MoveParts:
        """A legal move's source, target, count and card, for front ends (see
        :class:`MoveParts`). The default knows no piles: one button per move."""
        return {
            "move": self.move_str(move),
            "source": None,
            "target": None,
            "count": 1,
            "card": None,
        }

    def move_warning(self, move: Move) -> Event | None:
        """What a legal move would cost its mover by a rule its string does not show,
        as the event that would follow (UNO: a wrong Wild Draw Four's ``penalty``), or
        None. Judged on what the mover sees, so that a table may warn a newcomer before
        the move without telling them anything hidden. The default: no move warns."""
        return None

    def resign_score(self, loser: int) -> int | None:
        """What the other player scores when ``loser`` resigns (None: no score). A game
        whose score runs on over a series says, so that resigning a game about to be
        lost costs what losing it would."""
        return None

    def progress(self) -> int | None:
        """How far the game has got, in :attr:`progress_label` (cards on the
        foundations), for statistics; None for games that have a score instead."""
        return None

    @classmethod
    def progress_in(cls, view: Mapping[str, Any]) -> int | None:
        """:meth:`progress` read off one of the game's views (a step of a replayed
        line has its view, not its position), so that the service can say the count
        of any table it shows in one wording; None for games without a progress."""
        return None

    def all_seen(self) -> bool:
        """Whether every card of the game has been seen, so that none is left to find
        out: what a patience's :meth:`finishing_line` waits for, and when
        :meth:`resample` has nothing to deal again. Each game says it once, for both.
        The default: something is hidden (UNO's hands always are)."""
        return False

    def finishing_line(self) -> list[Move]:
        """The moves that win the game from here when nothing is left to choose or to
        find out: no card is hidden (:meth:`all_seen`) and every card left goes home in turn (see
        :func:`home_run`). A table then sends a patience's last cards home by
        themselves, as Microsoft Solitaire's auto-complete does, where a person had to
        move each one (forty of 8 x 8's). Empty otherwise, and by default: a game
        without foundations has no such end."""
        return []

    def canonicalize(self, text: str) -> str:
        """Turn a normalised move text into its canonical form, or raise
        ``InvalidMoveError`` if it cannot be a move of this game at all.

        The default accepts only canonical strings; games override it for the
        aliases their rules page allows (``10`` for ``T``, ``F1`` for ``F`` ...).
        """
        return text

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names.

        Raises ``InvalidMoveError`` for text that is no move of this game and
        ``IllegalMoveError`` for a move the rules forbid now; both messages
        quote the input and list what is legal.
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is a string of the game's notation, got {quoted(text)}")
        legal = self.legal_moves()
        by_str = {self.move_str(m): m for m in legal}
        norm = normalize_move_text(text)
        move = by_str.get(norm)
        if move is not None:
            return move
        try:
            canonical = self.canonicalize(norm)
        except InvalidMoveError as exc:
            # the games read the normalised text; the message quotes what was given,
            # spaces and case as they were (python-chess's "invalid uci: ' e2e4'"): the
            # blank '   ' was quoted as '', as if nothing had been passed
            if text == norm:
                raise
            message = str(exc).replace(quoted(norm), quoted(text), 1)
            # the reason quotes a word, or a part of one after a colon, as typed ('t9'
            # is no source pile, 'w4:q': 'q' is not a colour); the notation after it
            # stays the game's own ("'F' alone means ...", not "'f' alone")
            notation = _NOTATION.search(message)
            reason, rest = (message, "") if notation is None else _split(message, notation)
            given = _SPACES.sub(" ", text.strip())
            pieces = zip(_PIECES.split(norm), _PIECES.split(given), strict=True)
            for upper, typed in pieces:
                if upper != typed:
                    reason = reason.replace(quoted(upper), quoted(typed))
            raise type(exc)(reason + rest) from None
        move = by_str.get(canonical)
        if move is not None:
            return move
        raise IllegalMoveError(
            f"{quoted(text)} is not legal now{self.why_illegal(canonical)}; "
            + describe_legal(list(by_str))
        )

    def why_illegal(self, canonical: str) -> str:
        """Optional explanation (starting with ': ') of why a well-formed move is illegal."""
        return ""

    # --- showing ----------------------------------------------------------

    @abstractmethod
    def render(self, colour: bool = False) -> str:
        """The position as text for a terminal (ANSI colours when ``colour``)."""

    def render_for(
        self,
        player: int,
        colour: bool = False,
        *,
        other: str = "the opponent",
        resigned_by: int | None = None,
        end: bool = True,
        scores: bool = True,
        you: str = "you",
    ) -> str:
        """The position as ``player`` may see it. One-player games hide nothing that
        ``render`` shows (it prints no face-down card); two-player games override.
        ``other`` is how a two-player board names the other player ("the computer",
        a friend's name), as the table's sentences do; ``resigned_by`` is who gave the
        game up (the session knows it, the engine does not), so that a board shows
        nobody to move once the game is over. ``end=False`` leaves out the board's
        line saying the game is over ("game over: you resigned"), for a front end
        that tells the end in its own words; ``scores=False`` likewise leaves out a
        match's running scores ("scores: you 0, the opponent 0"), which such a front
        end tells with its own names for the seats. ``you`` is how the board names
        ``player`` ("you", "Your hand") where nobody at the screen is that player (a
        demo, where the computer plays both seats: "Player 1", "Player 1's hand"). A
        game whose board writes such lines overrides this to honour them."""
        return self.render(colour)

    @abstractmethod
    def view(self, player: int) -> Mapping[str, Any]:
        """What ``player`` may see, as JSON-ready data; never hidden cards. Each game
        returns its own TypedDict (a :class:`BaseView`)."""

    def view_moves(self, player: int) -> tuple[list[str], list[MoveParts]]:
        """The legal moves' strings and parts for ``player``'s view: both empty
        unless ``player`` is to move in a game still in play."""
        if player != self.to_move or self.outcome is not None:
            return [], []
        legal = self.legal_moves()
        return [self.move_str(m) for m in legal], [self.move_parts(m) for m in legal]

    # --- hidden cards -----------------------------------------------------

    def resample(self, player: int, rng: Rng | SupportsIndex) -> GameState:
        """A new state that ``player`` cannot tell from this one: every card they cannot
        see is dealt again at random among the places it could be, and everything they
        have seen is kept (OpenSpiel's ``resample_from_infostate``). For determinisation,
        information-set search and perfect-information Monte Carlo: search the sample, as
        if its hidden cards were known, many times over.

        ``rng`` is a :class:`parlour.rng.Rng` (drawn from, so successive calls give fresh
        samples) or a seed: a seed gives the same sample on every machine. The sample
        gives ``player`` the very view this state gives, the same legal moves when it is
        their turn, and every card of the game, and it plays on like any position. Kept
        is what the player has seen, not only what their view shows now: the talon of
        8 x 8 once turned over, an UNO draw pile made of the discards they saw. A
        game's future chance (UNO's later shuffles) is drawn afresh from ``rng`` too,
        so the sample holds nothing ``player`` could not know; a patience with no
        hidden card left samples to itself. What each game deals again:
        ``docs/hidden-cards.md``."""
        check_player(player, self.players, self.name)
        if not isinstance(rng, Rng):
            try:  # a seed as new_game takes it (a numpy integer too)
                rng = Rng(check_seed(rng))
            except InvalidSeedError as exc:
                raise InvalidSeedError(
                    f"resample draws from a parlour.rng.Rng or a seed: {exc}"
                ) from None
        return self._resample(player, rng)

    def _resample(self, player: int, rng: Rng) -> GameState:
        """:meth:`resample` once its arguments are checked: each game deals its own hidden
        cards, since only the game knows where they lie and who has seen what."""
        raise NotImplementedError(f"{self.name} does not resample its hidden cards")

    # --- bookkeeping ------------------------------------------------------

    @abstractmethod
    def copy(self) -> GameState:
        """An independent deep copy (cheap: states are small)."""

    @abstractmethod
    def all_cards(self) -> list[int]:
        """Every card in the game wherever it lies (for conservation checks)."""

    @abstractmethod
    def key(self) -> Hashable:
        """The exact position, hidden parts included: equal keys, equal games."""

    def __eq__(self, other: object) -> bool:
        """The same game (class and options) in the same position, hidden cards included
        (equal :meth:`key`), as python-chess compares boards: a copy equals its original
        until one of them moves, and two routes to one position are equal."""
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            type(self) is type(other)
            and self.options == other.options
            and self.key() == other.key()
        )

    #: A state changes as moves are applied, so it is not hashable: in a set or as a
    #: dict key it would be lost once it moved (``hash(state)`` raises ``TypeError:
    #: unhashable type``, as for a list or a python-chess board). ``state.key()`` is the
    #: position as a hashable value, for transposition tables and sets of positions.
    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        """The game, its options and whose move it is (or how it ended): no card, so
        a repr in a log or a notebook gives nothing hidden away."""
        options = "".join(f" {key}={value!r}" for key, value in self.options.items())
        outcome = self.outcome
        status = f"{seat_name(self.to_move)} to move" if outcome is None else str(outcome)
        return f"<{type(self).__name__} {self.name}{options}: {status}>"


def describe_legal(moves: list[str], limit: int = 40) -> str:
    """'legal moves: a, b, c' (shortened when long) or 'no move is legal'."""
    if not moves:
        return "no move is legal"
    shown = ", ".join(moves[:limit])
    if len(moves) > limit:
        shown += f", ... ({len(moves)} in all)"
    return f"legal moves: {shown}"


#: How many positions :func:`home_run` may look at before it gives up and offers no
#: line: it runs after every move once nothing is hidden, so it must stay cheap where
#: no line exists. Along the solver's winning lines of 30 deals (``benchmarks/
#: bench_finish.py --deals 30``) a search looked at 56 positions at most in Calculation
#: and 124 in 8 x 8; in games of the fair player and in ends with a deadlock built in,
#: 180. A line that exists is found in about as many positions as it has moves.
HOME_RUN_NODES = 2_000


def home_run(
    state: GameState,
    home: Callable[[Move], bool],
    safe: Callable[[GameState, Move], bool] | None = None,
) -> list[Move]:
    """Moves to the foundations alone (those ``home`` says go there) that win
    ``state``'s game, or empty when none do (a card left needs another move first):
    the person then plays on, as before. A game calls this only when no card is
    hidden: else the line, which turns up the hidden cards it uncovers, would tell a
    person how they lie before they are seen.

    Where two cards could go up, the order can matter: Calculation's foundations take
    any card of a rank, 8 x 8 has two of each card, and the first card up may be the
    one another foundation waited for. So this is a depth-first search over the
    orders, in the legal moves' order, positions already found dead not searched
    again, at most :data:`HOME_RUN_NODES` positions (past that: no line, as if none
    existed). A move ``safe`` says loses nothing (every winning line can begin with
    it) is taken alone, the others not tried: with every move safe (The Gate, where
    each card has one place and no move takes another's) the search is the first
    legal move each time, and with 8 x 8's a deadlock among a few cards is found at
    once, where the other cards' orders would be tried one by one.

    The search depends on the position alone, so the line from the position after
    its first move is the rest of the line (a table may keep it, not search again)."""
    dead: set[Hashable] = set()
    budget = [HOME_RUN_NODES]

    def line_from(position: GameState) -> list[Move] | None:
        outcome = position.outcome
        if outcome is not None:
            return [] if outcome.result == "won" else None
        key = position.key()
        if key in dead or budget[0] <= 0:
            return None
        budget[0] -= 1
        moves = [move for move in position.legal_moves() if home(move)]
        if safe is not None:
            sure = next((move for move in moves if safe(position, move)), None)
            moves = moves if sure is None else [sure]
        for move in moves:
            trial = position.copy()
            trial.apply(move)
            rest = line_from(trial)
            if rest is not None:
                return [move, *rest]
        if budget[0] > 0:  # searched to the end: no line from here, whatever comes before
            dead.add(key)
        return None

    return line_from(state) or []
