"""The terminal table's tests run ``parlour tui`` in process, where there is no
terminal: the command's check for one (``cli._has_terminal``) is told there is one.
The test of the refusal without a terminal runs the real check in a subprocess."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour import cli

    monkeypatch.setattr(cli, "_has_terminal", lambda: True)
