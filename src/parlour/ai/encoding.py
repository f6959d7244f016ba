"""How each game is encoded for learning: fixed-size vectors of numbers from a view.

Each game declares its encoding in its own package (``parlour.ai.<game>.encoding``):
the places on its table and the numbers after them (a :class:`Planes` layout), the
function that fills them from one player's view, and what every number means in
words (the tables of ``docs/environments.md``). ``parlour.envs`` reads them through
:func:`encoding_for` and holds no table of its own per game. This module has no
third-party import: the environments hand the filled numbers to numpy.

Card games are encoded as *planes*: for each place on the table (a pile, a hand, the
foundations) the number of copies of each card visible there, a one-hot of its top
card and its size (hidden cards included, as the view counts them), then a few
game-specific numbers. Every value lies in [0, 4]: counts of a card are at most 4
(UNO's Wilds), sizes and counters are scaled to [0, 1].
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..cards import RANKS, SUITS
from ..core.registry import game_class
from ..errors import InvalidOptionError

__all__ = [
    "FRENCH",
    "FRENCH_ORDER",
    "OBS_HIGH",
    "EngineObserver",
    "Encoding",
    "Planes",
    "Sheet",
    "encoding_for",
    "register_encoding",
    "suit_run",
]

#: Upper bound of every observation value.
OBS_HIGH = 4.0

#: 'AC' -> 0, 'AD' -> 1, ..., 'KS' -> 51 (rank-major, suits C D H S).
FRENCH = {r + s: i * 4 + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
#: How a French card plane is indexed, in words.
FRENCH_ORDER = (
    f"card planes have 52 positions, rank-major: {', '.join(RANKS)} with the suits "
    f"{' '.join(SUITS)} inside each rank (AC {FRENCH['AC']}, AD {FRENCH['AD']}, "
    f"AH {FRENCH['AH']}, AS {FRENCH['AS']}, 2C {FRENCH['2C']}, ..., KS {FRENCH['KS']})"
)

#: The numbers of one observation while it is being filled: a flat array of C floats,
#: written item by item from Python (much cheaper than element writes into numpy)
#: and handed to numpy at the end without a copy.
Sheet = array


class Planes:
    """A vector laid out as card planes per place, then sizes, then scalars."""

    def __init__(self, places: Sequence[str], cards: Mapping[str, int], scalars: Sequence[str]):
        self.places = {name: i for i, name in enumerate(places)}
        self.cards = cards
        self.width = max(cards.values()) + 1
        self.scalars = {name: i for i, name in enumerate(scalars)}
        n = len(places)
        self._sizes = 2 * n * self.width
        self._scalars = self._sizes + n
        self.size = self._scalars + len(scalars)
        self._zeros = bytes(4 * self.size)

    def sheet(self) -> Sheet[float]:
        return array("f", self._zeros)

    def pile(
        self, out: Sheet[float], place: str, cards: Sequence[str], hidden: int = 0, norm: float = 52
    ) -> None:
        """Counts of ``cards`` (bottom first, the last is the top) at ``place``."""
        i = self.places[place]
        if cards:
            base = 2 * i * self.width
            index = self.cards
            for text in cards:
                out[base + index[text]] += 1
            out[base + self.width + index[cards[-1]]] = 1
        n = len(cards) + hidden
        if n:
            out[self._sizes + i] = min(1.0, n / norm)

    def scalar(self, out: Sheet[float], name: str, value: float) -> None:
        out[self._scalars + self.scalars[name]] = min(OBS_HIGH, max(0.0, value))


def suit_run(top: str | None) -> list[str]:
    """The cards of a foundation built up in suit from the Ace to ``top``."""
    if top is None:
        return []
    rank = RANKS.index(top[0])
    return [RANKS[r] + top[1] for r in range(rank + 1)]


class EngineObserver(Protocol):
    """Writes a game's observation straight from its engine state, for speed: the
    same numbers as the encoding's ``fill`` of ``state.view(seat)``."""

    def observe(self, state: Any, seat: int) -> Sheet[float]: ...


Fill = Callable[[Planes, "Sheet[float]", Mapping[str, Any]], None]


@dataclass(frozen=True)
class Encoding:
    """A game's observation: its layout, how a view fills it, and its words."""

    planes: Planes
    fill: Fill
    #: How a card plane is indexed, in words (``FRENCH_ORDER`` for a French pack).
    card_order: str = FRENCH_ORDER
    #: place -> (what is counted, what the top card is, what the size says); the
    #: games documented in ``docs/environments.md`` say it for every place.
    places: Mapping[str, tuple[str, str, str]] = field(default_factory=dict)
    #: scalar -> its meaning (as ``places``).
    scalars: Mapping[str, str] = field(default_factory=dict)
    #: Makes an :class:`EngineObserver` where the game has one (UNO), else None.
    observer: Callable[[], EngineObserver] | None = None

    @property
    def size(self) -> int:
        return self.planes.size

    def sheet(self, view: Mapping[str, Any]) -> Sheet[float]:
        """The numbers of ``view`` (one player's view)."""
        out = self.planes.sheet()
        self.fill(self.planes, out, view)
        return out


_ENCODINGS: dict[str, Encoding] = {}


def register_encoding(game: str, encoding: Encoding) -> Encoding:
    """Declare ``game``'s encoding (called by the game's own ``ai`` package)."""
    _ENCODINGS[game] = encoding
    return encoding


def encoding_for(game: str) -> Encoding:
    """``game``'s encoding (any spelling of its name)."""
    name = game_class(game).name
    from . import players  # noqa: F401  (imports every game's package, which registers)

    found = _ENCODINGS.get(name)
    if found is None:
        having = ", ".join(sorted(_ENCODINGS)) or "none"
        raise InvalidOptionError(
            f"{name} declares no encoding for learning: the games with one are {having}"
        )
    return found
