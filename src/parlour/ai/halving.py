"""Successive halving: spend a budget of samples on the candidates that stay close.

The strong patience players compare a few candidate moves on sampled deals (the
hidden cards dealt at random, consistently with what the player has seen). Each round
gives every candidate still in the running the same number of new samples (the same
samples for all of them, so their differences are not blurred by the luck of the
deal), then keeps the better half (down to the best one, or two that share the
rest of the budget); the rounds double the samples. Most of the budget so goes to
the close calls, and a candidate that loses everywhere costs one round.

A caller whose samples differ in cost can bound the work of a decision with ``more``:
the rounds are then played a sample at a time and end (with the decision) at the
first sample its work budget cannot pay for. The bound is counted in the caller's
own units of work (samples, positions, solver nodes), never read off a clock, so a
seeded player makes the same choices on every machine.
"""

from __future__ import annotations

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
    settled: Callable[[Sequence[float]], bool] | None = None,
    more: Callable[[Sequence[int]], bool] | None = None,
    final_pair: bool = False,
) -> Verdict:
    """Successive halving over ``count`` candidates (index order breaks ties: best first).

    ``play(alive, k)`` plays ``k`` new samples for each candidate in ``alive`` (the same
    samples for all) and returns each one's total score over them. The rounds give each
    candidate ``first``, then twice as many, ... samples, while the samples played stay
    within ``budget`` (the first round whatever the budget). With ``final_pair`` the
    field is halved down to two, never to one, and the last two go on sharing the
    budget: a close call between two is where more samples matter most, and halving
    to one settles it on the first round's few samples and leaves the rest of the
    budget unspent. It suits samples that are as good late as early; where the later
    samples are worse (The Gate's, whose play-outs share a work budget and are cut
    shorter as it runs down), the default halving to one is the better judge.
    ``settled(totals)`` (the totals of the candidates still in the running) may stop
    after a round where more samples would change nothing that matters to the caller.
    ``more(alive)`` (optional): whether
    the caller's work budget pays for one more sample for each candidate in ``alive``;
    with it, each round is played one sample at a time (``play(alive, 1)``) while it
    says yes, and a round it cuts short is the last (its candidates have all seen the
    same samples, so their totals still compare). If it refuses the very first sample,
    the verdict is candidate 0 on no samples. Nothing here reads a clock.
    """
    alive = list(range(count))
    total = [0.0] * count
    played = [0] * count
    seen = 0
    spent = 0
    k = first
    while True:
        got, cut = _round(alive, k, play, more)
        for a, score in zip(alive, got, strict=True):
            total[a] += score
            played[a] += cut
        seen += cut
        spent += cut * len(alive)
        stop = cut < k or (settled is not None and settled([total[a] for a in alive]))
        alive.sort(key=lambda a: (-total[a], a))
        least = min(2, len(alive)) if final_pair else 1
        keep = alive[: max(least, len(alive) // 2)]
        k *= 2
        if len(keep) == 1 or spent + k * len(keep) > budget or stop:
            break
        alive = keep
    runner = alive[1] if len(alive) > 1 else -1
    means = tuple(t / n if n else 0.0 for t, n in zip(total, played, strict=True))
    return Verdict(
        alive[0], total[alive[0]], seen, runner, total[runner] if runner >= 0 else 0.0, means
    )


def _round(
    alive: Sequence[int],
    k: int,
    play: Callable[[Sequence[int], int], Sequence[float]],
    more: Callable[[Sequence[int]], bool] | None,
) -> tuple[list[float], int]:
    """One round: each candidate's total over the samples played, and how many were
    played (``k``, or fewer where ``more`` stopped it)."""
    if more is None:
        return list(play(alive, k)), k
    totals = [0.0] * len(alive)
    for done in range(k):
        if not more(alive):
            return totals, done
        for i, score in enumerate(play(alive, 1)):
            totals[i] += score
    return totals, k
