"""Chinese Patience: random-game speed and the computer players' strength.

    python benchmarks/bench_chinese_patience.py [--games 2000] [--jobs 2] [--seed 0]

Prints Markdown tables:

* games per second of random against random (one process, the engine loop);
* for strong vs greedy, strong vs random and greedy vs random: the first
  player's win rate with a Wilson 95% interval, its rate in each seat, the
  average game length in moves and how often games end blocked (60 ends
  without a card to a foundation) or drawn.

Each deal is played twice, the players swapping seats, so ``--games`` games
use ``--games / 2`` deals (seeds ``seed``, ``seed + 1``, ...) and both seats
equally. Players see only ``state.view(seat)`` and the legal move strings, as
in ``parlour simulate``; games run on a process pool of ``--jobs`` workers.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from parlour.ai.base import RandomPlayer, make_player
from parlour.games.chinese_patience import ChinesePatience

NAME = "chinese-patience"
MATCHES = (("strong", "greedy"), ("strong", "random"), ("greedy", "random"))
#: A safety net only: no game of these players comes near it.
MAX_MOVES = 20_000


@dataclass
class Played:
    """One finished game: who won (seat or None), its length, how it ended."""

    winner: int | None
    moves: int
    blocked: bool


def play(seed: int, levels: tuple[str, str]) -> Played:
    """Play the deal of ``seed`` with ``levels[i]`` in seat i."""
    state = ChinesePatience.new(seed, None, {})
    players = [make_player(NAME, lv, seed=seed, seat=i) for i, lv in enumerate(levels)]
    moves = 0
    while state.outcome is None and moves < MAX_MOVES:
        legal = state.legal_moves()
        seat = state.to_move
        player = players[seat]
        if type(player) is RandomPlayer:
            # The draw RandomPlayer.choose makes, without building the view.
            move = legal[player.rng.randbelow(len(legal))]
        else:
            strings = [state.move_str(m) for m in legal]
            move = legal[strings.index(player.choose(state.view(seat), strings))]
        state.apply(move)
        moves += 1
    out = state.outcome
    if out is None:
        raise RuntimeError(f"seed {seed} {levels}: no end after {MAX_MOVES} moves")
    return Played(out.winner, moves, out.reason.startswith("blocked"))


def _play_job(job: tuple[int, tuple[str, str]]) -> Played:
    return play(*job)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (draws count as half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def random_speed(games: int, seed: int) -> tuple[float, float]:
    """Games and moves per second of random against random in this process."""
    started = time.perf_counter()
    moves = 0
    for i in range(games):
        moves += play(seed + i, ("random", "random")).moves
    elapsed = time.perf_counter() - started
    return games / elapsed, moves / elapsed


def match(a: str, b: str, games: int, seed: int, pool: ProcessPoolExecutor) -> str:
    """One Markdown table row for ``a`` against ``b``."""
    jobs = [(seed + i // 2, (a, b) if i % 2 == 0 else (b, a)) for i in range(games)]
    started = time.perf_counter()
    results = list(pool.map(_play_job, jobs, chunksize=8))
    elapsed = time.perf_counter() - started
    score = [0.0, 0.0]  # a's points in seat 0 and in seat 1
    draws = blocked = length = 0
    for (_, levels), r in zip(jobs, results, strict=True):
        a_seat = levels.index(a)
        length += r.moves
        blocked += r.blocked
        if r.winner is None:
            draws += 1
            score[a_seat] += 0.5
        elif r.winner == a_seat:
            score[a_seat] += 1
    total = score[0] + score[1]
    low, high = wilson(total, games)
    half = games // 2
    return (
        f"| {a} vs {b} | {games} | {total / games:.1%} | {low:.1%} - {high:.1%} | "
        f"{score[0] / half:.1%} / {score[1] / (games - half):.1%} | {length / games:.1f} | "
        f"{blocked / games:.2%} | {draws / games:.2%} | {elapsed:.0f} s |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per match (even)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    parser.add_argument("--speed-games", type=int, default=2000, help="random games timed")
    parser.add_argument(
        "--match", action="append", help="only this match, e.g. strong,greedy (repeatable)"
    )
    args = parser.parse_args(argv)
    matches = [tuple(m.split(",")) for m in args.match] if args.match else list(MATCHES)

    print(
        f"Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start"
    )
    print(f"command: python {' '.join(sys.argv)}\n")
    if args.speed_games:
        games_s, moves_s = random_speed(args.speed_games, args.seed)
        print("| random vs random (1 process) | games | games/s | moves/s |")
        print("|---|---|---|---|")
        print(f"| engine loop | {args.speed_games} | {games_s:,.1f} | {moves_s:,.0f} |\n")
    print(
        "| match | games | first's win rate | 95% interval | as seat 0 / seat 1 "
        "| avg moves | blocked | draws | time |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.jobs) as pool:
        for a, b in matches:
            print(match(a, b, args.games, args.seed, pool), flush=True)
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
