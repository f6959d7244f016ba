"""Single-agent Gymnasium environments for the two-player games, against a computer.

``UnoVersusEnv(opponent="basic")`` (``gymnasium.make("parlour/Uno-v0", opponent=...)``)
and ``ChinesePatienceVersusEnv`` seat one learner at a table with an opponent that
plays its own moves inside ``step``: the learner sees only the positions where it
is to move, as in any one-player Gymnasium environment, so standard single-agent
algorithms (PPO, DQN, sb3-contrib's MaskablePPO) train on them unchanged.

* **The opponent** is a computer level (any name from
  ``parlour.ai.player_levels(game)``: ``random``, ``basic``, ``strong`` ...; a fresh
  player each episode, with its own random stream derived from the game's seed and
  its seat), a :class:`parlour.ai.Player`, or any callable
  ``opponent(view, legal) -> move string`` given the opponent's view
  (``state.view(seat)``, no hidden card) and its legal move strings.
* **Observations** are the learner's own (``docs/environments.md`` lists the numbers),
  **actions** numbers into ``env.unwrapped.actions``; ``env.action_masks()`` (the
  method MaskablePPO calls) and ``info["action_mask"]`` say which are legal.
  An illegal action changes nothing and costs ``illegal_reward``; one outside the
  action space (``-1``, ``n``) raises ``parlour.InvalidActionError`` (a ``ValueError``).
* **Rewards** (``parlour.envs.rewards``): +1 for a win, -1 for a loss, 0 for a draw;
  an episode cut off after ``max_steps`` learner actions is truncated and worth -1,
  like a loss, so stalling never pays. UNO episodes are single hands unless
  ``matches=True``.
* **Seeds**: ``reset(seed=s)`` deals ``parlour.new_game(game, seed=s)``; later resets
  without a seed draw from a stream seeded by ``s``, and an environment never seeded
  draws from fresh entropy. ``seat`` is the learner's seat: 0, 1, or ``None`` for a
  seat drawn each episode from the same stream. In the rare deal where the opponent
  ends the game before the learner's first move, ``reset`` deals the next seed
  (``info["seed"]`` tells which).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, SupportsFloat, SupportsIndex

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from ..ai.base import Player, make_player, player_levels
from ..core.registry import match_games
from ..errors import IllegalMoveError, InvalidOptionError
from ..rng import check_seed
from .encoders import OBS_HIGH, Vector
from .rewards import CUT_OFF, end_rewards
from .table import RENDER_MODES, Table, check_action, check_seats, check_settings

__all__ = ["VersusEnv", "UnoVersusEnv", "ChinesePatienceVersusEnv", "Opponent"]

#: A callable opponent: (its view, its legal move strings) -> the move it plays.
Opponent = Callable[[Mapping[str, Any], Sequence[str]], str]


class VersusEnv(gym.Env[Vector, np.int64]):
    """A two-player parlour game as a single-agent environment against ``opponent``."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        game: str = "uno",
        opponent: str | Player | Opponent = "random",
        seat: int | None = 0,
        render_mode: str | None = None,
        max_steps: int = 1000,
        illegal_reward: float = -1.0,
        matches: bool = False,
        **options: Any,
    ) -> None:
        self.table = Table(game, options)
        game = self.table.game
        check_seats(self.table, 2, "VersusEnv", "parlour.envs.PatienceEnv")
        if isinstance(opponent, str):
            levels = player_levels(game)
            if opponent not in levels:
                raise InvalidOptionError(
                    f"unknown opponent {opponent!r} for {game}: the levels are "
                    f"{', '.join(levels)}, or pass a Player or a callable (view, legal) -> move"
                )
        elif not (isinstance(opponent, Player) or callable(opponent)):
            raise InvalidOptionError(
                f"opponent must be a level name, a Player or a callable, got {opponent!r}"
            )
        if seat not in (0, 1, None):
            raise InvalidOptionError(
                f"seat must be 0, 1 or None (drawn each episode), got {seat!r}"
            )
        check_settings(render_mode, max_steps)
        if matches and not self.table.match:
            raise InvalidOptionError(
                f"matches=True applies to {' and '.join(match_games())} only "
                "(whole matches, not hands)"
            )
        self.table.one_hand = self.table.match and not matches
        self.opponent = opponent
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal_reward = illegal_reward
        self.actions = self.table.actions
        self.action_space = gym.spaces.Discrete(self.table.n_actions)
        self.observation_space = gym.spaces.Box(
            0.0, OBS_HIGH, shape=(self.table.encoder.size,), dtype=np.float32
        )
        self._choose: Opponent | None = None
        #: The opponent's choice made on engine moves, where its level offers one.
        self._engine_move: Callable[[Any, list[Any]], Any] | None = None
        self._steps = 0

    # --- the opponent ---------------------------------------------------------------

    def _opponent_for(self, game_seed: int) -> Opponent:
        opponent = self.opponent
        self._engine_move = None
        if isinstance(opponent, str):
            player = make_player(self.table.game, opponent, seed=game_seed, seat=1 - self.seat)
            self._engine_move = player.engine_chooser()
            return player.choose
        if isinstance(opponent, Player):
            return opponent.choose
        return opponent

    def _play_opponent(self) -> None:
        """The opponent's moves until it is the learner's turn or the game is over."""
        table = self.table
        choose = self._choose
        assert choose is not None
        other = 1 - self.seat
        actions = table.actions
        engine_move = self._engine_move
        while engine_move is not None and not table.over and table.to_move == other:
            legal = table.legal
            move = engine_move(table.state, list(legal.values()))
            table.play(next(a for a, m in legal.items() if m is move or m == move))
        while not table.over and table.to_move == other:
            # the legal moves in the engine's order, as a session gives them to players
            strings = [actions[a] for a in table.legal]
            view = dict(table.state.view(other))
            view["outcome"] = None  # as a session shows it during play
            choice = choose(view, strings)
            if choice not in strings:
                raise IllegalMoveError(
                    f"the opponent chose {choice!r}, which is not a legal move; "
                    f"legal moves: {', '.join(strings)}"
                )
            table.play(table.index[choice])

    # --- Gymnasium ----------------------------------------------------------------------

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learner's legal actions as 0/1 (the name MaskablePPO looks for)."""
        return self.table.mask()

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        return {
            "action_mask": self.table.mask(),
            "seed": self.table.seed,
            "seat": self.seat,
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
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(0, 2))
        while True:
            self.table.deal(game_seed)
            self._choose = self._opponent_for(game_seed)
            self._play_opponent()
            if not self.table.over:
                break
            game_seed += 1  # the opponent won before the learner moved: deal the next
        self._steps = 0
        if self.render_mode == "human":
            print(self.render_text())
        return self.table.observe(self.seat), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[Vector, SupportsFloat, bool, bool, dict[str, Any]]:
        table = self.table
        table.check_dealt()
        number = check_action(action, table.n_actions)  # before anything changes
        if table.over:  # stepped again after the end: nothing happens
            return table.observe(self.seat), 0.0, True, False, self._info()
        self._steps += 1
        legal = table.play(number)
        reward = 0.0 if legal else self.illegal_reward
        if legal:
            self._play_opponent()
        terminated = table.over
        truncated = False
        if terminated:
            reward += end_rewards(table.winner())[self.seat]
        elif self._steps >= self.max_steps:
            truncated = True
            reward += CUT_OFF
        if self.render_mode == "human":
            print(self.render_text())
        return table.observe(self.seat), reward, terminated, truncated, self._info(not legal)

    def render_text(self) -> str:
        """The table as the learner sees it (never the opponent's hand)."""
        return self.table.render(self.seat)

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.render_text()
        if self.render_mode == "human":
            print(self.render_text())
        return None


class UnoVersusEnv(VersusEnv):
    """UNO hands (or matches) against a computer: ``gymnasium.make("parlour/Uno-v0")``."""

    def __init__(self, opponent: str | Player | Opponent = "random", **kwargs: Any) -> None:
        super().__init__("uno", opponent=opponent, **kwargs)


class ChinesePatienceVersusEnv(VersusEnv):
    """Chinese Patience against a computer: ``gymnasium.make("parlour/ChinesePatience-v0")``."""

    def __init__(self, opponent: str | Player | Opponent = "random", **kwargs: Any) -> None:
        super().__init__("chinese-patience", opponent=opponent, **kwargs)
