"""Reinforcement-learning environments (extra ``rl``: Gymnasium and PettingZoo).

``docs/environments.md`` is the guide: every environment, the observation and
action layouts number by number, the rewards, and a worked training example.

* ``PatienceEnv(game)``, ``CalculationEnv``, ``GateEnv``, ``EightByEightEnv``:
  Gymnasium environments (``gymnasium.make("parlour/Gate-v0")``);
* ``UnoVersusEnv``, ``ChinesePatienceVersusEnv`` (``VersusEnv``): single-agent
  Gymnasium environments against a computer level or a callable
  (``gymnasium.make("parlour/Uno-v0", opponent="basic")``);
* ``UnoEnv``, ``ChinesePatienceEnv`` (``uno_env()``, ``chinese_patience_env()``):
  PettingZoo AEC environments;
* ``UnoVectorEnv``: many UNO hands stepped at once in compiled code (needs numba,
  ``pip install parlour[fast]``), with the same actions and observations as ``UnoEnv``;
  ``UnoGymVectorEnv`` is the same as a Gymnasium ``VectorEnv``
  (``gymnasium.make_vec("parlour/UnoSelfPlay-v0", num_envs=...)``).

The ``parlour/...`` ids exist once ``parlour.envs.registration`` is imported (or
``register_envs()`` called).

Actions are numbers into a fixed list of each game's move strings
(``action_table(game)``), with masks of the legal ones; observations are
vectors built only from the acting player's view. Nothing here is imported
until it is used, so ``import parlour`` needs neither Gymnasium nor PettingZoo;
without them, using an environment says which extra to install.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ..errors import MissingExtraError
from .actions import action_index, action_table

if TYPE_CHECKING:  # imported on first use (``__getattr__``); named here for type checkers
    from .duel import ChinesePatienceEnv, UnoEnv, chinese_patience_env, uno_env
    from .patience import CalculationEnv, EightByEightEnv, GateEnv, PatienceEnv
    from .registration import register_envs
    from .uno_gym_vector import UnoGymVectorEnv
    from .uno_vector import UnoVectorEnv
    from .versus import ChinesePatienceVersusEnv, UnoVersusEnv, VersusEnv

__all__ = [
    "MissingExtraError",
    "action_index",
    "action_table",
    "PatienceEnv",
    "CalculationEnv",
    "GateEnv",
    "EightByEightEnv",
    "UnoEnv",
    "ChinesePatienceEnv",
    "uno_env",
    "chinese_patience_env",
    "UnoVectorEnv",
    "VersusEnv",
    "UnoVersusEnv",
    "ChinesePatienceVersusEnv",
    "UnoGymVectorEnv",
    "register_envs",
]

_LAZY = {
    "PatienceEnv": "patience",
    "CalculationEnv": "patience",
    "GateEnv": "patience",
    "EightByEightEnv": "patience",
    "UnoEnv": "duel",
    "ChinesePatienceEnv": "duel",
    "uno_env": "duel",
    "chinese_patience_env": "duel",
    "UnoVectorEnv": "uno_vector",
    "VersusEnv": "versus",
    "UnoVersusEnv": "versus",
    "ChinesePatienceVersusEnv": "versus",
    "UnoGymVectorEnv": "uno_gym_vector",
    "register_envs": "registration",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'parlour.envs' has no attribute {name!r}")
    try:
        loaded = importlib.import_module(f"{__name__}.{module}")
    except ImportError as exc:
        if exc.name and exc.name.split(".")[0] in ("gymnasium", "pettingzoo", "numpy"):
            raise MissingExtraError(
                f"parlour's environments need {exc.name.split('.')[0]}: pip install 'parlour[rl]'"
            ) from None
        raise
    return getattr(loaded, name)
