"""The Gate's strong player: where to deal from, judged by play-outs on sampled stock
orders.

The only hidden thing in The Gate is the order of the stock (the player knows which
cards it holds: every card neither face up nor home). Before each deal the fair
player explores the positions it can reach without dealing and plays to the one
:func:`parlour.ai.gate.player.evaluate` likes best. The choices that lose games are
mostly of timing, which no evaluation of one position sees: whether to deal now or
first move a post card into a space or a card home (each opens a vacancy that the
next deal fills from the stock instead of the waste heap), and, near the end of the
stock, whether to keep spaces open so that the deals that empty the stock go on to
fill them from the waste heap, taking buried cards back.

This player takes as candidates the fair player's choice, every position on the way
to it (deal after the first move, after the first two, ...; ``here`` is dealing at
once) and the next best positions by evaluation. It deals from each with the same
sampled stock orders and lets the fair policy play on (:mod:`.rollout`: a policy
that does not read the sampled order, so a sample rewards only what a player could
do on it); the candidate whose play-outs win most is played (ties: the fair
player's choice). Successive halving (:func:`parlour.ai.halving.halve`) drops the
candidates that fall behind, so most play-outs go to the close calls.

The samples come from the player's own random stream (a hint's player is seeded
from the view), so the same view gets the same choice on every machine; the time
budget only stops a decision early (after its first round) on a machine too slow
for the whole schedule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...errors import ParlourError
from ..base import register_player
from ..halving import halve
from .player import GateFairPlayer
from .position import Pos, after_deal, pos_key
from .rollout import play_out

__all__ = ["GateStrongPlayer", "candidates"]

#: Candidates compared on play-outs at most (the fair player's choice first).
CANDIDATES = 6
#: Play-outs per candidate in the first round of successive halving.
FIRST_ROUND = 6
#: Positions the play-outs' policy looks at before each deal (the fair player's 300
#: cost three times as much for about the same choices).
ROLLOUT_LIMIT = 60
#: Solver nodes to finish a play-out once the stock is out (undecided counts half).
END_NODES = 2000
#: Compare candidates only with at most this many cards left in the stock.
SAMPLE_STOCK = 20
#: Play-outs a second of budget buys (calibrated on the project's machine: the work
#: per decision is fixed by the budget, so a seeded player is reproducible).
PLAYOUTS_PER_SECOND = 80
#: The budget per decision (seconds of CPU) when none is given: a simulation's or a
#: demo's. A hint gives 1 s (:data:`parlour.ai.hints.HINT_SECONDS`).
SECONDS = 0.05


@register_player("gate", "strong")
class GateStrongPlayer(GateFairPlayer):
    """The fair player's position to deal from and its alternatives, judged by
    play-outs on sampled stock orders (see the module text). ``seconds`` caps the
    time of one decision."""

    level = "strong"

    def __init__(self, seed: int = 0, seconds: float = SECONDS) -> None:
        super().__init__(seed)
        self.seconds = seconds
        self.samples_note = ""
        #: The position this player chose to deal from (it deals on reaching it,
        #: without judging again).
        self._deal_at = b""

    def _choose_key(
        self, here: Pos, parent: Mapping[bytes, tuple[bytes, Pos]], ranked: list[bytes]
    ) -> bytes:
        self.samples_note = ""
        here_key = pos_key(here)
        if here_key == self._deal_at:
            return here_key
        if not 0 < here[4] <= SAMPLE_STOCK:
            return ranked[0]
        budget = int(self.seconds * PLAYOUTS_PER_SECOND)
        if budget < 2 * FIRST_ROUND:  # too little to compare two candidates
            return ranked[0]
        keys = candidates(here_key, parent, ranked)[: min(CANDIDATES, budget // FIRST_ROUND)]
        if len(keys) < 2:
            return ranked[0]
        unseen = _unseen(here)
        if len(unseen) != here[4]:  # pragma: no cover - the view always adds up
            raise ParlourError("the cards seen and the stock count disagree")

        played = [0]  # play-outs so far of each candidate still in the running

        def sample(alive: Sequence[int], k: int) -> list[float]:
            played[0] += k
            orders = []
            for _ in range(k):
                self.rng.shuffle(unseen)
                orders.append(bytes(unseen))
            wins = []
            for a in alive:
                start = parent[keys[a]][1]
                won = 0.0
                for stock in orders:
                    dealt = after_deal(start, stock)
                    if dealt is not None:  # a stock card is always dealt
                        won += play_out(dealt, stock, ROLLOUT_LIMIT, END_NODES)
                wins.append(won)
            return wins

        def settled(totals: Sequence[float]) -> bool:
            """Every candidate won every play-out, or none won any: the choice hardly
            matters (the first, the fair player's, stays)."""
            return min(totals) == max(totals) in (0, played[0])

        got = halve(len(keys), budget, FIRST_ROUND, sample, self.seconds, settled)
        runner = f", the next best {got.runner_score:g}" if got.runner >= 0 else ""
        self.samples_note = (
            f" (dealing from there wins {got.score:g} of {got.samples} play-outs on "
            f"sampled stock orders{runner})"
        )
        self._deal_at = keys[got.best]
        return keys[got.best]


def candidates(
    here_key: bytes, parent: Mapping[bytes, tuple[bytes, Pos]], ranked: list[bytes]
) -> list[bytes]:
    """The fair player's choice, then the positions on the way to it from ``here``
    (dealing at once, after the first move, after the first two, ...), then the next
    best by evaluation."""
    way = []
    k = ranked[0]
    while k != here_key:
        k = parent[k][0]
        way.append(k)
    keys = [ranked[0], *reversed(way)]
    for k in ranked[1:]:
        if k not in keys:
            keys.append(k)
        if len(keys) >= CANDIDATES:
            break
    return keys


def _unseen(here: Pos) -> list[int]:
    """The cards in the stock: every card neither face up nor home."""
    shown = set(here[0]) | set(here[1]) | set(here[3])
    for pile in here[2]:
        shown.update(pile)
    return [
        r * 4 + s for s in range(4) for r in range(here[5][s] + 1, 14) if r * 4 + s not in shown
    ]
