"""The patience players that see only the view, against the solvers that see everything.

    python benchmarks/bench_fair_players.py [--variants gate-3,gate-4,calculation,
        calculation-classic,eight-by-eight] [--deals 1000] [--seed 200000]
        [--level strong] [--seconds 1.0] [--solver-budget NODES] [--jobs 1]
        [--skip-solver] [--out deals.jsonl] [--report deals.jsonl [--against other.jsonl]]

Deal i of a variant is the seeded deal ``seed + i``. For each deal:

* the player (``--level``, by default the strongest: ``strong``) plays it from its view
  alone until the game ends or the player says that no move leads anywhere (then the
  deal counts as lost: a person would resign); ``--seconds`` caps the time of one
  decision (the players' work per decision is a fixed schedule of samples, so a run is
  reproducible whenever the cap is not reached);
* the solver (which sees the whole deal) searches it with ``--solver-budget`` nodes
  (by default :data:`SOLVER_NODES` of its game)
  and answers winnable, unwinnable or undecided.

Prints per variant: the player's win rate with its Wilson 95% interval, the solver's
winnable share (deals it won; with its undecided share beside it, so the winnable share
is at least that and at most that plus the undecided), their ratio, CPU time per move
(median and 95th percentile, over every move of every deal) and per deal, the slowest
deal with its seed, and any deal the player did not finish (a safety net of moves).
``--out`` writes one JSON line per deal as it finishes. The variants' deals are played
in turn (deal 0 of each, then deal 1 of each, ...), so a run cut short has as many
deals of each variant; ``--report deals.jsonl`` prints the tables of such a run (or of
any ``--out`` file) without playing; ``--against other.jsonl`` adds, per variant, the
other run's player (e.g. ``--level fair``) on the same seeds and the deals only one of
the two won.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from _report import percentile, share

import parlour
from parlour.ai import make_player
from parlour.ai.solver import Budget, solve

#: The variants: game name and options.
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "gate-4": ("gate", {"bars": 4}),
    "gate-3": ("gate", {"bars": 3}),
    "calculation": ("calculation", {}),
    "calculation-classic": ("calculation", {"classic": True}),
    "eight-by-eight": ("eight-by-eight", {}),
}
#: The solver's nodes a deal by default, per game: enough to decide nearly every deal
#: (Calculation's classic game has a few that take millions).
SOLVER_NODES = {"gate": 50_000, "calculation": 200_000, "eight-by-eight": 100_000}
#: A safety net only: no variant needs more moves.
MAX_MOVES = 5_000


@dataclass
class Deal:
    variant: str
    seed: int
    won: bool = False
    gave_up: bool = False  # the player said that no move leads anywhere (it resigned)
    unfinished: bool = False  # the safety net of moves was reached
    moves: int = 0
    cpu: float = 0.0
    move_cpu: list[float] = field(default_factory=list)
    solver: str = ""
    solver_nodes: int = 0
    solver_budget: int = 0  # nodes (0: not run)
    level: str = ""
    seconds: float = 0.0  # the player's cap a decision


def run(job: tuple[str, int, str, float, int]) -> Deal:
    variant, seed, level, seconds, budget = job
    name, options = VARIANTS[variant]
    deal = Deal(variant, seed, level=level, seconds=seconds)
    budget = budget if budget >= 0 else SOLVER_NODES[name]
    game = parlour.new_game(name, seed=seed, options=options)
    player = make_player(name, level, seed=seed)
    if hasattr(player, "seconds"):
        player.seconds = seconds
    start = time.process_time()
    while game.outcome is None and deal.moves < MAX_MOVES:
        before = time.process_time()
        move = player.choose(game.view(0), game.legal_moves())
        deal.move_cpu.append(time.process_time() - before)
        if player.stuck:
            deal.gave_up = True
            break
        game.play(move)
        deal.moves += 1
    deal.cpu = time.process_time() - start
    outcome = game.outcome
    deal.won = outcome is not None and outcome.result == "won"
    deal.unfinished = outcome is None and not deal.gave_up
    if budget:
        result = solve(parlour.new_game(name, seed=seed, options=options), Budget(nodes=budget))
        deal.solver = result.status
        deal.solver_nodes = result.nodes
        deal.solver_budget = budget
    return deal


def report(variant: str, deals: list[Deal]) -> None:
    level, seconds, budget = deals[0].level, deals[0].seconds, deals[0].solver_budget
    n = len(deals)
    won = sum(d.won for d in deals)
    moves = [t for d in deals for t in d.move_cpu]
    per_deal = [d.cpu for d in deals]
    slowest = max(deals, key=lambda d: d.cpu)
    print(f"\n### {variant} ({n} deals, seeds {deals[0].seed}-{deals[-1].seed})\n")
    print("| figure | value |")
    print("|---|---|")
    cap = f", cap {seconds:g} s a decision" if level == "strong" else ""  # the others take none
    print(f"| {level} player (sees only the view){cap}: won | {share(won, n)} |")
    if budget:
        solved = sum(d.solver == "solved" for d in deals)
        unknown = sum(d.solver == "unknown" for d in deals)
        print(f"| solver, {budget:,} nodes a deal: winnable (line found) | {share(solved, n)} |")
        print(f"| solver: undecided | {share(unknown, n)} |")
        if solved:
            both = sum(d.won and d.solver == "solved" for d in deals)
            print(
                f"| ratio: player's wins / solver's winnable | {won / solved:.3f} "
                f"(at most {won / solved:.3f}, at least {won / (solved + unknown):.3f}); "
                f"won where the solver found no line: {won - both} |"
            )
    print(f"| resigned (no move leads anywhere) | {sum(d.gave_up for d in deals)} |")
    print(f"| unfinished (more than {MAX_MOVES} moves) | {sum(d.unfinished for d in deals)} |")
    print(
        f"| CPU per move: median / 95th percentile / largest | "
        f"{percentile(moves, 0.5):.3f} / {percentile(moves, 0.95):.3f} / {max(moves):.3f} s |"
    )
    print(
        f"| CPU per deal: median / mean / largest | {percentile(per_deal, 0.5):.2f} / "
        f"{sum(per_deal) / n:.2f} / {slowest.cpu:.2f} s (slowest: seed {slowest.seed}, "
        f"{slowest.moves} moves) |"
    )
    print(f"| moves per deal (mean) | {sum(d.moves for d in deals) / n:.0f} |")


def read_deals(path: str) -> dict[str, list[Deal]]:
    """The deals of an ``--out`` file by variant, in seed order."""
    played: dict[str, list[Deal]] = {}
    with open(path) as rows:
        for line in rows:
            deal = Deal(**json.loads(line))
            played.setdefault(deal.variant, []).append(deal)
    for deals in played.values():
        deals.sort(key=lambda d: d.seed)
    return played


def report_file(path: str, against: str = "") -> int:
    """The tables of the deals in an ``--out`` file; with ``against`` (another run's
    file, e.g. the fair level's) each variant's deals compared seed by seed."""
    played = read_deals(path)
    other = read_deals(against) if against else {}
    command = f"--report {path}" + (f" --against {against}" if against else "")
    print(f"# python benchmarks/bench_fair_players.py {command}")
    for variant, deals in played.items():
        report(variant, deals)
        if variant in other:
            compare(deals, other[variant])
    return 0


def compare(deals: list[Deal], others: list[Deal]) -> None:
    """The other run's player on the same seeds, and the deals only one of them won."""
    by_seed = {d.seed: d for d in others}
    pairs = [(d, by_seed[d.seed]) for d in deals if d.seed in by_seed]
    if not pairs:
        return
    level = pairs[0][1].level or "other"
    n = len(pairs)
    print(
        f"| {level} player on the same {n} seeds: won | {share(sum(o.won for _, o in pairs), n)}; "
        f"won by this player only {sum(d.won and not o.won for d, o in pairs)}, by the "
        f"{level} player only {sum(o.won and not d.won for d, o in pairs)} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=200_000)
    parser.add_argument("--level", default="strong")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--solver-budget", type=int, default=-1)
    parser.add_argument("--skip-solver", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default="")
    parser.add_argument("--report", default="", help="print the tables of an --out file")
    parser.add_argument("--against", default="", help="with --report: another run's file")
    args = parser.parse_args(argv)
    if args.report:
        return report_file(args.report, args.against)
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    for v in variants:
        if v not in VARIANTS:
            parser.error(f"unknown variant {v!r}: choose from {', '.join(VARIANTS)}")
    budget = 0 if args.skip_solver else args.solver_budget
    print(f"# python benchmarks/bench_fair_players.py {' '.join(sys.argv[1:])}".rstrip())
    print(
        f"# Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f} at the start, "
        f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC"
    )
    started = time.perf_counter()
    out = open(args.out, "a") if args.out else None  # noqa: SIM115 (kept open for the run)
    jobs = [
        (variant, args.seed + i, args.level, args.seconds, budget)
        for i in range(args.deals)
        for variant in variants
    ]
    played: dict[str, list[Deal]] = {v: [] for v in variants}
    with ProcessPoolExecutor(args.jobs) as pool:
        for deal in pool.map(run, jobs, chunksize=1):
            played[deal.variant].append(deal)
            if out is not None:
                row = asdict(deal)
                row["move_cpu"] = [round(t, 4) for t in row["move_cpu"]]
                out.write(json.dumps(row) + "\n")
                out.flush()
    for variant in variants:
        report(variant, played[variant])
    if out is not None:
        out.close()
    print(
        f"\nwall clock {time.perf_counter() - started:.0f} s, "
        f"load average {os.getloadavg()[0]:.1f} at the end"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
