"""Where the games are played: in this process, in a process pool, or on Ray.

Every backend plays consecutive chunks of game indices and yields their
batches (a chunk's tally, and its records when the run wants them) in index
order, so the stream of records (and a results file) is the same whichever
backend, however many jobs and however the chunks fall. Workers tally their own
games and send records as plain tuples, so the parent's share of the work stays
a few per mille and two processes scale like two cores. Ray is an optional
extra (``pip install parlour[ray]``), imported only when asked for.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import multiprocessing
import os
import socket
import sys
from collections import deque
from collections.abc import Generator
from typing import Any

from .play import Batch, SimSpec, play_batch
from .pool import WORKER_TIMEOUT, BackendError, WorkerPool

__all__ = [
    "BACKENDS",
    "ChunkPlanner",
    "check_backend",
    "check_worker_timeout",
    "default_jobs",
    "iter_batches",
]

BACKENDS = ("process", "ray")

#: Batches in index order; closing the generator stops the workers.
Batches = Generator[Batch, None, None]

#: CPU seconds of play a chunk aims at, once the first chunks have shown how long a
#: game takes: long enough that handing out work and sending results back is a few
#: per mille of it, short enough for a smooth progress bar and a quick Ctrl-C.
CHUNK_SECONDS = 0.25
#: Games in each of the first chunks, played before any game has been timed.
FIRST_CHUNK = 4
#: No chunk is larger than this, however fast the games.
MAX_CHUNK = 20_000


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class ChunkPlanner:
    """Hands out consecutive chunks of ``range(games)``, sized by measured play time.

    Games of one run can take 0.2 ms (Calculation) or 20 ms (8 x 8); a fixed chunk
    size is either too small for the fast ones (the parent's per-chunk work then
    eats the second core) or too large for the slow ones. So the first chunks are
    small, and each later one holds about ``CHUNK_SECONDS`` of play at the mean CPU
    time per game seen so far. Near the end chunks shrink (at most a ``2 * jobs``-th
    of what is left) so that every worker stays busy to the last game. The split
    never changes a game's result, only how many games travel together.
    """

    def __init__(self, games: int, jobs: int, seconds: float = CHUNK_SECONDS) -> None:
        self.games = games
        self.jobs = jobs
        self.seconds = seconds
        self.next_start = 0
        self.first = max(1, min(FIRST_CHUNK, games // (jobs * 16)))
        self._timed_games = 0
        self._timed_seconds = 0.0

    def observe(self, batch: Batch) -> None:
        """Learn from a finished chunk how long a game takes."""
        self._timed_games += batch.stop - batch.start
        self._timed_seconds += batch.seconds

    def size(self) -> int:
        """Games in the next chunk."""
        left = self.games - self.next_start
        if self._timed_games == 0:
            wanted = self.first
        else:
            per_game = max(self._timed_seconds / self._timed_games, 1e-6)
            wanted = int(self.seconds / per_game)
        return max(1, min(wanted, MAX_CHUNK, left // (2 * self.jobs)))

    def __iter__(self) -> ChunkPlanner:
        return self

    def __next__(self) -> tuple[int, int]:
        start = self.next_start
        if start >= self.games:
            raise StopIteration
        stop = min(self.games, start + self.size())
        self.next_start = stop
        return start, stop


def iter_batches(
    spec: SimSpec,
    jobs: int,
    backend: str = "process",
    address: str | None = None,
    rows: bool = True,
    worker_timeout: float | None = WORKER_TIMEOUT,
) -> Batches:
    """``spec``'s games played in chunks, their batches in index order.

    ``rows`` asks for the per-game records (as tuples) besides each chunk's tally.
    ``worker_timeout``: seconds a worker process may hold a chunk without sending a
    batch back before the run ends with a ``BackendError`` naming it (None: no limit);
    on Ray, seconds the run waits for its next chunk. One job plays in this process,
    where nothing is forked, and has none.
    """
    check_backend(jobs, backend, address)
    check_worker_timeout(worker_timeout)
    planner = ChunkPlanner(spec.games, jobs)
    if backend == "ray":
        return _ray_batches(spec, jobs, planner, rows, address, worker_timeout)
    if jobs == 1:
        return _serial_batches(spec, planner, rows)
    return _process_batches(spec, jobs, planner, rows, worker_timeout)


def check_worker_timeout(seconds: object) -> None:
    """Refuse a ``worker_timeout`` that is neither None nor a positive number of seconds."""
    if seconds is None:
        return
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0:
        raise BackendError(
            "worker_timeout is the seconds a worker may hold a chunk without sending it "
            f"back (a positive number, or None for no limit), got {seconds!r}"
        )


def check_backend(jobs: int, backend: str, address: str | None) -> None:
    """Every check that can be made before a run starts (a missing extra included)."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}: the backends are {', '.join(BACKENDS)}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs <= 0:
        raise BackendError(f"the number of jobs must be a positive whole number, got {jobs!r}")
    if address is not None and backend != "ray":
        raise BackendError("an address applies to the ray backend only (--backend ray)")
    if backend == "ray":
        import_ray()
        if address is not None:
            check_ray_address(address)


def _serial_batches(spec: SimSpec, planner: ChunkPlanner, rows: bool) -> Batches:
    for start, stop in planner:
        batch = play_batch(spec, start, stop, rows)
        planner.observe(batch)
        yield batch


def _process_batches(
    spec: SimSpec, jobs: int, planner: ChunkPlanner, rows: bool, worker_timeout: float | None
) -> Batches:
    # 'fork' on Linux: workers start at once and work from any main program (a script,
    # a notebook, standard input). Nothing in a worker prints, logs or takes a lock
    # another thread could hold, and the command line draws its progress bar without
    # a refresh thread. Elsewhere fork is unsafe, so workers are spawned and import
    # parlour themselves. The pool (see .pool) has no lock or thread of its own, so
    # however a run ends, by Ctrl-C, an error or its last game, stopping it is a kill.
    method = "fork" if sys.platform == "linux" else "spawn"
    context = multiprocessing.get_context(method)
    workers = min(jobs, spec.games)
    with WorkerPool(context, workers, spec, rows, worker_timeout) as pool:
        # Two chunks per worker in flight: one playing, one waiting, so no worker
        # idles while the parent unpacks a batch. Chunks are planned as results come
        # back, so their size follows the measured time per game.
        waiting: deque[int] = deque()  # the first game of each chunk handed out
        for start, stop in planner:
            pool.submit(start, stop)
            waiting.append(start)
            if len(waiting) >= 2 * workers:
                break
        while waiting:
            batch = pool.result(waiting.popleft())
            planner.observe(batch)
            following = next(planner, None)
            if following is not None:
                pool.submit(*following)
                waiting.append(following[0])
            yield batch
        pool.close()


def import_ray() -> Any:
    """The ``ray`` module, or a one-line error naming the extra to install."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise BackendError(
            "the ray backend needs Ray: pip install 'parlour[ray]' (or use --backend process)"
        ) from None


def check_ray_address(address: str, timeout: float = 5.0) -> None:
    """Fail fast, in one line, when nothing listens at a cluster's address.

    Ray itself would retry for minutes, printing warnings, before giving up.
    ``auto`` (find a cluster started on this machine) is left to Ray.
    """
    if address in ("auto", "local"):
        return
    where = address.removeprefix("ray://")
    host, sep, port_text = where.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port_text.isdigit():
        raise BackendError(
            f"a Ray address is HOST:PORT (for example 127.0.0.1:6379) or 'auto', got {address!r}"
        )
    try:
        with socket.create_connection((host, int(port_text)), timeout=timeout):
            pass
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise BackendError(
            f"cannot reach a Ray cluster at {address!r} ({reason}); start one with "
            "'ray start --head' and pass the address it prints, or leave out --address "
            "to run Ray on this machine"
        ) from None


def _ray_batches(
    spec: SimSpec,
    jobs: int,
    planner: ChunkPlanner,
    rows: bool,
    address: str | None,
    worker_timeout: float | None,
) -> Batches:
    ray = import_ray()
    started = False
    if not ray.is_initialized():
        settings: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.WARNING,
        }
        try:
            if address is None:
                # 'local' starts a Ray of our own even when 'ray start' left a cluster
                # running here (plain ray.init() would join that one instead).
                ray.init(address="local", num_cpus=jobs, **settings)
            else:
                ray.init(address=address, **settings)
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError ...
            where = f"at {address!r}" if address else "on this machine"
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc)
            raise BackendError(
                f"cannot start or reach a Ray cluster {where} ({first_line}); "
                "start one with 'ray start --head' and pass its address "
                "(with RAY_AUTH_MODE=token set if the cluster uses token authentication), "
                "or leave out --address for a local one"
            ) from None
        started = True
    pending: deque[tuple[int, Any]] = deque()  # (first game, Ray reference) per chunk
    try:
        remote = ray.remote(num_cpus=1, max_retries=0)(play_batch)
        cpus = int(ray.cluster_resources().get("CPU", jobs)) if address else jobs
        planner.jobs = max(planner.jobs, cpus)
        window = max(2, 2 * cpus)
        for start, stop in planner:
            pending.append((start, remote.remote(spec, start, stop, rows)))
            if len(pending) >= window:
                break
        while pending:
            batch = _ray_get(ray, *pending[0], worker_timeout)
            pending.popleft()
            planner.observe(batch)
            following = next(planner, None)
            if following is not None:
                pending.append((following[0], remote.remote(spec, *following, rows)))
            yield batch
    finally:
        # Not force=True: that kills the workers playing the chunks, and Ray could hand
        # one about to die a chunk of the next run on the same cluster, which then
        # failed with WorkerCrashedError (3 runs in 40 after an interrupted one). A
        # plain cancel drops waiting chunks and interrupts playing ones (a chunk is a
        # quarter of a second of play at most), and the workers live on.
        for _, ref in pending:
            with contextlib.suppress(Exception):  # best effort on the way out
                ray.cancel(ref)
        if started:
            ray.shutdown()


def _ray_get(ray: Any, start: int, ref: Any, timeout: float | None) -> Batch:
    """The batch of the chunk starting at game ``start``, waited for no longer than
    ``timeout`` seconds (the run waits for its chunks in order, so that is how long
    the run has gone without progress)."""
    try:
        batch: Batch = ray.get(ref, timeout=timeout)
    except ray.exceptions.GetTimeoutError:
        raise BackendError(
            f"the chunk starting at game {start} has not come back from Ray in {timeout:g} s: "
            "a worker is stuck, or the cluster has no CPU free for it; if a chunk of these "
            "games can take that long, pass a longer worker_timeout (None: no limit)"
        ) from None
    return batch
