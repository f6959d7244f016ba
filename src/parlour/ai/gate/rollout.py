"""Play-outs of The Gate on a sampled stock order by a player who does not see it.

The strong player judges a position to deal from by dealing from it on sampled stock
orders and letting a fair policy play on. The policy is the fair player's own (the
best position reachable before each deal by :func:`parlour.ai.gate.player.evaluate`),
and it never reads the sampled order except through the deal, so a play-out wins only
what a player who cannot see the stock could win on that order: a solver that reads
the order would win nearly every sample from every position and tell them apart by
nothing. Once the stock is out nothing is hidden, and the solver finishes the play-out.
"""

from __future__ import annotations

from ..solver import Budget
from .player import explore
from .position import Pos, after_deal, red, vacancies
from .search import deep_search, is_won

__all__ = ["play_out"]


def _deal_from(p: Pos, limit: int) -> Pos:
    """The fair policy's position to deal from (the first best by evaluation)."""
    parent, scored = explore(p, frozenset(), limit)
    best_score, best_key = scored[0]
    for score, key in scored:
        if score > best_score:
            best_score, best_key = score, key
    return parent[best_key][1]


def play_out(p: Pos, stock: bytes, limit: int, end_nodes: int) -> float:
    """1 if the fair policy wins from ``p`` when the stock is ``stock`` (top card last,
    ``p[4]`` cards), 0 if it loses, 0.5 when the solver's ``end_nodes`` nodes leave the
    end undecided. The policy looks at ``limit`` positions before each deal.

    A card turned onto the waste heap that can go nowhere (not home, onto no bar
    pile) changes nothing the policy could do: it deals again without looking (the
    position it dealt from was its best, and every position it could reach now is
    one of those with that card on the heap).
    """
    turned = False  # whether the last deal turned a card onto the waste heap
    while not is_won(p):
        if p[4] == 0:
            status, _, _ = deep_search(p, b"", Budget(nodes=end_nodes))
            return 1.0 if status == "solved" else 0.0 if status == "unwinnable" else 0.5
        start = p if turned and _goes_nowhere(p) else _deal_from(p, limit)
        turned = not vacancies(start)
        dealt = after_deal(start, stock)
        if dealt is None:  # pragma: no cover - with cards in the stock a deal always moves
            return 0.0
        p = dealt
    return 1.0


def _goes_nowhere(p: Pos) -> bool:
    """Whether the top card of the waste heap can go neither home nor onto a bar pile."""
    waste, bars = p[3], p[2]
    c = waste[-1]
    if c >> 2 == p[5][c & 3] + 1:
        return False
    want, colour = (c >> 2) + 1, red(c)
    return not any(pile[-1] >> 2 == want and red(pile[-1]) != colour for pile in bars)
