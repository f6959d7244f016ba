"""UNO benchmarks: engine speed against RLCard, state copies, and playing strength.

    python benchmarks/bench_uno.py                      # everything (a long run)
    python benchmarks/bench_uno.py --only speed         # speed and copies only
    python benchmarks/bench_uno.py --only decisions     # ms per strong decision
    python benchmarks/bench_uno.py --only strength --first-seed 100000   # fresh seeds
    python benchmarks/bench_uno.py --hands 2000 --matches 200 --skip-rlcard

*Speed.* Random-vs-random full hands on one core, our pure-Python engine and RLCard
1.2.0's UNO game (``pip install -e '.[bench]'``) measured in the same run, in
alternating rounds so that a busy machine slows both alike; the best round of each
is reported. Both sides play the same policy, UNO's ``random`` player
(``parlour.ai.uno``): uniform over the distinct playable cards, a Wild's colour
uniform, a W4 only when right, drawing only when nothing fits; a drawn card that
fits is played (RLCard does that itself). The rules differ (RLCard has Reverses,
no reneging and no penalty for a wrong W4, and plays a drawn card automatically),
so hands/s and steps/s are both given. RLCard's environment with its
``RandomAgent`` (uniform over action ids) is measured too, for reference.

*Copies.* ``Uno.copy()`` per second on positions from random play.

*Decisions.* Milliseconds per ``strong`` decision (median, 95th percentile, mean)
in hands of strong against strong (seeds ``--first-seed`` on), with the compiled
kernel loaded before timing: what a person waits for at the table.

*Strength.* Win rates of one level against another over independent hands: hand
``i`` is dealt from seed ``--first-seed + i``; the first level sits in seat ``i % 2`` (the first
hand's starter comes from the seed). 95% confidence intervals are Wilson
intervals. Matches to 500 points are played the same way. Runs on ``--jobs``
processes (default 2). ``--rlcard-random`` adds strong and basic against a random
agent that plays like RLCard's (``RlcardStyleRandom``: a Wild is four actions).
``strong`` searches (numba-compiled playouts with ``parlour[fast]``; without numba
the same choices are made about fifty times slower).
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import parlour  # noqa: E402
from parlour.ai import make_player  # noqa: E402
from parlour.ai.base import Player  # noqa: E402
from parlour.ai.uno import UnoRandomPlayer, random_engine_move  # noqa: E402
from parlour.games.uno import Uno  # noqa: E402
from parlour.rng import Rng  # noqa: E402

PAIRS = (("strong", "random"), ("strong", "basic"), ("basic", "random"))
#: Extra pairings against RLCard's random agent's behaviour (see ``RlcardStyleRandom``).
RLCARD_PAIRS = (("strong", "random-rlcard"), ("basic", "random-rlcard"))
RLCARD_RANDOM = "random-rlcard"
HAND_MOVE_LIMIT = 20_000  # never reached in practice; a safety net for a broken player


# --- speed ---------------------------------------------------------------------------


def parlour_round(hands: int, seed: int) -> tuple[float, int]:
    """Seconds and steps for ``hands`` random-vs-random hands of our engine."""
    st: Any = parlour.new_game("uno", seed=seed, target=100_000).state
    rng = Rng(seed + 1)
    steps = 0
    done = 0
    number = st.hand_number
    start = time.perf_counter()
    while done < hands:
        st.apply(random_engine_move(st, st.legal_moves(), rng))
        steps += 1
        if st.hand_number != number:
            number = st.hand_number
            done += 1
    return time.perf_counter() - start, steps


def rlcard_policy(legal: list[str], rng: Rng) -> str:
    """UNO's ``random`` policy on RLCard's action strings ('r-7', 'g-wild', 'draw')."""
    cards: list[str] = []
    for action in legal:
        if action == "draw":
            return action
        trait = action.split("-", 1)[1]
        card = trait if trait.startswith("wild") else action
        if card not in cards:
            cards.append(card)
    card = cards[rng.randbelow(len(cards))]
    if card.startswith("wild"):
        return "rgby"[rng.randbelow(4)] + "-" + card
    return card


def rlcard_round(hands: int, seed: int) -> tuple[float, int]:
    """Seconds and steps for ``hands`` hands of RLCard's bare UNO game, same policy."""
    from rlcard.games.uno.game import UnoGame

    game = UnoGame()
    game.configure({"game_num_players": 2})
    game.np_random.seed(seed)
    rng = Rng(seed + 1)
    steps = 0
    start = time.perf_counter()
    for _ in range(hands):
        game.init_game()
        while not game.is_over():
            game.step(rlcard_policy(game.get_legal_actions(), rng))
            steps += 1
    return time.perf_counter() - start, steps


def rlcard_env_round(hands: int, seed: int) -> tuple[float, int]:
    """RLCard's environment with its own RandomAgent (uniform over action ids)."""
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(2)])
    steps = 0
    start = time.perf_counter()
    for _ in range(hands):
        trajectories, _ = env.run(is_training=False)
        steps += sum((len(t) - 1) // 2 for t in trajectories)
    return time.perf_counter() - start, steps


def best_rate(
    measure: Callable[[int, int], tuple[float, int]], hands: int, rounds: int
) -> tuple[float, float]:
    """(hands/s, steps/s) of the fastest of ``rounds`` rounds."""
    best = (0.0, 0.0)
    for r in range(rounds):
        seconds, steps = measure(hands, 1000 + r)
        if hands / seconds > best[0]:
            best = (hands / seconds, steps / seconds)
    return best


def copy_rate(copies: int) -> float:
    """``Uno.copy()`` per second over positions met in random play."""
    st: Any = parlour.new_game("uno", seed=7).state
    rng = Rng(8)
    states: list[Uno] = []
    while len(states) < 200:
        st.apply(random_engine_move(st, st.legal_moves(), rng))
        if rng.randbelow(4) == 0:
            states.append(st.copy())
    per = max(1, copies // len(states))
    start = time.perf_counter()
    for s in states:
        for _ in range(per):
            s.copy()
    return per * len(states) / (time.perf_counter() - start)


def speed(args: argparse.Namespace) -> None:
    hands = args.speed_hands
    rounds = args.rounds
    print(f"## Speed (one core, best of {rounds} alternating rounds of {hands} hands)")
    results: dict[str, tuple[float, float]] = {}
    sides: list[tuple[str, Callable[[int, int], tuple[float, int]]]] = [
        ("parlour (pure Python)", parlour_round)
    ]
    if not args.skip_rlcard:
        try:
            import rlcard

            version = getattr(rlcard, "__version__", "?")
            sides += [
                (f"RLCard {version} game", rlcard_round),
                (f"RLCard {version} env + RandomAgent", rlcard_env_round),
            ]
        except ImportError:
            print("(RLCard is not installed: pip install -e '.[bench]'; skipped)")
    for name, _ in sides:
        results[name] = (0.0, 0.0)
    for r in range(rounds):
        for name, measure in sides:
            n = hands if "env" not in name else max(1, hands // 4)
            seconds, steps = measure(n, 1000 + r)
            if n / seconds > results[name][0]:
                results[name] = (n / seconds, steps / seconds)
    print(f"{'engine':40} {'hands/s':>10} {'steps/s':>10} {'steps/hand':>10}")
    for name, (hps, sps) in results.items():
        print(f"{name:40} {hps:10.0f} {sps:10.0f} {sps / hps:10.1f}")
    names = list(results)
    if len(names) > 1:
        ours = results[names[0]][0]
        print(f"parlour / RLCard game: {ours / results[names[1]][0]:.2f}x hands/s")
    print(f"Uno.copy(): {copy_rate(args.copies):,.0f} copies/s")
    print()


# --- strength ------------------------------------------------------------------------


class RlcardStyleRandom(Player):
    """RLCard 1.2.0's ``RandomAgent`` in UNO, carried over to our rules (benchmark only).

    RLCard's legal actions are the distinct playable cards, but a Wild is four
    actions (one per colour), so a uniform choice over actions plays a Wild four
    times as often as a coloured card; a Wild Draw Four is legal there only when
    nothing else is; ``draw`` only when nothing fits, and the drawn card is played
    when it fits. It is not a registered level: UNO's ``random`` gives a Wild one
    chance like any card and plays a right W4 like any card. The issue's reference
    figures (66.4% for the best published heuristic, about 54.5% for RLCard's rule
    agent) are against random agents of this kind.
    """

    level = RLCARD_RANDOM

    def choose(self, view: Any, legal: Any) -> str:
        rng = self.rng
        phase = view["phase"]
        if phase == "colour":
            return f"colour:{'RGYB'[rng.randbelow(4)]}"
        if phase == "challenge":
            return str(legal[rng.randbelow(2)])
        colour = view["colour"]
        right_w4 = not any(s[0] == colour for s in view["hand"])
        if phase == "play_or_keep":
            drawn = view["drawn"]
            if drawn == "W4" and not right_w4:
                return "keep"
            return f"play:{'RGYB'[rng.randbelow(4)]}" if drawn in ("W", "W4") else "play"
        actions: list[str] = []
        wild4: list[str] = []
        for text in legal:
            if text in ("draw", "pass", "catch") or " " in text:
                continue
            if text.startswith("W4:"):
                wild4.append(text)
            elif text not in actions:
                actions.append(text)  # a Wild's four colours are four actions
        if not actions and right_w4:
            actions = wild4
        if not actions:
            return "draw" if "draw" in legal else "pass"
        return actions[rng.randbelow(len(actions))]


def _make(level: str, seed: int, seat: int) -> Player:
    if level == RLCARD_RANDOM:
        return RlcardStyleRandom(seed * 2 + seat)
    return make_player("uno", level, seed=seed, seat=seat)


def play_one(task: tuple[str, str, int, bool]) -> tuple[int, int, int]:
    """Play hand (or match) ``seed``: (winner as 0 first level / 1 second / -1 none,
    moves, hands). The first level sits in seat ``seed % 2``."""
    first, second, seed, match = task
    seat_first = seed % 2
    levels = [second, second]
    levels[seat_first] = first
    target = 500 if match else 100_000
    st: Any = parlour.new_game("uno", seed=seed, target=target).state
    players = [_make(levels[s], seed, s) for s in (0, 1)]
    moves = 0
    while st.outcome is None and (match or st.hand_number == 1):
        seat = st.to_move
        legal = st.legal_moves()
        player = players[seat]
        if isinstance(player, UnoRandomPlayer):
            move = random_engine_move(st, legal, player.rng)
        else:
            strings = [st.move_str(m) for m in legal]
            view = st.view(seat)
            view["outcome"] = None
            move = legal[strings.index(player.choose(view, strings))]
        st.apply(move)
        moves += 1
        if moves > HAND_MOVE_LIMIT * (20 if match else 1):
            return -1, moves, st.hand_number
    if match:
        winner = st.outcome.winner
        hands = st.hand_number
    else:
        winner = st.view(0)["last_hand"]["winner"]
        hands = 1
    if winner is None:
        return -1, moves, hands
    return (0 if winner == seat_first else 1), moves, hands


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    z = 1.959964
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def strength_row(
    first: str, second: str, n: int, match: bool, jobs: int, first_seed: int = 0
) -> str:
    tasks = [(first, second, seed, match) for seed in range(first_seed, first_seed + n)]
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(play_one, tasks, chunksize=max(1, min(200, n // (8 * jobs)))))
    seconds = time.perf_counter() - start
    wins = sum(1 for w, _, _ in results if w == 0)
    decided = sum(1 for w, _, _ in results if w >= 0)
    moves = sum(m for _, m, _ in results)
    hands = sum(h for _, _, h in results)
    lo, hi = wilson(wins, decided)
    what = "matches" if match else "hands"
    extra = f", {hands / n:.1f} hands/match" if match else ""
    return (
        f"{first} vs {second:7} {wins / decided:6.1%}  [{lo:.1%}, {hi:.1%}]  "
        f"{decided} {what} ({n - decided} undecided), {moves / hands:.1f} moves/hand{extra}, "
        f"{seconds:.0f} s"
    )


def strength(args: argparse.Namespace) -> None:
    print(f"## Strength ({args.jobs} processes, seeds from {args.first_seed})")
    print("Hands (win rate of the first level, 95% Wilson interval):")
    for first, second in PAIRS:
        print(
            strength_row(first, second, args.hands, False, args.jobs, args.first_seed), flush=True
        )
    if args.rlcard_random:
        print("Against a random agent that plays like RLCard's (a Wild is four actions):")
        for first, second in RLCARD_PAIRS:
            print(
                strength_row(first, second, args.hands, False, args.jobs, args.first_seed),
                flush=True,
            )
    if args.matches:
        print("Matches to 500 points:")
        for first, second in PAIRS:
            print(
                strength_row(first, second, args.matches, True, args.jobs, args.first_seed),
                flush=True,
            )
    print()


def decisions(args: argparse.Namespace) -> None:
    """Milliseconds per strong decision in strong-vs-strong hands (one process)."""
    from parlour.ai.uno.search import compiled

    compiled_kernel = compiled()
    play_one(("strong", "random", args.first_seed, False))  # load the kernel first
    times: list[float] = []
    for seed in range(args.first_seed, args.first_seed + args.decision_hands):
        st: Any = parlour.new_game("uno", seed=seed, target=100_000).state
        players = [make_player("uno", "strong", seed=seed, seat=s) for s in (0, 1)]
        while st.outcome is None and st.hand_number == 1:
            seat = st.to_move
            legal = st.legal_moves()
            strings = [st.move_str(m) for m in legal]
            view = st.view(seat)
            start = time.perf_counter()
            move = players[seat].choose(view, strings)
            times.append(time.perf_counter() - start)
            st.apply(legal[strings.index(move)])
    times.sort()
    n = len(times)
    print(f"## Decisions ({'compiled' if compiled_kernel else 'plain Python'} search)")
    print(
        f"strong vs strong, {args.decision_hands} hands, {n} decisions: "
        f"median {times[n // 2] * 1000:.1f} ms, 95th percentile "
        f"{times[min(n - 1, int(n * 0.95))] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms, "
        f"mean {sum(times) / n * 1000:.2f} ms"
    )
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per pairing")
    parser.add_argument("--matches", type=int, default=2_000, help="500-point matches per pairing")
    parser.add_argument("--speed-hands", type=int, default=2_000, help="hands per speed round")
    parser.add_argument("--rounds", type=int, default=3, help="alternating speed rounds")
    parser.add_argument("--copies", type=int, default=200_000, help="copies to time")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the strength runs")
    parser.add_argument("--skip-rlcard", action="store_true", help="do not measure RLCard")
    parser.add_argument(
        "--rlcard-random",
        action="store_true",
        help="also play strong and basic against an RLCard-style random agent",
    )
    parser.add_argument(
        "--decision-hands", type=int, default=30, help="strong-vs-strong hands timed"
    )
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first hand")
    parser.add_argument(
        "--only", choices=("speed", "decisions", "strength"), help="run one part only"
    )
    args = parser.parse_args()
    print(
        f"# UNO benchmarks: Python {platform.python_version()} on {platform.machine()}, "
        f"{platform.processor() or platform.system()}, {os.cpu_count()} CPUs"
    )
    print(f"command: python benchmarks/bench_uno.py {' '.join(sys.argv[1:])}".rstrip())
    print()
    if args.only in (None, "speed"):
        speed(args)
    if args.only in (None, "decisions"):
        decisions(args)
    if args.only in (None, "strength"):
        strength(args)


if __name__ == "__main__":
    main()
