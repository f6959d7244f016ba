"""The Gate's strong player: where to deal from, judged on sampled stock orders.

The only hidden thing in The Gate is the order of the stock (the player knows which
cards it holds: every card neither face up nor home). Before each deal the fair
player explores the positions it can reach without dealing and takes the one
:func:`parlour.ai.gate.player.evaluate` likes best. This player takes the best few
of them and, for each, deals from it with the same sampled stock orders and asks
the solver (:func:`parlour.ai.gate.search.deep_search`, which then sees the sampled
order) whether the game can still be won. The position that wins on the most
samples is played (ties: the evaluation). Positions that fall behind are dropped
after each round of samples (successive halving), so most of the effort goes to
the close calls.

A solver that sees the sampled order flatters every position alike (it knows what
comes); with many cards left in the stock nearly every position wins on nearly every
sample, and the evaluation decides as before; the samples separate the positions as
the stock runs low, which is where the fair player loses its games.

Samples are noisy (a few dozen, and a sample the solver does not decide in its nodes
counts half), so the evaluation's first choice stays unless another position wins on
clearly more of them (:data:`MARGIN`): with 4-card bars, where the fair player wins
98% of deals, a strong player that followed one undecided sample lost deals the fair
player wins.

The samples come from the player's own random stream, so a seeded player makes the
same choices on every machine; the time budget only stops a decision early (after
its first round) on a machine too slow for the whole schedule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...errors import ParlourError
from ..base import register_player
from ..halving import halve
from ..solver import Budget
from .player import GateFairPlayer
from .position import Pos, after_deal
from .search import deep_search

__all__ = ["GateStrongPlayer"]

#: Positions to deal from compared on samples at most (the best by evaluation).
CANDIDATES = 4
#: Sampled stock orders per position in the first round of successive halving.
FIRST_ROUND = 8
#: Solver nodes per sample (a sample not decided within them counts half a win).
SAMPLE_NODES = 500
#: Sample only with at most this many cards left in the stock (before, nearly every
#: position wins on nearly every sample).
SAMPLE_STOCK = 20
#: How much more often (share of samples) another position must win than the
#: evaluation's first choice to be played instead.
MARGIN = 0.15
#: Samples a second of budget buys (calibrated on the project's machine: the work per
#: decision is fixed by the budget, so a seeded player is reproducible).
SAMPLES_PER_SECOND = 150
#: The budget per decision (seconds of CPU) when none is given: a simulation's or a
#: demo's. A hint gives 1 s (:data:`parlour.ai.hints.HINT_SECONDS`).
SECONDS = 0.05


@register_player("gate", "strong")
class GateStrongPlayer(GateFairPlayer):
    """The fair player's best positions to deal from, judged on sampled stock orders
    (see the module text). ``seconds`` caps the time of one decision."""

    level = "strong"

    def __init__(self, seed: int = 0, seconds: float = SECONDS) -> None:
        super().__init__(seed)
        self.seconds = seconds
        self.samples_note = ""

    def _choose_key(
        self, here: Pos, parent: Mapping[bytes, tuple[bytes, Pos]], ranked: list[bytes]
    ) -> bytes:
        self.samples_note = ""
        if not 0 < here[4] <= SAMPLE_STOCK or len(ranked) < 2:
            return ranked[0]
        budget = int(self.seconds * SAMPLES_PER_SECOND)
        if budget < 2 * FIRST_ROUND:  # too little to compare two candidates
            return ranked[0]
        ranked = ranked[: min(CANDIDATES, budget // FIRST_ROUND)]
        unseen = _unseen(here)
        if len(unseen) != here[4]:  # pragma: no cover - the view always adds up
            raise ParlourError("the cards seen and the stock count disagree")

        def sample(alive: Sequence[int], k: int) -> list[float]:
            orders = []
            for _ in range(k):
                self.rng.shuffle(unseen)
                orders.append(bytes(unseen))
            wins = []
            for a in alive:
                start = parent[ranked[a]][1]
                won = 0.0
                for stock in orders:
                    dealt = after_deal(start, stock)
                    if dealt is None:  # pragma: no cover - a stock card is always dealt
                        continue
                    status, _, _ = deep_search(dealt, stock, Budget(nodes=SAMPLE_NODES))
                    won += 1.0 if status == "solved" else 0.5 if status == "unknown" else 0.0
                wins.append(won)
            return wins

        got = halve(len(ranked), budget, FIRST_ROUND, sample, self.seconds)
        if got.best != 0 and got.means[got.best] - got.means[0] < MARGIN:
            self.samples_note = (
                f" (on sampled stock orders no other position wins clearly more often: "
                f"{got.means[0]:.0%} of them after it)"
            )
            return ranked[0]
        runner = f", the next best {got.runner_score:g}" if got.runner >= 0 else ""
        self.samples_note = (
            f" (the solver still wins on {got.score:g} of {got.samples} sampled stock "
            f"orders after it{runner})"
        )
        return ranked[got.best]


def _unseen(here: Pos) -> list[int]:
    """The cards in the stock: every card neither face up nor home."""
    shown = set(here[0]) | set(here[1]) | set(here[3])
    for pile in here[2]:
        shown.update(pile)
    return [
        r * 4 + s for s in range(4) for r in range(here[5][s] + 1, 14) if r * 4 + s not in shown
    ]
