"""A compiled simulator of single UNO hands between two ``random`` players.

Issue 4 asks for random-vs-random UNO hands at ten times RLCard's engine; the
pure-Python engine cannot get there, so this module plays the same hands in
machine code with numba (``pip install parlour[fast]``; numba is imported only
when a compiled function is first called), on the UNO kernel
(:mod:`parlour.kernels.uno`: its table and its ``random`` policy).

"The same hands" is meant literally: for a seed ``s``, :func:`simulate_hands`
plays move for move the hand that ``parlour.sim.play_game`` plays with the
``uno`` engine at its default options (automatic penalty for a wrong ``W4``, no
UNO calls, no challenges) and ``random`` in both seats. To get there the kernel
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
from collections.abc import Iterable
from typing import Any, NamedTuple

from ..errors import InvalidOptionError
from ..kernels import uno as kernel
from ..kernels.jit import numba_available, register_warmer
from ..rng import check_seed, stream_key
from .play import make_spec, play_game

__all__ = [
    "BLOCKED",
    "CAPPED",
    "FastHands",
    "available",
    "reference_hands",
    "simulate_hands",
]

BLOCKED = kernel.BLOCKED  # winner of a blocked hand
CAPPED = kernel.CAPPED  # winner of a hand stopped at the move limit
DEFAULT_MAX_MOVES = 200_000  # as parlour.sim's limit for two-player games


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
    return numba_available()


def _check_seeds(seeds: Iterable[int]) -> list[int]:
    """Each seed as ``new_game`` takes it (0 to 2**63 - 1: ``parlour.rng.check_seed``),
    since :func:`reference_hands` deals them through the engine."""
    return [check_seed(s) for s in seeds]


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

    The first call in a process loads the compiled kernel from numba's disk cache (or
    compiles it, once per install); later calls run at full speed. Raises
    ``ImportError`` with the install hint when numba is missing.
    """
    if isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves <= 0:
        raise InvalidOptionError(f"max_moves must be a positive whole number, got {max_moves!r}")
    checked = _check_seeds(seeds)
    if not available():
        raise ImportError("the compiled UNO simulator needs numba: pip install 'parlour[fast]'")
    done = kernel.compiled()
    assert done is not None
    np = importlib.import_module("numpy")
    pack, plans = kernel.engine_tables()
    out = np.zeros((3, len(checked)), dtype=np.int64)
    done["simulate"](
        np.array(checked, dtype=np.uint64),
        max_moves,
        _labels(),
        kernel.new_table(1),
        np.zeros((2, 4), dtype=np.uint64),
        pack,
        plans,
        out,
    )
    return FastHands(out[0], out[1], out[2])


def _labels() -> Any:
    """Per seat, what a seed is mixed with for that ``random`` player's stream
    (``parlour.rng.stream_key``)."""
    np = importlib.import_module("numpy")
    return np.array([stream_key(f"player-{seat}-random") for seat in (0, 1)], dtype=np.uint64)


register_warmer("uno-simulator", lambda: simulate_hands([0], max_moves=1))
