"""Lint, format and type checks run as part of the one test command."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


CHECKED = [d for d in ("src", "tests", "benchmarks", "examples") if (ROOT / d).is_dir()]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.skipif(
    shutil.which("ruff") is None, reason="ruff is not installed (pip install -e '.[test]')"
)
def test_ruff_lint() -> None:
    result = run("ruff", "check", *CHECKED)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(
    shutil.which("ruff") is None, reason="ruff is not installed (pip install -e '.[test]')"
)
def test_ruff_format() -> None:
    result = run("ruff", "format", "--check", *CHECKED)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]')")
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr
