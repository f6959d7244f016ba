"""Gymnasium environments for the three patiences (one player, no opponent).

``parlour.envs.PatienceEnv("gate")`` or ``gymnasium.make("parlour/Gate-v0")``.
Actions are numbers into the game's fixed list of move strings
(``env.unwrapped.actions``); ``info["action_mask"]`` and ``env.action_masks()``
say which are legal now. An illegal action changes nothing and costs
``illegal_reward``; one outside the action space (``-1``, ``n``) raises
``parlour.InvalidActionError`` (a ``ValueError``). The reward is 1 when the
patience comes out, else 0; an episode ends when the game does (terminated) or
after ``max_steps`` actions (truncated: The Gate and 8 x 8 can be shuffled for
ever).

``reset(seed=s)`` deals the game that ``parlour.new_game(game, seed=s)`` deals;
later resets without a seed deal from the environment's own random stream.
"""

from __future__ import annotations

from typing import Any, SupportsFloat, SupportsIndex

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from ..rng import check_seed
from .encoders import OBS_HIGH, Vector
from .table import RENDER_MODES, Table, check_action, check_seats, check_settings

__all__ = ["PatienceEnv", "CalculationEnv", "GateEnv", "EightByEightEnv", "register_envs"]

PATIENCES = ("calculation", "gate", "eight-by-eight")


class PatienceEnv(gym.Env[Vector, np.int64]):
    """One of the patiences as a single-agent environment with action masks.

    ``game`` is ``"calculation"``, ``"gate"`` or ``"eight-by-eight"`` (or use
    :class:`CalculationEnv`, :class:`GateEnv`, :class:`EightByEightEnv`);
    ``render_mode`` ``"ansi"`` or ``"human"``; an episode is truncated after
    ``max_steps`` actions; an illegal action changes nothing and scores
    ``illegal_reward``; other keywords are the game's options (``bars=3``).
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        game: str = "calculation",
        render_mode: str | None = None,
        max_steps: int = 2000,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        self.table = Table(game, options)
        check_seats(
            self.table,
            1,
            "PatienceEnv",
            "parlour.envs.VersusEnv (against a computer) or parlour.envs.duel.DuelEnv "
            "(PettingZoo, two learners)",
        )
        check_settings(render_mode, max_steps)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal_reward = illegal_reward
        self.actions = self.table.actions
        self.action_space = gym.spaces.Discrete(self.table.n_actions)
        self.observation_space = gym.spaces.Box(
            0.0, OBS_HIGH, shape=(self.table.encoder.size,), dtype=np.float32
        )
        self._steps = 0

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions as 0/1 (the name MaskablePPO looks for)."""
        return self.table.mask()

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {
            "action_mask": self.table.mask(),
            "seed": self.table.seed,
            "steps": self._steps,
            "illegal": illegal,
        }

    def reset(
        self, *, seed: SupportsIndex | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        if seed is not None:  # refused as new_game refuses it, before Gymnasium's own
            seed = check_seed(seed)
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**31))
        self.table.deal(game_seed)
        self._steps = 0
        if self.render_mode == "human":
            print(self.render_text())
        return self.table.observe(0), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[Vector, SupportsFloat, bool, bool, dict[str, Any]]:
        self.table.check_dealt()
        number = check_action(action, self.table.n_actions)  # before anything changes
        self._steps += 1
        legal = self.table.play(number)
        terminated = self.table.over
        reward = 0.0 if legal else self.illegal_reward
        if terminated and self.table.winner() == 0:
            reward = 1.0
        truncated = not terminated and self._steps >= self.max_steps
        if self.render_mode == "human":
            print(self.render_text())
        return self.table.observe(0), reward, terminated, truncated, self._info(not legal)

    def render_text(self) -> str:
        """The position as text (what ``render_mode="ansi"`` returns)."""
        return self.table.render(0)

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.render_text()
        if self.render_mode == "human":
            print(self.render_text())
        return None


class CalculationEnv(PatienceEnv):
    """Calculation as a :class:`PatienceEnv` (the same arguments but ``game``)."""

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        super().__init__("calculation", render_mode=render_mode, **kwargs)


class GateEnv(PatienceEnv):
    """The Gate as a :class:`PatienceEnv` (the same arguments but ``game``)."""

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        super().__init__("gate", render_mode=render_mode, **kwargs)


class EightByEightEnv(PatienceEnv):
    """8 x 8 as a :class:`PatienceEnv` (the same arguments but ``game``)."""

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        super().__init__("eight-by-eight", render_mode=render_mode, **kwargs)


def register_envs() -> None:
    """Make ``gymnasium.make("parlour/Gate-v0")`` and friends work (idempotent)."""
    from .registration import register_envs as register_all

    register_all()


register_envs()
