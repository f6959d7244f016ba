"""The Gate: a fair player (hints, demo, simulation) and a solver that sees the whole deal.

Both search the same compact position: the posts, the bar piles, the waste heap
as ``bytes`` (cards are 4-55, so a pile is a short byte string: cheap to slice,
compare and hash), the number of cards left in the stock and the foundation
ranks. The bar piles are kept sorted, because the bar positions are truly
interchangeable: every move treats all bar piles alike, and a deal fills the
spaces with the next cards in lay-out order, which gives the same *multiset* of
bar piles whichever positions the spaces were in. The posts are not
interchangeable (the left post is filled before the bars, the right one after),
so they keep their places.

The player and the solver differ only in what they know of the stock: the
solver reads its order; the player knows which cards are in it (every card it
cannot see) but not their order, so it plans up to the next deal and judges
the positions it could deal from. Once the stock is empty nothing is hidden,
and the player searches to the end like the solver.

Where things are: ``position`` (the compact position and its moves), ``search`` (the
depth-first search under waste-heap caps), ``solver`` (the registered solver),
``player`` (the fair player), ``rollout`` (the fair policy's play-outs on a sampled
stock order) and ``sampling`` (the strong player, which judges where to deal from by
those play-outs).
"""

from __future__ import annotations

from ..hints import NO_WAY
from . import encoding  # noqa: F401  (declares the game's encoding for learning)
from .player import GateFairPlayer
from .sampling import GateStrongPlayer
from .solver import solve_gate

__all__ = ["GateFairPlayer", "GateStrongPlayer", "solve_gate", "NO_WAY"]
