"""The Gate's registered solver: it sees the stock order; its line replays in the engine."""

from __future__ import annotations

import time

from ...core.protocol import GameState
from ...errors import WrongGameError
from ...games.gate import Gate
from ..solver import Budget, DealBudgets, SolveResult, register_solver
from .position import Pos, pos_key, pos_of_gate
from .search import deep_search


def _translate(g: Gate, line: list[Pos]) -> tuple[str, ...]:
    """Engine move strings that follow ``line`` (bar piles may sit anywhere in it)."""
    moves: list[str] = []
    state = g.copy()
    for target in line:
        want = pos_key(target)
        for move in state.legal_moves():
            after = state.copy()
            after.apply(move)
            if pos_key(pos_of_gate(after)[0]) == want:
                moves.append(state.move_str(move))
                state = after
                break
        else:  # pragma: no cover - the search and the engine disagree
            raise AssertionError(f"no engine move reaches step {len(moves) + 1} of the line")
    return tuple(moves)


@register_solver("gate", DealBudgets(winnable=(50_000, 0.5), day_nodes=50_000))
def solve_gate(state: GameState, budget: Budget) -> SolveResult:
    """Was this position of The Gate winnable? The line found replays through the engine."""
    if not isinstance(state, Gate):
        raise WrongGameError(
            f"the Gate solver cannot solve {state.name!r}: it takes"
            " a position of 'gate' "
            "(parlour.ai.solver.solve picks each game's own solver)"
        )
    started = time.perf_counter()
    root, stock = pos_of_gate(state)
    status, line, nodes = deep_search(root, stock, budget)
    seconds = time.perf_counter() - started
    moves = _translate(state, line) if status == "solved" else None
    return SolveResult(status, moves, nodes, seconds)
