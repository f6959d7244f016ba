"""How long a person waits for the computer's reply, at every level (issue 21, item 9).

    python benchmarks/bench_reply_time.py                       # UNO and Chinese Patience
    python benchmarks/bench_reply_time.py --games 3 --first-seed 900000 --only uno

Each person's move is sent exactly as the web app sends it: ``TableService.play`` of
``parlour.service`` on an in-memory store, which applies the move, has the computer
reply (a player per computer turn, seeded by the game and the move number, with its
memory of the game so far kept between moves: ``parlour.ai.Recall``; the rest of a
turn of several moves is played by the player that began it) and builds the
answer. The time of that call, from the person's move to the computer's
reply ready to send, is what is measured (wall clock), for the calls the computer
answered (at least one computer move); games are played to their end (UNO: a match
to 500 points). The person plays like ``basic`` (UNO) or ``greedy`` (Chinese
Patience) from the answer's view and legal moves; game ``i`` is dealt from seed
``--first-seed + i``. The compiled kernels are loaded before timing, as a server does
when it starts (``parlour.ai.warm``). Prints, per game and level, the number of
replies and their median, 95th percentile and maximum in milliseconds, and whether
each level meets the target (95th percentile at most ``--target-ms``, 300 ms).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.ai import make_player, player_levels, warm  # noqa: E402
from parlour.service.store import open_store  # noqa: E402
from parlour.service.table import TableService  # noqa: E402

GAMES = {"uno": "basic", "chinese-patience": "greedy"}
PERSON = "bench"
#: A safety net only: every game of these players ends far sooner.
MAX_PERSON_MOVES = 5000


def percentile(sorted_values: list[float], share: float) -> float:
    """The nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), round(share * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


def play_games(game: str, level: str, seeds: range) -> tuple[list[float], int]:
    """Seconds of every ``play`` call the computer answered, and the calls made."""
    service = TableService(open_store(":memory:"))
    replies: list[float] = []
    calls = 0
    for seed in seeds:
        answer = service.start(PERSON, game, seed=seed, opponent=level)
        person = make_player(game, GAMES[game], seed=seed + 1, seat=0)
        for _ in range(MAX_PERSON_MOVES):
            if answer["outcome"] is not None or not answer["your_turn"]:
                break
            move = person.choose(answer["view"], answer["legal_moves"])
            start = time.perf_counter()
            answer = service.play(PERSON, answer["id"], move)
            elapsed = time.perf_counter() - start
            calls += 1
            if answer["computer_moves"]:
                replies.append(elapsed)
    return replies, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per game and level")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--only", choices=tuple(GAMES), help="one game only")
    parser.add_argument("--levels", help="comma-separated levels (default: every level)")
    parser.add_argument("--target-ms", type=float, default=300.0, help="the 95th percentile goal")
    args = parser.parse_args()
    print(
        f"python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    print(f"command: python benchmarks/bench_reply_time.py {' '.join(sys.argv[1:])}".rstrip())
    started = time.perf_counter()
    loaded = warm()
    print(
        f"kernels warmed in {time.perf_counter() - started:.2f} s before timing: "
        + (", ".join(f"{name} {sec:.2f} s" for name, sec in loaded.items()) or "none (no numba)")
    )
    seeds = range(args.first_seed, args.first_seed + args.games)
    print()
    print("| game | level | games | replies | median ms | p95 ms | max ms | p95 <= target |")
    print("|---|---|---|---|---|---|---|---|")
    met = True
    for game in [args.only] if args.only else list(GAMES):
        levels = args.levels.split(",") if args.levels else player_levels(game)
        for level in levels:
            replies, _ = play_games(game, level, seeds)
            replies.sort()
            p95 = percentile(replies, 0.95)
            ok = p95 * 1000 <= args.target_ms
            met = met and ok
            print(
                f"| {game} | {level} | {len(seeds)} | {len(replies)} | "
                f"{percentile(replies, 0.5) * 1000:.1f} | {p95 * 1000:.1f} | "
                f"{replies[-1] * 1000 if replies else float('nan'):.1f} | "
                f"{'yes' if ok else 'NO'} |",
                flush=True,
            )
    print()
    print(f"every level within {args.target_ms:.0f} ms at the 95th percentile: {met}")
    print(f"load average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
