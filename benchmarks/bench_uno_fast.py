"""Random-vs-random UNO hands per second on one core: compiled, Python, RLCard (issue 4).

    pip install -e ".[fast,bench]"            # numba; rlcard==1.2.0 for its figure
    python benchmarks/bench_uno_fast.py       # about half a minute
    python benchmarks/bench_uno_fast.py --hands 20000 --python-hands 300   # quicker

The process is pinned to one CPU. Rows:

* parlour compiled (``parlour.sim.uno_fast.simulate_hands``): two ``random`` players,
  default options, hand ``i`` dealt from seed ``i``. Compilation (or loading numba's
  cache) is done before timing and reported apart. The run first checks that its
  first ``--check`` hands are the ones the Python engine plays (same winner, points
  and moves for each seed).
* parlour Python, play_game (``reference_hands``): the same hands through the engine
  and the players, each move chosen from the player's view and move strings.
* parlour Python, random_engine_move: the same policy on the engine's move tuples
  (``parlour.ai.uno``), the fastest pure-Python path.
* RLCard 1.2.0 bare engine (``UnoGame``) with a uniformly random legal action, as its
  random agent, one hand per ``init_game`` (skipped when rlcard is not importable).
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from parlour.sim import uno_fast


def pin_one_core() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu}"


def compiled(hands: int) -> tuple[float, float]:
    started = time.perf_counter()
    result = uno_fast.simulate_hands(range(hands))
    elapsed = time.perf_counter() - started
    return hands / elapsed, float(result.moves.sum()) / elapsed


def python(hands: int) -> tuple[float, float]:
    started = time.perf_counter()
    rows = uno_fast.reference_hands(range(hands))
    elapsed = time.perf_counter() - started
    return hands / elapsed, sum(m for _, _, m in rows) / elapsed


def python_engine_moves(hands: int) -> tuple[float, float] | None:
    """The same hands with the policy on engine move tuples (no views, no strings)."""
    try:
        from parlour.ai.uno import random_engine_move
    except ImportError:
        return None
    from parlour.ai import make_player
    from parlour.games.uno import Uno

    options = {"target": 500, "uno_call": False, "w4_challenge": False, "first": None}
    moves = 0
    started = time.perf_counter()
    for seed in range(hands):
        state = Uno.new(seed, None, options)
        rngs = [make_player("uno", "random", seed, seat).rng for seat in (0, 1)]
        while state.hand_number == 1 and state.outcome is None:
            legal = state.legal_moves()
            state.apply(random_engine_move(state, legal, rngs[state.to_move]))
            moves += 1
    elapsed = time.perf_counter() - started
    return hands / elapsed, moves / elapsed


def rlcard_engine(hands: int) -> tuple[float, float] | None:
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    game = UnoGame()
    game.np_random = np.random.RandomState(0)
    rng = np.random.default_rng(0)
    moves = 0
    started = time.perf_counter()
    for _ in range(hands):
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.integers(len(legal))])
            moves += 1
    elapsed = time.perf_counter() - started
    return hands / elapsed, moves / elapsed


def row(name: str, hands: int, rates: tuple[float, float]) -> None:
    print(f"| {name} | {hands:,} | {rates[0]:,.0f} | {rates[1]:,.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="compiled hands")
    parser.add_argument("--python-hands", type=int, default=1_000, help="Python engine hands")
    parser.add_argument("--rlcard-hands", type=int, default=3_000, help="RLCard hands")
    parser.add_argument("--check", type=int, default=200, help="hands compared first")
    args = parser.parse_args()
    if not uno_fast.available():
        raise SystemExit("this benchmark needs numba: pip install -e '.[fast]'")
    pinned = pin_one_core()
    print(
        f"python {platform.python_version()}, {pinned}, "
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    started = time.perf_counter()
    uno_fast.simulate_hands([0])
    warm = time.perf_counter() - started
    seeds = range(args.check)
    if uno_fast.simulate_hands(seeds).rows() != uno_fast.reference_hands(seeds):
        raise SystemExit("the compiled hands differ from the engine's: not measuring")
    print(f"checked: the first {args.check} hands equal the engine's (winner, points, moves)")
    fast_hands, fast_moves = compiled(args.hands)
    py_hands, py_moves = python(args.python_hands)
    py_fast = python_engine_moves(args.python_hands * 4)
    rl = rlcard_engine(args.rlcard_hands)
    print()
    print("| simulator | hands | hands/s | moves/s |")
    print("|---|---|---|---|")
    row("parlour compiled (numba)", args.hands, (fast_hands, fast_moves))
    row("parlour Python, play_game", args.python_hands, (py_hands, py_moves))
    if py_fast is not None:
        row("parlour Python, random_engine_move", args.python_hands * 4, py_fast)
    if rl is not None:
        row("RLCard 1.2.0 UnoGame", args.rlcard_hands, rl)
    print()
    print(f"compile or cache load before timing: {warm:.2f} s")
    print(f"compiled / Python play_game: {fast_hands / py_hands:.1f}x")
    if py_fast is not None:
        print(f"compiled / Python random_engine_move: {fast_hands / py_fast[0]:.1f}x")
    if rl is not None:
        print(f"compiled / RLCard engine: {fast_hands / rl[0]:.1f}x (target >= 10x)")
    else:
        print("RLCard is not importable: pip install -e '.[bench]' for its figure")
    print(f"load average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
