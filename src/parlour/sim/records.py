"""One finished game of a simulation, as a small, JSON-ready record.

Records are what workers send back and what ``--out`` writes, one JSON object
per line, so they hold plain values only. Game ``index`` was dealt from seed
``seed`` (always the run's first seed plus the index), which is all it takes to
replay it: ``parlour.new_game(game, seed=record.seed)`` with the same players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

__all__ = ["GameRecord", "CAPPED", "RecordRow"]

#: The result of a game stopped at the run's move limit (see ``SimSpec.max_moves``).
CAPPED = "capped"


#: A record as a plain tuple of its fields, in order: what workers send back
#: (``GameRecord(*row)`` makes the record again). A tuple of ints and a few shared
#: strings pickles and unpickles about twenty times faster than the dataclass.
RecordRow: TypeAlias = tuple[
    int, int, str, str, int | None, tuple[int, ...] | None, int, int | None
]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """How one simulated game (or UNO hand) ended.

    ``result`` is the engine's outcome result (``won``, ``lost``, ``draw``,
    ``blocked``, ...) or ``capped``; ``winner`` the winning seat in a two-player
    game (0 in a won patience, ``None`` otherwise); ``scores`` the points each
    seat made (a patience without a score has ``None``); ``moves`` every move
    played by anyone; ``hands`` the UNO hands dealt (``None`` for other games).
    """

    index: int
    seed: int
    result: str
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
            result=str(data["result"]),
            reason=str(data["reason"]),
            winner=None if data.get("winner") is None else int(data["winner"]),
            scores=None if scores is None else tuple(int(s) for s in scores),
            moves=int(data["moves"]),
            hands=None if data.get("hands") is None else int(data["hands"]),
        )
