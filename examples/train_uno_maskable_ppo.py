"""Train an UNO agent with MaskablePPO (sb3-contrib) against parlour's computer players.

    python -m pip install -e ".[train]"       # gymnasium, sb3-contrib, torch, matplotlib
    python examples/train_uno_maskable_ppo.py --out runs/quick        # a few minutes
    python examples/train_uno_maskable_ppo.py --reference --out runs/reference   # ~1 hour

The agent plays single UNO hands of ``parlour/Uno-v0`` (``UnoVersusEnv``; its seat is
drawn for each hand): first against the ``random`` level, then (from ``--switch``
steps on, by default half way) against ``basic``. Every ``--eval-every`` steps it
plays ``--eval-hands`` hands against each level, sampling its moves from its policy
(``--greedy``: the most likely legal move), on evaluation seeds that training never
deals (seeds 2**31 + 10**9 and up; training deals seeds below 2**31, drawn from
``--seed``), and records its win rate with a 95% Wilson interval. At the end it
plays ``--final-hands`` hands against each level and writes:

* ``<out>/uno_maskable_ppo_curve.png``: the learning curve (win rate against each
  level over training steps, with the intervals);
* ``<out>/uno_maskable_ppo_curve.json``: the same figures, with the settings and times;
* ``<out>/uno_maskable_ppo.zip``: the trained model (``MaskablePPO.load``).

The reference run (``--reference``) and its figures are in docs/environments.md.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

#: Evaluation deals: seeds from here up. Training deals seeds below 2**31 (each
#: environment's stream draws them there), so evaluation never meets a training hand.
EVAL_SEED = 2**31 + 1_000_000_000


#: The defaults: a run of a few minutes on one core, to see the pieces work.
QUICK = {"steps": 100_000, "eval_every": 25_000, "eval_hands": 200, "final_hands": 1000}
#: ``--reference``: the run measured for docs/environments.md.
REFERENCE = {"steps": 2_400_000, "eval_every": 150_000, "eval_hands": 400, "final_hands": 4000}


def _describe(settings: dict[str, int]) -> str:
    return ", ".join(f"--{k.replace('_', '-')} {v:,}" for k, v in settings.items())


def wilson(wins: int, n: int) -> tuple[float, float]:
    """95% Wilson interval of a win rate (the one ``parlour simulate`` prints)."""
    from parlour.sim import wilson as parlour_wilson

    return parlour_wilson(wins, n)


def uno_env(opponent: str) -> Any:
    """``parlour/Uno-v0`` against ``opponent``, its observation followed by its mask.

    The 132 numbers of the mask (1 for a legal action) are appended to the 416 of the
    observation: the policy and the value function then see which cards fit, and
    whether drawing is the only move, without first having to learn UNO's matching
    rule from the hand and the top card. It is the one change made to the environment.
    """
    import gymnasium as gym

    import parlour.envs.registration  # noqa: F401  (registers parlour/Uno-v0)

    class MaskInObservation(gym.ObservationWrapper):  # type: ignore[type-arg]
        def __init__(self, env: Any) -> None:
            super().__init__(env)
            base = env.observation_space
            n = env.action_space.n
            self.observation_space = gym.spaces.Box(
                np.concatenate([base.low, np.zeros(n, np.float32)]),
                np.concatenate([base.high, np.ones(n, np.float32)]),
                dtype=np.float32,
            )

        def observation(self, observation: Any) -> Any:
            mask = self.env.unwrapped.action_masks().astype(np.float32)
            return np.concatenate([observation, mask])

        def action_masks(self) -> Any:
            return self.env.unwrapped.action_masks()

    return MaskInObservation(gym.make("parlour/Uno-v0", opponent=opponent))


def make_env(opponent: str, seed: int, rank: int) -> Any:
    """A factory for one training environment (seeded once; later deals follow its stream)."""

    def build() -> Any:
        from stable_baselines3.common.monitor import Monitor

        env = uno_env(opponent)
        env.reset(seed=seed * 1000 + rank)
        return Monitor(env)

    return build


def evaluate(
    model: Any, opponent: str, hands: int, greedy: bool = False, batch: int = 50
) -> dict[str, Any]:
    """The agent's play of ``hands`` hands against ``opponent`` on the evaluation seeds.

    By default it samples its moves from its policy, as in training. ``greedy`` plays
    the most likely legal move instead: early in training that policy tends to draw
    and pass for ever (a cut-off hand counts as a loss, after 1,000 actions), so it
    says little about what was learnt and takes long to measure.
    """
    envs = [uno_env(opponent) for _ in range(min(batch, hands))]
    wins = cut_off = 0
    next_hand = 0
    live: dict[int, Any] = {}
    for i, env in enumerate(envs):
        if next_hand < hands:
            obs, _ = env.reset(seed=EVAL_SEED + next_hand)
            live[i] = obs
            next_hand += 1
    while live:
        slots = list(live)
        obs = np.stack([live[i] for i in slots])
        masks = np.stack([envs[i].action_masks() for i in slots]).astype(bool)
        actions, _ = model.predict(obs, action_masks=masks, deterministic=greedy)
        for i, action in zip(slots, actions, strict=True):
            observation, reward, terminated, truncated, _ = envs[i].step(int(action))
            if terminated or truncated:
                wins += int(reward > 0)
                cut_off += int(truncated)
                if next_hand < hands:
                    live[i], _ = envs[i].reset(seed=EVAL_SEED + next_hand)
                    next_hand += 1
                else:
                    del live[i]
            else:
                live[i] = observation
    low, high = wilson(wins, hands)
    return {
        "opponent": opponent,
        "hands": hands,
        "wins": wins,
        "rate": wins / hands,
        "low": low,
        "high": high,
        "cut_off": cut_off,
    }


def describe(final: dict[str, Any]) -> str:
    """``vs random 2310/4000 = 57.8% (56.2-59.3%), vs basic ...``"""
    return ", ".join(
        f"vs {level} {r['wins']}/{r['hands']} = {100 * r['rate']:.1f}% "
        f"({100 * r['low']:.1f}-{100 * r['high']:.1f}%)"
        for level, r in ((level, final[level]) for level in ("random", "basic"))
    )


def plot(curve: list[dict[str, Any]], switch: int, path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=120)
    for opponent, colour in (("random", "tab:blue"), ("basic", "tab:orange")):
        points = [(p["steps"], p[opponent]) for p in curve]
        steps = [s for s, _ in points]
        rate = [100 * r["rate"] for _, r in points]
        low = [100 * r["low"] for _, r in points]
        high = [100 * r["high"] for _, r in points]
        ax.plot(steps, rate, marker="o", ms=3, color=colour, label=f"against {opponent}")
        ax.fill_between(steps, low, high, color=colour, alpha=0.2)
    ax.axhline(60, color="grey", ls="--", lw=1, label="target: 60% against random")
    ax.axhline(50, color="grey", ls=":", lw=1)
    if 0 < switch < curve[-1]["steps"]:
        ax.axvline(switch, color="black", lw=1, alpha=0.5)
        ax.text(switch, 5, "  trains against basic from here", fontsize=8)
    ax.set_xlabel("training steps (the agent's actions)")
    ax.set_ylabel("hands won (%), 95% Wilson interval")
    ax.set_ylim(0, 100)
    ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--reference",
        action="store_true",
        help="the measured run of docs/environments.md: " + _describe(REFERENCE),
    )
    parser.add_argument("--steps", type=int, help=f"training steps in all ({QUICK['steps']:,})")
    parser.add_argument(
        "--switch", type=int, help="train against basic from this step on (default: half way)"
    )
    parser.add_argument(
        "--eval-every", type=int, help=f"steps between checks ({QUICK['eval_every']:,})"
    )
    parser.add_argument(
        "--eval-hands", type=int, help=f"hands per level per check ({QUICK['eval_hands']:,})"
    )
    parser.add_argument(
        "--final-hands", type=int, help=f"hands per level at the end ({QUICK['final_hands']:,})"
    )
    parser.add_argument(
        "--greedy", action="store_true", help="evaluate the most likely move, not a sampled one"
    )
    parser.add_argument(
        "--evaluate",
        type=Path,
        metavar="MODEL",
        help="no training: play --final-hands hands against each level with a saved model",
    )
    parser.add_argument("--envs", type=int, default=32, help="training environments (32)")
    parser.add_argument("--seed", type=int, default=0, help="training seed (0)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1)")
    parser.add_argument("--out", type=Path, default=Path("."), help="output folder (.)")
    args = parser.parse_args(argv)
    for name, value in (REFERENCE if args.reference else QUICK).items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    switch = args.steps // 2 if args.switch is None else args.switch

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(args.threads)
    if args.evaluate is not None:
        started = time.perf_counter()
        model = MaskablePPO.load(args.evaluate, device="cpu")
        model.set_random_seed(args.seed)  # the sampled moves, reproducibly
        final = {
            "steps": int(model.num_timesteps),
            "random": evaluate(model, "random", args.final_hands, args.greedy),
            "basic": evaluate(model, "basic", args.final_hands, args.greedy),
        }
        how = "greedy" if args.greedy else "sampled"
        minutes = (time.perf_counter() - started) / 60
        print(f"{args.evaluate} ({how}, {minutes:.1f} min): {describe(final)}", flush=True)
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    curve: list[dict[str, Any]] = []
    eval_seconds = 0.0

    def check(model: Any, hands: int) -> None:
        nonlocal eval_seconds
        t = time.perf_counter()
        point = {
            "steps": int(model.num_timesteps),
            "random": evaluate(model, "random", hands, args.greedy),
            "basic": evaluate(model, "basic", hands, args.greedy),
        }
        eval_seconds += time.perf_counter() - t
        point["minutes"] = (time.perf_counter() - started) / 60
        curve.append(point)
        r, b = point["random"], point["basic"]
        print(
            f"{point['steps']:>9,} steps {point['minutes']:6.1f} min  "
            f"vs random {100 * r['rate']:5.1f}% ({100 * r['low']:.1f}-{100 * r['high']:.1f})  "
            f"vs basic {100 * b['rate']:5.1f}% ({100 * b['low']:.1f}-{100 * b['high']:.1f})",
            flush=True,
        )

    class Checkpoints(BaseCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.next = args.eval_every

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next:
                self.next += args.eval_every
                check(self.model, args.eval_hands)
            return True

    def envs(opponent: str, phase: int) -> Any:
        return DummyVecEnv(
            [make_env(opponent, args.seed * 10 + phase, rank) for rank in range(args.envs)]
        )

    model = MaskablePPO(
        "MlpPolicy",
        envs("random", 0),
        n_steps=128,  # x 32 environments: 4096 steps per update
        batch_size=min(1024, 128 * args.envs),
        n_epochs=3,
        learning_rate=3e-4,
        gamma=0.99,
        gae_lambda=0.95,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    check(model, args.eval_hands)  # the untrained agent
    callback = Checkpoints()
    if switch > 0:
        model.learn(total_timesteps=switch, callback=callback, reset_num_timesteps=False)
    if args.steps > switch:
        model.set_env(envs("basic", 1))
        model.learn(
            total_timesteps=args.steps - switch, callback=callback, reset_num_timesteps=False
        )
    final = {
        "steps": int(model.num_timesteps),
        "random": evaluate(model, "random", args.final_hands, args.greedy),
        "basic": evaluate(model, "basic", args.final_hands, args.greedy),
    }
    minutes = (time.perf_counter() - started) / 60
    model.save(args.out / "uno_maskable_ppo.zip")
    r, b = final["random"], final["basic"]
    print(f"final, {final['steps']:,} steps, {minutes:.1f} min: {describe(final)}", flush=True)
    report = {
        "settings": vars(args) | {"out": str(args.out), "switch": switch},
        "curve": curve,
        "final": final,
        "minutes": minutes,
        "evaluation_minutes": eval_seconds / 60,
    }
    (args.out / "uno_maskable_ppo_curve.json").write_text(json.dumps(report, indent=1))
    title = (
        f"MaskablePPO on UNO hands (parlour/Uno-v0), {final['steps']:,} steps, "
        f"{minutes:.0f} min on 1 CPU thread\nfinal: {100 * r['rate']:.1f}% against random, "
        f"{100 * b['rate']:.1f}% against basic ({r['hands']:,} hands each)"
    )
    plot(curve + [final], switch, args.out / "uno_maskable_ppo_curve.png", title)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
