"""Successive halving: the same samples for every candidate still running, the better
half kept each round (down to one, or with ``final_pair`` to two that share the rest
of the budget), index order breaking ties, each candidate's mean reported."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.ai.halving import halve


def test_halving_keeps_the_better_half_and_reports_means() -> None:
    rates = [0.5, 0.9, 0.1, 0.6]  # each candidate's score per sample
    calls: list[tuple[list[int], int]] = []

    def play(alive: Sequence[int], k: int) -> list[float]:
        calls.append((list(alive), k))
        return [rates[a] * k for a in alive]

    got = halve(4, budget=100, first=4, play=play)
    assert calls == [([0, 1, 2, 3], 4), ([1, 3], 8)]
    assert got.best == 1 and got.runner == 3
    assert got.samples == 12 and abs(got.score - 0.9 * 12) < 1e-9
    assert [round(m, 6) for m in got.means] == rates
    calls.clear()
    got = halve(4, budget=100, first=4, play=play, final_pair=True)
    # 16 samples, then 16 (48 in all), then 32 (80): the next round's 64 would pass 100
    assert calls == [([0, 1, 2, 3], 4), ([1, 3], 8), ([1, 3], 16)]
    assert got.best == 1 and got.runner == 3
    assert got.samples == 28 and abs(got.score - 0.9 * 28) < 1e-9


def test_halving_breaks_ties_by_index_and_stops_at_the_budget() -> None:
    def play(alive: Sequence[int], k: int) -> list[float]:
        return [float(k)] * len(alive)

    got = halve(3, budget=10, first=2, play=play)
    assert got.best == 0 and got.runner == 1 and got.samples == 2
    assert got.means == (1.0, 1.0, 1.0)


def test_halving_stops_once_settled() -> None:
    calls: list[int] = []

    def play(alive: Sequence[int], k: int) -> list[float]:
        calls.append(k)
        return [float(k)] * len(alive)  # every candidate wins every sample

    got = halve(4, budget=1000, first=2, play=play, settled=lambda t: max(t) == min(t))
    assert calls == [2] and got.best == 0 and got.samples == 2
    calls.clear()
    got = halve(4, budget=1000, first=2, play=play)
    assert calls == [2, 4]  # without it, the rounds go on while the budget lasts
    calls.clear()
    got = halve(4, budget=1000, first=2, play=play, final_pair=True)
    assert calls == [2, 4, 8, 16, 32, 64, 128]  # the last two sharing it


def test_the_last_two_share_the_budget() -> None:
    """With ``final_pair`` a close call between two candidates is not settled on the
    first round's few samples: the two go on while the budget lasts, and the better
    total wins."""
    calls: list[tuple[list[int], int]] = []

    def play(alive: Sequence[int], k: int) -> list[float]:
        calls.append((list(alive), k))
        # candidate 0 wins the first round's samples, candidate 1 the later ones
        return [float(k) if (a == 0) == (len(calls) == 1) else 0.0 for a in alive]

    got = halve(2, budget=60, first=4, play=play, final_pair=True)
    assert calls == [([0, 1], 4), ([0, 1], 8), ([1, 0], 16)]
    assert got.best == 1 and got.samples == 28 and got.runner == 0


def test_halving_plays_a_sample_at_a_time_while_the_work_budget_lasts() -> None:
    """``more`` bounds a decision's work by counting: the round it cuts short is the
    last, and its candidates have all seen the same samples."""
    calls: list[tuple[list[int], int]] = []
    work = [10]  # the caller's budget: one unit a candidate a sample

    def more(alive: Sequence[int]) -> bool:
        return work[0] >= len(alive)

    def play(alive: Sequence[int], k: int) -> list[float]:
        calls.append((list(alive), k))
        work[0] -= len(alive) * k
        return [float(a) * k for a in alive]  # candidate 3 best, then 2, ...

    got = halve(4, budget=1000, first=2, play=play, more=more)
    # first round: 2 samples of 4 (8 units); then 1 of the 2 kept (2 units), and no more
    assert calls == [([0, 1, 2, 3], 1)] * 2 + [([3, 2], 1)]
    assert got.best == 3 and got.runner == 2 and got.samples == 3
    assert got.means == (0.0, 1.0, 2.0, 3.0)
    assert work[0] == 0


def test_halving_with_no_work_for_a_single_sample_picks_the_first() -> None:
    def play(alive: Sequence[int], k: int) -> list[float]:  # pragma: no cover - never
        raise AssertionError("played a sample the budget did not pay for")

    got = halve(3, budget=100, first=2, play=play, more=lambda alive: False)
    assert got.best == 0 and got.samples == 0 and got.runner == 1
