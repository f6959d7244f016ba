"""PettingZoo AEC environments for the two-player games: UNO and Chinese Patience.

Agents are ``player_0`` and ``player_1`` (the engine's seats). ``observe(agent)``
returns ``{"observation": vector, "action_mask": 0/1}`` built from that agent's
view only; the mask is all zeros for an agent who is not to move. A player may
move several times in a row (a Skip in UNO, a turn of many moves in Chinese
Patience), so ``agent_selection`` follows the engine's player to move.

Rewards (``parlour.envs.rewards``, the same for every environment) come at the
end: +1 for the winner, -1 for the loser, 0 each for a draw (Chinese Patience) or a
blocked UNO hand; a game cut off after ``max_steps`` steps (both agents' together)
is truncated and worth -1 to both, so neither is paid to stall. An UNO episode is
one hand unless ``matches=True`` (a whole match to ``target`` points). An illegal
action ends the episode with ``illegal_reward`` for the agent who made it (as
PettingZoo's TerminateIllegalWrapper does); an action outside the action space
(``-1``, ``n``) raises ``parlour.InvalidActionError`` (a ``ValueError``) and changes
nothing.

``reset(seed=s)`` deals the game that ``parlour.new_game(game, seed=s)`` deals, and
later resets without a seed deal from a stream seeded by ``s``; an environment
never seeded draws its games from fresh entropy, so parallel workers do not all
play the same games.
"""

from __future__ import annotations

from typing import Any, SupportsIndex

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..core.session import random_seed
from ..errors import InvalidPlayerError, quoted
from ..rng import Rng, check_seed
from .encoders import OBS_HIGH
from .rewards import cut_off_rewards, end_rewards
from .table import RENDER_MODES, Table, check_action, check_seats, check_settings

__all__ = ["DuelEnv", "UnoEnv", "ChinesePatienceEnv", "uno_env", "chinese_patience_env"]

AGENTS = ["player_0", "player_1"]


class DuelEnv(AECEnv):  # type: ignore[misc]
    """A two-player parlour game as an AEC environment with action masks.

    ``render_mode`` is ``"ansi"`` or ``"human"``; an episode is truncated after
    ``max_steps`` steps of both agents; an illegal action ends it with
    ``illegal_reward`` for its agent; ``matches=True`` plays an UNO match instead
    of one hand; other keywords are the game's options (``target=200``).
    """

    metadata: dict[str, Any] = {
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "name": "parlour",
    }

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        max_steps: int = 5000,
        illegal_reward: float = -1.0,
        matches: bool = False,
        **options: Any,
    ) -> None:
        super().__init__()
        self.table = Table(game, options)
        check_seats(self.table, 2, "DuelEnv", "parlour.envs.PatienceEnv")
        check_settings(render_mode, max_steps)
        self.table.one_hand = self.table.match and not matches
        self.metadata = dict(self.metadata, name=f"parlour_{self.table.game.replace('-', '_')}_v0")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal_reward = illegal_reward
        self.actions = self.table.actions
        self.possible_agents = list(AGENTS)
        n = self.table.n_actions
        size = self.table.encoder.size
        self.action_spaces = {a: spaces.Discrete(n) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, OBS_HIGH, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self._deals = Rng(random_seed())  # fresh entropy until reset(seed=...)
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        if agent not in AGENTS:  # (AGENTS.index said "'x' is not in list")
            raise InvalidPlayerError(
                f"there is no agent {quoted(agent)}: the agents are {', '.join(AGENTS)}"
            )
        seat = AGENTS.index(agent)
        table = self.table
        table.check_dealt()
        if agent == self.agent_selection and not table.over:
            mask = table.mask()
        else:
            mask = np.zeros(table.n_actions, dtype=np.int8)
        return {"observation": table.observe(seat), "action_mask": mask}

    def reset(
        self, seed: SupportsIndex | None = None, options: dict[str, Any] | None = None
    ) -> None:
        if seed is not None:
            game_seed = check_seed(seed)
            self._deals = Rng(game_seed)
        else:
            game_seed = self._deals.randbelow(2**31)
        self.table.deal(game_seed)
        self._steps = 0
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {"seed": game_seed} for a in AGENTS}
        self.agent_selection = AGENTS[self.table.to_move]
        if self.render_mode == "human":
            print(self.render_text())

    def step(self, action: Any) -> None:
        self.table.check_dealt()  # (there is no agent_selection before the first reset)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        # refused before anything changes; None stays an illegal move, as it always was
        number = None if action is None else check_action(action, table.n_actions)
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        for name in rewards:  # PettingZoo's _clear_rewards, without the call
            rewards[name] = 0.0
        self._steps += 1
        if number is None or not table.play(number):
            self.rewards[agent] = self.illegal_reward
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = dict(self.infos[agent], illegal=True)
        elif table.over:
            for name, reward in zip(AGENTS, end_rewards(table.winner()), strict=True):
                rewards[name] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            if self._steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
                for name, reward in zip(AGENTS, cut_off_rewards(), strict=True):
                    rewards[name] = reward
            self.agent_selection = AGENTS[table.to_move]
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render_text())

    def render_text(self) -> str:
        """The table as the agent to move sees it (never the other hand)."""
        return self.table.render(AGENTS.index(self.agent_selection))

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.render_text()
        if self.render_mode == "human":
            print(self.render_text())
        return None

    def close(self) -> None:
        return None


class UnoEnv(DuelEnv):
    """UNO for two agents, ``player_0`` and ``player_1`` (see :class:`DuelEnv`)."""

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        super().__init__("uno", render_mode=render_mode, **kwargs)


class ChinesePatienceEnv(DuelEnv):
    """Chinese Patience for two agents, ``player_0`` and ``player_1`` (see :class:`DuelEnv`)."""

    def __init__(self, render_mode: str | None = None, **kwargs: Any) -> None:
        super().__init__("chinese-patience", render_mode=render_mode, **kwargs)


def uno_env(**kwargs: Any) -> UnoEnv:
    """``UnoEnv(**kwargs)``, named as PettingZoo's own environments are made."""
    return UnoEnv(**kwargs)


def chinese_patience_env(**kwargs: Any) -> ChinesePatienceEnv:
    """``ChinesePatienceEnv(**kwargs)``, named as PettingZoo's own environments are made."""
    return ChinesePatienceEnv(**kwargs)
