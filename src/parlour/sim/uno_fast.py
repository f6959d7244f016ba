"""A compiled simulator of single UNO hands between two ``random`` players.

Issue 4 asks for random-vs-random UNO hands at ten times RLCard's engine; the
pure-Python engine cannot get there, so this module plays the same hands in
machine code with numba (``pip install parlour[fast]``; numba is imported only
when a compiled function is first called).

"The same hands" is meant literally: for a seed ``s``, :func:`simulate_hands`
plays move for move the hand that ``parlour.sim.play_game`` plays with the
``uno`` engine at its default options (automatic penalty for a wrong ``W4``, no
UNO calls, no challenges) and ``random`` in both seats. To get there it
re-implements, in 64-bit unsigned arithmetic:

* the engine's stream ``Rng(s)`` (xoshiro256** seeded by SplitMix64), its coin
  for the starter and its *batched* Fisher-Yates shuffle (``uno._shuffle``:
  several indices per 64-bit draw, read as mixed-radix digits), used for the
  deal, a ``W4`` turned up first and every reshuffle of the discard pile;
* the players' streams ``Rng(stream_seed(s, f"player-{seat}-random"))``;
* ``UnoRandomPlayer``'s policy: a uniform choice among the *distinct* playable
  cards in card order (a ``W4`` left out when it would be wrong), then a colour
  for a Wild; a draw only when nothing fits; a drawn card played when it fits
  (a wrong drawn ``W4`` is kept); a colour for a Wild turned up first.

:func:`reference_hands` plays the same seeds through the normal engine and the
normal players (``play_game``), and the tests compare the two hand by hand.
A hand ends when a player goes out (``winner``, ``points`` = the loser's cards)
or, never with the full pack, blocked (``winner`` -1); ``moves`` counts every
engine move of the hand, colour naming, draws and keeps included.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from ..cards import UNO_WILD, UNO_WILD4
from .play import make_spec, play_game

__all__ = [
    "FastHands",
    "available",
    "simulate_hands",
    "reference_hands",
    "shuffle_plan",
]

W = UNO_WILD
W4 = UNO_WILD4
SKIP = 10
DRAW2 = 11
BLOCKED = -1  # winner of a blocked hand
CAPPED = -2  # winner of a hand stopped at the move limit
DEFAULT_MAX_MOVES = 200_000  # as parlour.sim's limit for two-player games

_MASK = (1 << 64) - 1
_BATCH_LIMIT = 1 << 56  # must equal uno._BATCH_LIMIT (the equivalence tests check it)


class FastHands(NamedTuple):
    """Per-hand results as numpy ``int64`` arrays, in the order of the seeds."""

    winner: Any
    points: Any
    moves: Any

    def rows(self) -> list[tuple[int, int, int]]:
        """``(winner, points, moves)`` per hand, as :func:`reference_hands` returns them."""
        return [
            (int(w), int(p), int(m))
            for w, p, m in zip(self.winner, self.points, self.moves, strict=True)
        ]


def available() -> bool:
    """Whether numba can be imported (the ``fast`` extra is installed)."""
    try:
        importlib.import_module("numba")
    except ImportError:
        return False
    return True


def shuffle_plan(n: int) -> list[tuple[int, int, int]]:
    """The engine's batching of a shuffle of ``n`` items, as ``(high, low, accept - 1)``.

    Positions ``n-1`` down to ``1`` are grouped, in order, into batches whose product
    of ranges stays below 2**56; one 64-bit draw serves a batch (``high`` down to
    ``low``) and is accepted when at most ``accept - 1``, ``accept`` being the largest
    multiple of the product not above 2**64 (stored minus one, so it fits 64 bits).
    """
    batches: list[tuple[int, int, int]] = []
    current: list[int] = []
    product = 1
    for i in range(n - 1, 0, -1):
        if product * (i + 1) >= _BATCH_LIMIT:
            batches.append((current[0], current[-1], ((1 << 64) // product) * product - 1))
            current = []
            product = 1
        current.append(i)
        product *= i + 1
    if current:
        batches.append((current[0], current[-1], ((1 << 64) // product) * product - 1))
    return batches


def fnv1a64(data: bytes) -> int:
    """As ``parlour.rng``: the hash of a stream's label."""
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h


def _check_seeds(seeds: Iterable[int]) -> list[int]:
    out = []
    for s in seeds:
        if isinstance(s, bool) or int(s) != s or not 0 <= int(s) <= _MASK:
            raise ValueError(f"seeds must be whole numbers from 0 to 2**64 - 1, got {s!r}")
        out.append(int(s))
    return out


def reference_hands(
    seeds: Iterable[int], max_moves: int = DEFAULT_MAX_MOVES
) -> list[tuple[int, int, int]]:
    """``(winner, points, moves)`` per seed, played by the normal engine and players.

    Each hand is ``parlour.sim.play_game`` of UNO with ``random`` in both seats and
    the default options, dealt from that seed (what ``parlour simulate uno`` plays).
    """
    out: list[tuple[int, int, int]] = []
    for seed in _check_seeds(seeds):
        spec = make_spec("uno", "random,random", games=1, seed=seed, max_moves=max_moves)
        rec = play_game(spec, 0)
        if rec.result == "capped":
            out.append((CAPPED, 0, rec.moves))
        elif rec.winner is None:
            out.append((BLOCKED, 0, rec.moves))
        else:
            assert rec.scores is not None
            out.append((rec.winner, rec.scores[rec.winner], rec.moves))
    return out


def simulate_hands(seeds: Iterable[int], max_moves: int = DEFAULT_MAX_MOVES) -> FastHands:
    """Play one hand per seed in compiled code; the same hands as :func:`reference_hands`.

    The first call compiles the simulator (a few seconds); later calls run at full
    speed. Raises ``ImportError`` with the install hint when numba is missing.
    """
    if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves <= 0:
        raise ValueError(f"max_moves must be a positive whole number, got {max_moves!r}")
    checked = _check_seeds(seeds)
    kernel = _kernel()
    np = importlib.import_module("numpy")
    array = np.array(checked, dtype=np.uint64)
    winner, points, moves = kernel(array, max_moves)
    return FastHands(winner, points, moves)


def _kernel() -> Callable[..., Any]:
    """The compiled simulator (numba compiles it on first use, or loads its cache)."""
    if not available():
        raise ImportError("the compiled UNO simulator needs numba: pip install 'parlour[fast]'")
    kernel = importlib.import_module("parlour.sim._uno_fast_kernel")
    simulate: Callable[..., Any] = kernel.run
    return simulate
