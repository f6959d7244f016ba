"""Shared fixtures: the CI flag, a fast/slow switch for the conformance suite, and
Hypothesis profiles for the fuzz tests (derandomized in CI)."""

from __future__ import annotations

import os

import pytest

try:  # the fuzz tests' Hypothesis profiles (hypothesis comes with the 'test' extra)
    from hypothesis import HealthCheck, settings

    #: CI: the same examples on every run (a failure replays), nothing kept between runs.
    settings.register_profile(
        "ci",
        derandomize=True,
        database=None,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    #: Elsewhere: fresh examples each run, failures remembered in .hypothesis/.
    settings.register_profile(
        "dev",
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    settings.load_profile("ci" if os.environ.get("CI", "").lower() in ("1", "true") else "dev")
except ImportError:  # pragma: no cover - without the test extra
    pass


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
