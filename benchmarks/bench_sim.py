"""Simulation throughput with 1 and 2 worker processes, for every game.

    python benchmarks/bench_sim.py            # about a minute on an idle machine
    python benchmarks/bench_sim.py --quick    # a few seconds, for a smoke test

Prints a Markdown table: games/s, moves/s, the speed-up of 2 processes over 1,
and the CPU time per game (all processes together; the last column is the
parent process's share with the most jobs: handing out work, merging tallies).
On a busy machine the wall clock cannot show scaling; equal CPU time per game
for 1 and 2 processes shows that splitting the work costs nothing, so idle cores
scale it linearly.
Both runs play the same games (game i is dealt from seed i), so the figures
compare like with like, and keep no per-game records (as ``parlour simulate``
without ``--out``). Random players throughout; The Gate and 8 x 8 at a
move limit of 1,000, since a random player shuffles cards in them for ever.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from parlour import sim

#: game, players, games in a full run, options
CASES: list[tuple[str, str, int, dict[str, object]]] = [
    ("calculation", "random", 20000, {}),
    ("gate", "random", 600, {}),
    ("eight-by-eight", "random", 300, {}),
    ("chinese-patience", "random,random", 3000, {}),
    ("uno", "random,random", 8000, {}),
]
LIMITS = {"gate": 1000, "eight-by-eight": 1000}


def cpu_seconds() -> tuple[float, float]:
    """CPU time of this process, and of its finished children (the workers)."""
    t = os.times()
    return t.user + t.system, t.children_user + t.children_system


def measure(game: str, players: str, games: int, jobs: int) -> tuple[float, float, float, float]:
    """games/s, moves/s, CPU ms per game (all processes), of which the parent's."""
    parent, children = cpu_seconds()
    started = time.perf_counter()
    results = sim.run(
        game,
        players,
        games=games,
        seed=0,
        jobs=jobs,
        keep_records=False,  # as ``parlour simulate`` without --out
        max_moves=LIMITS.get(game),
    )
    elapsed = time.perf_counter() - started
    parent_after, children_after = cpu_seconds()
    parent = parent_after - parent
    cpu = parent + children_after - children
    moves = results.summary.mean_moves * results.summary.games
    return games / elapsed, moves / elapsed, 1000 * cpu / games, 1000 * parent / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the games")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    print(
        f"python {platform.python_version()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    header = "| game | games | " + " | ".join(f"{j} proc games/s" for j in args.jobs)
    header += " | moves/s (1 proc) | speed-up | " + " | ".join(
        f"CPU ms/game, {j} proc" for j in args.jobs
    )
    header += f" | parent's CPU ms/game, {args.jobs[-1]} proc"
    print(header + " |")
    print("|" + "---|" * (2 * len(args.jobs) + 5))
    for game, players, games, _options in CASES:
        n = max(10, games // 10) if args.quick else games
        rates = []
        cpus = []
        moves_rate = 0.0
        parent = 0.0
        for jobs in args.jobs:
            rate, per_move, cpu, parent = measure(game, players, n, jobs)
            rates.append(rate)
            cpus.append(cpu)
            if jobs == args.jobs[0]:
                moves_rate = per_move
        cells = " | ".join(f"{r:,.1f}" for r in rates)
        cpu_cells = " | ".join(f"{c:.2f}" for c in cpus)
        print(
            f"| {game} | {n} | {cells} | {moves_rate:,.0f} | {rates[-1] / rates[0]:.2f}x "
            f"| {cpu_cells} | {parent:.3f} |",
            flush=True,
        )
    print(f"load average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
