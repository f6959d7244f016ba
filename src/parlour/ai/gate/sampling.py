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
candidates that fall behind, so most play-outs go to the close calls (down to one:
playing on with the best two, as Calculation's player does, spends the rest of the
work budget on play-outs cut ever shorter; see ``halve``'s ``final_pair``).

The samples come from the player's own random stream (a hint's player is seeded
from the view), so the same view gets the same choice on every machine. For the
same reason the budget ``seconds`` is turned into counted work, never checked
against a clock: the number of candidates and the schedule of play-outs (as many as
:data:`PLAYOUTS_PER_SECOND` buys), and a cap on the work itself,
:data:`STEPS_PER_SECOND` steps a second (a step: a position the policy looks at or
a solver node; calibrated on the project's machine). A play-out costs from a few
dozen steps to a few thousand (a search to the end that runs out of nodes), so the
cap is kept a sample at a time: a sample is played only if each candidate's
play-out can be given at least :data:`MIN_PLAYOUT_STEPS` steps of what is left, and
no play-out may use more than it was given. A decision that meets many costly
play-outs so plays fewer samples instead of running over its budget; so does the
search to the end once the stock is out (its nodes fit the budget too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...errors import InvalidViewError
from ..base import odds_words, register_player
from ..halving import halve
from .player import ENDGAME_NODES, PLAN_LIMIT, GateFairPlayer
from .position import Pos, after_deal, pos_key
from .rollout import MAX_SUCCESSORS, play_out

__all__ = ["GateStrongPlayer", "candidates"]

#: Candidates compared on play-outs at most (the fair player's choice first).
CANDIDATES = 6
#: Play-outs per candidate in the first round of successive halving.
FIRST_ROUND = 6
#: Positions the play-outs' policy looks at before each deal (the fair player's 300
#: cost three times as much for about the same choices).
ROLLOUT_LIMIT = 60
#: Solver nodes to finish a play-out once the stock is out (undecided counts half).
END_NODES = 1000
#: Compare candidates only with at most this many cards left in the stock.
SAMPLE_STOCK = 20
#: Play-outs a second of budget buys (calibrated on the project's machine: the work
#: per decision is fixed by the budget, so a seeded player is reproducible): the
#: schedule of rounds, and the number of candidates.
PLAYOUTS_PER_SECOND = 80
#: Steps (positions looked at, solver nodes) a second of budget buys: the cap on a
#: decision's work (calibrated on the project's machine, about 30 microseconds a step).
STEPS_PER_SECOND = 25_000
#: Steps one play-out may use at most (a search to the end that runs out of nodes
#: and the explorations before it).
PLAYOUT_STEPS = 3_000
#: A sample is played only if each candidate's play-out can have this many steps.
MIN_PLAYOUT_STEPS = 500
#: Steps the decision spends before any play-out: the fair player's plan.
PLAN_STEPS = PLAN_LIMIT + MAX_SUCCESSORS
#: The budget per decision (seconds of CPU) when none is given: a simulation's or a
#: demo's. A hint gives 1 s (:data:`parlour.ai.hints.HINT_SECONDS`).
SECONDS = 0.05


@register_player("gate", "strong")
class GateStrongPlayer(GateFairPlayer):
    """The fair player's position to deal from and its alternatives, judged by
    play-outs on sampled stock orders (see the module text). ``seconds`` is the
    budget of one decision, kept by counting its work (:meth:`steps`)."""

    level = "strong"

    def __init__(self, seed: int = 0, seconds: float = SECONDS) -> None:
        super().__init__(seed)
        self.seconds = seconds
        self.samples_note = ""
        #: The position this player chose to deal from (it deals on reaching it,
        #: without judging again).
        self._deal_at = b""

    def steps(self) -> int:
        """The work one decision may do (steps: positions looked at, solver nodes)."""
        return int(self.seconds * STEPS_PER_SECOND)

    def _samples(self) -> int:
        """Play-outs one decision may plan (0: too few to compare two candidates)."""
        budget = int(self.seconds * PLAYOUTS_PER_SECOND)
        return budget if budget >= 2 * FIRST_ROUND else 0

    def _endgame_nodes(self) -> int:
        """Once the stock is out, the search to the end fits the budget like the
        play-outs (below the budget that samples, the fair player's search)."""
        if not self._samples():
            return ENDGAME_NODES
        return max(0, min(ENDGAME_NODES, self.steps() - PLAN_STEPS))

    def _choose_key(
        self, here: Pos, parent: Mapping[bytes, tuple[bytes, Pos]], ranked: list[bytes]
    ) -> bytes:
        self.samples_note = ""
        here_key = pos_key(here)
        if here_key == self._deal_at:
            return here_key
        if not 0 < here[4] <= SAMPLE_STOCK:
            return ranked[0]
        budget = self._samples()
        if not budget:  # too little to compare two candidates
            return ranked[0]
        keys = candidates(here_key, parent, ranked)[: min(CANDIDATES, budget // FIRST_ROUND)]
        if len(keys) < 2:
            return ranked[0]
        unseen = _unseen(here)
        if len(unseen) != here[4]:  # pragma: no cover - the view always adds up
            raise InvalidViewError(
                f"the cards seen and the stock count disagree: {len(unseen)} cards unseen, "
                f"{here[4]} in the stock (a player is handed Game.view(seat) as it is)"
            )

        played = [0]  # play-outs so far of each candidate still in the running
        left = [self.steps() - PLAN_STEPS]  # steps the play-outs may still use

        def allowance(alive: Sequence[int]) -> int:
            """Steps each play-out of the next sample may use."""
            return min(PLAYOUT_STEPS, left[0] // len(alive))

        def more(alive: Sequence[int]) -> bool:
            return allowance(alive) >= MIN_PLAYOUT_STEPS

        def sample(alive: Sequence[int], k: int) -> list[float]:
            """``k`` (always 1: see ``more``) sampled stock orders, each dealt from
            every candidate in ``alive`` and played out within the same allowance."""
            wins = [0.0] * len(alive)
            for _ in range(k):
                played[0] += 1
                self.rng.shuffle(unseen)
                stock = bytes(unseen)
                steps = allowance(alive)
                for i, a in enumerate(alive):
                    dealt = after_deal(parent[keys[a]][1], stock)
                    if dealt is not None:  # a stock card is always dealt
                        won, used = play_out(dealt, stock, ROLLOUT_LIMIT, END_NODES, steps)
                        wins[i] += won
                        left[0] -= used
            return wins

        def settled(totals: Sequence[float]) -> bool:
            """Every candidate won every play-out, or none won any: the choice hardly
            matters (the first, the fair player's, stays)."""
            return min(totals) == max(totals) in (0, played[0])

        got = halve(len(keys), budget, FIRST_ROUND, sample, settled=settled, more=more)
        # the play-outs in a person's words, not their counts (see odds_words)
        chance = odds_words(got.score, got.samples)
        self.samples_note = f", and dealing from there keeps the most deals winnable ({chance})"
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
