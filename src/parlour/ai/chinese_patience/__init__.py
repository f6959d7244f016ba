"""Chinese Patience's computer players: ``greedy`` and ``strong``.

What is where:

* :mod:`.position`: the view rebuilt as an engine state with placeholders for hidden
  cards (``rebuild``), and what the players read from it (``phase_key``,
  ``unseen_mask``, ``next_card`` ...);
* :mod:`.players`: the phase memory both players share (``PhasePlayer``) and
  ``greedy``;
* :mod:`.strong`: ``strong``, which searches every move sequence of a phase;
* :mod:`.encoding`: the game encoded for learning (``parlour.envs`` reads it).

Importing this package registers both levels.
"""

from . import encoding  # noqa: F401  (declares the game's encoding for learning)
from .players import GreedyPlayer, PhasePlayer
from .position import HIDDEN, next_card, phase_key, rebuild, unseen_mask
from .strong import StrongPlayer

__all__ = [
    "HIDDEN",
    "GreedyPlayer",
    "PhasePlayer",
    "StrongPlayer",
    "next_card",
    "phase_key",
    "rebuild",
    "unseen_mask",
]
