"""``UnoGymVectorEnv``: the compiled vector UNO environment as a Gymnasium ``VectorEnv``.

``gymnasium.make_vec("parlour/UnoSelfPlay-v0", num_envs=256)`` (after
``import parlour.envs.registration``) or ``UnoGymVectorEnv(256)``: ``num_envs``
UNO hands played by **self-play**, stepped together in compiled code
(:class:`parlour.envs.UnoVectorEnv`, ``pip install 'parlour[fast]'``), with
Gymnasium's vector API (``reset(seed=...) -> (obs, infos)``, ``step(actions) ->
(obs, rewards, terminations, truncations, infos)``, batched spaces).

In every game the **player to move** acts: the observation and the mask
(``env.action_masks()``, ``infos["action_mask"]``) are that player's, and
``infos["agent"]`` says its seat. A policy that plays both seats is trained on
all rows; a learner for one seat uses the rows where ``infos["agent"]`` is its seat.

* **Rewards** (``parlour.envs.rewards``): ``rewards[i]`` is for the player who just
  acted in game ``i``: +1 when its move won the hand, -1 if the hand ended lost for
  it, 0 otherwise; ``infos["rewards"]`` (``num_envs x 2``) gives both seats' rewards
  (the loser's -1 arrives on the winner's move). A hand cut off after ``max_steps``
  moves is truncated and worth -1 to both seats, like a loss: stalling never pays.
  A blocked hand (impossible with the full pack) is worth 0 to both.
* **Auto-reset** happens within the step (Gymnasium's ``SAME_STEP`` mode): the
  observation returned for a game that ended is already the next hand's. The last
  observation of the finished hand is not kept (the kernel deals again in the same
  call): a terminated hand needs none, and a truncated one is scored as a loss.
* **Seeds**: ``reset(seed=s)`` deals game ``g`` from seed ``s + g`` (the first hand of
  ``parlour.new_game("uno", seed=s + g)``) and later hands from the next seeds;
  ``infos["seed"]`` tells each game's seed. A list of seeds (Gymnasium's one a game)
  must be those, ``[s, s + 1, ...]``: any other is an ``InvalidSeedError`` (it was
  read as its first seed alone). Without a seed the first reset draws
  one from fresh entropy, so two environments never play the same hands by accident.
* An illegal action raises ``parlour.IllegalMoveError`` (a ``ValueError``) and changes
  no game (mask the policy); one outside the action space (``-1``, ``n``) raises
  ``parlour.InvalidActionError``, also changing no game.
"""

from __future__ import annotations

from typing import Any, SupportsIndex

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..core.session import random_seed
from ..errors import InvalidSeedError, quoted
from ..rng import Rng, check_seed
from .encoders import OBS_HIGH
from .rewards import CUT_OFF
from .uno_vector import UnoVectorEnv, VectorStep

__all__ = ["UnoGymVectorEnv"]


class UnoGymVectorEnv(VectorEnv):
    """``num_envs`` self-play UNO hands with Gymnasium's ``VectorEnv`` API and masks."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 64, max_steps: int = 5000) -> None:
        self.env = UnoVectorEnv(num_envs, max_steps)
        self.num_envs = num_envs
        self.max_steps = max_steps
        self.actions = self.env.actions
        self.single_observation_space = gym.spaces.Box(
            0.0, OBS_HIGH, shape=(self.env.observation_size,), dtype=np.float32
        )
        self.single_action_space = gym.spaces.Discrete(self.env.n_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._deals = Rng(random_seed())  # fresh entropy until reset(seed=...)
        self._mask = np.zeros((num_envs, self.env.n_actions), np.int8)
        self._rows = np.arange(num_envs)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the player to move in each game (``num_envs x 132``)."""
        return self._mask.astype(bool)

    def _infos(self, step: VectorStep, rewards: npt.NDArray[np.float32]) -> dict[str, Any]:
        return {
            "agent": step.agent,
            "action_mask": step.action_mask,
            "rewards": rewards,
            "seed": self.env.seeds.copy(),
        }

    def reset(
        self,
        *,
        seed: SupportsIndex | list[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        if isinstance(seed, list):
            seed = self._first_of(seed)  # one stream for all games: game g plays seed + g
        if seed is None:
            seed = self._deals.randbelow(2**62)
        else:
            seed = check_seed(seed, self.num_envs)
            self._deals = Rng(seed)
        step = self.env.reset(seed=seed)
        self._mask = step.action_mask
        return step.observation, self._infos(step, step.rewards)

    def _first_of(self, seeds: list[Any]) -> int:
        """The first seed of a list of one per game (Gymnasium's form), which must be
        consecutive, as game ``g`` plays seed ``s + g``: ``[10, 20, 30]`` dealt games 11
        and 12, not 20 and 30, without a word."""
        n = self.num_envs
        first = check_seed(seeds[0], n) if seeds else None
        if first is None or [check_seed(s) for s in seeds] != list(range(first, first + n)):
            start = "s" if first is None else str(first)
            wanted = f"[{start}, {start} + 1, ..., {start} + {n - 1}]"
            if first is not None:
                wanted = f"[{first}, {first + 1}, ..., {first + n - 1}]"
            raise InvalidSeedError(
                f"reset(seed=[...]) takes one seed a game, consecutive, as game g plays seed "
                f"s + g: {wanted} (or seed={start}); got {quoted(seeds)}"
            )
        return first

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        mover = self.env.agent
        step = self.env.step(actions)
        by_seat = step.rewards.copy()
        by_seat[step.truncated] = CUT_OFF
        self._mask = step.action_mask
        reward = by_seat[self._rows, mover]
        return (
            step.observation,
            reward,
            step.terminated,
            step.truncated,
            self._infos(step, by_seat),
        )
