"""Calculation's registered solver (the search is in :mod:`.search`)."""

from __future__ import annotations

import time

from ...core.protocol import GameState
from ...errors import ParlourError
from ...games.calculation import Calculation
from ..solver import Budget, SolveResult, register_solver
from . import search
from .position import GAME, move_text, position_of


@register_solver(GAME)
def solve_calculation(state: GameState, budget: Budget) -> SolveResult:
    """Winnable (with a line), unwinnable (proved) or unknown (the budget ran out);
    the search is in :mod:`parlour.ai.calculation.search`."""
    if not isinstance(state, Calculation):
        raise ParlourError(f"the Calculation solver cannot solve {state.name}")
    start = time.perf_counter()
    need, piles, stock = position_of(state)
    classic = bool(state.options.get("classic", False))
    status, line, nodes = search.solve(need, piles, stock, classic, budget)
    seconds = time.perf_counter() - start
    moves = None if line is None else tuple(move_text(m) for m in line)
    return SolveResult(status, moves, nodes, seconds)
