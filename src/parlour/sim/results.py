"""The results of a run: its specification, summary and per-game records."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .play import SimSpec
from .records import GameRecord
from .stats import Summary

__all__ = ["SimResults", "write_records", "read_records"]


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

    def __iter__(self) -> Iterator[GameRecord]:
        return iter(self.records)

    def __len__(self) -> int:
        return self.summary.games

    def to_dict(self) -> dict[str, Any]:
        return {
            "spec": self.spec.to_dict(),
            "summary": self.summary.to_dict(),
            "records": [r.to_dict() for r in self.records],
            "interrupted": self.interrupted,
        }

    def write_jsonl(self, path: str | Path) -> None:
        """The records, one JSON object per line (the format of ``--out``)."""
        with open(path, "w", encoding="utf-8") as stream:
            write_records(stream, self.records)


def write_records(stream: IO[str], records: Iterable[GameRecord]) -> None:
    for record in records:
        stream.write(json.dumps(record.to_dict(), separators=(",", ":")) + "\n")


def read_records(path: str | Path) -> list[GameRecord]:
    """Records back from a JSON-lines file written by a run."""
    with open(path, encoding="utf-8") as stream:
        return [GameRecord.from_dict(json.loads(line)) for line in stream if line.strip()]
