"""The ``process`` backend's workers: a pipe of their own each, no shared lock, no thread.

Why not ``multiprocessing.Pool``: its workers send results back through one queue
guarded by a lock that all of them share, and ``terminate()`` kills them with
SIGTERM. A worker killed while it was sending a result keeps that lock for ever;
the pool's task-handler thread still has to put an end marker on that queue,
waits for the lock, and ``terminate()``, which joins the thread, never returns
(CPython gh-96995, still open). A run stopped with Ctrl-C stalled there in CI;
``benchmarks/bench_sim_stop.py`` hits it within about a thousand interrupted
runs, within a dozen when batches are large (a worker is then often mid-send).
``concurrent.futures.ProcessPoolExecutor`` is built the same way (one result
queue for all its workers, a manager thread and a queue-feeder thread that
shutdown waits for, shutdown deadlocks fixed after 3.11: gh-94777, gh-125451)
and has no public way to kill its workers before Python 3.14.

Here the parent and each worker share one two-way pipe, written at each end by
one process only, so stopping a worker, however abruptly, leaves nobody waiting on
a lock. The parent starts no thread: it waits on the pipes and on the workers'
exit sentinels together, so a worker that dies (killed, out of memory) ends the
run with an error rather than a wait for ever, and stopping is a kill and a join,
done within milliseconds whatever the workers were doing.

A worker can also hang without dying: forked from a program with threads (a notebook,
a test runner, a web server), it holds a copy of every lock as it was at the fork, and
one that another thread held then is never released in the worker. Nothing comes back
from such a worker, so a run waits for a chunk no longer than ``worker_timeout``
seconds since the worker's last batch (or since it was handed work while idle), then
ends with a ``BackendError`` naming the worker and its chunk.
"""

from __future__ import annotations

import contextlib
import pickle
import signal
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any, NoReturn

from ..errors import ParlourError
from .play import Batch, SimSpec, play_batch

__all__ = ["BackendError", "WorkerPool", "WorkerTraceback"]

#: Seconds a worker told to finish (at the end of a run) has to exit before it is killed.
EXIT_GRACE = 1.0
#: Seconds a worker may go without sending a batch back while it has a chunk to play,
#: before the run takes it for stuck (``worker_timeout``): chunks hold about a quarter
#: of a second of play once the first have been timed, and the first few games of the
#: slowest players (Calculation's strong, an UNO match between strong players) take
#: seconds, so ten minutes is far beyond any chunk that is being played.
WORKER_TIMEOUT = 600.0


class BackendError(ParlourError):
    """A backend that cannot run or carry on: a missing extra, an unreachable
    cluster, a worker process that died in the middle of a run."""


class WorkerTraceback(Exception):
    """Where in a worker process an error was raised: the cause of the error the
    parent raises again, since a traceback does not cross processes."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return "\n" + self.text


def _serve(
    connection: Connection, spec: SimSpec, rows: bool, parents_ends: list[Connection]
) -> None:
    """A worker's life: play each chunk the parent sends, send back its batch, until
    the parent sends ``None`` or goes away. An error in a chunk is sent back too.

    ``parents_ends`` are the parent's ends of the pipes, this worker's and those of
    the workers forked before it, which a forked worker inherits: closed at once, so
    that if the parent dies (even by SIGKILL) every worker reads the end of its pipe
    and exits, where it would otherwise hold its own pipe open and wait for ever.
    """
    for end in parents_ends:
        end.close()
    # Ctrl-C reaches every process of the terminal's group: the parent handles it
    # and stops the workers. SIGINT was blocked before the fork, so no Ctrl-C can
    # land between the fork and this line.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _unblock_sigint()
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):  # the parent has gone
            return
        if task is None:
            return
        start, stop = task
        try:
            reply: tuple[Any, ...] = (True, play_batch(spec, start, stop, rows))
        except Exception as exc:
            reply = (False, *_portable(exc))
        try:
            connection.send(reply)
        except OSError:  # the parent has gone
            return


def _portable(exc: Exception) -> tuple[Exception, str]:
    """An error and its traceback as they can cross to the parent: an exception that
    does not survive pickling becomes a ``BackendError`` quoting it."""
    text = traceback.format_exc()
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return BackendError(f"a worker process raised {type(exc).__name__}: {exc}"), text
    return exc, text


def _block_sigint() -> bool:
    """Hold Ctrl-C back from this thread while workers start (they inherit the block).
    True if it was blocked here, so that :func:`_unblock_sigint` should undo it."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        return False
    return signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _unblock_sigint() -> None:
    """Let a Ctrl-C held back by :func:`_block_sigint` through (it is raised now)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _signal_name(number: int) -> str:
    """A signal's name ("SIGKILL"), or its number where Python names none (a real-time
    signal above SIGRTMIN, which ``signal.Signals`` refuses with a ValueError that would
    take the place of the dead worker's BackendError)."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    connection: Connection
    #: The first game of each chunk sent to this worker whose batch has not come back.
    chunks: list[int] = field(default_factory=list)
    #: When (``time.monotonic``) the worker last showed progress: its last batch back,
    #: or the chunk it was handed while it had none.
    since: float = 0.0


class WorkerPool:
    """``workers`` processes playing chunks of ``spec``'s games, started at once.

    :meth:`submit` hands a chunk to the least busy worker, :meth:`result` waits for
    a chunk's batch (keeping any other that comes back meanwhile), :meth:`close`
    lets the workers finish at the end of a run, and :meth:`stop` (also on leaving
    a ``with`` block) kills whatever is still running. A worker that holds a chunk
    and sends nothing back for ``worker_timeout`` seconds (None: no limit) is taken
    for stuck: :meth:`result` raises a ``BackendError`` naming it and its chunk.
    """

    def __init__(
        self,
        context: BaseContext,
        workers: int,
        spec: SimSpec,
        rows: bool,
        worker_timeout: float | None = WORKER_TIMEOUT,
    ) -> None:
        self._workers: list[_Worker] = []
        self._finished: dict[int, Batch] = {}
        self._timeout = worker_timeout
        blocked = _block_sigint()
        try:
            for number in range(1, workers + 1):
                self._workers.append(self._start(context, f"parlour-sim-{number}", spec, rows))
            if blocked:
                blocked = False
                _unblock_sigint()  # a Ctrl-C held back is raised here, and stops them
        except BaseException:
            self.stop()
            raise
        finally:
            if blocked:
                _unblock_sigint()

    def _start(self, context: BaseContext, name: str, spec: SimSpec, rows: bool) -> _Worker:
        ours, theirs = context.Pipe()
        # a forked worker holds copies of the parent's ends; a spawned one gets none
        forked = context.get_start_method() == "fork"
        inherited = [w.connection for w in self._workers] + [ours] if forked else []
        try:
            process = context.Process(  # type: ignore[attr-defined]
                target=_serve, args=(theirs, spec, rows, inherited), name=name, daemon=True
            )
            process.start()
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()  # the worker's end, in the worker only: its death reads as EOF
        return _Worker(process, ours)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def submit(self, start: int, stop: int) -> None:
        """Games ``start`` to ``stop - 1`` to the worker with the fewest chunks to play."""
        self._collect(timeout=0)  # batches already back make their workers less busy
        worker = min(self._workers, key=lambda w: len(w.chunks))
        try:
            worker.connection.send((start, stop))
        except OSError:
            self._lost(worker)
        if not worker.chunks:  # idle until now: its clock starts with this chunk
            worker.since = time.monotonic()
        worker.chunks.append(start)

    def result(self, start: int) -> Batch:
        """The batch of the chunk starting at game ``start``, once it is back; an error
        a worker raised playing any chunk is raised here, with its traceback as cause."""
        while start not in self._finished:
            self._collect(timeout=self._patience())
            self._check_progress()
        return self._finished.pop(start)

    def _patience(self) -> float | None:
        """Seconds until the first busy worker's time is up (None: no limit)."""
        busy = [w.since for w in self._workers if w.chunks]
        if self._timeout is None or not busy:
            return None
        return max(0.0, min(busy) + self._timeout - time.monotonic())

    def _check_progress(self) -> None:
        """A worker that has held a chunk for ``worker_timeout`` seconds and sent
        nothing back is stuck: the run cannot finish without it, so it ends here."""
        if self._timeout is None:
            return
        now = time.monotonic()
        for worker in self._workers:
            waited = now - worker.since
            if worker.chunks and waited >= self._timeout:
                raise BackendError(
                    f"worker process {worker.process.name} has sent nothing back for "
                    f"{waited:.1f} s while it played the chunk starting at game "
                    f"{worker.chunks[0]}: it is stuck (a worker forked from a program with "
                    "threads, a notebook's or a server's, can wait for ever on a lock "
                    "another thread held at the fork); if a chunk of these games can take "
                    f"that long, pass a longer worker_timeout (None: no limit)"
                )

    def _collect(self, timeout: float | None) -> None:
        """Take in what the workers sent, waiting up to ``timeout`` seconds for it."""
        by_handle: dict[Any, _Worker] = {}
        for worker in self._workers:
            by_handle[worker.connection] = worker
            by_handle[worker.process.sentinel] = worker
        ready = wait(list(by_handle), timeout)
        dead = []
        for handle in ready:
            worker = by_handle[handle]
            if handle is not worker.connection:
                dead.append(worker)  # looked at below, once its pipe has been read
                continue
            try:
                reply = worker.connection.recv()
            except (EOFError, OSError):
                self._lost(worker)
            ok, *rest = reply
            if not ok:
                error, text = rest
                raise error from WorkerTraceback(text)
            batch: Batch = rest[0]
            worker.chunks.remove(batch.start)
            worker.since = time.monotonic()  # progress: its next chunk's clock starts
            self._finished[batch.start] = batch
        for worker in dead:
            if not worker.connection.poll():
                self._lost(worker)

    def _lost(self, worker: _Worker) -> NoReturn:
        """A worker stopped in the middle of a run: nothing but :meth:`stop` ends one."""
        worker.process.join(EXIT_GRACE)  # its exit code says why
        code = worker.process.exitcode
        how = f"killed by {_signal_name(-code)}" if code and code < 0 else f"exit code {code}"
        starts = [str(start) for start in worker.chunks]
        if not starts:
            doing = "between chunks"
        elif len(starts) == 1:
            doing = f"while it played the chunk starting at game {starts[0]}"
        else:
            doing = f"while it played the chunks starting at games {', '.join(starts)}"
        # the kernel's out-of-memory killer sends SIGKILL; an exit code of its own
        # comes with the worker's traceback on standard error
        hint = " (out of memory? try fewer jobs)" if how == "killed by SIGKILL" else ""
        raise BackendError(
            f"worker process {worker.process.name} stopped ({how}) {doing}; "
            f"the run cannot finish without it{hint}"
        )

    def close(self) -> None:
        """Tell the workers the run is over and wait for them to exit (killing any that
        take longer than ``EXIT_GRACE`` seconds)."""
        for worker in self._workers:
            with contextlib.suppress(OSError):
                worker.connection.send(None)
        for worker in self._workers:
            worker.process.join(EXIT_GRACE)
        self.stop()

    def stop(self) -> None:
        """Kill every worker still running (SIGKILL: a worker cannot ignore it, nor be
        caught holding anything another process needs) and wait for it to go. A Ctrl-C
        meanwhile (a second one, the first having stopped the run) is held back until
        every worker is reaped and its pipe closed, then raised: it broke off the joins,
        leaving zombies and open pipes behind."""
        blocked = _block_sigint()
        try:
            for worker in self._workers:
                if worker.process.exitcode is None:
                    worker.process.kill()
            for worker in self._workers:
                worker.process.join()
                worker.process.close()
                worker.connection.close()
            self._workers = []
        finally:
            if blocked:
                _unblock_sigint()
