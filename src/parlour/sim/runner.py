"""``parlour.sim.run``: play many games and summarise them.

The runner turns its arguments into a checked :class:`SimSpec`, asks a backend
for the games chunk by chunk, merges each chunk's tally (made by the worker
that played it) and, only when asked for, turns its rows into records for the
results and for an optional JSON-lines file (written as the games finish, so an
interrupted run keeps what it played). A progress callback hears how many games
each chunk finished.
"""

from __future__ import annotations

import inspect
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, SupportsIndex

from ..core.registry import game_class
from ..errors import InvalidOptionError, StorageError, meant, quoted
from .backends import default_jobs, iter_batches
from .play import SimSpec, SimulationError, make_spec
from .pool import WORKER_TIMEOUT
from .records import GameRecord
from .results import SimResults, write_records
from .stats import Tally

__all__ = ["check_out", "run", "run_spec"]

#: Called after every chunk with the number of games that just finished.
Progress = Callable[[int], None]


def run(
    game: str,
    players: str | Sequence[str] | None = None,
    games: int = 1000,
    seed: SupportsIndex = 0,
    *,
    options: Mapping[str, Any] | None = None,
    matches: bool = False,
    max_moves: int | None = None,
    jobs: int | None = None,
    backend: str = "process",
    address: str | None = None,
    out: str | Path | None = None,
    keep_records: bool = True,
    progress: Progress | None = None,
    worker_timeout: float | None = WORKER_TIMEOUT,
    **unknown: Any,
) -> SimResults:
    """Play ``games`` games of ``game`` and return their summary and records.

    Game ``i`` is dealt from seed ``seed + i`` (every one of them a seed ``new_game``
    takes: 0 to 2**63 - 1, else ``InvalidSeedError``); its result does not depend on
    ``jobs`` or ``backend``. ``players`` names a computer player per seat
    (``"strong,random"`` or a list; default ``random`` everywhere). For UNO a
    game is one hand unless ``matches`` asks for whole matches. ``jobs``
    defaults to every core; ``backend`` is ``"process"`` (a process pool) or
    ``"ray"`` (``address`` joins a running cluster; without it Ray starts
    locally). ``max_moves`` stops a game that has not ended after that many
    moves and records it as ``capped`` (default: 5,000 for a patience, 200,000
    for a two-player game). ``out`` writes the records as JSON lines as they finish.

    A worker process that holds a chunk of games and sends nothing back for
    ``worker_timeout`` seconds (default ten minutes; None: no limit) ends the run with
    a ``BackendError`` naming its chunk: a worker forked from a program with threads
    (a notebook, a server) can wait for ever on a lock another thread held at the
    fork. Raise it for players of your own that take minutes over a few games.

    Ctrl-C stops the run: the result then covers the games that finished and
    has ``interrupted`` set, so an interactive session keeps what it played.

    Game options go in ``options`` (``options={"bars": 3}``): any other keyword
    raises :class:`~parlour.errors.InvalidOptionError` naming it (``new_game`` takes
    options as keywords, so ``run(..., bars=3)`` is an easy slip).
    """
    if unknown:
        _refuse_keywords(game, unknown)
    spec = make_spec(
        game,
        players,
        games=games,
        seed=seed,
        options=options,
        matches=matches,
        max_moves=max_moves,
    )
    return run_spec(
        spec,
        jobs=jobs,
        backend=backend,
        address=address,
        out=out,
        keep_records=keep_records,
        progress=progress,
        worker_timeout=worker_timeout,
    )


def _refuse_keywords(game: str, unknown: Mapping[str, Any]) -> None:
    """Why ``run`` takes no such keyword, with what it takes: where the game's options
    go, for one of them (``bars=3``); else the keyword of its own it nearly spells
    (``n=3``, ``job=2``: options={'n': 3} was suggested, though no game has it)."""
    name, value = next(iter(unknown.items()))
    takes = inspect.signature(run).parameters.values()
    own = [p.name for p in takes if p.kind != p.VAR_KEYWORD and p.name != "game"]
    cls = game_class(game)  # an unknown game is said first, as make_spec says it
    keywords = ", ".join(own)
    if name in {spec.name for spec in cls.option_specs}:
        raise InvalidOptionError(
            f"run() takes no keyword {name!r}: game options go in options={{...}}, "
            f"e.g. options={{{name!r}: {value!r}}}; its own keywords are {keywords}"
        )
    guess = meant(name, {keyword: keyword for keyword in own})
    said = f" (did you mean {guess}?)" if guess else f", nor has {cls.name} an option {name!r}"
    raise InvalidOptionError(f"run() takes no keyword {name!r}{said}: its keywords are {keywords}")


def run_spec(
    spec: SimSpec,
    *,
    jobs: int | None = None,
    backend: str = "process",
    address: str | None = None,
    out: str | Path | None = None,
    keep_records: bool = True,
    progress: Progress | None = None,
    worker_timeout: float | None = WORKER_TIMEOUT,
) -> SimResults:
    """:func:`run` for a ready-made specification."""
    started = time.perf_counter()  # what the rate counts: the whole run, start-up included
    if out is not None and not isinstance(out, str | os.PathLike):
        # open(1) would write the records to standard output, open(True) too
        raise SimulationError(
            f"out is the results file's name (a str or a Path), got {quoted(out)}"
        )
    if progress is not None and not callable(progress):
        # it was called only once the first games had been played: TypeError then
        raise SimulationError(
            f"progress is a function called with the number of games just finished "
            f"(or None), got {quoted(progress)}"
        )
    jobs = default_jobs() if jobs is None else jobs
    want_rows = keep_records or out is not None
    # checks jobs, backend and address before anything starts
    batches = iter_batches(
        spec, jobs, backend, address, rows=want_rows, worker_timeout=worker_timeout
    )
    tally = Tally(spec.game, spec.players, spec.unit)
    kept: list[GameRecord] = []
    stream = None
    if out is not None:
        try:
            stream = open(out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise _unwritable(out, exc) from None
    interrupted = False
    try:
        with closing(batches), _WholeBatches() as whole:
            for batch in batches:
                with whole.batch():
                    tally.merge(batch.tally)
                    if batch.rows is not None:
                        records = [GameRecord(*row) for row in batch.rows]
                        if keep_records:
                            kept.extend(records)
                        if stream is not None:
                            write_records(stream, records)
                    if progress is not None:
                        progress(batch.stop - batch.start)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if stream is not None:
            stream.close()
    elapsed = time.perf_counter() - started
    return SimResults(spec, tally.summary(elapsed, interrupted), kept, interrupted)


class _WholeBatches:
    """Holds back a Ctrl-C that comes while a batch is being taken in until the batch
    is in: its tally, its records, its lines in the results file and the progress
    callback alike. So an interrupted run's summary, records and file cover the same
    games, and the file never stops part-way through a batch. A Ctrl-C at any other
    moment (the parent mostly waits for workers) stops the run at once, as before.

    Python hears Ctrl-C in its main thread only, so elsewhere, or where the program
    has a SIGINT handler of its own, this changes nothing.
    """

    def __init__(self) -> None:
        self._taking_in = False
        self._held = False
        self._before: Any = None

    def __enter__(self) -> _WholeBatches:
        if (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            self._before = signal.signal(signal.SIGINT, self._on_ctrl_c)
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._before is not None:
            signal.signal(signal.SIGINT, self._before)

    def _on_ctrl_c(self, signum: int, frame: FrameType | None) -> None:
        if not self._taking_in:
            raise KeyboardInterrupt
        self._held = True

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Taking in one batch: a Ctrl-C meanwhile is raised once it is in."""
        self._taking_in = True
        try:
            yield
        finally:
            self._taking_in = False
        if self._held:
            raise KeyboardInterrupt


def check_out(out: str | Path) -> None:
    """Refuse a results file that cannot be written (a missing folder, a folder, no
    permission) before a front end shows anything: :func:`run_spec` refuses it too,
    but only once its caller has drawn its progress bar around the run. The check
    leaves the file as it was: an existing one is not emptied, a new one is removed."""
    path = Path(out)
    existed = path.exists()
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise _unwritable(out, exc) from None
    if not existed:
        path.unlink(missing_ok=True)


def _unwritable(out: str | Path, exc: OSError) -> StorageError:
    return StorageError(f"cannot write results file {str(out)!r}: {exc.strerror or exc}")
