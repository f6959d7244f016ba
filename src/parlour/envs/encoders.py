"""Observations: fixed-size numeric vectors made from one player's view.

An encoder reads only ``GameState.view(player)``, the JSON-ready dict that a
person in that seat sees, so an agent can never learn from a hidden card. Each game
declares how it is encoded (``parlour.ai.encoding``: card planes per place on its
table, then a few numbers of its own, every value in [0, 4]); an encoder hands
those numbers to numpy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ..ai.encoding import FRENCH, OBS_HIGH, Encoding, Planes, Sheet, encoding_for

__all__ = ["FRENCH", "OBS_HIGH", "Encoder", "Vector", "as_vector", "encoder_for"]

Vector = npt.NDArray[np.float32]


def as_vector(sheet: Sheet[float]) -> Vector:
    """A filled sheet as a float32 vector (no copy)."""
    return np.frombuffer(sheet, dtype=np.float32)


class Encoder:
    """A game's observation: ``encode(view) -> vector`` of length ``size``."""

    def __init__(self, encoding: Encoding):
        self.encoding = encoding
        self.planes: Planes = encoding.planes
        self.size = encoding.size

    def encode(self, view: Mapping[str, Any]) -> Vector:
        return as_vector(self.encoding.sheet(view))


_ENCODERS: dict[str, Encoder] = {}


def encoder_for(game: str) -> Encoder:
    """``game``'s encoder (the encoding its ``ai`` package declares)."""
    encoding = encoding_for(game)
    found = _ENCODERS.get(game)
    if found is None or found.encoding is not encoding:
        found = _ENCODERS[game] = Encoder(encoding)
    return found
