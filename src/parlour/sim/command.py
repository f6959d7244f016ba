"""``parlour simulate``: the command line of the simulation runner.

The command lives beside the runner (the CLI module only registers it) and
draws with Rich, an optional extra: without it the command says in one line
how to get it. The progress bar goes to standard error and the closing table
to standard output, so ``parlour simulate ... > table.txt`` keeps the table.
"""

from __future__ import annotations

import argparse
import importlib
import textwrap
import time
from typing import Any

from ..ai.base import player_levels
from ..argtypes import deal_number, whole_number
from ..core.options import parse_option_words
from ..core.protocol import seat_name
from ..core.registry import game_class, game_names
from ..errors import MissingExtraError
from .backends import BACKENDS, check_backend, default_jobs
from .play import make_spec
from .pool import WORKER_TIMEOUT
from .runner import check_out, run_spec
from .stats import Summary

__all__ = ["add_parser", "cmd_simulate", "summary_table"]

#: The exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells expect.
EXIT_INTERRUPTED = 130


#: The end of ``parlour simulate --help``: real command lines, each of which runs as
#: written (tests/test_cli_help.py checks every one).
EXAMPLES = """\
examples:
  parlour simulate uno --players strong,random -n 1000    # strong against random
  parlour simulate gate --players fair -n 200 bars=3       # fair, with 3-card bars
  parlour simulate chinese-patience -n 500 --out cp.jsonl  # each game, a JSON line"""


def players_text() -> str:
    """The players each game has (from the registry of computer players), for the help
    page: made when the page is shown, as listing them loads every player module."""
    lines = ["players of each game (--players names one a seat, comma-separated):"]
    for name in game_names():
        seats = "" if game_class(name).players == 1 else "  (two seats)"
        lines.append(f"  {name:18} {', '.join(player_levels(name))}{seats}")
    return "\n".join(lines)


def add_parser(sub: Any) -> None:
    """Add ``simulate`` to the ``parlour`` command's subcommands (``sub`` makes the CLI's
    parsers, which take ``more``: text made only when the help is shown)."""
    p = sub.add_parser(
        "simulate",
        help="play many games between computer players and summarise them",
        description=textwrap.fill(
            "Play N games between computer players and print win rates with 95% "
            "confidence intervals. Game i is dealt from seed S+i, so results are "
            "reproducible and do not depend on --jobs or --backend.",
            79,
        ),
        epilog=EXAMPLES,
        more=players_text,
    )
    p.add_argument("game", help=", ".join(game_names()))
    p.add_argument("options", nargs="*", help="game options: classic, bars=3, target=200 ...")
    p.add_argument(
        "--players",
        help="computer player per seat, comma-separated: strong,random (default: random in "
        "every seat; the players of each game are listed below)",
    )
    p.add_argument(
        "--games",
        "-n",
        type=whole_number("a number of games", 1),
        default=1000,
        metavar="N",
        help="games to play (default 1000)",
    )
    p.add_argument(
        "--seed", type=deal_number, default=0, metavar="S", help="deal number of game 0 (default 0)"
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=whole_number("a number of workers", 1),
        metavar="N",
        help=f"parallel workers (default: all {default_jobs()} cores)",
    )
    p.add_argument("--backend", choices=BACKENDS, default="process", help="default: process")
    p.add_argument("--address", help="ray backend: address of a running cluster to join")
    p.add_argument(
        "--matches",
        action="store_true",
        help="uno: play whole matches to the target score instead of single hands",
    )
    p.add_argument(
        "--max-moves",
        type=whole_number("a move limit", 1),
        metavar="N",
        help="stop a game after this many moves and count it as capped "
        "(default 5000 for patiences, 200000 for two-player games)",
    )
    p.add_argument(
        "--worker-timeout",
        type=whole_number("a number of seconds", 1),
        metavar="S",
        default=int(WORKER_TIMEOUT),
        help="end the run with an error if a worker holds a chunk of games this many "
        f"seconds without sending it back: it is stuck (default {int(WORKER_TIMEOUT)})",
    )
    p.add_argument(
        "--out",
        help="write one JSON line per game to this file (its winner and scores count "
        "seats from 0, as the table does: player 0 is the first of --players)",
    )
    p.set_defaults(func=cmd_simulate)


def _rich() -> tuple[Any, Any, Any]:
    """Rich's console, progress and table modules, or a one-line error naming the extra."""
    try:
        return (
            importlib.import_module("rich.console"),
            importlib.import_module("rich.progress"),
            importlib.import_module("rich.table"),
        )
    except ImportError:
        raise MissingExtraError(
            "parlour simulate draws its progress bar and table with Rich: "
            "pip install 'parlour[sim]'"
        ) from None


def cmd_simulate(args: argparse.Namespace) -> int:
    spec = make_spec(
        args.game,
        args.players,
        games=args.games,
        seed=args.seed,
        options=parse_option_words(args.options),
        matches=args.matches,
        max_moves=args.max_moves,
    )
    jobs = default_jobs() if args.jobs is None else args.jobs
    check_backend(jobs, args.backend, args.address)
    if args.out is not None:
        check_out(args.out)  # before the progress bar: a bad path is the only line printed
    console_mod, progress_mod, table_mod = _rich()
    out = console_mod.Console()
    err = console_mod.Console(stderr=True)
    unit = spec.unit
    progress = progress_mod.Progress(
        progress_mod.TextColumn(f"{spec.game} ({plural(unit)})"),
        progress_mod.BarColumn(),
        progress_mod.MofNCompleteColumn(),
        progress_mod.TextColumn("{task.fields[rate]}"),
        progress_mod.TextColumn("ETA"),
        progress_mod.TimeRemainingColumn(),
        console=err,
        # No refresh thread: the bar is redrawn as chunks finish, and worker processes
        # are forked from a process without other threads.
        auto_refresh=False,
        transient=False,
    )
    task = progress.add_task("simulate", total=spec.games, rate="")
    finished = 0

    def show_rate(per_second: float) -> None:
        progress.update(task, rate=f"{per_second:,.0f} {plural(unit)}/s" if per_second else "")
        progress.refresh()

    def advance(done: int) -> None:
        # The summary's rate, so far: games finished over the time since the run
        # started (Rich's own speed leaves out the first chunk and averages over a
        # window, so it read higher than the closing table).
        nonlocal finished
        finished += done
        progress.advance(task, done)
        elapsed = time.perf_counter() - started
        show_rate(finished / elapsed if elapsed > 0 else 0.0)

    with progress:
        started = time.perf_counter()
        results = run_spec(
            spec,
            jobs=jobs,
            backend=args.backend,
            address=args.address,
            out=args.out,
            keep_records=False,
            progress=advance,
            worker_timeout=args.worker_timeout,
        )
        show_rate(results.summary.games_per_second)  # the last frame agrees exactly
    summary = results.summary
    if results.interrupted:
        err.print(
            f"interrupted: {summary.games:,} of {spec.games:,} {plural(unit)} finished"
            + (f" (written to {args.out})" if args.out else "")
        )
    out.print(summary_table(summary, spec.seed, table_mod))
    return EXIT_INTERRUPTED if results.interrupted else 0


def plural(unit: str, n: int = 2) -> str:
    """'game' -> 'games', 'match' -> 'matches'."""
    if n == 1:
        return unit
    return unit + ("es" if unit.endswith("ch") else "s")


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def summary_table(summary: Summary, seed: int, table_mod: Any) -> Any:
    """The closing table: one row per seat, then the results and lengths."""
    n = summary.games
    unit = summary.unit
    versus = " vs ".join(summary.players)
    if n == 0:
        seeds = "none finished"
    elif n == 1:
        seeds = f"seed {seed}"
    else:
        seeds = f"seeds {seed}-{seed + n - 1}"
    table = table_mod.Table(
        title=f"{summary.game}: {n:,} {plural(unit, n)} ({seeds}), {versus}",
        title_justify="left",
    )
    # "computer player" (random, fair, strong): beside "player 0" a column called
    # "player" read as a second name for the seat
    if len(summary.players) > 1:
        table.add_column("seat")
    table.add_column("computer player")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI (Wilson)", justify="right")
    table.add_column("mean score", justify="right")
    for seat in summary.seats:
        # "player 0": the seat as the records of --out, their reasons ("player 1
        # went out") and the engine number it; it said "Player 1" here, and so named
        # player 1 of the records "Player 2"
        who = seat_name(seat.seat)
        cells = [who, seat.player] if len(summary.players) > 1 else [seat.player]
        cells += [
            f"{seat.wins:,}",
            _percent(seat.win_rate),
            f"{_percent(seat.ci_low)} - {_percent(seat.ci_high)}",
            "-" if seat.mean_score is None else f"{seat.mean_score:.1f}",
        ]
        table.add_row(*cells)
    results = ", ".join(f"{name} {count:,}" for name, count in summary.results.items())
    lines = [
        f"results: {results or 'none'}",
        f"mean length: {summary.mean_moves:.1f} moves"
        + (f", {summary.mean_hands:.2f} hands" if unit == "match" and summary.mean_hands else ""),
        f"time: {summary.elapsed:.1f} s, {summary.games_per_second:,.1f} {plural(unit)}/s",
    ]
    if summary.interrupted:
        lines.append("partial results: the run was interrupted")
    table.caption = "\n".join(lines)
    table.caption_justify = "left"
    return table
