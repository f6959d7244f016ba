"""Statistics of a simulation: Wilson score intervals and a streaming tally.

The tally adds records one at a time and keeps only counts and sums, so a run
of millions of games needs no memory for its summary, and a run interrupted
half-way still has an exact summary of the games that finished. No pandas, no
numpy: the figures are plain numbers in plain dataclasses.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from .records import CAPPED, GameRecord

__all__ = ["Z95", "wilson", "SeatSummary", "Summary", "Tally"]

#: The two-sided 95% quantile of the normal distribution.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion.

    Chosen over the textbook normal interval because it stays inside [0, 1] and
    keeps its coverage for rates near 0 or 1 (patience win rates often are) and
    for small samples. With no trials the interval is the whole of [0, 1].
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1.0 - p) / trials + z2 / (4.0 * trials * trials))
    # At 0 or all successes the bound is exactly 0 or 1; say so without rounding error.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class SeatSummary:
    """One seat's figures: who sat there, how often they won, what they scored."""

    seat: int
    player: str
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float | None


@dataclass(frozen=True)
class Summary:
    """Everything the closing table shows, as plain numbers (``to_dict`` for JSON)."""

    game: str
    players: tuple[str, ...]
    games: int
    seats: tuple[SeatSummary, ...]
    results: dict[str, int]
    draws: int
    capped: int
    mean_moves: float
    mean_hands: float | None
    elapsed: float
    games_per_second: float
    interrupted: bool = False
    unit: str = "game"

    def to_dict(self) -> dict[str, Any]:
        """The summary as a JSON-ready dict (the seats as a list of dicts)."""
        data = asdict(self)
        data["players"] = list(self.players)
        data["seats"] = [asdict(s) for s in self.seats]
        return data


@dataclass
class Tally:
    """Counts and sums over the records seen so far."""

    game: str
    players: tuple[str, ...]
    unit: str = "game"
    games: int = 0
    wins: list[int] = field(default_factory=list)
    score_sums: list[int] = field(default_factory=list)
    scored: int = 0
    results: dict[str, int] = field(default_factory=dict)
    moves: int = 0
    hands: int = 0
    hand_games: int = 0

    def __post_init__(self) -> None:
        seats = len(self.players)
        self.wins = [0] * seats
        self.score_sums = [0] * seats

    def add(self, record: GameRecord) -> None:
        """Count one finished game."""
        self.games += 1
        self.results[record.result] = self.results.get(record.result, 0) + 1
        if record.winner is not None and record.result != CAPPED:
            self.wins[record.winner] += 1
        if record.scores is not None:
            self.scored += 1
            for seat, points in enumerate(record.scores):
                self.score_sums[seat] += points
        self.moves += record.moves
        if record.hands is not None:
            self.hands += record.hands
            self.hand_games += 1

    def merge(self, other: Tally) -> None:
        """Add another tally's counts (a worker's, for its chunk of games).

        Every figure is a count or a sum, so merging chunk tallies in any order gives
        exactly the tally of adding their records one by one.
        """
        self.games += other.games
        for result, count in other.results.items():
            self.results[result] = self.results.get(result, 0) + count
        for seat, wins in enumerate(other.wins):
            self.wins[seat] += wins
        for seat, points in enumerate(other.score_sums):
            self.score_sums[seat] += points
        self.scored += other.scored
        self.moves += other.moves
        self.hands += other.hands
        self.hand_games += other.hand_games

    def summary(self, elapsed: float = 0.0, interrupted: bool = False) -> Summary:
        """The games counted so far as a :class:`Summary` (rates with Wilson 95%
        intervals), ``elapsed`` seconds after the start."""
        n = self.games
        seats = []
        for seat, player in enumerate(self.players):
            low, high = wilson(self.wins[seat], n)
            seats.append(
                SeatSummary(
                    seat=seat,
                    player=player,
                    wins=self.wins[seat],
                    win_rate=self.wins[seat] / n if n else 0.0,
                    ci_low=low,
                    ci_high=high,
                    mean_score=self.score_sums[seat] / self.scored if self.scored else None,
                )
            )
        return Summary(
            game=self.game,
            players=self.players,
            games=n,
            seats=tuple(seats),
            results=dict(sorted(self.results.items())),
            draws=self.results.get("draw", 0),
            capped=self.results.get(CAPPED, 0),
            mean_moves=self.moves / n if n else 0.0,
            mean_hands=self.hands / self.hand_games if self.hand_games else None,
            elapsed=elapsed,
            games_per_second=n / elapsed if elapsed > 0 else 0.0,
            interrupted=interrupted,
            unit=self.unit,
        )
