"""Train an UNO agent with MaskablePPO (sb3-contrib) against parlour's computer players.

    python -m pip install -e ".[train]"       # gymnasium, sb3-contrib, torch, matplotlib
    python examples/train_uno_maskable_ppo.py --out runs/quick        # 100,000 steps: minutes
    python examples/train_uno_maskable_ppo.py --reference --out runs/reference   # ~30 min CPU

The agent plays single UNO hands of ``parlour/Uno-v0`` (``UnoVersusEnv``; its seat is
drawn for each hand). It starts warm (``--imitate strong``, the default): its policy
is first fitted to the ``strong`` computer's moves in ``--imitate-hands`` training
hands (behaviour cloning), its value function to those hands' outcomes; then come
``--dagger-rounds`` rounds of DAgger: the agent plays ``--dagger-hands`` hands
itself, ``strong`` says what it would have played in every position the agent
reached, and the policy is fitted again to all of strong's moves so far. Then
MaskablePPO trains it on the environment's own rewards, first against the ``random``
level, then (from ``--switch`` steps on, by default half way) against ``basic``.
``--imitate none`` trains from scratch (pure reinforcement learning: slower, see
docs/environments.md for what it reached). Every ``--eval-every`` steps it
plays ``--eval-hands`` hands against each level, playing its most likely legal move
(``--sampled``: moves sampled from its policy, as in training), on evaluation seeds
that training never deals (seeds 2**31 + 10**9 and up, ``--eval-seed``; training
deals seeds below 2**31, drawn from ``--seed``), and records its win rate with a 95%
Wilson interval. At the end it plays ``--final-hands`` hands against each level and
writes:

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
QUICK = {
    "steps": 100_000,
    "eval_every": 50_000,
    "eval_hands": 400,
    "final_hands": 1000,
    "imitate_hands": 1000,
    "dagger_rounds": 1,
    "dagger_hands": 1000,
}
#: ``--reference``: the run measured for docs/environments.md.
REFERENCE = {
    "steps": 300_000,
    "eval_every": 100_000,
    "eval_hands": 400,
    "final_hands": 4000,
    "imitate_hands": 3000,
    "dagger_rounds": 4,
    "dagger_hands": 1500,
}


#: MaskablePPO's settings (name, type, default, meaning): each is also an option.
PPO_SETTINGS: list[tuple[str, type, Any, str]] = [
    ("n_steps", int, 256, "steps per environment between updates"),
    ("batch_size", int, 2048, "minibatch"),
    ("n_epochs", int, 4, "passes over each rollout"),
    ("learning_rate", float, 1e-4, "Adam's step size (small: not to undo the warm start)"),
    ("gamma", float, 1.0, "discount: 1, as a hand always ends and only its end pays"),
    ("gae_lambda", float, 0.9, "GAE's lambda"),
    ("ent_coef", float, 0.0, "entropy bonus (none: the warm start already plays every move)"),
    ("net", str, "256,256", "hidden layers of the policy and of the value function"),
]


def _describe(settings: dict[str, int]) -> str:
    return ", ".join(f"--{k.replace('_', '-')} {v:,}" for k, v in settings.items())


def wilson(wins: int, n: int) -> tuple[float, float]:
    """95% Wilson interval of a win rate (the one ``parlour simulate`` prints)."""
    from parlour.sim import wilson as parlour_wilson

    return parlour_wilson(wins, n)


#: Where the numbers the wrapper reads lie in the 416 of ``parlour/Uno-v0``'s
#: observation (docs/environments.md, "Observations and actions").
HAND, DISCARD, OPP_CARDS, COLOUR_IN_PLAY = slice(0, 48), slice(100, 148), 403, slice(404, 408)
#: Cards of each colour in the pack: one 0, two each of 1-9, two Draw Two, four Skip.
PACK_PER_COLOUR = 25.0
#: The levels the agent is measured against.
LEVELS = ("random", "basic")
#: The numbers the wrapper adds after the mask (see ``summary``).
SUMMARY = 15
#: Then, per colour, the share of the opponent's cards known to lack it (see ``uno_env``).
LACKS = 4


def summary(observation: Any, mask: Any) -> Any:
    """A few sums of the observation that a UNO player reasons with, on a scale near 1.

    Each is a sum or a product of numbers already in the observation (the agent sees
    nothing new): the cards of each colour in the hand (4), the unseen cards of each
    colour (4: the pack less the hand and the discard pile), the hand's cards of the
    colour in play (1), whether a Wild Draw Four would be right (1: no card of the
    colour in play is held), the two hand sizes (2), the legal actions (1), the
    Wilds held (2). Why: the colour to name after a Wild, or which matching card to
    play, depends on these counts; an MLP can learn sums from the 48 card counts,
    but the return of one colour choice is a few per cent of a noisy +-1 at the end of
    the hand, and with the counts at hand the policy and the value function pick the
    signal up in a fraction of the steps.
    """
    hand = observation[HAND].reshape(4, 12).sum(axis=1)
    seen = observation[DISCARD].reshape(4, 12).sum(axis=1)
    in_play = observation[COLOUR_IN_PLAY]
    held_in_play = float(hand @ in_play)
    return np.concatenate(
        [
            hand / 7.0,
            (PACK_PER_COLOUR - hand - seen) / PACK_PER_COLOUR,
            [
                held_in_play / 7.0,
                float(held_in_play == 0),
                observation[400] * 108 / 10.0,
                observation[OPP_CARDS] * 108 / 10.0,
                mask.sum() / 10.0,
                observation[48] / 2.0,
                observation[49] / 2.0,
            ],
        ]
    ).astype(np.float32)


def uno_env(opponent: str) -> Any:
    """``parlour/Uno-v0`` against ``opponent``: its observation, then its mask, then a
    summary, then what the opponent has shown it lacks.

    The 132 numbers of the mask (1 for a legal action) are appended to the 416 of the
    observation: the policy and the value function then see which cards fit, and
    whether drawing is the only move, without first having to learn UNO's matching
    rule from the hand and the top card; then the 15 numbers of ``summary``; then 4
    numbers, one per colour (R, G, Y, B): the share of the opponent's cards known to
    hold none of that colour, because it drew rather than play on it and has not
    drawn since (``UnoStrongPlayer.opponent_lacks``, the memory ``strong``'s search
    deals the opponent's hand by). That memory is kept from the learner's own views
    hand by hand: the observation of one position cannot hold it, since it is told
    by the opponent's earlier turns. These are the only changes made to the
    environment: the rewards are the environment's.
    """
    import gymnasium as gym

    import parlour.envs.registration  # noqa: F401  (registers parlour/Uno-v0)
    from parlour.ai.uno.strong import UnoStrongPlayer

    class MaskAndSummary(gym.ObservationWrapper):  # type: ignore[type-arg]
        def __init__(self, env: Any) -> None:
            super().__init__(env)
            base = env.observation_space
            n = env.action_space.n
            extra = SUMMARY + LACKS
            self.observation_space = gym.spaces.Box(
                np.concatenate([base.low, np.zeros(n + extra, np.float32)]),
                np.concatenate(
                    [base.high, np.ones(n, np.float32), np.full(extra, 20.0, np.float32)]
                ),
                dtype=np.float32,
            )
            self.memory = UnoStrongPlayer()

        def view(self) -> dict[str, Any]:
            """The learner's view, as a session shows it during play."""
            base = self.env.unwrapped
            view = dict(base.table.state.view(base.seat))
            view["outcome"] = None
            return view

        def lacks(self) -> Any:
            if self.env.unwrapped.table.over:
                return np.zeros(LACKS, np.float32)
            view = self.view()
            known = self.memory.opponent_lacks(view)
            return np.asarray(known, np.float32) / max(1, int(view["opponent_cards"]))

        def observation(self, observation: Any) -> Any:
            mask = self.env.unwrapped.action_masks().astype(np.float32)
            parts = [observation, mask, summary(observation, mask), self.lacks()]
            return np.concatenate(parts)

        def reset(self, **kwargs: Any) -> Any:
            self.memory = UnoStrongPlayer()  # a new hand: nothing shown yet
            return super().reset(**kwargs)

        def step(self, action: Any) -> Any:
            table = self.env.unwrapped.table
            if not table.over and int(action) in table.legal:
                self.memory.observe(self.view(), self.env.unwrapped.actions[int(action)])
            observation, reward, terminated, truncated, info = super().step(action)
            # sb3's DummyVecEnv deep-copies every info at every step; the mask is
            # read through action_masks(), so the copy of it in the info is dropped
            info.pop("action_mask", None)
            return observation, reward, terminated, truncated, info

        def action_masks(self) -> Any:
            return self.env.unwrapped.action_masks()

    # seat=None: the learner's seat is drawn for each hand (the environment's default is 0)
    return MaskAndSummary(gym.make("parlour/Uno-v0", opponent=opponent, seat=None))


def make_env(opponent: str, seed: int, rank: int) -> Any:
    """A factory for one training environment (seeded once; later deals follow its stream)."""

    def build() -> Any:
        from stable_baselines3.common.monitor import Monitor

        env = uno_env(opponent)
        env.reset(seed=seed * 1000 + rank)
        return Monitor(env)

    return build


def evaluate(
    model: Any,
    opponent: str,
    hands: int,
    greedy: bool = False,
    batch: int = 50,
    first_seed: int = EVAL_SEED,
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
            obs, _ = env.reset(seed=first_seed + next_hand)
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
                    live[i], _ = envs[i].reset(seed=first_seed + next_hand)
                    next_hand += 1
                else:
                    del live[i]
            else:
                live[i] = observation
    return result(opponent, hands, wins, cut_off)


def evaluate_level(
    level: str, opponent: str, hands: int, first_seed: int = EVAL_SEED
) -> dict[str, Any]:
    """A computer level in the agent's seat on the same hands as :func:`evaluate`: what
    the agent's figures compare with (``--evaluate basic``, ``--evaluate strong``)."""
    from parlour.ai import make_player

    env = uno_env(opponent)
    base = env.unwrapped
    wins = cut_off = 0
    for hand in range(hands):
        env.reset(seed=first_seed + hand)
        seat = base.seat
        player = make_player("uno", level, seed=base.table.seed, seat=seat)
        done = False
        while not done:
            view = dict(base.table.state.view(seat))
            view["outcome"] = None
            move = player.choose(view, [base.actions[a] for a in base.table.legal])
            _, reward, terminated, truncated, _ = env.step(base.table.index[move])
            done = terminated or truncated
        wins += int(float(reward) > 0)
        cut_off += int(truncated)
    return result(opponent, hands, wins, cut_off)


def result(opponent: str, hands: int, wins: int, cut_off: int) -> dict[str, Any]:
    """A win rate with its 95% Wilson interval."""
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


def against_levels(model: Any, hands: int, greedy: bool, first_seed: int) -> dict[str, Any]:
    """The agent's win rates against ``random`` and ``basic`` on the same ``hands`` hands."""
    return {level: evaluate(model, level, hands, greedy, first_seed=first_seed) for level in LEVELS}


def demonstrations(
    teacher: str, hands: int, seed: int, learner: Any = None, greedy: bool = False
) -> tuple[Any, Any, Any, Any]:
    """``teacher``'s moves in the learner's seat over ``hands`` training hands against
    ``random``: the observations (with mask and summary, as the agent sees them), the
    masks, the moves (action numbers) and each move's return (the hand's reward).

    Without ``learner`` the teacher plays the hands (behaviour cloning). With
    ``learner`` (a model) the learner plays them, sampling its moves (``greedy``: its
    most likely move), and the teacher only says what it would play in each position
    the learner reached (DAgger): the agent is then taught in the positions its own
    play leads to, not only in the teacher's. A teacher with a memory (``strong``
    remembers what the opponent showed by drawing) is told the moves actually made,
    as a player taking over a game under way would be (``Player.observe``), and
    advises from a copy of that memory.

    The hands are dealt from the stream of ``seed`` (below 2**31, like every training
    deal), so no evaluation hand is among them.
    """
    import copy

    from parlour.ai import make_player
    from parlour.ai.base import observes

    env = uno_env("random")
    base = env.unwrapped
    observations, masks, moves, returns = [], [], [], []
    obs, _ = env.reset(seed=seed)
    for _ in range(hands):
        seat = base.seat
        player = make_player("uno", teacher, seed=base.table.seed, seat=seat)
        remembers = learner is not None and observes(player)
        start = len(moves)
        done = False
        reward = 0.0
        while not done:
            view = dict(base.table.state.view(seat))
            view["outcome"] = None
            legal = [base.actions[a] for a in base.table.legal]
            mask = env.action_masks()
            if remembers:
                advisor = copy.deepcopy(player)
                action = base.table.index[advisor.choose(view, legal)]
                player.rng = advisor.rng  # the teacher's random stream moves on
            else:
                action = base.table.index[player.choose(view, legal)]
            played = action
            if learner is not None:
                chosen, _ = learner.predict(obs, action_masks=mask, deterministic=greedy)
                played = int(chosen)
            if remembers:
                player.observe(view, base.actions[played])
            observations.append(obs)
            masks.append(mask)
            moves.append(action)
            obs, reward, terminated, truncated, _ = env.step(played)
            done = terminated or truncated
        returns.extend([float(reward)] * (len(moves) - start))
        obs, _ = env.reset()
    return (
        np.asarray(observations, np.float32),
        np.asarray(masks, bool),
        np.asarray(moves, np.int64),
        np.asarray(returns, np.float32),
    )


def imitate(
    model: Any, data: tuple[Any, Any, Any, Any], epochs: int, lr: float = 1e-3, batch: int = 256
) -> float:
    """Behaviour cloning: the policy fitted to the teacher's moves (cross-entropy over
    the legal moves), the value function to the hands' returns, with an optimiser of
    its own (PPO's step size is too small for it). Returns the share of the teacher's
    moves the policy then plays greedily, among the decisions with a choice (more than
    one legal move)."""
    import torch

    observations, masks, moves, returns = (torch.as_tensor(x) for x in data)
    policy = model.policy
    policy.set_training_mode(True)
    generator = torch.Generator().manual_seed(0)
    optimizer = torch.optim.Adam(policy.parameters(), lr=lr)
    n = len(moves)
    for _ in range(epochs):
        order = torch.randperm(n, generator=generator)
        for i in range(0, n, batch):
            rows = order[i : i + batch]
            values, log_prob, _ = policy.evaluate_actions(
                observations[rows], moves[rows], action_masks=masks[rows]
            )
            loss = -log_prob.mean() + 0.5 * ((values.flatten() - returns[rows]) ** 2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    policy.set_training_mode(False)
    return agreement(model, data)


def agreement(model: Any, data: tuple[Any, Any, Any, Any]) -> float:
    """The share of the teacher's moves the policy plays (its most likely move), among
    the decisions of ``data`` with a choice (more than one legal move)."""
    import torch

    observations, masks, moves, _ = (torch.as_tensor(x) for x in data)
    with torch.no_grad():
        chosen = model.policy.get_distribution(observations, action_masks=masks.numpy())
        greedy = chosen.distribution.probs.argmax(dim=1)
    choice = masks.sum(dim=1) > 1
    return float((greedy == moves)[choice].float().mean())


def warm_start(model: Any, args: argparse.Namespace, greedy: bool) -> dict[str, Any]:
    """Behaviour cloning from ``args.imitate``'s play, then ``args.dagger_rounds`` rounds
    of DAgger: the agent plays ``args.dagger_hands`` hands, the teacher labels every
    position it reached, and the policy is fitted again to all the labels so far.
    Prints and returns what each step reached."""
    t = time.perf_counter()
    data = demonstrations(args.imitate, args.imitate_hands, seed=args.seed * 10 + 9)
    match = imitate(model, data, args.imitate_epochs)
    print(
        f"imitated {args.imitate}: {len(data[2]):,} moves of {args.imitate_hands:,} hands, "
        f"{100 * match:.1f}% of those with a choice played alike, "
        f"{(time.perf_counter() - t) / 60:.1f} min",
        flush=True,
    )
    rounds = []
    for r in range(args.dagger_rounds):
        seed = (args.seed * 10 + 9) * 1000 + 1 + r  # deals of its own, below 2**31
        new = demonstrations(args.imitate, args.dagger_hands, seed, learner=model, greedy=greedy)
        before = agreement(model, new)  # in positions the agent reached, before learning them
        data = tuple(np.concatenate([old, more]) for old, more in zip(data, new, strict=True))
        after = imitate(model, data, args.dagger_epochs)
        rounds.append({"moves": len(new[2]), "agreed": before, "matches_teacher": after})
        print(
            f"DAgger round {r + 1}: in {len(new[2]):,} positions it reached, the agent "
            f"made {args.imitate}'s move in {100 * before:.1f}% of those with a choice; "
            f"refitted to {len(data[2]):,} moves, {(time.perf_counter() - t) / 60:.1f} min",
            flush=True,
        )
    return {
        "teacher": args.imitate,
        "hands": args.imitate_hands,
        "moves": len(data[2]),
        "epochs": args.imitate_epochs,
        "matches_teacher": match,
        "dagger": rounds,
        "dagger_hands": args.dagger_hands,
        "minutes": (time.perf_counter() - t) / 60,
    }


def describe(final: dict[str, Any]) -> str:
    """``vs random 2310/4000 = 57.8% (56.2-59.3%), vs basic ...``"""
    return ", ".join(
        f"vs {level} {r['wins']}/{r['hands']} = {100 * r['rate']:.1f}% "
        f"({100 * r['low']:.1f}-{100 * r['high']:.1f}%)"
        for level, r in ((level, final[level]) for level in LEVELS)
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
        "--sampled",
        action="store_true",
        help="evaluate moves sampled from the policy, not its most likely move",
    )
    parser.add_argument(
        "--eval-seed",
        type=int,
        default=EVAL_SEED,
        help="the first evaluation seed (2**31 + 10**9: the reporting hands; tune on others)",
    )
    parser.add_argument(
        "--evaluate",
        metavar="MODEL",
        help="no training: play --final-hands hands against each level with a saved model "
        "(or with a computer level in the agent's seat: basic, strong)",
    )
    parser.add_argument("--envs", type=int, default=32, help="training environments (32)")
    parser.add_argument("--seed", type=int, default=0, help="training seed (0)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (1)")
    parser.add_argument("--out", type=Path, default=Path("."), help="output folder (.)")
    parser.add_argument(
        "--imitate",
        metavar="LEVEL",
        default="strong",
        help="warm start: first fit the policy to this computer level's moves "
        "(strong; 'none': pure reinforcement learning from scratch)",
    )
    parser.add_argument(
        "--imitate-hands",
        type=int,
        help=f"hands of the teacher's play ({QUICK['imitate_hands']:,})",
    )
    parser.add_argument(
        "--imitate-epochs", type=int, default=10, help="passes over the teacher's moves (10)"
    )
    parser.add_argument(
        "--dagger-rounds",
        type=int,
        help="rounds of DAgger after the warm start: the agent plays, the teacher labels "
        f"({QUICK['dagger_rounds']})",
    )
    parser.add_argument(
        "--dagger-hands",
        type=int,
        help=f"hands the agent plays a round ({QUICK['dagger_hands']:,})",
    )
    parser.add_argument(
        "--dagger-epochs",
        type=int,
        default=5,
        help="passes over all the teacher's moves so far after each round (5)",
    )
    ppo = parser.add_argument_group("MaskablePPO's settings")
    for name, kind, default, what in PPO_SETTINGS:
        ppo.add_argument(
            f"--{name.replace('_', '-')}", type=kind, default=default, help=f"{what} ({default})"
        )
    args = parser.parse_args(argv)
    for name, value in (REFERENCE if args.reference else QUICK).items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    switch = args.steps // 2 if args.switch is None else args.switch
    greedy = not args.sampled

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    from parlour.ai import player_levels

    torch.set_num_threads(args.threads)
    if args.evaluate is not None:
        started = time.perf_counter()
        if args.evaluate in player_levels("uno"):  # a computer level in the agent's seat
            final = {
                level: evaluate_level(args.evaluate, level, args.final_hands, args.eval_seed)
                for level in LEVELS
            }
            how = "the computer level"
        else:
            model = MaskablePPO.load(args.evaluate, device="cpu")
            model.set_random_seed(args.seed)  # the sampled moves, reproducibly
            final = {
                "steps": int(model.num_timesteps),
                **against_levels(model, args.final_hands, greedy, args.eval_seed),
            }
            how = "sampled" if args.sampled else "greedy"
        minutes = (time.perf_counter() - started) / 60
        print(f"{args.evaluate} ({how}, {minutes:.1f} min): {describe(final)}", flush=True)
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    cpu_started = time.process_time()
    curve: list[dict[str, Any]] = []
    eval_seconds = 0.0

    def check(model: Any, hands: int) -> None:
        nonlocal eval_seconds
        t = time.perf_counter()
        point = {
            "steps": int(model.num_timesteps),
            **against_levels(model, hands, greedy, args.eval_seed),
        }
        eval_seconds += time.perf_counter() - t
        point["minutes"] = (time.perf_counter() - started) / 60
        point["cpu_minutes"] = (time.process_time() - cpu_started) / 60
        curve.append(point)
        r, b = point["random"], point["basic"]
        print(
            f"{point['steps']:>9,} steps {point['minutes']:6.1f} min "
            f"({point['cpu_minutes']:5.1f} CPU)  "
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
        n_steps=args.n_steps,  # per environment: n_steps x envs steps per update
        batch_size=min(args.batch_size, args.n_steps * args.envs),
        n_epochs=args.n_epochs,
        learning_rate=args.learning_rate,
        gamma=args.gamma,
        gae_lambda=args.gae_lambda,
        ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": [int(n) for n in args.net.split(",")]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    imitation: dict[str, Any] | None = None
    if args.imitate != "none":
        imitation = warm_start(model, args, greedy)
    check(model, args.eval_hands)  # the agent before any PPO update
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
        **against_levels(model, args.final_hands, greedy, args.eval_seed),
    }
    minutes = (time.perf_counter() - started) / 60
    cpu_minutes = (time.process_time() - cpu_started) / 60
    model.save(args.out / "uno_maskable_ppo.zip")
    print(
        f"final, {final['steps']:,} steps, {minutes:.1f} min ({cpu_minutes:.1f} CPU): "
        f"{describe(final)}",
        flush=True,
    )
    report = {
        "settings": vars(args) | {"out": str(args.out), "switch": switch},
        "curve": curve,
        "final": final,
        "imitation": imitation,
        "minutes": minutes,
        "cpu_minutes": cpu_minutes,
        "evaluation_minutes": eval_seconds / 60,
    }
    (args.out / "uno_maskable_ppo_curve.json").write_text(json.dumps(report, indent=1))
    plot(curve + [final], switch, args.out / "uno_maskable_ppo_curve.png", title_of(report))
    return 0


def title_of(report: dict[str, Any]) -> str:
    """The plot's title: what was run, and what it reached."""
    final, imitation = report["final"], report.get("imitation")
    r, b = final["random"], final["basic"]
    start = ""
    if imitation:
        rounds = len(imitation.get("dagger", []))
        dagger = f" (+{rounds} DAgger rounds)" if rounds else ""
        start = f"{imitation['teacher']} copied{dagger}, then "
    return (
        f"UNO: {start}MaskablePPO, {final['steps']:,} steps, "
        f"{report['cpu_minutes']:.0f} min of CPU\nfinal: {100 * r['rate']:.1f}% against random, "
        f"{100 * b['rate']:.1f}% against basic ({r['hands']:,} hands each)"
    )


if __name__ == "__main__":
    raise SystemExit(main())
