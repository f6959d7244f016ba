"""The library as a newcomer meets it: what ``import parlour`` reaches, what ``help()``
and ``repr()`` say of the public objects, and the errors of its entry points."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _fresh(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (nothing imported before it)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, cwd=ROOT
    )


def test_the_solver_is_reached_from_import_parlour_alone() -> None:
    """The README's ``parlour.ai.solver.solve(game, budget)`` after ``import parlour``
    (it raised AttributeError unless something had imported the solver first)."""
    result = _fresh(
        "import parlour\n"
        "g = parlour.new_game('gate', seed=1)\n"
        "print(parlour.ai.solver.solve(g, '5s').status)\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "solved"


def test_the_typed_user_script_runs() -> None:
    """``tests/typed_user_code.py``, which mypy checks (``[tool.mypy] files``), also runs."""
    pytest.importorskip("gymnasium")
    assert "tests/typed_user_code.py" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "typed_user_code.py")],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == "won"
