"""The Calculation solver's kernel: compiled (numba) and plain Python give the same answers."""

from __future__ import annotations

import pytest

from parlour.ai import calculation_kernel
from parlour.ai.calculation_ai import _position
from parlour.ai.calculation_solver import solve
from parlour.ai.solver import Budget
from parlour.games.calculation import Calculation


@pytest.mark.parametrize("classic", [False, True])
def test_plain_and_compiled_kernels_agree(classic: bool) -> None:
    if not calculation_kernel.compiled():
        pytest.skip("numba is not installed")
    for seed in (2, 5):
        need, piles, stock = _position(Calculation.new(seed, None, {"classic": classic}))
        fast = solve(need, piles, stock, classic, Budget(nodes=400))
        plain = solve(need, piles, stock, classic, Budget(nodes=400), engine="plain")
        assert fast == plain


@pytest.mark.parametrize("classic", [False, True])
def test_the_reference_search_agrees_with_the_kernel(classic: bool) -> None:
    # Without numba the solver runs the reference search: same answers, same nodes.
    for seed in range(8):
        need, piles, stock = _position(Calculation.new(seed, None, {"classic": classic}))
        kernel = solve(need, piles, stock, classic, Budget(nodes=1500), engine="kernel")
        reference = solve(need, piles, stock, classic, Budget(nodes=1500), engine="reference")
        assert reference[0] == kernel[0]
        if kernel[0] != "unknown":
            assert reference[1:] == kernel[1:]


def test_an_unknown_engine_is_refused() -> None:
    need, piles, stock = _position(Calculation.new(1, None, {}))
    with pytest.raises(ValueError, match="unknown engine 'fast'"):
        solve(need, piles, stock, False, Budget(nodes=10), engine="fast")


def test_a_row_round_trips() -> None:
    from parlour.ai.calculation_solver import _row

    row = _row((2, 4, 6, 8), ((13,), (), (5, 9), ()), 3)
    assert len(row) == calculation_kernel.S
    assert row[calculation_kernel.LEN : calculation_kernel.LEN + 4] == [1, 0, 2, 0]
    assert row[calculation_kernel.IDX] == 3
