"""What the library's ``Game.play`` costs over the engine's ``state.apply``, per game.

    python benchmarks/bench_play.py            # about half a minute on an idle machine
    python benchmarks/bench_play.py --quick    # a few seconds, for a smoke test

Three ways of playing the same random games (game i dealt from seed i, moves chosen
by ``random.Random(i)``, at most 300 moves), in microseconds of this process's CPU
time per move (``time.process_time``: on a shared machine the wall clock measures the
others' work too), the best of ``--repeats`` runs:

* ``state``: ``state.apply(choice(state.legal_moves()))``, the engine alone (no
  strings, no checks, no undo), as a search or ``parlour simulate`` plays;
* ``Game``: ``game.play(choice(game.legal_moves()))``, the library as a person's
  program plays it (strings, legality checked, an undo record per move);
* ``replay``: ``game.play(move)`` for each move of a saved list, as ``load_game`` does.

The last column is ``Game`` over ``state``: what the library's friendliness costs.
Dealing is timed in every row alike (a new game per seed).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

import parlour

GAMES = ["calculation", "gate", "eight-by-eight", "chinese-patience", "uno"]
LIMIT = 300


def state_loop(name: str, seeds: range) -> int:
    moves = 0
    for seed in seeds:
        state = parlour.new_game(name, seed=seed).state
        rng = random.Random(seed)
        count = 0
        while state.outcome is None and count < LIMIT:
            state.apply(rng.choice(state.legal_moves()))
            count += 1
        moves += count
    return moves


def game_loop(name: str, seeds: range) -> int:
    moves = 0
    for seed in seeds:
        game = parlour.new_game(name, seed=seed)
        rng = random.Random(seed)
        count = 0
        while not game.is_over and count < LIMIT:
            game.play(rng.choice(game.legal_moves()))
            count += 1
        moves += count
    return moves


def replay(name: str, saves: list[tuple[int, list[str]]]) -> int:
    for seed, moves in saves:
        game = parlour.new_game(name, seed=seed)
        for move in moves:
            game.play(move)
    return sum(len(moves) for _, moves in saves)


def best_us_per_move(run: Callable[[], int], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        moves = run()
        best = min(best, (time.process_time() - started) / moves)
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few games, one run each")
    parser.add_argument("--games", type=int, default=40, help="games per game (default 40)")
    parser.add_argument("--repeats", type=int, default=5, help="runs, best kept (default 5)")
    args = parser.parse_args()
    games, repeats = (5, 1) if args.quick else (args.games, args.repeats)
    seeds = range(games)
    print(f"Python {platform.python_version()}, {games} games each, best of {repeats}")
    print()
    print("| game | state us/move | Game us/move | replay us/move | Game / state |")
    print("|---|---:|---:|---:|---:|")
    for name in GAMES:
        saves = []
        for seed in seeds:
            game = parlour.new_game(name, seed=seed)
            rng = random.Random(seed)
            while not game.is_over and len(game.moves) < LIMIT:
                game.play(rng.choice(game.legal_moves()))
            saves.append((seed, game.moves))
        state = best_us_per_move(lambda n=name: state_loop(n, seeds), repeats)
        lib = best_us_per_move(lambda n=name: game_loop(n, seeds), repeats)
        again = best_us_per_move(lambda n=name, s=saves: replay(n, s), repeats)
        print(f"| {name} | {state:.1f} | {lib:.1f} | {again:.1f} | {lib / state:.1f} |")


if __name__ == "__main__":
    main()
