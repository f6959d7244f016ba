"""Play-outs of The Gate on a sampled stock order by a player who does not see it.

The strong player judges a position to deal from by dealing from it on sampled stock
orders and letting a fair policy play on. The policy is the fair player's own (the
best position reachable before each deal by :func:`parlour.ai.gate.player.evaluate`),
and it never reads the sampled order except through the deal, so a play-out wins only
what a player who cannot see the stock could win on that order: a solver that reads
the order would win nearly every sample from every position and tell them apart by
nothing. Once the stock is out nothing is hidden, and the solver finishes the play-out.

A play-out's work is counted in *steps*: a position the policy looks at, or a node of
the solver. It is given at most so many steps, and keeps to them whatever the sampled
order (:data:`MAX_SUCCESSORS`; the solver keeps to its node budget): the strong player's work per
decision is then bounded by counting, not by reading a clock.
"""

from __future__ import annotations

from ..solver import Budget
from .player import explore
from .position import Pos, after_deal, red, vacancies
from .search import deep_search, is_won

__all__ = ["play_out", "MAX_SUCCESSORS"]

#: Moves from one position at most (:func:`parlour.ai.gate.position.successors`): 4
#: cards home (one a suit), 6 builds from the waste heap and the posts (two cards fit
#: on each), a deal, 2 post cards into a space, 56 shifts between 8 bar piles. An
#: exploration with a limit of ``n`` positions looks at fewer than ``n + MAX_SUCCESSORS``.
MAX_SUCCESSORS = 4 + 6 + 1 + 2 + 8 * 7


def _deal_from(p: Pos, limit: int) -> tuple[Pos, int]:
    """The fair policy's position to deal from (the first best by evaluation), and the
    positions it looked at."""
    parent, scored = explore(p, frozenset(), limit)
    best_score, best_key = scored[0]
    for score, key in scored:
        if score > best_score:
            best_score, best_key = score, key
    return parent[best_key][1], len(scored)


def play_out(
    p: Pos, stock: bytes, limit: int, end_nodes: int, steps: int = 1 << 62
) -> tuple[float, int]:
    """1 if the fair policy wins from ``p`` when the stock is ``stock`` (top card last,
    ``p[4]`` cards), 0 if it loses, 0.5 when it is undecided: the solver's ``end_nodes``
    nodes left the end open, or the play-out's ``steps`` ran out first. The policy
    looks at ``limit`` positions before each deal. Returns the score and the steps
    used (never more than ``steps``).

    A card turned onto the waste heap that can go nowhere (not home, onto no bar
    pile) changes nothing the policy could do: it deals again without looking (the
    position it dealt from was its best, and every position it could reach now is
    one of those with that card on the heap).
    """
    used = 0
    turned = False  # whether the last deal turned a card onto the waste heap
    while not is_won(p):
        if p[4] == 0:
            nodes = min(end_nodes, steps - used)
            if nodes <= 0:
                return 0.5, used
            status, _, spent = deep_search(p, b"", Budget(nodes=nodes))
            used += spent
            return 1.0 if status == "solved" else 0.0 if status == "unwinnable" else 0.5, used
        if turned and _goes_nowhere(p):
            start = p
        elif steps - used < limit + MAX_SUCCESSORS:
            return 0.5, used
        else:
            start, looked = _deal_from(p, limit)
            used += looked
        turned = not vacancies(start)
        dealt = after_deal(start, stock)
        if dealt is None:  # pragma: no cover - with cards in the stock a deal always moves
            return 0.0, used
        p = dealt
    return 1.0, used


def _goes_nowhere(p: Pos) -> bool:
    """Whether the top card of the waste heap can go neither home nor onto a bar pile."""
    waste, bars = p[3], p[2]
    c = waste[-1]
    if c >> 2 == p[5][c & 3] + 1:
        return False
    want, colour = (c >> 2) + 1, red(c)
    return not any(pile[-1] >> 2 == want and red(pile[-1]) != colour for pile in bars)
