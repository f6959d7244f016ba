"""Calculation: the fair player's win rate and the solver's decided shares, times and nodes.

    python benchmarks/bench_calculation_ai.py [--deals 2000] [--budget 5000] [--jobs 2]
        [--seed 0] [--variants default,classic] [--skip-player] [--skip-solver]

Deal i of a variant is the seeded deal ``seed + i`` (default: the empty-pile move on;
classic: off). For each deal:

* the fair player plays it from its view alone (no stock order) to the end;
* the solver searches it with a fresh per-deal ``--budget`` (a node count such as
  ``5000`` or a time such as ``2s``; nodes are machine-independent) and answers
  winnable (its line is replayed through the normal API), unwinnable or undecided.

``--resume-from LOG`` (a ``--log`` file of an earlier solver run, the same seeds and
variants) runs the solver again only on the deals that log left undecided, at the
new ``--budget``, and reports the whole set: the earlier answers and times for the
deals decided there, the new ones for the rest. This is exact when the new budget
only adds search after the earlier one (a node budget replays the same search), and
the printout says how the figures were composed. ``--seeds-file FILE`` runs only the
deals listed there, one ``variant seed`` a line.

Prints per variant the player's win rate with a Wilson 95% interval and its average
number of cards on the foundations, the solver's shares (with Wilson intervals) and
its median and 95th-percentile wall time, CPU time and nodes per deal. Deals run on
a process pool of ``--jobs`` workers; on a loaded machine wall times are inflated
(the load average is printed), CPU time (``time.process_time``) much less so.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from _report import percentile, share

import parlour
from parlour.ai import make_player
from parlour.ai.calculation import solve_calculation
from parlour.ai.solver import parse_budget
from parlour.games.calculation import Calculation

NAME = "calculation"
#: A safety net only: a deal takes at most 48 + 52 + a few empty-pile moves.
MAX_MOVES = 1_000
VARIANTS = {"default": {}, "classic": {"classic": True}}


@dataclass
class Deal:
    variant: str
    seed: int
    won: bool | None = None
    up: int = 0
    player_cpu: float = 0.0
    status: str = ""
    seconds: float = 0.0
    cpu: float = 0.0
    nodes: int = 0


def play(seed: int, options: dict[str, bool]) -> tuple[bool, int]:
    """The fair player on deal ``seed``: (won, cards on the foundations)."""
    game = parlour.new_game(NAME, seed=seed, options=options)
    player = make_player(NAME, "fair", seed=seed)
    moves = 0
    while game.outcome is None and moves < MAX_MOVES:
        game.play(player.choose(game.view(0), game.legal_moves()))
        moves += 1
    outcome = game.outcome
    up = sum(len(pile) for pile in game.view(0)["foundations"].values())
    return outcome is not None and outcome.result == "won", up


def run(args: tuple[str, int, str, bool, bool]) -> Deal:
    variant, seed, budget_text, do_player, do_solver = args
    options = VARIANTS[variant]
    deal = Deal(variant, seed)
    if do_player:
        start = time.process_time()
        deal.won, deal.up = play(seed, options)
        deal.player_cpu = time.process_time() - start
    if do_solver:
        state = Calculation.new(seed, None, options)
        budget = parse_budget(budget_text)
        start, cpu = time.perf_counter(), time.process_time()
        budget.restart()
        result = solve_calculation(state.copy(), budget)
        deal.seconds = time.perf_counter() - start
        deal.cpu = time.process_time() - cpu
        deal.status = result.status
        deal.nodes = result.nodes
        if result.status == "solved":  # the line must replay to a win
            game = parlour.new_game(NAME, seed=seed, options=options)
            for move in result.moves or ():
                game.play(move)
            if game.outcome is None or game.outcome.result != "won":
                deal.status = "bad line"
    return deal


def report(variant: str, deals: list[Deal], args: argparse.Namespace) -> None:
    n = len(deals)
    seeds = sorted(d.seed for d in deals)
    if seeds == list(range(seeds[0], seeds[0] + n)):
        which = f"seeds {seeds[0]}-{seeds[-1]}"
    else:
        which = "seeds " + ", ".join(map(str, seeds[:12])) + (", ..." if n > 12 else "")
    print(f"\n### {variant} ({n} deals, {which})")
    if not args.skip_player:
        won = sum(1 for d in deals if d.won)
        print()
        print("| fair player | value |")
        print("|---|---|")
        print(f"| deals won | {share(won, n)} |")
        print(f"| average cards on the foundations | {sum(d.up for d in deals) / n:.1f} of 52 |")
        print(f"| CPU seconds per deal (mean) | {sum(d.player_cpu for d in deals) / n:.3f} |")
    if not args.skip_solver:
        count = {
            s: sum(1 for d in deals if d.status == s)
            for s in ("solved", "unwinnable", "unknown", "bad line")
        }
        decided = count["solved"] + count["unwinnable"]
        print()
        print(f"| solver, budget {args.budget} per deal | value |")
        print("|---|---|")
        print(f"| winnable (a winning line, replayed) | {share(count['solved'], n)} |")
        print(f"| unwinnable (proved) | {share(count['unwinnable'], n)} |")
        print(f"| undecided | {share(count['unknown'], n)} |")
        print(f"| decided | {share(decided, n)} |")
        if count["bad line"]:
            print(f"| lines that failed to replay (a bug) | {count['bad line']} |")
        for label, values, unit in (
            ("wall time", [d.seconds for d in deals], " s"),
            ("CPU time", [d.cpu for d in deals], " s"),
            ("nodes", [float(d.nodes) for d in deals], ""),
        ):
            med, p95 = percentile(values, 0.5), percentile(values, 0.95)
            fmt = "{:,.0f}" if unit == "" else "{:.3f}"
            print(
                f"| median / 95th percentile {label} | {fmt.format(med)}{unit} / "
                f"{fmt.format(p95)}{unit} |"
            )
        solved = [d.cpu for d in deals if d.status == "solved"]
        if solved:
            print(f"| median CPU time of the winnable | {percentile(solved, 0.5):.3f} s |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--budget", default="5000", help="per-deal solver budget (nodes or time)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", default="default,classic")
    parser.add_argument("--skip-player", action="store_true")
    parser.add_argument("--skip-solver", action="store_true")
    parser.add_argument("--log", help="also write each deal's figures to this file as it ends")
    parser.add_argument(
        "--resume-from", help="a --log file: re-run only its undecided deals, report all"
    )
    parser.add_argument("--seeds-file", help="run only these deals: 'variant seed' a line")
    args = parser.parse_args(argv)
    parse_budget(args.budget)  # a bad budget fails here, not in every worker
    variants = [v.strip() for v in args.variants.split(",")]
    for v in variants:
        if v not in VARIANTS:
            parser.error(f"unknown variant {v!r}: the variants are {', '.join(VARIANTS)}")
    command = "python benchmarks/bench_calculation_ai.py " + " ".join(sys.argv[1:])
    print(f"# {command.strip()}")
    print(
        f"# Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f} at the start"
    )
    earlier: list[Deal] = []
    if args.resume_from or args.seeds_file:
        if not args.skip_player:
            parser.error("--resume-from and --seeds-file run the solver only: add --skip-player")
        try:
            wanted = read_deals(args, variants, parser)
        except (OSError, ValueError, TypeError) as exc:
            parser.error(f"cannot read {args.resume_from or args.seeds_file}: {exc}")
        if not wanted:
            parser.error(f"no {', '.join(variants)} deals in {args.resume_from or args.seeds_file}")
        earlier = [d for d in wanted if d.status]
        jobs = [(d.variant, d.seed, args.budget, False, True) for d in wanted if not d.status]
        print(
            f"# {len(earlier)} deals keep their answers from {args.resume_from}; "
            f"{len(jobs)} deals run now"
            if args.resume_from
            else f"# {len(jobs)} deals from {args.seeds_file}"
        )
    else:
        jobs = [
            (v, args.seed + i, args.budget, not args.skip_player, not args.skip_solver)
            for v in variants
            for i in range(args.deals)
        ]
    started = time.perf_counter()
    log = open(args.log, "w") if args.log else None  # noqa: SIM115 (open for the whole run)
    with ProcessPoolExecutor(args.jobs) as pool:
        deals = []
        # a few long deals (a re-run's) one per task, so both workers stay busy to the end
        chunk = 1 if args.resume_from or args.seeds_file else 8
        for deal in pool.map(run, jobs, chunksize=chunk):
            deals.append(deal)
            if log is not None:
                print(json.dumps(dataclasses.asdict(deal)), file=log, flush=True)
            if len(deals) % 100 == 0:  # progress, to stderr
                print(f"{len(deals)} deals, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    wall = time.perf_counter() - started
    if log is not None:
        log.close()
    print(f"# wall clock {wall:.0f} s, load average {os.getloadavg()[0]:.1f} at the end")
    if args.resume_from:
        for v in variants:
            rerun = sum(1 for d in deals if d.variant == v)
            kept = sum(1 for d in earlier if d.variant == v)
            print(
                f"\n# {v}: {kept} deals decided in {args.resume_from} (answers, times and "
                f"nodes from that run) + {rerun} undecided there, run now at {args.budget}"
            )
        deals = earlier + deals
    deals.sort(key=lambda d: (d.variant, d.seed))
    for v in variants:
        chosen = [d for d in deals if d.variant == v]
        if chosen:
            report(v, chosen, args)
    return 0


def read_deals(
    args: argparse.Namespace, variants: list[str], parser: argparse.ArgumentParser
) -> list[Deal]:
    """The deals of --resume-from (status kept unless undecided) or --seeds-file."""
    out: list[Deal] = []
    if args.resume_from:
        with open(args.resume_from) as f:
            for text in f:
                if text.strip():
                    d = Deal(**json.loads(text))
                    if d.variant in variants:
                        if d.status == "unknown":
                            d.status = ""
                        out.append(d)
        return out
    with open(args.seeds_file) as f:
        for text in f:
            parts = text.split()
            if not parts:
                continue
            if len(parts) != 2 or parts[0] not in VARIANTS or not parts[1].isdigit():
                parser.error(f"bad line in {args.seeds_file}: {text.strip()!r}")
            if parts[0] in variants:
                out.append(Deal(parts[0], int(parts[1])))
    return out


if __name__ == "__main__":
    raise SystemExit(main())
