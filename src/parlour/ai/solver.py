"""Solvers: "was this deal winnable?" for the one-player patiences.

A solver may look at the whole deal (stock order, face-down cards): it answers
a question about the deal, not about what a player could know. Each game
registers its own search; this module holds the shared vocabulary: budgets,
results, and the entry point that checks its input.
"""

from __future__ import annotations

import dataclasses
import math
import numbers
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, localcontext
from types import MappingProxyType

from ..core.protocol import GameState, SolveStatus
from ..core.registry import game_class
from ..core.session import Game
from ..errors import GameOverError, InvalidOptionError, NoSolverError, WrongGameError, quoted
from ..kernels import warm

__all__ = [
    "Budget",
    "DealBudgets",
    "STATUS_WORDS",
    "SolveResult",
    "SolveStatus",
    "check_solver",
    "deal_budgets",
    "register_solver",
    "solve",
    "solver_games",
    "parse_budget",
]


@dataclass
class Budget:
    """How much search is allowed: a node count, a time limit, or both (None = no limit)."""

    nodes: int | None = None
    seconds: float | None = None
    started: float = field(default_factory=time.perf_counter)

    def exhausted(self, nodes_used: int) -> bool:
        """Whether a search that has visited ``nodes_used`` nodes must stop now."""
        if self.nodes is not None and nodes_used >= self.nodes:
            return True
        return self.seconds is not None and time.perf_counter() - self.started >= self.seconds

    def restart(self) -> None:
        """Start the time limit again from now (the node count is the caller's)."""
        self.started = time.perf_counter()


#: The word people read for each :data:`SolveStatus`, the one place it is written:
#: ``str(result)`` (``parlour solve``) and the table's verdict (web and terminal) start
#: with it. ``"unknown"`` is *undecided* for people; the value itself stays
#: ``"unknown"``, as saved games' verdicts and ``SolveResult`` users hold it.
STATUS_WORDS: Mapping[SolveStatus, str] = MappingProxyType(
    {"solved": "winnable", "unwinnable": "unwinnable", "unknown": "undecided"}
)


@dataclass(frozen=True)
class SolveResult:
    """``status`` is ``"solved"`` (``moves`` wins from the given position),
    ``"unwinnable"`` (the search proved no line wins) or ``"unknown"`` (the
    budget ran out first; *undecided* in words, see :data:`STATUS_WORDS`)."""

    status: SolveStatus
    moves: tuple[str, ...] | None
    nodes: int
    seconds: float

    def __str__(self) -> str:
        cost = f"{self.nodes} nodes, {self.seconds:.2f} s"
        word = STATUS_WORDS[self.status]
        if self.status == "solved":
            assert self.moves is not None
            return f"{word}: a winning line of {len(self.moves)} moves ({cost})"
        if self.status == "unwinnable":
            return f"{word}: no line wins ({cost})"
        return f"{word}: the budget ran out ({cost})"


@dataclass(frozen=True)
class DealBudgets:
    """What a game's solver is given when it picks deals for people (``parlour.ai.deals``):
    each game declares its own, as its solver's speed differs."""

    #: One try of a winnable deal: nodes, and a time cap in seconds.
    winnable: tuple[int, float]
    #: One candidate of the deal of the day: nodes only (the same answer on every machine).
    day_nodes: int
    #: The verdict after a game: nodes, and a time cap in seconds.
    verdict: tuple[int, float] = (2_000_000, 10.0)


SolverFunction = Callable[[GameState, Budget], SolveResult]
_SOLVERS: dict[str, SolverFunction] = {}
_DEAL_BUDGETS: dict[str, DealBudgets] = {}


def register_solver(game: str, deals: DealBudgets) -> Callable[[SolverFunction], SolverFunction]:
    """Decorator: ``game``'s solver, and its budgets for picking deals."""

    def add(function: SolverFunction) -> SolverFunction:
        _SOLVERS[game] = function
        _DEAL_BUDGETS[game] = deals
        return function

    return add


def deal_budgets(game: str) -> DealBudgets:
    """The budgets ``game``'s solver declared for picking deals."""
    return _DEAL_BUDGETS[check_solver(game)]


def check_solver(game: str) -> str:
    """``game``'s registered name, refused when it has no solver: the one refusal of
    ``solve``, ``parlour solve`` and the table's verdict, naming the games that have one."""
    name = game_class(game).name
    _load_solvers()
    if name not in _SOLVERS:
        raise NoSolverError(
            f"there is no solver for {name!r}: the games with one are the one-player "
            f"patiences, {', '.join(sorted(_SOLVERS))}"
        )
    return name


def _load_solvers() -> None:
    from . import players  # noqa: F401  (game AI modules register solvers too)


def solver_games() -> list[str]:
    """The games ``solve`` takes: the one-player patiences."""
    _load_solvers()
    return list(_SOLVERS)


_BUDGET = re.compile(
    r"^\s*(\d+(?:\.\d+)?(?:e[+-]?\d{1,4})?)\s*(s|sec|seconds|ms|k|m|nodes)?\s*$",
    re.IGNORECASE,
)
#: The largest node count a budget takes (more than any search visits in a lifetime):
#: a bound, so that '1e9999' is refused rather than built as an integer.
MAX_NODES = 10**18


def parse_budget(text: str) -> Budget:
    """``100000``, ``1e5``, ``2000.0``, ``100k`` or ``2m`` nodes; ``10s`` or ``500ms``
    seconds. The number is read exactly (a decimal, not a float), so ``1.5k`` is 1500
    nodes and ``1.0005k`` is refused rather than rounded."""
    match = _BUDGET.match(text)
    if not match:
        raise InvalidOptionError(
            f"bad budget {quoted(text)}: give a node count (100000, 1e5, 100k, 2m) or a time "
            "(10s, 500ms)"
        )
    number, unit = Decimal(match.group(1)), (match.group(2) or "").lower()
    if number <= 0:
        raise InvalidOptionError(f"bad budget {quoted(text)}: it must be more than zero")
    if unit in ("s", "sec", "seconds", "ms"):
        seconds = float(number) / (1000 if unit == "ms" else 1)
        if not 0 < seconds < math.inf:
            raise InvalidOptionError(
                f"bad budget {quoted(text)}: a time is a finite number of seconds more than zero"
            )
        return Budget(seconds=seconds)
    with localcontext() as exact:
        exact.prec = len(text) + 8  # digits enough that scaling never rounds
        nodes = number * {"k": 1_000, "m": 1_000_000}.get(unit, 1)
    return Budget(nodes=_node_count(nodes, text))


def _node_count(nodes: Decimal | float | int, shown: object) -> int:
    """A node count as a budget takes it: a whole number (``2000.0`` is 2000) more than
    zero, at most :data:`MAX_NODES`; ``shown`` is the input the message quotes."""
    if isinstance(nodes, float) and not math.isfinite(nodes):
        raise InvalidOptionError(f"bad budget {quoted(shown)}: a node count is a finite number")
    if nodes <= 0:
        raise InvalidOptionError(f"bad budget {quoted(shown)}: a node count must be more than zero")
    if nodes > MAX_NODES:
        raise InvalidOptionError(
            f"bad budget {quoted(shown)}: a node count is at most 1e18 "
            "(for no node limit give a time, such as '60s')"
        )
    if nodes != int(nodes):
        raise InvalidOptionError(
            f"bad budget {quoted(shown)}: a node count is a whole number "
            "(for seconds give a string such as '2.5s')"
        )
    return int(nodes)


def as_budget(budget: Budget | str | float | None) -> Budget:
    """A ``Budget``; a string as ``parse_budget`` reads it ("2s", "100k"); a number as
    a node count (a whole one: ``2000`` or ``2000.0``, which a computation or ``1e5``
    makes); ``None``: ten seconds. A Budget's own fields are checked the same way: its
    node count a whole number more than zero, its seconds a number more than zero."""
    if budget is None:
        return Budget(seconds=10.0)
    if isinstance(budget, Budget):
        nodes, seconds = budget.nodes, budget.seconds
        if nodes is not None:
            nodes = _node_count(_number(nodes, budget), budget)
        if seconds is not None:
            seconds = _number(seconds, budget)
            if not 0 < seconds < math.inf:
                raise InvalidOptionError(
                    f"bad budget {quoted(budget)}: its seconds must be a finite number more "
                    "than zero"
                )
        return dataclasses.replace(budget, nodes=nodes, seconds=seconds)
    if isinstance(budget, str):
        return parse_budget(budget)
    if isinstance(budget, numbers.Real) and not isinstance(budget, bool):
        return Budget(nodes=_node_count(_number(budget, budget), budget))
    raise InvalidOptionError(
        f"bad budget {quoted(budget)}: give a Budget, a string such as '10s' or '100k', "
        "or a whole number of nodes"
    )


def _number(value: object, shown: object) -> float | int:
    """``value`` as a plain int or float (a NumPy scalar included), or a refusal."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return float(value)
    raise InvalidOptionError(f"bad budget {quoted(shown)}: {quoted(value)} is not a number")


def solve(game: Game | GameState, budget: Budget | str | float | None = None) -> SolveResult:
    """Search the position for a win (the solver sees the whole deal).

    ``budget`` is a :class:`Budget`, a string (``"2s"``, ``"500ms"``, ``"100k"``), a
    whole number of nodes (``2000`` or ``2000.0``), or ``None`` for ten seconds. A game
    without a solver (a two-player game) raises ``NoSolverError``; a finished one
    ``GameOverError``."""
    limit = as_budget(budget)
    if not isinstance(game, Game | GameState):
        raise WrongGameError(
            "solve takes a game from parlour.new_game or parlour.load_game (or its engine "
            f"state, game.state), got {quoted(game)}"
        )
    state = game.state if isinstance(game, Game) else game
    outcome = game.outcome
    if outcome is not None:
        raise GameOverError(f"the game is over ({outcome}): there is nothing to solve")
    name = check_solver(state.name)
    function = _SOLVERS[name]
    warm(name)  # load (or compile) its kernel before the clock starts
    limit.restart()
    return function(state.copy(), limit)
