"""Deals chosen by the solver: winnable deals, the deal of the day, and the verdict.

For the one-player patiences (the games with a solver, :func:`offers_winnable`):

* :func:`winnable_seed` draws a fresh seed the solver has proved winnable. Each try is
  a seed from the operating system's entropy (:func:`parlour.core.session.random_seed`,
  as for any new game), kept only if the solver finds a winning line within its
  game's budget (``DealBudgets.winnable``, declared with the game's solver);
  otherwise it is thrown away and a new one drawn.
  :class:`WinnablePool` keeps a few such seeds ready so a request answers at once.
* :func:`deal_of_the_day` is the same for everyone on a date: candidate seeds come from
  the project's generator (:class:`parlour.rng.Rng`) seeded by the game, its options,
  the date and an optional salt, and the first the solver proves winnable within a
  fixed *node* budget (the same answer on every machine) is the deal.
* :func:`verdict` is the solver's answer for a finished deal, with its winning line as
  move strings from the start of the deal (so it replays with ``Game.play``).

**What a person can learn.** From a winnable deal: that the deal is winnable, and, more
precisely, that the solver proved it so within that budget (a slightly stronger
statement where some winnable deals take longer to prove: with the budgets below
nearly every deal of The Gate and Calculation is proved within a fraction of a second,
8 x 8 about four deals in five). Nothing else: the seed is drawn from the system's
entropy, never from a list, so the visible cards cannot be matched against a table of
known deals, and it is not shown until the game is over (the front ends' duty, as
for every game). A rejected seed is never used, so the choice favours no particular
card. With :class:`WinnablePool` the time a request takes does not depend on the deal
either (it was proved before it was asked for). The verdict is refused while the game
can still be played on: its winning line would show hidden cards.

The deal of the day is deterministic by design: anyone who runs this code can compute
the day's seed, as anyone can with a published daily puzzle. A server that wants its
daily deal kept from people who read the code passes its own secret as ``salt`` (the
same for all its players, so still one deal per date for everyone there). A process
proves the day's deal once per game, options, date and salt and remembers it
(:data:`DAY_CACHE` of them, the newest kept), so only the day's first request waits
for the solver (10-14 s for 8 x 8 on a loaded machine).
"""

from __future__ import annotations

import datetime as dt
import json
import threading
from collections import OrderedDict, deque
from collections.abc import Mapping
from typing import Any

from ..core.registry import game_class
from ..core.session import Game, new_game, random_seed
from ..errors import GameNotOverError, NoSolverError, SolverGaveUpError
from ..rng import Rng, stream_seed
from .solver import Budget, SolveResult, deal_budgets, solve, solver_games

__all__ = [
    "WinnablePool",
    "deal_of_the_day",
    "offers_winnable",
    "verdict",
    "winnable_seed",
]

#: Tries before :func:`winnable_seed` gives up (each try is a fresh seed).
MAX_TRIES = 100
#: Deals of the day a process remembers (games x options x dates x salts, newest kept).
DAY_CACHE = 64
#: The deals of the day proved so far in this process, by their label.
_days: OrderedDict[str, int] = OrderedDict()
_days_lock = threading.Lock()


def offers_winnable(game: str) -> bool:
    """Whether ``game`` has winnable deals and a deal of the day (a one-player
    patience with a solver); for a two-player game the option does not exist."""
    return game_class(game).name in solver_games()


def _check(game: str) -> str:
    name = game_class(game).name
    if name not in solver_games():
        have = ", ".join(sorted(solver_games()))
        raise NoSolverError(
            f"{name} has no winnable deals or deal of the day (only the one-player "
            f"patiences do: {have})"
        )
    return name


def _try_budget(name: str) -> Budget:
    nodes, seconds = deal_budgets(name).winnable
    return Budget(nodes=nodes, seconds=seconds)


def _verdict_budget(name: str) -> Budget:
    nodes, seconds = deal_budgets(name).verdict
    return Budget(nodes=nodes, seconds=seconds)


def _proved(name: str, seed: int, options: Mapping[str, Any] | None, budget: Budget) -> bool:
    return solve(new_game(name, seed=seed, options=options), budget).status == "solved"


def winnable_seed(game: str, options: Mapping[str, Any] | None = None) -> int:
    """A fresh seed of ``game`` (with ``options``) that the solver has proved winnable.

    Raises ``NoSolverError`` for a game without a solver, ``SolverGaveUpError`` if no seed was
    proved winnable in ``MAX_TRIES`` tries (which the budgets make vanishingly unlikely).
    """
    name = _check(game)
    new_game(name, seed=0, options=options)  # bad options fail here, once
    for _ in range(MAX_TRIES):
        seed = random_seed()
        if _proved(name, seed, options, _try_budget(name)):
            return seed
    raise SolverGaveUpError(
        f"no {name} deal was proved winnable in {MAX_TRIES} tries: ask again, or play a random deal"
    )


class WinnablePool:
    """A few winnable seeds of one game and options, proved before they are asked for.

    :meth:`take` hands out a ready seed (and starts proving a replacement in a
    background thread), or proves one on the spot when none is ready. Seeds live
    only in memory, each is handed out once, and the time :meth:`take` takes does
    not depend on the deal it returns.
    """

    def __init__(self, game: str, options: Mapping[str, Any] | None = None, size: int = 2) -> None:
        self.game = _check(game)
        self.options = dict(options or {})
        self.size = size
        self._ready: deque[int] = deque()
        self._lock = threading.Lock()
        self._filling = False

    def take(self) -> int:
        """A winnable seed, handed out once."""
        with self._lock:
            seed = self._ready.popleft() if self._ready else None
        if seed is None:
            seed = winnable_seed(self.game, self.options)
        self.refill()
        return seed

    def refill(self, wait: bool = False) -> None:
        """Prove seeds until ``size`` are ready (in a background thread unless ``wait``)."""
        with self._lock:
            if self._filling or len(self._ready) >= self.size:
                return
            self._filling = True
        if wait:
            self._fill()
        else:
            threading.Thread(target=self._fill, daemon=True).start()

    def ready(self) -> int:
        """How many seeds are ready."""
        with self._lock:
            return len(self._ready)

    def _fill(self) -> None:
        try:
            while self.ready() < self.size:
                seed = winnable_seed(self.game, self.options)
                with self._lock:
                    self._ready.append(seed)
        finally:
            with self._lock:
                self._filling = False


def deal_of_the_day(
    game: str, day: dt.date, options: Mapping[str, Any] | None = None, salt: str = ""
) -> int:
    """The seed of ``game``'s deal of the day: the same for everyone on ``day`` (given
    the same options and salt), and proved winnable within its game's
    ``DealBudgets.day_nodes`` nodes."""
    name = _check(game)
    resolved = new_game(name, seed=0, options=options).options
    label = json.dumps([name, resolved, day.isoformat(), salt], sort_keys=True)
    with _days_lock:
        if label in _days:
            _days.move_to_end(label)
            return _days[label]
    rng = Rng(stream_seed(0, f"deal-of-the-day {label}"))
    for _ in range(MAX_TRIES):
        seed = rng.randbelow(1 << 31)
        if _proved(name, seed, resolved, Budget(nodes=deal_budgets(name).day_nodes)):
            with _days_lock:
                _days[label] = seed
                while len(_days) > DAY_CACHE:
                    _days.popitem(last=False)
            return seed
    raise SolverGaveUpError(
        f"no {name} deal of the day was proved winnable for {day}: play a random or winnable deal"
    )


def verdict(game: Game, budget: Budget | None = None) -> SolveResult:
    """The solver's answer for the deal of a finished ``game``, searched from the start.

    Its ``moves`` (when winnable) replay from the deal's first position with
    ``Game.play``. Refused while the game is not over: the line would show hidden
    cards of a game that can still be played on.
    """
    name = _check(game.name)
    if game.outcome is None:
        raise GameNotOverError(
            "the solver's verdict is given once the game is over (it shows hidden cards): "
            "finish or resign the game first"
        )
    start = new_game(name, seed=game.seed, deck=game.deck, options=game.options)
    return solve(start, budget or _verdict_budget(name))
