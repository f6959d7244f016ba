"""``UnoVectorEnv``: many single UNO hands stepped at once in compiled code.

An agent that learns from millions of steps wants them cheap; a PettingZoo AEC
environment pays Python's price for every step of every game. This environment
holds ``num_envs`` hands in numpy arrays and steps all of them with one call
into numba-compiled code (``pip install parlour[fast]``: the UNO kernel,
:mod:`parlour.kernels.uno`), returning numpy
arrays: the observation and the action mask of the player to move in each
game, that player's seat, the rewards and the episode ends.

The games are the engine's own: game ``g`` after ``reset(seed=s)`` is the first
hand of ``parlour.new_game("uno", seed=s + g)`` (default options: automatic
penalty for a wrong ``W4``, no UNO calls or challenges), and the same actions
make the same moves; a hand that ends is dealt again at once from the next
unused seed (``s + num_envs``, then upwards), and ``env.seeds[g]`` tells which
seed game ``g`` is playing. Every seed from ``s`` to ``s + num_envs - 1`` must be one
``new_game`` takes (0 to 2**63 - 1, ``parlour.rng.check_seed``); an environment never
seeded deals from fresh entropy. Actions, masks and observations are those of
``UnoEnv``: the same action numbers, and the same observation vector that
``UnoEnv`` builds from ``Uno.view(player)``, so they hold only what the player
to move may see.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple, SupportsIndex

import numpy as np
import numpy.typing as npt

from ..ai.uno.encoding import UNO
from ..cards import parse_uno_card
from ..core.session import random_seed
from ..errors import (
    IllegalMoveError,
    InvalidActionError,
    InvalidOptionError,
    MissingExtraError,
    ResetNeededError,
)
from ..kernels import uno as kernel
from ..kernels.jit import numba_available, register_warmer
from ..rng import Rng, check_seed
from .actions import action_table
from .encoders import encoder_for
from .table import RESET_FIRST, check_settings

__all__ = ["UnoVectorEnv", "VectorStep"]


class VectorStep(NamedTuple):
    """What ``reset`` and ``step`` return, one row per game.

    ``observation`` (float32, ``num_envs x 416``) and ``action_mask`` (int8,
    ``num_envs x 132``) belong to the player to move, whose seat is ``agent``.
    ``rewards`` (float32, ``num_envs x 2``, by seat) is +1/-1 for the winner and
    loser of a hand that just ended, else 0. When ``terminated`` (a player went
    out or the hand was blocked) or ``truncated`` (``max_steps`` actions), the
    game has already been dealt again: observation and mask are the new hand's.
    """

    observation: npt.NDArray[np.float32]
    action_mask: npt.NDArray[np.int8]
    agent: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]


def _kernel() -> Any:
    """The compiled kernel, or a one-line error naming the extra to install."""
    if not numba_available():
        raise MissingExtraError("UnoVectorEnv is compiled with numba: pip install 'parlour[fast]'")
    return kernel.compiled()


@cache
def _action_tables() -> tuple[Any, ...]:
    """The kernel's tables of ``UnoEnv``'s action numbers."""
    return kernel.action_arrays(action_table("uno"))


@cache
def _card_numbers() -> Any:
    """Card -> its number in the observation's card planes."""
    encode = np.full(kernel.N_CARDS, -1, np.int64)
    for text, number in UNO.items():
        encode[parse_uno_card(text)] = number
    return encode


class UnoVectorEnv:
    """``num_envs`` single UNO hands, stepped together, with auto-reset.

    ``reset(seed=s)`` and ``step(actions)`` return a :class:`VectorStep` of arrays, a
    row per game, for the player to move there (seat ``agent``). ``actions`` are the
    132 move strings the action numbers stand for (``UnoEnv``'s), ``seeds`` the seed
    of each game's hand now, ``observation_size`` 416. ``docs/environments.md``
    ("UnoVectorEnv: the compiled hands without Gymnasium") has the shapes, the masks,
    the seeds and a runnable example."""

    def __init__(self, num_envs: int = 64, max_steps: int = 5000) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs <= 0:
            raise InvalidOptionError(f"num_envs must be a positive whole number, got {num_envs!r}")
        check_settings(None, max_steps)
        self._k = _kernel()
        n = num_envs
        self.num_envs = n
        self.max_steps = max_steps
        self.actions = action_table("uno")
        self.n_actions = len(self.actions)
        self.observation_size = encoder_for("uno").size
        self.seeds = np.zeros(n, np.uint64)
        self._next_seed = np.zeros(1, np.uint64)
        self._table = kernel.new_table(n)
        self._mask = np.zeros((n, self.n_actions), np.int8)
        pack, plans = kernel.engine_tables()
        #: The kernel's constant tables: pack, shuffle plans, actions, card numbers.
        self._tables = (pack, plans, _action_tables(), _card_numbers())
        # fresh entropy until reset(seed=...), as in every environment: Rng(0) dealt
        # every unseeded UnoVectorEnv the same hands, so parallel workers played the same
        self._deals = Rng(random_seed())
        self._ready = False

    def reset(self, seed: SupportsIndex | None = None) -> VectorStep:
        """Deal game ``g`` from seed ``seed + g`` (without a seed, from this env's stream)."""
        n = self.num_envs
        if seed is None:
            seed = self._deals.randbelow(2**62)
        else:  # game g is seed + g: every one of them a seed new_game takes
            seed = check_seed(seed, n)
            self._deals = Rng(seed)
        self.seeds[:] = np.arange(seed, seed + n, dtype=np.uint64)
        self._next_seed[0] = seed + n
        obs = np.zeros((n, self.observation_size), np.float32)
        self._k["vector_reset"](self.seeds, self._table, *self._tables, self._mask, obs)
        self._ready = True
        zeros = np.zeros(n, np.bool_)
        return VectorStep(
            obs, self._mask.copy(), self.agent, np.zeros((n, 2), np.float32), zeros, zeros.copy()
        )

    @property
    def agent(self) -> npt.NDArray[np.int64]:
        """The seat to move in each game."""
        turn: npt.NDArray[np.int64] = self._table[6][:, kernel.TURN].copy()
        return turn

    def step(self, actions: Any) -> VectorStep:
        """One action (a number into ``self.actions``) per game, by its player to move.

        An action outside the action space (``-1``, ``n_actions``, a float) raises
        ``InvalidActionError``, an illegal one ``IllegalMoveError``; either changes no
        game.
        """
        if not self._ready:
            raise ResetNeededError(RESET_FIRST)
        given = np.asarray(actions)
        n, space = self.num_envs, self.n_actions
        if given.shape != (n,):
            raise InvalidActionError(f"need one action per game: shape ({n},), got {given.shape}")
        if given.dtype.kind not in "iu":
            raise InvalidActionError(
                f"actions are whole numbers from 0 to {space - 1}, got an array of {given.dtype}"
            )
        if given.min() < 0 or given.max() >= space:  # two reductions: the common case
            g = int(np.flatnonzero((given < 0) | (given >= space))[0])
            raise InvalidActionError(
                f"action {int(given[g])} in game {g} is outside the action space "
                f"Discrete({space}): an action is a whole number from 0 to {space - 1}; "
                "no game was changed"
            )
        chosen = given.astype(np.int64)
        obs = np.zeros((n, self.observation_size), np.float32)
        rewards = np.zeros((n, 2), np.float32)
        terminated = np.zeros(n, np.bool_)
        truncated = np.zeros(n, np.bool_)
        bad = self._k["vector_step"](
            chosen,
            self.seeds,
            self._next_seed,
            self.max_steps,
            self._table,
            *self._tables,
            self._mask,
            obs,
            rewards,
            terminated,
            truncated,
        )
        if bad >= 0:
            a = int(chosen[bad])
            raise IllegalMoveError(
                f"illegal action {a} ({self.actions[a]}) in game {bad}; no game was changed"
            )
        return VectorStep(obs, self._mask.copy(), self.agent, rewards, terminated, truncated)

    def legal_actions(self, game: int) -> list[int]:
        """The legal action numbers of game ``game`` now."""
        return [int(a) for a in np.flatnonzero(self._mask[game])]


def _warm() -> None:
    """One step of one game: loads the compiled reset and step."""
    env = UnoVectorEnv(1)
    first = env.reset(seed=0)
    env.step(first.action_mask.argmax(axis=1))


register_warmer("uno-vector-env", _warm)
