"""The results of a run: its specification, summary and per-game records.

Records are written one JSON object per line (``--out``, ``write_jsonl``), with
``null`` where a field has no value: the ``winner`` of a lost patience, a draw or a
capped game, the ``scores`` of a patience (none has a score), the ``hands`` of a
game that is not UNO. ``pandas.read_json(path, lines=True)`` reads such a column
as floats with NaN; :func:`records_frame` gives one dtype per column instead, with
nullable integers (``Int64``, ``<NA>`` for no value) and one column per seat's score.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..core.protocol import seat_name
from ..errors import MissingExtraError, StorageError
from .play import SimSpec, SimulationError
from .records import GameRecord
from .stats import Summary

__all__ = ["SimResults", "write_records", "read_records", "records_frame"]


@dataclass
class SimResults:
    """What ``parlour.sim.run`` returns.

    ``records`` are in game order (empty when the run was asked not to keep
    them); ``summary`` holds win rates with Wilson 95% intervals, mean scores
    and lengths. ``interrupted`` is true when Ctrl-C stopped the run: the
    summary and records then cover the games that finished, all of them the
    first games of the run.
    """

    spec: SimSpec
    summary: Summary
    records: list[GameRecord] = field(default_factory=list)
    interrupted: bool = False

    def __repr__(self) -> str:
        """The run in one line: what was played and how each seat did. The dataclass's
        own repr wrote out every record, so ``results`` at a notebook's prompt after a
        run of 10,000 games printed 10,000 ``GameRecord(...)``; they are in ``records``
        (and ``frame()``)."""
        summary, spec = self.summary, self.spec
        unit = summary.unit
        if summary.games != 1:
            unit = "matches" if unit == "match" else unit + "s"
        last = spec.seed + summary.games - 1
        seeds = f"seed {spec.seed}" if summary.games == 1 else f"seeds {spec.seed}-{last}"
        seats = "; ".join(
            f"{seat_name(seat.seat)} ({seat.player}) won {seat.wins} ({seat.win_rate:.1%}, "
            f"95% CI {seat.ci_low:.1%}-{seat.ci_high:.1%})"
            for seat in summary.seats
        )
        stopped = ", interrupted" if self.interrupted else ""
        return (
            f"<SimResults {spec.game}: {summary.games} {unit} ({seeds}{stopped}); {seats}; "
            f"{len(self.records)} record{'s' * (len(self.records) != 1)}>"
        )

    def __iter__(self) -> Iterator[GameRecord]:
        return iter(self.records)

    def __len__(self) -> int:
        return self.summary.games

    def to_dict(self) -> dict[str, Any]:
        """The spec, the summary and the records as a JSON-ready dict."""
        return {
            "spec": self.spec.to_dict(),
            "summary": self.summary.to_dict(),
            "records": [r.to_dict() for r in self.records],
            "interrupted": self.interrupted,
        }

    def frame(self) -> Any:
        """The records as a pandas DataFrame (see :func:`records_frame`)."""
        return records_frame(self.records, seats=len(self.spec.players))

    def write_jsonl(self, path: str | Path) -> None:
        """The records, one JSON object per line (the format of ``--out``);
        ``StorageError`` naming the path and the system's reason if it cannot be
        written (a missing folder, a folder, no permission)."""
        try:
            with open(path, "w", encoding="utf-8") as stream:
                write_records(stream, self.records)
        except OSError as exc:
            raise StorageError(
                f"cannot write results file {str(path)!r}: {exc.strerror or exc}"
            ) from None


def write_records(stream: IO[str], records: Iterable[GameRecord]) -> None:
    for record in records:
        stream.write(json.dumps(record.to_dict(), separators=(",", ":")) + "\n")


def read_records(path: str | Path) -> list[GameRecord]:
    """Records back from a JSON-lines file written by a run; ``SimulationError`` naming
    the line if one is not a record (a file that is not a run's, or cut off mid-line),
    ``StorageError`` naming the path and the system's reason if the file cannot be
    read (a missing file, a folder), as for every file parlour reads."""
    records = []
    try:
        with open(path, encoding="utf-8") as stream:
            for number, line in enumerate(stream, start=1):
                if not line.strip():
                    continue
                try:
                    data = json.loads(line)
                    if not isinstance(data, dict):
                        raise TypeError(f"a JSON {type(data).__name__}, not an object")
                    records.append(GameRecord.from_dict(data))
                except (ValueError, TypeError, KeyError) as exc:
                    why = f"no field {exc}" if isinstance(exc, KeyError) else str(exc)
                    raise SimulationError(
                        f"line {number} of {str(path)!r} is not a record of a run "
                        f"(one JSON object per game, as --out writes them): {why}"
                    ) from None
    except OSError as exc:
        raise StorageError(
            f"cannot read results file {str(path)!r}: {exc.strerror or exc}"
        ) from None
    except UnicodeDecodeError:
        raise SimulationError(
            f"{str(path)!r} is not the records of a run (one JSON object per game, as "
            "--out writes them): it is not UTF-8 text"
        ) from None
    return records


def records_frame(records: Iterable[GameRecord] | str | Path, seats: int | None = None) -> Any:
    """Records (or a JSON-lines file of them) as a pandas DataFrame with sensible dtypes.

    ``index``, ``seed`` and ``moves`` are ``int64``; ``result`` and ``reason`` are
    strings; ``winner`` and ``hands`` are nullable ``Int64`` (``<NA>`` where there is
    none); ``scores`` becomes ``score_0``, ``score_1`` ... (``seats`` columns, by
    default as many as the longest record has, at least one), nullable ``Int64``.
    Needs pandas (``pip install 'parlour[pandas]'``).
    """
    try:
        pandas = importlib.import_module("pandas")
    except ImportError:
        raise MissingExtraError(
            "records_frame needs pandas: pip install 'parlour[pandas]'"
        ) from None
    rows = read_records(records) if isinstance(records, str | Path) else list(records)
    width = seats or max([len(r.scores or ()) for r in rows] + [1])
    columns: dict[str, Any] = {
        "index": pandas.array([r.index for r in rows], dtype="int64"),
        "seed": pandas.array([r.seed for r in rows], dtype="int64"),
        "result": pandas.array([r.result for r in rows], dtype="string"),
        "reason": pandas.array([r.reason for r in rows], dtype="string"),
        "winner": pandas.array([r.winner for r in rows], dtype="Int64"),
        "moves": pandas.array([r.moves for r in rows], dtype="int64"),
        "hands": pandas.array([r.hands for r in rows], dtype="Int64"),
    }
    for seat in range(width):
        columns[f"score_{seat}"] = pandas.array(
            [None if r.scores is None or seat >= len(r.scores) else r.scores[seat] for r in rows],
            dtype="Int64",
        )
    return pandas.DataFrame(columns)
