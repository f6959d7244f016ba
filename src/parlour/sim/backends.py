"""Where the games are played: in this process, in a process pool, or on Ray.

Every backend takes the same chunks of game indices and yields their records
chunk by chunk, in index order, so the stream of records (and a results file)
is the same whichever backend and however many jobs play it. Ray is an
optional extra (``pip install parlour[ray]``), imported only when asked for.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import multiprocessing
import os
import signal
import socket
import sys
from collections import deque
from collections.abc import Generator
from typing import Any

from ..errors import ParlourError
from .play import SimSpec, play_chunk
from .records import GameRecord

__all__ = ["BACKENDS", "check_backend", "chunk_bounds", "default_jobs", "iter_chunks"]

BACKENDS = ("process", "ray")

#: Records chunk by chunk; closing it stops the workers.
Chunks = Generator[list[GameRecord], None, None]

#: Largest number of games in one unit of work. Small enough for a smooth progress
#: bar and a quick stop on Ctrl-C, large enough that sending work costs nothing.
MAX_CHUNK = 64


class BackendError(ParlourError):
    """A backend that cannot run: a missing extra, an unreachable cluster."""


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def chunk_bounds(games: int, jobs: int) -> list[tuple[int, int]]:
    """Split ``range(games)`` into consecutive ``(start, stop)`` chunks.

    About sixteen chunks per job keep every worker busy to the end even when
    games differ in length; the split never changes a game's result.
    """
    size = max(1, min(MAX_CHUNK, games // (jobs * 16)))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def iter_chunks(
    spec: SimSpec, jobs: int, backend: str = "process", address: str | None = None
) -> Chunks:
    """The records of ``spec``'s games, chunk by chunk, in index order."""
    check_backend(jobs, backend, address)
    bounds = chunk_bounds(spec.games, jobs)
    if backend == "ray":
        return _ray_chunks(spec, jobs, bounds, address)
    if jobs == 1:
        return _serial_chunks(spec, bounds)
    return _process_chunks(spec, jobs, bounds)


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


def _serial_chunks(spec: SimSpec, bounds: list[tuple[int, int]]) -> Chunks:
    for start, stop in bounds:
        yield play_chunk(spec, start, stop)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps what finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_task(task: tuple[SimSpec, int, int]) -> list[GameRecord]:
    spec, start, stop = task
    return play_chunk(spec, start, stop)


def _process_chunks(spec: SimSpec, jobs: int, bounds: list[tuple[int, int]]) -> Chunks:
    # 'fork' on Linux: workers start at once and work from any main program (a script,
    # a notebook, standard input). Nothing in a worker prints or takes a lock, and the
    # command line draws its progress bar without a refresh thread. Elsewhere fork is
    # unsafe, so workers are spawned and import parlour themselves.
    method = "fork" if sys.platform == "linux" else "spawn"
    context = multiprocessing.get_context(method)
    pool = context.Pool(min(jobs, len(bounds)), initializer=_ignore_sigint)
    try:
        tasks = ((spec, start, stop) for start, stop in bounds)
        yield from pool.imap(_play_task, tasks, chunksize=1)
        pool.close()
        pool.join()
    finally:
        pool.terminate()
        pool.join()


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


def _ray_chunks(
    spec: SimSpec, jobs: int, bounds: list[tuple[int, int]], address: str | None
) -> Chunks:
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
                "start one with 'ray start --head' and pass its address, "
                "or leave out --address for a local one"
            ) from None
        started = True
    pending: deque[Any] = deque()
    try:
        remote = ray.remote(num_cpus=1, max_retries=0)(play_chunk)
        cpus = int(ray.cluster_resources().get("CPU", jobs)) if address else jobs
        window = max(2, 2 * cpus)
        chunks = iter(bounds)
        for start, stop in chunks:
            pending.append(remote.remote(spec, start, stop))
            if len(pending) >= window:
                break
        while pending:
            records: list[GameRecord] = ray.get(pending.popleft())
            following = next(chunks, None)
            if following is not None:
                pending.append(remote.remote(spec, *following))
            yield records
    finally:
        for ref in pending:
            with contextlib.suppress(Exception):  # best effort on the way out
                ray.cancel(ref, force=True)
        if started:
            ray.shutdown()
