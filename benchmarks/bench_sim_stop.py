"""How long an interrupted simulation takes to stop, over many interrupts.

    python benchmarks/bench_sim_stop.py                 # 300 runs, about half a minute
    python benchmarks/bench_sim_stop.py --pad 4000000   # batches of 4 MB each

Each run is a two-worker ``sim.run`` of Calculation interrupted, as Ctrl-C would,
after its first, second or third chunk (the progress callback raises
KeyboardInterrupt); the time counted is from that moment to ``sim.run``
returning with the workers gone. Two threads stay alive in the parent, as in a
test worker or a notebook (``--no-threads`` leaves them out). ``--pad`` makes
every batch that many bytes larger, so that a worker is often in the middle of
sending one when the run stops: the moment at which ``multiprocessing.Pool``
(the backend until 2026-11-27) could hang for ever in ``terminate()``.

Prints the median, 99th percentile and worst stop time; a run that has not
stopped after ``--hang`` seconds is reported with every thread's stack, and the
script exits with status 3.
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import platform
import sys
import threading
import time
from pathlib import Path

from _report import percentile

from parlour import sim

# the interrupted run, written once for this script and tests/sim/test_process_pool.py
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from interrupted_runs import interrupted_run, pad_batches  # noqa: E402


def bystanders() -> threading.Event:
    """Two threads in the parent: one waiting, one busy (it takes the GIL often)."""
    done = threading.Event()

    def busy() -> None:
        while not done.is_set():
            sum(range(1000))
            time.sleep(0)

    for target in (done.wait, busy):
        threading.Thread(target=target, daemon=True).start()
    return done


def hang_alarm(seconds: float, run: int) -> threading.Timer:
    """Report a run that has not stopped after ``seconds``, then end the script."""

    def report() -> None:
        try:
            print(f"run {run} had not stopped after {seconds:.0f} s: a hang. Threads:", flush=True)
            faulthandler.dump_traceback(all_threads=True)
        finally:  # even if standard output has gone (a closed pipe)
            os._exit(3)

    alarm = threading.Timer(seconds, report)
    alarm.daemon = True
    alarm.start()
    return alarm


def stop_time(after: int) -> float:
    """Seconds from a KeyboardInterrupt after ``after`` chunks to the run's return."""
    stopped = interrupted_run(after)
    if stopped.problems():
        raise SystemExit(
            f"a run was not interrupted cleanly after {after} chunks: "
            + "; ".join(stopped.problems())
        )
    return stopped.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--pad", type=int, default=0, help="bytes added to every batch")
    parser.add_argument("--no-threads", action="store_true", help="no other thread in the parent")
    parser.add_argument("--hang", type=float, default=20.0, help="seconds that count as a hang")
    args = parser.parse_args()
    print(
        f"python {platform.python_version()}, {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.2f} at start, parlour from {os.path.dirname(sim.__file__)}"
    )
    if args.pad:
        pad_batches(args.pad)
    done = None if args.no_threads else bystanders()
    times = []
    for run in range(args.runs):
        alarm = hang_alarm(args.hang, run)
        times.append(stop_time(after=1 + run % 3))
        alarm.cancel()
    if done is not None:
        done.set()
    ms = [1000 * t for t in times]
    print(
        f"| runs | padding | threads | median ms | p99 ms | worst ms |\n|---|---|---|---|---|---|\n"
        f"| {args.runs} | {args.pad:,} | {'none' if args.no_threads else 2} "
        f"| {percentile(ms, 0.5):.1f} | {percentile(ms, 0.99):.1f} | {max(ms):.1f} |"
    )
    print(f"load average {os.getloadavg()[0]:.2f} at end")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
