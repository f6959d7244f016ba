"""Gymnasium ids for parlour's environments: importing this module registers them.

>>> import gymnasium as gym
>>> import parlour.envs.registration  # doctest: +SKIP
>>> env = gym.make("parlour/Uno-v0", opponent="basic")  # doctest: +SKIP

(``parlour.envs.register_envs()`` does the same; ``gym.make("parlour.envs.registration:
parlour/Uno-v0")`` imports and registers in one go.) Registering is idempotent.
"""

from __future__ import annotations

import gymnasium as gym

__all__ = ["ENV_IDS", "VECTOR_ENV_IDS", "register_envs"]

#: Single-agent environments: id -> entry point.
ENV_IDS = {
    "parlour/Calculation-v0": "parlour.envs.patience:CalculationEnv",
    "parlour/Gate-v0": "parlour.envs.patience:GateEnv",
    "parlour/EightByEight-v0": "parlour.envs.patience:EightByEightEnv",
    "parlour/Uno-v0": "parlour.envs.versus:UnoVersusEnv",
    "parlour/ChinesePatience-v0": "parlour.envs.versus:ChinesePatienceVersusEnv",
}
#: Vector environments (``gym.make_vec(id, num_envs=...)``): id -> vector entry point.
VECTOR_ENV_IDS = {
    "parlour/UnoSelfPlay-v0": "parlour.envs.uno_gym_vector:UnoGymVectorEnv",
}


def register_envs() -> None:
    """Make ``gym.make("parlour/Uno-v0")``, ``gym.make_vec("parlour/UnoSelfPlay-v0")``
    and the rest work (idempotent)."""
    for env_id, entry_point in ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=entry_point)
    for env_id, vector_entry_point in VECTOR_ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, vector_entry_point=vector_entry_point)


register_envs()
