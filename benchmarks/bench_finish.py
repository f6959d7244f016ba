"""What a patience's finish costs a table: the search for its line, and each answer.

    python benchmarks/bench_finish.py                  # the three patiences' deals below
    python benchmarks/bench_finish.py --deals 10       # and the searches of 10 more deals

Once nothing is hidden, every answer offers the finish (``GameState.finishing_line``:
the moves that send every card left home, found by ``core.protocol.home_run``'s
search), and a table sends those cards home one move (the web table: one request) a
card. For each deal below, solved by the game's solver and played to the first
position that offers a finish, this prints:

* the line's length and one search from there (ms);
* what searching again at every position of the line costs (the sum of n searches,
  each of what is left: what every answer paid before the service kept the line);
* ``policy.finishes_along`` once (the line and the position keys along it: what the
  service pays now, once a line);
* the service's ``send_home`` from that position on an in-memory store (ms, and per
  card), the moves played through ``TableService.play`` as the tables do.

Then, over every position with nothing hidden along the solver's winning lines of
``--deals`` deals of Calculation and 8 x 8 (from ``--first-seed``), the positions each
search looked at (its ``legal_moves`` calls) and its time: the most and the median,
to set ``HOME_RUN_NODES``. Times are wall clock, best of ``--repeat``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import parlour  # noqa: E402
from parlour.ai.solver import Budget, solve  # noqa: E402
from parlour.core.protocol import HOME_RUN_NODES  # noqa: E402
from parlour.core.registry import game_class  # noqa: E402
from parlour.service import open_service  # noqa: E402
from parlour.service.policy import finishes_along  # noqa: E402

#: Deals whose winning line ends in a finish: The Gate's 35 cards, 8 x 8's 62 (deal 0
#: offers its finish from move 258), Calculation's few.
DEALS = {"gate": 2, "eight-by-eight": 0, "calculation": 3}
SOLVE = Budget(nodes=200_000, seconds=30)


def best(repeat: int, job: Callable[[], object]) -> float:
    """The least wall-clock seconds of ``repeat`` runs of ``job``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return min(times)


def to_the_finish(name: str, seed: int) -> list[str]:
    """The solver's moves of a deal up to the first position that offers a finish."""
    game = parlour.new_game(name, seed=seed)
    found = solve(game, Budget(nodes=SOLVE.nodes, seconds=SOLVE.seconds))
    moves: list[str] = []
    for move in found.moves or ():
        if game.state.finishing_line():
            break
        game.play(move)
        moves.append(move)
    return moves


def per_answer(name: str, seed: int, repeat: int) -> None:
    moves = to_the_finish(name, seed)
    game = parlour.new_game(name, seed=seed)
    for move in moves:
        game.play(move)
    state = game.state
    line = state.finishing_line()
    if not line:
        print(f"| {name} {seed} | no finish on the solver's line | | | | |")
        return

    def every_answer() -> None:
        trial = state.copy()
        for move in line:
            trial.finishing_line()
            trial.apply(move)

    once = best(repeat, state.finishing_line)
    again = best(repeat, every_answer)
    kept = best(repeat, lambda: finishes_along(state))
    sent = []
    for _ in range(repeat):
        table = open_service(":memory:")
        answer = table.start("bench", name, seed=seed)
        for move in moves:
            answer = table.play("bench", answer["id"], move)
        start = time.perf_counter()
        done = table.send_home("bench", answer["id"])
        sent.append(time.perf_counter() - start)
        assert done["result"] == "won", done["status"]
    send = min(sent)
    print(
        f"| {name} {seed} | {len(line)} | {once * 1e3:.2f} | {again * 1e3:.1f} | "
        f"{kept * 1e3:.2f} | {send * 1e3:.0f} ({send / len(line) * 1e3:.1f} a card) |",
        flush=True,
    )


def search_sizes(name: str, seeds: range) -> None:
    """Positions looked at and time of every search along the solvers' lines."""
    cls: Any = game_class(name)
    legal = cls.legal_moves
    calls = [0]

    def counted(self: Any) -> Any:
        calls[0] += 1
        return legal(self)

    sizes: list[int] = []
    times: list[float] = []
    found = 0
    cls.legal_moves = counted
    try:
        for seed in seeds:
            game = parlour.new_game(name, seed=seed)
            result = solve(game, Budget(nodes=SOLVE.nodes, seconds=SOLVE.seconds))
            for move in [*(result.moves or ()), None]:
                state = game.state
                if state.outcome is None and state.all_seen():
                    calls[0] = 0
                    start = time.perf_counter()
                    found += bool(state.finishing_line())
                    times.append(time.perf_counter() - start)
                    sizes.append(calls[0])
                if move is not None:
                    calls[0] = 0
                    game.play(move)
    finally:
        cls.legal_moves = legal
    if not sizes:
        print(f"| {name} | {len(seeds)} | 0 | | | |")
        return
    print(
        f"| {name} | {len(seeds)} | {len(sizes)} ({found} offer a line) | "
        f"{statistics.median(sizes):.0f} / {max(sizes)} | "
        f"{statistics.median(times) * 1e3:.2f} / {max(times) * 1e3:.1f} |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing (best kept)")
    parser.add_argument("--deals", type=int, default=0, help="deals whose searches are counted")
    parser.add_argument("--first-seed", type=int, default=0, help="the first of those deals")
    args = parser.parse_args()
    print(
        f"python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    print(f"command: python benchmarks/bench_finish.py {' '.join(sys.argv[1:])}".rstrip())
    print()
    print(
        "| deal | cards | one search ms | searched every answer ms | kept once ms | send_home ms |"
    )
    print("|---|---|---|---|---|---|")
    for name, seed in DEALS.items():
        per_answer(name, seed, args.repeat)
    if args.deals:
        seeds = range(args.first_seed, args.first_seed + args.deals)
        print()
        print(f"HOME_RUN_NODES = {HOME_RUN_NODES}")
        print("| game | deals | positions | positions a search looked at, median / most | ms |")
        print("|---|---|---|---|---|")
        for name in ("calculation", "eight-by-eight"):
            search_sizes(name, seeds)
    print()
    print(f"load average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
