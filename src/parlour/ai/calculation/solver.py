"""Calculation's registered solver (the search is in :mod:`.search`)."""

from __future__ import annotations

import time

from ...core.protocol import GameState
from ...core.session import new_game
from ...errors import WrongGameError
from ...games.calculation import Calculation
from ...kernels import register_warmer
from ..solver import Budget, DealBudgets, SolveResult, register_solver
from . import kernel, search
from .position import GAME, move_text, position_of


@register_solver(GAME, DealBudgets(winnable=(200_000, 1.0), day_nodes=200_000))
def solve_calculation(state: GameState, budget: Budget) -> SolveResult:
    """Winnable (with a line), unwinnable (proved) or unknown (the budget ran out);
    the search is in :mod:`parlour.ai.calculation.search`."""
    if not isinstance(state, Calculation):
        raise WrongGameError(
            f"the Calculation solver cannot solve {state.name!r}: it takes"
            " a position of 'calculation' "
            "(parlour.ai.solver.solve picks each game's own solver)"
        )
    start = time.perf_counter()
    need, piles, stock = position_of(state)
    classic = bool(state.options.get("classic", False))
    status, line, nodes = search.solve(need, piles, stock, classic, budget)
    seconds = time.perf_counter() - start
    moves = None if line is None else tuple(move_text(m) for m in line)
    return SolveResult(status, moves, nodes, seconds)


def _warm() -> None:
    """Load the compiled kernel: one expansion and a one-node beam of a dealt position
    (``solve`` runs this before its clock starts; a server as it starts)."""
    if not kernel.compiled():
        return
    need, piles, stock = position_of(new_game(GAME, seed=0).state)  # type: ignore[arg-type]
    row = search.kernel_row(need, piles, 0)
    runner = search.Search(stock, False, Budget(nodes=1))
    runner.expand(row)
    runner.beam(row, 8)


register_warmer(GAME, _warm)
