"""Shared fixtures: the CI flag, a fast/slow switch for the conformance suite, and
Hypothesis profiles for the fuzz tests (derandomized in CI)."""

from __future__ import annotations

import os
import subprocess
import sys

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


#: The compiled kernels in two groups of about the same compile time (~30 s each on a
#: cold cache): see :func:`pytest_configure`.
KERNEL_GROUPS = (
    ("calculation", "calculation strong player"),
    ("uno", "uno-vector-env", "uno-simulator"),
)
#: Loads the modules that register the kernels' warmers, then warms the named ones.
_WARM_SCRIPT = """
import sys
import parlour.ai.players, parlour.sim.uno_fast
try:
    import parlour.envs.uno_vector
except ImportError:
    pass
from parlour.kernels import warm
warm(*sys.argv[1:])
"""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one worker more than the cores. The browser tests spend much of
    their time waiting (on Chromium, the live server, a frame), and a third worker on
    two cores fills that time: the whole suite took 476 s with three workers against
    549 s with two, the same commit on the same idle machine (2026-11-27). The
    variable xdist reads, ``PYTEST_XDIST_AUTO_NUM_WORKERS``, still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist's own hook reads it
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return cores + 1


def pytest_configure(config: pytest.Config) -> None:
    """Compile numba's kernels once, before the test workers start. On a fresh checkout
    numba's disk cache is empty, and each worker compiled every kernel for itself at
    its first test that used one: about a minute of CPU a worker, of a suite that has
    ten minutes. Here two processes compile the two groups side by side and the
    workers load the cache (a second). Without workers (``-n 0``) or numba, nothing
    happens; a failure here only leaves the compiling to the tests."""
    workers = config.getoption("numprocesses", default=None)
    if hasattr(config, "workerinput") or not workers:
        return
    compiling = [
        subprocess.Popen([sys.executable, "-c", _WARM_SCRIPT, *group]) for group in KERNEL_GROUPS
    ]
    for process in compiling:
        process.wait()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--seeds",
        type=int,
        default=int(os.environ.get("PARLOUR_CONFORMANCE_SEEDS", "50")),
        help="random playouts per game in the conformance suite, besides a few chosen deals"
        " (default 50; 1000 for a long run)",
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
