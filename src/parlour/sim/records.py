"""One finished game of a simulation, as a small, JSON-ready record.

Records are what workers send back and what ``--out`` writes, one JSON object
per line, so they hold plain values only. Game ``index`` was dealt from seed
``seed`` (always the run's first seed plus the index), which is all it takes to
replay it: ``parlour.new_game(game, seed=record.seed)`` with the same players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias, cast, get_args

__all__ = ["GameRecord", "CAPPED", "RecordResult", "RecordRow"]

#: How a simulated game ended (``GameRecord.result``): an engine's
#: :data:`parlour.OutcomeResult` (a simulation never resigns), ``"lost"`` also for a
#: patience player that found no move leading anywhere, ``"blocked"`` for an UNO
#: hand whose piles both ran out, ``"capped"`` (:data:`CAPPED`) for a game stopped at
#: the run's move limit and ``"stuck"`` for one with no move and no outcome (no
#: engine ends so).
RecordResult: TypeAlias = Literal["won", "lost", "draw", "resigned", "blocked", "capped", "stuck"]
_RESULTS: frozenset[str] = frozenset(get_args(RecordResult))

#: The result of a game stopped at the run's move limit (see ``SimSpec.max_moves``).
CAPPED: Final = "capped"


#: A record as a plain tuple of its fields, in order: what workers send back
#: (``GameRecord(*row)`` makes the record again). A tuple of ints and a few shared
#: strings pickles and unpickles about twenty times faster than the dataclass.
RecordRow: TypeAlias = tuple[
    int, int, RecordResult, str, int | None, tuple[int, ...] | None, int, int | None
]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one simulated game (or UNO hand) ended.

    ``result`` is how it ended (a :data:`RecordResult`: the engine's outcome result,
    ``blocked`` for an UNO hand, or ``capped``); ``winner`` the winning seat in a two-player
    game (0 in a won patience, ``None`` otherwise); ``scores`` the points each
    seat made (a patience without a score has ``None``); ``moves`` every move
    played by anyone; ``hands`` the UNO hands dealt (``None`` for other games).
    Seats are the engine's numbers, from 0, and ``reason`` writes them the engine's
    way (``seat_name``: "player 1 went out" when ``winner`` is 1), as
    ``parlour simulate``'s table and ``SimResults``' repr name the seats.
    """

    index: int
    seed: int
    result: RecordResult
    reason: str
    winner: int | None
    scores: tuple[int, ...] | None
    moves: int
    hands: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict: one line of ``--out``."""
        return {
            "index": self.index,
            "seed": self.seed,
            "result": self.result,
            "reason": self.reason,
            "winner": self.winner,
            "scores": None if self.scores is None else list(self.scores),
            "moves": self.moves,
            "hands": self.hands,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        """The record ``to_dict`` wrote (``read_records`` reads a file of them)."""
        scores = data.get("scores")
        return cls(
            index=int(data["index"]),
            seed=int(data["seed"]),
            result=_result(data["result"]),
            reason=str(data["reason"]),
            winner=None if data.get("winner") is None else int(data["winner"]),
            scores=None if scores is None else tuple(int(s) for s in scores),
            moves=int(data["moves"]),
            hands=None if data.get("hands") is None else int(data["hands"]),
        )


def _result(value: object) -> RecordResult:
    """A record's result read from a file: one of the words a run writes."""
    if value not in _RESULTS:
        raise ValueError(
            f"result {value!r} is none of a run's ({', '.join(get_args(RecordResult))})"
        )
    return cast(RecordResult, value)
