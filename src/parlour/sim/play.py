"""Playing simulated games: the run's specification and the per-game loop.

Game ``i`` of a run is dealt from seed ``spec.seed + i`` and its computer
players get their own streams from that same seed and their seats, so each
game's result depends on nothing but its index: not on how the run is split
into chunks, how many processes play it, or which backend runs them.

The loop runs at the engine level for speed (moves are the engine's tuples and
no ``Game`` session keeps undo history), but players still see only what a
person in their seat sees: ``state.view(seat)`` and the legal move strings.
The one shortcut is for the ``random`` player, which ignores the view: its
choice is made with the same draw from its own stream that
``RandomPlayer.choose`` makes, so the game is move for move the same.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, SupportsIndex, cast

from .. import games as _games  # noqa: F401  (registers the games in worker processes)
from ..ai.base import Player, RandomPlayer, make_player, player_levels
from ..ai.hints import NO_WAY
from ..core.options import given_options, resolve_options
from ..core.protocol import GameState, seat_name
from ..core.registry import game_class, match_games
from ..core.session import new_game
from ..errors import ParlourError, cut
from ..rng import check_seed
from .records import CAPPED, GameRecord, RecordResult, RecordRow
from .stats import Tally

__all__ = [
    "DUEL_MAX_MOVES",
    "PATIENCE_MAX_MOVES",
    "default_max_moves",
    "SimSpec",
    "make_spec",
    "parse_players",
    "play_game",
    "play_chunk",
    "Batch",
    "play_batch",
]

#: Moves after which a patience is stopped and recorded as ``capped``. The Gate and
#: 8 x 8 let a player shift cards back and forth for ever, and a random player does
#: just that; a real game of either takes well under a thousand moves.
PATIENCE_MAX_MOVES = 5_000
#: The same for two-player games, which always end (Chinese Patience's blocked-game
#: counter, UNO's scores) but can be long: random UNO players hoard cards, and a
#: random match to 500 averages a few thousand moves.
DUEL_MAX_MOVES = 200_000


def default_max_moves(game: str) -> int:
    """The move limit of a game unless a run sets its own."""
    return PATIENCE_MAX_MOVES if game_class(game).players == 1 else DUEL_MAX_MOVES


class SimulationError(ParlourError):
    """A simulation asked for something that cannot be run, or a records file
    (``read_records``) with a line that is not a record."""


@dataclass(frozen=True)
class SimSpec:
    """What to play: picklable, so that it can be sent to worker processes."""

    game: str
    players: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    matches: bool = False
    max_moves: int = PATIENCE_MAX_MOVES

    @property
    def unit(self) -> str:
        """What one record is: a ``game``, or for a game of matches (UNO) a ``hand``
        or a ``match``."""
        if game_class(self.game).match:
            return "match" if self.matches else "hand"
        return "game"

    def to_dict(self) -> dict[str, Any]:
        """The spec as a JSON-ready dict (the ``spec`` of ``SimResults.to_dict``)."""
        return {
            "game": self.game,
            "players": list(self.players),
            "games": self.games,
            "seed": self.seed,
            "options": dict(self.options),
            "matches": self.matches,
            "max_moves": self.max_moves,
            "unit": self.unit,
        }


def parse_players(text: str | Sequence[str] | None, game: str) -> tuple[str, ...]:
    """``"strong,random"`` or ``["strong", "random"]`` -> one level per seat, checked.

    ``None`` means ``random`` in every seat.
    """
    cls = game_class(game)
    seats = cls.players
    if text is None:
        return ("random",) * seats
    levels = player_levels(cls.name)
    if not isinstance(text, str | Sequence):
        raise SimulationError(
            f"players are level names separated by commas, or a list of them (the levels "
            f"of {cls.name}: {', '.join(levels)}), got {cut(repr(text))}"
        )
    names = text.split(",") if isinstance(text, str) else list(text)
    for name in names:
        if not isinstance(name, str):
            # a Player object or a function: each game makes its players afresh from
            # their levels (in worker processes too), so a level's name is what is given
            raise SimulationError(
                f"players are named by their levels ({', '.join(levels)}), got "
                f"{type(name).__name__} {cut(repr(name))}: to simulate a player of your own, "
                f"register it as a level (@parlour.ai.register_player({cls.name!r}, 'mine') "
                "on its class) and name that level"
            )
    names = [name.strip().lower() for name in names]
    if len(names) != seats or not all(names):
        shown = text if isinstance(text, str) else ",".join(text)
        need = "one player" if seats == 1 else f"{seats} players separated by commas"
        example = ",".join([levels[-1]] + ["random"] * (seats - 1))
        raise SimulationError(
            f"{cls.name} needs {need} (for example {example!r}); got {shown!r}; "
            f"the players are {', '.join(levels)}"
        )
    for name in names:
        if name not in levels:
            raise SimulationError(
                f"unknown player {name!r} for {cls.name}: the players are {', '.join(levels)}"
            )
    return tuple(names)


def make_spec(
    game: str,
    players: str | Sequence[str] | None = None,
    games: int = 1000,
    seed: SupportsIndex = 0,
    options: Mapping[str, Any] | None = None,
    matches: bool = False,
    max_moves: int | None = None,
) -> SimSpec:
    """A checked :class:`SimSpec`; every bad input is a one-line ``ParlourError``."""
    cls = game_class(game)
    name = cls.name
    if isinstance(games, bool) or not isinstance(games, int) or games <= 0:
        raise SimulationError(f"the number of games must be a positive whole number, got {games!r}")
    seed = check_seed(seed, games)  # game i is seed + i: each one new_game takes
    if max_moves is None:
        max_moves = default_max_moves(name)
    if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves <= 0:
        raise SimulationError(f"the move limit must be a positive whole number, got {max_moves!r}")
    if matches and not cls.match:
        raise SimulationError(
            f"matches apply to {' and '.join(match_games())} only (whole matches instead "
            f"of single hands); {name} plays whole games"
        )
    resolved = resolve_options(cls.option_specs, given_options(options, name), name)
    return SimSpec(
        game=name,
        players=parse_players(players, name),
        games=games,
        seed=seed,
        options=resolved,
        matches=matches,
        max_moves=max_moves,
    )


def _choose(state: GameState, seat: int, player: Player, legal: list[Any]) -> Any:
    """The move ``player`` picks, seeing only its view and the legal move strings."""
    if type(player) is RandomPlayer:
        # Same draw as RandomPlayer.choose(view, strings), without building either.
        return legal[player.rng.randbelow(len(legal))]
    view = dict(state.view(seat))
    view["outcome"] = None  # as in Game.view, so players see what they see in play
    strings = [state.move_str(m) for m in legal]
    choice = player.choose(view, strings)
    try:
        return legal[strings.index(choice)]
    except ValueError:
        raise SimulationError(
            f"the {player.level} player chose {choice!r}, which is not a legal move"
        ) from None


def _uno_hand(state: GameState) -> int:
    number: int = getattr(state, "hand_number", 1)
    return number


def play_game(spec: SimSpec, index: int) -> GameRecord:
    """Play game ``index`` of the run (seed ``spec.seed + index``) to its end."""
    seed = spec.seed + index
    state = new_game(spec.game, seed=seed, options=spec.options).state
    seats = len(spec.players)
    players = [
        make_player(spec.game, level, seed=seed, seat=seat)
        for seat, level in enumerate(spec.players)
    ]
    match = game_class(spec.game).match
    one_hand = match and not spec.matches
    limit = spec.max_moves
    moves = 0
    capped = False
    while state.outcome is None:
        if one_hand and _uno_hand(state) != 1:
            break
        if moves >= limit:
            capped = True
            break
        legal = state.legal_moves()
        if not legal:  # pragma: no cover - every engine ends a game with no move left
            break
        seat = state.to_move
        move = _choose(state, seat, players[seat], legal)
        if seats == 1 and players[seat].stuck:
            # the player found that no move leads anywhere: it resigns, a loss
            return GameRecord(index, seed, "lost", NO_WAY, None, None, moves, None)
        state.apply(move)
        moves += 1
    if capped:
        return GameRecord(
            index, seed, CAPPED, f"stopped after {limit} moves", None, None, moves, None
        )
    if one_hand:
        return _hand_record(state, index, seed, moves)
    return _game_record(state, index, seed, moves, seats, match)


def _hand_record(state: GameState, index: int, seed: int, moves: int) -> GameRecord:
    """UNO, one hand: who went out and the points the hand scored."""
    last = state.view(0).get("last_hand")
    if not last:  # pragma: no cover - the loop only stops once a hand has ended
        raise SimulationError(f"UNO hand of seed {seed} ended without a result")
    if last.get("blocked"):
        return GameRecord(index, seed, "blocked", "both piles empty", None, (0, 0), moves, 1)
    winner = int(last["winner"])
    points = int(last["points"])
    scores = (points, 0) if winner == 0 else (0, points)
    return GameRecord(index, seed, "won", f"{seat_name(winner)} went out", winner, scores, moves, 1)


def _game_record(
    state: GameState, index: int, seed: int, moves: int, seats: int, match: bool
) -> GameRecord:
    outcome = state.outcome
    if outcome is None:  # pragma: no cover - stopped with no legal move and no outcome
        return GameRecord(index, seed, "stuck", "no legal move", None, None, moves, None)
    scores: tuple[int, ...] | None
    hands: int | None = None
    if match:  # a match of hands: its scores and how many hands it took
        view = state.view(0)
        scores = tuple(int(s) for s in view["scores"])
        hands = int(view["hand_number"])
    elif seats == 1:
        scores = None if outcome.score is None else (int(outcome.score),)
    else:
        points = [0] * seats
        if outcome.winner is not None and outcome.score is not None:
            points[outcome.winner] = int(outcome.score)
        scores = tuple(points)
    winner = outcome.winner
    if seats == 1:
        winner = 0 if outcome.result == "won" else None
    return GameRecord(index, seed, outcome.result, outcome.reason, winner, scores, moves, hands)


def play_chunk(spec: SimSpec, start: int, stop: int) -> list[GameRecord]:
    """Games ``start`` to ``stop - 1``: the unit of work a backend hands out."""
    return [play_game(spec, index) for index in range(start, stop)]


class Batch(NamedTuple):
    """What a worker sends back for games ``start`` to ``stop - 1``.

    Small on purpose, because the parent process unpacks every batch on the same
    cores the workers play on: the games' tally (counts and sums, merged by the
    parent), the records as plain tuples only when the run keeps or writes them,
    and the CPU seconds the chunk took (the backends size later chunks by it).
    """

    start: int
    stop: int
    seconds: float
    tally: Tally
    rows: list[RecordRow] | None


def play_batch(spec: SimSpec, start: int, stop: int, rows: bool = True) -> Batch:
    """Games ``start`` to ``stop - 1``, tallied here; their records as rows if ``rows``."""
    started = time.process_time()
    tally = Tally(spec.game, spec.players, spec.unit)
    kept: list[RecordRow] | None = [] if rows else None
    intern = sys.intern  # equal strings then pickle once per batch
    for index in range(start, stop):
        record = play_game(spec, index)
        tally.add(record)
        if kept is not None:
            kept.append(
                (
                    record.index,
                    record.seed,
                    cast(RecordResult, intern(record.result)),
                    intern(record.reason),
                    record.winner,
                    record.scores,
                    record.moves,
                    record.hands,
                )
            )
    return Batch(start, stop, time.process_time() - started, tally, kept)
