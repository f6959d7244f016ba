"""Calculation: a fair player (hints, demo play, simulations) and a solver.

Suits never matter in Calculation, so both work on ranks only. A position is the
rank each foundation needs next (0 once a King tops it) and the four waste piles
as tuples of ranks, bottom first; the solver adds the stock (ranks, top first).

**Timing.** Foundation n takes its ranks in a fixed order, so for every rank
still to come we know how many cards each foundation needs before it wants that
rank. The *time* of a rank is the smallest such count over the foundations that
still want it: 0 means "playable now". A card lying on a card of smaller time
*blocks* it: it must leave the pile first but will be wanted later. Good play
keeps blocks few: runs built downwards in a foundation's step order (their times
rise from top to bottom), Kings (wanted last) alone on a pile or at a bottom.

**The fair player** sees only the view: the foundations, the waste piles, the
current card and how many cards the stock holds -- not their order. From the
cards it has seen it knows which ranks are still in the stock. For each current
card it searches every position reachable before the next stock card (waste
tops to foundations, empty-pile moves, then the current card to a foundation or
a waste pile, then more foundation plays), scores each by cards played, blocks,
empty piles and the expected cost of placing the next card (averaged over the
ranks still unseen), then looks one card further for the best few: for each
unseen rank, the best position reachable once that card comes, weighted by how
many such cards remain.

**The solver** (:mod:`parlour.ai.calculation.search`) sees the stock order: beams
of growing width over the stock cards, safe moves, sorted-pile keys; a beam that
never dropped a position is a proof.

Where things are: ``position`` (the rank-only position and its moves), ``search``
(the solver's beams and the readable reference they follow), ``kernel`` (the beam
step, compiled by numba when installed), ``solver`` (the registered solver) and
``player`` (the fair player).
"""

from __future__ import annotations

from . import encoding  # noqa: F401  (declares the game's encoding for learning)
from .player import CalculationFairPlayer
from .sampling import CalculationStrongPlayer
from .solver import solve_calculation

__all__ = ["CalculationFairPlayer", "CalculationStrongPlayer", "solve_calculation"]
