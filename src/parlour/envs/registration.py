"""Gymnasium ids for parlour's environments: importing this module registers them.

>>> import gymnasium as gym
>>> import parlour.envs.registration  # doctest: +SKIP
>>> env = gym.make("parlour/Uno-v0", opponent="basic")  # doctest: +SKIP

(``parlour.envs.register_envs()`` does the same; ``gym.make("parlour.envs.registration:
parlour/Uno-v0")`` imports and registers in one go.) Registering is idempotent.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
from gymnasium.envs.registration import WrapperSpec

__all__ = ["ENV_IDS", "VECTOR_ENV_IDS", "StepLimitAsMaxSteps", "register_envs"]

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


class StepLimitAsMaxSteps(gym.Wrapper[Any, Any, Any, Any], gym.utils.RecordConstructorArgs):
    """Makes ``gym.make(id, max_episode_steps=N)`` the same as ``max_steps=N``.

    Gymnasium's ``max_episode_steps`` wraps the environment in a ``TimeLimit``, which
    truncates the episode with the step's own reward: a game cut off that way paid 0
    where the environment's own cut-off (``max_steps``) pays ``CUT_OFF``, a loss, so
    stalling beat losing. Made outside the ``TimeLimit`` (registered as each id's
    wrapper), this lowers the environment's ``max_steps`` to the limit: the
    environment then cuts the episode off at the same step, with its cut-off reward.
    Steps pass through it unchanged.
    """

    def __init__(self, env: gym.Env[Any, Any]) -> None:
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.Wrapper.__init__(self, env)
        inner: Any = env
        while isinstance(inner, gym.Wrapper):
            if isinstance(inner, gym.wrappers.TimeLimit):
                limit = inner._max_episode_steps
                unwrapped: Any = env.unwrapped
                if limit < unwrapped.max_steps:
                    unwrapped.max_steps = limit
            inner = inner.env


#: Each single-agent id's wrapper (see :class:`StepLimitAsMaxSteps`).
_STEP_LIMIT = WrapperSpec(
    name="StepLimitAsMaxSteps",
    entry_point="parlour.envs.registration:StepLimitAsMaxSteps",
    kwargs={},
)


def register_envs() -> None:
    """Make ``gym.make("parlour/Uno-v0")``, ``gym.make_vec("parlour/UnoSelfPlay-v0")``
    and the rest work (idempotent)."""
    for env_id, entry_point in ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=entry_point, additional_wrappers=(_STEP_LIMIT,))
    for env_id, vector_entry_point in VECTOR_ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, vector_entry_point=vector_entry_point)


register_envs()
