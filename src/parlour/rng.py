"""Owned, portable randomness.

Deals must be identical on every machine and every Python version, so parlour
never uses the ``random`` module. The generator is xoshiro256** seeded through
SplitMix64; bounded integers use rejection sampling (no modulo bias), and the
shuffle is Fisher-Yates from the last position down (:func:`shuffle_batched`, for
UNO's many 108-card packs, draws its indices in batches). All of this is pure integer
arithmetic, pinned by golden tests.
"""

from __future__ import annotations

import operator
from collections.abc import MutableSequence
from typing import TypeVar

from .errors import EmptyDrawError, InvalidSeedError, quoted

__all__ = [
    "LARGEST_SEED",
    "Rng",
    "batch_plan",
    "check_seed",
    "derived_seed",
    "shuffle_batched",
    "stream_key",
    "stream_seed",
]

_MASK = (1 << 64) - 1
T = TypeVar("T")


def _splitmix64(x: int) -> tuple[int, int]:
    """Return (next state, output) of SplitMix64."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return x, z ^ (z >> 31)


def _fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    return h


def _check_seed(seed: object) -> None:
    """A seed is any whole number from 0 up (larger than 64 bits is folded in), and
    nothing else: a float or a string would deal differently from the number it shows."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise InvalidSeedError(f"a seed must be a whole number from 0 up, got {quoted(seed)}")


#: The largest seed a game is dealt from: 2**63 - 1, the largest whole number a signed
#: 64-bit integer holds. Every place a game's seed is kept holds it exactly: the table
#: service's SQLite and PostgreSQL stores (``BIGINT``), numpy's and pandas' ``int64``
#: (a simulation's records as a DataFrame), the compiled UNO kernels (``uint64``) and a
#: save's JSON. Front ends take less: a deal number typed or shown there is at most
#: 2**53 - 1 (``parlour.service.MAX_SEED``), the largest a browser holds exactly.
LARGEST_SEED = (1 << 63) - 1


def check_seed(seed: object, count: int = 1) -> int:
    """``seed`` as the whole number a game (or ``count`` games, from seeds ``seed`` to
    ``seed + count - 1``) is dealt from, or ``InvalidSeedError`` quoting it and the range.

    A seed is a whole number from 0 to :data:`LARGEST_SEED` (2**63 - 1): a Python
    ``int`` or a numpy integer (what ``numpy.random.Generator.integers`` gives), never a
    bool, a float (``7.0``) or a string, which would deal differently from the number
    they show. Every seed a person gives is checked by this: ``parlour.new_game``, the
    environments' ``reset(seed=...)``, ``parlour.sim.run``, ``parlour.ai.make_player``
    and ``GameState.resample``; where the library makes such a seed from another (a
    hint's player, the web table's reply to a move) it is :func:`derived_seed`, in the
    range too. The generator, :class:`Rng`, is the one exception: it takes any whole
    number from 0 up, folding one above 64 bits into its state, since it is also seeded
    from 64-bit draws and stream seeds that no person gives and nothing stores (and it
    deals a save written before this range was checked as it was dealt then)."""
    if isinstance(seed, bool):
        number = None
    else:
        try:
            number = operator.index(seed)  # type: ignore[arg-type]
        except TypeError:
            number = None
    if number is None:
        kind = "" if isinstance(seed, str) else f" ({type(seed).__name__})"
        raise InvalidSeedError(
            f"a seed must be a whole number from 0 to {LARGEST_SEED} (2**63 - 1), got "
            f"{quoted(seed)}{kind}"
        )
    last = number + count - 1
    if number < 0 or last > LARGEST_SEED:
        if count > 1 and 0 <= number <= LARGEST_SEED:
            raise InvalidSeedError(
                f"seed {number} deals {count} games, to seed {last}, past the largest seed "
                f"{LARGEST_SEED} (2**63 - 1): give a seed from 0 to "
                f"{LARGEST_SEED - count + 1}"
            )
        raise InvalidSeedError(
            f"a seed must be a whole number from 0 to {LARGEST_SEED} (2**63 - 1), got "
            f"{quoted(seed)}"
        )
    return number


def stream_key(label: str) -> int:
    """The number a seed below 2**64 is mixed with for the stream ``label``:
    ``stream_seed(seed, label)`` is SplitMix64's output of ``seed ^ stream_key(label)``
    (what compiled code needs to derive the same streams)."""
    return _fnv1a64(label.encode("utf-8"))


def stream_seed(seed: int, label: str) -> int:
    """A seed for an independent stream named ``label`` derived from ``seed``.

    Used so that, for example, a computer player's choices never consume the
    game's own stream: the same seed deals the same cards whoever plays.
    """
    _check_seed(seed)
    folded = 0
    s = seed
    while True:
        folded = (folded * 0x100000001B3 + (s & _MASK)) & _MASK
        s >>= 64
        if not s:
            break
    _, out = _splitmix64(folded ^ stream_key(label))
    return out


def derived_seed(seed: int, label: str) -> int:
    """A seed in the public range (0 to :data:`LARGEST_SEED`) for the stream named
    ``label``, derived from ``seed``: :func:`stream_seed`'s 64 bits without the top one.
    The library passes it where a person would pass a seed (``make_player`` for a hint,
    for the web table's reply to a move), so nothing refuses it and every place a seed
    is kept holds it."""
    return stream_seed(seed, label) & LARGEST_SEED


class Rng:
    """xoshiro256** with a SplitMix64 seeder. Cheap to copy (four integers).

    The generator, not a game's seed: ``Rng(seed)`` takes any whole number from 0 up
    (one above 64 bits is folded in), as it is also seeded from 64-bit draws and stream
    seeds. A seed a person gives a game or a player is 0 to :data:`LARGEST_SEED`
    (:func:`check_seed`)."""

    __slots__ = ("_s0", "_s1", "_s2", "_s3")

    def __init__(self, seed: int = 0) -> None:
        _check_seed(seed)
        # Fold arbitrarily large seeds into 64 bits, chunk by chunk.
        x = 0
        s = seed
        while True:
            x, out = _splitmix64(x ^ (s & _MASK))
            s >>= 64
            if not s:
                break
        x, self._s0 = _splitmix64(x)
        x, self._s1 = _splitmix64(x)
        x, self._s2 = _splitmix64(x)
        x, self._s3 = _splitmix64(x)

    def next64(self) -> int:
        """The next 64-bit output."""
        s0, s1, s2, s3 = self._s0, self._s1, self._s2, self._s3
        x = (s1 * 5) & _MASK
        result = ((((x << 7) | (x >> 57)) & _MASK) * 9) & _MASK
        t = (s1 << 17) & _MASK
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 45) | (s3 >> 19)) & _MASK
        self._s0, self._s1, self._s2, self._s3 = s0, s1, s2, s3
        return result

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling on the top bits)."""
        if n <= 0:
            raise EmptyDrawError(
                f"randbelow(n) draws from 0 to n - 1: n must be 1 or more, got {n!r}"
            )
        if n == 1:
            return 0
        k = (n - 1).bit_length()
        while True:
            r = self.next64() >> (64 - k)
            if r < n:
                return r

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place: Fisher-Yates from the last position down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """One of ``items``, uniformly (``EmptyDrawError`` if there is none)."""
        if not items:
            raise EmptyDrawError(f"choice needs at least one item to draw from, got {items!r}")
        return items[self.randbelow(len(items))]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def copy(self) -> Rng:
        """An independent generator at the same point of the same stream."""
        other = Rng.__new__(Rng)
        other._s0, other._s1, other._s2, other._s3 = self._s0, self._s1, self._s2, self._s3
        return other

    def getstate(self) -> tuple[int, int, int, int]:
        """The generator's four words of state, for ``setstate``."""
        return (self._s0, self._s1, self._s2, self._s3)

    def setstate(self, state: tuple[int, int, int, int]) -> None:
        """Go back to a point of the stream that ``getstate`` gave."""
        self._s0, self._s1, self._s2, self._s3 = state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.getstate() == other.getstate()

    def __hash__(self) -> int:
        return hash(self.getstate())

    def __repr__(self) -> str:
        return f"Rng(state={self.getstate()!r})"


#: A batch's product of ranges stays below this, so rejections stay rare.
_BATCH_LIMIT = 1 << 56
_PLANS: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def batch_plan(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """How a shuffle of ``n`` items groups its Fisher-Yates positions into batches.

    Positions ``n-1`` down to ``1`` are taken in order; a batch holds as many as keep
    the product of their ranges (position + 1) below 2**56. Each batch is
    ``(accept, positions)`` where ``accept`` is the largest multiple of the product
    not above 2**64: a 64-bit draw at or above it is rejected and redrawn.
    """
    batches: list[tuple[int, tuple[int, ...]]] = []
    current: list[int] = []
    product = 1
    for i in range(n - 1, 0, -1):
        if product * (i + 1) >= _BATCH_LIMIT:
            batches.append((((1 << 64) // product) * product, tuple(current)))
            current = []
            product = 1
        current.append(i)
        product *= i + 1
    if current:
        batches.append((((1 << 64) // product) * product, tuple(current)))
    plan = tuple(batches)
    _PLANS[n] = plan
    return plan


def shuffle_batched(
    state: tuple[int, int, int, int], items: MutableSequence[T]
) -> tuple[int, int, int, int]:
    """Shuffle ``items`` in place from an :class:`Rng`'s state (``getstate()``); return
    the state after it.

    Fisher-Yates from the last position down, as :meth:`Rng.shuffle`, but with the
    random indices drawn in batches (see :func:`batch_plan`): one 64-bit output, accepted when
    below the batch's multiple of the product of its ranges, is read as mixed-radix
    digits, the first position's index being its remainder by that position's range,
    and so on. Exactly uniform, and about eight times faster than one draw per card;
    UNO deals a fresh 108-card pack every hand (``parlour.games.uno``; its compiled
    kernel repeats this, checked by a differential test).
    """
    rng = Rng.__new__(Rng)
    rng.setstate(state)
    plan = _PLANS.get(len(items)) or batch_plan(len(items))
    for accept, positions in plan:
        r = rng.next64()
        while r >= accept:
            r = rng.next64()
        for i in positions:
            r, j = divmod(r, i + 1)
            items[i], items[j] = items[j], items[i]
    return rng.getstate()
