"""The terminal table's tests run ``parlour tui`` in process, where there is no
terminal: the command's check for one (``cli._has_terminal``) is told there is one.
The test of the refusal without a terminal runs the real check in a subprocess."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour import cli

    monkeypatch.setattr(cli, "_has_terminal", lambda: True)


@pytest.fixture(autouse=True)
def quick_idle_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's pilot waits after every key until the process looks idle, judged over
    slices of 20 ms: at least 40 ms a key, and a slice in which any thread worked
    (a worker, a pool filling) starts the wait again, up to a second. Slices of 5 ms
    judge the same way (under 5% of the slice busy) four times as often."""
    from textual import _wait

    monkeypatch.setattr(_wait, "SLEEP_GRANULARITY", 0.005)
    monkeypatch.setattr(_wait, "SLEEP_IDLE", 0.005 / 20)
