"""Figures the patience benchmarks print alike: shares with Wilson intervals, percentiles.

Imported by the benchmark scripts, which run as ``python benchmarks/<script>.py``
(so this folder is on the path); the interval itself is ``parlour.sim.stats.wilson``,
the one the simulation tables use.
"""

from __future__ import annotations

from parlour.sim.stats import wilson

__all__ = ["percentile", "share"]


def share(k: int, n: int) -> str:
    """``k`` of ``n`` as a count, a percentage and its Wilson 95% interval."""
    lo, hi = wilson(k, n)
    return f"{k} ({100 * k / n:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by the nearest-rank rule."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
