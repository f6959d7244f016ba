"""Steps per second: parlour's UNO AEC environment against RLCard's UNO, in one run.

    pip install -e ".[bench]"          # rlcard==1.2.0, gymnasium, pettingzoo
    python benchmarks/bench_env_uno.py [--steps 100000]

Four loops, each taking a uniformly random legal action until ``--steps`` steps:
parlour's ``UnoEnv`` (observation dict and mask each step, as an agent reads
them through ``env.last()``), RLCard's ``rlcard.make("uno")`` (its encoded
state each step), and the two bare engines (``parlour`` engine moves, RLCard's
``UnoGame``). Episodes are single hands in both. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable

import numpy as np


def parlour_env(steps: int) -> float:
    from parlour.envs import UnoEnv

    env = UnoEnv(max_steps=10**9)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    done = 0
    started = time.perf_counter()
    while done < steps:
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.reset()
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        done += 1
    return done / (time.perf_counter() - started)


def parlour_engine(steps: int) -> float:
    import parlour
    from parlour.rng import Rng

    rng = Rng(0)
    seed = 0
    state = parlour.new_game("uno", seed=seed).state
    done = 0
    started = time.perf_counter()
    while done < steps:
        if state.outcome is not None or getattr(state, "hand_number", 1) != 1:
            seed += 1
            state = parlour.new_game("uno", seed=seed).state
            continue
        legal = state.legal_moves()
        state.apply(legal[rng.randbelow(len(legal))])
        done += 1
    return done / (time.perf_counter() - started)


def rlcard_env(steps: int) -> float:
    import rlcard

    env = rlcard.make("uno", config={"seed": 0})
    rng = np.random.default_rng(0)
    state, _ = env.reset()
    done = 0
    started = time.perf_counter()
    while done < steps:
        if env.is_over():
            state, _ = env.reset()
            continue
        legal = list(state["legal_actions"])
        state, _ = env.step(legal[rng.integers(len(legal))])
        done += 1
    return done / (time.perf_counter() - started)


def rlcard_engine(steps: int) -> float:
    from rlcard.games.uno.game import UnoGame

    game = UnoGame()
    rng = np.random.default_rng(0)
    game.np_random = np.random.RandomState(0)
    game.init_game()
    done = 0
    started = time.perf_counter()
    while done < steps:
        if game.is_over():
            game.init_game()
            continue
        legal = game.get_legal_actions()
        game.step(legal[rng.integers(len(legal))])
        done += 1
    return done / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000)
    args = parser.parse_args()
    try:
        import rlcard  # noqa: F401
    except ImportError:
        raise SystemExit("this benchmark needs RLCard: pip install -e '.[bench]'") from None
    print(
        f"python {platform.python_version()}, {args.steps:,} steps per loop, "
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    loops: list[tuple[str, Callable[[int], float]]] = [
        ("parlour UnoEnv (PettingZoo AEC)", parlour_env),
        ("RLCard rlcard.make('uno')", rlcard_env),
        ("parlour engine (GameState)", parlour_engine),
        ("RLCard engine (UnoGame)", rlcard_engine),
    ]
    rates = {}
    print("| loop | steps/s |")
    print("|---|---|")
    for name, loop in loops:
        loop(min(2000, args.steps))  # warm up
        rates[name] = loop(args.steps)
        print(f"| {name} | {rates[name]:,.0f} |", flush=True)
    env_ratio = rates[loops[0][0]] / rates[loops[1][0]]
    engine_ratio = rates[loops[2][0]] / rates[loops[3][0]]
    print(f"env: parlour / RLCard = {env_ratio:.2f}x; engine: {engine_ratio:.2f}x")
    print(f"load average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
