"""UNO observations straight from the engine, for the environments' speed.

The general path (``ENCODING.sheet(state.view(seat))``, :mod:`.encoding`) builds a view
dict with every card of the discard pile as a string, the legal move strings,
event texts, then reads it back: about 80 us a step, most of an AEC step. This
observer writes the same vector (the tests compare the two over many games)
from the engine's fields, reading exactly the fields that the view shows to
``seat`` and nothing else: ``seat``'s own hand, the drawn card only when
``seat`` is to move, the opponent's card count and the ``W4`` it is known to
hold, the discard pile, the colour, the phase and the public counters. Card
numbers come from lookup tables, and the discard pile's card counts are kept
from step to step (the engine only appends to that list until it makes a new one).
"""

from __future__ import annotations

from array import array
from typing import Any

from ...cards import UNO_WILD4, uno_str
from ...games import uno as _uno
from ..encoding import OBS_HIGH, Sheet
from .encoding import PLANES, UNO

__all__ = ["UnoObserver"]

_N_CARDS = UNO_WILD4 + 1
#: engine card number -> its place in a card plane (0-49); -1 for numbers no card has.
_PLANE = [UNO.get(uno_str(c), -1) if (c >= 64 or (c & 15) < 12) else -1 for c in range(_N_CARDS)]
_W4 = UNO["W4"]
# the observation's layout (see encoding.PLANES): four places of 2 x 50, sizes, scalars
_HAND, _DISCARD, _DRAWN, _OPPONENT = 0, 100, 200, 300
_SIZES = 400
_SCALARS = 404
_COLOUR = _SCALARS  # R G Y B
#: engine phase -> index of its scalar (play, drawn, challenge, colour), -1 for over
_PHASE = {_uno.PH_PLAY: 4, _uno.PH_DRAWN: 5, _uno.PH_CHALLENGE: 6, _uno.PH_COLOUR: 7}
_DRAW_PILE, _MY_SCORE, _THEIR_SCORE, _PASSES = 8, 9, 10, 11
#: n -> min(1, n / 108): a pile's size as the encoder scales it (no pile holds more).
_SCALED = [min(1.0, n / 108) for n in range(109)]


class UnoObserver:
    """Writes UNO's encoding (:mod:`.encoding`) of an ``Uno`` state for one seat."""

    def __init__(self) -> None:
        self.size = PLANES.size
        if self.size != _SCALARS + 12:  # pragma: no cover - the layout changed
            raise RuntimeError("UnoObserver's layout no longer matches encoding.PLANES")
        self._zeros = bytes(4 * self.size)
        self._pile: list[int] | None = None
        self._pile_seen = 0
        self._pile_counts = array("f", bytes(4 * 50))

    def _discard_counts(self, discard: list[int]) -> array[float]:
        """Card counts of the discard pile, updated with the cards played since last time."""
        if discard is not self._pile or len(discard) < self._pile_seen:
            self._pile = discard
            self._pile_seen = 0
            self._pile_counts = array("f", bytes(4 * 50))
        counts = self._pile_counts
        plane = _PLANE
        for i in range(self._pile_seen, len(discard)):
            counts[plane[discard[i]]] += 1
        self._pile_seen = len(discard)
        return counts

    def observe(self, state: Any, seat: int) -> Sheet[float]:
        """``seat``'s observation of ``state`` (an ``Uno``), as from ``state.view(seat)``."""
        out = array("f", self._zeros)
        plane = _PLANE
        scaled = _SCALED
        other = 1 - seat
        hands = state._hands
        hand: list[int] = hands[seat]
        for c in hand:
            out[plane[c]] += 1
        if hand:
            out[_HAND + 50 + plane[hand[-1]]] = 1.0
            out[_SIZES] = scaled[len(hand)]
        discard: list[int] = state._discard
        out[_DISCARD : _DISCARD + 50] = self._discard_counts(discard)
        out[_DISCARD + 50 + plane[discard[-1]]] = 1.0
        out[_SIZES + 1] = scaled[len(discard)]
        drawn: int = state._drawn
        if drawn >= 0 and state._turn == seat:
            out[_DRAWN + plane[drawn]] = 1.0
            out[_DRAWN + 50 + plane[drawn]] = 1.0
            out[_SIZES + 2] = 1.0
        known: int = state._shown[other]
        if known:
            out[_OPPONENT + _W4] = known
            out[_OPPONENT + 50 + _W4] = 1.0
        out[_SIZES + 3] = scaled[len(hands[other])]
        colour: int = state._colour
        if colour >= 0:
            out[_COLOUR + colour] = 1.0
        phase = _PHASE.get(state._phase)
        if phase is not None:
            out[_SCALARS + phase] = 1.0
        out[_SCALARS + _DRAW_PILE] = scaled[len(state._draw)]
        scores = state._scores
        if scores[0] or scores[1]:
            target = max(1, state._target)
            out[_SCALARS + _MY_SCORE] = min(OBS_HIGH, scores[seat] / target)
            out[_SCALARS + _THEIR_SCORE] = min(OBS_HIGH, scores[other] / target)
        if state._passes:
            out[_SCALARS + _PASSES] = min(OBS_HIGH, state._passes / 2)
        return out
