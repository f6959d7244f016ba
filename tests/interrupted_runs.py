"""A simulation stopped part-way as Ctrl-C stops it, written once for the test that
checks it stops at once (tests/sim/test_process_pool.py) and the benchmark that times
it over hundreds of runs (benchmarks/bench_sim_stop.py, which puts this folder on its
path). It uses nothing but ``sim.run`` and ``play_batch``, so the benchmark still runs
against an older parlour, the one whose ``multiprocessing.Pool`` could hang.
"""

from __future__ import annotations

import importlib
import multiprocessing
import time
from dataclasses import dataclass
from typing import Any

from parlour import sim
from parlour.sim.play import play_batch

#: Bytes added to every batch by :func:`padded_batch` (set by :func:`pad_batches`).
PADDING = 0


def padded_batch(spec: Any, start: int, stop: int, rows: bool = True) -> Any:
    """``play_batch``, with ``PADDING`` bytes more on its tally (which the parent reads
    no further than its fields): batches larger than a pipe holds, so that a worker is
    often in the middle of sending one when the run stops, the moment that hung the old
    pool. A module-level function, since the old pool sent the function to its workers."""
    batch = play_batch(spec, start, stop, rows)
    batch.tally.padding = b"x" * PADDING
    return batch


def pad_batches(size: int) -> None:
    """Every batch ``size`` bytes larger from now on. The workers are forked, so they
    play the patched function; it is set wherever a backend module looks
    ``play_batch`` up (a test patches ``parlour.sim.pool`` with its own monkeypatch)."""
    global PADDING
    PADDING = size
    for name in ("parlour.sim.pool", "parlour.sim.backends"):
        try:
            module = importlib.import_module(name)
        except ImportError:  # an older parlour, without the module
            continue
        if hasattr(module, "play_batch"):
            module.play_batch = padded_batch


@dataclass
class Stopped:
    """An interrupted run: its results, the seconds from the interrupt to ``sim.run``
    returning, and the games of each chunk that finished before it."""

    results: Any
    seconds: float
    chunks: list[int]

    def problems(self) -> list[str]:
        """What was not clean about the stop (nothing, when all is well)."""
        found = []
        if not self.results.interrupted:
            found.append("the run did not say it was interrupted")
        indices = [record.index for record in self.results.records]
        if indices != list(range(sum(self.chunks))):
            found.append(f"the records are not the {sum(self.chunks)} games that finished")
        if multiprocessing.active_children():
            found.append(f"workers left behind: {multiprocessing.active_children()}")
        return found


def interrupted_run(after: int, games: int = 400, jobs: int = 2) -> Stopped:
    """A ``jobs``-worker run of Calculation whose progress callback raises
    KeyboardInterrupt, as Ctrl-C would, after ``after`` chunks."""
    seen: list[int] = []
    asked = 0.0

    def interrupt(done: int) -> None:
        nonlocal asked
        seen.append(done)
        if len(seen) == after:
            asked = time.perf_counter()
            raise KeyboardInterrupt

    results = sim.run("calculation", "random", games=games, jobs=jobs, progress=interrupt)
    return Stopped(results, time.perf_counter() - asked, seen)
