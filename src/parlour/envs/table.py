"""The game under an environment: deals, numbered actions, masks, observations.

Shared by the Gymnasium and PettingZoo environments, and free of both. It runs
the engine directly (no undo history) and builds every observation from
``state.view(seat)``, so an agent sees what a person in that seat sees; a game
whose steps are cheap and many (UNO) may declare an engine observer that writes the
same observation straight from the engine's fields that view shows
(``parlour.ai.encoding.Encoding.observer``). The legal actions and
their mask are worked out once per move, however often they are read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import games as _games  # noqa: F401  (registers the games)
from ..ai.encoding import EngineObserver
from ..core.options import resolve_options
from ..core.protocol import GameState, Outcome
from ..core.registry import game_class, game_names
from ..core.session import new_game
from ..errors import InvalidActionError, InvalidOptionError, ResetNeededError
from .actions import action_index, action_table
from .encoders import Vector, as_vector, encoder_for

__all__ = [
    "RENDER_MODES",
    "RESET_FIRST",
    "Table",
    "check_action",
    "check_seats",
    "check_settings",
]

#: How every environment can draw its table: text returned, or text printed.
RENDER_MODES = ("ansi", "human")

#: What every environment says when stepped before its first ``reset()``.
RESET_FIRST = "step() before reset(): call reset() (with a seed or none) before the first step"


def check_settings(render_mode: str | None, max_steps: object) -> None:
    """The settings every environment takes, checked alike when it is made: a wrong
    one fails at once, naming what is accepted, instead of in the first step
    (``max_steps=0`` would cut off every episode at its first action, a string
    would fail deep inside ``step``)."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise InvalidOptionError(f"render_mode must be 'ansi' or 'human', got {render_mode!r}")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps <= 0:
        raise InvalidOptionError(f"max_steps must be a positive whole number, got {max_steps!r}")


def check_seats(table: Table, seats: int, environment: str, instead: str) -> None:
    """Refuse a game with another number of players than ``environment`` seats, naming
    the games it does take and the environment for this one (``instead``): a newcomer
    who tries ``PatienceEnv("uno")`` learns both what to pass and where UNO is."""
    if table.seats == seats:
        return
    words = {1: "one-player", 2: "two-player"}
    fitting = ", ".join(name for name in game_names() if game_class(name).players == seats)
    raise InvalidOptionError(
        f"{table.game!r} is a {words.get(table.seats, f'{table.seats}-player')} game: "
        f"{environment} takes a {words.get(seats, f'{seats}-player')} game ({fitting}); "
        f"for {table.game} use {instead}"
    )


def check_action(action: object, n: int) -> int:
    """``action`` as a number of the action space ``Discrete(n)``, read as Gymnasium's
    ``Discrete.contains`` reads one (a whole number, a NumPy integer, a 0-d integer
    array), or :class:`InvalidActionError` naming it and the space. An action outside
    the space is a caller's bug, refused as Gymnasium's convention has it; it was
    scored as an illegal move, and ``int(2.7)`` played action 2."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, int | np.integer) and not isinstance(action, bool):
        number = int(action)
        if 0 <= number < n:
            return number
        shown = str(number)
    else:
        shown = repr(action)
    raise InvalidActionError(
        f"action {shown} is outside the action space Discrete({n}): an action is a "
        f"whole number from 0 to {n - 1}"
    )


class Table:
    """One game at a time of ``game`` with fixed options."""

    def __init__(self, game: str, options: Mapping[str, Any] | None = None) -> None:
        cls = game_class(game)
        self.game = cls.name
        self.seats = cls.players
        #: One game is a match of hands (UNO): an episode may be its first hand only.
        self.match = cls.match
        self.options = resolve_options(cls.option_specs, dict(options or {}), cls.name)
        self.actions = action_table(self.game)
        self.index = action_index(self.game)
        self.encoder = encoder_for(self.game)
        self.seed = 0
        #: Whether ``deal`` has been called: until then the table holds a placeholder
        #: game (deal 0, for the spaces and masks), which no episode may be played on.
        self.dealt = False
        self.legal: dict[int, Any] = {}
        self._mask = np.zeros(len(self.actions), dtype=np.int8)
        #: Masks made so far, by their legal actions: most positions repeat one.
        self._masks: dict[tuple[int, ...], npt.NDArray[np.int8]] = {}
        self._over = False
        self._one_hand = False
        # Where the game allows: engine move -> action number without writing the move
        # (each move object stands for one string), and observations from the engine.
        fixed = cls.fixed_moves
        self._action_of: dict[Any, int] | None = (
            None if fixed is None else {move: self.index[text] for text, move in fixed.items()}
        )
        make_observer = self.encoder.encoding.observer
        self._observer: EngineObserver | None = None if make_observer is None else make_observer()
        self._state: GameState = new_game(self.game, seed=0, options=self.options).state
        self._refresh()

    @property
    def n_actions(self) -> int:
        return len(self.actions)

    def deal(self, seed: int) -> None:
        """Start the game that ``parlour.new_game(game, seed=seed)`` starts."""
        self.seed = seed
        self.state = new_game(self.game, seed=seed, options=self.options).state
        self.dealt = True

    def check_dealt(self) -> None:
        """Refuse a step before the first deal (``reset()``) with
        :class:`ResetNeededError`, as the vector environment does: the placeholder game
        is deal 0 whatever the seed, and a step on it would play a game no ``reset``
        chose (a learner's opponent, chosen in ``reset``, did not even exist yet)."""
        if not self.dealt:
            raise ResetNeededError(RESET_FIRST)

    @property
    def state(self) -> GameState:
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        self._state = state
        self._refresh()

    @property
    def one_hand(self) -> bool:
        """A game of matches only: an episode is the match's first hand, not the whole
        match."""
        return self._one_hand

    @one_hand.setter
    def one_hand(self, value: bool) -> None:
        self._one_hand = value
        self._refresh()

    def _refresh(self) -> None:
        """After every move: whether it is over, the legal actions and their mask."""
        state = self._state
        self._over = state.outcome is not None or (
            self._one_hand and getattr(state, "hand_number", 1) != 1
        )
        if self._over:
            self.legal = {}
            self._mask = np.zeros(len(self.actions), dtype=np.int8)
            return
        action_of = self._action_of
        if action_of is not None:
            self.legal = {action_of[m]: m for m in state.legal_moves()}
        else:
            index = self.index
            self.legal = {index[state.move_str(m)]: m for m in state.legal_moves()}
        key = tuple(self.legal)
        mask = self._masks.get(key)
        if mask is None:
            if len(self._masks) >= 4096:
                self._masks.clear()
            mask = np.zeros(len(self.actions), dtype=np.int8)
            mask[list(key)] = 1
            self._masks[key] = mask
        self._mask = mask

    @property
    def over(self) -> bool:
        """The game (or with ``one_hand`` the first UNO hand) has ended."""
        return self._over

    @property
    def to_move(self) -> int:
        return self.state.to_move

    def play(self, action: object) -> bool:
        """Play ``action`` if legal (and return True); otherwise change nothing. An
        action outside the action space raises :class:`InvalidActionError`."""
        move = self.legal.get(check_action(action, len(self.actions)), None)
        if move is None:
            return False
        self._state.apply(move)
        self._refresh()
        return True

    def mask(self) -> npt.NDArray[np.int8]:
        """The legal actions as 0/1 (a copy: the caller may keep or change it)."""
        return self._mask.copy()

    def observe(self, seat: int) -> Vector:
        if self._observer is not None:
            return as_vector(self._observer.observe(self.state, seat))
        return self.encoder.encode(self.state.view(seat))

    def legal_strings(self) -> list[str]:
        return [self.actions[i] for i in sorted(self.legal)]

    def winner(self) -> int | None:
        """Who won the game (or the UNO hand); None for a draw, a blocked hand or a loss."""
        if self.one_hand and self.over:
            last = self.state.view(0).get("last_hand") or {}
            if last.get("blocked"):
                return None
            return None if last.get("winner") is None else int(last["winner"])
        outcome: Outcome | None = self.state.outcome
        if outcome is None:
            return None
        if self.seats == 1:
            return 0 if outcome.result == "won" else None
        return outcome.winner

    def render(self, seat: int) -> str:
        return self.state.render_for(seat)
