"""8 x 8: the fair player's win rate and the solver's decided shares and times.

    python benchmarks/bench_eight_by_eight_ai.py [--deals 2000] [--budget 10s] [--jobs 2]
        [--seed 0] [--seeds-file FILE] [--skip-player] [--skip-solver] [--out deals.tsv]
    [--tail-only | --proof-only]

Deal i is the seeded deal ``seed + i``; ``--seeds-file`` instead names a file of
seeds (whitespace-separated, or the first column of an ``--out`` file; with a second
column, only the lines whose status is ``unknown``), e.g. the deals a run left
undecided, to re-run them with a larger budget. For each deal:

* the fair player plays it from its view alone until the game ends or the player
  says that no move leads anywhere (then the deal counts as lost; it would resign);
* the solver searches it with a fresh per-deal ``--budget`` (a node count such as
  ``50000`` or a time such as ``10s``) and answers winnable, unwinnable or undecided.

Prints the player's win rate with a Wilson 95% interval, its average number of
cards on the foundations, the solver's shares (with Wilson intervals) and its
median, 95th-percentile and largest time per deal (wall clock), with the
median and 95th-percentile CPU time and node count. Deals run on a process pool of
``--jobs`` workers; times are wall-clock per deal inside the worker, so a loaded
machine shows slower times (the load average is printed). ``--out`` writes each
deal (seed, solver status, nodes, wall and CPU seconds, player won) as it finishes,
so a long run can be followed and its finished part kept. ``--tail-only`` runs only
the solver's tail search (``solve_tail``: what the solver runs, with the budget beyond
600,000 nodes, for a deal its first 600,000 nodes leave undecided), so the deals a
600,000-node run left undecided can be taken further without repeating those nodes.
``--proof-only`` runs only the proof pass (``solve_proof_pass``: what the solver runs
once its search has ended through the open regime without a proof), for the deals a
run left undecided that way.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from _report import percentile, share

from parlour.ai import make_player
from parlour.ai.eight_by_eight import (
    EightByEightFairPlayer,
    solve_eight_by_eight,
    solve_proof_pass,
    solve_tail,
)
from parlour.ai.eight_by_eight.solver import TAIL_FROM
from parlour.ai.solver import parse_budget
from parlour.games.eight_by_eight import EightByEight

NAME = "eight-by-eight"
#: A safety net only: the fair player makes a few hundred moves per deal.
MAX_MOVES = 5_000


@dataclass
class Deal:
    seed: int
    won: bool | None = None
    up: int = 0
    moves: int = 0
    player_seconds: float = 0.0
    status: str = ""
    solve_seconds: float = 0.0
    solve_cpu: float = 0.0
    nodes: int = 0


def play(seed: int) -> tuple[bool, int, int]:
    """The fair player on deal ``seed``: (won, cards on the foundations, moves)."""
    state = EightByEight.new(seed, None, {})
    player = make_player(NAME, "fair", seed=seed)
    assert isinstance(player, EightByEightFairPlayer)
    moves = 0
    while state.outcome is None and moves < MAX_MOVES:
        view = state.view(0)
        move = player.choose(view, view["legal_moves"])
        if player.stuck:
            break
        state.apply(state.parse_move(move))
        moves += 1
    outcome = state.outcome
    return (
        outcome is not None and outcome.result == "won",
        sum(f >> 2 for f in state.found),
        moves,
    )


#: The whole solver, and the stages ``--tail-only`` and ``--proof-only`` run alone,
#: with the name the report gives each.
STAGES = {
    "all": (solve_eight_by_eight, "solver"),
    "tail": (solve_tail, "tail search only"),
    "proof": (solve_proof_pass, "proof pass only"),
}


def run(args: tuple[int, str, bool, bool, str]) -> Deal:
    seed, budget_text, do_player, do_solver, stage = args
    deal = Deal(seed)
    if do_player:
        start = time.perf_counter()
        deal.won, deal.up, deal.moves = play(seed)
        deal.player_seconds = time.perf_counter() - start
    if do_solver:
        state = EightByEight.new(seed, None, {})
        budget = parse_budget(budget_text)
        start = time.perf_counter()
        cpu = time.process_time()
        budget.restart()
        result = STAGES[stage][0](state.copy(), budget)
        deal.solve_seconds = time.perf_counter() - start
        deal.solve_cpu = time.process_time() - cpu
        deal.status = result.status
        deal.nodes = result.nodes
    return deal


def read_seeds(path: str) -> list[int]:
    """Seeds from a file: whitespace-separated, or an ``--out`` file's undecided lines."""
    seeds = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            fields = line.split()
            if len(fields) >= 2 and not fields[1].lstrip("-").isdigit():
                if fields[1] == "unknown":
                    seeds.append(int(fields[0]))
            else:
                seeds.extend(int(field) for field in fields)
    return seeds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--budget", default="10s", help="per-deal solver budget (nodes or time)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seeds-file", help="run the seeds listed in this file instead")
    parser.add_argument("--skip-player", action="store_true")
    parser.add_argument("--skip-solver", action="store_true")
    only = parser.add_mutually_exclusive_group()
    only.add_argument(
        "--tail-only",
        action="store_const",
        const="tail",
        dest="stage",
        help=f"run only the solver's tail search (what follows its first {TAIL_FROM:,} "
        f"nodes) with the budget: for deals known to be undecided at {TAIL_FROM:,} nodes",
    )
    only.add_argument(
        "--proof-only",
        action="store_const",
        const="proof",
        dest="stage",
        help="run only the solver's proof pass (what it runs once a search has ended "
        "through the open regime): for deals known to end that way",
    )
    parser.add_argument(
        "--out", help="also write one line per deal to this file as deals finish (TSV)"
    )
    parser.set_defaults(stage="all")
    args = parser.parse_args(argv)
    parse_budget(args.budget)  # a bad budget fails here, not in every worker
    command = "python benchmarks/bench_eight_by_eight_ai.py " + " ".join(sys.argv[1:])
    print(f"# {command.strip()}")
    print(
        f"# Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f} at the start"
    )
    seeds: Iterable[int] = range(args.seed, args.seed + args.deals)
    if args.seeds_file:
        try:
            seeds = read_seeds(args.seeds_file)
        except (OSError, ValueError) as exc:
            parser.error(f"cannot read seeds from {args.seeds_file}: {exc}")
        if not seeds:
            parser.error(f"no seeds to run in {args.seeds_file}")
    jobs = [
        (seed, args.budget, not args.skip_player, not args.skip_solver, args.stage)
        for seed in seeds
    ]
    started = time.perf_counter()
    deals: list[Deal] = []
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    with ProcessPoolExecutor(args.jobs) as pool:
        for deal in pool.map(run, jobs, chunksize=1 if args.seeds_file else 4):
            deals.append(deal)
            if out is not None:
                out.write(
                    f"{deal.seed}\t{deal.status}\t{deal.nodes}\t{deal.solve_seconds:.4f}\t"
                    f"{deal.solve_cpu:.4f}\t{deal.won}\n"
                )
                out.flush()
    if out is not None:
        out.close()
    wall = time.perf_counter() - started
    n = len(deals)
    which = (
        f"seeds from {args.seeds_file}"
        if args.seeds_file
        else f"seeds {args.seed}-{args.seed + n - 1}"
    )
    print(
        f"deals: {n} ({which}), wall clock {wall:.0f} s, "
        f"load average {os.getloadavg()[0]:.1f} at the end"
    )
    if not args.skip_player:
        won = sum(1 for d in deals if d.won)
        print()
        print("| fair player | value |")
        print("|---|---|")
        print(f"| deals won | {share(won, n)} |")
        print(f"| average cards on the foundations | {sum(d.up for d in deals) / n:.1f} of 104 |")
        print(f"| average moves per deal | {sum(d.moves for d in deals) / n:.0f} |")
        print(f"| seconds per deal (mean) | {sum(d.player_seconds for d in deals) / n:.3f} |")
    if not args.skip_solver:
        times = [d.solve_seconds for d in deals]
        count = {
            s: sum(1 for d in deals if d.status == s) for s in ("solved", "unwinnable", "unknown")
        }
        decided = count["solved"] + count["unwinnable"]
        print()
        which_search = STAGES[args.stage][1]
        print(f"| {which_search}, budget {args.budget} per deal | value |")
        print("|---|---|")
        print(f"| winnable (a winning line, replayed) | {share(count['solved'], n)} |")
        print(f"| unwinnable (proved) | {share(count['unwinnable'], n)} |")
        print(f"| undecided | {share(count['unknown'], n)} |")
        print(f"| decided | {share(decided, n)} |")
        print(f"| median time per deal | {percentile(times, 0.5):.2f} s |")
        print(f"| 95th percentile | {percentile(times, 0.95):.2f} s |")
        print(f"| largest | {max(times):.2f} s |")
        cpu = [d.solve_cpu for d in deals]
        print(f"| median CPU time per deal | {percentile(cpu, 0.5):.2f} s |")
        print(f"| 95th percentile CPU time | {percentile(cpu, 0.95):.2f} s |")
        nodes = [float(d.nodes) for d in deals]
        print(f"| median nodes per deal | {percentile(nodes, 0.5):,.0f} |")
        print(f"| 95th percentile nodes | {percentile(nodes, 0.95):,.0f} |")
        solved_times = [d.solve_seconds for d in deals if d.status == "solved"]
        if solved_times:
            print(f"| median time of the winnable | {percentile(solved_times, 0.5):.2f} s |")
        print(f"| nodes per second (all deals) | {sum(d.nodes for d in deals) / sum(times):,.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
