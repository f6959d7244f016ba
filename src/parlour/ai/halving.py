"""Successive halving: spend a budget of samples on the candidates that stay close.

The strong patience players compare a few candidate moves on sampled deals (the
hidden cards dealt at random, consistently with what the player has seen). Each round
gives every candidate still in the running the same number of new samples (the same
samples for all of them, so their differences are not blurred by the luck of the
deal), then keeps the better half; the rounds double the samples. Most of the budget
so goes to the close calls, and a candidate that loses everywhere costs one round.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Verdict", "halve"]


@dataclass(frozen=True)
class Verdict:
    """The winner (its index among the candidates), its score and the samples it saw;
    the best of the others (``runner``, -1 if none) with its score; each candidate's
    mean score over the samples it saw (``means``)."""

    best: int
    score: float
    samples: int
    runner: int
    runner_score: float
    means: tuple[float, ...] = ()


def halve(
    count: int,
    budget: int,
    first: int,
    play: Callable[[Sequence[int], int], Sequence[float]],
    seconds: float = float("inf"),
    settled: Callable[[Sequence[float]], bool] | None = None,
) -> Verdict:
    """Successive halving over ``count`` candidates (index order breaks ties: best first).

    ``play(alive, k)`` plays ``k`` new samples for each candidate in ``alive`` (the same
    samples for all) and returns each one's total score over them. The rounds give each
    candidate ``first``, then twice as many, ... samples, while the samples played stay
    within ``budget`` (the first round is always played). ``seconds`` (CPU time) stops
    after a round once it is spent. ``settled(totals)`` (the totals of the candidates
    still in the running) may stop after a round where more samples
    would change nothing that matters to the caller.
    """
    started = time.process_time()
    alive = list(range(count))
    total = [0.0] * count
    played = [0] * count
    seen = 0
    spent = 0
    k = first
    while True:
        for a, score in zip(alive, play(alive, k), strict=True):
            total[a] += score
            played[a] += k
        seen += k
        spent += k * len(alive)
        stop = settled is not None and settled([total[a] for a in alive])
        alive.sort(key=lambda a: (-total[a], a))
        keep = alive[: max(1, len(alive) // 2)]
        k *= 2
        out_of_time = time.process_time() - started >= seconds
        if len(keep) == 1 or spent + k * len(keep) > budget or out_of_time or stop:
            break
        alive = keep
    runner = alive[1] if len(alive) > 1 else -1
    means = tuple(t / n if n else 0.0 for t, n in zip(total, played, strict=True))
    return Verdict(
        alive[0], total[alive[0]], seen, runner, total[runner] if runner >= 0 else 0.0, means
    )
