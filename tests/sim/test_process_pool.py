"""The process backend stops at once, however a run ends: Ctrl-C, an error, a dead worker.

``multiprocessing.Pool``, which the backend used before, could hang for ever in
``terminate()`` when a worker was killed in the middle of sending a batch (CPython
gh-96995); ``benchmarks/bench_sim_stop.py`` measures stop times over many runs.
"""

from __future__ import annotations

import faulthandler
import multiprocessing
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import interrupted_runs
from interrupted_runs import interrupted_run
from parlour import sim
from parlour.sim import pool
from parlour.sim.play import Batch, SimSpec, make_spec, play_batch

# The workers are forked, so a function patched here is the one they run.
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux")

#: A stop that takes longer than this has waited on something; it takes milliseconds.
PROMPT = 3.0


@pytest.fixture
def watchdog() -> Iterator[None]:
    """A hang prints every thread's stack and ends the test process, not the CI job."""
    faulthandler.dump_traceback_later(60, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture
def big_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Batches of about 1 MB, more than a pipe holds, so a worker is often in the
    middle of sending one when the run stops (the moment that hung the old pool)."""
    monkeypatch.setattr(interrupted_runs, "PADDING", 1_000_000)
    monkeypatch.setattr(pool, "play_batch", interrupted_runs.padded_batch)


@pytest.mark.usefixtures("watchdog", "big_batches")
def test_interrupted_runs_stop_at_once_and_leave_no_worker() -> None:
    # as in a test worker or a notebook: the parent has other threads
    quit_event = threading.Event()
    threading.Thread(target=quit_event.wait, daemon=True).start()
    try:
        stops = [interrupted_run(after=1 + attempt % 3) for attempt in range(20)]
    finally:
        quit_event.set()
    assert [stop.problems() for stop in stops] == [[]] * 20
    assert max(stop.seconds for stop in stops) < PROMPT


def test_an_error_in_a_worker_ends_the_run_with_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def fails_at_game_40(spec: SimSpec, start: int, stop: int, rows: bool = True) -> Batch:
        if start <= 40 < stop:
            raise ValueError("no deal for game 40")
        return play_batch(spec, start, stop, rows)

    monkeypatch.setattr(pool, "play_batch", fails_at_game_40)
    out = tmp_path / "games.jsonl"
    started = time.perf_counter()
    with pytest.raises(ValueError, match="no deal for game 40") as caught:
        sim.run("calculation", "random", games=4000, jobs=2, out=out)
    assert time.perf_counter() - started < PROMPT
    # the worker's traceback comes along as the cause
    assert isinstance(caught.value.__cause__, pool.WorkerTraceback)
    assert "fails_at_game_40" in caught.value.__cause__.text
    assert multiprocessing.active_children() == []
    # the file holds whole records of the games before the error, and is closed
    assert [r.index for r in sim.read_records(out)] == list(range(len(sim.read_records(out))))


def test_an_error_that_cannot_be_pickled_still_reaches_the_parent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Unpicklable(Exception):
        pass  # a local class: pickle cannot find it by name

    def fails(spec: SimSpec, start: int, stop: int, rows: bool = True) -> Batch:
        raise Unpicklable("the deck was on fire")

    monkeypatch.setattr(pool, "play_batch", fails)
    with pytest.raises(sim.BackendError, match="raised Unpicklable: the deck was on fire"):
        sim.run("calculation", "random", games=100, jobs=2)
    assert multiprocessing.active_children() == []


def test_a_worker_that_dies_is_an_error_not_a_wait() -> None:
    def kill_a_worker(done: int) -> None:
        for child in multiprocessing.active_children()[:1]:
            assert child.pid is not None
            os.kill(child.pid, signal.SIGKILL)

    started = time.perf_counter()
    with pytest.raises(sim.BackendError, match=r"parlour-sim-\d stopped \(killed by SIGKILL\)"):
        sim.run("calculation", "random", games=4000, jobs=2, progress=kill_a_worker)
    assert time.perf_counter() - started < PROMPT
    assert multiprocessing.active_children() == []


def test_a_worker_that_hangs_is_an_error_not_a_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker forked while another thread of the parent held a lock (a notebook's, a
    server's) has a copy of the lock that nobody will ever release: a worker that takes
    it waits for ever, and so did the run. It now ends once the worker has held its
    chunk ``worker_timeout`` seconds without sending anything back."""
    held = threading.Lock()
    taken, done = threading.Event(), threading.Event()

    def hold_the_lock() -> None:
        with held:
            taken.set()
            done.wait()

    holder = threading.Thread(target=hold_the_lock, daemon=True)
    holder.start()
    taken.wait()

    def first_chunk_takes_the_lock(
        spec: SimSpec, start: int, stop: int, rows: bool = True
    ) -> Batch:
        if start == 0:
            held.acquire()  # held by a thread that the fork did not copy: for ever
        return play_batch(spec, start, stop, rows)

    monkeypatch.setattr(pool, "play_batch", first_chunk_takes_the_lock)
    started = time.perf_counter()
    try:
        with pytest.raises(sim.BackendError) as caught:
            sim.run("calculation", "random", games=400, jobs=2, worker_timeout=0.5)
    finally:
        done.set()
        holder.join()
    took = time.perf_counter() - started
    assert 0.5 <= took < PROMPT
    assert re.search(
        r"parlour-sim-\d has sent nothing back for 0\.\d s while it played the chunk "
        r"starting at game 0: it is stuck",
        str(caught.value),
    ), caught.value
    assert "worker_timeout" in str(caught.value)
    assert multiprocessing.active_children() == []


class RayThatNeverAnswers:
    """As much of Ray as the backend uses, with a chunk that never comes back."""

    class exceptions:  # noqa: N801 - named as Ray's module
        class GetTimeoutError(Exception):
            pass

    def __init__(self) -> None:
        self.waited: list[float | None] = []

    def is_initialized(self) -> bool:
        return True  # a Ray already running: the run starts and shuts down none

    def remote(self, **settings: Any) -> Any:
        return lambda function: type("Remote", (), {"remote": lambda *args: object()})

    def get(self, ref: object, timeout: float | None = None) -> Any:
        self.waited.append(timeout)
        raise self.exceptions.GetTimeoutError("Get timed out")

    def cancel(self, ref: object) -> None:
        pass


def test_on_ray_a_run_waits_for_a_chunk_no_longer_than_the_worker_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = RayThatNeverAnswers()
    monkeypatch.setitem(sys.modules, "ray", fake)
    with pytest.raises(
        sim.BackendError, match="chunk starting at game 0 has not come back from Ray in 7 s"
    ):
        sim.run("calculation", "random", games=40, jobs=2, backend="ray", worker_timeout=7)
    assert fake.waited == [7]


@pytest.mark.parametrize("seconds", [0, -1.5, "60", True, float("nan")])
def test_a_worker_timeout_that_is_no_time_is_refused(seconds: object) -> None:
    with pytest.raises(sim.BackendError, match="worker_timeout is the seconds .* got"):
        sim.run("calculation", "random", games=10, jobs=2, worker_timeout=seconds)  # type: ignore[arg-type]
    assert multiprocessing.active_children() == []


def test_no_worker_timeout_is_no_limit() -> None:
    results = sim.run("calculation", "random", games=40, jobs=2, worker_timeout=None)
    assert results.summary.games == 40


@pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(),
    reason="Python hears Ctrl-C in the main thread only",
)
def test_ctrl_c_while_a_batch_is_taken_in_stops_the_run_after_that_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    out = tmp_path / "games.jsonl"
    seen: list[int] = []

    def ctrl_c_in_the_second_batch(done: int) -> None:
        if len(seen) == 1:
            signal.raise_signal(signal.SIGINT)  # a real Ctrl-C, mid-batch
        seen.append(done)  # the batch is still taken in whole

    try:
        results = sim.run(
            "calculation", "random", games=400, jobs=2, out=out, progress=ctrl_c_in_the_second_batch
        )
    finally:
        signal.signal(signal.SIGINT, before)
    assert results.interrupted and len(seen) == 2
    assert results.summary.games == sum(seen) == len(results.records)
    assert sim.read_records(out) == results.records
    assert multiprocessing.active_children() == []


def test_a_worker_killed_by_a_signal_python_does_not_name_is_still_a_backend_error() -> None:
    """A real-time signal (SIGRTMIN + 1 ends a process that does not handle it) has no
    ``signal.Signals`` name: the message says its number, where a ValueError came."""
    number = signal.SIGRTMIN + 1

    def kill_a_worker(done: int) -> None:
        for child in multiprocessing.active_children()[:1]:
            assert child.pid is not None
            os.kill(child.pid, number)

    with pytest.raises(sim.BackendError, match=rf"stopped \(killed by signal {number}\)"):
        sim.run("calculation", "random", games=4000, jobs=2, progress=kill_a_worker)
    assert multiprocessing.active_children() == []


@pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread(),
    reason="Python hears Ctrl-C in the main thread only",
)
def test_a_ctrl_c_while_the_workers_are_stopped_leaves_none_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A second Ctrl-C while stop() reaps the workers is raised once all are reaped and
    their pipes closed (it broke off the first join: a zombie and open pipes)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    context = multiprocessing.get_context("fork")
    workers = pool.WorkerPool(context, 2, make_spec("calculation", "random", games=10), False)
    joined: list[int | None] = []
    join = multiprocessing.process.BaseProcess.join

    def join_with_a_ctrl_c(process: Any, timeout: float | None = None) -> None:
        if not joined:
            signal.raise_signal(signal.SIGINT)
        join(process, timeout)
        joined.append(process.pid)

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "join", join_with_a_ctrl_c)
    connections = [worker.connection for worker in workers._workers]
    try:
        with pytest.raises(KeyboardInterrupt):
            workers.stop()
    finally:
        signal.signal(signal.SIGINT, before)
    assert len(joined) == 2 and all(connection.closed for connection in connections)
    assert multiprocessing.active_children() == []
