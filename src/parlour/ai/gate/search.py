"""The Gate's depth-first search with a transposition table, under waste-heap caps."""

from __future__ import annotations

from collections.abc import Iterator

from ..solver import Budget, SolveStatus
from .position import Pos, pos_key, successors


def is_won(p: Pos) -> bool:
    return sum(p[5]) == 52


#: Waste-heap caps tried in turn. Most deals are won keeping the waste heap short,
#: and a capped search space is far smaller, so small caps find many wins in a few
#: hundred nodes where the uncapped search wanders, while the uncapped search (None)
#: finds the rest and keeps the answer complete. (Chosen on 3-card-bar seeds
#: 2000-2599, outside the benchmark's: fewer nodes in all and fewer undecided deals
#: than (None, 3, 5, 8, 12, 18) with 1000 first-round nodes.)
CAPS: tuple[int | None, ...] = (None, 2, 3, 5, 8, 12, 18)
#: Nodes each cap may use in the first round; every round doubles them.
FIRST_ROUND = 2000


class _OutOfBudget(Exception):
    def __init__(self, nodes: int) -> None:
        super().__init__(nodes)
        self.nodes = nodes


def search(
    root: Pos,
    stock: bytes | None,
    budget: Budget,
    cap: int | None = None,
    limit: int = -1,
    used: int = 0,
    avoid: frozenset[bytes] = frozenset(),
) -> tuple[SolveStatus, list[Pos], int]:
    """Depth-first search for a won position with a transposition table.

    Only positions whose waste heap holds at most ``cap`` cards are entered, at most
    ``limit`` of them (-1: no limit), none in ``avoid``. Returns the status
    ("solved", "unwinnable" within the cap, or "unknown" when ``limit`` ran out),
    the line of positions from ``root`` (exclusive) to the win and the nodes used.
    Raises ``_OutOfBudget`` when ``budget`` (counting ``used`` nodes already spent
    elsewhere) is exhausted. Every position is entered at most once: in a finite
    graph that is plain reachability, so an exhausted search proves there is no win.
    """
    if is_won(root):
        return "solved", [], 0
    visited = set(avoid)
    visited.add(pos_key(root))
    line: list[Pos] = [root]
    gens: list[Iterator[Pos]] = [successors(root, stock)]
    nodes = 0
    cap_ = 99 if cap is None else max(cap, len(root[3]))
    total_limit = budget.nodes - used if budget.nodes is not None else -1
    while gens:
        child = next(gens[-1], None)
        if child is None:
            gens.pop()
            line.pop()
            continue
        if len(child[3]) > cap_:
            continue
        k = pos_key(child)
        if k in visited:
            continue
        visited.add(k)
        nodes += 1
        if sum(child[5]) == 52:
            return "solved", line[1:] + [child], nodes
        if nodes == limit:
            return "unknown", [], nodes
        if nodes == total_limit or (nodes & 511 == 0 and budget.exhausted(used + nodes)):
            raise _OutOfBudget(used + nodes)
        line.append(child)
        gens.append(successors(child, stock))
    return "unwinnable", [], nodes


def deep_search(
    root: Pos, stock: bytes | None, budget: Budget, avoid: frozenset[bytes] = frozenset()
) -> tuple[SolveStatus, list[Pos], int]:
    """Searches under each waste-heap cap in turn, doubling the nodes allowed each round.

    A cap whose search space is exhausted without a win is dropped; the uncapped
    search exhausted is a proof that no line wins. Rounds restart from scratch, so
    at most about half the work is repeated. A node budget is kept exactly: the
    nodes returned never exceed it.
    """
    used = 0
    caps = list(CAPS)
    allowed = FIRST_ROUND
    try:
        while True:
            for cap in list(caps):
                if budget.nodes is not None and used >= budget.nodes:
                    # spent exactly by the round before: a search begun now would
                    # notice only after its first 512 nodes
                    return "unknown", [], used
                status, line, nodes = search(root, stock, budget, cap, allowed, used, avoid)
                used += nodes
                if status == "solved":
                    return status, line, used
                if status == "unwinnable":
                    if cap is None:
                        return status, [], used
                    caps.remove(cap)
            allowed *= 2
    except _OutOfBudget as out:
        return "unknown", [], out.nodes
