"""Deals the solver picks, made cheap for tests of the front ends.

Winnable deals, the deal of the day and the verdict after a game run the solver
for seconds (more on a loaded machine). The front-end tests (fuzzing, the
invariant, the undo rule) are about what the table lets through, not about the
solver, so there every deal counts as proved and the verdict gets a small budget.
The code paths are the real ones; only the proofs are skipped.
"""

from __future__ import annotations

import pytest


def make_deals_cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.ai import deals

    monkeypatch.setattr(deals, "_proved", lambda *args, **kwargs: True)
    small = {name: (20_000, 1.0) for name in deals.VERDICT_BUDGET}
    monkeypatch.setattr(deals, "VERDICT_BUDGET", small)
