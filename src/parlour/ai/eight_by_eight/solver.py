"""The 8 x 8 solver: the main search, the tail and the proof pass, and its winning
line replayed through the engine."""

from __future__ import annotations

import time
from collections.abc import Sequence

from ...core.protocol import GameState
from ...errors import WrongGameError
from ...games.eight_by_eight import EightByEight
from ..solver import Budget, DealBudgets, SolveResult, register_solver
from .position import GAME, Mv, position_of
from .search import Search


def _engine_move(state: EightByEight, mv: Mv) -> tuple[int, ...]:
    """The engine's move for one solver move (a turn is split by the caller)."""
    kind = mv[0]
    if kind == "R":
        return (0, mv[1], mv[2], mv[3])
    if kind == "F":
        return (1, mv[1], state._fit(state.rows[mv[1]][-1]))
    if kind == "w":
        return (6, mv[1])
    if kind == "f":
        return (7, state._fit(state.waste[-1]))
    if kind == "o":
        return (2,)
    how = mv[1]
    if how == "W":
        return (5,)
    if how == "F":
        return (4, state._fit(state.pending))
    return (3, mv[2])


def replay_line(state: EightByEight, line: Sequence[Mv]) -> list[str]:
    """Canonical move strings for a solver line, checked move by move on a copy."""
    state = state.copy()
    out: list[str] = []

    def play(move: tuple[int, ...]) -> None:
        if move not in state.legal_moves():
            raise AssertionError(f"solver line is illegal at {state.move_str(move)!r}")
        out.append(state.move_str(move))
        state.apply(move)

    for mv in line:
        if mv[0] == "t":
            play((2,))
        play(_engine_move(state, mv))
    outcome = state.outcome
    if outcome is None or outcome.result != "won":
        raise AssertionError("solver line does not win")
    return out


#: A node budget above this runs the search as it is up to this many nodes and then,
#: if the deal is still undecided, a second search (the *tail*) with the rest of the
#: budget: fresh, with talon-walk dominance (``walk_dominated``). Up to this budget
#: the solver is node for node the search measured in runs 1-5 of docs/notes/benchmarks-history.md.
TAIL_FROM = 600_000
#: The tail's random seed (its shuffled restarts differ from the main search's).
_TAIL_SEED = 0x8888
#: Relaxed states one check of an open position may search (``Search._dead_open``).
RELAX_LIMIT = 100_000


@register_solver(GAME, DealBudgets(winnable=(20_000, 0.5), day_nodes=20_000))
def solve_eight_by_eight(state: GameState, budget: Budget) -> SolveResult:
    """Search the deal for a win; see the module docstring for the method."""
    if not isinstance(state, EightByEight):
        raise WrongGameError(
            f"the 8 x 8 solver cannot solve {state.name!r}: it takes"
            " a position of 'eight-by-eight' "
            "(parlour.ai.solver.solve picks each game's own solver)"
        )
    started = time.perf_counter()
    total = budget.nodes
    if total is None or total <= TAIL_FROM:
        search = Search(budget)
    else:
        search = Search(Budget(TAIL_FROM, budget.seconds, budget.started))
    result = solve_with(state, search, started)
    if result.status != "unknown" or budget.exhausted(result.nodes):
        return result
    if search.out_of_budget:
        if total is None or total <= TAIL_FROM:
            return result
        search = tail_search(_left(budget, result.nodes))
        result = _after_stage(result, solve_with(state, search, started))
        if result.status != "unknown" or budget.exhausted(result.nodes) or search.out_of_budget:
            return result
    # searched to the end, but through the open regime: the proof pass
    search = tail_search(_left(budget, result.nodes), relax=True)
    return _after_stage(result, solve_with(state, search, started))


def _left(budget: Budget, used: int) -> Budget:
    return Budget(
        None if budget.nodes is None else budget.nodes - used, budget.seconds, budget.started
    )


def _after_stage(before: SolveResult, stage: SolveResult) -> SolveResult:
    """A later stage's answer with the nodes of every stage so far."""
    return SolveResult(stage.status, stage.moves, before.nodes + stage.nodes, stage.seconds)


def tail_search(budget: Budget, relax: bool = False) -> Search:
    """The tail's search: talon walks merged, no discrepancy phases, its own seed."""
    return Search(budget, True, _TAIL_SEED, False, relax)


def solve_tail(state: EightByEight, budget: Budget) -> SolveResult:
    """The tail search alone (what the solver runs after ``TAIL_FROM`` nodes)."""
    return solve_with(state, tail_search(budget), time.perf_counter())


def solve_proof_pass(state: EightByEight, budget: Budget) -> SolveResult:
    """The proof pass alone (what the solver runs once a search ends through the
    open regime): the tail's search, checking open positions with the relaxation."""
    return solve_with(state, tail_search(budget, relax=True), time.perf_counter())


def solve_with(state: EightByEight, search: Search, started: float) -> SolveResult:
    if state.pending:
        # the pending card must be placed first: one search per placement, one table
        for move in state.legal_moves():
            branch = state.copy()
            branch.apply(move)
            line = search.run(position_of(branch))
            if line is not None:
                moves = [state.move_str(move)] + replay_line(branch, line)
                return SolveResult("solved", tuple(moves), search.nodes, _since(started))
            if search.out_of_budget:
                break
    else:
        line = search.run(position_of(state))
        if line is not None:
            moves = replay_line(state, line)
            return SolveResult("solved", tuple(moves), search.nodes, _since(started))
    if search.out_of_budget or not search.complete:
        return SolveResult("unknown", None, search.nodes, _since(started))
    return SolveResult("unwinnable", None, search.nodes, _since(started))


def _since(started: float) -> float:
    return time.perf_counter() - started
