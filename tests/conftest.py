"""Shared fixtures: the CI flag and a fast/slow switch for the conformance suite."""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--seeds",
        type=int,
        default=int(os.environ.get("PARLOUR_CONFORMANCE_SEEDS", "200")),
        help="random playouts per game in the conformance suite (default 200)",
    )


@pytest.fixture(autouse=True)
def _own_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test keeps its games store in a folder of its own, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(scope="session")
def conformance_seeds(request: pytest.FixtureRequest) -> int:
    return int(request.config.getoption("--seeds"))
