"""Calculation's strong player: the fair player's best placements, judged by play-outs.

The player knows which ranks are still in the stock but not their order. For the
current card it takes the fair player's best few placements (every position
reachable before the next stock card, ranked by :func:`parlour.ai.calculation.search.score`)
and plays each of them out on the same sampled orders of the unseen cards: a greedy
play that places every later card where the score likes it best, seeing each card
only when it comes up (:func:`parlour.ai.calculation.kernel.play_outs`). The
placement that wins the most play-outs is played (ties: the most cards up, then the
score). Placements that fall behind are dropped after each round of samples
(successive halving, down to the best two, which share the rest of the budget), so
most of the effort goes to the close calls.

The samples come from the player's own random stream, so a seeded player makes the
same choices on every machine. For the same reason the budget ``seconds`` only sets
the schedule (:data:`PLAY_OUTS_PER_SECOND`), never a clock read mid-decision. At the
hint's 1 s the schedule (up to 1,500 play-outs, the last two placements sharing
most of them) takes about the budget, more on a loaded machine; at the simulations'
0.05 s its first round of up to 64 play-outs can take several times the cap early in
a deal (play-outs of 40 cards cost more than the calibrated average).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...games.calculation import SEQUENCES
from ...kernels import register_warmer
from ..base import odds_words, register_player
from ..halving import halve
from . import kernel as K
from .player import CalculationFairPlayer, _reachable
from .position import GAME, NEXT, POS, Line, Need, Piles
from .search import SOLVER_WEIGHTS, kernel_row, score

__all__ = ["CalculationStrongPlayer", "PlayOuts"]

#: Placements compared by play-outs at most (the best by score).
CANDIDATES = 8
#: Play-outs per placement in the first round of successive halving (then doubled).
FIRST_ROUND = 8
#: Play-outs a second of budget buys (calibrated on the project's machine: the work
#: per decision is fixed by the budget, so a seeded player is reproducible).
PLAY_OUTS_PER_SECOND = 1500
#: The budget per decision (seconds of CPU) when none is given: a simulation's or a
#: demo's. A hint gives 1 s (:data:`parlour.ai.hints.HINT_SECONDS`).
SECONDS = 0.05


class PlayOuts:
    """The kernel's buffers for play-outs, made once per player."""

    def __init__(self) -> None:
        self.k = kern = K.Kernel()
        self.seq = kern.array(0, values=[r for seq in SEQUENCES for r in seq])
        self.pos = kern.array(0, values=[POS[f][r] for f in range(4) for r in range(14)])
        self.nxt = kern.array(0, values=[NEXT[f][r] for f in range(4) for r in range(14)])
        self.work = kern.array(K.WORK * K.S, "i1")
        self.wmeta = kern.array(K.WORK * 5)
        self.table = kern.array(3 * K.WORK)
        self.out = kern.array(K.OUT * K.S, "i1")
        self.okeys = kern.array(K.OUT)
        self.omoves = kern.array(K.OUT * K.MAXMOVES)
        self.onm = kern.array(K.OUT)
        self.wanted = kern.array(14)
        self.times = kern.array(14)
        self.inside = kern.array(24)
        self.wts = kern.array(0, "f8", (*SOLVER_WEIGHTS, 0.0, 0.0))
        self.cur = kern.array(K.S, "i1")

    def run(
        self, starts: Sequence[tuple[Need, Piles]], orders: Sequence[Sequence[int]], classic: bool
    ) -> list[list[int]]:
        """Cards up at the end of each start's play-out with each order (48: won)."""
        kern = self.k
        n = len(orders[0])
        rows: list[int] = []
        for need, piles in starts:
            rows += kernel_row(need, piles, 0)
        stocks: list[int] = []
        counts: list[int] = []
        for order in orders:
            stocks += order
            tail = [0] * (14 * (n + 1))
            for j in range(n - 1, -1, -1):
                tail[j * 14 : j * 14 + 14] = tail[(j + 1) * 14 : (j + 2) * 14]
                tail[j * 14 + order[j]] += 1
            counts += tail
        result = kern.array(len(starts) * len(orders))
        kern.play_outs(
            kern.array(0, "i1", rows), len(starts), kern.array(0, values=stocks), len(orders),
            n, int(classic), self.seq, self.pos, self.nxt, kern.array(0, values=counts),
            self.work, self.wmeta, self.table, self.out, self.okeys, self.omoves, self.onm,
            self.wanted, self.times, self.inside, self.wts, self.cur, result,
        )  # fmt: skip
        m = len(orders)
        return [[int(x) for x in result[a * m : (a + 1) * m]] for a in range(len(starts))]


@register_player(GAME, "strong")
class CalculationStrongPlayer(CalculationFairPlayer):
    """The fair player's candidates judged by play-outs of sampled stock orders
    (see the module text). ``seconds`` sets the play-outs of one decision."""

    level = "strong"

    def __init__(self, seed: int = 0, seconds: float = SECONDS) -> None:
        super().__init__(seed)
        self.seconds = seconds
        self._play: PlayOuts | None = None

    def plan(
        self, need: Need, piles: Piles, cur: int, unseen: Sequence[int], classic: bool
    ) -> tuple[Line, str]:
        total = sum(unseen)
        budget = int(self.seconds * PLAY_OUTS_PER_SECOND)
        # with no current card nothing is hidden; with too little budget to compare
        # two placements, the fair player's plan
        if not cur or not total or budget < 2 * FIRST_ROUND:
            return super().plan(need, piles, cur, unseen, classic)
        options = _reachable(need, piles, cur, classic)
        if any(len(p) >= K.MAXL for _, pl, _ in options for p in pl):
            return super().plan(need, piles, cur, unseen, classic)
        ranked = sorted(options, key=lambda o: -score(o[0], o[1], unseen, total))
        ranked = ranked[: min(CANDIDATES, budget // FIRST_ROUND)]
        if len(ranked) == 1:
            return ranked[0][2], ""
        if self._play is None:
            self._play = PlayOuts()
        play = self._play
        cards = [r for r in range(1, 14) for _ in range(unseen[r])]

        def sample(alive: Sequence[int], k: int) -> list[float]:
            orders = []
            for _ in range(k):
                self.rng.shuffle(cards)
                orders.append(list(cards))
            ups = play.run([(ranked[a][0], ranked[a][1]) for a in alive], orders, classic)
            # a win counts 1; a loss a little for each card up (ties among lost causes)
            return [sum(1.0 if u == 48 else u / 480_000 for u in row) for row in ups]

        got = halve(len(ranked), budget, FIRST_ROUND, sample, final_pair=True)
        # the play-outs in a person's words: how many of the orders the stock may be in
        # this placement still wins, not the counts ("wins 161 of 504 play-outs")
        chance = odds_words(int(got.score), got.samples)
        why = f", and it keeps the most deals winnable ({chance})"
        return ranked[got.best][2], why


def _warm() -> None:
    """One play-out of one card: numba loads (or compiles) the play-out kernel."""
    PlayOuts().run([((2, 4, 6, 8), ((), (), (), ()))], [[5]], False)


register_warmer("calculation strong player", _warm)
