"""Deals the solver picks, made cheap for tests of the front ends.

Winnable deals, the deal of the day and the verdict after a game run the solver
for seconds (more on a loaded machine). The front-end tests (fuzzing, the
invariant, the undo rule) are about what the table lets through, not about the
solver, so there every deal counts as proved and the verdict gets a small budget.
The code paths are the real ones; only the proofs are skipped, and a pool of
winnable deals fills in the request rather than in a background thread.
"""

from __future__ import annotations

import pytest


def make_deals_cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.ai import deals
    from parlour.ai.solver import Budget

    monkeypatch.setattr(deals, "_proved", lambda *args, **kwargs: True)
    # Days "proved" here are remembered apart and forgotten after the test.
    monkeypatch.setattr(deals, "_days", type(deals._days)())
    # Pools fill at once, not in a thread that would outlive the patch and go on
    # proving deals for real while later tests run.
    refill = deals.WinnablePool.refill
    monkeypatch.setattr(deals.WinnablePool, "refill", lambda self, wait=False: refill(self, True))
    monkeypatch.setattr(deals, "_verdict_budget", lambda name: Budget(nodes=20_000, seconds=1.0))


def make_computer_quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every computer opponent plays as the random level: the schema and fuzz tests
    look at what the API answers, not at how well the computer plays (the strong
    players' first searches take seconds on a loaded machine)."""
    from parlour.ai import base

    # The table's players come through ai.Recall, which makes them with base.make_player.
    real = base.make_player
    monkeypatch.setattr(base, "make_player", lambda game, level, **kw: real(game, "random", **kw))
