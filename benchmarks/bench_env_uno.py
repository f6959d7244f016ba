"""Steps per second: parlour's UNO AEC environment against RLCard's UNO, in one run.

    pip install -e ".[bench]"          # rlcard==1.2.0, gymnasium, pettingzoo, numba
    python benchmarks/bench_env_uno.py [--steps 100000] [--num-envs 256]

Six loops, each taking a uniformly random legal action until ``--steps`` steps,
on one core: parlour's ``UnoEnv`` (observation dict and mask each step, as an
agent reads them through ``env.last()``), parlour's ``UnoVectorEnv`` (``--num-envs``
hands stepped per call, compiled with numba; the random actions are drawn for all
games at once with numpy, and every game's step counts), the same hands through
Gymnasium's ``VectorEnv`` API (``UnoGymVectorEnv``, ``parlour/UnoSelfPlay-v0``), RLCard's
``rlcard.make("uno")`` (its encoded state each step), and the two bare engines
(``parlour`` engine moves, RLCard's ``UnoGame``). Episodes are single hands in
all. Prints a Markdown table with steps per second of wall time and of CPU time
(``time.process_time()``, the figure to trust on a loaded machine).
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable

import numpy as np

#: A loop's result: steps done, wall seconds, CPU seconds.
Timing = tuple[int, float, float]


def timed(loop: Callable[[], int]) -> Timing:
    wall, cpu = time.perf_counter(), time.process_time()
    steps = loop()
    return steps, time.perf_counter() - wall, time.process_time() - cpu


def parlour_env(steps: int, num_envs: int) -> Timing:
    from parlour.envs import UnoEnv

    env = UnoEnv(max_steps=10**9)
    rng = np.random.default_rng(0)
    env.reset(seed=0)

    def run() -> int:
        done = 0
        while done < steps:
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.reset()
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            done += 1
        return done

    return timed(run)


def parlour_vector_env(steps: int, num_envs: int) -> Timing:
    from parlour.envs import UnoVectorEnv

    env = UnoVectorEnv(num_envs, max_steps=10**9)
    rng = np.random.default_rng(0)
    step = env.reset(seed=0)

    def run() -> int:
        nonlocal step
        done = 0
        while done < steps:
            # a uniform legal action in every game: the largest random key among legal ones
            keys = np.where(step.action_mask, rng.random(step.action_mask.shape), -1.0)
            step = env.step(keys.argmax(axis=1))
            done += num_envs
        return done

    return timed(run)


def parlour_gym_vector_env(steps: int, num_envs: int) -> Timing:
    """The same hands through Gymnasium's ``VectorEnv`` API (``parlour/UnoSelfPlay-v0``),
    the form docs/environments.md shows: batched observations, rewards and infos."""
    from parlour.envs import UnoGymVectorEnv

    env = UnoGymVectorEnv(num_envs, max_steps=10**9)
    rng = np.random.default_rng(0)
    env.reset(seed=0)

    def run() -> int:
        done = 0
        while done < steps:
            mask = env.action_masks()
            keys = np.where(mask, rng.random(mask.shape), -1.0)
            env.step(keys.argmax(axis=1))
            done += num_envs
        return done

    return timed(run)


def parlour_engine(steps: int, num_envs: int) -> Timing:
    import parlour
    from parlour.rng import Rng

    rng = Rng(0)

    def run() -> int:
        seed = 0
        state = parlour.new_game("uno", seed=seed).state
        done = 0
        while done < steps:
            if state.outcome is not None or getattr(state, "hand_number", 1) != 1:
                seed += 1
                state = parlour.new_game("uno", seed=seed).state
                continue
            legal = state.legal_moves()
            state.apply(legal[rng.randbelow(len(legal))])
            done += 1
        return done

    return timed(run)


def rlcard_env(steps: int, num_envs: int) -> Timing:
    import rlcard  # type: ignore[import-untyped]

    env = rlcard.make("uno", config={"seed": 0})
    rng = np.random.default_rng(0)

    def run() -> int:
        state, _ = env.reset()
        done = 0
        while done < steps:
            if env.is_over():
                state, _ = env.reset()
                continue
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.integers(len(legal))])
            done += 1
        return done

    return timed(run)


def rlcard_engine(steps: int, num_envs: int) -> Timing:
    from rlcard.games.uno.game import UnoGame  # type: ignore[import-untyped]

    game = UnoGame()
    rng = np.random.default_rng(0)
    game.np_random = np.random.RandomState(0)

    def run() -> int:
        game.init_game()
        done = 0
        while done < steps:
            if game.is_over():
                game.init_game()
                continue
            legal = game.get_legal_actions()
            game.step(legal[rng.integers(len(legal))])
            done += 1
        return done

    return timed(run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--num-envs", type=int, default=256, help="games in UnoVectorEnv")
    args = parser.parse_args()
    try:
        import rlcard  # noqa: F401
    except ImportError:
        raise SystemExit("this benchmark needs RLCard: pip install -e '.[bench]'") from None
    print(
        f"python {platform.python_version()}, {args.steps:,} steps per loop, "
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    vector = f"parlour UnoVectorEnv ({args.num_envs} games, numba)"
    gym_vector = f"parlour UnoGymVectorEnv (Gymnasium VectorEnv, {args.num_envs} games)"
    loops: list[tuple[str, Callable[[int, int], Timing]]] = [
        ("parlour UnoEnv (PettingZoo AEC)", parlour_env),
        (vector, parlour_vector_env),
        (gym_vector, parlour_gym_vector_env),
        ("RLCard rlcard.make('uno')", rlcard_env),
        ("parlour engine (GameState)", parlour_engine),
        ("RLCard engine (UnoGame)", rlcard_engine),
    ]
    wall: dict[str, float] = {}
    cpu: dict[str, float] = {}
    print("| loop | steps/s (wall) | steps/s (CPU) |")
    print("|---|---|---|")
    for name, loop in loops:
        loop(min(5000, args.steps), args.num_envs)  # warm up (and compile)
        done, seconds, cpu_seconds = loop(args.steps, args.num_envs)
        wall[name], cpu[name] = done / seconds, done / cpu_seconds
        print(f"| {name} | {wall[name]:,.0f} | {cpu[name]:,.0f} |", flush=True)
    rl = "RLCard rlcard.make('uno')"
    for name in ("parlour UnoEnv (PettingZoo AEC)", vector, gym_vector):
        print(
            f"{name} / RLCard env: {wall[name] / wall[rl]:.2f}x wall, "
            f"{cpu[name] / cpu[rl]:.2f}x CPU"
        )
    engine, rl_engine = "parlour engine (GameState)", "RLCard engine (UnoGame)"
    print(
        f"engine / RLCard engine: {wall[engine] / wall[rl_engine]:.2f}x wall, "
        f"{cpu[engine] / cpu[rl_engine]:.2f}x CPU"
    )
    print(f"load average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
