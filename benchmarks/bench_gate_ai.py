"""The Gate: the fair player's win rate and the solver's decided shares, times and nodes.

    python benchmarks/bench_gate_ai.py [--deals 2000] [--bars 4 3] [--budget 10s]
        [--jobs 2] [--seed 0] [--skip-player] [--skip-solver]

For each bar size and each deal i (the seeded deal ``seed + i``):

* the fair player plays the deal from its view alone until the game ends or the
  player says that no move leads anywhere (then the deal counts as lost; it
  would resign);
* the solver searches it with a fresh per-deal ``--budget`` (a node count such
  as ``50000`` or a time such as ``10s``) and answers winnable, unwinnable or
  undecided. Every winning line is replayed through the engine here, move by
  move, and must end in a win.

Prints, per bar size, the player's win rate with a Wilson 95% interval and its
average cards home, then the solver's shares (with Wilson intervals), the
median, 95th-percentile and largest wall time per deal, the same for CPU time
(``time.process_time``, which a loaded machine inflates less) and for nodes.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from _report import percentile, share

from parlour.ai import make_player
from parlour.ai.gate import GateFairPlayer, solve_gate
from parlour.ai.solver import parse_budget
from parlour.games.gate import Gate

NAME = "gate"
#: A safety net only: the fair player makes about a hundred moves per deal.
MAX_MOVES = 3_000


@dataclass
class Deal:
    seed: int
    bars: int
    won: bool = False
    home: int = 0
    moves: int = 0
    player_cpu: float = 0.0
    status: str = ""
    wall: float = 0.0
    cpu: float = 0.0
    nodes: int = 0


def play(seed: int, bars: int) -> tuple[bool, int, int]:
    """The fair player on deal ``seed``: (won, cards on the foundations, moves)."""
    state = Gate.new(seed, None, {"bars": bars})
    player = make_player(NAME, "fair", seed=seed)
    assert isinstance(player, GateFairPlayer)
    moves = 0
    while state.outcome is None and moves < MAX_MOVES:
        view = state.view(0)
        move = player.choose(view, view["legal_moves"])
        if player.stuck:
            break
        state.apply(state.parse_move(move))
        moves += 1
    outcome = state.outcome
    home = sum(1 for c in range(4, 56) if c not in state.all_cards()) if outcome is None else 52
    return outcome is not None and outcome.result == "won", home, moves


def check_line(seed: int, bars: int, moves: tuple[str, ...]) -> None:
    """Replays a winning line through the engine's own move parser."""
    state = Gate.new(seed, None, {"bars": bars})
    for text in moves:
        state.apply(state.parse_move(text))
    outcome = state.outcome
    if outcome is None or outcome.result != "won":
        raise AssertionError(f"seed {seed}, bars={bars}: the solver's line does not win")


def run(args: tuple[int, int, str, bool, bool]) -> Deal:
    seed, bars, budget_text, do_player, do_solver = args
    deal = Deal(seed, bars)
    if do_player:
        start = time.process_time()
        deal.won, deal.home, deal.moves = play(seed, bars)
        deal.player_cpu = time.process_time() - start
    if do_solver:
        state = Gate.new(seed, None, {"bars": bars})
        budget = parse_budget(budget_text)
        wall, cpu = time.perf_counter(), time.process_time()
        budget.restart()
        result = solve_gate(state.copy(), budget)
        deal.wall = time.perf_counter() - wall
        deal.cpu = time.process_time() - cpu
        deal.status = result.status
        deal.nodes = result.nodes
        if result.moves is not None:
            check_line(seed, bars, result.moves)
    return deal


def report(deals: list[Deal], bars: int, budget: str, player: bool, solver: bool) -> None:
    n = len(deals)
    print(f"\n### {bars}-card bars ({n} deals)")
    if player:
        won = sum(1 for d in deals if d.won)
        print()
        print("| fair player | value |")
        print("|---|---|")
        print(f"| deals won | {share(won, n)} |")
        print(f"| average cards on the foundations | {sum(d.home for d in deals) / n:.1f} of 52 |")
        print(f"| average moves per deal | {sum(d.moves for d in deals) / n:.0f} |")
        print(f"| CPU seconds per deal (mean) | {sum(d.player_cpu for d in deals) / n:.3f} |")
    if solver:
        count = {s: sum(1 for d in deals if d.status == s) for s in ("solved", "unwinnable")}
        undecided = n - count["solved"] - count["unwinnable"]
        print()
        print(f"| solver, budget {budget} per deal | value |")
        print("|---|---|")
        print(f"| winnable (a winning line, replayed) | {share(count['solved'], n)} |")
        print(f"| unwinnable (proved) | {share(count['unwinnable'], n)} |")
        print(f"| undecided | {share(undecided, n)} |")
        print(f"| decided | {share(n - undecided, n)} |")
        for label, values, unit in (
            ("wall time", [d.wall for d in deals], "s"),
            ("CPU time", [d.cpu for d in deals], "s"),
            ("nodes", [float(d.nodes) for d in deals], ""),
        ):
            fmt = "{:,.0f}" if not unit else "{:.3f} s"
            med, p95, top = percentile(values, 0.5), percentile(values, 0.95), max(values)
            print(
                f"| {label}: median / 95th percentile / largest | "
                f"{fmt.format(med)} / {fmt.format(p95)} / {fmt.format(top)} |"
            )
        cpu = sum(d.cpu for d in deals)
        if cpu:
            print(f"| nodes per CPU second | {sum(d.nodes for d in deals) / cpu:,.0f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--bars", type=int, nargs="+", default=[4, 3], choices=[4, 3])
    parser.add_argument("--budget", default="10s", help="per-deal solver budget (nodes or time)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip-player", action="store_true")
    parser.add_argument("--skip-solver", action="store_true")
    args = parser.parse_args(argv)
    parse_budget(args.budget)  # a bad budget fails here, not in every worker
    command = "python benchmarks/bench_gate_ai.py " + " ".join(sys.argv[1:])
    print(f"# {command.strip()}")
    print(
        f"# Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f} at the start"
    )
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for bars in args.bars:
            jobs = [
                (args.seed + i, bars, args.budget, not args.skip_player, not args.skip_solver)
                for i in range(args.deals)
            ]
            deals = list(pool.map(run, jobs, chunksize=8))
            report(deals, bars, args.budget, not args.skip_player, not args.skip_solver)
    print(
        f"\nseeds {args.seed}-{args.seed + args.deals - 1}, wall clock "
        f"{time.perf_counter() - started:.0f} s, "
        f"load average {os.getloadavg()[0]:.1f} at the end"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
