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

from typing import Any

from ..renamed import renamed_attribute
from . import encoding  # noqa: F401  (declares the game's encoding for learning)
from .players import ChinesePatienceGreedyPlayer, PhasePlayer
from .position import HIDDEN, next_card, phase_key, rebuild, unseen_mask
from .strong import ChinesePatienceStrongPlayer

__all__ = [
    "HIDDEN",
    "ChinesePatienceGreedyPlayer",
    "PhasePlayer",
    "ChinesePatienceStrongPlayer",
    "next_card",
    "phase_key",
    "rebuild",
    "unseen_mask",
]


#: Former names, still importable (with a ``DeprecationWarning``): the classes are now
#: named after their game, like every other game's players (``UnoStrongPlayer``).
_RENAMED = {
    "StrongPlayer": "ChinesePatienceStrongPlayer",
    "GreedyPlayer": "ChinesePatienceGreedyPlayer",
}


def __getattr__(name: str) -> Any:
    return renamed_attribute(__name__, globals(), _RENAMED, name)
