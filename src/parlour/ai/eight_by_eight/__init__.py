"""8 x 8: a fair player (hints, demo play, simulations) and a solver.

Where things are: ``position`` (cards, the compact position, class keys, safe moves),
``moves`` (progress moves and talon macros), ``search`` (the depth-first search with
restarts and discrepancy phases), ``proof`` (the open regime's relaxation),
``solver`` (the registered solver, its tail and proof pass), ``player`` (the fair
player) and ``sampling`` (the strong player: the fair player's moves, then lines that
turn up face-down cards once the talon is known).

The solver may see everything (face-down cards, talon order). Its search rests on
three observations about the game:

* **Layers.** A face-up card of rank r can only ever lie on a face-up card of rank
  r + 1 and the other colour. Call the cards of one rank and colour a *layer*
  and the cards they can lie on its *parents*. Moves that only shift face-up runs
  (no card turned up, no row emptied) never change, for any layer, the number of
  parents that are row tops: they only swap which parent is free. While no row is
  empty and no row without face-down cards could be emptied (the *settled*
  regime), everything that can happen later -- which card can reach a
  foundation, which face-down card can be turned up, whether a talon card must
  be built -- depends only on those counts, that is on the face-down stacks with
  the card on each, the cards at the foot of the rows without face-down cards,
  and the multiset of the other face-up cards. Positions that agree on these are
  equivalent, so they share one entry in the transposition table and their
  rearrangements are never searched: the search moves from one *progress* move
  (a card to a foundation, a face-down card turned up, a talon or waste card
  placed) to the next, with at most one shift to uncover the card it needs.
* **Talon walks.** Turning a talon card that can only go to the waste changes
  nothing but the talon; a tableau move can always be made before such turns
  unless it changes what the turned card may do. So runs of such turns are one
  macro move, and a tableau move is tried between them only where it matters.
* **Safe foundation moves.** A card of rank r may go up without loss once all
  four cards that could lie on it (rank r - 1, other colour: two suits, two
  packs) are on the foundations; Aces and Twos always. These are played at once.

With an empty row (the *open* regime) positions are keyed by their face-down
stacks and face-up multiset as well, which is exact for what can be rearranged
but lets the search miss a rare line; a search that went there never reports a
deal unwinnable, only winnable or undecided. When a search ends that way (everything
searched, but through the open regime), the solver runs a *proof pass* with the rest
of the budget: the tail's search below, which first checks each new open position
with a relaxation of the game that forgets how the face-up cards are arranged
(``Relaxation``). A position the relaxation proves dead is finished exactly, so a
pass that meets only such open positions proves the deal unwinnable.

Node budgets above ``TAIL_FROM`` (600,000) add a *tail*: if the search above is
still undecided after that many nodes, a fresh search with the rest of the budget,
which also merges talon places one reaches from another by turning cards onto the
waste (``walk_dominated``) and runs no discrepancy phases (fewer nodes to a proof
and to most wins on deals decided between 250,000 and 600,000 nodes).
"""

from __future__ import annotations

from . import encoding  # noqa: F401  (declares the game's encoding for learning)
from .player import EightByEightFairPlayer
from .sampling import EightByEightStrongPlayer
from .solver import solve_eight_by_eight, solve_proof_pass, solve_tail

__all__ = [
    "EightByEightFairPlayer",
    "EightByEightStrongPlayer",
    "solve_eight_by_eight",
    "solve_proof_pass",
    "solve_tail",
]
